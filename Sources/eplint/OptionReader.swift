/// Declares a command's options and reads them, in one call per option: the name and help are
/// written once, next to the property the value goes to, and the method called fixes the
/// value's type (`flag` → Bool, `value` → String?, `values` → [String], `choice` → an enum).
/// A name cannot be misspelt on the way back, because it is never written a second time.
///
/// A command's initializer runs twice: once declaring (no arguments; every read returns its
/// default, which builds the help text and the scanner's table) and once reading the scanned
/// arguments. So it reads every option unconditionally, in the order help lists them.
struct OptionReader {
    /// `nil` while declaring.
    private let arguments: ParsedArguments?
    /// What was declared (while declaring).
    private(set) var options: [OptionSpec] = []
    private(set) var positional: PositionalSpec?

    /// Declaring: every read returns its default.
    init() { arguments = nil }
    /// Reading what was scanned against the declared spec.
    init(_ arguments: ParsedArguments) { self.arguments = arguments }

    /// `--name`, true when given.
    mutating func flag(_ name: String, help: @autoclosure @escaping HelpLine) -> Bool {
        flag(OptionSpec(name: name, help: help))
    }

    /// A flag declared once as a value (`LintOption`).
    mutating func flag(_ option: OptionSpec) -> Bool {
        declare(option)
        return arguments?.flags.contains(option.name) ?? false
    }

    /// `--name VALUE`, the last one given.
    mutating func value(_ name: String, _ valueName: String, help: @autoclosure @escaping HelpLine)
        -> String?
    {
        value(OptionSpec(name: name, valueName: valueName, help: help))
    }

    mutating func value(_ option: OptionSpec) -> String? {
        declare(option)
        return arguments?.values[option.name]?.last
    }

    /// `--name VALUE`, repeatable: every value, in order.
    mutating func values(_ name: String, _ valueName: String, help: @autoclosure @escaping HelpLine)
        -> [String]
    {
        values(OptionSpec(name: name, valueName: valueName, help: help))
    }

    mutating func values(_ option: OptionSpec) -> [String] {
        declare(option)
        return arguments?.values[option.name] ?? []
    }

    /// `--name VALUE` with a fixed set of values, or the usage error that lists them.
    mutating func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ name: String, _ valueName: String, help: @autoclosure @escaping HelpLine,
        default fallback: Choice
    ) throws(UsageError) -> Choice {
        try choice(OptionSpec(name: name, valueName: valueName, help: help), default: fallback)
    }

    /// A choice declared once as a value (`LintOption`); `fallback` is shown as its default.
    mutating func choice<Choice: RawRepresentable<String> & CaseIterable>(
        _ option: OptionSpec, default fallback: Choice
    ) throws(UsageError) -> Choice {
        var option = option
        option.defaultValue = fallback.rawValue
        declare(option)
        guard let text = arguments?.values[option.name]?.last else { return fallback }
        guard let choice = Choice(rawValue: text) else {
            let known = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--\(option.name) takes one of \(known), got \(text.quotedForMessage)")
        }
        return choice
    }

    /// Any number of positional arguments.
    mutating func positionals(_ valueName: String, help: @autoclosure @escaping HelpLine) -> [String] {
        positional = PositionalSpec(valueName: valueName, help: help, repeating: true)
        return arguments?.positionals ?? []
    }

    /// Exactly one positional argument; `missing` is the usage error without it.
    mutating func positional(
        _ valueName: String, help: @autoclosure @escaping HelpLine, missing: String
    ) throws(UsageError) -> String {
        positional = PositionalSpec(valueName: valueName, help: help, repeating: false)
        guard let arguments else { return "" }
        guard let value = arguments.positionals.first else { throw UsageError(missing) }
        return value
    }

    /// Options of another command, declared as they are there and in its order (the server-side
    /// commands share lint's output, configuration and baseline options, with lint's help and
    /// defaults). `shared` are the declarations themselves (`LintOption`), so no name is spelt
    /// twice; one that `spec` does not declare is a programming error, caught by any run.
    mutating func share(_ shared: [OptionSpec], of spec: CommandSpec) {
        let names = Set(shared.map(\.name))
        let declared = spec.options.filter { names.contains($0.name) }
        precondition(declared.count == names.count, "a shared option is not declared by '\(spec.name ?? "eplint")'")
        for option in declared { declare(option) }
    }

    /// The same arguments, read by another command's initializer (whose declarations stay its own);
    /// `ignoring` names options of this command that the other reads differently (`--format`).
    func read<Command>(as read: (inout OptionReader) throws(UsageError) -> Command, ignoring: Set<String> = [])
        throws(UsageError) -> Command
    {
        var other = arguments.map { OptionReader($0.removing(ignoring)) } ?? OptionReader()
        return try read(&other)
    }

    private mutating func declare(_ option: OptionSpec) {
        guard arguments == nil else { return }
        precondition(!options.contains { $0.name == option.name }, "option --\(option.name) is declared twice")
        options.append(option)
    }
}
