import Foundation
import ProjectManager

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

    /// The store file to open, its bytes as the system gave them where they are known.
    ///
    /// - Parameters:
    ///   - flag: The path given with `--store`, if any.
    ///   - environment: The process environment.
    ///   - environmentBytes: The same variables as bytes, not decoded; a variable whose bytes
    ///     decode to its value in `environment` is taken from here, so a path that is not UTF-8
    ///     names that path.
    /// - Throws: ``CommandLineError/runtime(_:)`` when no path is given and neither
    ///   `XDG_DATA_HOME` nor `HOME` is set.
    static func path(
        flag: StorePath?, environment: [String: String], environmentBytes: [String: [UInt8]]
    ) throws(CommandLineError) -> StorePath {
        func variable(_ name: String) -> StorePath? {
            guard let text = environment[name], !text.isEmpty else { return nil }
            if let bytes = environmentBytes[name], String(decoding: bytes, as: UTF8.self) == text {
                return StorePath(bytes: bytes)
            }
            return StorePath(text)
        }
        if let flag { return flag }
        if let path = variable("PM_STORE") { return path }
        let dataHome: StorePath
        if let xdg = variable("XDG_DATA_HOME"), xdg.isAbsolute {
            dataHome = xdg
        } else if let home = variable("HOME") {
            dataHome = home.appending(component: StorePath(".local/share"))
        } else {
            throw .runtime(
                "cannot tell where to keep the store: set HOME or PM_STORE, or pass \(CommandRegistry.storeOption.synopsis)"
            )
        }
        return dataHome.appending(component: StorePath(folderName)).appending(component: StorePath(fileName))
    }
}
