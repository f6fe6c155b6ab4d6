/// Inputs for the differential tests: hand-written ones for each behaviour of cpp that
/// matters to a plist, and generated ones that combine them.
struct DifferentialCase: CustomStringConvertible {
    var name: String
    var source: String
    var flags: [String] = []
    var prefixHeader: String?

    var description: String { name }
}

enum DifferentialCases {
    static func wrap(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>

        """
    }

    static let links = """
        \t<key>SKExternalPurchaseLink</key>
        \t<dict>
        \t\t<key>nl</key>
        \t\t<string>https://example.com/nl</string>
        \t\t<key>fr</key>
        \t\t<string>http://example.com/fr?x=1</string>
        \t</dict>
        """

    static let regions = """
        \t<key>SKExternalPurchase</key>
        \t<array>
        \t\t<string>nl</string>
        \t\t<string>FR</string>
        \t</array>
        """

    static let handWritten: [DifferentialCase] = {
        var cases: [DifferentialCase] = []
        func add(_ name: String, _ body: String, flags: [[String]] = [[], ["-traditional"]], header: String? = nil) {
            for (index, set) in flags.enumerated() {
                cases.append(
                    DifferentialCase(
                        name: "\(name) #\(index) \(set.joined(separator: " "))", source: wrap(body), flags: set,
                        prefixHeader: header))
            }
        }
        add(
            "and-or-less", "#if defined(A) && defined(B) || X < 2\n\(regions)\n#endif",
            flags: [[], ["-DA", "-DB"], ["-DX=3"], ["-traditional", "-DX=1"]])
        add(
            "comment in #ifdef", "#ifdef DEBUG // R&D\n\(regions)\n#else /* release */\n\(links)\n#endif",
            flags: [[], ["-DDEBUG"], ["-traditional"]])
        add(
            "comparison", "#if MODE == 2\n\(regions)\n#elif MODE > 2\n\(links)\n#endif",
            flags: [[], ["-DMODE=2"], ["-DMODE=3"], ["-traditional", "-DMODE=2"]])
        add("has_include", "#if __has_include(<NoSuchHeader/X.h>)\n\(regions)\n#else\n\(links)\n#endif")
        add(
            "nested", "#ifdef A\n#ifndef B\n\(regions)\n#else\n\(links)\n#endif\n#elif defined C\n\(links)\n#endif",
            flags: [[], ["-DA"], ["-DA", "-DB"], ["-DC"]])
        add(
            "macro in text",
            "#define STORE_URL https://shop.example.com/nl?ref=1\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>STORE_URL</string>\n\t</dict>"
        )
        add(
            "macro from -D",
            "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>STORE_URL</string>\n\t</dict>\n#define UNUSED",
            flags: [
                ["-DSTORE_URL=http://x.example.com/a"], ["-traditional", "-DSTORE_URL=http://x.example.com/a"],
                ["-traditional", "-DSTORE_URL=https://x.example.com/a?b"],
            ])
        add(
            "macro in key",
            "#define KEY SKExternalPurchase\n\t<key>KEY</key>\n\t<array>\n\t\t<string>nl</string>\n\t\t<string>NL</string>\n\t</array>"
        )
        add(
            "function-like",
            "#define URL(region) https://example.com/region\n#define Q(x) x?q=1\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>URL(nl)</string>\n\t\t<key>de</key>\n\t\t<string>Q(URL(de))</string>\n\t</dict>"
        )
        add(
            "function-like without args",
            "#define F(x) x\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>F</string>\n\t\t<string>F (nl)</string>\n\t\t<string>F(\n nl)</string>\n\t</array>"
        )
        add(
            "stringize and paste",
            "#define S(x) #x\n#define C(a, b) a##b\n\t<key>C(SKExternal, Purchase)</key>\n\t<array>\n\t\t<string>S(nl)</string>\n\t\t<string>C(f, r)</string>\n\t</array>"
        )
        add(
            "recursion",
            "#define nl nl\n#define A B\n#define B A\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t\t<string>A</string>\n\t</array>"
        )
        add(
            "apostrophe",
            "\t<key>CFBundleName</key>\n\t<string>Don't STORE // x</string>\n#define STORE nl\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>it's STORE</string>\n\t\t<string>STORE</string>\n\t</array>"
        )
        add(
            "quotes",
            "#define REGION nl\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>\"REGION\"</string>\n\t\t<string>REGION</string>\n\t\t<string>'REGION'</string>\n\t</array>"
        )
        add("url comment", "#ifndef X\n\(links)\n#endif", flags: [[], ["-traditional"], ["-traditional-cpp"]])
        add(
            "url in string literal",
            "#ifndef X\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>\"https://example.com/nl\"</string>\n\t</dict>\n#endif"
        )
        add("xml comment with url", "#if 1\n\t<!-- see http://example.com -->\n\(regions)\n#endif")
        add(
            "block comment",
            "#if 1\n\(regions)\n\t<!-- a /* b --> c */ -->\n#endif\n/* a comment\n over lines */\n\(links)")
        add("splice", "#if defined(A) \\\n  || defined(B)\n\(regions)\n#endif", flags: [[], ["-DB"]])
        add(
            "prefix header",
            "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>HEADER_URL</string>\n\t</dict>\n#ifdef FROM_HEADER\n\(regions)\n#endif",
            flags: [[], ["-traditional"]],
            header: "#define HEADER_URL https://example.com/from-header\n#define FROM_HEADER 1\n")
        add("undef", "#define A\n#undef A\n#ifdef A\n\(regions)\n#else\n\(links)\n#endif", flags: [[], ["-UA"]])
        add("-U", "#ifdef A\n\(regions)\n#endif", flags: [["-DA", "-UA"], ["-DA"]])
        add(
            "empty macro",
            "#define E\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>E nl E</string>\n\t\t<string>nlE</string>\n\t</array>"
        )
        add(
            "arithmetic",
            "#if (1 << 3) == 8 && -1 < 0 && 0x10 == 16 && 010 == 8 && 'a' == 97 && (2 ? 1 : 0) && !0 && ~0 == -1 && 7 / 2 == 3 && 7 % 4 == 3\n\(regions)\n#endif"
        )
        add("unsigned", "#if -1 > 0u\n\(regions)\n#else\n\(links)\n#endif")
        add("short circuit", "#if 0 && (1 / 0)\n\(regions)\n#else\n\(links)\n#endif")
        // Numbers at intmax_t's ends, where arithmetic on them would trap if not wrapped (issue 46).
        add(
            "intmax ends",
            "#if (-9223372036854775807 - 1) / -1 < 0 && (-9223372036854775807 - 1) % -1 == 0\n\(regions)\n#else\n\(links)\n#endif"
        )
        add(
            "wrapping arithmetic",
            "#if 9223372036854775807 + 1 < 0 && -(-9223372036854775807 - 1) < 0 && 18446744073709551615u * 3 == 18446744073709551613u\n\(regions)\n#endif"
        )
        add(
            "shifts past the width",
            "#if (1 << 63) < 0 && (1 << 64) == 0 && (-1 >> 70) == -1 && (1 >> -1) == 0 && (18446744073709551615u >> 64) == 1 && (1 << -1) == 0\n\(regions)\n#endif"
        )
        add(
            "elif chain",
            "#if A == 1\n\(regions)\n#elif A == 2\n\(links)\n#elif A == 3\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>de</string>\n\t</array>\n#else\n\(links)\n#endif",
            flags: [["-DA=1"], ["-DA=2"], ["-DA=3"], ["-DA=4"]])
        add("macro in #if", "#define VERSION 3\n#define NEWER(v) (VERSION > (v))\n#if NEWER(2)\n\(regions)\n#endif")
        add("pragma", "#pragma mark Links\n\(links)")
        add("line directive", "#line 100\n\(regions)")
        add("indented directives", "  #  if 1\n\(regions)\n\t#endif")
        add("text after else", "#ifdef A\n\(regions)\n#else junk\n\(links)\n#endif junk")
        add("hash in text", "\t<key>CFBundleName</key>\n\t<string>a # b ## c</string>\n#if 1\n\(regions)\n#endif")
        add(
            "pp-numbers",
            "#define e nl\n#define x fr\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>1e</string>\n\t\t<string>0x</string>\n\t\t<string>e</string>\n\t</array>"
        )
        add(
            "dollar and unicode",
            "#define caf nl\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>café</string>\n\t\t<string>caf</string>\n\t\t<string>$caf</string>\n\t</array>"
        )
        add(
            "punctuation spacing",
            "#define MINUS -\n#define LT <\n\t<key>CFBundleName</key>\n\t<string>-MINUS MINUS- a-MINUS-b</string>\n\(regions)"
        )
        add(
            "variadic",
            "#define V(...) __VA_ARGS__\n#define W(a, ...) a, ## __VA_ARGS__ end\n\t<key>CFBundleName</key>\n\t<string>V(a, b) W(x) W(x, y)</string>\n\(regions)"
        )
        add(
            "tabs and spaces",
            "\t<key>CFBundleName</key>\n\t<string>  many   spaces\there  </string>\n#ifdef Z\n#endif\n\(regions)")
        add(
            "multi-line string",
            "\t<key>CFBundleName</key>\n\t<string>line one\n\n\n  line two</string>\n#if 1\n#endif\n\(regions)")
        add("directive first", "#define A 1\n\(regions)")
        add("url in key", "#if 1\n\t<key>https://example.com/key</key>\n\t<string>x</string>\n\(regions)\n#endif")
        add(
            "multilink",
            "#if 1\n\t<key>SKExternalPurchaseMultiLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<array>\n\t\t\t<string>https://a.example.com/MACRO</string>\n\t\t\t<string>STORE</string>\n\t\t</array>\n\t</dict>\n#endif",
            flags: [["-DSTORE=https://b.example.com"], ["-traditional", "-DSTORE=https://b.example.com", "-DMACRO=x"]])
        add(
            "defined without parens", "#if defined A && !defined B\n\(regions)\n#endif",
            flags: [["-DA"], ["-DA", "-DB"]])
        add("char and true", "#if true || 'ab' == 24930\n\(regions)\n#endif")
        add("ifdef in skipped", "#if 0\n#if garbage (((\n#else\n#endif\n\(regions)\n#else\n\(links)\n#endif")
        add(
            "macro value in #if", "#if A\n\(regions)\n#endif",
            flags: [["-DA=0"], ["-DA"], ["-DA=A"], ["-DA=B", "-DB=5"]])
        add(
            "builtins",
            "\t<key>CFBundleName</key>\n\t<string>__LINE__ __COUNTER__ __COUNTER__ __STDC_VERSION__ __clang__</string>\n#line 40\n\t<key>CFBundleVersion</key>\n\t<string>__LINE__</string>\n\(regions)"
        )
        add(
            "typographic apostrophe",
            "#define STORE nl\n\t<key>CFBundleName</key>\n\t<string>Don’t STORE // x</string>\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>STORE</string>\n\t</array>"
        )
        add(
            "splice in text",
            "#if 1\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>n\\\nl</string>\n\t</array>\n#endif")
        add("trigraphs", "#if 1\n\t<key>CFBundleName</key>\n\t<string>what??! ??= ??/</string>\n\(regions)\n#endif")
        add("digraphs", "#if 1\n\t<key>CFBundleName</key>\n\t<string>a<:b:> <%c%> %:d</string>\n\(regions)\n#endif")
        add(
            "macro at line start",
            "#define OPEN <string>\n#define REGION nl\n\t<key>SKExternalPurchase</key>\n\t<array>\nOPEN REGION</string>\n\t\tOPEN\tfr</string>\n\t</array>"
        )
        add(
            "comment across lines in text",
            "#if 1\n\(regions)\n\t<key>CFBundleName</key> /* a\n b */ <string>x</string>\n#endif")
        add(
            "comment between tokens",
            "#define REGION nl\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>/* c */REGION/**/</string>\n\t\t<string>a/**/b</string>\n\t</array>"
        )
        add(
            "trailing line comment in trad", "#ifdef A // note\n\(regions)\n#endif // A",
            flags: [["-traditional", "-DA"]])
        add(
            "nested calls across lines",
            "#define URL(host, path) https://host/path\n#define H(x) x.example.com\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>URL(H(shop),\n\t\t\tnl)</string>\n\t</dict>"
        )
        add("no final newline", "#if 1\n\(regions)\n#endif")
        add(
            "unknown pragma",
            "#pragma clang diagnostic ignored \"-Wall\"\n#pragma once\n#pragma GCC poison x\n\(regions)")
        add(
            "object macro to function macro",
            "#define U URL\n#define URL(r) https://example.com/r\n\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>U(nl)</string>\n\t</dict>"
        )
        add(
            "hide set across rescans",
            "#define f(a) a*g\n#define g(a) f(a)\n\t<key>CFBundleName</key>\n\t<string>f(2)(9)</string>\n\(regions)")
        add(
            "paste making a macro name",
            "#define CAT(a, b) a##b\n#define REGIONnl nl\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>CAT(REGION, nl)</string>\n\t\t<string>CAT(, fr)</string>\n\t\t<string>CAT(de, )</string>\n\t</array>"
        )
        add(
            "stringize spacing",
            "#define S(x) #x\n\t<key>CFBundleName</key>\n\t<string>S(  a   \"b\\\\\"  'c' )</string>\n\(regions)")
        add("blank lines", "\n\n\n#if 1\n\n\n\(regions)\n\n\n\n\n\n\n\n\n\n\n#endif\n\n\(links)")
        add("ifdef target macro", "#ifdef __APPLE__\n\(regions)\n#else\n\(links)\n#endif")
        add("elif after taken", "#if 1\n\(regions)\n#elif 1/0\n\(links)\n#endif")
        add(
            "xml comment only line comment",
            "#if 1\n\t<!-- http://example.com -->\n\t<key>A</key><string>x</string> <!-- -->\n\(regions)\n#endif",
            flags: [["-traditional"]])
        add(
            "unicode identifiers",
            "#define b X\n#define S(x) [x]\n\t<key>CFBundleName</key>\n\t<string>a\u{A0}b c’b d😀b e\u{301}b \u{301}b b\u{2028}b \u{2003}b café b´b S(’) ’S(b) Don’t b</string>\n\(regions)"
        )
        add(
            "unterminated comment", "#if 1\n\(regions)\n#endif\n\t<!-- /* -->\n</dict>\n</plist>\n<!--",
            flags: [["-traditional"]])
        add("ident", "#ident \"v1\"\n#sccs \"v2\"\n\(regions)")
        add("defined from a macro", "#define ISDEF defined(A)\n#if ISDEF\n\(regions)\n#endif", flags: [[], ["-DA"]])
        add(
            "ifdef extra tokens", "#ifdef A B\n\(regions)\n#endif\n#ifndef A junk\n\(links)\n#endif",
            flags: [[], ["-DA"]])
        add(
            "line with file",
            "#line 7 \"Other.plist\"\n\t<key>CFBundleName</key>\n\t<string>__LINE__</string>\n\(regions)")
        add("line marker", "# 33 \"x.c\"\n\t<key>CFBundleName</key>\n\t<string>__LINE__</string>\n\(regions)")
        add("elif after else", "#if 0\n#else\n\(regions)\n#elif 1\n\(links)\n#endif")
        add("empty if", "#if\n\(regions)\n#endif\n\(links)")
        add("unbalanced endif", "#endif\n\(regions)\n#else\n\(links)")
        add("unterminated if", "#if 1\n\(regions)\n#ifdef Q\n\(links)")
        add("error and warning", "#if 1\n#warning careful\n#error stop\n\(regions)\n#endif")
        add("null directive", "#\n# /* c */\n\(regions)")
        add(
            "too many arguments",
            "#define F(x) [x]\n\t<key>CFBundleName</key>\n\t<string>F(a, b) after</string>\n\(regions)")
        add("define errors", "#define\n#define 3 x\n#define F(x x) y\n#define G(x) #y\n\(regions)")
        add(
            "pasting errors",
            "#define P(a, b) a ## b\n\t<key>CFBundleName</key>\n\t<string>P(<, a) P(., .) P(-, >) P(/, /)</string>\n\(regions)"
        )
        add(
            "has_include in ifdef",
            "#ifdef __has_include\n\(regions)\n#endif\n#if defined(__has_include) && __has_include(\"nope.h\")\n\(links)\n#endif"
        )
        add(
            "string prefixes",
            "#define L x\n#define u8 y\n\t<key>CFBundleName</key>\n\t<string>L\"a\" u8\"b\" L'c' U\"d\" L \"e\" Lx</string>\n\(regions)"
        )
        // Issue 27: under -traditional an indented directive line right after a directive line is text.
        add(
            "indented directive right after a directive",
            "\t<key>CFBundleName</key>\n\t<string>\n#define X nl\n\t#define Y fr\n\tX Y\n\t#define Z de\n\tZ\n\t</string>\n#ifdef NOPE\n\t#else\n\(links)\n#endif\n\(regions)"
        )
        add(
            "push and pop macro",
            "#define REGION nl\n#pragma push_macro(\"REGION\")\n#undef REGION\n#define REGION fr\n\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>REGION</string>\n#pragma pop_macro(\"REGION\")\n\t\t<string>REGION</string>\n\t\t<string>NL</string>\n\t</array>"
        )
        return cases
    }()

    /// Inputs clang refuses with an error (so Xcode's build fails), each with and without
    /// -traditional; the plist keeps its StoreKit key (or loses it to the error) either way.
    static let buildFailures: [DifferentialCase] = {
        let bodies: [(String, String)] = [
            ("integer constant too large", "#if 99999999999999999999999\n\(regions)\n#else\n\(links)\n#endif"),
            ("integer constant too large, wrapped to zero", "#if 18446744073709551616\n\(regions)\n#endif\n\(links)"),
            ("#ifndef without #endif", "#ifndef X\n\(regions)"),
            ("#if without #endif after a closed one", "#if 1\n#endif\n\(regions)\n#ifdef A\n#if B\n\(links)"),
            ("#error", "\(regions)\n#error stop"),
            ("#error in a taken #else", "#ifdef NOPE\n#else\n#error no NOPE\n#endif\n\(regions)"),
            ("#endif without #if", "\(regions)\n#endif"),
            ("#else without #if", "#else\n\(regions)"),
            ("#else after #else", "#if 0\n#else\n\(regions)\n#else\n#endif"),
            ("#elif after #else in a group left out", "#if 0\n#if 1\n#else\n#elif 1\n#endif\n#endif\n\(regions)"),
            ("#if with no expression", "#if\n\(regions)\n#endif"),
            ("#if 1 +", "#if 1 +\n\(regions)\n#endif"),
            ("#elif with no expression", "#if 0\n#elif\n#endif\n\(regions)"),
            ("#if (", "#if (1\n\(regions)\n#endif"),
            ("#if division by zero", "#if 1 / 0\n#endif\n\(regions)"),
            ("too many arguments", "#define F(a) a\n\t<key>F(1,2)</key>\n\t<string>x</string>\n\(regions)"),
            ("too few arguments", "#define G(a, b) a b\n\t<key>G(1)</key>\n\t<string>x</string>\n\(regions)"),
            ("function-like macro not defined", "#if CHECK(1)\n\(regions)\n#endif"),
            ("function-like macro not defined, short-circuited", "#if 0 && CHECK(1)\n#endif\n\(regions)"),
            ("#ifdef with no name", "#ifdef\n#endif\n\(regions)"),
            ("#define with no name", "#define\n\(regions)"),
            ("#define of a number", "#define 1 2\n\(regions)"),
            ("#define with a bad parameter list", "#define F(a\n\(regions)"),
            ("#undef with no name", "#undef\n\(regions)"),
            ("#line with no number", "#line x\n\(regions)"),
            // Beyond 32 bits clang refuses the number; eplint's line arithmetic trapped (issue 46).
            ("#line beyond Int64", "#line 9223372036854775807\n\(regions)\n\t<key>X</key><true/>"),
            ("#line beyond UInt32", "#line 4294967296\n\(regions)"),
            // clang's errors whatever it reads: an empty name, and a quote never closed (issue 46).
            ("#include \"\"", "#include \"\"\n\(regions)"),
            ("#include with its quote not closed", "#include \"inside.h\n\(regions)"),
            ("unknown directive", "#fi\n\(regions)"),
            ("#pragma GCC error", "\(regions)\n#pragma GCC error \"stop\""),
            ("#include with no name", "#include\n\(regions)"),
            ("unclosed macro use", "#define F(a) a\n\(regions)\nF(1"),
            ("unterminated comment", "\(regions)\n/* open"),
        ]
        return bodies.flatMap { name, body in
            [[], ["-traditional"]].map { flags in
                DifferentialCase(name: "\(name) \(flags.joined())", source: wrap(body), flags: flags)
            }
        }
    }()
}
