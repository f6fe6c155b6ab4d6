import LintEngine

/// `SKExternalLinkAccount` without the `*` key Apple requires for the default URL.
struct EP802ReaderLinkNoDefault: PairingRule {
    func check(_ context: LintContext) {
        guard let entry = context.readerAppLink, let dictionary = entry.value.dictionaryEntries,
            !dictionary.contains(where: { $0.key == ReaderAppLink.defaultKey })
        else { return }
        context.diagnose(
            self, "\(ReaderAppLink.key) has no '*' key; it must map '*' to the default URL", at: entry.keyRange,
            keyPath: ReaderAppLink.key)
    }
}
