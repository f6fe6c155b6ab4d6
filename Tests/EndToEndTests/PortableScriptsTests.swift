import Foundation
import Testing

/// The scripts users and the release run on macOS (scripts/, install.sh, .ci/) use no form
/// that only GNU's tools or bash 4 have: macOS has BSD sed, grep, date, stat, cp, xargs, find,
/// mktemp and time, neither timeout, nproc nor sha256sum, and bash 3.2 as /bin/bash (what
/// `#!/usr/bin/env bash` finds without Homebrew). A line inside a branch that runs only on
/// Linux says so with a `linux-only` comment. (The workflows' Linux jobs may use GNU's tools.)
@Suite struct PortableScriptsTests {
    struct Form: Sendable, CustomStringConvertible {
        var name: String
        /// Matched against one line of a script (comment lines are skipped).
        var pattern: String
        /// Why it is GNU's alone, and what works on both.
        var why: String
        /// A line with the form, and the portable way to write it: the pattern must find the
        /// first and not the second.
        var gnu: String
        var portable: String
        var description: String { name }
    }

    /// Each form's options as they come right after the command: `(\s+-\S+)*` skips the others.
    static let forms: [Form] = [
        Form(
            name: "sed -i without a suffix", pattern: #"\bsed(\s+-[A-Za-z]+)*\s+(-[A-Za-z]*i(\s|$)|--in-place)"#,
            why: "BSD sed takes the next argument as the backup suffix (GNU's -i takes none): -i.bak works on both",
            gnu: "sed -i 's/a/b/' file", portable: "sed -i.bak 's/a/b/' file && rm file.bak"),
        Form(
            name: "sed -r", pattern: #"\bsed(\s+-[A-Za-z]+)*\s+(-[A-Za-z]*r[A-Za-z]*(\s|$)|--regexp-extended)"#,
            why: "extended expressions are -E on BSD sed (GNU takes -E too)",
            gnu: "sed -r 's/a+/b/' file", portable: "sed -E 's/a+/b/' file"),
        Form(
            name: "a sed label or branch followed by ;",
            // Inside a single-quoted script: the quotes before it are paired.
            pattern: #"\bsed\b(?:[^']*'[^']*')*?[^']*'(?:[^']*[;{}\s])?(?::\w+|[bt]\w*)\s*;"#,
            why: "POSIX ends a label at the newline (BSD sed takes `t; s/…/` as a branch to the label `; s/…/`)",
            gnu: "sed 's/a/b/; t; s/c/d/' file", portable: "sed -n 's/a/b/p' file || true; t=1;"),
        Form(
            name: "grep -P", pattern: #"\bgrep(\s+-[A-Za-z]+)*\s+(-[A-Za-z]*P|--perl-regexp)"#,
            why: "Perl expressions are GNU grep's; BSD grep has -E",
            gnu: #"grep -P '\d+' file"#, portable: "grep -E '[0-9]+' file"),
        Form(
            name: "readlink -f", pattern: #"\breadlink(\s+-[A-Za-z]+)*\s+-[A-Za-z]*[fem]"#,
            why: "macOS 12 and older have no readlink -f: `cd \"$(dirname \"$f\")\" && pwd -P` works on both",
            gnu: "readlink -f \"$0\"", portable: "cd \"$(dirname \"$0\")\" && pwd -P"),
        Form(
            name: "date -d", pattern: #"\bdate(\s+-[A-Za-z]+)*\s+(-[A-Za-z]*d\b|--date)"#,
            why: "BSD date parses a given date with -j -f FORMAT",
            gnu: "date -d '2026-01-01' +%s", portable: "date -u +%Y-%m-%d"),
        Form(
            name: "stat -c", pattern: #"\bstat(\s+-[A-Za-z]+)*\s+(-[A-Za-z]*c\b|--format|--printf)"#,
            why: "BSD stat's format is -f; `wc -c < file` gives a size on both",
            gnu: "stat -c %s file", portable: "wc -c < file"),
        Form(
            name: "cp --option", pattern: #"\bcp(\s+-[A-Za-z]+)*\s+--[a-z]"#,
            why: "BSD cp has no long options (--parents, --no-preserve, …)",
            gnu: "cp --parents a b", portable: "cp -R a b"),
        Form(
            name: "xargs -r, -a or -d", pattern: #"\bxargs(\s+-[A-Za-z]+)*\s+(-[A-Za-z]*[rad]\b|--[a-z])"#,
            why:
                "GNU xargs' options: BSD xargs reads only standard input and has no -d (-r is a no-op only on FreeBSD)",
            gnu: "xargs -r rm < list", portable: "xargs rm < list"),
        Form(
            name: "find -printf", pattern: #"\bfind\b.*\s-printf\b"#,
            why: "BSD find has no -printf: -exec or a loop prints what is needed",
            gnu: "find . -printf '%s\\n'", portable: "find . -type f -exec wc -c {} +"),
        Form(
            name: "mktemp --option or -p", pattern: #"\bmktemp(\s+-[A-Za-z]+)*\s+(--[a-z]|-[A-Za-z]*p\b)"#,
            why: "BSD mktemp has no long options and no -p (it takes -t PREFIX; plain mktemp -d works on both)",
            gnu: "mktemp --directory", portable: "mktemp -d"),
        Form(
            name: "timeout", pattern: #"(^|[\s;&|(\["'])timeout["']?,?\s+["']?-?[0-9]"#,
            why: "GNU coreutils' timeout is not on macOS: a watchdog (Python's subprocess timeout, a background kill)",
            gnu: #"subprocess.run(["timeout", "60", eplint])"#, portable: "subprocess.run([eplint], timeout=60)"),
        Form(
            name: "time -f or -v", pattern: #"\btime["']?,?\s+["']?-[fv]\b"#,
            why: "GNU time's format and verbose options: macOS's /usr/bin/time has -l (bytes of peak RSS)",
            gnu: "/usr/bin/time -f %M eplint", portable: "/usr/bin/time -l eplint"),
        Form(
            name: "sha256sum without shasum", pattern: #"^(?!.*\bshasum\b).*\bsha256sum\b"#,
            why: "macOS has shasum -a 256, not sha256sum: one line that picks whichever is there",
            gnu: "sha256sum file | cut -d' ' -f1",
            portable: "if command -v sha256sum >/dev/null; then sha256sum f; else shasum -a 256 f; fi"),
        Form(
            name: "nproc", pattern: #"(^|[\s;&|(`$])nproc\b"#,
            why: "GNU coreutils' nproc is not on macOS (sysctl -n hw.ncpu is); getconf _NPROCESSORS_ONLN works on both",
            gnu: "jobs=$(nproc)", portable: "jobs=$(getconf _NPROCESSORS_ONLN)"),
        Form(
            name: "base64 -w", pattern: #"\bbase64(\s+-[A-Za-z]+)*\s+(-w|--wrap)"#,
            why:
                "GNU base64 wraps at 76 columns unless -w0; BSD base64 has no -w: `| tr -d '\\n'` gives one line on both",
            gnu: "base64 -w0 file", portable: "base64 < file | tr -d '\\n'"),
        // bash 4's, which macOS's bash 3.2 stops at with a syntax or "invalid option" error.
        Form(
            name: "mapfile or readarray", pattern: #"(^|[\s;&|(])(mapfile|readarray)\b"#,
            why: "bash 4's builtins: a `while IFS= read -r line` loop appending to an array works in bash 3.2",
            gnu: "mapfile -t lines < file", portable: #"while IFS= read -r line; do lines+=("$line"); done < file"#),
        Form(
            name: "${x,,} or ${x^^}", pattern: #"\$\{[A-Za-z_][A-Za-z_0-9]*(\[[^\]]*\])?(,|\^)"#,
            why:
                "bash 4's case conversion (\"bad substitution\" in bash 3.2): tr '[:upper:]' '[:lower:]' works on both",
            gnu: #"lower=${name,,}"#, portable: #"lower=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]')"#),
        Form(
            name: "declare -A", pattern: #"\b(declare|local|typeset|readonly)(\s+-[A-Za-z]+)*\s+-[A-Za-z]*A"#,
            why: "associative arrays are bash 4's: a case statement, or a list searched with grep, works in bash 3.2",
            gnu: "declare -A seen", portable: "declare -a seen"),
    ]

    static func findings(of form: Form, in line: String) -> Bool {
        guard let expression = try? NSRegularExpression(pattern: form.pattern) else { return true }
        return expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// Shell and Python scripts: every file below scripts/ and .ci/ with a shebang or a .sh or
    /// .py name, and install.sh.
    static func scripts() throws -> [URL] {
        let root = Eplint.packageRoot
        var files = [root.appendingPathComponent("install.sh")]
        for folder in ["scripts", ".ci"] {
            let walk = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: [.isRegularFileKey])
            while let file = walk?.nextObject() as? URL {
                guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
                let head = (try? FileHandle(forReadingFrom: file).read(upToCount: 2)) ?? nil
                if ["sh", "py"].contains(file.pathExtension) || head == Data("#!".utf8) { files.append(file) }
            }
        }
        return files.sorted { $0.path < $1.path }
    }

    @Test(arguments: forms)
    func eachFormIsFoundAndItsPortableSpellingIsNot(_ form: Form) {
        #expect((try? NSRegularExpression(pattern: form.pattern)) != nil, "\(form.name): the pattern does not compile")
        #expect(Self.findings(of: form, in: form.gnu), "\(form.name) is not found in: \(form.gnu)")
        #expect(!Self.findings(of: form, in: form.portable), "\(form.name) is found in: \(form.portable)")
    }

    @Test func theScriptsUseNoGNUOnlyForm() throws {
        let files = try Self.scripts()
        // The files it must look at: a walk that found none would pass on anything.
        for expected in ["install.sh", "scripts/release.sh", "scripts/integration/plugins.sh", ".ci/run"] {
            #expect(files.contains { $0.path.hasSuffix("/" + expected) }, "\(expected) is not checked")
        }
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (index, line) in text.components(separatedBy: "\n").enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("#") || line.contains("linux-only") { continue }
                for form in Self.forms where Self.findings(of: form, in: line) {
                    let relative = file.path.replacingOccurrences(of: Eplint.packageRoot.path + "/", with: "")
                    found.append("\(relative):\(index + 1): \(form.name) (\(form.why)): \(code)")
                }
            }
        }
        #expect(found.isEmpty, "GNU-only or bash 4 forms:\n\(found.joined(separator: "\n"))")
    }

    /// `"${list[@]}"` of an empty array under `set -u` is "unbound variable" in bash before 4.4
    /// (macOS's 3.2 among them). An expansion is safe when every assignment of the array gives
    /// it a word (`build=(-c release)`, not `list=()` or `list=("$@")`), when the script tests
    /// its size (`${#list[@]}`), or in the guarded form `${list[@]+"${list[@]}"}`. Arrays the
    /// script never assigns (BASH_REMATCH, PIPESTATUS) are bash's own.
    static func emptyArrayExpansions(in text: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        let nounset = try! NSRegularExpression(pattern: #"^\s*set\s+(-[A-Za-z]*u|-o\s+nounset)"#)
        guard lines.contains(where: { nounset.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil })
        else { return [] }
        let guarded = try! NSRegularExpression(pattern: #"\$\{(\w+)\[[@*]\]:?\+"?\$\{\1\[[@*]\]\}"?\}"#)
        let expansion = try! NSRegularExpression(pattern: #"\$\{(\w+)\[[@*]\]\}"#)
        let assignment = try! NSRegularExpression(
            pattern: #"(?:^|[\s;&|(])(?:(?:local|declare|typeset|readonly)(?:\s+-\w+)*\s+)?(\w+)\+?=\((.*)"#)
        func matches(_ expression: NSRegularExpression, _ line: String) -> [[String]] {
            expression.matches(in: line, range: NSRange(line.startIndex..., in: line)).map { match in
                (0..<match.numberOfRanges).map { group in
                    Range(match.range(at: group), in: line).map { String(line[$0]) } ?? ""
                }
            }
        }
        // Per array: whether some assignment may leave it empty, and whether any assigns it.
        var mayBeEmpty: Set<String> = []
        var assigned: Set<String> = []
        for line in lines where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            for match in matches(assignment, line) {
                assigned.insert(match[1])
                // `+=` keeps what is there; `=()` and `=("$@")` may give nothing (a list that
                // goes on on the next lines has words).
                let rest = match[2].trimmingCharacters(in: .whitespaces)
                if match[0].contains("+=") { continue }
                if rest.hasPrefix(")") || rest.hasPrefix("\"$@\")") || rest.hasPrefix("$@)") {
                    mayBeEmpty.insert(match[1])
                }
            }
        }
        var found: [String] = []
        for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
            let unguarded = guarded.stringByReplacingMatches(
                in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "")
            for match in matches(expansion, unguarded) {
                let name = match[1]
                guard assigned.contains(name), mayBeEmpty.contains(name), !text.contains("${#\(name)[@]}") else {
                    continue
                }
                found.append("\(index + 1): ${\(name)[@]} may be empty under set -u")
            }
        }
        return found
    }

    @Test func anEmptyArrayUnderNounsetIsFound() {
        let unsafe = "set -euo pipefail\nmissing=()\ncommand -v x || missing+=(x)\ninstall \"${missing[@]}\"\n"
        #expect(Self.emptyArrayExpansions(in: unsafe) == ["4: ${missing[@]} may be empty under set -u"])
        let fromArguments = "set -u\nversions=(\"$@\")\nfor v in \"${versions[@]}\"; do :; done\n"
        #expect(Self.emptyArrayExpansions(in: fromArguments).count == 1)
        // The same with a size test, the guarded form, a literal list, or without set -u.
        let counted = unsafe + "[ \"${#missing[@]}\" -gt 0 ]\n"
        let guardedForm = unsafe.replacingOccurrences(of: #""${missing[@]}""#, with: #"${missing[@]+"${missing[@]}"}"#)
        let literal = "set -eu\nbuild=(-c release)\nswift build \"${build[@]}\"\n"
        let noNounset = unsafe.replacingOccurrences(of: "set -euo pipefail", with: "set -e")
        for safe in [counted, guardedForm, literal, noNounset] {
            #expect(Self.emptyArrayExpansions(in: safe).isEmpty, "\(safe)")
        }
    }

    @Test func noScriptExpandsAnArrayThatMayBeEmptyUnderNounset() throws {
        var found: [String] = []
        for file in try Self.scripts() where file.pathExtension != "py" {
            let relative = file.path.replacingOccurrences(of: Eplint.packageRoot.path + "/", with: "")
            found += Self.emptyArrayExpansions(in: try String(contentsOf: file, encoding: .utf8)).map {
                "\(relative):\($0)"
            }
        }
        #expect(found.isEmpty, "fails in macOS's bash 3.2:\n\(found.joined(separator: "\n"))")
    }
}
