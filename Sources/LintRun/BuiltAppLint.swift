import BuiltApps
import EplintBase
import LintEngine
import PlistSyntax
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lints a built app (`.ipa`, `.xcarchive`, `.app`): each bundle's Info.plist (binary or
/// XML) with the entitlements signed into its executable as the paired entitlements, the
/// main bundle and every nested one (app extensions, App Clips, watch apps).
struct BuiltAppLint {
    let linter: Linter
    let verbose: Bool
    let fileSystem: any PlanFileSystem

    typealias Outcome = FoundFindings

    static func isArtifact(_ path: String) -> Bool {
        let name = path.hasSuffix("/") ? String(path.dropLast()) : path
        return name.hasSuffix(".ipa") || name.hasSuffix(".app") || name.hasSuffix(".xcarchive")
    }

    /// Nested bundles are looked for this deep (a watch app's extension is at depth 2).
    static let maximumNesting = 3

    /// `notes`: `--verbose`'s lines about the artifact.
    func lint(_ path: String, notes: NoteBuffer) -> Outcome {
        var outcome = lintArtifact(path, notes: notes)
        // An artifact whose finding is about itself (not a zip, no app in it) was linted all the
        // same: the run must not also say it found no files to lint.
        if outcome.linted == 0 && !outcome.diagnostics.isEmpty { outcome.linted = 1 }
        return outcome
    }

    private func lintArtifact(_ path: String, notes: NoteBuffer) -> Outcome {
        let shown = path.hasSuffix("/") ? String(path.dropLast()) : path
        var outcome = Outcome(fileSystem: fileSystem)
        do throws(ArtifactProblem) {
            let store: any BundleStore
            let bundles: [String]
            if shown.hasSuffix(".ipa") {
                let zip = ZipStore(archive: try ZipArchive(PlanBytes.open(shown, in: fileSystem)))
                store = zip
                bundles = zip.folders(in: "Payload/").filter { $0.hasSuffix(".app") }.map { "Payload/\($0)/" }
            } else if shown.hasSuffix(".xcarchive") {
                store = FolderStore(root: shown, fileSystem: fileSystem)
                bundles = store.folders(in: "Products/Applications/").filter { $0.hasSuffix(".app") }.map {
                    "Products/Applications/\($0)/"
                }
            } else {
                store = FolderStore(root: shown, fileSystem: fileSystem)
                bundles = [""]
            }
            guard !bundles.isEmpty else {
                outcome.append(
                    problem(
                        ArtifactProblem(
                            .unsupported,
                            "no app bundle in it (\(shown.hasSuffix(".ipa") ? "Payload/*.app" : "Products/Applications/*.app") is empty)"
                        ), in: shown))
                return outcome
            }
            for bundle in bundles {
                try lintBundle(bundle, of: shown, in: store, depth: 0, into: &outcome, notes: notes)
            }
        } catch {
            if error.kind == .unreadable {
                outcome.failures.append(error.message)
            } else {
                outcome.append(problem(error, in: shown))
            }
        }
        return outcome
    }

    private func lintBundle(
        _ bundle: String, of artifact: String, in store: any BundleStore, depth: Int, into outcome: inout Outcome,
        notes: NoteBuffer
    ) throws(ArtifactProblem) {
        // macOS bundles keep everything under Contents/.
        let isMac = try store.contents(bundle + "Contents/Info.plist") != nil
        let contents = isMac ? bundle + "Contents/" : bundle
        guard let info = try store.contents(contents + "Info.plist") else {
            let where_ = bundle.isEmpty ? artifact : artifact + "/" + bundle.dropLast()
            outcome.append(
                problem(ArtifactProblem(.unsupported, "no Info.plist in the app bundle"), in: where_))
            return
        }
        let infoPath = artifact + "/" + contents + "Info.plist"
        let root = PlistParser.parse(info).root?.dictionaryEntries
        var pairing = EntitlementsPairing.none
        if let executable = root?.last(forKey: "CFBundleExecutable")?.value.stringValue, !executable.contains("/") {
            let executablePath = contents + (isMac ? "MacOS/" : "") + executable
            if let slices = try store.signature(executablePath) {
                let shownPath = artifact + "/" + executablePath + " (signed entitlements)"
                if let xml = slices.lazy.compactMap(\.entitlementsXML).first {
                    switch PlistParser.parse(xml).root?.dictionaryEntries {
                    case let entries?:
                        pairing = .paired(
                            PairedEntitlements(
                                path: shownPath, entries: entries,
                                profile: try profile(
                                    in: contents, isMac: isMac, of: artifact, from: store, into: &outcome)))
                    case nil:
                        outcome.append(
                            problem(
                                ArtifactProblem(.malformed, "the signed entitlements are not a plist dictionary"),
                                in: shownPath))
                    }
                } else if let der = slices.lazy.compactMap(\.entitlementsDER).first {
                    // Only the DER form: its values have no lines (all at 1:1).
                    pairing = .paired(
                        PairedEntitlements(
                            path: shownPath, entries: try DEREntitlements.entries(der),
                            profile: try profile(in: contents, isMac: isMac, of: artifact, from: store, into: &outcome))
                    )
                } else if verbose {
                    let why = slices.contains(where: \.isSigned) ? "signed without entitlements" : "unsigned"
                    notes.add(
                        "eplint: \(artifact)/\(executablePath): \(why); its Info.plist is linted without entitlements\n"
                    )
                }
            } else if verbose {
                notes.add(
                    "eplint: \(artifact)/\(executablePath): no such executable; its Info.plist is linted without entitlements\n"
                )
            }
        }
        var source = BytesSource(info)
        do throws(ReadFailure) {
            let result = try linter.lint(&source, path: infoPath, pairing: pairing)
            outcome.append(contentsOf: result.diagnostics)
            outcome.linted += 1
        } catch {
            outcome.failures.append(error.reason)
        }
        guard depth < Self.maximumNesting else { return }
        for (folder, suffix) in [
            ("PlugIns/", ".appex"), ("Extensions/", ".appex"), ("AppClips/", ".app"), ("Watch/", ".app"),
        ] {
            for nested in store.folders(in: contents + folder) where nested.hasSuffix(suffix) {
                try lintBundle(
                    contents + folder + nested + "/", of: artifact, in: store, depth: depth + 1, into: &outcome,
                    notes: notes)
            }
        }
    }

    /// The embedded provisioning profile (read, not verified); a broken one is reported and left out.
    private func profile(
        in contents: String, isMac: Bool, of artifact: String, from store: any BundleStore,
        into outcome: inout Outcome
    ) throws(ArtifactProblem) -> GrantingProfile? {
        let path = contents + (isMac ? "embedded.provisionprofile" : "embedded.mobileprovision")
        guard let bytes = try store.contents(path) else { return nil }
        do throws(ArtifactProblem) {
            let read = try ProvisioningProfile(bytes)
            return GrantingProfile(
                path: artifact + "/" + path, entitlements: read.entitlements, expirationDate: read.expirationDate)
        } catch {
            outcome.append(problem(error, in: artifact + "/" + path))
            return nil
        }
    }

    private func problem(_ problem: ArtifactProblem, in file: String) -> Diagnostic {
        Diagnostic(
            file: file, rule: problem.kind == .malformed ? .ep001MalformedPlist : .ep002UnsupportedFormat,
            message: problem.message, range: SourceRange(at: .start))
    }
}
