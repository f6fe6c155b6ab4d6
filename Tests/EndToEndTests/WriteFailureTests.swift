import Foundation
import TestSupport
import Testing

/// Every write is checked: a report, a listing or a fixed document that cannot be written is the
/// run's failure (exit 2, naming the stream or file), and the fix count says what was written.
/// `/dev/full` (Linux's; macOS has none) fails every write with ENOSPC; a 16 KiB tmpfs, filled,
/// does the same for files (mounting needs root, as on these machines and CI).
@Suite struct WriteFailureTests {
    static let fullDevice = "/dev/full"
    static let hasFullDevice = FileManager.default.fileExists(atPath: fullDevice)

    static let upperCaseRegion = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>SKExternalPurchase</key>
        \t<array>
        \t\t<string>KR</string>
        \t</array>
        </dict>
        </plist>

        """

    /// Runs eplint through a shell with standard output sent to `/dev/full`.
    static func runToFullDevice(_ arguments: [String], input: String = "") throws -> EplintRun {
        let quoted = arguments.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(
            separator: " ")
        let outcome = try ChildProcess.run(
            "/bin/sh", ["-c", "exec '\(Eplint.executable.path)' \(quoted) > \(fullDevice)"],
            in: Eplint.packageRoot, input: Data(input.utf8), output: .captured, error: .captured)
        return EplintRun(
            status: outcome.status, standardOutput: String(decoding: outcome.standardOutput, as: UTF8.self),
            standardError: String(decoding: outcome.standardError, as: UTF8.self))
    }

    /// Each command that writes to standard output, and what its message calls the text.
    static let standardOutputWriters: [(arguments: [String], what: String)] = [
        (["Examples/BrokenApp"], "the report"),
        (["--format", "sarif", "Examples/BrokenApp"], "the report"),
        (["--format", "json", "Examples/BrokenApp"], "the report"),
        (["--format", "github", "Examples/BrokenApp"], "the report"),
        // A clean run's report is empty in gcc format: JSON writes one even then.
        (["--format", "json", "Examples/CorrectApp"], "the report"),
        (["--diff", "Examples/BrokenApp"], "the diff"),
        (["--help"], ""),
        (["--version"], ""),
        (["rules"], ""),
        (["rules", "--format", "json"], ""),
        (["explain", "EP101"], ""),
        (["regions"], ""),
        (["context", "Tests/EndToEndTests/XcodeTruth/PrefixHeaderApp/Project"], ""),
    ]

    @Test(.enabled(if: hasFullDevice, "no /dev/full here (Linux has it)"), arguments: standardOutputWriters.indices)
    func aFailedWriteToStandardOutputFailsTheRun(_ index: Int) throws {
        let (arguments, what) = Self.standardOutputWriters[index]
        let run = try Self.runToFullDevice(arguments)
        #expect(run.status == 2, "\(arguments): \(run.standardError)")
        let named = what.isEmpty ? "" : what + " "
        #expect(
            run.standardError.contains("error: eplint: cannot write \(named)to standard output: "),
            "\(arguments): \(run.standardError)")
    }

    @Test(.enabled(if: hasFullDevice, "no /dev/full here (Linux has it)"))
    func aFixedDocumentThatIsLostIsNotCountedAsFixed() throws {
        let run = try Self.runToFullDevice(["--fix", "-"], input: Self.upperCaseRegion)
        #expect(run.status == 2)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains("error: eplint: cannot write the fixed document to standard output: No space left on device")
        )
        // The one finding was fixed in a text that never reached the user.
        #expect(lines.last == "0 fixed, 1 remaining", "\(lines)")
    }

    @Test func theFixedDocumentWrittenIsCounted() throws {
        let run = try Eplint.run(["--fix", "-"], input: Data(Self.upperCaseRegion.utf8))
        #expect(run.status == 0)
        #expect(run.standardOutput == Self.upperCaseRegion.replacingOccurrences(of: "KR", with: "kr"))
        #expect(run.standardError == "1 fixed, 0 remaining\n")
    }

    /// A closed pipe ends the run quietly, as for any filter: no message.
    @Test func aClosedPipeEndsQuietly() throws {
        let outcome = try ChildProcess.run(
            "/bin/sh",
            ["-c", "'\(Eplint.executable.path)' --format sarif Examples/BrokenApp Examples/BrokenApp | head -c 1"],
            in: Eplint.packageRoot, output: .captured, error: .captured)
        #expect(outcome.standardOutput == Data("{".utf8))
        #expect(outcome.standardError.isEmpty, "\(String(decoding: outcome.standardError, as: UTF8.self))")
    }

    // MARK: A full file system

    /// A 16 KiB tmpfs under the scratch folder, filled to the last block once `prepare` has
    /// written its files; nil (the test skips) where it cannot be mounted.
    final class FullFileSystem {
        let folder: URL

        init?(prepare: (URL) throws -> Void) throws {
            folder = try TestScratch.folder("full")
            let mount = try ChildProcess.run(
                "/bin/sh", ["-c", "mount -t tmpfs -o size=16k tmpfs \"$0\" 2>/dev/null", folder.path],
                output: .null, error: .null)
            guard mount.status == 0 else { return nil }
            try prepare(folder)
            // Fills what is left; dd stops at ENOSPC, as it should.
            _ = try ChildProcess.run(
                "/bin/sh", ["-c", "dd if=/dev/zero of=\"$0/filler\" bs=1024 2>/dev/null; true", folder.path],
                output: .null, error: .null)
        }

        deinit { _ = try? ChildProcess.run("/bin/umount", [folder.path], output: .null, error: .null) }

        /// The folder's names but the filler's, sorted: nothing half-written is left behind.
        func names() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "filler" }.sorted()
        }
    }

    static let mountable: Bool = {
        guard getuid() == 0, let probe = try? FullFileSystem(prepare: { _ in }) else { return false }
        _ = probe
        return true
    }()
    static let notMountable: Comment = "a tmpfs cannot be mounted here (needs root and mount(2))"

    @Test(.enabled(if: mountable, notMountable))
    func aFixThatCannotBeWrittenFixesNothing() throws {
        let original = Data(Self.upperCaseRegion.utf8)
        let disk = try #require(
            try FullFileSystem { try original.write(to: $0.appendingPathComponent("Info.plist")) })
        let run = try Eplint.run(["--fix", "Info.plist"], in: disk.folder)
        #expect(run.status == 2)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(lines.contains("error: eplint: cannot write 'Info.plist': No space left on device"), "\(lines)")
        #expect(lines.last == "0 fixed, 1 remaining", "\(lines)")
        #expect(try Data(contentsOf: disk.folder.appendingPathComponent("Info.plist")) == original)
        #expect(try disk.names() == ["Info.plist"])
    }

    /// `--output`, `--report` and `--write-baseline` on the full file system.
    static let fileWriters: [(arguments: [String], file: String)] = [
        (["--format", "sarif", "--output", "report.sarif"], "report.sarif"),
        (["--output", "report.txt"], "report.txt"),
        (["--report", "json=report.json"], "report.json"),
        (["--write-baseline", "baseline.json"], "baseline.json"),
    ]

    @Test(.enabled(if: mountable, notMountable), arguments: fileWriters.indices)
    func aReportThatCannotBeWrittenFailsTheRun(_ index: Int) throws {
        let (arguments, file) = Self.fileWriters[index]
        let broken = Eplint.packageRoot.appendingPathComponent("Examples/BrokenApp")
        let disk = try #require(try FullFileSystem { _ in })
        let run = try Eplint.run(arguments + [broken.path], in: disk.folder)
        #expect(run.status == 2, "\(arguments): \(run.standardError)")
        #expect(
            run.standardError.contains("error: eplint: cannot write '\(file)': No space left on device"),
            "\(arguments): \(run.standardError)")
        #expect(try disk.names() == [])
    }

    /// fsync(2) or close(2) failing (a disk that fails the flush, NFS' deferred errors) is a
    /// failed write too: made to fail here by a shim preloaded into eplint (Linux's dynamic
    /// linker; macOS interposes otherwise), so that dropping the check fails a test (issue 46).
    static let preloadable: Bool = {
        #if os(Linux)
            RequiredTool.clang.runs
        #else
            false
        #endif
    }()

    @Test(
        .enabled(if: preloadable, "LD_PRELOAD shims are Linux's; needs clang"),
        arguments: ["fsync", "close"])
    func aReportWhoseFlushFailsFailsTheRun(_ function: String) throws {
        let folder = try TestScratch.folder("flush-\(function)")
        let source = folder.appendingPathComponent("shim.c")
        // Fails only for the temporary report file's descriptor (eplint's other descriptors close as usual).
        let body =
            function == "fsync"
            ? "int fsync(int fd) { (void)fd; errno = EIO; return -1; }"
            : """
            int close(int fd) {
                char link[64], target[4096];
                snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
                ssize_t n = readlink(link, target, sizeof target - 1);
                int real = syscall(SYS_close, fd);
                if (n > 0) { target[n] = 0; if (strstr(target, ".eplint-")) { errno = EIO; return -1; } }
                return real;
            }
            """
        try """
        #define _GNU_SOURCE
        #include <errno.h>
        #include <stdio.h>
        #include <string.h>
        #include <sys/syscall.h>
        #include <unistd.h>
        \(body)

        """.write(to: source, atomically: true, encoding: .utf8)
        let shim = folder.appendingPathComponent("shim.so")
        let compiled = try ChildProcess.run(
            try RequiredTool.clang.require(), ["-shared", "-fPIC", "-o", shim.path, source.path], error: .inherited)
        #expect(compiled.status == 0)
        let broken = Eplint.packageRoot.appendingPathComponent("Examples/BrokenApp")
        let run = try Eplint.run(
            ["--output", "report.txt", broken.path], in: folder, environment: ["LD_PRELOAD": shim.path])
        #expect(run.status == 2, "\(run.standardError)")
        #expect(
            run.standardError.contains("error: eplint: cannot write 'report.txt': Input/output error"),
            "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.txt").path))
    }
}
