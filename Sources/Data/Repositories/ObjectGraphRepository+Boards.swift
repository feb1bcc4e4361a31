import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    public func boards() throws(RepositoryError) -> [Board] {
        try requireOpen()
        var boards = try mapped { () throws(ContextError) in
            try context.fetch(FetchRequest<Board>(sortBy: [SortDescriptor(\.createdAt)]))
        }
        if !boards.contains(where: { $0.id == .default }) { boards.insert(Self.defaultBoard, at: 0) }
        // Of boards made in the same instant (a restore, a fixed clock), the default board comes
        // first; the sort is stable, so the others keep the fetch's order.
        return boards.sorted { first, second in
            if first.createdAt != second.createdAt { return first.createdAt < second.createdAt }
            return first.id == .default && second.id != .default
        }
    }

    public func board(id: Board.ID) throws(RepositoryError) -> Board {
        try requireOpen()
        if let board = context.object(Board.self, id: id) { return board }
        if id == .default { return Self.defaultBoard }
        throw .notFound(.board(id))
    }
}
