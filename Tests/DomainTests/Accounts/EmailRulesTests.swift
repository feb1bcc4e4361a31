import Foundation
import ProjectManagerDomain
import Testing

@Suite("Email rules")
struct EmailRulesTests {
    @Test(
        "accepts addresses, trimmed, with the domain lowercased",
        arguments: [
            ("ada@example.com", "ada@example.com"),
            ("  Ada.Lovelace+krello@Example.CO.uk \n", "Ada.Lovelace+krello@example.co.uk"),
            ("a@b.c", "a@b.c"),
            ("김철수@예시.한국", "김철수@예시.한국"),
        ])
    func accepted(text: String, stored: String) throws {
        let email = try EmailAddress(text)
        #expect(email.description == stored)
        #expect(EmailAddress.failure(in: text) == nil)
        #expect(SignUpCheck.check(email: text) == .valid)
    }

    @Test(
        "refuses each broken rule with that rule",
        arguments: [
            ("", EmailFailure.empty),
            ("   ", .empty),
            ("ada lovelace@example.com", .spaceOrControlCharacter),
            ("ada@exam\tple.com", .spaceOrControlCharacter),
            ("ada\u{7}@example.com", .spaceOrControlCharacter),
            ("ada.example.com", .missingAt),
            ("ada@@example.com", .moreThanOneAt),
            ("a@b@example.com", .moreThanOneAt),
            ("@example.com", .missingLocalPart),
            ("ada@", .invalidDomain),
            ("ada@localhost", .invalidDomain),
            ("ada@example.", .invalidDomain),
            ("ada@.com", .invalidDomain),
            ("ada@example..com", .invalidDomain),
            (String(repeating: "a", count: 243) + "@example.com", .tooLong(limit: 254)),
        ])
    func refused(text: String, failure: EmailFailure) {
        #expect(EmailAddress.failure(in: text) == failure)
        #expect(throws: failure) { try EmailAddress(text) }
        #expect(SignUpCheck.check(email: text) == (failure == .empty ? .required : .invalid(failure)))
    }

    @Test("254 characters are accepted, 255 are not")
    func lengthLimit() {
        let local = String(repeating: "a", count: 254 - "@example.com".count)
        #expect(EmailAddress.failure(in: local + "@example.com") == nil)
        #expect(EmailAddress.failure(in: local + "a@example.com") == .tooLong(limit: 254))
    }

    @Test("the domain is compared ignoring case, the local part as typed")
    func comparison() throws {
        #expect(try EmailAddress("ada@EXAMPLE.com") == EmailAddress("ada@example.COM"))
        #expect(try EmailAddress("Ada@example.com") != EmailAddress("ada@example.com"))
    }

    @Test("round-trips through JSON as its text, and refuses text that is not an address")
    func coding() throws {
        let email = try EmailAddress("Ada@Example.com")
        let data = try JSONEncoder().encode([email])
        #expect(String(decoding: data, as: UTF8.self) == #"["Ada@example.com"]"#)
        #expect(try JSONDecoder().decode([EmailAddress].self, from: data) == [email])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([EmailAddress].self, from: Data(#"["ada"]"#.utf8))
        }
    }
}
