/// What a command accepts: the scanner parses against it and the help text is rendered from
/// it. It is not written by hand: a command's `init(_: inout OptionReader)` declares each
/// option where it reads it (name, value type, help), and `declared(by:)` runs that init once
/// without arguments to collect the declarations. Plain data, no reflection: eplint starts in a
/// few milliseconds because nothing here inspects types at run time.
struct CommandSpec {
    /// `nil` for the root command's help; otherwise the subcommand word (`rules`).
    var name: String?
    var abstract: String
    var discussion: String = ""
    var options: [OptionSpec] = []
    /// The positional argument, if any (`PATH` for lint, `RULE` for explain).
    var positional: PositionalSpec?

    /// The spec of the command whose initializer is `read`.
    static func declared<Command>(
        name: String, abstract: String,
        by read: (inout OptionReader) throws(UsageError) -> Command
    ) -> CommandSpec {
        var reader = OptionReader()
        do throws(UsageError) {
            _ = try read(&reader)
        } catch {
            // Declaring reads no argument, so every value is absent and nothing can be invalid.
            preconditionFailure("declaring the options of '\(name)' failed: \(error.message)")
        }
        return CommandSpec(name: name, abstract: abstract, options: reader.options, positional: reader.positional)
    }

    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }
}

/// `--name VALUE` (or `--name=VALUE`) when `valueName` is set, else the flag `--name`.
/// Every value given is kept in order: a single-valued option reads the last, as most
/// command-line tools do, a repeatable one reads them all.
/// An option's help, made only when help is shown: some list every choice, which a start
/// need not build.
typealias HelpLine = @Sendable () -> String

struct OptionSpec {
    var name: String
    var valueName: String?
    var help: HelpLine
    /// Shown as `(default: …)`.
    var defaultValue: String?

    var isFlag: Bool { valueName == nil }
}

struct PositionalSpec {
    var valueName: String
    var help: HelpLine
    var repeating: Bool
}

/// A failure to understand the command line: exit 2 with `error: eplint: …` (docs/usage.md: Exit status).
struct UsageError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
