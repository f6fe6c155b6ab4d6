/// The `project.pbxproj` of a small Xcode project: one app target (and a `Widget` extension
/// target when its settings are given), configurations Debug and Release, with the project's
/// and the target's build settings and base xcconfig files given (paths relative to the
/// project folder).
package enum XcodeProjectText {
    package static func pbxproj(
        project: [String: String] = [:], target: [String: String], releaseTarget: [String: String]? = nil,
        xcconfig: String? = nil, targetXcconfig: String? = nil, widget: [String: String]? = nil
    ) -> String {
        func settings(_ values: [String: String]) -> String {
            values.sorted { $0.key < $1.key }.map { "\t\t\t\t\"\($0.key)\" = \"\($0.value)\";\n" }.joined()
        }
        let base = xcconfig.map { _ in "\t\t\tbaseConfigurationReference = F1 /* base */;\n" } ?? ""
        let targetBase = targetXcconfig.map { _ in "baseConfigurationReference = F2 /* target base */; " } ?? ""
        let targetReference =
            targetXcconfig.map { "\t\tF2 = {isa = PBXFileReference; path = \"\($0)\"; sourceTree = \"<group>\"; };\n" }
            ?? ""
        let widgetObjects =
            widget.map { values in
                """
                \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = WL; name = Widget; productType = "com.apple.product-type.app-extension"; };
                \t\tWL = {isa = XCConfigurationList; buildConfigurations = (WD, WR, ); defaultConfigurationName = Release; };
                \t\tWD = {isa = XCBuildConfiguration; buildSettings = {
                \(settings(values))\t\t\t}; name = Debug; };
                \t\tWR = {isa = XCBuildConfiguration; buildSettings = {
                \(settings(values))\t\t\t}; name = Release; };

                """
            } ?? ""
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tP1 = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G1; projectDirPath = ""; targets = (T1 /* App */, \(widget == nil ? "" : "T2 /* Widget */, ")); };
            \t\tG1 = {isa = PBXGroup; children = (F1, \(targetXcconfig == nil ? "" : "F2, ")); sourceTree = "<group>"; };
            \t\tF1 = {isa = PBXFileReference; path = "\(xcconfig ?? "none.xcconfig")"; sourceTree = "<group>"; };
            \(targetReference)\t\tPL = {isa = XCConfigurationList; buildConfigurations = (PD, PR, ); defaultConfigurationName = Release; };
            \t\tPD = {isa = XCBuildConfiguration;
            \(base)\t\t\tbuildSettings = {
            \(settings(project))\t\t\t};
            \t\t\tname = Debug; };
            \t\tPR = {isa = XCBuildConfiguration;
            \(base)\t\t\tbuildSettings = {
            \(settings(project))\t\t\t};
            \t\t\tname = Release; };
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = TL; name = App; productType = "com.apple.product-type.application"; };
            \t\tTL = {isa = XCConfigurationList; buildConfigurations = (TD, TR, ); defaultConfigurationName = Release; };
            \t\tTD = {isa = XCBuildConfiguration; \(targetBase)buildSettings = {
            \(settings(target))\t\t\t}; name = Debug; };
            \t\tTR = {isa = XCBuildConfiguration; \(targetBase)buildSettings = {
            \(settings(releaseTarget ?? target))\t\t\t}; name = Release; };
            \(widgetObjects)\t};
            \trootObject = P1 /* Project object */;
            }

            """
    }
}
