import LintEngine
import Testing

@Suite struct PathArithmeticTests {
    @Test(arguments: [
        ("/a/./b//c/../d", "/a/b/d"), ("/a/b/", "/a/b"), ("/..", "/"), ("/../x", "/x"), ("", "/"), ("/", "/"),
        ("a/b", "/a/b"), ("/a/b/../../..", "/"), ("/a/.../b", "/a/.../b"), ("/a/..b/.c", "/a/..b/.c"),
        ("/é/日本", "/é/日本"),
    ])
    func normalizes(_ path: String, _ expected: String) {
        #expect(PathArithmetic.normalized(path) == expected)
    }

    @Test(arguments: [
        ("/a/b/c", "/a/x", "../b/c"), ("/a", "/a", ""), ("/", "/a/b", "../.."), ("/a/b", "/", "a/b"),
        ("/w/App/Info.plist", "/w", "App/Info.plist"), ("/w/./App/../x", "/w/", "x"),
        // Canonically equivalent folder names (NFD, NFC) are the same folder; the path keeps its own spelling.
        ("/cafe\u{301}/Info.plist", "/caf\u{e9}", "Info.plist"),
        ("/caf\u{e9}/Info.plist", "/other", "../caf\u{e9}/Info.plist"),
    ])
    func relativizes(_ path: String, _ directory: String, _ expected: String) {
        #expect(PathArithmetic.relative(path, to: directory) == expected)
    }
}
