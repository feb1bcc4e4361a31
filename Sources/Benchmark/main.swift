// pm-bench: the engine's figures, in a release build, one section per file.
//
//     swift run -c release pm-bench [--json] [--engine-only | --store-only] [--sizes 1000,10000,100000] [--iterations 200]
//     swift run -c release pm-bench --open-only [--sizes 1000,100000]   (OpenBenchmark.swift)
//     swift run -c release pm-bench --sync-only [--sizes 1000,10000]    (SyncBenchmark.swift)
//
// The engine section (EngineBenchmark.swift) comes first: what apps and `pm` call. Then the store
// section (StoreBenchmark.swift), then the password hash. With --json every line is one JSON
// object with a stable set of keys; the store section's carry "section": "store" and a "count"
// (Benchmarks/compare.py joins them with the SQLite peers').

import Foundation
import ProjectManagerData
import ProjectManagerDomain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

struct Options {
    var json = false
    var sizes = [1_000, 10_000, 100_000]
    var iterations = 200
    var one: Int?

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--json": json = true
            case "--sizes":
                guard let value = rest.popFirst() else { throw UsageError("--sizes needs a list such as 1000,10000") }
                sizes = try value.split(separator: ",").map { text in
                    guard let size = Int(text), size > 0 else { throw UsageError("'\(text)' is not a size") }
                    return size
                }
            case "--iterations":
                guard let value = rest.popFirst(), let count = Int(value), count > 0 else {
                    throw UsageError("--iterations needs a positive number")
                }
                iterations = count
            case "--one":
                guard let value = rest.popFirst(), let count = Int(value), count > 0 else {
                    throw UsageError("--one needs a positive number")
                }
                one = count
            default: throw UsageError("unknown option '\(argument)'")
            }
        }
    }
}

struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A small deterministic generator (SplitMix64), so every run measures the same data.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func seconds(_ work: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try work()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func median(_ samples: [Double]) -> Double { percentile(samples, 0.5) }

/// Bytes this process passed to write(2) so far (`wchar` of /proc/self/io), or `nil` off Linux.
func writtenBytes() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/self/io", encoding: .utf8) else { return nil }
    for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
        return Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces))
    }
    return nil
}

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Double(usage.ru_maxrss) / 1_048_576
    #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1_024
    #endif
}

func main() -> Int32 {
    if let status = SearchBenchmark.run(Array(CommandLine.arguments.dropFirst())) { return status }
    if let status = EngineBenchmark.runIfAsked(CommandLine.arguments) { return status }
    if let status = OpenBenchmark.runIfAsked(CommandLine.arguments) { return status }
    if let status = SyncBenchmark.runIfAsked(CommandLine.arguments) { return status }
    let engineOnly = CommandLine.arguments.contains("--engine-only")
    let storeOnly = CommandLine.arguments.contains("--store-only")
    let options: Options
    do {
        options = try Options(
            Array(CommandLine.arguments.dropFirst().filter { $0 != "--engine-only" && $0 != "--store-only" }))
    } catch {
        FileHandle.standardError.write(Data("pm-bench: \(error)\n".utf8))
        return 2
    }
    if let count = options.one { return runStoreChild(count: count, options: options) }
    // The sections, one line each (each in its own file).
    if !storeOnly {
        let engineStatus = EngineBenchmark.runSection(
            sizes: options.sizes, iterations: options.iterations, json: options.json)
        guard engineStatus == 0, !engineOnly else { return engineStatus }
    }
    let storeStatus = runStoreSection(options)
    guard storeStatus == 0, !storeOnly else { return storeStatus }
    printPasswordHashSection(json: options.json)
    return 0
}

exit(main())
