/// How Xcode would run an Info.plist through the C preprocessor: `INFOPLIST_PREPROCESS`,
/// `INFOPLIST_PREPROCESSOR_DEFINITIONS`, `INFOPLIST_PREFIX_HEADER` and
/// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`. Filled by command-line flags, `.eplint.yml` or an
/// Xcode project; PlistSyntax never reads a file itself (a prefix header arrives as text).
package struct PreprocessingOptions: Sendable, Equatable {
    package enum Mode: Sendable, Equatable {
        /// Preprocess a file when it holds a directive line (then Xcode must preprocess it).
        case auto
        /// `INFOPLIST_PREPROCESS = YES`: always.
        case always
        /// Never: the file is XML as it stands.
        case never
    }

    /// A file named by `INFOPLIST_PREFIX_HEADER` or `-include`, already read by whoever named it.
    package struct PrefixHeader: Sendable, Hashable {
        package var path: String
        package var text: [UInt8]

        package init(path: String, text: [UInt8]) {
            self.path = path
            self.text = text
        }
    }

    package var mode: Mode
    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS`: `NAME` or `NAME=VALUE`, each passed as `-D`.
    package var definitions: [String]
    /// `INFOPLIST_OTHER_PREPROCESSOR_FLAGS`, one argument each: `-traditional`,
    /// `-traditional-cpp`, `-DNAME[=VALUE]`, `-D NAME`, `-UNAME`, `-U NAME`; any other flag
    /// is ignored and listed in `PreprocessedText.ignoredFlags`. `-include FILE` must be
    /// resolved by the caller into `prefixHeaders` (PlistSyntax reads no files).
    package var flags: [String]
    /// The `-D` arguments (as `-DNAME=VALUE`) that a file of the repository set, not the user,
    /// with where (`define: in .eplint.yml`): the macros they define are named in messages,
    /// never quoted (issue 45). Any other definition is the user's own (or a test's).
    package var repositoryDefinitions: [String: String] = [:]
    /// Included before the file, in order: their `#define`s apply, their text is output.
    package var prefixHeaders: [PrefixHeader]
    /// The platform the build preprocesses for, which sets the `TARGET_OS_*` macros; nil when
    /// the run does not know it (they are then undefined, with an EP007 note where tested).
    package var platform: TargetPlatform?
    /// Whether the build's clang predefines the `TARGET_OS_*` macros (Xcode 16.3 and later,
    /// `XcodeVersion`); false: they are undefined whatever the platform, as clang leaves them.
    package var predefinesPlatformMacros = true
    /// Why `predefinesPlatformMacros` is what it is (`eplint context`).
    package var platformMacrosReason = "the default (Xcode 16.3 or later)"
    /// Follows quoted `#include "x.h"` (and `#import`) as clang does, from the including file's
    /// folder; nil: they are not followed (an EP007 note says so).
    package var includeReader: IncludeReader?
    /// The run's preprocessed texts: a text preprocessed again with the same inputs (in another
    /// context) is taken from there; nil: every run of the preprocessor makes its text.
    package var preprocessed: PreprocessedTexts?

    package init(
        mode: Mode = .auto, definitions: [String] = [], flags: [String] = [], prefixHeaders: [PrefixHeader] = [],
        platform: TargetPlatform? = nil, includeReader: IncludeReader? = nil
    ) {
        self.mode = mode
        self.definitions = definitions
        self.flags = flags
        self.prefixHeaders = prefixHeaders
        self.platform = platform
        self.includeReader = includeReader
    }

    /// Records `definitions` (`NAME=VALUE`) and the `-D` flags among `flags` as set by `origin`,
    /// a file of the repository, unless the user typed the same (`typed`).
    package mutating func record(
        definitions: [String] = [], flags: [String] = [], by origin: String, typed: [String] = []
    ) {
        var arguments = definitions.map { "-D" + $0 }
        var index = 0
        while index < flags.count {
            if flags[index] == "-D", index + 1 < flags.count {
                arguments.append("-D" + flags[index + 1])
                index += 1
            } else if flags[index].hasPrefix("-D") {
                arguments.append(flags[index])
            }
            index += 1
        }
        let own = Set(typed.map { $0.hasPrefix("-D") ? $0 : "-D" + $0 })
        for argument in arguments where !own.contains(argument) && repositoryDefinitions[argument] == nil {
            repositoryDefinitions[argument] = origin
        }
    }

    /// `-traditional` or `-traditional-cpp` among the flags.
    var isTraditional: Bool { flags.contains { $0 == "-traditional" || $0 == "-traditional-cpp" } }
}

/// Hashed as compared, but for the prefix headers' texts, of which only the size: a header
/// may be megabytes, and each of a target's contexts is looked up (`LintConfiguration`).
extension PreprocessingOptions: Hashable {
    package func hash(into hasher: inout Hasher) {
        hasher.combine(mode)
        hasher.combine(definitions)
        hasher.combine(flags)
        for header in prefixHeaders {
            hasher.combine(header.path)
            hasher.combine(header.text.count)
        }
        hasher.combine(platform)
        hasher.combine(predefinesPlatformMacros)
        hasher.combine(platformMacrosReason)
        hasher.combine(includeReader?.name)
        hasher.combine(preprocessed == nil)
    }
}

extension PreprocessingOptions {
    /// What Xcode's clang predefines for every Info.plist it preprocesses, whatever the
    /// architecture, SDK or Xcode version: Xcode runs `cc -E -P -x c -Wno-trigraphs FILE
    /// -F… -target ARCH-apple-OS -isysroot SDK` once per architecture (swift-build's
    /// InfoPlistBuildOperationTests), and clang defines these for every Apple target. The
    /// architecture's macros stay unknown (EP007 where tested); the TARGET_OS_* ones are the
    /// platform's (`platform`), and unknown like them when the run does not know the platform.
    static let xcodePredefinitions: [(name: String, value: String)] = [("__APPLE__", "1"), ("__MACH__", "1")]

    /// Predefined by Xcode's clang for the architecture or platform: eplint takes them as
    /// undefined (a note where tested) unless `platform` sets them, and so must a clang it is
    /// compared with.
    static var targetDependentMacros: Set<String> { MacroTable.targetMacros }
}
