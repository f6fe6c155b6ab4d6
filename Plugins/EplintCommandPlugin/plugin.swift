import Foundation
import PackagePlugin

/// `swift package eplint [OPTION…] [PATH…]`: runs eplint in the package directory (where it
/// finds `.eplint.yml`) on the given paths, relative to the package directory; with no path,
/// on the directories of the package's targets, or of those named by `--target NAME`. Every
/// other argument goes to eplint as it is (`--format sarif`, `--strict`, …).
@main
struct EplintCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var remaining = extractor.remainingArguments
        let selected = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        // eplint's own options never take a value that is a path it could mistake for an
        // input, so "no path given" means no argument that is not an option or its value.
        if !hasPath(remaining) {
            remaining += selected.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "eplint").url
        process.arguments = remaining
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        // An error diagnostic makes `swift package` exit with a failure.
        switch process.terminationStatus {
        case 0: break
        case 1: Diagnostics.error("eplint found errors")
        default: Diagnostics.error("eplint could not complete the run (exit status \(process.terminationStatus))")
        }
    }

    /// Whether `arguments` name something to lint: an argument that is neither an option nor
    /// the value of one of eplint's options that take a separate value.
    private func hasPath(_ arguments: [String]) -> Bool {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.endIndex }
            if argument.hasPrefix("-") && argument != "-" {
                if !argument.contains("="), !flags.contains(argument) { index += 1 }
            } else {
                return true
            }
            index += 1
        }
        return false
    }

    /// eplint's options that take no value (LintFlags.swift, generated from lint's option table).
    private var flags: Set<String> { eplintFlags }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// Xcode's "Lint external purchase" (the project's context menu): eplint on the project's
    /// folder, where it finds the .xcodeproj and lints each target's Info.plist and entitlements
    /// as the target builds them; findings go to the issue navigator at their line.
    extension EplintCommandPlugin: XcodeCommandPlugin {
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            let process = Process()
            process.executableURL = try context.tool(named: "eplint").url
            process.arguments = ["--format", "gcc", "--color", "never", "."]
            process.currentDirectoryURL = context.xcodeProject.directoryURL
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            for line in text.split(separator: "\n") { report(String(line), in: context.xcodeProject.directoryURL) }
            if process.terminationStatus > 1 {
                Diagnostics.error("eplint could not complete the run (exit status \(process.terminationStatus))")
            }
        }

        /// `path:line:column: severity: message` as an issue at that line.
        private func report(_ line: String, in directory: URL) {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, let number = Int(parts[1]) else { return }
            let path = parts[0].hasPrefix("/") ? String(parts[0]) : directory.appending(path: String(parts[0])).path
            let message = parts[4].trimmingCharacters(in: .whitespaces)
            switch parts[3].trimmingCharacters(in: .whitespaces) {
            case "error": Diagnostics.error(message, file: path, line: number)
            case "warning": Diagnostics.warning(message, file: path, line: number)
            default: Diagnostics.remark(message, file: path, line: number)
            }
        }
    }
#endif
