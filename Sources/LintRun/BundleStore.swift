import BuiltApps
import RunPlan

/// The files of a built artifact, wherever they are: a folder on disk (`.app`, `.xcarchive`)
/// or the entries of an `.ipa`. Paths are relative to the artifact, folders end in `/`.
protocol BundleStore {
    /// The file's bytes; nil when there is no such file.
    func contents(_ path: String) throws(ArtifactProblem) -> [UInt8]?
    /// The executable's code signature slices; nil when there is no such file.
    func signature(_ path: String) throws(ArtifactProblem) -> [MachOSlice]?
    /// The names of the folders directly in `folder`.
    func folders(in folder: String) -> [String]
}

/// A bundle folder on disk: files are read where they are, executables only where their
/// headers and signature are.
struct FolderStore: BundleStore {
    let root: String
    let fileSystem: any PlanFileSystem

    private func full(_ path: String) -> String { root.hasSuffix("/") ? root + path : root + "/" + path }

    func contents(_ path: String) throws(ArtifactProblem) -> [UInt8]? {
        guard isFile(path) else { return nil }
        switch fileSystem.contents(of: full(path), limit: ProvisioningProfile.maximumSize * 4) {
        case .success(let bytes): return bytes
        case .failure(let failure):
            throw ArtifactProblem(.unreadable, "cannot read \(full(path).quotedForMessage): \(failure.reason)")
        }
    }

    func signature(_ path: String) throws(ArtifactProblem) -> [MachOSlice]? {
        guard isFile(path) else { return nil }
        return try MachOSignature.read(PlanBytes.open(full(path), in: fileSystem))
    }

    func folders(in folder: String) -> [String] {
        let directory = full(folder)
        return (fileSystem.listing(of: directory) ?? []).filter {
            fileSystem.kind(of: $0, at: directory + $0.name) == .directory
        }.map(\.name).sorted(by: InputCollector.precedesInByteOrder)
    }

    /// A regular file, not a link to one (a bundle's links are not followed).
    private func isFile(_ path: String) -> Bool {
        fileSystem.kind(of: DirectoryEntry(name: path, knownKind: nil), at: full(path)) == .file
    }
}

/// The entries of an `.ipa`, inflated one at a time when asked for.
struct ZipStore: BundleStore {
    let archive: ZipArchive

    func contents(_ path: String) throws(ArtifactProblem) -> [UInt8]? {
        guard let entry = archive.entry(named: path), !entry.isDirectory else { return nil }
        return try archive.contents(of: entry)
    }

    func signature(_ path: String) throws(ArtifactProblem) -> [MachOSlice]? {
        try contents(path).map { bytes throws(ArtifactProblem) in try MachOSignature.read(MemoryBytes(bytes)) }
    }

    /// Folders named by an entry's path (zips need not hold entries for folders).
    func folders(in folder: String) -> [String] {
        var names: [String] = []
        for entry in archive.entries where entry.name.hasPrefix(folder) {
            let rest = entry.name.dropFirst(folder.count)
            guard let slash = rest.firstIndex(of: "/") else { continue }
            let name = String(rest[..<slash])
            if !name.isEmpty && !names.contains(name) { names.append(name) }
        }
        return names.sorted()
    }
}

/// A file of the host's file system read at offsets, as the built-app readers read.
struct PlanBytes: RandomAccessBytes {
    let file: any RandomAccessFile

    static func open(_ path: String, in fileSystem: any PlanFileSystem) throws(ArtifactProblem) -> PlanBytes {
        switch fileSystem.randomAccess(path) {
        case .success(let file): return PlanBytes(file: file)
        case .failure(let failure): throw ArtifactProblem(.unreadable, "cannot open \(path): \(failure.reason)")
        }
    }

    var count: UInt64 { file.count }

    func read(at offset: UInt64, length: Int) throws(ArtifactProblem) -> [UInt8] {
        guard length >= 0, offset <= count, UInt64(length) <= count - offset else {
            throw ArtifactProblem(.malformed, "\(length) bytes at offset \(offset) are past the end (\(count) bytes)")
        }
        switch file.read(at: offset, length: length) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw ArtifactProblem(.unreadable, failure.reason)
        }
    }
}
