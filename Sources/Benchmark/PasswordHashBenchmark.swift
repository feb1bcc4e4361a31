// pm-bench's password-hash section: the time of one PBKDF2-HMAC-SHA256 hash at the iteration
// count the local accounts store uses (OWASP's 600,000), on a 16-byte salt, as a sign-in pays it.

// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (The figures are named as their JSON keys, which Benchmarks/compare.py reads.)

import Foundation
import ProjectManagerData

/// What the section measured; the JSON line has no `count`, so compare.py leaves it out.
struct PasswordHashFigures: Encodable {
    let section = "password_hash"
    let algorithm = "PBKDF2-HMAC-SHA256"
    var rounds = 600_000
    var runs = 3
    var median_ms = 0.0
    var fastest_ms = 0.0
}

/// Times `runs` real hashes and prints the figures, as a JSON line when `json` is set.
func printPasswordHashSection(json: Bool, rounds: Int = 600_000, runs: Int = 3) {
    let salt = SecureRandom.bytes(count: 16)
    let password = Array("correct horse battery staple".utf8)
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let key = PBKDF2.deriveKeyUsingHMACSHA256(from: password, salt: salt, rounds: rounds, outputByteCount: 32)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        precondition(key.bitCount == 256, "PBKDF2 returned a key of the wrong length")
    }
    times.sort()
    let figures = PasswordHashFigures(
        rounds: rounds, runs: runs, median_ms: times[times.count / 2], fastest_ms: times[0])
    if json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            print(String(decoding: try encoder.encode(figures), as: UTF8.self))
        } catch {
            FileHandle.standardError.write(
                Data("pm-bench: could not encode the password-hash figures: \(error)\n".utf8))
        }
    } else {
        print(
            String(
                format: "password hash (PBKDF2-HMAC-SHA256, %d rounds)  median %.1f ms, fastest %.1f ms",
                rounds, figures.median_ms, figures.fastest_ms))
    }
}
