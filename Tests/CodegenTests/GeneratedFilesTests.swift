import Foundation
import RuleCodegen
import Testing

/// The generated Swift checked in must be what scripts/generate.sh writes from the current
/// Rules/ and rule files: a page or rule changed without regenerating fails here.
@Suite struct GeneratedFilesTests {
    static let packageDirectory = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))

    @Test func checkedInFilesMatchTheirInputs() throws {
        for file in try generatedFiles(packageDirectory: Self.packageDirectory) {
            let checkedIn = (try? String(contentsOfFile: Self.packageDirectory + "/" + file.path, encoding: .utf8)) ?? ""
            guard checkedIn != file.contents else { continue }
            // The first line that differs, not two whole files, so the message stays readable.
            let old = checkedIn.split(separator: "\n", omittingEmptySubsequences: false)
            let new = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(old, new).prefix { $0 == $1 }.count
            Issue.record("""
                \(file.path) is out of date with Rules/ or Sources/EplintRules/ (from line \(line + 1): \
                \(line < new.count ? "\"\(new[line].prefix(80))\"" : "end of file") expected). \
                Run \(regenerationCommand) and commit the result.
                """)
        }
    }
}
