/// The Xcode whose clang preprocesses the Info.plist, as far as it changes eplint's reading:
/// clang predefines the `TARGET_OS_*` macros for Darwin targets by default only from the LLVM
/// that added `-fdefine-target-os-macros` (LLVM 18; its driver test
/// `clang/test/Driver/fdefine-target-os-macros.c` checks the default, its list
/// `clang/include/clang/Basic/TargetOSMacros.def`), which Apple's clang has from Xcode 16.3
/// (Apple clang 1700, LLVM 19 based; Xcode 16.0 to 16.2 ship Apple clang 1600, LLVM 17 based).
/// Before, `TargetConditionals.h` defined them, which an Info.plist does not include: every
/// `TARGET_OS_*` is undefined there.
package struct XcodeVersion: Sendable, Equatable, Comparable, CustomStringConvertible {
    package var major: Int
    package var minor: Int
    package var patch: Int

    /// The first Xcode whose clang predefines the `TARGET_OS_*` macros.
    package static let predefinesTargetOSMacrosFrom = XcodeVersion(major: 16, minor: 3, patch: 0)

    package init(major: Int, minor: Int, patch: Int) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `16`, `16.3` or `16.3.1`, as `--xcode-version` and `xcode-version:` take it.
    package init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ (1...3).contains($0.count) && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        let numbers = parts.map { Int($0)! }
        self.init(
            major: numbers[0], minor: numbers.count > 1 ? numbers[1] : 0, patch: numbers.count > 2 ? numbers[2] : 0)
    }

    /// Xcode's `XCODE_VERSION_ACTUAL`: major, minor and patch in four digits (`1630` for 16.3,
    /// `0941` for 9.4.1); the major has two digits, so `2600` is Xcode 26.
    package init?(actual text: String) {
        guard text.count == 4, text.allSatisfy(\.isASCIIDigit), let value = Int(text) else { return nil }
        self.init(major: value / 100, minor: value / 10 % 10, patch: value % 10)
    }

    package var predefinesTargetOSMacros: Bool { self >= Self.predefinesTargetOSMacrosFrom }

    package var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }

    package static func < (left: XcodeVersion, right: XcodeVersion) -> Bool {
        (left.major, left.minor, left.patch) < (right.major, right.minor, right.patch)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
