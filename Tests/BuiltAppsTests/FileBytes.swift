import BuiltApps
import Foundation

/// A file's bytes read whole, for the tests (the run reads at offsets through its host's file
/// system, `RunPlan.PlanFileSystem.randomAccess`).
struct FileBytes: RandomAccessBytes {
    private let bytes: MemoryBytes

    init(path: String) throws(ArtifactProblem) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ArtifactProblem(.unreadable, "cannot open \(path)")
        }
        bytes = MemoryBytes([UInt8](data))
    }

    var count: UInt64 { bytes.count }

    func read(at offset: UInt64, length: Int) throws(ArtifactProblem) -> [UInt8] {
        try bytes.read(at: offset, length: length)
    }
}
