import Foundation
import TestSupport
import Testing

/// The way every test starts a program (TestSupport's ChildProcess): what it hands over and
/// what it gives back.
@Suite struct ChildProcessTests {
    @Test func aMegabyteInAndOutOnBothStreams() throws {
        // Neither pipe may fill while the other is waited on, nor the input while output waits.
        let input = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "tee /dev/stderr"], input: input, output: .captured, error: .captured)
        #expect(outcome.status == 0 && !outcome.signaled)
        #expect(outcome.standardOutput == input)
        #expect(outcome.standardError == input)
    }

    @Test func statusFolderEnvironmentAndJoinedStreams() throws {
        let directory = try Eplint.temporaryDirectory()
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "pwd -P; echo \"$ONLY-$HOME\"; echo oops >&2; exit 3"], in: directory,
            environment: ["ONLY": "this"], output: .captured, error: .output)
        #expect(outcome.status == 3 && !outcome.signaled)
        let folder = try #require(realpath(directory.path, nil))
        defer { free(folder) }
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "\(String(cString: folder))\nthis-\noops\n")
    }

    @Test func aSignalEndsIt() throws {
        // SIGKILL: a child keeps the signal mask of the test's thread, which may block others.
        let sleeper = try ChildProcess.start("/bin/sleep", ["30"])
        #expect(sleeper.isRunning)
        sleeper.signal(SIGKILL)
        let outcome = sleeper.wait()
        #expect(outcome.signaled && outcome.status == SIGKILL)
        #expect(!sleeper.isRunning)
    }

    @Test func inputTheChildNeverReads() throws {
        // The child ends without reading: the write fails (EPIPE) and the tests go on.
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "exit 0"], input: Data(count: 1_000_000))
        #expect(outcome.status == 0 && !outcome.signaled)
    }
}
