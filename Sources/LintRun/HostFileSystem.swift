import EplintBase
import LintEngine
import RunPlan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one place where macOS and Linux file systems differ for eplint: `/tmp` and `/var` are
/// links into `/private` on macOS (and `getcwd` returns the physical path), APFS compares
/// names case-insensitively and may hand back NFD spellings. Paths are matched in one
/// canonical form (the real path of their folder) while the user's spelling is what is shown.
enum HostFileSystem {
    /// `path` made absolute, its folder resolved through links (`/tmp/x/a.plist` →
    /// `/private/tmp/x/a.plist` on macOS). The last component is kept, so a linked file is
    /// not confused with its target; a folder that does not exist keeps its spelling below
    /// its nearest existing ancestor.
    static func canonical(_ path: String) -> String {
        let normalized = asGiven(path)
        guard normalized != "/", let slash = normalized.utf8.lastIndex(of: UInt8(ascii: "/")) else { return normalized }
        let folder = String(normalized[..<slash])
        let real = realFolder(folder.isEmpty ? "/" : folder)
        return (real == "/" ? "" : real) + String(normalized[slash...])
    }

    /// A folder's canonical absolute path, the folder itself resolved too (`--srcroot /tmp`).
    static func canonicalDirectory(_ path: String) -> String {
        realFolder(asGiven(path))
    }

    /// An absolute path as the user spelt it, `.` and `..` resolved.
    private static func asGiven(_ path: String) -> String {
        PathArithmetic.normalized(path.hasPrefix("/") ? path : currentDirectory() + "/" + path)
    }

    /// The real path of a folder, cached: every diagnostic's file is matched through it.
    private static func realFolder(_ folder: String) -> String {
        if let known = folderCache.value(for: folder) { return known }
        // A folder that is not there (or unreadable) keeps its spelling below the nearest
        // ancestor that resolves; a loop, not recursion, whatever the depth of the argument.
        var existing = folder
        var missing = ""
        var resolved = ""
        while true {
            if let real = realpath(existing, nil) {
                resolved = String(cString: real)
                free(real)
                break
            }
            guard existing != "/", let slash = existing.utf8.lastIndex(of: UInt8(ascii: "/")) else {
                resolved = "/"
                break
            }
            missing = String(existing[slash...]) + missing
            existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
        }
        if resolved == "/" && !missing.isEmpty { resolved = "" }
        resolved += missing
        folderCache.store(resolved, for: folder)
        return resolved
    }

    private static let folderCache = LockedCache()

    /// A key equal for two paths exactly when they are the same file (device and inode,
    /// whatever the spelling: case, NFD, `/private`, links), or the canonical path of a file
    /// that cannot be reached, folded as its volume folds names. Cached: it is asked for every diagnostic.
    static func sameFileKey(_ path: String) -> String {
        if let known = identityCache.value(for: path) { return known }
        let key = FileIdentity(path).map { "\($0.device):\($0.inode)" } ?? HostPlanFileSystem().folded(path)
        identityCache.store(key, for: path)
        return key
    }

    private static let identityCache = LockedCache()

    /// Forgets what the caches learnt: a file or folder may now be another (an editor's atomic
    /// save is a new file under the old name; a folder replaced by a link). The language
    /// server calls it when a watched file changes.
    static func forgetIdentities() {
        folderCache.removeAll()
        identityCache.removeAll()
    }

    /// Whether names in `folder` are compared ignoring case (APFS and HFS+ by default); a
    /// folder that is not there is asked of its nearest ancestor that is (its volume). Linux
    /// file systems are case-sensitive unless a folder is set up for casefolding, which
    /// eplint does not detect.
    static func ignoresCase(in folder: String) -> Bool {
        #if canImport(Darwin)
            var existing = folder
            while true {
                errno = 0
                let answer = pathconf(existing, _PC_CASE_SENSITIVE)
                if answer >= 0 { return answer == 0 }
                // Unknown on that volume: its names are compared as spelled.
                guard errno == ENOENT || errno == ENOTDIR, existing != "/",
                    let slash = existing.utf8.lastIndex(of: UInt8(ascii: "/"))
                else { return false }
                existing = slash == existing.startIndex ? "/" : String(existing[..<slash])
            }
        #else
            return false
        #endif
    }
}

/// What makes two paths the same file: the device and inode they lead to (following links),
/// whatever their spelling: case, NFD, `/private`, links.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
    }
}

/// A string → string cache that worker threads may share (the Xcode contexts are looked up
/// while linting in parallel).
private final class LockedCache: @unchecked Sendable {
    private let lock = RunLock()
    private var values: [String: String] = [:]

    func value(for key: String) -> String? { lock.held { values[key] } }

    func store(_ value: String, for key: String) { lock.held { values[key] = value } }

    func removeAll() { lock.held { values = [:] } }
}

/// The run plan's file system: the host's, through the one way eplint opens files
/// (`RegularFile`), lists folders (`InputCollector`) and matches paths (`HostFileSystem`).
package struct HostPlanFileSystem: PlanFileSystem {
    package init() {}

    package var workingDirectory: String { currentDirectory() }

    package func contents(of path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        RegularFile.contents(path, limit: limit)
    }

    package func entries(of directory: String) -> [String]? { Self.listing(of: directory)?.map(\.name) }

    package func subdirectories(of directory: String) -> [String]? {
        let prefix = directory == "/" ? "" : directory
        return Self.listing(of: directory)?.filter {
            kind(of: $0, at: prefix + "/" + $0.name) == .directory
        }.map(\.name)
    }

    package func status(of path: String) -> PlanFileStatus? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        let kind: PlanFileStatus.Kind =
            switch info.st_mode & S_IFMT {
            case S_IFREG: .regular
            case S_IFDIR: .directory
            default: .other
            }
        return PlanFileStatus(kind: kind, size: Int(info.st_size), permissions: UInt16(info.st_mode & 0o7777))
    }

    package func read<Value>(_ path: String, _ body: (inout any ByteSource) throws(ReadFailure) -> Value)
        -> Result<Value, ReadFailure>
    {
        RegularFile.read(path) { opened throws(ReadFailure) in
            var source: any ByteSource = opened
            return try body(&source)
        }
    }

    package func randomAccess(_ path: String) -> Result<any RandomAccessFile, ReadFailure> {
        DescriptorFile.open(path).map { $0 }
    }

    package func listing(of directory: String) -> [DirectoryEntry]? {
        Self.listing(of: directory)
    }

    package func ignoresCase(in folder: String) -> Bool { HostFileSystem.ignoresCase(in: folder) }

    package func forgetIdentities() { HostFileSystem.forgetIdentities() }

    package func linkTarget(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        // A link's text is at most PATH_MAX on both systems; one that cannot be read leads
        // nowhere ("\0", which no path holds), never through the link unresolved.
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0, count < buffer.count - 1 else { return "\0" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    package func canonical(_ path: String) -> String { HostFileSystem.canonical(path) }

    package func identity(of path: String) -> String { HostFileSystem.sameFileKey(path) }
}

/// eplint never changes directory: the working directory is asked for once. The executable
/// stops a run whose working directory cannot be had before anything asks for it.
package func currentDirectory() -> String {
    guard case .success(let directory) = workingDirectory else { preconditionFailure("no working directory") }
    return directory
}

/// The working directory, however long: `getcwd(NULL, 0)` allocates what it needs on macOS
/// and with glibc (a fixed PATH_MAX buffer fails past 1,024 bytes on macOS). Never `/` in its
/// place: `eplint .` would then search the whole disk for Xcode projects and apply them.
package let workingDirectory: Result<String, RunFailure> = {
    guard let path = getcwd(nil, 0) else {
        return .failure(RunFailure(message: "cannot get the working directory: \(String(cString: strerror(errno)))"))
    }
    defer { free(path) }
    return .success(String(cString: path))
}()

/// An open file read with pread(2); the descriptor is closed when the value is released.
final class DescriptorFile: RandomAccessFile {
    private let descriptor: Int32
    let count: UInt64

    private init(descriptor: Int32, count: UInt64) {
        self.descriptor = descriptor
        self.count = count
    }

    static func open(_ path: String) -> Result<DescriptorFile, ReadFailure> {
        let descriptor = openForOffsets(path)
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: String(cString: strerror(errno)))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            return .failure(ReadFailure(reason: reason))
        }
        return .success(DescriptorFile(descriptor: descriptor, count: UInt64(max(0, status.st_size))))
    }

    deinit { close(descriptor) }

    func read(at offset: UInt64, length: Int) -> Result<[UInt8], ReadFailure> {
        var result = [UInt8](repeating: 0, count: length)
        var done = 0
        while done < length {
            let got = result.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset) + off_t(done))
            }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else {
                return .failure(ReadFailure(reason: "the file shrank or could not be read while eplint read it"))
            }
            done += got
        }
        return .success(result)
    }
}

/// open(2) itself, outside the class whose `open` would shadow it.
private func openForOffsets(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}

extension HostPlanFileSystem {
    /// The names in a directory (without `.` and `..`), with each entry's kind as the directory
    /// gives it, in no particular order; nil when it cannot be read (`errno` says why).
    static func listing(of directory: String) -> [DirectoryEntry]? {
        guard let handle = opendir(directory.isEmpty ? "/" : directory) else { return nil }
        defer { closedir(handle) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(handle) {
            // Read through the pointer: a record is as long as its name (macOS's dirent
            // declares 1,024 bytes of name, Linux's 256), so copying `entry.pointee` reads
            // past a short record.
            let record = UnsafeRawPointer(entry)
            let name = String(cString: (record + nameOffset).assumingMemoryBound(to: CChar.self))
            guard name != "." && name != ".." else { continue }
            let kind: DirectoryEntry.Kind? =
                switch Int32(record.load(fromByteOffset: typeOffset, as: UInt8.self)) {
                case Int32(DT_DIR): .directory
                case Int32(DT_REG): .file
                case Int32(DT_LNK): .link
                case Int32(DT_UNKNOWN): nil
                default: .other
                }
            entries.append(DirectoryEntry(name: name, knownKind: kind))
        }
        return entries
    }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!
}
