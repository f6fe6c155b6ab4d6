import RunPlan
import TestSupport
import Testing

/// A configuration file or prefix header that is there but cannot be opened (a Run Script
/// phase under Xcode's user-script sandboxing gets EPERM for any file it did not declare) stops
/// the run and says what to declare; only one that is not there is passed over. The memory file
/// system denies what a test asks it to: as root, chmod 000 does not.
@Suite struct UnreadableFileTests {
    static let configuration = "disable: [EP206]\n"

    static func found(_ files: [String: String], denied: Set<String> = [], in folder: String = "/work")
        throws(PlanFailure) -> (path: String, text: String)?
    {
        var fileSystem = MemoryFileSystem(files, denied: denied)
        fileSystem.workingDirectory = folder
        return try fileSystem.configurationFile(explicit: nil)
    }

    static func failure(_ body: () throws(PlanFailure) -> Void) -> String? {
        do throws(PlanFailure) {
            try body()
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theNearestConfigurationIsFoundAndAbsentOnesArePassedOver() throws {
        let nearest = try Self.found([".eplint.yml": Self.configuration, "App/Info.plist": ""], in: "/work/App")
        #expect(nearest?.path == "../.eplint.yml" && nearest?.text == Self.configuration)
        #expect(try Self.found(["App/Info.plist": ""], in: "/work/App") == nil)
        // One nearer than an unreadable one is used: the unreadable one is never opened.
        let nearer = try Self.found(
            [".eplint.yml": "", "App/.eplint.yml": Self.configuration], denied: [".eplint.yml"], in: "/work/App")
        #expect(nearer?.path == ".eplint.yml" && nearer?.text == Self.configuration)
    }

    @Test func anUnreadableConfigurationStopsTheRunAndNamesTheSandbox() {
        let here = Self.failure { () throws(PlanFailure) in
            _ = try Self.found([".eplint.yml": Self.configuration], denied: [".eplint.yml"])
        }
        #expect(
            here
                == "cannot read configuration file '.eplint.yml': Operation not permitted (in an Xcode Run Script phase,"
                + " user-script sandboxing lets the script read only its input files: add $(SRCROOT)/.eplint.yml"
                + " to the phase's Input Files)")
        // In a parent folder, above App/ where the run is.
        let parent = Self.failure { () throws(PlanFailure) in
            _ = try Self.found(
                [".eplint.yml": Self.configuration, "App/Info.plist": ""], denied: [".eplint.yml"], in: "/work/App")
        }
        #expect(parent?.hasPrefix("cannot read configuration file '../.eplint.yml': Operation not permitted") == true)
        #expect(parent?.contains("add $(SRCROOT)/../.eplint.yml to the phase's Input Files") == true)
        // Named with --config.
        let named = Self.failure { () throws(PlanFailure) in
            _ = try MemoryFileSystem(["Lint.yml": ""], denied: ["Lint.yml"]).configurationFile(explicit: "Lint.yml")
        }
        #expect(named?.hasPrefix("cannot read configuration file 'Lint.yml': Operation not permitted (") == true)
    }

    /// Not a regular file: an error too, without the sandbox's hint.
    @Test func aFolderNamedLikeTheConfigurationStopsTheRun() {
        let folder = Self.failure { () throws(PlanFailure) in _ = try Self.found([".eplint.yml/x": ""]) }
        #expect(folder == "cannot read configuration file '.eplint.yml': not a regular file")
    }

    static func planner(_ files: [String: String], denied: Set<String>, change: (inout PlanOptions) -> Void = { _ in })
        -> RunPlanner
    {
        var options = PlanOptions()
        options.paths = ["."]
        change(&options)
        return RunPlanner(options: options, fileSystem: MemoryFileSystem(files, denied: denied), note: { _ in })
    }

    @Test func anUnreadablePrefixHeaderNamesTheSandbox() {
        let planner = Self.planner(["Config/InfoPlist.h": "#define STORE 1\n"], denied: ["Config/InfoPlist.h"]) {
            $0.prefixHeader = "Config/InfoPlist.h"
        }
        let message = Self.failure { () throws(PlanFailure) in _ = try planner.runConfiguration(nil) }
        #expect(message?.hasPrefix("cannot read prefix header 'Config/InfoPlist.h': Operation not permitted (") == true)
        #expect(message?.contains("add $(SRCROOT)/Config/InfoPlist.h to the phase's Input Files") == true)
    }

    /// The target's INFOPLIST_PREFIX_HEADER: read when it can be, passed over when it is not
    /// there (as before), a failure of the run when it is there but cannot be read.
    @Test func theTargetsPrefixHeaderIsReadOrStopsTheRun() throws {
        let project = XcodeProjectText.pbxproj(target: [
            "INFOPLIST_FILE": "App/Info.plist", "SDKROOT": "iphoneos", "INFOPLIST_PREPROCESS": "YES",
            "INFOPLIST_PREFIX_HEADER": "Config/InfoPlist.h",
            // The device alone: one context per configuration (Debug, Release).
            "SUPPORTED_PLATFORMS": "iphoneos",
        ])
        func plan(_ header: String?, denied: Set<String> = []) throws(PlanFailure) -> [TargetLintContext] {
            var files = ["App/Info.plist": "<plist><dict/></plist>\n", "App.xcodeproj/project.pbxproj": project]
            files["Config/InfoPlist.h"] = header
            let planner = Self.planner(files, denied: denied)
            return try planner.xcodeLintPlan(planner.runConfiguration(nil), configurationFile: nil)
                .contexts(of: "App/Info.plist") ?? []
        }
        let read = try plan("#define STORE 1\n")
        #expect(read.count == 2)
        #expect(read.allSatisfy { $0.configuration.preprocessing.prefixHeaders.map(\.path) == ["Config/InfoPlist.h"] })
        let absent = try plan(nil)
        #expect(absent.count == 2 && absent.allSatisfy { $0.configuration.preprocessing.prefixHeaders.isEmpty })
        let message = Self.failure { () throws(PlanFailure) in
            _ = try plan("#define STORE 1\n", denied: ["Config/InfoPlist.h"])
        }
        #expect(
            message?.hasPrefix(
                "cannot read prefix header 'Config/InfoPlist.h' (INFOPLIST_PREFIX_HEADER of App/Debug): Operation not permitted ("
            ) == true)
        #expect(message?.contains("add $(SRCROOT)/Config/InfoPlist.h to the phase's Input Files") == true)
    }
}
