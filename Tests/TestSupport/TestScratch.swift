import Foundation

/// Where tests put their temporary files: one folder per test process, removed when the process
/// exits. A full run makes thousands of fixtures (over a gigabyte), and CI runs the suite twice on
/// machines with little disk; left in the system's temporary folder they filled it.
package enum TestScratch {
    /// `$TMPDIR/eplint-tests-<pid>`, made on first use.
    package static let root: URL = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "eplint-tests-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: root)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TestScratch.root) }
        return root
    }()

    /// A new, unused path under the root: `<prefix>-<UUID><suffix>`; nothing is created there.
    package static func path(_ prefix: String, suffix: String = "") -> URL {
        root.appendingPathComponent("\(prefix)-\(UUID().uuidString)\(suffix)")
    }

    /// A new, empty folder under the root.
    package static func folder(_ prefix: String) throws -> URL {
        let folder = path(prefix)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
