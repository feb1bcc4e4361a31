/// Passwords too common to allow, compared ignoring case.
///
/// The bundled list is Django's `CommonPasswordValidator` list (BSD-3-Clause): 20,000 passwords
/// that Royce Williams collected from breach corpora, of which the 8,354 with at least
/// ``PasswordRules/minimumLength`` characters are kept. `Scripts/generate_common_passwords.py`
/// writes `CommonPasswords+List.swift` from Django's wheel.
public enum CommonPasswords {
    /// Whether `password`, lowercased, is on the bundled list.
    ///
    /// - Complexity: O(1) after the first call, which builds the set: O(*n*) over the list.
    public static func contains(_ password: String) -> Bool {
        passwords.contains(Substring(password.lowercased()))
    }

    /// How many passwords the list holds.
    public static var count: Int { passwords.count }

    private static let passwords: Set<Substring> = Set(bundledList.split(separator: "\n"))
}
