/// `--help` pages rendered from the command specs, laid out like swift-argument-parser's
/// (OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS), wrapped at 80 columns.
enum HelpText {
    static let width = 80
    private static let labelWidth = 24

    static func render(_ spec: CommandSpec, usage: String, subcommands: [(name: String, abstract: String)] = [])
        -> String
    {
        var text = wrap("OVERVIEW: " + spec.abstract, indent: 0) + "\n"
        if !spec.discussion.isEmpty { text += wrap(spec.discussion, indent: 0) + "\n" }
        text += "USAGE: \(usage)\n\n"
        if let positional = spec.positional {
            text += "ARGUMENTS:\n" + row("<\(positional.valueName)>", positional.help())
            text += "\n"
        }
        text += "OPTIONS:\n"
        for option in spec.options {
            let label = "--\(option.name)" + (option.valueName.map { " <\($0)>" } ?? "")
            text += row(label, option.help() + (option.defaultValue.map { " (default: \($0))" } ?? ""))
        }
        text += row("--version", "Show the version.")
        text += row("-h, --help", "Show help information.")
        if !subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for subcommand in subcommands { text += row(subcommand.name, subcommand.abstract) }
            text += "\n  See 'eplint help <subcommand>' for detailed help.\n"
        }
        return text
    }

    /// `  label   help…`, the help wrapped into its column; a label too wide for the column
    /// gets a line of its own.
    private static func row(_ label: String, _ help: String) -> String {
        let padded = "  " + label
        let helpLines = wrap(help, indent: labelWidth)
        if padded.count + 1 > labelWidth {
            return padded + "\n" + helpLines
        }
        return padded + String(repeating: " ", count: labelWidth - padded.count) + helpLines.dropFirst(labelWidth)
    }

    /// Words of `text` in lines of at most `width` columns, every line indented by `indent`.
    static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && indent + line.count + 1 + word.count > width {
                lines.append(margin + line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(margin + line)
        return lines.joined(separator: "\n") + "\n"
    }
}
