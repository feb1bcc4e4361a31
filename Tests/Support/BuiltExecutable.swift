import Foundation

/// Finds an executable of this package that the build put beside the tests.
public enum BuiltExecutable {
    /// Why an executable could not be found.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The built executable `name`: the path in the environment variable `override` when it is
    /// set, otherwise the first `name` found in the folder of the running test executable or of a
    /// test bundle, or above it (on macOS the test binary sits inside
    /// `ProjectManagerPackageTests.xctest/Contents/MacOS`).
    public static func url(named name: String, override: String) throws -> URL {
        if let path = ProcessInfo.processInfo.environment[override] {
            return URL(fileURLWithPath: path)
        }
        var starts: [URL] = []
        if let executable = Bundle.main.executableURL { starts.append(executable) }
        if let first = CommandLine.arguments.first { starts.append(URL(fileURLWithPath: first)) }
        starts += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
        var searched: [String] = []
        for start in starts {
            var folder = start.resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path(percentEncoded: false)) {
                    return candidate
                }
                searched.append(folder.path(percentEncoded: false))
                folder = folder.deletingLastPathComponent()
            }
        }
        throw Missing(
            description: "\(name) is not in \(searched.joined(separator: ", ")): build it with "
                + "`swift build --build-tests`, or set \(override) to its path"
        )
    }
}
