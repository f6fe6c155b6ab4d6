/// The arguments of one command, checked against its spec: every option known, every value
/// present. What the values mean is for the command to decide; it reads them through
/// `OptionReader`, never by name.
struct ParsedArguments {
    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// `-h`/`--help` was given: print help, ignore everything else.
    private(set) var wantsHelp = false
    /// `--version` was given: print the version, ignore everything else.
    private(set) var wantsVersion = false

    /// Scans `arguments` (without the program and subcommand names). `--` ends the options;
    /// `-` alone is a positional (standard input).
    init(_ arguments: ArraySlice<String>, spec: CommandSpec) throws(UsageError) {
        var remaining = arguments.makeIterator()
        var optionsEnded = false
        while let argument = remaining.next() {
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                try addPositional(argument, spec: spec)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                wantsHelp = true
                continue
            }
            if argument == "--version" {
                wantsVersion = true
                continue
            }
            guard argument.hasPrefix("--") else {
                throw UsageError("unknown option '\(argument)'; see 'eplint --help'")
            }
            let body = argument.dropFirst(2)
            let equals = body.firstIndex(of: "=")
            let name = String(body[..<(equals ?? body.endIndex)])
            guard let option = spec.option(named: name) else {
                throw UsageError("unknown option '--\(name)'; see 'eplint\(spec.name.map { " \($0)" } ?? "") --help'")
            }
            if option.isFlag {
                guard equals == nil else { throw UsageError("--\(name) takes no value") }
                flags.insert(name)
                continue
            }
            let value: String
            if let equals {
                value = String(body[body.index(after: equals)...])
            } else if let next = remaining.next() {
                value = next
            } else {
                throw UsageError("--\(name) needs a value (\(option.valueName!))")
            }
            values[name, default: []].append(value)
        }
    }

    /// The same arguments without these options.
    func removing(_ names: Set<String>) -> ParsedArguments {
        var copy = self
        for name in names {
            copy.values[name] = nil
            copy.flags.remove(name)
        }
        return copy
    }

    private mutating func addPositional(_ argument: String, spec: CommandSpec) throws(UsageError) {
        guard let positional = spec.positional else { throw UsageError("unexpected argument '\(argument)'") }
        guard positional.repeating || positionals.isEmpty else {
            throw UsageError("unexpected extra argument '\(argument)'")
        }
        positionals.append(argument)
    }
}
