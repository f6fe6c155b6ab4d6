import LintRun

/// `eplint completions bash|zsh|fish`: a completion script made from the command table, so a new
/// subcommand or option completes without anyone editing a script.
struct CompletionsCommand: PrintingCommand {
    static var usesFiles: Bool { false }

    static let spec = CommandSpec.declared(
        name: "completions",
        abstract:
            "Print a shell completion script for bash, zsh or fish (e.g. eplint completions bash > ~/.eplint.bash).",
        by: CompletionsCommand.init)

    enum Shell: String, CaseIterable { case bash, zsh, fish }

    /// Checked when run, as `explain` checks its rule: declaring the options reads no argument.
    var shellName: String

    init(_ options: inout OptionReader) throws(UsageError) {
        shellName = try options.positional(
            "SHELL", help: "bash, zsh or fish.", missing: "completions needs a shell: bash, zsh or fish")
    }

    func run() throws(RunFailure) {
        guard let shell = Shell(rawValue: shellName) else {
            throw RunFailure(message: "completions takes bash, zsh or fish, got '\(shellName)'")
        }
        try writeStandardOutput(CompletionScript(subcommands: Eplint.subcommands).text(for: shell))
    }
}

/// The words a shell offers: subcommand names, each subcommand's options (and which take a
/// value), files for the rest.
struct CompletionScript {
    struct Entry {
        var name: String
        var flags: [String]
        var valued: [String]
    }

    var entries: [Entry]

    init(subcommands: [Subcommand]) {
        entries = subcommands.map { subcommand in
            let options = subcommand.spec.options
            return Entry(
                name: subcommand.name,
                flags: options.filter(\.isFlag).map { "--" + $0.name } + ["--help", "--version"],
                valued: options.filter { !$0.isFlag }.map { "--" + $0.name })
        }
    }

    var names: String { entries.map(\.name).joined(separator: " ") }

    func text(for shell: CompletionsCommand.Shell) -> String {
        switch shell {
        case .bash: bash
        case .zsh: zsh
        case .fish: fish
        }
    }

    /// bash 3.2 (macOS's) and later: no associative arrays.
    private var bash: String {
        var script = """
            # eplint completions for bash: source this file, or put it in bash-completion's folder.
            _eplint() {
                local cur=${COMP_WORDS[COMP_CWORD]} previous=${COMP_WORDS[COMP_CWORD-1]} command=lint flags valued
                case ${COMP_WORDS[1]} in \(entries.map(\.name).joined(separator: "|"))) [ "$COMP_CWORD" -gt 1 ] && command=${COMP_WORDS[1]} ;; esac
                case $command in

            """
        for entry in entries {
            script += "        \(entry.name)) flags='\(entry.flags.joined(separator: " "))'"
            script += " valued='\(entry.valued.joined(separator: " "))' ;;\n"
        }
        script += """
                esac
                case " $valued " in *" $previous "*) COMPREPLY=($(compgen -f -- "$cur")); return ;; esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$flags $valued" -- "$cur"))
                elif [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur") $(compgen -f -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -o filenames -F _eplint eplint

            """
        return script
    }

    private var zsh: String {
        var script = """
            #compdef eplint
            # eplint completions for zsh: put this file in a folder of $fpath as _eplint, or source it
            # after compinit.
            _eplint() {
                local command=lint
                local -a flags valued
                if (( CURRENT > 2 )); then
                    case ${words[2]} in \(entries.map(\.name).joined(separator: "|"))) command=${words[2]} ;; esac
                fi
                case $command in

            """
        for entry in entries {
            script += "        \(entry.name)) flags=(\(entry.flags.joined(separator: " "))); "
            script += "valued=(\(entry.valued.joined(separator: " "))) ;;\n"
        }
        script += """
                esac
                if (( ${valued[(Ie)${words[CURRENT-1]}]} )); then
                    _files
                elif [[ $PREFIX == -* ]]; then
                    compadd -- $flags $valued
                elif (( CURRENT == 2 )); then
                    compadd -- \(names)
                    _files
                else
                    _files
                fi
            }
            if [[ $funcstack[1] == _eplint ]]; then _eplint "$@"; else compdef _eplint eplint; fi

            """
        return script
    }

    private var fish: String {
        let others = entries.dropFirst().map(\.name).joined(separator: " ")
        var script = """
            # eplint completions for fish: save as ~/.config/fish/completions/eplint.fish
            complete -c eplint -n '__fish_use_subcommand' -a '\(names)'

            """
        for (index, entry) in entries.enumerated() {
            // The first subcommand is the default: its options apply when no other is named.
            let condition =
                index == 0
                ? "not __fish_seen_subcommand_from \(others)" : "__fish_seen_subcommand_from \(entry.name)"
            for flag in entry.flags {
                script += "complete -c eplint -n '\(condition)' -l \(flag.dropFirst(2))\n"
            }
            for option in entry.valued {
                script += "complete -c eplint -n '\(condition)' -l \(option.dropFirst(2)) -r -F\n"
            }
        }
        return script
    }
}
