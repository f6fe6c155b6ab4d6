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
        return try lintCommand(
            files: files, targetName: target.name, tool: context.tool(named: "eplint").url,
            workDirectory: context.pluginWorkDirectoryURL, configurationDirectory: context.package.directoryURL)
    }

    /// Info.plist and *.entitlements files below `directory`, skipping hidden directories
    /// (.build, .git) where copies of other packages' files live.
    private func lintedFiles(under directory: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        return walk.compactMap { $0 as? URL }.filter(isLinted).sorted { $0.path < $1.path }
    }
}

/// A file eplint lints in a build: what Xcode names Info.plist, and entitlements.
func isLinted(_ url: URL) -> Bool {
    url.lastPathComponent == "Info.plist" || url.lastPathComponent.hasSuffix("-Info.plist") || url.pathExtension == "entitlements"
}

/// One eplint run over `files`. Its output (a JSON report, also written on findings) is a
/// Swift file's worth of nothing that SwiftPM must see produced, so that the lint runs before
/// the target compiles and again only when a linted file changes.
func lintCommand(files: [URL], targetName: String, tool: URL, workDirectory: URL, configurationDirectory: URL) -> [Command] {
    guard !files.isEmpty else { return [] }
    let stamp = workDirectory.appending(path: "eplint-\(targetName).json")
    var arguments = ["--format", "gcc", "--color", "never", "--report", "json=\(stamp.path)"]
    let configuration = configurationDirectory.appending(path: ".eplint.yml")
    if FileManager.default.fileExists(atPath: configuration.path) { arguments += ["--config", configuration.path] }
    return [
        .buildCommand(
            displayName: "eplint: linting \(files.count) file(s) of \(targetName)",
            executable: tool,
            arguments: arguments + files.map(\.path),
            inputFiles: files + (FileManager.default.fileExists(atPath: configuration.path) ? [configuration] : []),
            outputFiles: [stamp]
        ),
    ]
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// Xcode's "Run Build Tool Plug-ins": the target's own Info.plist and entitlements files, and
/// those in a folder named after the target (Xcode keeps Info.plist out of a target's inputs).
extension EplintBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let own = target.inputFiles.map(\.url).filter(isLinted)
        let besides = context.xcodeProject.filePaths.map { URL(fileURLWithPath: $0.string) }
            .filter { isLinted($0) && $0.deletingLastPathComponent().lastPathComponent == target.displayName }
        let files = Array(Set(own + besides)).sorted { $0.path < $1.path }
        return try lintCommand(
            files: files, targetName: target.displayName, tool: context.tool(named: "eplint").url,
            workDirectory: context.pluginWorkDirectoryURL, configurationDirectory: context.xcodeProject.directoryURL)
    }
}
#endif
