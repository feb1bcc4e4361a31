import Foundation

/// Passwords too common to allow, compared ignoring case.
///
/// The bundled list is Django's `CommonPasswordValidator` list (BSD-3-Clause, from
/// `django-5.2.19-py3-none-any.whl`): 20,000 passwords that Royce Williams collected from breach
/// corpora (https://gist.github.com/roycewilliams/226886fd01572964e1431ac8afc999ce), of which the
/// 8,354 with at least ``PasswordRules/minimumLength`` characters are kept, lowercased, most common
/// first. It is the module's resource `common-passwords.txt`, one password a line, which
/// `Scripts/generate_common_passwords.py` writes from Django's wheel.
public enum CommonPasswords {
    /// Whether `password`, lowercased, is on the bundled list.
    ///
    /// - Complexity: O(1) after the first call, which reads the list and builds the set: O(*n*)
    ///   over the list.
    public static func contains(_ password: String) -> Bool {
        passwords.contains(Substring(password.lowercased()))
    }

    /// How many passwords the list holds.
    public static var count: Int { passwords.count }

    private static let passwords: Set<Substring> = Set(bundledList().split(separator: "\n"))

    /// The text of `common-passwords.txt`, read once.
    ///
    /// The file is part of the module as it is built: one that is missing or unreadable is a
    /// broken build, not a condition to recover from, so it stops the program saying which.
    private static func bundledList() -> String {
        guard let url = Bundle.module.url(forResource: "common-passwords", withExtension: "txt") else {
            preconditionFailure("common-passwords.txt is missing from the resources of ProjectManagerDomain")
        }
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            preconditionFailure("common-passwords.txt could not be read from \(url.path): \(error)")
        }
    }
}
