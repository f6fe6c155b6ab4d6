/// Runs a shell command on a pseudo-terminal through `script(1)`, whose options differ: util-linux
/// (Linux) takes the command with `-c` and returns its status with `-e`; BSD's (macOS) rejects
/// both and takes the command after the typescript file, returning its status anyway.
package enum PseudoTerminal {
    /// The arguments of `RequiredTool.script` that run `command` (a `sh` command line), with the
    /// typescript thrown away.
    package static func scriptArguments(running command: String) -> [String] {
        #if os(Linux)
            ["-qec", command, "/dev/null"]
        #else
            ["-q", "/dev/null", "/bin/sh", "-c", command]
        #endif
    }
}
