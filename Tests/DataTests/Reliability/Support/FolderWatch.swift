#if os(Linux)
    import Glibc
    import Foundation

    /// The changes to the files of one folder, as Linux's inotify reports them, so a test can kill a
    /// writer the moment it reaches a step of a save.
    ///
    /// ```swift
    /// let watch = try FolderWatch(directory)
    /// // … start a writer …
    /// if try watch.pendingEvents().contains(.created("board.pmstore.compacting")) { child.kill() }
    /// ```
    /// Each event is reported after the system call that caused it returned.
    final class FolderWatch {
        /// A change to the file with this name in the folder.
        enum Event: Hashable, CustomStringConvertible {
            /// The file was created (`IN_CREATE`).
            case created(String)
            /// The file was written or truncated (`IN_MODIFY`).
            case modified(String)
            /// The file's permissions or other metadata changed (`IN_ATTRIB`).
            case attributesChanged(String)
            /// A file was renamed to this name (`IN_MOVED_TO`).
            case renamedTo(String)

            var description: String {
                switch self {
                case .created(let name): "\(name) created"
                case .modified(let name): "\(name) written"
                case .attributesChanged(let name): "\(name) given permissions"
                case .renamedTo(let name): "a file renamed to \(name)"
                }
            }
        }

        /// The inotify descriptor; readable when events are pending, for `poll`.
        let descriptor: Int32

        /// Starts watching `folder`; events before this are not reported.
        init(_ folder: URL) throws {
            descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard descriptor >= 0 else {
                throw ReliabilityFailure(description: "inotify_init1: \(Self.describe(errno))")
            }
            let mask = UInt32(IN_CREATE | IN_MODIFY | IN_ATTRIB | IN_MOVED_TO)
            guard inotify_add_watch(descriptor, folder.path(percentEncoded: false), mask) >= 0 else {
                let error = errno
                close(descriptor)
                throw ReliabilityFailure(description: "inotify_add_watch: \(Self.describe(error))")
            }
        }

        deinit {
            close(descriptor)
        }

        /// The events queued since the last call, in order; empty when there are none.
        func pendingEvents() throws -> [Event] {
            var events: [Event] = []
            var buffer = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN { return events }
                guard count > 0 else {
                    throw ReliabilityFailure(description: "reading inotify: \(Self.describe(errno))")
                }
                buffer.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset + MemoryLayout<inotify_event>.size <= count {
                        let header = bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                        let nameStart = offset + MemoryLayout<inotify_event>.size
                        let nameBytes = bytes[nameStart..<(nameStart + Int(header.len))].prefix { $0 != 0 }
                        let name = String(decoding: nameBytes, as: UTF8.self)
                        events += Self.events(mask: header.mask, name: name)
                        offset = nameStart + Int(header.len)
                    }
                }
            }
        }

        private static func events(mask: UInt32, name: String) -> [Event] {
            var events: [Event] = []
            if mask & UInt32(IN_CREATE) != 0 { events.append(.created(name)) }
            if mask & UInt32(IN_MODIFY) != 0 { events.append(.modified(name)) }
            if mask & UInt32(IN_ATTRIB) != 0 { events.append(.attributesChanged(name)) }
            if mask & UInt32(IN_MOVED_TO) != 0 { events.append(.renamedTo(name)) }
            return events
        }

        private static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
    }
#endif
