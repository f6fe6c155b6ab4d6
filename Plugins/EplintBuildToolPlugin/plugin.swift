import Foundation
import PackagePlugin

/// Lints the target's `Info.plist` and `*.entitlements` files at every build that changes one
/// of them. eplint prints its findings in the gcc format (`path:line:column: error: …`), which
/// SwiftPM and Xcode show at their line; an error fails the build.
@main
struct EplintBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let files = lintedFiles(under: module.directoryURL)
        // SwiftPM compiles a generated .swift file only into a Swift target, and no generated C
        // source at all (6.3 drops it with "C source file generation not enabled", and then
        // never runs the command): a C-family target's run declares no output.
        let stamp: Stamp = module is SwiftSourceModuleTarget ? .swift : .none
        return lintCommand(
            files: files, targetName: target.name, tool: try context.tool(named: "eplint").url,
            workDirectory: context.pluginWorkDirectoryURL, configurationDirectory: context.package.directoryURL,
            stamp: stamp)
    }
}

/// Info.plist and *.entitlements files below `directory`, skipping hidden directories
/// (.build, .git) where copies of other packages' files live.
func lintedFiles(under directory: URL) -> [URL] {
    guard
        let walk = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
    else { return [] }
    return walk.compactMap { $0 as? URL }.filter(isLinted)
}

/// A file eplint lints in a build: what Xcode names Info.plist, and entitlements.
func isLinted(_ url: URL) -> Bool {
    url.lastPathComponent == "Info.plist" || url.lastPathComponent.hasSuffix("-Info.plist")
        || url.pathExtension == "entitlements"
}

/// The declared output of a lint run, which the target compiles: it must be a source of the
/// target's own language. Any other kind of output SwiftPM and Xcode would copy into the
/// product as a resource (a report there would ship the build machine's paths inside the app).
enum Stamp {
    /// An empty Swift file (eplint's `--stamp`): compiles to nothing.
    case swift
    /// A C file with one declaration, a typedef (ISO C wants a declaration in every translation
    /// unit; a typedef emits no symbol): for an Xcode target that compiles no Swift, where a
    /// Swift file would need SWIFT_VERSION and a Swift compiler.
    case c
    /// No output: the command then runs at every build (SwiftPM's C-family targets).
    case none
}

/// One eplint run over `files`. Its declared output (`stamp`), written when the run passes,
/// makes SwiftPM and Xcode run it before the target compiles, and again only when a linted
/// file or the configuration changed (or the last run failed).
func lintCommand(
    files: [URL], targetName: String, tool: URL, workDirectory: URL, configurationDirectory: URL, stamp: Stamp
) -> [Command] {
    let files = Array(Set(files.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    guard !files.isEmpty else { return [] }
    var arguments = ["--format", "gcc", "--color", "never"]
    var inputs = files
    // Build commands run in no particular folder: eplint is told where the configuration is,
    // and it is a declared input, which Xcode's sandbox requires for a file to be read.
    let configuration = configurationDirectory.appending(path: ".eplint.yml")
    if FileManager.default.fileExists(atPath: configuration.path) {
        arguments += ["--config", configuration.path]
        inputs.append(configuration)
    }
    let displayName = "eplint: linting \(files.count) file(s) of \(targetName)"
    let output = workDirectory.appending(path: "eplint-\(targetName)-linted")
    switch stamp {
    case .swift:
        let file = output.appendingPathExtension("swift")
        return [
            .buildCommand(
                displayName: displayName, executable: tool,
                arguments: arguments + ["--stamp", file.path] + files.map(\.path),
                inputFiles: inputs, outputFiles: [file])
        ]
    case .c:
        // eplint's stamp is empty; the shell writes the declaration once eplint has passed.
        let file = output.appendingPathExtension("c")
        let script = #"stamp=$1; shift; "$@" && printf 'typedef int eplint_linted_stamp;\n' > "$stamp""#
        return [
            .buildCommand(
                displayName: displayName, executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", script, "sh", file.path, tool.path] + arguments + ["--stamp", file.path]
                    + files.map(\.path),
                inputFiles: inputs + [tool], outputFiles: [file])
        ]
    case .none:
        return [
            .buildCommand(
                displayName: displayName, executable: tool, arguments: arguments + files.map(\.path),
                inputFiles: inputs, outputFiles: [])
        ]
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// Xcode's "Run Build Tool Plug-ins": the target's own Info.plist and entitlements files, and
    /// those in the project's folder named after the target (Xcode's layout; it keeps Info.plist
    /// out of a target's inputs).
    extension EplintBuildToolPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let project = context.xcodeProject.directoryURL
            let files =
                target.inputFiles.map(\.url).filter(isLinted)
                + lintedFiles(under: project.appending(path: target.displayName))
            // A target that compiles no Swift (Objective-C, C, C++) gets a C stamp.
            let compilesSwift = target.inputFiles.contains { $0.url.pathExtension == "swift" }
            return lintCommand(
                files: files, targetName: target.displayName, tool: try context.tool(named: "eplint").url,
                workDirectory: context.pluginWorkDirectoryURL, configurationDirectory: project,
                stamp: compilesSwift ? .swift : .c)
        }
    }
#endif
