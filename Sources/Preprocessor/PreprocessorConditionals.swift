// Conditionals: `#if`, `#ifdef` and the rest, evaluated as clang evaluates them.
extension PreprocessorRun {
    mutating func push(_ condition: Bool, at hash: CppToken) {
        let parent = isActive
        conditionals.append(
            Conditional(hash: hash, parentActive: parent, taken: parent && condition, active: parent && condition))
    }

    static let featureTests: Set<String> = [
        "__has_include", "__has_include_next", "__has_feature", "__has_extension", "__has_attribute", "__has_builtin",
        "__has_c_attribute", "__has_cpp_attribute", "__has_declspec_attribute", "__has_warning", "__has_embed",
        "__is_target_os",
        "__is_target_arch", "__is_target_vendor", "__is_target_environment", "__has_constexpr_builtin",
        "__is_target_variant_os", "__is_target_variant_environment", "__is_identifier", "__building_module",
    ]

    mutating func isDefined(_ name: String, at token: CppToken) -> Bool {
        if MacroTable.targetMacros.contains(name) && !macros.isDefined(name) { noteUnknownTargetMacro(name, at: token) }
        return macros.isDefined(name) || Self.featureTests.contains(name)
    }

    mutating func noteUnknownTargetMacro(_ name: String, at token: CppToken) {
        // An Xcode whose clang predefines none: undefined, as eplint takes it, and known to be.
        if !options.predefinesPlatformMacros && TargetPlatform.macroNames.contains(name) { return }
        guessedInCondition = true
        if TargetPlatform.macroNames.contains(name) {
            note(
                "\(name) is set by the platform the Info.plist is built for, which this run does not know "
                    + "(an Xcode target, --platform or platform: in .eplint.yml tells it); taken as undefined",
                at: token)
        } else {
            note(
                "\(name) is defined or not by the build machine's and target's compiler, which eplint cannot know; taken as undefined",
                at: token)
        }
    }

    mutating func definedTest(_ arguments: [CppToken], at hash: CppToken, directive: String) -> Bool {
        guard let name = arguments.first, name.kind == .identifier else {
            fail("\(directive) needs a macro name", at: hash)
            return false
        }
        return isDefined(name.text, at: hash)
    }

    /// An `#if`/`#elif` expression's value; on an error, false (as cpp's output has it).
    /// For an `#if` or `#elif` line whose expression (the rest of the line in `lexer`) names
    /// no macro, `defined`, feature test or target macro: its spelling for messages. Then it
    /// is evaluated as it is lexed (nothing to replace); nil: it must be read whole.
    func plainCondition(after lexer: CppLexer) -> String? {
        var probe = ConditionLexerLine(lexer: lexer)
        var tokens: [CppToken] = []
        while let token = probe.next() {
            if token.kind == .identifier,
                macros.isDefined(token.text) || token.text == "defined" || Self.featureTests.contains(token.text)
                    || MacroTable.targetMacros.contains(token.text)
            {
                return nil
            }
            // Enough for `spelled`, which cuts at 200 bytes.
            if tokens.count <= 201 { tokens.append(token) }
        }
        return Self.spelled(tokens[...])
    }

    mutating func condition(
        _ tokens: ArraySlice<CppToken>, at hash: CppToken, directive: String, streamed: inout StreamedCondition?
    ) -> Bool {
        guessedInCondition = false
        if streamed != nil {
            let (value, failure) = ConditionEvaluator.evaluate(&streamed!.rest)
            return report(value, failure, quoted: streamed!.quoted, at: hash, directive: directive)
        }
        let line = tokens.containsBlank ? tokens.filter { !$0.isBlank }[...] : tokens
        let quoted = Self.spelled(line)
        // Nothing to expand, replace or note (no macro, `defined` or feature test: every hostile
        // line without macros): the tokens are evaluated where they are, not copied.
        if !line.containsIdentifier(where: {
            macros.isDefined($0) || $0 == "defined" || Self.featureTests.contains($0)
                || MacroTable.targetMacros.contains($0)
        }) {
            return evaluate(line, quoted: quoted, at: hash, directive: directive)
        }
        let words = Array(line)
        // __has_include(<X.h>) and the like: their operands are not macro-expanded. (Each
        // step below copies the tokens only when it changes them: a line can be megabytes.)
        let special = words.containsIdentifier {
            Self.featureTests.contains($0) || MacroTable.targetMacros.contains($0)
        }
        var prepared: [CppToken] = special ? [] : words
        var index = special ? 0 : words.count
        while index < words.count {
            let token = words[index]
            if token.kind == .identifier, Self.featureTests.contains(token.text), index + 1 < words.count,
                words[index + 1].isPunctuator("(")
            {
                var depth = 0
                var end = index + 1
                while end < words.count {
                    if words[end].isPunctuator("(") { depth += 1 }
                    if words[end].isPunctuator(")") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    end += 1
                }
                let test = Self.spelled(words[index...min(end, words.count - 1)])
                let subject =
                    token.text.hasPrefix("__has_include")
                    ? "whether that header exists where Xcode looks" : "what the build's compiler answers"
                note("'\(test)' cannot be evaluated: eplint cannot know \(subject); taken as 0", at: hash)
                guessedInCondition = true
                prepared.append(Self.number(false, like: token))
                index = end + 1
                continue
            }
            // (The operand of `defined` gets its note when evaluated.)
            let afterDefined =
                prepared.last?.text == "defined"
                || (prepared.last?.isPunctuator("(") == true && prepared.dropLast().last?.text == "defined")
            if token.kind == .identifier, !afterDefined, MacroTable.targetMacros.contains(token.text),
                !macros.isDefined(token.text)
            {
                noteUnknownTargetMacro(token.text, at: hash)
            }
            prepared.append(token)
            index += 1
        }
        // Given up, so that the expander reverses its copy in place (a line can be megabytes).
        _ = consume words
        expander.protectsDefined = true
        let expanded = expander.expand(consume prepared, macros: macros)
        expander.protectsDefined = false
        // `defined NAME` and `defined(NAME)`, also where a macro produced them.
        let hasDefined = expanded.containsIdentifier { $0 == "defined" }
        var evaluated: [CppToken] = hasDefined ? [] : expanded
        index = hasDefined ? 0 : expanded.count
        while index < expanded.count {
            let token = expanded[index]
            guard token.kind == .identifier && token.text == "defined" else {
                evaluated.append(token)
                index += 1
                continue
            }
            var next = index + 1
            let parenthesised = next < expanded.count && expanded[next].isPunctuator("(")
            if parenthesised { next += 1 }
            guard next < expanded.count, expanded[next].kind == .identifier,
                !parenthesised || (next + 1 < expanded.count && expanded[next + 1].isPunctuator(")"))
            else {
                // An error only where clang's parser gets to it (it may stop before).
                var invalid = token
                invalid.kind = .other
                evaluated.append(invalid)
                index += 1
                continue
            }
            evaluated.append(Self.number(isDefined(expanded[next].text, at: hash), like: token))
            index = next + (parenthesised ? 2 : 1)
        }
        return evaluate(evaluated[...], quoted: quoted, at: hash, directive: directive)
    }

    /// The value of an `#if` expression after replacement; its errors are reported with `quoted`.
    mutating func evaluate(_ tokens: ArraySlice<CppToken>, quoted: String, at hash: CppToken, directive: String)
        -> Bool
    {
        var source = ConditionTokenSlice(tokens)
        let (value, failure) = ConditionEvaluator.evaluate(&source)
        return report(value, failure, quoted: quoted, at: hash, directive: directive)
    }

    mutating func report(
        _ value: Bool, _ failure: DirectiveFailure?, quoted: String, at hash: CppToken, directive: String
    ) -> Bool {
        let line = quoted.isEmpty ? directive : "\(directive) \(quoted)"
        if let failure, failure.isFatal || !guessedInCondition {
            fail("'\(line)': \(failure.message)", at: hash)
        } else if let failure {
            note(
                "cannot evaluate '\(line)' with what eplint took it to be: \(failure.message); the build may stop here, and eplint \(value ? "takes" : "leaves out") this group",
                at: hash)
        }
        return value
    }

    static func number(_ value: Bool, like token: CppToken) -> CppToken {
        var made = token
        made.kind = .number
        made.text = value ? "1" : "0"
        return made
    }

    /// The tokens as written, cut after 200 bytes (a message quotes a hostile line briefly).
    static func spelled(_ tokens: ArraySlice<CppToken>) -> String {
        var text = ""
        for (index, token) in tokens.enumerated() {
            if index > 0 && token.leadingSpace { text += " " }
            text += token.text
            if text.utf8.count > 200 { return String(text.prefix(200)) + "…" }
        }
        return text
    }
}

/// An `#if` or `#elif` expression that needs no replacement, left in the lexer to be
/// evaluated as it is read, and its spelling for messages.
struct StreamedCondition {
    var rest: ConditionLexerLine
    let quoted: String
}
