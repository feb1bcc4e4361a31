import Foundation
import Testing

/// `pm` is a front end over the view models: one file composes them over the engine, and no
/// command reaches a use case around them.
@Suite("pm: the view models, and nothing around them")
struct CompositionTests {
    /// `Sources/CLI`, found from this file.
    static let sources = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Sources/CLI", directoryHint: .isDirectory)

    @Test("only Screens.swift holds the engine")
    func onlyScreensHoldsTheEngine() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.contains { $0.lastPathComponent == "Screens.swift" })

        for file in files where file.lastPathComponent != "Screens.swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(".engine.") || line.contains("ProjectManagerEngine") || line.contains("screens.engine")
            {
                Issue.record("\(file.lastPathComponent):\(number + 1) reaches the engine: \(line)")
            }
        }
    }
}
