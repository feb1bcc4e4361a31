import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    public func boards() throws(RepositoryError) -> [Board] {
        try requireOpen()
        var boards = try mapped { () throws(ContextError) in
            try context.fetch(FetchRequest<Board>(sortBy: [SortDescriptor(\.createdAt)]))
        }
        if !boards.contains(where: { $0.id == .default }) { boards.insert(Self.defaultBoard, at: 0) }
        return boards
    }

    public func board(id: Board.ID) throws(RepositoryError) -> Board {
        try requireOpen()
        if let board = context.object(Board.self, id: id) { return board }
        if id == .default { return Self.defaultBoard }
        throw .notFound(.board(id))
    }
}
