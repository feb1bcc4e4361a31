/// Bytes written as hex in the published vectors.
enum HexBytes {
    /// The bytes spelled by `hex`, ignoring spaces.
    static func parse(_ hex: String) -> [UInt8] {
        let digits = Array(hex.filter { !$0.isWhitespace })
        return stride(from: 0, to: digits.count, by: 2).map { index in
            UInt8(String(digits[index...index + 1]), radix: 16) ?? 0
        }
    }
}
