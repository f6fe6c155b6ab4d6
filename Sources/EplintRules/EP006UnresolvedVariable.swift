import LintEngine

/// A region or URL made of a build setting nobody defined: eplint cannot check it.
struct EP006UnresolvedVariable: LintRule {
    func check(_ context: LintContext) {
        for region in context.facts.regions {
            if case .unresolved(let names) = region.resolution {
                context.diagnose(
                    self, Message.unresolved(names, region.text), at: region.range, keyPath: region.keyPath,
                    value: region.text)
            }
        }
        for link in context.facts.links {
            if case .unresolved(let names) = link.resolution {
                context.diagnose(
                    self, Message.unresolved(names, link.text), at: link.range, keyPath: link.keyPath, value: link.text)
            }
        }
    }

    enum Message {
        static func unresolved(_ names: [String], _ text: String) -> String {
            let list = names.map { "$(\($0))" }.joined(separator: ", ")
            let flags = names.map { "--define \($0)=VALUE" }.joined(separator: " ")
            return
                "\(text.quotedForMessage) uses \(list), which is not defined, so its value is not checked; pass \(flags) to check it"
        }
    }
}
