/// A Swift file that scripts/generate.sh writes from other files of the repository, and the
/// freshness test compares with the copy checked in.
package struct GeneratedFile: Equatable, Sendable {
    /// Relative to the package directory.
    package var path: String
    package var contents: String
}

struct GenerationError: Error, CustomStringConvertible {
    var description: String
}

/// Every generated file of the package rooted at `packageDirectory`, from its current inputs.
/// Each starts with `// swift-format-ignore-file`: the generator's layout is the format, and the
/// formatter (`.ci/run`) would otherwise make every regeneration a diff.
package func generatedFiles(packageDirectory: String) throws -> [GeneratedFile] {
    let files =
        [
            try EmbeddedRuleData.generate(packageDirectory: packageDirectory),
            try RuleIDConstants.generate(packageDirectory: packageDirectory),
            try RuleRegistry.generate(packageDirectory: packageDirectory),
        ] + [try RuleRegistry.generateServer(packageDirectory: packageDirectory)].compactMap { $0 }
    return files.map { GeneratedFile(path: $0.path, contents: "// swift-format-ignore-file\n" + $0.contents) }
}

/// The command that rewrites the generated files, for messages.
let regenerationCommand = "scripts/generate.sh"
