import Foundation
import PackagePlugin

/// Embeds `Rules/regions.plist` and every `Rules/EPnnn.md` page into the target as string
/// literals, so an installed binary needs no files beside it and `Rules/` stays the only copy.
@main
struct EmbedRuleData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let rulesDirectory = context.package.directoryURL.appending(path: "Rules")
        let inputs = try FileManager.default
            .contentsOfDirectory(at: rulesDirectory, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent == "regions.plist" || isRulePage($0.lastPathComponent) }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedRuleData.swift")
        return [
            .buildCommand(
                displayName: "Embedding Rules/ into \(target.name)",
                executable: try context.tool(named: "EplintCodegen").url,
                arguments: ["embed", output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }

    private func isRulePage(_ name: String) -> Bool {
        name.hasSuffix(".md") && name.hasPrefix("EP") && name.count == "EP000.md".count
    }
}
