/// A `#define`d macro.
struct Macro {
    enum Builtin { case line, file, counter, date, time }

    var name: String
    /// The parameters' names, each followed by a space (one string: a table of 100,000
    /// function-like macros then holds no array for them); nil: object-like.
    private var parameterNames: String? = nil
    /// The last parameter takes the rest of the arguments (`...` or `name...`).
    var isVariadic = false
    var body: [CppToken] = []
    var builtin: Builtin?
    /// One of the platform's `TARGET_OS_*` macros as clang predefines it (`MacroTable.platformReads`).
    var isPlatform = false
    /// Where a file other than the linted one defined it (`at Keys.h:3`, `by define: in
    /// .eplint.yml`): its expansion is named in messages, never quoted (issue 45); nil: the
    /// linted file, the user's command line or the compiler defined it.
    var site: String?

    init(name: String, body: [CppToken] = [], builtin: Builtin? = nil) {
        self.name = name
        self.body = body
        self.builtin = builtin
    }

    var isFunctionLike: Bool { parameterNames != nil }

    /// nil: object-like.
    var parameters: [String]? {
        get { parameterNames.map { $0.split(separator: " ").map(String.init) } }
        set { parameterNames = newValue.map { $0.map { $0 + " " }.joined() } }
    }

    var parameterCount: Int { parameterNames.map { $0.utf8.reduce(0) { $0 + ($1 == 0x20 ? 1 : 0) } } ?? 0 }
}

/// The macros in force, with clang's predefined ones.
struct MacroTable {
    private(set) var macros: [String: Macro] = [:]

    /// The predefined macros of `clang -x c` that do not depend on the machine or target, and
    /// those Xcode's clang always has (`PreprocessingOptions.xcodePredefinitions`); those that
    /// depend on the architecture (`__x86_64__` …) are left undefined (see `targetMacros`), and
    /// the platform's `TARGET_OS_*` ones too unless `platform` is known.
    init(traditional: Bool, platform: TargetPlatform? = nil) {
        var predefined: [(String, String)] =
            [
                ("__STDC_VERSION__", "201710L"), ("__STDC_HOSTED__", "1"), ("__clang__", "1"), ("__GNUC__", "4"),
                ("__GNUC_MINOR__", "2"), ("__GNUC_PATCHLEVEL__", "1"), ("__llvm__", "1"), ("__STDC_UTF_16__", "1"),
                ("__STDC_UTF_32__", "1"), ("__CHAR_BIT__", "8"),
            ] + PreprocessingOptions.xcodePredefinitions + (platform?.macros ?? [])
        // clang leaves __STDC__ undefined under -traditional-cpp.
        if !traditional { predefined.append(("__STDC__", "1")) }
        for (name, value) in predefined {
            macros[name] = Macro(name: name, body: [Self.syntheticToken(value)])
        }
        for (name, _) in platform?.macros ?? [] { macros[name]?.isPlatform = true }
        for (name, builtin) in [
            ("__LINE__", Macro.Builtin.line), ("__FILE__", .file), ("__COUNTER__", .counter),
            ("__DATE__", .date), ("__TIME__", .time),
        ] {
            macros[name] = Macro(name: name, builtin: builtin)
        }
    }

    /// Predefined by Xcode's clang for the build machine and target, so eplint cannot know
    /// them: taken as undefined (as clang on Linux does), with an EP007 note where tested. The
    /// platform's macros are among them: known only when the run knows the platform.
    static let targetMacros: Set<String> = Set(
        [
            "__APPLE_CC__", "__x86_64__", "__x86_64", "__arm64__", "__aarch64__", "__arm__", "__i386__",
            "__linux__", "__linux", "linux", "__unix__", "__unix", "unix", "__gnu_linux__",
            "__ENVIRONMENT_MAC_OS_X_VERSION_MIN_REQUIRED__",
            "__ENVIRONMENT_IPHONE_OS_VERSION_MIN_REQUIRED__", "__LP64__", "_LP64", "__OBJC__", "__OBJC2__", "__ELF__",
        ] + TargetPlatform.macroNames)

    static func syntheticToken(_ text: String, kind: CppToken.Kind = .number) -> CppToken {
        CppToken(kind: kind, text: text, origin: 0, spelling: -1, line: 1, column: 1)
    }

    /// Whether a lookup found a platform macro as clang predefined it: then what the run made
    /// may differ on another platform (`PreprocessedTexts`). Every lookup goes through
    /// `subscript` (a macro redefined or undefined by the text is the same on every platform).
    let platformReads = PlatformMacroReads()

    subscript(name: String) -> Macro? {
        let macro = macros[name]
        if macro?.isPlatform == true { platformReads.happened = true }
        return macro
    }

    mutating func define(_ macro: Macro) { macros[macro.name] = macro }
    mutating func undefine(_ name: String) { macros[name] = nil }
    func isDefined(_ name: String) -> Bool { self[name] != nil }

    /// Reads `NAME body`, `NAME(params) body` (the tokens after `#define`). Blanks and
    /// comments at either end of the body are dropped. A failure says why it is malformed.
    static func parseDefinition(_ tokens: [CppToken], traditional: Bool) -> Result<Macro, DirectiveFailure> {
        var index = 0
        func skipBlanks() { while index < tokens.count, tokens[index].isBlank { index += 1 } }
        skipBlanks()
        guard index < tokens.count, tokens[index].kind == .identifier else {
            return .failure(DirectiveFailure("macro name missing"))
        }
        var macro = Macro(name: tokens[index].text)
        if macro.name == "defined" { return .failure(DirectiveFailure("'defined' cannot be used as a macro name")) }
        index += 1
        // A function-like macro: '(' right after the name, no blank between.
        if index < tokens.count, tokens[index].isPunctuator("("), !tokens[index].leadingSpace {
            index += 1
            var parameters: [String] = []
            while true {
                skipBlanks()
                guard index < tokens.count else {
                    return .failure(DirectiveFailure("missing ')' in macro parameter list"))
                }
                let token = tokens[index]
                if token.isPunctuator(")") && parameters.isEmpty {
                    index += 1
                    break
                }
                if token.isPunctuator("...") {
                    parameters.append("__VA_ARGS__")
                    macro.isVariadic = true
                    index += 1
                } else if token.kind == .identifier {
                    if parameters.contains(token.text) {
                        return .failure(DirectiveFailure("duplicate macro parameter '\(token.text)'"))
                    }
                    parameters.append(token.text)
                    index += 1
                    skipBlanks()
                    if index < tokens.count, tokens[index].isPunctuator("...") {
                        macro.isVariadic = true
                        index += 1
                    }
                } else {
                    return .failure(DirectiveFailure("invalid token in macro parameter list"))
                }
                skipBlanks()
                guard index < tokens.count else {
                    return .failure(DirectiveFailure("missing ')' in macro parameter list"))
                }
                if tokens[index].isPunctuator(")") {
                    index += 1
                    break
                }
                guard tokens[index].isPunctuator(","), !macro.isVariadic else {
                    return .failure(DirectiveFailure("expected ',' or ')' in macro parameter list"))
                }
                index += 1
            }
            macro.parameters = parameters
        }
        var body = Array(tokens[index...])
        while let first = body.first, first.isBlank { body.removeFirst() }
        while let last = body.last, last.isBlank { body.removeLast() }
        if !body.isEmpty { body[0].leadingSpace = false }
        if !traditional, let parameters = macro.parameters {
            for (position, token) in body.enumerated() where token.isPunctuator("#") {
                let next = body[(position + 1)...].first { !$0.isBlank }
                guard let next, next.kind == .identifier, parameters.contains(next.text) else {
                    return .failure(DirectiveFailure("'#' is not followed by a macro parameter"))
                }
            }
        }
        if !traditional, body.first?.isPunctuator("##") == true || body.last?.isPunctuator("##") == true {
            return .failure(DirectiveFailure("'##' cannot appear at either end of a macro expansion"))
        }
        macro.body = body
        return .success(macro)
    }
}

/// Shared by the copies of one run's `MacroTable` (the expander is handed copies).
final class PlatformMacroReads {
    var happened = false
}

/// Why a directive was not carried out (cpp stops with an error there).
struct DirectiveFailure: Error {
    var message: String
    /// A limit of eplint's was exceeded, or the build certainly fails here: the file gets
    /// EP002 (an error) instead of an EP007 note, and is not linted further.
    var isFatal = false
    init(_ message: String, isFatal: Bool = false) {
        self.message = message
        self.isFatal = isFatal
    }
}
