import Foundation
import TestSupport
import Testing

/// `--target NAME` (repeatable) narrows an Xcode project's lint to the targets named; a name
/// that is no target of the projects read stops the run.
@Suite struct TargetOptionTests {
    static func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)\n</dict>\n</plist>\n"
    }

    /// The files with findings, sorted.
    static func files(_ run: EplintRun) -> [String] {
        Set(run.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != ":" }) }).sorted()
    }

    @Test func onlyTheNamedTargetsAreLinted() throws {
        let project = try Project()
        // The app's Info.plist has EP101 (a region not lowercase), the widget's EP201 (http).
        try project.write(
            "App/Info.plist",
            Self.plist("\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>FR</string>\n\t</array>"))
        try project.write(
            "Widget/Info.plist",
            Self.plist(
                "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>fr</key>\n\t\t<string>http://example.com/fr</string>\n\t</dict>"
            ))
        try project.write(
            "App.xcodeproj/project.pbxproj",
            XcodeProjectText.pbxproj(
                target: ["INFOPLIST_FILE": "App/Info.plist"], widget: ["INFOPLIST_FILE": "Widget/Info.plist"]))

        let all = try project.run(["App.xcodeproj"])
        #expect(Self.files(all) == ["App/Info.plist", "Widget/Info.plist"], "\(all.standardOutput)")
        let widget = try project.run(["--target", "Widget", "App.xcodeproj"])
        #expect(Self.files(widget) == ["Widget/Info.plist"], "\(widget.standardOutput)")
        #expect(widget.standardOutput.contains("[EP201]") && widget.status == 1)
        let app = try project.run(["--target", "App", "App.xcodeproj"])
        #expect(Self.files(app) == ["App/Info.plist"], "\(app.standardOutput)")
        #expect(app.standardOutput.contains("[EP101]"))
        let both = try project.run(["--target", "App", "--target", "Widget", "App.xcodeproj"])
        #expect(Self.files(both) == Self.files(all), "\(both.standardOutput)")

        // A name no project has is a typo: the run stops (exit 2) and says which targets there are.
        for arguments in [["App.xcodeproj"], ["."], ["App/Info.plist"]] {
            let typo = try project.run(["--target", "App", "--target", "Widgte"] + arguments)
            #expect(typo.status == 2 && typo.standardOutput.isEmpty, "\(arguments): \(typo.standardOutput)")
            #expect(
                typo.standardError
                    == "error: eplint: --target 'Widgte' names no target of App.xcodeproj (targets: App, Widget)\n",
                "\(arguments): \(typo.standardError)")
        }
        #expect(try project.run(["context", "--target", "Widgte", "App.xcodeproj"]).status == 2)
    }
}
