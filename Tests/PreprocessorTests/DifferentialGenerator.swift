import TestSupport

/// Plists made of random pieces that exercise the preprocessor where it meets plist text:
/// conditionals with `&&`, `<` and comments, macros in text and keys (object- and
/// function-like, from `#define`, `-D` and a prefix header), apostrophes and quotes in
/// text, URLs (whose `//` cpp takes for a comment), `-traditional` on and off.
struct DifferentialGenerator {
    /// The same cases on every machine.
    private var generator: SplitMix64

    init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    private mutating func next() -> UInt64 { generator.next() }

    private mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
    private mutating func chance(_ percent: UInt64) -> Bool { next() % 100 < percent }

    private static let conditions = [
        "defined(A) && defined(B)", "A < 2", "A", "!A", "defined DEBUG // R&D", "B > 1 || defined(C)", "MODE == 2",
        "A && (B || C)",
        "defined(A) /* note & more */", "(A + B) * 2 >= 4", "A ? B : C", "VERSION >= 3", "__has_include(<X/X.h>)", "1",
        "0",
    ]
    private static let regionTexts = [
        "nl", "fr", "NL", "xx", "REGION", "R(de)", "E nl", "it's", "\"nl\"", "nl // x", "nl /* c */", "CAT(n, l)",
    ]
    private static let urlTexts = [
        "https://example.com/nl", "http://example.com/p", "https://example.com/p?q=1", "STORE_URL", "URL(fr)",
        "https://shop.example.com/FOO/x",
        "HEADER_URL", "\"https://example.com/q\"", "https:/example.com", "https://example.com/a'b",
        "https://example.com/R(x)", "BASE/path",
    ]
    private static let keyTexts = ["SKExternalPurchase", "KEY", "CAT(SKExternal, Purchase)"]
    private static let definitions = [
        "#define STORE_URL https://store.example.com/nl", "#define STORE_URL http://store.example.com/nl?x",
        "#define REGION nl",
        "#define REGION fr", "#define R(x) x", "#define URL(r) https://example.com/r", "#define KEY SKExternalPurchase",
        "#define E",
        "#define CAT(a, b) a##b", "#define FOO bar", "#define BASE https://base.example.com", "#define MODE 2",
        "#define VERSION 3",
        "#undef A", "#define A 1", "#define B A + 1",
    ]
    private static let flagChoices = [
        "-DA", "-DB=2", "-DC", "-DDEBUG", "-DMODE=2", "-DVERSION=4", "-DSTORE_URL=https://d.example.com/nl",
        "-DREGION=de", "-UA", "-DFOO=https://foo.example.com",
    ]

    mutating func makeCase(index: Int) -> DifferentialCase {
        var lines: [String] = []
        for _ in 0..<Int(next() % 3) { lines.append(pick(Self.definitions)) }
        var depth = 0
        for _ in 0..<(1 + Int(next() % 4)) {
            if chance(45) {
                lines.append(
                    pick(["#if ", "#elif ", "#ifdef A\n#if "])
                        .replacingOccurrences(depth: depth) + pick(Self.conditions))
                if lines.last!.hasPrefix("#ifdef A") { depth += 2 } else if lines.last!.hasPrefix("#if") { depth += 1 }
            }
            lines.append(entry())
            if chance(20) { lines.append(pick(Self.definitions)) }
            if depth > 0 && chance(40) {
                lines.append(pick(["#else", "#else // other", "#endif", "#endif /* done */"]))
                if lines.last!.hasPrefix("#endif") { depth -= 1 } else { lines.append(entry()) }
            }
        }
        while depth > 0 {
            lines.append("#endif")
            depth -= 1
        }
        var flags: [String] = []
        for _ in 0..<Int(next() % 4) { flags.append(pick(Self.flagChoices)) }
        if chance(45) { flags.append(pick(["-traditional", "-traditional-cpp"])) }
        let header = chance(25) ? "#define HEADER_URL https://header.example.com/nl\n#define REGION be\n" : nil
        return DifferentialCase(
            name: "generated \(index)", source: DifferentialCases.wrap(lines.joined(separator: "\n")), flags: flags,
            prefixHeader: header)
    }

    private static let soup = [
        "FOO", "F(", "G(", ")", ",", "(", " ", "  ", "\t", "'", "\"", "//", "/*", "*/", "#", "##", "-", "--", "+", "<",
        ">", "=", "&amp;",
        "1.2e+", "0x1F", ".5", "x", "E", "L", "u8", "\\", "\n", "\n\t\t", "é", "’", "%:", "<:", "a'b'", "\"q\"",
        "http://a.b/c", "S(", "CAT(",
        "?", ":", ";", "$x", "@", "`", "~", "!", "!=", "|", "^",
    ]
    private static let soupDefinitions = [
        "#define FOO bar", "#define F(x) [x]", "#define G(a, b) a-b", "#define E", "#define S(x) #x",
        "#define CAT(a, b) a ## b",
        "#define x FOO", "#define L long", "#define H(x) x # x",
    ]

    /// Random text in a string value: every kind of token, quote, comment and macro use.
    mutating func makeSoupCase(index: Int) -> DifferentialCase {
        var lines = (0..<(1 + Int(next() % 4))).map { _ in pick(Self.soupDefinitions) }
        var text = ""
        for _ in 0..<(3 + Int(next() % 14)) { text += pick(Self.soup) }
        lines.append("\t<key>CFBundleName</key>\n\t<string>\(text)</string>")
        lines.append("\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t</array>")
        let flags = chance(50) ? ["-traditional"] : []
        return DifferentialCase(
            name: "soup \(index)", source: DifferentialCases.wrap(lines.joined(separator: "\n")), flags: flags)
    }

    private static let expressionSoup = [
        "A", "B", "1", "0", "0x10", "'a'", "'\\n'", "(", ")", "+", "-", "*", "/", "%", "<<", ">>", "<", ">", "<=", ">=",
        "==", "!=", "&", "|",
        "^", "&&", "||", "!", "~", "?", ":", ",", "defined", "defined(A)", "F(1)", "2u", "-1", "10000000000", " ",
        "/* c */", "// c",
    ]
    private static let directiveSoup = [
        "#define A 2", "#define B (A + 1)", "#define F(x) ((x) * 2)", "#undef A", "#define A", "#else", "#endif",
        "#define E", "#define S(x) #x",
        "#pragma mark x", "#line 50", "#define G(a, ...) a __VA_ARGS__", "#ident \"x\"", "#elif", "#ifdef A",
        "#ifndef B", "#if",
    ]

    /// Directive and text lines in random order, expressions from random tokens.
    mutating func makeDirectiveSoupCase(index: Int) -> DifferentialCase {
        var lines: [String] = []
        for _ in 0..<(2 + Int(next() % 10)) {
            if chance(50) {
                var line = pick(Self.directiveSoup)
                if line == "#if" || line == "#elif" {
                    for _ in 0..<(1 + Int(next() % 6)) { line += " " + pick(Self.expressionSoup) }
                }
                lines.append(line)
            } else {
                var text = ""
                for _ in 0..<(1 + Int(next() % 8)) { text += pick(Self.soup) }
                lines.append("\t<key>CFBundleName</key>\n\t<string>\(text)</string>")
            }
        }
        lines.append("\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>NL</string>\n\t</array>")
        let flags = chance(40) ? ["-traditional"] : []
        return DifferentialCase(
            name: "directive soup \(index)", source: DifferentialCases.wrap(lines.joined(separator: "\n")), flags: flags
        )
    }

    private mutating func entry() -> String {
        switch next() % 4 {
        case 0:
            var items = ""
            for _ in 0..<(1 + Int(next() % 3)) { items += "\t\t<string>\(pick(Self.regionTexts))</string>\n" }
            return "\t<key>\(pick(Self.keyTexts))</key>\n\t<array>\n\(items)\t</array>"
        case 1:
            var items = ""
            for _ in 0..<(1 + Int(next() % 3)) {
                items += "\t\t<key>\(pick(Self.regionTexts))</key>\n\t\t<string>\(pick(Self.urlTexts))</string>\n"
            }
            return "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\(items)\t</dict>"
        case 2:
            return
                "\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>\(pick(Self.regionTexts))</key>\n\t\t<array>\n\t\t\t<string>\(pick(Self.urlTexts))</string>\n\t\t\t<string>\(pick(Self.urlTexts))</string>\n\t\t</array>\n\t</dict>"
        default:
            return
                "\t<key>CFBundleDisplayName</key>\n\t<string>\(pick(["Don't panic", "R&amp;D", "a < b", "FOO", "\"FOO\"", "x // y", "café FOO"]))</string>"
        }
    }
}

extension String {
    /// An `#elif` needs an open group: at depth 0 it becomes `#if`.
    fileprivate func replacingOccurrences(depth: Int) -> String { depth == 0 && self == "#elif " ? "#if " : self }
}
