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
        return lintCommand(
            files: files, targetName: target.name, tool: try context.tool(named: "eplint").url,
            workDirectory: context.pluginWorkDirectoryURL, configurationDirectory: context.package.directoryURL)
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

/// One eplint run over `files`. Its declared output makes SwiftPM and Xcode run it before the
/// target compiles, and again only when a linted file or the configuration changed (or the
/// last run failed). That output is an empty Swift file (`--stamp`), written when the run
/// passes: SwiftPM and Xcode compile a .swift output into the target (an empty file adds
/// nothing), whereas any other kind of output they would copy into the product as a resource
/// (a report there would ship the build machine's paths inside the app).
func lintCommand(files: [URL], targetName: String, tool: URL, workDirectory: URL, configurationDirectory: URL)
    -> [Command]
{
    let files = Array(Set(files.map(\.standardizedFileURL))).sorted { $0.path < $1.path }
    guard !files.isEmpty else { return [] }
    let stamp = workDirectory.appending(path: "eplint-\(targetName)-linted.swift")
    var arguments = ["--format", "gcc", "--color", "never", "--stamp", stamp.path]
    var inputs = files
    // Build commands run in no particular folder: eplint is told where the configuration is,
    // and it is a declared input, which Xcode's sandbox requires for a file to be read.
    let configuration = configurationDirectory.appending(path: ".eplint.yml")
    if FileManager.default.fileExists(atPath: configuration.path) {
        arguments += ["--config", configuration.path]
        inputs.append(configuration)
    }
    return [
        .buildCommand(
            displayName: "eplint: linting \(files.count) file(s) of \(targetName)",
            executable: tool,
            arguments: arguments + files.map(\.path),
            inputFiles: inputs,
            outputFiles: [stamp]
        )
    ]
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
            return lintCommand(
                files: files, targetName: target.displayName, tool: try context.tool(named: "eplint").url,
                workDirectory: context.pluginWorkDirectoryURL, configurationDirectory: project)
        }
    }
#endif
