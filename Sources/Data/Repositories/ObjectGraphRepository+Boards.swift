import Foundation
import ProjectManagerDomain

extension ObjectGraphRepository {
    public func boards() throws(RepositoryError) -> [Board] {
        try reader.boards()
    }

    public func board(id: Board.ID) throws(RepositoryError) -> Board {
        try reader.board(id: id)
    }
}
