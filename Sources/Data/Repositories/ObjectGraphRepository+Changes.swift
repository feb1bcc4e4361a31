import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    public nonisolated func changes() -> AsyncStream<RepositoryChange> {
        // The transform runs as each save ends, so it reads each project's board as saved (the
        // new one after a move to another board). The context is held weakly: it holds the transform.
        context.changeStream { [weak context] change in
            var boards: [Project.ID: Board.ID] = [:]
            // A change to a list is a change to its board's layout: the board is updated too. A
            // checklist item or a comment inserted or updated is a change to its card: the card
            // is updated too. One deleted is named alone: a screen knows whether it showed it.
            var containers: Set<EntityReference> = []
            func card(_ project: Project.ID?) {
                guard let project else { return }
                containers.insert(.project(project))
                boards[project] = context?.object(Project.self, id: project)?.boardID
            }
            for id in change.inserted.union(change.updated) {
                switch id.entityName {
                case Project.entityName:
                    let project = Project.ID(rawValue: id.uuid)
                    boards[project] = context?.object(Project.self, id: project)?.boardID
                case BoardList.entityName:
                    if let list = context?.object(BoardList.self, id: BoardList.ID(rawValue: id.uuid)) {
                        containers.insert(.board(list.boardID))
                    }
                case ChecklistItem.entityName:
                    card(context?.object(ChecklistItem.self, id: ChecklistItem.ID(rawValue: id.uuid))?.projectID)
                case Comment.entityName:
                    card(context?.object(Comment.self, id: Comment.ID(rawValue: id.uuid))?.projectID)
                default: break
                }
            }
            let inserted = Self.references(change.inserted)
            return RepositoryChange(
                inserted: inserted,
                updated: Self.references(change.updated).union(containers.subtracting(inserted)),
                deleted: Self.references(change.deleted), projectBoards: boards,
                favourites: Set(
                    change.inserted.union(change.updated).union(change.deleted).compactMap { id in
                        id.entityName == FavouriteRecord.entityName ? Favourite.ID(rawValue: id.uuid) : nil
                    }))
        }
    }

    private static func references(_ ids: Set<ObjectID>) -> Set<EntityReference> {
        Set(
            ids.compactMap { id in
                switch id.entityName {
                case Project.entityName: .project(Project.ID(rawValue: id.uuid))
                case Board.entityName: .board(Board.ID(rawValue: id.uuid))
                case BoardList.entityName: .list(BoardList.ID(rawValue: id.uuid))
                case ChecklistItem.entityName: .checklistItem(ChecklistItem.ID(rawValue: id.uuid))
                case Comment.entityName: .comment(Comment.ID(rawValue: id.uuid))
                default: nil
                }
            })
    }
}
