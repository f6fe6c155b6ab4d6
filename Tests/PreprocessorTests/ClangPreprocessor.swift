import Foundation
import TestSupport

@testable import Preprocessor

/// The real preprocessor, as Xcode runs it: `clang -E -P -x c -Wno-trigraphs FLAGS FILE`, with
/// Xcode's clang's predefinitions whichever clang this is.
/// Found as `RequiredTool.clang` finds it.
enum ClangPreprocessor {

    struct Output {
        var text: [UInt8]
        var succeeded: Bool
        /// The line of the first error clang names in the plist (nil: none, or in the prefix header).
        var errorLine: Int?
        /// The name (last path component) of the file clang names in its first error.
        var errorFile: String?
    }

    /// The file's name in clang's first `FILE:LINE:COLUMN: error:` (or `fatal error:`).
    static func firstErrorFile(_ messages: String) -> String? {
        for line in messages.split(separator: "\n") where line.contains(": error:") || line.contains(": fatal error:") {
            return line.split(separator: ":").first?.split(separator: "/").last.map(String.init)
        }
        return nil
    }

    /// The line of the first `Info.plist:LINE:COLUMN: error:` (or `fatal error:`) in clang's messages.
    static func firstErrorLine(_ messages: String) -> Int? {
        for line in messages.split(separator: "\n") where line.contains(": error:") || line.contains(": fatal error:") {
            let parts = line.split(separator: ":", maxSplits: 3)
            guard parts.count == 4, parts[0].hasSuffix("Info.plist") else { return nil }
            return Int(parts[1])
        }
        return nil
    }

    /// Runs clang on `source` saved as a file in a fresh directory, with a prefix header and
    /// `files` (path relative to the directory → text: headers a quoted include finds) there.
    static func run(
        _ source: [UInt8], flags: [String], prefixHeader: [UInt8]? = nil, files: [String: String] = [:]
    ) throws -> Output {
        let directory = TestScratch.path("eplint-cpp")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for (path, text) in files {
            let file = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        let input = directory.appendingPathComponent("Info.plist")
        try Data(source).write(to: input)
        // Xcode's clang predefines __APPLE__ and __MACH__ wherever it runs; the machine's own
        // target macros (__linux__ here, __arm64__ on a Mac) are unknown to eplint: undefined.
        var arguments = ["-E", "-P", "-x", "c", "-Wno-trigraphs"]
        arguments += PreprocessingOptions.xcodePredefinitions.map { "-D\($0.name)=\($0.value)" }
        arguments += PreprocessingOptions.targetDependentMacros.sorted().map { "-U\($0)" }
        arguments += flags
        if let prefixHeader {
            let header = directory.appendingPathComponent("Prefix.h")
            try Data(prefixHeader).write(to: header)
            arguments += ["-include", header.path]
        }
        arguments.append(input.path)
        let outcome = try ChildProcess.run(
            try RequiredTool.clang.require(), arguments, in: directory, output: .captured, error: .captured)
        return Output(
            text: Array(outcome.standardOutput), succeeded: outcome.status == 0 && !outcome.signaled,
            errorLine: firstErrorLine(String(decoding: outcome.standardError, as: UTF8.self)),
            errorFile: firstErrorFile(String(decoding: outcome.standardError, as: UTF8.self)))
    }
}
