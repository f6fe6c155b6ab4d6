import CYAML
import Foundation
import Testing

#if canImport(Darwin)
    import Darwin
#endif

/// libyaml is compiled from Sources/CYAML into the image that uses it, never found on the
/// machine: a Mac with Xcode alone and a Linux without libyaml-dev build the package.
@Suite struct VendoredLibYAMLTests {
    /// The file of the loaded image that holds `address`: the executable or a library.
    static func image(of address: UnsafeRawPointer) -> String? {
        #if canImport(Darwin)
            var info = Dl_info()
            guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
            return String(cString: name)
        #else
            // Glibc's module has no dladdr (a _GNU_SOURCE function): the mapping that holds it,
            // "start-end perms offset device inode path" in /proc/self/maps.
            let value = UInt(bitPattern: address)
            // Read to the end: a /proc file has no size, and a sized read stops at its first page.
            let file = URL(fileURLWithPath: "/proc/self/maps")
            guard let data = try? FileHandle(forReadingFrom: file).readToEnd() else { return nil }
            let maps = String(decoding: data, as: UTF8.self)
            for line in maps.split(separator: "\n") {
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                let bounds = fields.first?.split(separator: "-").compactMap { UInt($0, radix: 16) } ?? []
                guard fields.count == 6, bounds.count == 2, bounds[0] <= value, value < bounds[1] else { continue }
                return fields[5].trimmingCharacters(in: .whitespaces)
            }
            return nil
        #endif
    }

    @Test func libyamlsFunctionsAreInTheTestsOwnImageNotAnInstalledLibrary() throws {
        // A C function of this image, for comparison: the closure is compiled into it.
        let local: @convention(c) () -> Int32 = { 0 }
        let parse: @convention(c) (UnsafeMutablePointer<yaml_parser_t>?, UnsafeMutablePointer<yaml_event_t>?) -> Int32 =
            yaml_parser_parse
        let ownImage = try #require(Self.image(of: unsafeBitCast(local, to: UnsafeRawPointer.self)))
        let yamlImage = try #require(Self.image(of: unsafeBitCast(parse, to: UnsafeRawPointer.self)))
        // The lookup tells libraries apart: the C library's getpid is not in this image.
        let systemFunction: @convention(c) () -> pid_t = getpid
        let systemImage = try #require(Self.image(of: unsafeBitCast(systemFunction, to: UnsafeRawPointer.self)))
        #expect(systemImage != ownImage && systemImage.hasPrefix("/"), "getpid is in \(systemImage)")
        // An installed libyaml is libyaml-0.so.2 (Debian) or libyaml-0.2.dylib (Homebrew).
        #expect(!yamlImage.contains("libyaml"), "yaml_parser_parse comes from \(yamlImage)")
        // SwiftPM links the target's objects into the test executable; Xcode may build the
        // target as a framework of its own, named after it.
        #expect(yamlImage == ownImage || yamlImage.contains("/CYAML"), "\(yamlImage), tests in \(ownImage)")
    }

    @Test func theVersionIsTheVendoredSourcesOne() throws {
        // Package.swift's defines, which Sources/CYAML/README.md's version must match.
        let version = String(cString: yaml_get_version_string())
        #expect(version == "0.2.5")
        var major: Int32 = -1
        var minor: Int32 = -1
        var patch: Int32 = -1
        yaml_get_version(&major, &minor, &patch)
        #expect([major, minor, patch] == [0, 2, 5])
        let readme = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Sources/CYAML/README.md"), encoding: .utf8)
        #expect(readme.contains("# libyaml \(version), vendored"))
    }
}
