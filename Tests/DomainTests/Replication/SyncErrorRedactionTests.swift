import ProjectManagerDomain
import Testing

@Suite("SyncError.redacted: an address as listings and errors show it")
struct SyncErrorRedactionTests {
    @Test(
        "a user name, password or token is removed, also from an address URLComponents does not read",
        arguments: [
            ("https://secret-token@example.invalid/boards.git", "https://example.invalid/boards.git"),
            ("https://user:secret-token@example.invalid/boards.git", "https://example.invalid/boards.git"),
            ("ssh://user:secret-token@example.invalid:x/boards", "ssh://example.invalid:x/boards"),
            ("https://secret-token@[bad/boards.git", "https://[bad/boards.git"),
            ("https://example.invalid/boards.git", "https://example.invalid/boards.git"),
            ("git@example.invalid:team/boards.git", "git@example.invalid:team/boards.git"),
            ("/srv/boards.git", "/srv/boards.git"),
        ])
    func redacted(_ address: String, shown: String) {
        #expect(SyncError.redacted(address) == shown)
    }
}
