import Foundation
import PlistSyntax
import Preprocessor
import TestSupport
import Testing

/// shared/corpus/preprocessed: real preprocessed plists (HexFiend, Chromium, XQuartz,
/// X11Libre) with the flags their builds pass and clang's output for each. eplint's
/// preprocessing must give clang's output byte for byte, and the same findings.
@Suite struct PreprocessedCorpusTests {
    static let corpus = SharedData.Item.preprocessed.present

    static let folders: [String] = {
        guard let corpus else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter {
            FileManager.default.fileExists(atPath: corpus.appendingPathComponent("\($0)/Info.plist").path)
        }.sorted()
    }()

    /// FLAGS split as a shell splits words (quotes removed, as clang-output.plist was made),
    /// `-include FILE` read from the folder.
    static func options(_ folder: URL) throws -> PreprocessingOptions {
        let words = shellWords(try String(contentsOf: folder.appendingPathComponent("FLAGS"), encoding: .utf8))
        var options = PreprocessingOptions(mode: .always)
        var index = 0
        while index < words.count {
            if words[index] == "-include", index + 1 < words.count {
                let header = try Data(contentsOf: folder.appendingPathComponent(words[index + 1]))
                options.prefixHeaders.append(
                    PreprocessingOptions.PrefixHeader(path: words[index + 1], text: Array(header)))
                index += 2
                continue
            }
            options.flags.append(words[index])
            index += 1
        }
        return options
    }

    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var current: String?
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current!.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                current = current ?? ""
            } else if character.isWhitespace {
                if let word = current { words.append(word) }
                current = nil
            } else {
                current = (current ?? "") + String(character)
            }
        }
        if let word = current { words.append(word) }
        return words
    }

    @Test(.requires(.preprocessed))
    func everyFolderIsThere() throws {
        _ = try SharedData.Item.preprocessed.require()
        #expect(Self.folders.count >= 4, "\(Self.folders)")
    }

    @Test(
        .requires(.preprocessed),
        arguments: folders)
    func outputAndFindingsAreClangs(_ name: String) throws {
        let folder = try #require(Self.corpus).appendingPathComponent(name)
        let source = Array(try Data(contentsOf: folder.appendingPathComponent("Info.plist")))
        let clangOutput = Array(try Data(contentsOf: folder.appendingPathComponent("clang-output.plist")))
        let options = try Self.options(folder)
        let ours = CPreprocessor.run(
            PlistParser.decodedText(source) ?? source, fileName: "Info.plist", options: options)
        #expect(String(decoding: ours.text, as: UTF8.self) == String(decoding: clangOutput, as: UTF8.self))
        #expect(
            PreprocessorDifferentialTests.findings(source, preprocessing: options)
                == PreprocessorDifferentialTests.findings(
                    clangOutput, preprocessing: PreprocessingOptions(mode: .never)))
        // Declared or found by its directive lines, the file is preprocessed the same way.
        var detected = options
        detected.mode = .auto
        #expect(
            PreprocessorDifferentialTests.findings(source, preprocessing: detected)
                == PreprocessorDifferentialTests.findings(source, preprocessing: options))
    }

    /// StoreKit keys with mistakes, on one line of plain text (no macro name, quote or `//`, so
    /// clang copies it as it is): the four real files have no StoreKit key, and their findings
    /// alone compare nothing with nothing.
    static let storeKitKeys =
        "<key>SKExternalPurchase</key><array><string>NL</string><string>fr</string><string>zz</string></array>"
        + "<key>SKExternalPurchaseLink</key><dict><key>fr</key><string>shop.example.com/buy</string><key>de</key><array/></dict>"

    /// `storeKitKeys` as a line of its own after the line of the first `<dict>` (the top-level one).
    static func withStoreKitKeys(_ bytes: [UInt8]) throws -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        let dict = try #require(text.range(of: "<dict>"))
        let lineEnd = try #require(text[dict.upperBound...].firstIndex(of: "\n"))
        return Array(
            (String(text[...lineEnd]) + storeKitKeys + "\n" + String(text[text.index(after: lineEnd)...])).utf8)
    }

    /// The real files with StoreKit keys: eplint's preprocessing gives the findings that linting
    /// clang's output (with the same line) gives, and there are findings to compare.
    @Test(
        .requires(.preprocessed),
        arguments: folders)
    func findingsWithStoreKitKeysAreClangs(_ name: String) throws {
        let folder = try #require(Self.corpus).appendingPathComponent(name)
        let source = try Self.withStoreKitKeys(Array(try Data(contentsOf: folder.appendingPathComponent("Info.plist"))))
        let clangOutput = try Self.withStoreKitKeys(
            Array(try Data(contentsOf: folder.appendingPathComponent("clang-output.plist"))))
        let ours = PreprocessorDifferentialTests.findings(source, preprocessing: try Self.options(folder))
        #expect(
            ours
                == PreprocessorDifferentialTests.findings(
                    clangOutput, preprocessing: PreprocessingOptions(mode: .never)))
        #expect(ours.count >= 4, "\(ours)")
    }
}
