import Foundation

/// Comparisons whose running time does not depend on the bytes compared.
package enum ConstantTime {
    /// Whether `lhs` and `rhs` hold the same bytes, looking at every byte whatever it finds, so
    /// that the time taken does not tell an attacker how long a prefix matched. Inputs of
    /// different lengths are unequal at once (the length is not secret).
    ///
    /// - Complexity: O(*n*), where *n* is the length of the inputs.
    package static func isEqual(_ lhs: some ContiguousBytes, _ rhs: some ContiguousBytes) -> Bool {
        lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                guard left.count == right.count else { return false }
                var difference: UInt8 = 0
                for index in 0..<left.count {
                    difference |= left[index] ^ right[index]
                }
                return difference == 0
            }
        }
    }
}
