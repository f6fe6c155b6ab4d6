// Writes the generated Swift files from Rules/ and the rule files' names (scripts/generate.sh
// runs it). Usage: eplint-codegen [PACKAGE_DIRECTORY]   (default: the working directory)
import Foundation
import RuleCodegen

let packageDirectory = CommandLine.arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath
do {
    for file in try generatedFiles(packageDirectory: packageDirectory) {
        let path = packageDirectory + "/" + file.path
        if FileManager.default.contents(atPath: path) == Data(file.contents.utf8) { continue }
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try file.contents.write(toFile: path, atomically: true, encoding: .utf8)
        print("wrote \(file.path)")
    }
} catch {
    FileHandle.standardError.write(Data("error: eplint-codegen: \(error)\n".utf8))
    exit(1)
}
