import LintEngine

/// `SKExternalLinkAccount` that is not a dictionary of strings, or a key that is neither a
/// lowercase ISO 3166-1 alpha-2 code nor `*` (`en-GB*`, `GB`).
struct EP801ReaderLinkInvalid: PairingRule {
    func check(_ context: LintContext) {
        guard let entry = context.readerAppLink else { return }
        guard let dictionary = entry.value.dictionaryEntries else {
            context.diagnose(
                self, "\(ReaderAppLink.key) must be a dictionary (region -> URL), found \(entry.value.kind.rawValue)",
                at: entry.keyRange, keyPath: ReaderAppLink.key)
            return
        }
        for item in dictionary {
            let path = "\(ReaderAppLink.key).\(item.key)"
            if item.key != ReaderAppLink.defaultKey {
                let lowered = item.key.asciiLowercased
                if !context.regionData.isoCodes.contains(lowered) {
                    context.diagnose(
                        self,
                        "key '\(item.key)' of \(ReaderAppLink.key) is neither a lowercase ISO 3166-1 alpha-2 country code nor '*'",
                        at: item.keyRange, keyPath: path, value: item.key)
                } else if lowered != item.key {
                    // One right answer, unless the dictionary has the lowercase key already (a duplicate to resolve by hand).
                    let taken = dictionary.contains { $0.key == lowered }
                    context.diagnose(
                        self, "key '\(item.key)' of \(ReaderAppLink.key) must be lowercase: '\(lowered)'",
                        at: item.keyRange, keyPath: path, value: item.key,
                        fix: taken ? nil : .safe(.replaceText(element: item.keyRange, old: item.key, new: lowered)))
                }
            }
            if item.value.stringValue == nil {
                context.diagnose(
                    self, "\(path) must be a string (a URL), found \(item.value.kind.rawValue)", at: item.value.range,
                    keyPath: path)
            }
        }
    }
}
