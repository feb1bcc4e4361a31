// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ProjectManager",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        // The library other Swift packages import: the composition root re-exports the Domain and
        // the Presentation view models.
        .library(name: "ProjectManager", targets: ["ProjectManager"]),
        .library(name: "ProjectManagerPresentation", targets: ["ProjectManagerPresentation"]),
        // The Domain on its own (entities, use cases, ports): a product, so that
        // Scripts/check-api.sh checks its public API against each release as it does the others'.
        .library(name: "ProjectManagerDomain", targets: ["ProjectManagerDomain"]),
        .executable(name: "pm", targets: ["pm"]),
    ],
    targets: [
        // MARK: - Layers
        .target(
            name: "ProjectManagerDomain",
            path: "Sources/Domain",
            // Django's common passwords, one a line: read once, by `CommonPasswords`.
            resources: [.copy("Accounts/common-passwords.txt")]
        ),
        .target(
            name: "ProjectManagerData",
            dependencies: ["ProjectManagerDomain", "CRC32CHardware"],
            path: "Sources/Data"
        ),
        // The processor's CRC-32C instruction, which Swift cannot reach: C, about 60 lines, with
        // the checksum's Swift code falling back to its tables where there is none.
        .target(name: "CRC32CHardware", path: "Sources/CRC32CHardware"),
        .target(
            name: "ProjectManagerPresentation",
            dependencies: ["ProjectManagerDomain"],
            path: "Sources/Presentation"
        ),

        // MARK: - Composition root and front ends
        .target(
            name: "ProjectManager",
            dependencies: ["ProjectManagerDomain", "ProjectManagerData", "ProjectManagerPresentation"],
            path: "Sources/ProjectManager"
        ),
        .target(
            name: "ProjectManagerCLI",
            dependencies: ["ProjectManager"],
            path: "Sources/CLI"
        ),
        .executableTarget(name: "pm", dependencies: ["ProjectManagerCLI"], path: "Sources/pm"),
        .executableTarget(
            name: "pm-bench",
            dependencies: ["ProjectManager", "ProjectManagerDomain", "ProjectManagerData"],
            path: "Sources/Benchmark"
        ),
        // Run by DataTests' reliability tests, which kill it mid-save and lock it out.
        .executableTarget(
            name: "pm-store-crash-child",
            dependencies: ["ProjectManagerData", "ProjectManagerCrashWorkload"],
            path: "Tests/CrashChild"
        ),

        // MARK: - Tests
        .target(
            name: "ProjectManagerTestSupport",
            dependencies: ["ProjectManagerDomain"],
            path: "Tests/Support"
        ),
        .target(
            name: "ProjectManagerCrashWorkload",
            dependencies: ["ProjectManagerDomain", "ProjectManagerData"],
            path: "Tests/CrashWorkload"
        ),
        .testTarget(
            name: "DomainTests",
            dependencies: ["ProjectManagerDomain", "ProjectManagerTestSupport"],
            path: "Tests/DomainTests"
        ),
        .testTarget(
            name: "DataTests",
            dependencies: [
                "ProjectManagerData", "ProjectManagerTestSupport", "ProjectManagerCrashWorkload",
                // Not imported: listed so that `swift test` builds the child the tests run.
                "pm-store-crash-child",
            ],
            path: "Tests/DataTests"
        ),
        .testTarget(
            name: "PresentationTests",
            dependencies: ["ProjectManagerPresentation", "ProjectManager", "ProjectManagerTestSupport"],
            path: "Tests/PresentationTests"
        ),
        .testTarget(
            name: "ProjectManagerTests",
            dependencies: ["ProjectManager", "ProjectManagerTestSupport"],
            path: "Tests/ProjectManagerTests"
        ),
        .testTarget(
            name: "CLITests",
            // The Data layer only to write stores as older engines did (Support/OlderStore.swift);
            // ProjectManager for the errors and the Localizer `pm` words them with.
            dependencies: [
                "ProjectManagerCLI", "ProjectManager", "ProjectManagerData", "ProjectManagerTestSupport",
                // Not imported: listed so that `swift test` builds the `pm` the process tests run.
                "pm",
            ],
            path: "Tests/CLITests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
