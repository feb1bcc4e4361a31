import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileSystem {
    /// Takes an exclusive lock on `file`, trying again every 2 ms for up to `patience`.
    ///
    /// A lock can look held after its owner released it: a process this one forked (the tests'
    /// children, a `Process` an app starts) holds a copy of the descriptor between `fork` and
    /// `exec`, and on a loaded machine that window stretches past a few milliseconds (a quarter of
    /// a second was seen to fall short at a load of 20 on two cores). Polling for half a second rides it
    /// out and still answers a real second writer promptly, as a person counts.
    /// - Returns: `false` when the lock is still held after `patience`.
    func lockExclusively(_ file: FileDescriptor, patience: Duration = .milliseconds(500)) throws(StoreError) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: patience)
        while true {
            if try tryLockExclusively(file) { return true }
            guard clock.now < deadline else { return false }
            usleep(2_000)
        }
    }
}
