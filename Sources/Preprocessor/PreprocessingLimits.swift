/// What eplint's preprocessor does at most for one file. A plist from a pull request is
/// untrusted: past a limit the run ends with EP002 ("a limit was exceeded") where it stopped,
/// and nothing in the file is linted, so that a file cannot hide its keys behind a limit
/// while CI stays green. No real Info.plist comes near any of them.
enum PreprocessingLimits {
    /// Macro uses nested inside macro arguments (`F(F(F(x)))`): each argument is expanded
    /// before it is substituted, one level of recursion (two frames) each. A level costs
    /// about 4.3 KB of stack in a debug build, far less in a release build: 64 levels stay
    /// well inside a 512 KiB stack, the smallest eplint runs on (macOS's secondary threads;
    /// eplint's own workers get `WorkerThread.stackSize`). Real plists nest two or three.
    /// (`#if` expressions have no depth limit: they are evaluated with explicit stacks.)
    static let nesting = 64

    /// Tokens the macro expansions of a file may produce, collect as arguments and copy into
    /// strings, and the text a macro use still waiting for its `)` may hold: a fixed allowance
    /// far above ordinary macro use plus one per 4 source bytes. The file's definitions have
    /// an allowance of the same size of their own, and a directive line that must be read
    /// whole (a plain `#if` is evaluated as it is read) may not outgrow what is left. It
    /// bounds time and memory (a token takes 40 bytes): macros that double at each level, a
    /// huge argument used many times, pastes in a row, or calls nested so deep that their
    /// arguments are collected again at each level all stop here, and preprocessing stays
    /// within 32 MB + 16 bytes per input byte (`scripts/benchmarks/adversarial.sh`).
    static func expansionBudget(sourceBytes: Int) -> Int { baseExpansionBudget + sourceBytes / 4 }
    static let baseExpansionBudget = 1 << 16

    /// Quoted includes nested in one another (clang allows 200): a header that includes
    /// itself without a guard stops here. Real plists include one level, if any.
    static let includeDepth = 16
    /// Files quoted includes may read for one plist, and their bytes together (the size
    /// limit of a prefix header).
    static let includedFiles = 256
    static let includedBytes = 16 << 20

    /// The error for a limit.
    static func exceeded(_ what: String) -> DirectiveFailure {
        DirectiveFailure(
            "a limit was exceeded: \(what); eplint cannot preprocess this file as Xcode would and lints nothing in it",
            isFatal: true)
    }
}
