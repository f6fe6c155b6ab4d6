import Testing

@testable import XcodeProject

/// Damaged projects get an error or a result, never a crash or a hang.
@Suite struct RobustnessTests {
    static let sample = """
        // !$*UTF8*$!
        { archiveVersion = 1; objectVersion = 56; objects = {
            P = {isa = PBXProject; buildConfigurationList = PL; mainGroup = G; projectDirPath = ""; targets = (T); };
            G = {isa = PBXGroup; children = (F1); sourceTree = "<group>"; };
            F1 = {isa = PBXFileReference; path = "Config/A.xcconfig"; sourceTree = "<group>"; };
            PL = {isa = XCConfigurationList; buildConfigurations = (PD); defaultConfigurationName = Debug; };
            PD = {isa = XCBuildConfiguration; baseConfigurationReference = F1; buildSettings = {
                SDKROOT = iphoneos; "X[sdk=iphoneos*]" = "$(Y:default=$(Z)) $(inherited)"; Y = "${X}"; LIST = (a, "b c", ); DATA = <0a0b>;
            }; name = Debug; };
            T = {isa = PBXNativeTarget; buildConfigurationList = TL; name = App; };
            TL = {isa = XCConfigurationList; buildConfigurations = (TD); };
            TD = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/\\U00e9/Info.plist"; CODE_SIGN_ENTITLEMENTS = "$(X)";}; name = Debug; };
        }; rootObject = P; }
        """

    @Test func mutatedProjectsNeverCrash() {
        let original = Array(Self.sample.utf8)
        let specials = Array("{}();=,\"'<>/*\\$[]:\n".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var parsed = 0
        for _ in 0..<2_000 {
            var bytes = original
            for _ in 0..<(1 + next(4)) {
                switch next(4) {
                case 0: if !bytes.isEmpty { bytes.removeSubrange(next(bytes.count)..<bytes.count) }
                case 1: if !bytes.isEmpty { bytes[next(bytes.count)] = specials[next(specials.count)] }
                case 2: bytes.insert(specials[next(specials.count)], at: next(bytes.count + 1))
                default: if !bytes.isEmpty { bytes.remove(at: next(bytes.count)) }
                }
            }
            guard (try? OpenStepReader.parse(bytes)) != nil else { continue }
            parsed += 1
            let files = [
                "/r/App.xcodeproj/project.pbxproj": bytes,
                "/r/Config/A.xcconfig": Array("#include \"A.xcconfig\"\nX = $(X)$(X)\n".utf8),
            ]
            guard let project = try? XcodeProjectFile(bundlePath: "/r/App.xcodeproj", readBytes: { files[$0] }) else {
                continue
            }
            let resolver = ProjectResolver(
                readFile: { files[$0].map { String(decoding: $0, as: UTF8.self) } }, fileExists: { _ in false },
                shown: { $0 })
            _ = resolver.resolve(project)
        }
        #expect(parsed > 100, "mutations that still parse exercise the resolver")
    }

    @Test func deepNestingIsRefused() {
        let deep = Array((String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)).utf8)
        #expect(throws: OpenStepError.self) { try OpenStepReader.parse(deep) }
    }
}
