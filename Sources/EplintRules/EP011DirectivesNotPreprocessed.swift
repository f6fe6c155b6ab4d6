import EplintBase
import LintEngine

/// C preprocessor lines in an Info.plist whose target does not preprocess it: Xcode copies
/// the lines into the app's Info.plist as text, where they break it.
struct EP011DirectivesNotPreprocessed: LintRule {
    /// The lines break the Info.plist whatever keys it has; they may also hide StoreKit keys
    /// behind a conditional that Xcode never evaluates.
    var runsWithoutStoreKitKeys: Bool { true }

    func check(_ context: LintContext) {
        guard context.infoPlistPreprocessed == false, let first = context.directives.first else { return }
        context.diagnose(
            self, Message.notPreprocessed(more: context.directives.count - 1), at: SourceRange(at: first), keyPath: "")
    }

    enum Message {
        static func notPreprocessed(more: Int) -> String {
            let others = more == 0 ? "" : more == 1 ? " (and 1 more line)" : " (and \(more) more lines)"
            return "preprocessor line\(others) in an Info.plist whose target does not set INFOPLIST_PREPROCESS = YES: "
                + "Xcode copies it into the app's Info.plist as text; set INFOPLIST_PREPROCESS = YES or remove the lines"
        }
    }
}
