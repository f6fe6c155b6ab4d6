import EplintBase

/// The texts one run has preprocessed (issue 45): a file linted in many contexts (each
/// configuration × platform of a target) is preprocessed once per distinct input, not once per
/// context, so a header it includes is read, and counted against the run's budget, once. One per
/// run (`RunPlanner`), never process-wide: the language server plans each request anew.
///
/// The input is the text, its name (`__FILE__`, the folder quoted includes start from), the
/// definitions, the flags (`-I`, `-traditional`…), the prefix headers' paths and texts, the
/// include reader (by name) and whether clang predefines the platform's macros; the platform
/// itself only where the run read one of its predefined macros (`MacroTable.platformReads`):
/// every platform predefines the same names, so a run that looked none up is the same on each.
package final class PreprocessedTexts: @unchecked Sendable {
    struct Key: Hashable {
        var source: [UInt8]
        var fileName: String
        var definitions: [String]
        var flags: [String]
        var repositoryDefinitions: [String: String]
        var prefixHeaders: [PreprocessingOptions.PrefixHeader]
        var includeReader: String?
        var predefinesPlatformMacros: Bool
        /// Whether a platform is known (its macros defined) at all.
        var knowsPlatform: Bool

        init(_ source: [UInt8], fileName: String, options: PreprocessingOptions) {
            self.source = source
            self.fileName = fileName
            definitions = options.definitions
            flags = options.flags
            repositoryDefinitions = options.repositoryDefinitions
            prefixHeaders = options.prefixHeaders
            includeReader = options.includeReader?.name
            predefinesPlatformMacros = options.predefinesPlatformMacros
            knowsPlatform = options.predefinesPlatformMacros && options.platform != nil
        }

        /// What the key holds, in bytes, for the cache's bound.
        var size: Int { source.count + prefixHeaders.reduce(0) { $0 + $1.text.count } }
    }

    struct Entry {
        /// The platform the text was made for; nil where none was known.
        var platform: TargetPlatform?
        var text: PreprocessedText
    }

    /// At most this many bytes of keys and texts are held (the oldest are let go): a run lints
    /// a few Info.plists, each in a few variants.
    package let byteLimit: Int
    private let lock = RunLock()
    private var entries: [Key: [Entry]] = [:]
    /// Keys in the order they were made, for letting the oldest go.
    private var order: [(key: Key, size: Int)] = []
    private var heldBytes = 0
    private var madeCount = 0

    package init(byteLimit: Int = 64 << 20) {
        self.byteLimit = byteLimit
    }

    private func locked<Value>(_ body: () -> Value) -> Value { lock.held(body) }

    /// How many texts were preprocessed (not found here) so far.
    package var made: Int { locked { madeCount } }

    /// The text preprocessed with these inputs before in this run, else `make()`'s, kept.
    func text(
        _ source: [UInt8], fileName: String, options: PreprocessingOptions, make: () -> PreprocessedText
    ) -> PreprocessedText {
        let key = Key(source, fileName: fileName, options: options)
        let platform = key.knowsPlatform ? options.platform : nil
        let found = locked {
            entries[key]?.first { $0.platform == platform || !$0.text.readsPlatformMacros }
        }
        if let found { return found.text }
        // Made outside the lock: another file's contexts need not wait for this one.
        let text = make()
        let size = key.size + text.text.count
        locked {
            madeCount += 1
            guard size <= byteLimit else { return }
            entries[key, default: []].append(Entry(platform: platform, text: text))
            order.append((key, size))
            heldBytes += size
            while heldBytes > byteLimit, !order.isEmpty {
                let oldest = order.removeFirst()
                heldBytes -= oldest.size
                if var kept = entries[oldest.key], !kept.isEmpty {
                    kept.removeFirst()
                    entries[oldest.key] = kept.isEmpty ? nil : kept
                }
            }
        }
        return text
    }
}

/// Two runs' options differ in nothing the preprocessor makes when only their caches differ.
extension PreprocessedTexts: Equatable {
    package static func == (left: PreprocessedTexts, right: PreprocessedTexts) -> Bool { true }
}
