import Foundation

/// Where `pm` keeps its projects.
///
/// In order: the `--store` path, `$PM_STORE`, `$XDG_DATA_HOME/projectmanager/projects.pmstore`
/// (when `XDG_DATA_HOME` is an absolute path, as the XDG Base Directory specification asks), and
/// `$HOME/.local/share/projectmanager/projects.pmstore`.
enum StoreLocation {
    /// The store file's name inside the data directory.
    static let fileName = "projects.pmstore"
    /// The folder made for the store inside the data directory.
    static let folderName = "projectmanager"

    /// The store file to open.
    ///
    /// - Parameters:
    ///   - flag: The path given with `--store`, if any.
    ///   - environment: The process environment.
    /// - Throws: ``CommandLineError/runtime(_:)`` when no path is given and neither
    ///   `XDG_DATA_HOME` nor `HOME` is set.
    static func url(flag: String?, environment: [String: String]) throws(CommandLineError) -> URL {
        if let flag { return URL(filePath: flag) }
        if let path = environment["PM_STORE"], !path.isEmpty { return URL(filePath: path) }
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(filePath: xdg, directoryHint: .isDirectory)
        } else if let home = environment["HOME"], !home.isEmpty {
            dataHome = URL(filePath: home, directoryHint: .isDirectory)
                .appending(path: ".local/share", directoryHint: .isDirectory)
        } else {
            throw .runtime("cannot tell where to keep the store: set HOME or PM_STORE, or pass --store PATH")
        }
        return dataHome
            .appending(path: folderName, directoryHint: .isDirectory)
            .appending(path: fileName, directoryHint: .notDirectory)
    }
}
