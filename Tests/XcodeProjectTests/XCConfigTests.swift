import EplintBase
import Testing
import XcodeProject

@Suite struct XCConfigTests {
    func settings(
        _ files: [String: String], conditions: [String: String] = [:], read paths: [String] = ["/p/Release.xcconfig"]
    ) throws -> [String: String] {
        let reader = XCConfigReader(conditions: conditions) { files[$0] }
        return try reader.read(paths) { $0 }.mapValues(\.value)
    }

    /// Sixteen levels of settings that each name the next eight times would make 8^16
    /// copies: the value stops growing at the budget (64 KiB), the references left kept as written.
    @Test func referencesThatMultiplyStopAtTheBudget() throws {
        let lines = (0..<20).map { "A\($0) = " + String(repeating: "$(A\($0 + 1))", count: 8) } + ["A20 = x"]
        let value = try settings(["/p/Release.xcconfig": lines.joined(separator: "\n")])["A0"] ?? ""
        #expect(
            value.utf8.count > XCConfigReader.expansionBudget / 4
                && value.utf8.count < 2 * XCConfigReader.expansionBudget, "\(value.utf8.count)")
        #expect(value.hasPrefix("$(A17)") && value.hasSuffix("$(A1)"), "\(value.prefix(20)) \(value.suffix(20))")
    }

    @Test func readsAsXcodeDoes() throws {
        let files = [
            "/p/Release.xcconfig":
                "// comment\r\n#include \"Base.xcconfig\"\r\n#include? \"Missing.xcconfig\"\r\nSTORE = https:/$()/$(HOST)/buy // trailing\r\nPATHS = $(inherited) extra\r\nHOST = later.example.com\r\nURL[sdk=iphoneos*] = https:/$()/device.example.com\r\n",
            "/p/Base.xcconfig": "HOST = base.example.com\nURL = https:/$()/any.example.com;\n",
        ]
        let plain = try settings(files)
        #expect(plain["STORE"] == "https://later.example.com/buy")
        #expect(plain["PATHS"] == "extra")
        #expect(plain["URL"] == "https://any.example.com")
        #expect(try settings(files, conditions: ["sdk": "iphoneos17.2"])["URL"] == "https://device.example.com")
        #expect(try settings(files, conditions: ["sdk": "macosx"])["URL"] == "https://any.example.com")
    }

    @Test func missingIncludeIsAnError() {
        #expect(throws: ConfigurationError.self) {
            try settings(["/p/Release.xcconfig": "#include \"Nope.xcconfig\"\n"])
        }
        #expect(throws: ConfigurationError.self) {
            try settings(["/p/Loop.xcconfig": "#include \"Loop.xcconfig\"\n"], read: ["/p/Loop.xcconfig"])
        }
    }
}
