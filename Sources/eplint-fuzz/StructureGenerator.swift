import EplintBase
import EplintRules
import LintEngine
import Preprocessor
import XcodeProject

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The structure-building mode (`EPLINT_FUZZ_MODE=structure`): libFuzzer's bytes are a
/// recipe, not the input. Random bytes rarely nest, so the recipe says what to build — deep
/// nesting in `#if` and in macro arguments, long macro chains, wide argument lists, big
/// stringifications and pastes, deep plists, JSON, pbxproj and xcconfig references — at
/// sizes up to `StructureRecipe.largest`, with the recipe's other bytes spliced in as text.
struct StructureRecipe {
    /// Large enough to cross every limit (64 nested uses, 256 plist levels, the budgets) many
    /// times over, small enough for a few inputs a second under AddressSanitizer.
    static let largest = 60_000

    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func byte() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }

    /// Sizes spread over every order of magnitude from 1 to `largest`.
    mutating func size() -> Int {
        let raw = byte() << 8 | byte()
        let magnitude = Double(raw) / 65_535 * 4.78
        return max(1, min(Self.largest, Int(pow(10, magnitude))))
    }

    /// What is left of the recipe, as text to splice in (mutations then reach the output).
    mutating func rest() -> String {
        defer { index = bytes.count }
        return index < bytes.count ? String(decoding: bytes[index...], as: UTF8.self) : ""
    }
}

private let macros = """
    #define F(x) x
    #define G(x, ...) x __VA_ARGS__
    #define S(x) #x
    #define P(x, y) x ## y
    #define V(...) __VA_ARGS__
    #define E

    """
private let keys = "<key>SKExternalPurchase</key><array><string>NL</string></array>\n"

/// Openers and their closers, for nesting built without recursion.
private let expressionNests: [(String, String)] = [
    ("(", ")"), ("!", ""), ("- ", ""), ("~", ""), ("+", ""), ("1 ? ", " : 0"), ("0 ? 0 : ", ""), ("(1 ? ", " : 0)"),
    ("F(", ")"),
    ("G(", ", 1)"), ("1 + ", ""), ("2 * (", ")"), ("defined(A) || (", ")"), ("E ", ""),
]
private let textNests: [(String, String)] = [
    ("F(", ")"), ("G(", ", b)"), ("S(", ")"), ("(", ")"), ("P(a, ", ")"), ("V(", ", x)"), ("F(G(", "))"), ("E ", ""),
]

private func nested(_ recipe: inout StructureRecipe, _ nests: [(String, String)], depth: Int, core: String) -> String {
    var open = ""
    var closers: [String] = []
    let choices = recipe.byte() % 4 == 0 ? nests.count : 1 + recipe.byte() % nests.count
    for level in 0..<depth {
        let (opener, closer) = nests[(level * 7 + recipe.byte()) % choices]
        open += opener
        closers.append(closer)
    }
    return open + core + closers.reversed().joined()
}

/// One input built from a recipe, and what reads it.
func lintStructure(_ recipeBytes: [UInt8]) {
    var recipe = StructureRecipe(recipeBytes)
    let kind = recipe.byte() % 11
    let size = recipe.size()
    var plist: String?
    switch kind {
    case 0:
        plist =
            "<plist><dict>\n" + macros + "#if " + nested(&recipe, expressionNests, depth: size, core: "1") + "\n" + keys
            + "#endif\n</dict></plist>\n"
    case 1:
        plist =
            "<plist><dict>\n" + macros + "<key>SKExternalPurchase</key><array><string>"
            + nested(&recipe, textNests, depth: size, core: "NL" + recipe.rest())
            + "</string></array>\n</dict></plist>\n"
    case 2:
        // A chain of macros: object-like, function-like, or doubling at each step.
        let shape = recipe.byte() % 4
        // A step is a line of about 25 bytes: 10,000 steps keep an input under a second with AddressSanitizer.
        let size = min(size, 10_000)
        var text = "<plist><dict>\n"
        for step in 1...size {
            switch shape {
            case 0: text += "#define A\(step) A\(step - 1)\n"
            case 1: text += "#define A\(step)(x) A\(step - 1)(x)\n"
            case 2: text += "#define A\(step) A\(step - 1) A\(step - 1)\n"
            default: text += "#define A\(step) (A\(step - 1) + 1)\n"
            }
        }
        let use = shape == 1 ? "A\(size)(1)" : "A\(size)"
        text +=
            "#define A0 1\n#if " + use + "\n" + keys + "#endif\n<key>CFBundleName</key><string>" + use + recipe.rest()
            + "</string>\n"
        plist = text + "</dict></plist>\n"
    case 3:
        let argument = recipe.rest()
        plist =
            "<plist><dict>\n" + macros + "<key>SKExternalPurchase</key><array><string>V("
            + Array(repeating: "NL" + argument, count: size).joined(separator: ",")
            + ")</string></array>\n</dict></plist>\n"
    case 4:
        let piece = recipe.rest()
        plist =
            "<plist><dict>\n" + macros + "<key>CFBundleName</key><string>S("
            + String(repeating: "a " + piece, count: size) + ") P(" + String(repeating: "b", count: size)
            + ", c)</string>\n" + keys + "</dict></plist>\n"
    case 5:
        // A body that uses its argument many times, and pastes in a row.
        let uses = Array(repeating: "x", count: min(size, 4_096))
        plist =
            "<plist><dict>\n#define M(x) " + uses.joined(separator: " ") + "\n#define Q(x) "
            + uses.joined(separator: " ## ")
            + "\n<key>CFBundleName</key><string>M(" + String(repeating: "y ", count: size) + ") Q(z)" + recipe.rest()
            + "</string>\n" + keys + "</dict></plist>\n"
    case 6:
        plist =
            "<plist>" + String(repeating: "<array>", count: size) + recipe.rest()
            + String(repeating: "</array>", count: size) + "</plist>"
    case 7:
        plist =
            "<plist>" + String(repeating: "<dict><key>k</key>", count: size) + "<true/>" + recipe.rest()
            + String(repeating: "</dict>", count: size) + "</plist>"
    case 8:
        let json = nested(
            &recipe, [("[", "]"), ("{\"a\":", "}"), ("[1,", "]"), ("{\"externalPurchaseId\":", "}")], depth: size,
            core: "1" + recipe.rest())
        for text in ["{" + json.dropFirst(), json] {
            let bytes = Array(text.utf8)
            lintServerSide(bytes, sample: Sample(bytes))
        }
    case 9:
        let text =
            "// !$*UTF8*$!\n{ a = "
            + nested(&recipe, [("(", ")"), ("{b = ", ";}"), ("(c, ", ")")], depth: size, core: "d" + recipe.rest())
            + "; }"
        _ = try? OpenStepReader.parse(Array(text.utf8))
    default:
        let fanOut = 1 + recipe.byte() % 8
        var files = [
            "/p/A.xcconfig": (0..<min(size, 64)).map { "A\($0) = " + String(repeating: "$(A\($0 + 1))", count: fanOut) }
                .joined(separator: "\n")
        ]
        files["/p/A.xcconfig"]! += "\n" + recipe.rest()
        let reader = XCConfigReader(conditions: [:]) { files[$0] }
        _ = try? reader.read(["/p/A.xcconfig"]) { $0 }
    }
    guard let plist else { return }
    let bytes = Array(plist.utf8)
    for flags in [[], ["-traditional"]] {
        let linter = Linter(
            rules: allRules,
            configuration: LintConfiguration(preprocessing: PreprocessingOptions(mode: .auto, flags: flags)))
        var source = BytesSource(bytes)
        guard let result = try? linter.lint(&source, path: "Info.plist") else { continue }
        // A limit may stop the preprocessor, but never silently: the run must fail.
        if plist.contains("#if") || plist.contains("#define") {
            precondition(
                !result.diagnostics.contains { $0.rule == .ep002UnsupportedFormat } || result.diagnostics.count == 1,
                "EP002 from the preprocessor comes alone")
        }
    }
    lintEverything(bytes)
}
