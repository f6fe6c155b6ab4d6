import EplintBase
import LintRun
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The run's host is this process: its file system, standard streams, environment and clock.
struct ProcessHost: RunHost {
    var fileSystem: any PlanFileSystem { HostPlanFileSystem() }

    func note(_ text: String) { writeStandardError(text) }

    func readStandardInput() -> [UInt8] {
        var source = FileDescriptorSource(descriptor: 0)
        return (try? RegularFile.readAll(&source).get()) ?? []
    }

    func environment() -> [String: String] { processEnvironment() }

    func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

    func unixTime() -> Int64 { Int64(time(nil)) }

    func write(_ files: [(contents: [UInt8], path: String, mode: mode_t)]) throws(RunFailure) {
        try OutputFile.writeAtomically(files)
    }
}
