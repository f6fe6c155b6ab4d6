import Foundation
import PackagePlugin

/// Generates the list of rules from the rule files' names (`EP203UrlHasQuery.swift` declares
/// `struct EP203UrlHasQuery: LintRule`), so adding a rule never edits a central registry.
@main
struct RegisterRules: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target.sourceModule else { return [] }
        let ruleFiles = module.sourceFiles(withSuffix: "swift")
            .map(\.url)
            .filter { url in
                let name = url.deletingPathExtension().lastPathComponent
                return name.count > 5 && name.hasPrefix("EP") && name.dropFirst(2).prefix(3).allSatisfy(\.isNumber)
            }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "RuleRegistry.swift")
        return [
            .buildCommand(
                displayName: "Registering the rules of \(target.name)",
                executable: try context.tool(named: "EplintCodegen").url,
                arguments: ["register", output.path] + ruleFiles.map(\.path),
                inputFiles: ruleFiles,
                outputFiles: [output]
            ),
        ]
    }
}
