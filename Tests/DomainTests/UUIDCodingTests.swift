import Foundation
import Testing

@testable import ProjectManagerDomain

@Suite("UUID coding")
struct UUIDCodingTests {
    @Test("writes and reads UUIDs as UUID's own Codable does")
    func matchesFoundation() throws {
        for _ in 0..<200 {
            let uuid = UUID()
            #expect(UUIDCoding.string(uuid) == uuid.uuidString)
            #expect(UUIDCoding.parse(uuid.uuidString) == uuid)
            #expect(UUIDCoding.parse(uuid.uuidString.lowercased()) == uuid)
            let id = Project.ID(rawValue: uuid)
            #expect(try JSONEncoder().encode(id) == JSONEncoder().encode(uuid))
            #expect(try JSONDecoder().decode(Project.ID.self, from: JSONEncoder().encode(uuid)) == id)
        }
    }

    @Test(
        "rejects what UUID(uuidString:) rejects",
        arguments: [
            "", "not a uuid", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", "E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",
            "E621E1F8C36C-495A-93FC-0C247A3E6E5F0", "G621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "E621E1F8-C36C-495A-93FC-0C247A3E6É",
        ])
    func rejectsMalformed(text: String) throws {
        #expect(UUIDCoding.parse(text) == nil)
        #expect(UUID(uuidString: text) == nil)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Board.ID.self, from: JSONEncoder().encode(text))
        }
    }
}
