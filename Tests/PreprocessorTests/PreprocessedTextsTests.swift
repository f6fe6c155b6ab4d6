import Preprocessor
import Testing

/// A run preprocesses a text once per distinct input (`PreprocessedTexts`, issue 45): the same
/// inputs again give the kept text, and a header is read once; what differs in what the text
/// uses (definitions, a platform macro it reads) preprocesses again.
@Suite struct PreprocessedTextsTests {
    /// An include reader over `files` that counts its reads.
    final class CountingReader: @unchecked Sendable {
        var reads = 0
        let files: [String: String]
        init(_ files: [String: String]) { self.files = files }

        var reader: IncludeReader {
            IncludeReader(name: "counted") { path, _ in
                self.reads += 1
                return self.files[path].map { .read(bytes: Array($0.utf8), identity: path) } ?? .missing
            }
        }
    }

    static func body(_ inside: String) -> [UInt8] {
        Array("<plist><dict>\n#include \"Keys.h\"\n\(inside)</dict></plist>\n".utf8)
    }

    /// Preprocesses `source` once per option set, all with one run's cache; the texts made and
    /// the header's reads.
    static func run(_ source: [UInt8], _ variants: [PreprocessingOptions]) -> (made: Int, reads: Int, texts: [String]) {
        let counting = CountingReader(["Keys.h": "#define REGION nl\n"])
        let cache = PreprocessedTexts()
        let texts = variants.map { variant in
            var options = variant
            options.includeReader = counting.reader
            options.preprocessed = cache
            return String(
                decoding: CPreprocessor.run(source, fileName: "Info.plist", options: options).text, as: UTF8.self)
        }
        return (cache.made, counting.reads, texts)
    }

    @Test func theSameInputsInTwoContextsPreprocessOnce() {
        let source = Self.body("<key>K</key><string>REGION</string>\n")
        let options = PreprocessingOptions(mode: .always, definitions: ["A=1"], platform: .iOS)
        var simulator = options
        simulator.platform = .iOSSimulator
        // Another platform, but the text reads none of its macros.
        let (made, reads, texts) = Self.run(source, [options, options, simulator])
        #expect(made == 1)
        #expect(reads == 1)
        #expect(Set(texts).count == 1)
        #expect(texts[0].contains("<string>nl</string>"))
    }

    @Test func whatTheTextUsesDifferingPreprocessesAgain() {
        let source = Self.body("#if TARGET_OS_SIMULATOR\n<key>Simulator</key><true/>\n#endif\n")
        let device = PreprocessingOptions(mode: .always, platform: .iOS)
        var simulator = device
        simulator.platform = .iOSSimulator
        let platforms = Self.run(source, [device, simulator, device])
        #expect(platforms.made == 2)
        #expect(platforms.reads == 2)
        #expect(!platforms.texts[0].contains("Simulator") && platforms.texts[1].contains("Simulator"))
        #expect(platforms.texts[2] == platforms.texts[0])
        // A definition differs; so does a platform that is not known (its macros undefined).
        var defined = device
        defined.definitions = ["TARGET_OS_SIMULATOR=1"]
        var unknown = device
        unknown.platform = nil
        #expect(Self.run(source, [device, defined, unknown]).made == 3)
        // A platform macro the text redefines before reading it is the same on every platform.
        let redefined = Self.body(
            "#undef TARGET_OS_SIMULATOR\n#define TARGET_OS_SIMULATOR 1\n#if TARGET_OS_SIMULATOR\n#endif\n")
        #expect(Self.run(redefined, [device, simulator]).made == 1)
    }

    /// A cache holds at most its bytes: past them the oldest texts are made again.
    @Test func theCacheIsBounded() {
        let cache = PreprocessedTexts(byteLimit: 200)
        var options = PreprocessingOptions(mode: .always)
        options.preprocessed = cache
        let first = Array("<plist><string>\(String(repeating: "a", count: 60))</string></plist>\n".utf8)
        let second = Array("<plist><string>\(String(repeating: "b", count: 60))</string></plist>\n".utf8)
        for source in [first, first, second, first] {
            _ = CPreprocessor.run(source, fileName: "Info.plist", options: options)
        }
        #expect(cache.made == 3)
    }
}
