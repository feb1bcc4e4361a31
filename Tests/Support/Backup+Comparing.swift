import Foundation
import ProjectManagerDomain

extension Backup {
    /// The backup as a restore keeps it, to compare one read back with the one restored: every
    /// rank (which the restore gives afresh, in the backup's order) as ``Rank/initial``, and each
    /// board without its owner and members (a restored board is the viewer's).
    public var comparable: Backup {
        Backup(
            boards: boards.map { entry in
                Backup.Entry(
                    board: Board(id: entry.board.id, title: entry.board.title, createdAt: entry.board.createdAt),
                    lists: entry.lists?.map { list in
                        var list = list
                        list.rank = .initial
                        return list
                    },
                    labels: entry.labels,
                    projects: entry.projects.map { project in
                        var project = project
                        project.rank = .initial
                        return project
                    },
                    checklists: entry.checklists.mapValues { items in
                        items.map { item in
                            var item = item
                            item.rank = .initial
                            return item
                        }
                    },
                    comments: entry.comments)
            })
    }
}
