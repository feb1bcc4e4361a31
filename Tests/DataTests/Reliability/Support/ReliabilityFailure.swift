/// Why a reliability test could not run its child process or watch its files.
struct ReliabilityFailure: Error, CustomStringConvertible {
    let description: String
}
