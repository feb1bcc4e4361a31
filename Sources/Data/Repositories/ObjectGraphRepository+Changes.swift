import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    public nonisolated func changes() -> AsyncStream<RepositoryChange> {
        // The transform runs as each save ends, so it reads each project's board as saved (the
        // new one after a move to another board). The context is held weakly: it holds the transform.
        context.changeStream { [weak context] change in
            var boards: [Project.ID: Board.ID] = [:]
            // A change to a list is a change to its board's layout: the board is updated too.
            var listBoards: Set<EntityReference> = []
            for id in change.inserted.union(change.updated) {
                switch id.entityName {
                case Project.entityName:
                    let project = Project.ID(rawValue: id.uuid)
                    boards[project] = context?.object(Project.self, id: project)?.boardID
                case BoardList.entityName:
                    if let list = context?.object(BoardList.self, id: BoardList.ID(rawValue: id.uuid)) {
                        listBoards.insert(.board(list.boardID))
                    }
                default: break
                }
            }
            return RepositoryChange(
                inserted: Self.references(change.inserted),
                updated: Self.references(change.updated).union(listBoards),
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
                default: nil
                }
            })
    }
}
