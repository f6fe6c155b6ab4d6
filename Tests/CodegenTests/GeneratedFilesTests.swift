import Foundation
import RuleCodegen
import Testing

/// The generated Swift checked in must be what scripts/generate.sh writes from the current
/// Rules/ and rule files: a page or rule changed without regenerating fails here.
@Suite struct GeneratedFilesTests {
    static let packageDirectory = String(#filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/"))

    @Test func checkedInFilesMatchTheirInputs() throws {
        for file in try generatedFiles(packageDirectory: Self.packageDirectory) {
            let checkedIn = try? String(contentsOfFile: Self.packageDirectory + "/" + file.path, encoding: .utf8)
            #expect(checkedIn == file.contents, "\(file.path) is out of date with Rules/ or Sources/EplintRules/: run \(regenerationCommand) and commit the result")
        }
    }
}
