import Foundation
import Testing

@testable import PlistSyntax

/// eplint against Apple's own parsers on generated fragments: CoreFoundation's XML parser
/// (`PropertyListSerialization`) and swift-foundation's (`PropertyListDecoder`). A fragment
/// is refused by eplint exactly when both refuse it.
@Suite struct AppleParserDifferentialTests {
    /// Any leaf value, decoded the way swift-foundation's decoder is asked for one.
    private enum Leaf: Decodable {
        case value
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if (try? container.decode(Int64.self)) != nil || (try? container.decode(UInt64.self)) != nil
                || (try? container.decode(Double.self)) != nil || (try? container.decode(Date.self)) != nil
                || (try? container.decode(Data.self)) != nil || (try? container.decode(String.self)) != nil
                || (try? container.decode(Bool.self)) != nil || (try? container.decode([Leaf].self)) != nil
                || (try? container.decode([String: Leaf].self)) != nil
            {
                self = .value
                return
            }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "no leaf type decodes it")
        }
    }

    private static func document(_ fragment: String) -> Data {
        Data(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<array>\(fragment)</array>\n</plist>\n"
                .utf8)
    }

    private static func coreFoundationAccepts(_ data: Data) -> Bool {
        var format = PropertyListSerialization.PropertyListFormat.binary
        return (try? PropertyListSerialization.propertyList(from: data, options: [], format: &format)) != nil
            && format == .xml
    }

    private static func swiftFoundationAccepts(_ data: Data) -> Bool {
        (try? PropertyListDecoder().decode(Leaf.self, from: data)) != nil
    }

    static let fragments: [String] = {
        var fragments: [String] = []
        for sign in ["", "+", "-"] {
            for before in ["", " ", "\t", "\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{85}", "\u{2028}"] {
                for between in ["", " ", "\t"] where !(sign.isEmpty && !between.isEmpty) {
                    for digits in [
                        "0", "42", "007", "0x1F", "0XfF", "0x", "9223372036854775807", "9223372036854775808",
                        "18446744073709551615", "18446744073709551616", "99999999999999999999999", "1.5", "1e3", "abc",
                        "&#49;", "",
                    ] {
                        for after in ["", " ", "\n"] {
                            fragments.append("<integer>\(before)\(sign)\(between)\(digits)\(after)</integer>")
                        }
                    }
                }
            }
        }
        for before in ["", " ", "\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{1680}"] {
            for number in [
                "1.5", "-.5", ".5", "5.", "1e10", "1E-3", "1e", "nan", "NaN", "inf", "-inf", "+infinity", "Infinity",
                "0x1p3",
                "1,5", "", "&#49;", "<![CDATA[2.5]]>", "1.5<!-- c -->", "+", ".",
            ] {
                for after in ["", " "] { fragments.append("<real>\(before)\(number)\(after)</real>") }
            }
        }
        for date in [
            "2024-01-31T00:00:00Z", "2024-01-32T20:43:14Z", "2024-13-01T00:00:00Z", "2024-00-00T00:00:00Z",
            "24-01-01T00:00:00Z",
            "-0001-01-01T00:00:00Z", "2024-01-01T00:00:00", "2024-01-01", " 2024-01-01T00:00:00Z",
            "2024-01-01T00:00:00Z ",
            "2024-1-01T00:00:00Z", "99999-12-31T23:59:60Z", "2024-01-01T25:61:61Z", "",
            "2024-01-01T00:00:00Z<!-- c -->",
        ] {
            fragments.append("<date>\(date)</date>")
        }
        for data in [
            "", "AAAA", "AA==", "*@&amp;%#helo", "\u{E9}", "AA AA\n", "<!-- c -->AAAA", "AAAA<!-- c -->", "&#233;",
            "<![CDATA[AAAA]]>",
        ] {
            fragments.append("<data>\(data)</data>")
        }
        fragments += [
            "<data/>", "<date/>", "<real/>", "<integer/>", "<string/>", "<true/>", "<true></true>", "<true> </true>",
            "<false>\n</false>", "<true><!-- c --></true>",
        ]
        for text in [
            "a<!-- c -->b", "<!-- c -->", "<![CDATA[x]]>", "&#65;", "&#x41;", "&#00000065;", "&#000000065;",
            "a<?pi x?>b", "&lt;&gt;&amp;&apos;&quot;",
        ] {
            fragments.append("<string>\(text)</string>")
            fragments.append("<dict><key>\(text)</key><true/></dict>")
        }
        fragments += [
            "<key>k</key>", "<dict><key>a</key><key>b</key></dict>", "<plist><true/></plist>",
            "<dict><key>a</key></dict>",
            "<dict><string>a</string><true/></dict>", "<plist><true/><false/></plist>", "<plist></plist>", "<plist/>",
            "<dict> <!-- c --> <key>a</key> <?pi?> <true/> </dict>", "<array/>", "<dict/>",
            "<![CDATA[ ]]><true/>", "&#32;<true/>", "<true/>&#10;", "<dict><key>a</key>&#9;<true/></dict>",
        ]
        return fragments
    }()

    /// Whole documents (all well-formed XML) for the prolog and what surrounds the root.
    static let documents: [String] = [
        "<plist><string>a</string></plist>",
        "<!-- c -->\n<plist><string>a</string></plist>\n<?pi x?>\n",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"file:///etc/passwd\">\n<plist><string>a</string></plist>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x[y].dtd\">\n<plist><string>a</string></plist>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD>PLIST 1.0//EN\" \"x.dtd\">\n<plist><string>a</string></plist>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [<!ELEMENT foo (#PCDATA)>]>\n<plist><string>a</string></plist>",
        "<?xml version=\"1.0\"?>\n<!DOCTYPE plist>\n<dict><key>a</key><true/></dict>",
        "<plist version=\"0.9\" xmlns:x=\"urn:x\"><array><x:string>a</x:string></array></plist>",
        "<string>bare</string>",
    ]

    @Test func refusedExactlyWhenBothApplesParsersRefuse() {
        var disagreements: [String] = []
        let cases = Self.fragments.map { ($0, Self.document($0)) } + Self.documents.map { ($0, Data($0.utf8)) }
        for (shown, data) in cases {
            let cf = Self.coreFoundationAccepts(data)
            let sf = Self.swiftFoundationAccepts(data)
            let eplint = PlistParser.parse(Array(data)).fatalProblem
            if (cf || sf) != (eplint == nil) {
                disagreements.append(
                    "\(shown.debugDescription): CF \(cf), swift-foundation \(sf), eplint \(eplint?.message ?? "accepts")"
                )
            }
        }
        #expect(Self.fragments.count > 2000)
        // The oracles themselves, on cases whose answers Apple's sources make plain.
        #expect(!Self.coreFoundationAccepts(Self.document("<integer> 42 </integer>")))
        #expect(Self.coreFoundationAccepts(Self.document("<integer> -  99</integer>")))
        #expect(!Self.coreFoundationAccepts(Self.document("<string>a<!-- c --></string>")))
        #expect(!Self.swiftFoundationAccepts(Self.document("<data/>")))
        #expect(Self.swiftFoundationAccepts(Self.document("<integer>18446744073709551615</integer>")))
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) of \(Self.fragments.count):\n\(disagreements.joined(separator: "\n"))")
    }
}
