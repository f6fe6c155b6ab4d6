import Foundation
import TestSupport
import Testing

/// `eplint completions SHELL`, run by the shell itself on partial command lines: the words come
/// from the command table (subcommands, each one's options), so lint's options are offered where
/// no subcommand is named and a subcommand's own elsewhere.
@Suite struct CompletionsTests {
    /// What each shell offers for `line` (the last word is the one being completed).
    static func offered(_ shell: String, _ line: [String], in folder: URL) throws -> Set<String> {
        let script = try Eplint.run(["completions", shell])
        #expect(script.status == 0, "\(script.standardError)")
        let file = folder.appendingPathComponent("eplint.\(shell)")
        try script.standardOutput.write(to: file, atomically: true, encoding: .utf8)
        let program: String
        let arguments: [String]
        switch shell {
        case "bash":
            program = "/bin/bash"
            let words = line.map { "'\($0)'" }.joined(separator: " ")
            arguments = [
                "-c",
                "source '\(file.path)'; COMP_WORDS=(\(words)); COMP_CWORD=\(line.count - 1); _eplint; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ]
        case "zsh":
            // Outside a completion widget `words`, `CURRENT` and `PREFIX` are plain parameters and
            // compadd and _files are stood in for; zsh itself runs the script's logic.
            program = try RequiredTool.zsh.require()
            let words = line.map { "'\($0)'" }.joined(separator: " ")
            arguments = [
                "-f", "-c",
                "compadd() { [[ $1 == -- ]] && shift; print -l -- \"$@\"; }; _files() { print -- '<files>'; }; compdef() { :; }; "
                    + "source '\(file.path)'; words=(\(words)); CURRENT=\(line.count); PREFIX='\(line.last ?? "")'; _eplint",
            ]
        default:
            program = try RequiredTool.fish.require()
            arguments = [
                "--no-config", "-c", "source '\(file.path)'; complete -C '\(line.joined(separator: " "))'",
            ]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let prefix = line.last ?? ""
        // zsh's compadd filters by PREFIX itself; the stand-in prints every word, so filter here.
        return Set(
            String(decoding: data, as: UTF8.self).split(separator: "\n").map {
                String($0.split(separator: "\t").first ?? "")
            }.filter { $0.hasPrefix(prefix) || $0 == "<files>" })
    }

    static let shells = ["bash", "zsh", "fish"]

    @Test(arguments: shells) func subcommandsAndOptionsComeFromTheTable(shell: String) throws {
        if shell == "zsh", !RequiredTool.zsh.runs { return }
        if shell == "fish", !RequiredTool.fish.runs { return }
        let folder = try TestScratch.folder("completions")
        // The first word: a subcommand (or a path, lint being the default).
        #expect(try Self.offered(shell, ["eplint", "rep"], in: folder).contains("report"))
        #expect(try Self.offered(shell, ["eplint", "compl"], in: folder).contains("completions"))
        // lint's options where no subcommand is named, a subcommand's own after it.
        let lint = try Self.offered(shell, ["eplint", "--"], in: folder)
        #expect(lint.isSuperset(of: ["--format", "--strict", "--fix", "--artifacts"]))
        let rules = try Self.offered(shell, ["eplint", "rules", "--"], in: folder)
        #expect(rules.contains("--format"))
        #expect(!rules.contains("--strict"), "rules has no --strict: \(rules.sorted())")
        let report = try Self.offered(shell, ["eplint", "report", "--bu"], in: folder)
        #expect(!report.contains("--bundle-id"), "report takes no --bundle-id")
        #expect(try Self.offered(shell, ["eplint", "token", "--bu"], in: folder).contains("--bundle-id"))
    }

    @Test func anUnknownShellIsRefused() throws {
        let run = try Eplint.run(["completions", "ksh"])
        #expect(run.status == 2)
        #expect(run.standardError == "error: eplint: completions takes bash, zsh or fish, got 'ksh'\n")
    }
}
