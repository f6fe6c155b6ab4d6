import Foundation

#if canImport(Testing)
    import Testing
#endif

/// `shared/` beside the checkout (as developers' machines and CI have it), or where
/// `EPLINT_SHARED_DIR` says: the corpora, Apple's pages and the tools the oracles need. Every
/// test that reads it goes through here, so one variable moves them all.
///
/// As with `RequiredTool`: without it a test is skipped with the reason shown; under
/// `EPLINT_STRICT_TESTS=1` the test runs and `require()` fails it, and `StrictModeTests` names
/// every missing item (a test whose cases come from a missing corpus would otherwise run none).
package enum SharedData {
    package static let root: URL = {
        if let explicit = ProcessInfo.processInfo.environment["EPLINT_SHARED_DIR"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit).standardizedFileURL
        }
        // Tests/TestSupport/SharedData.swift → the checkout → its sibling `shared`.
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("../shared").standardizedFileURL
    }()

    /// What the suite reads from `shared/`.
    package enum Item: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case corpus = "corpus"
        case realWorld = "corpus/real-world"
        case peerSuites = "corpus/peer-suites"
        case preprocessed = "corpus/preprocessed"
        case xcodeproj = "corpus/xcodeproj"
        case artifacts = "corpus/artifacts"
        case serverAppleLibrary = "corpus/server-apple-library"
        case seeds = "seeds"
        case validateSARIF = "tools/validate-sarif"

        package var url: URL { SharedData.root.appendingPathComponent(rawValue).standardizedFileURL }
        package var isPresent: Bool { FileManager.default.fileExists(atPath: url.path) }
        /// The item's location when it is there.
        package var present: URL? { isPresent ? url : nil }
        /// Whether a test that needs it runs: always in strict mode (to fail there), else only with it.
        package var runs: Bool { RequiredTool.strict || isPresent }
        package var reason: String { "needs shared/\(rawValue) beside the checkout or EPLINT_SHARED_DIR" }
        package var testDescription: String { "shared/\(rawValue)" }

        /// The item's location; throws (failing the test) when it is missing.
        package func require() throws -> URL {
            guard isPresent else {
                throw RequiredTool.Missing(description: "\(reason) (EPLINT_STRICT_TESTS=1 requires it): \(url.path)")
            }
            return url
        }
    }
}

#if canImport(Testing)
    extension Trait where Self == ConditionTrait {
        /// `@Test(.requires(.artifacts))`: skipped with the reason where `shared/` lacks it, except
        /// in strict mode, where the test runs and `require()` fails it.
        package static func requires(_ item: SharedData.Item) -> Self {
            .enabled(if: item.runs, Comment(rawValue: item.reason))
        }
    }
#endif
