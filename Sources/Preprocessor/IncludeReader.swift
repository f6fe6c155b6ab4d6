/// Reads the file a quoted `#include "x.h"` names, for the preprocessor, which reads no file
/// itself: the caller decides which files a plist may make eplint read (the run plan: regular
/// files inside the run's folders) and gives the bytes.
package struct IncludeReader: Sendable {
    package enum Outcome: Sendable, Equatable {
        /// The file's bytes, and what is equal for two paths to the same file (`#pragma once`).
        case read(bytes: [UInt8], identity: String)
        /// Nothing is at the path: clang, which looks there first, fails the build unless a
        /// search folder (`-I`, `-iquote`) holds the file.
        case missing
        /// Larger than the limit asked for.
        case tooLarge
        /// eplint chose not to read it (outside the run's roots, a link out, a device,
        /// version-control metadata), though Xcode's build reads it; why (EP007, a warning).
        case refused(String)
        /// It is there but cannot be opened or read (permission denied): Xcode's build cannot
        /// read it either; why (EP007, a note).
        case unreadable(String)
    }

    /// Names the reader in `PreprocessingOptions`' equality (its folders, say).
    package let name: String
    /// `path`: the name joined to the including file's folder as clang joins it (relative to
    /// the working directory, or absolute); at most `limit` bytes are read.
    package let read: @Sendable (_ path: String, _ limit: Int) -> Outcome

    package init(name: String, read: @escaping @Sendable (_ path: String, _ limit: Int) -> Outcome) {
        self.name = name
        self.read = read
    }
}

extension IncludeReader: Equatable {
    package static func == (left: IncludeReader, right: IncludeReader) -> Bool { left.name == right.name }
}
