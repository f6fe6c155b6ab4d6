// swift-format-ignore-file
// Generated from Rules/ by scripts/generate.sh. Do not edit.

package enum EmbeddedRuleData {
    package static let regionsPlist: String = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!--
  eplint's region data: the single source of truth, embedded in the binary at build time.
  `eplint regions` prints the embedded copy; the regions option (or `regions:` in .eplint.yml)
  loads an edited copy at run time, so a list Apple changes can be updated without a rebuild.
  Format (version 1):
    FormatVersion                 integer, 1
    ISO3166Alpha2                 the officially assigned ISO 3166-1 alpha-2 codes, lowercase
    AllowedRegions                Info.plist key -> the region codes that key accepts
    LinkMaximum                   links per region for apps that do not qualify for EEA music streaming
    MusicStreamingLinkMaximum     region -> links allowed to apps that qualify (others: LinkMaximum)
    RetiredRegions                (optional) Info.plist key -> regions Apple's documentation no longer
                                  lists for it: Region, Since (date), Reason (one line); EP106
    AsOf                          (optional) when the lists were last checked against Apple's documentation
    Sources                       (optional) list -> where it comes from
    TokenTypes                    (optional) tokenType -> Regions (whose tokens have it) and Expires (true:
                                  such tokens carry tokenExpirationDate; absent: Apple's pages do not say) and
                                  DuplicateTokenStatus (true: a report may give them the status DUPLICATE_TOKEN)
    NotificationSubtypes          (optional) notificationType -> the subtypes Apple lists for it (others: not checked)
    MinimumOS                     (optional) key or entitlement (NAME, or NAME:region for what one region needs
                                  beyond it) -> platform -> the first version that reads it; a platform not
                                  listed does not read it at all
    EntitlementRegions            (optional) entitlement -> the regions Apple lists for it (absent: Apple lists
                                  none, and its codes are checked as ISO codes only)
  A later change of Apple's is an edit here: move a region from AllowedRegions to RetiredRegions.
-->
<plist version="1.0">
<dict>
	<key>FormatVersion</key>
	<integer>1</integer>
	<key>AsOf</key>
	<string>2026-11-23</string>
	<key>Sources</key>
	<dict>
		<key>ISO3166Alpha2</key>
		<string>ISO 3166-1 alpha-2 officially assigned codes (ISO 3166 Maintenance Agency)</string>
		<key>SKExternalPurchase</key>
		<string>https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchase</string>
		<key>SKExternalPurchaseLink</key>
		<string>https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchaselink (2026 page: EU27, is, no, ru; us no longer listed)</string>
		<key>SKExternalPurchaseMultiLink</key>
		<string>https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchasemultilink (2026 page: EU27, is, no, ru; us no longer listed)</string>
		<key>SKExternalPurchaseCustomLinkRegions</key>
		<string>https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchasecustomlinkregions</string>
		<key>SKExternalPurchaseLinkStreamingRegions</key>
		<string>https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchaselinkstreamingregions</string>
		<key>LinkMaximum</key>
		<string>https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchasemultilink (one link per region, up to five for music-streaming apps in the EEA; us, retired for the link keys, has none since 2026-12-01)</string>
		<key>TokenTypes</key>
		<string>https://developer.apple.com/documentation/storekit/externalpurchasecustomlink/token(for:) ("Valid string values are: ACQUISITION, SERVICES, IN_APP, LINK_OUT"; EU: ACQUISITION and SERVICES, Japan: IN_APP or LINK_OUT); https://developer.apple.com/documentation/storekit/externalpurchase (Brazil from iOS 26.5); Expires: https://developer.apple.com/documentation/externalpurchaseserverapi/reportwithouttransactions ("soon after ACQUISITION and SERVICES tokens expire"); DuplicateTokenStatus: https://developer.apple.com/documentation/externalpurchaseserverapi/status ("This status applies only to SERVICES and ACQUISITION token types"); checked 2026-12-01</string>
		<key>MinimumOS</key>
		<string>each key's and entitlement's page (https://developer.apple.com/documentation/bundleresources/information-property-list/KEY and .../entitlements/ENTITLEMENT): its availability; :jp from https://developer.apple.com/documentation/storekit/externalpurchasecustomlink/token(for:) ("The IN_APP and LINK_OUT token types for Japan are available starting in iOS 26.4"), :br from https://developer.apple.com/documentation/storekit/externalpurchase (Brazil: iOS 26.5); checked 2026-12-01</string>
		<key>EntitlementRegions</key>
		<string>none: the com.apple.developer.storekit.custom-purchase-link.allowed-regions page read on 2026-12-01 names Brazil and Japan in its example and lists no regions (a stored copy that begins a list of EU codes could not be confirmed as the newest)</string>
		<key>NotificationSubtypes</key>
		<string>https://developer.apple.com/documentation/appstoreservernotifications/subtype ("Applies to the EXTERNAL_PURCHASE_TOKEN notificationType": UNREPORTED, CREATED, ACTIVE_TOKEN_REMINDER); checked 2026-12-01</string>
		<key>RetiredRegions</key>
		<string>the seeds' copy of the SKExternalPurchaseLink and SKExternalPurchaseMultiLink pages (2024) against their 2026 versions</string>
	</dict>
	<key>ISO3166Alpha2</key>
	<array>
		<string>ad</string><string>ae</string><string>af</string><string>ag</string><string>ai</string><string>al</string><string>am</string><string>ao</string><string>aq</string>
		<string>ar</string><string>as</string><string>at</string><string>au</string><string>aw</string><string>ax</string><string>az</string><string>ba</string><string>bb</string>
		<string>bd</string><string>be</string><string>bf</string><string>bg</string><string>bh</string><string>bi</string><string>bj</string><string>bl</string><string>bm</string>
		<string>bn</string><string>bo</string><string>bq</string><string>br</string><string>bs</string><string>bt</string><string>bv</string><string>bw</string><string>by</string>
		<string>bz</string><string>ca</string><string>cc</string><string>cd</string><string>cf</string><string>cg</string><string>ch</string><string>ci</string><string>ck</string>
		<string>cl</string><string>cm</string><string>cn</string><string>co</string><string>cr</string><string>cu</string><string>cv</string><string>cw</string><string>cx</string>
		<string>cy</string><string>cz</string><string>de</string><string>dj</string><string>dk</string><string>dm</string><string>do</string><string>dz</string><string>ec</string>
		<string>ee</string><string>eg</string><string>eh</string><string>er</string><string>es</string><string>et</string><string>fi</string><string>fj</string><string>fk</string>
		<string>fm</string><string>fo</string><string>fr</string><string>ga</string><string>gb</string><string>gd</string><string>ge</string><string>gf</string><string>gg</string>
		<string>gh</string><string>gi</string><string>gl</string><string>gm</string><string>gn</string><string>gp</string><string>gq</string><string>gr</string><string>gs</string>
		<string>gt</string><string>gu</string><string>gw</string><string>gy</string><string>hk</string><string>hm</string><string>hn</string><string>hr</string><string>ht</string>
		<string>hu</string><string>id</string><string>ie</string><string>il</string><string>im</string><string>in</string><string>io</string><string>iq</string><string>ir</string>
		<string>is</string><string>it</string><string>je</string><string>jm</string><string>jo</string><string>jp</string><string>ke</string><string>kg</string><string>kh</string>
		<string>ki</string><string>km</string><string>kn</string><string>kp</string><string>kr</string><string>kw</string><string>ky</string><string>kz</string><string>la</string>
		<string>lb</string><string>lc</string><string>li</string><string>lk</string><string>lr</string><string>ls</string><string>lt</string><string>lu</string><string>lv</string>
		<string>ly</string><string>ma</string><string>mc</string><string>md</string><string>me</string><string>mf</string><string>mg</string><string>mh</string><string>mk</string>
		<string>ml</string><string>mm</string><string>mn</string><string>mo</string><string>mp</string><string>mq</string><string>mr</string><string>ms</string><string>mt</string>
		<string>mu</string><string>mv</string><string>mw</string><string>mx</string><string>my</string><string>mz</string><string>na</string><string>nc</string><string>ne</string>
		<string>nf</string><string>ng</string><string>ni</string><string>nl</string><string>no</string><string>np</string><string>nr</string><string>nu</string><string>nz</string>
		<string>om</string><string>pa</string><string>pe</string><string>pf</string><string>pg</string><string>ph</string><string>pk</string><string>pl</string><string>pm</string>
		<string>pn</string><string>pr</string><string>ps</string><string>pt</string><string>pw</string><string>py</string><string>qa</string><string>re</string><string>ro</string>
		<string>rs</string><string>ru</string><string>rw</string><string>sa</string><string>sb</string><string>sc</string><string>sd</string><string>se</string><string>sg</string>
		<string>sh</string><string>si</string><string>sj</string><string>sk</string><string>sl</string><string>sm</string><string>sn</string><string>so</string><string>sr</string>
		<string>ss</string><string>st</string><string>sv</string><string>sx</string><string>sy</string><string>sz</string><string>tc</string><string>td</string><string>tf</string>
		<string>tg</string><string>th</string><string>tj</string><string>tk</string><string>tl</string><string>tm</string><string>tn</string><string>to</string><string>tr</string>
		<string>tt</string><string>tv</string><string>tw</string><string>tz</string><string>ua</string><string>ug</string><string>um</string><string>us</string><string>uy</string>
		<string>uz</string><string>va</string><string>vc</string><string>ve</string><string>vg</string><string>vi</string><string>vn</string><string>vu</string><string>wf</string>
		<string>ws</string><string>ye</string><string>yt</string><string>za</string><string>zm</string><string>zw</string>
	</array>
	<key>AllowedRegions</key>
	<dict>
		<key>SKExternalPurchase</key>
		<array>
			<string>at</string><string>be</string><string>bg</string><string>hr</string><string>cy</string><string>cz</string><string>dk</string><string>ee</string><string>fi</string>
			<string>fr</string><string>de</string><string>gr</string><string>hu</string><string>ie</string><string>it</string><string>lv</string><string>lt</string><string>lu</string>
			<string>mt</string><string>nl</string><string>pl</string><string>pt</string><string>ro</string><string>sk</string><string>si</string><string>es</string><string>se</string>
			<string>kr</string>
		</array>
		<key>SKExternalPurchaseLink</key>
		<array>
			<string>at</string><string>be</string><string>bg</string><string>hr</string><string>cy</string><string>cz</string><string>dk</string><string>ee</string><string>fi</string>
			<string>fr</string><string>de</string><string>gr</string><string>hu</string><string>ie</string><string>it</string><string>lv</string><string>lt</string><string>lu</string>
			<string>mt</string><string>nl</string><string>pl</string><string>pt</string><string>ro</string><string>sk</string><string>si</string><string>es</string><string>se</string>
			<string>is</string><string>no</string><string>ru</string>
		</array>
		<key>SKExternalPurchaseMultiLink</key>
		<array>
			<string>at</string><string>be</string><string>bg</string><string>hr</string><string>cy</string><string>cz</string><string>dk</string><string>ee</string><string>fi</string>
			<string>fr</string><string>de</string><string>gr</string><string>hu</string><string>ie</string><string>it</string><string>lv</string><string>lt</string><string>lu</string>
			<string>mt</string><string>nl</string><string>pl</string><string>pt</string><string>ro</string><string>sk</string><string>si</string><string>es</string><string>se</string>
			<string>is</string><string>no</string><string>ru</string>
		</array>
		<key>SKExternalPurchaseCustomLinkRegions</key>
		<array>
			<string>at</string><string>be</string><string>bg</string><string>hr</string><string>cy</string><string>cz</string><string>dk</string><string>ee</string><string>fi</string>
			<string>fr</string><string>de</string><string>gr</string><string>hu</string><string>ie</string><string>it</string><string>lv</string><string>lt</string><string>lu</string>
			<string>mt</string><string>nl</string><string>pl</string><string>pt</string><string>ro</string><string>sk</string><string>si</string><string>es</string><string>se</string>
		</array>
		<key>SKExternalPurchaseLinkStreamingRegions</key>
		<array>
			<string>at</string><string>be</string><string>bg</string><string>hr</string><string>cy</string><string>cz</string><string>dk</string><string>ee</string><string>fi</string>
			<string>fr</string><string>de</string><string>gr</string><string>hu</string><string>ie</string><string>it</string><string>lv</string><string>lt</string><string>lu</string>
			<string>mt</string><string>nl</string><string>pl</string><string>pt</string><string>ro</string><string>sk</string><string>si</string><string>es</string><string>se</string>
			<string>is</string><string>no</string>
		</array>
	</dict>
	<key>RetiredRegions</key>
	<dict>
		<key>SKExternalPurchaseLink</key>
		<array>
			<dict>
				<key>Region</key><string>us</string>
				<key>Since</key><string>2025-05-01</string>
				<key>Reason</key><string>since the May 2025 US change, apps on the US storefront link out without this key</string>
			</dict>
		</array>
		<key>SKExternalPurchaseMultiLink</key>
		<array>
			<dict>
				<key>Region</key><string>us</string>
				<key>Since</key><string>2025-05-01</string>
				<key>Reason</key><string>since the May 2025 US change, apps on the US storefront link out without this key</string>
			</dict>
		</array>
	</dict>
	<key>LinkMaximum</key>
	<integer>1</integer>
	<key>MusicStreamingLinkMaximum</key>
	<dict>
		<key>at</key><integer>5</integer>
		<key>be</key><integer>5</integer>
		<key>bg</key><integer>5</integer>
		<key>hr</key><integer>5</integer>
		<key>cy</key><integer>5</integer>
		<key>cz</key><integer>5</integer>
		<key>dk</key><integer>5</integer>
		<key>ee</key><integer>5</integer>
		<key>fi</key><integer>5</integer>
		<key>fr</key><integer>5</integer>
		<key>de</key><integer>5</integer>
		<key>gr</key><integer>5</integer>
		<key>hu</key><integer>5</integer>
		<key>ie</key><integer>5</integer>
		<key>it</key><integer>5</integer>
		<key>lv</key><integer>5</integer>
		<key>lt</key><integer>5</integer>
		<key>lu</key><integer>5</integer>
		<key>mt</key><integer>5</integer>
		<key>nl</key><integer>5</integer>
		<key>pl</key><integer>5</integer>
		<key>pt</key><integer>5</integer>
		<key>ro</key><integer>5</integer>
		<key>sk</key><integer>5</integer>
		<key>si</key><integer>5</integer>
		<key>es</key><integer>5</integer>
		<key>se</key><integer>5</integer>
		<key>is</key><integer>5</integer>
		<key>no</key><integer>5</integer>
		<key>ru</key><integer>1</integer>
	</dict>
	<key>TokenTypes</key>
	<dict>
		<key>ACQUISITION</key>
		<dict>
			<key>Regions</key><array><string>at</string><string>be</string><string>bg</string><string>hr</string><string>cy</string><string>cz</string><string>dk</string><string>ee</string><string>fi</string><string>fr</string><string>de</string><string>gr</string><string>hu</string><string>ie</string><string>it</string><string>lv</string><string>lt</string><string>lu</string><string>mt</string><string>nl</string><string>pl</string><string>pt</string><string>ro</string><string>sk</string><string>si</string><string>es</string><string>se</string></array>
			<key>Expires</key><true/>
			<key>DuplicateTokenStatus</key><true/>
		</dict>
		<key>SERVICES</key>
		<dict>
			<key>Regions</key><array><string>at</string><string>be</string><string>bg</string><string>hr</string><string>cy</string><string>cz</string><string>dk</string><string>ee</string><string>fi</string><string>fr</string><string>de</string><string>gr</string><string>hu</string><string>ie</string><string>it</string><string>lv</string><string>lt</string><string>lu</string><string>mt</string><string>nl</string><string>pl</string><string>pt</string><string>ro</string><string>sk</string><string>si</string><string>es</string><string>se</string></array>
			<key>Expires</key><true/>
			<key>DuplicateTokenStatus</key><true/>
		</dict>
		<key>IN_APP</key>
		<dict>
			<key>Regions</key><array><string>jp</string><string>br</string></array>
		</dict>
		<key>LINK_OUT</key>
		<dict>
			<key>Regions</key><array><string>jp</string><string>br</string></array>
		</dict>
	</dict>
	<key>MinimumOS</key>
	<dict>
		<key>SKExternalPurchase</key>
		<dict><key>iOS</key><string>15.4</string><key>iPadOS</key><string>15.4</string><key>macOS</key><string>14.4</string><key>tvOS</key><string>17.4</string><key>visionOS</key><string>1.0</string><key>watchOS</key><string>10.4</string></dict>
		<key>SKExternalPurchaseLink</key>
		<dict><key>iOS</key><string>15.4</string><key>iPadOS</key><string>15.4</string><key>macOS</key><string>14.4</string><key>tvOS</key><string>17.4</string><key>visionOS</key><string>1.0</string><key>watchOS</key><string>10.4</string></dict>
		<key>SKExternalPurchaseMultiLink</key>
		<dict><key>iOS</key><string>17.5</string><key>iPadOS</key><string>17.5</string><key>macOS</key><string>14.5</string><key>tvOS</key><string>17.5</string><key>visionOS</key><string>1.2</string><key>watchOS</key><string>10.5</string></dict>
		<key>SKExternalPurchaseCustomLinkRegions</key>
		<dict><key>iOS</key><string>18.1</string><key>iPadOS</key><string>18.1</string><key>macOS</key><string>15.1</string><key>tvOS</key><string>18.1</string><key>visionOS</key><string>2.1</string><key>watchOS</key><string>11.1</string></dict>
		<key>SKExternalPurchaseLinkStreamingRegions</key>
		<dict><key>iOS</key><string>18.2</string><key>iPadOS</key><string>18.2</string></dict>
		<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions</key>
		<dict><key>iOS</key><string>26.2</string><key>iPadOS</key><string>26.2</string><key>macOS</key><string>26.2</string><key>tvOS</key><string>26.2</string><key>visionOS</key><string>26.2</string><key>watchOS</key><string>26.2</string></dict>
		<key>SKExternalLinkAccount</key>
		<dict><key>iOS</key><string>15.4</string><key>iPadOS</key><string>15.4</string><key>tvOS</key><string>16.4</string></dict>
		<key>com.apple.developer.storekit.external-link.account</key>
		<dict><key>iOS</key><string>15.4</string><key>iPadOS</key><string>15.4</string><key>tvOS</key><string>16.4</string></dict>
		<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions:jp</key>
		<dict><key>iOS</key><string>26.4</string><key>iPadOS</key><string>26.4</string></dict>
		<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions:br</key>
		<dict><key>iOS</key><string>26.5</string><key>iPadOS</key><string>26.5</string></dict>
	</dict>
	<key>NotificationSubtypes</key>
	<dict>
		<key>EXTERNAL_PURCHASE_TOKEN</key>
		<array><string>UNREPORTED</string><string>CREATED</string><string>ACTIVE_TOKEN_REMINDER</string></array>
	</dict>
</dict>
</plist>

"""#

    package static let regionCodes: StaticString = "adaeafagaialamaoaqarasatauawaxazbabbbdbebfbgbhbibjblbmbnbobqbrbsbtbvbwbybzcacccdcfcgchcickclcmcncocrcucvcwcxcyczdedjdkdmdodzeceeegeheresetfifjfkfmfofrgagbgdgegfggghgiglgmgngpgqgrgsgtgugwgyhkhmhnhrhthuidieiliminioiqirisitjejmjojpkekgkhkikmknkpkrkwkykzlalblclilklrlsltlulvlymamcmdmemfmgmhmkmlmmmnmompmqmrmsmtmumvmwmxmymznancnenfngninlnonpnrnunzompapepfpgphpkplpmpnprpsptpwpyqarerorsrurwsasbscsdsesgshsisjskslsmsnsosrssstsvsxsysztctdtftgthtjtktltmtntotrtttvtwtzuaugumusuyuzvavcvevgvivnvuwfwsyeytzazmzw"
    package static func allowedRegions(forKey key: String) -> StaticString {
        switch key {
        case "SKExternalPurchase": "atbebghrcyczdkeefifrdegrhuieitlvltlumtnlplptrosksiessekr"
        case "SKExternalPurchaseCustomLinkRegions": "atbebghrcyczdkeefifrdegrhuieitlvltlumtnlplptrosksiesse"
        case "SKExternalPurchaseLink": "atbebghrcyczdkeefifrdegrhuieitlvltlumtnlplptrosksiesseisnoru"
        case "SKExternalPurchaseLinkStreamingRegions": "atbebghrcyczdkeefifrdegrhuieitlvltlumtnlplptrosksiesseisno"
        case "SKExternalPurchaseMultiLink": "atbebghrcyczdkeefifrdegrhuieitlvltlumtnlplptrosksiesseisnoru"
        default: ""
        }
    }
    package static func retiredRegions(forKey key: String) -> [(region: String, since: String, reason: String)] {
        switch key {
        case "SKExternalPurchaseLink": [("us", "2025-05-01", "since the May 2025 US change, apps on the US storefront link out without this key")]
        case "SKExternalPurchaseMultiLink": [("us", "2025-05-01", "since the May 2025 US change, apps on the US storefront link out without this key")]
        default: []
        }
    }
    package static let linkMaximum = 1
    package static let musicStreamingLinkMaximum: [String: Int] = [
        "at": 5,
        "be": 5,
        "bg": 5,
        "cy": 5,
        "cz": 5,
        "de": 5,
        "dk": 5,
        "ee": 5,
        "es": 5,
        "fi": 5,
        "fr": 5,
        "gr": 5,
        "hr": 5,
        "hu": 5,
        "ie": 5,
        "is": 5,
        "it": 5,
        "lt": 5,
        "lu": 5,
        "lv": 5,
        "mt": 5,
        "nl": 5,
        "no": 5,
        "pl": 5,
        "pt": 5,
        "ro": 5,
        "ru": 1,
        "se": 5,
        "si": 5,
        "sk": 5,
    ]

    package static let tokenTypes: [(name: String, regions: [String], expires: Bool?, duplicateTokenStatus: Bool)] = [
        ("ACQUISITION", ["at", "be", "bg", "hr", "cy", "cz", "dk", "ee", "fi", "fr", "de", "gr", "hu", "ie", "it", "lv", "lt", "lu", "mt", "nl", "pl", "pt", "ro", "sk", "si", "es", "se"], true, true),
        ("IN_APP", ["jp", "br"], nil, false),
        ("LINK_OUT", ["jp", "br"], nil, false),
        ("SERVICES", ["at", "be", "bg", "hr", "cy", "cz", "dk", "ee", "fi", "fr", "de", "gr", "hu", "ie", "it", "lv", "lt", "lu", "mt", "nl", "pl", "pt", "ro", "sk", "si", "es", "se"], true, true),
    ]
    package static let notificationSubtypes: [(String, [String])] = [
        ("EXTERNAL_PURCHASE_TOKEN", ["UNREPORTED", "CREATED", "ACTIVE_TOKEN_REMINDER"]),
    ]
    package static let entitlementRegions: [(String, [String])] = [
    ]
    package static let minimumOS: [(String, [(platform: String, version: String)])] = [
        ("SKExternalLinkAccount", [("iOS", "15.4"), ("iPadOS", "15.4"), ("tvOS", "16.4")]),
        ("SKExternalPurchase", [("iOS", "15.4"), ("iPadOS", "15.4"), ("macOS", "14.4"), ("tvOS", "17.4"), ("visionOS", "1.0"), ("watchOS", "10.4")]),
        ("SKExternalPurchaseCustomLinkRegions", [("iOS", "18.1"), ("iPadOS", "18.1"), ("macOS", "15.1"), ("tvOS", "18.1"), ("visionOS", "2.1"), ("watchOS", "11.1")]),
        ("SKExternalPurchaseLink", [("iOS", "15.4"), ("iPadOS", "15.4"), ("macOS", "14.4"), ("tvOS", "17.4"), ("visionOS", "1.0"), ("watchOS", "10.4")]),
        ("SKExternalPurchaseLinkStreamingRegions", [("iOS", "18.2"), ("iPadOS", "18.2")]),
        ("SKExternalPurchaseMultiLink", [("iOS", "17.5"), ("iPadOS", "17.5"), ("macOS", "14.5"), ("tvOS", "17.5"), ("visionOS", "1.2"), ("watchOS", "10.5")]),
        ("com.apple.developer.storekit.custom-purchase-link.allowed-regions", [("iOS", "26.2"), ("iPadOS", "26.2"), ("macOS", "26.2"), ("tvOS", "26.2"), ("visionOS", "26.2"), ("watchOS", "26.2")]),
        ("com.apple.developer.storekit.custom-purchase-link.allowed-regions:br", [("iOS", "26.5"), ("iPadOS", "26.5")]),
        ("com.apple.developer.storekit.custom-purchase-link.allowed-regions:jp", [("iOS", "26.4"), ("iPadOS", "26.4")]),
        ("com.apple.developer.storekit.external-link.account", [("iOS", "15.4"), ("iPadOS", "15.4"), ("tvOS", "16.4")]),
    ]

    package static let rulePages: [(id: String, name: String, severity: String, summary: String, fix: String, markdown: String)] = [
        (#"""
EP001
"""#, #"""
malformed-plist
"""#, #"""
error
"""#, #"""
The file is not well-formed XML, or both of Apple's property list parsers refuse it.
"""#, #"""
none
"""#, #"""
# EP001 malformed-plist

- **Severity:** error
- **Summary:** The file is not well-formed XML, or both of Apple's property list parsers refuse it.
- **Fix:** none: a file that does not parse has no one right repair; only its author knows what was meant.

## What it checks

Two things, and the message says which:

1. **Not well-formed XML** (XML 1.0's fatal errors, found by libxml2): the message starts with `malformed XML:` and says only that.
2. **Well-formed, but refused by both of Apple's property list parsers**: CoreFoundation's `CFPropertyList.c` (what `PropertyListSerialization` and `plutil` run) and swift-foundation's XML plist scanner (what `PropertyListDecoder` runs). The message quotes their words. Where the two disagree, eplint accepts. Concretely:
   - the structure: a `<plist>` holding exactly one value (or a bare value), `<dict>` children alternating `<key>` and value, no unknown elements, no text where an element belongs. As in Apple's parsers, a `<key>` where a value belongs is a string (`<array><key>a</key></array>`), and a `<plist>` there wraps one value;
   - leaf content, read as written (entities and CDATA not resolved): `<integer>` is `S*(-|+)?S*[0-9]+` or `S*(-|+)?S*0[xX][0-9a-fA-F]+` (S: CoreFoundation's broad white space, or any Unicode white space for swift-foundation) with **nothing after the digits** (trailing white space is refused) and a value in [-2^63, 2^64-1]; `<real>` is `nan`, `inf`, `infinity` (any case, optional sign) or a decimal number, white space allowed before it but not after; `<date>` is `-?YYYY…-MM-DDTHH:MM:SSZ` with two digits per field, any number of year digits, and out-of-range fields accepted (CoreFoundation normalises `2024-01-32` to February 1); `<data>` may hold any ASCII (non-Base64 characters are skipped) but nothing beyond ASCII; `<true>`/`<false>` hold nothing, not even white space;
   - empty forms: `<data/>`, `<date/>`, `<real/>`, `<integer/>` and `<plist/>` are refused (`<string/>`, `<key/>`, `<array/>`, `<dict/>` are fine);
   - markup inside text: a comment inside `<string>` or `<key>` text is refused (Apple's parsers read `<!` there as a CDATA opening: "Encountered improper CDATA opening"), and so is a processing instruction; CDATA sections are fine;
   - character references of more than eight characters after `&#` (`&#000000065;`);
   - white space between elements made by a character reference or a CDATA section (`<array>&#10;</array>`): Apple's parsers take only spaces, tabs and line ends there;
   - an **internal DTD subset** (`<!DOCTYPE plist [ … ]>`): refused at the `<!DOCTYPE`, and nothing in it is read, so no entity is declared or expanded (XXE and expansion bombs stop there). A `[` or `>` inside the DOCTYPE's quoted identifiers is refused too (Apple's parsers stop at the first one). Other entity references than `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and character references are refused too (entities are never loaded).

Parsing stops at the first problem and no other rule runs on the file. The position is where the problem was detected (for a leaf's content, the leaf's `<`).

How this was checked: `Tests/PlistSyntaxTests/AppleParserDifferentialTests.swift` compares eplint with `PropertyListSerialization` and `PropertyListDecoder` on about 2,700 generated fragments (integers, reals, dates, data, white space, comments), and `Tests/EndToEndTests/PeerSuiteTests.swift` runs eplint on the 365 files of six other projects' plist test suites (`shared/corpus/peer-suites`) against Apple's verdicts. One file is an argued exception: a UTF-32BE file with a BOM, which the verdict table calls not well-formed only because xmllint 2.9.14 cannot read UTF-32 (XML 1.0 does not require that encoding); both of Apple's parsers read it, and so does eplint.

Not modelled: a `>` inside an attribute value (Apple's parsers end the tag there); the encoding names CoreFoundation does not know (eplint reads UTF-8, UTF-16, UTF-32, ISO-8859-1 and windows-1252 and refuses others as EP002); an `<integer>`, `<real>`, `<date>` or `<true>` longer than 65,536 characters is refused as such without reading it, and a longer `<data>` or `<string>` is checked only for markup (comments, processing instructions).

A binary property list (`bplist00`) is malformed when its trailer, offset table, an object or a reference does not fit the file, an object contains itself, a dictionary key is not a string, or an object is no property list value (CoreFoundation's null and set markers, which `PropertyListSerialization` reads but no plist holds). Its findings are at 1:1; the message says `binary property list:` and what is wrong.

## Why

> Apple's property list parser rejects such a file: the build fails, or the keys in it never reach the OS.

Where the XML is well-formed, eplint refuses only what Apple's parsers refuse: a false EP001 silences every other rule and fails CI on a valid app.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:9: error: malformed XML: Opening and ending tag mismatch: array line 5 and dict [EP001]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

## How to fix

Fix the XML at the position given; `plutil -lint FILE` on a Mac shows the same problem. For leaf content, write what Apple's writer writes: `<integer>42</integer>`, `<real>1.5</real>`, `<date>2024-01-31T12:00:00Z</date>`, Base64 in `<data>`, comments between elements rather than inside text, and no internal DTD subset.

"""#),
        (#"""
EP002
"""#, #"""
unsupported-format
"""#, #"""
error
"""#, #"""
The input is not a property list eplint reads (JSON, other text), exceeds a limit, or is a preprocessed Info.plist whose preprocessing stops Xcode's build.
"""#, #"""
none
"""#, #"""
# EP002 unsupported-format

- **Severity:** error
- **Summary:** The input is not a property list eplint reads (JSON, other text), exceeds a limit, or is a preprocessed Info.plist whose preprocessing stops Xcode's build.
- **Fix:** none: a file in another format is converted (`plutil -convert xml1`) or replaced, not edited, and a limit is not something to fix in place.

## What it checks

The first bytes: JSON, or anything whose first non-blank character is not `<` (and that is no binary property list), is reported at 1:1 with the conversion command. Also: nesting deeper than 256 elements (at the first element too deep), an unsupported character encoding, or a libxml2 limit; for binary property lists (`bplist00`, read since issue 29), another version (`bplist15`), a file over 16 MiB, or shared objects that expand to more values than the file has bytes. libxml2's limit of 10,000,000 bytes on a comment is kept although eplint no longer lets libxml2 hold a long comment: such a comment is reported at its `<!--`. A binary plist met while walking a directory is skipped instead (listed with `--verbose`). In a preprocessed Info.plist, EP002 is also where a limit of eplint's preprocessor was exceeded (macro uses nested more than 64 deep in macro arguments, or macro expansion that makes, reads or holds more than 2^16 tokens plus 1 per 4 source bytes, or definitions that hold more than that, or quoted includes nested more than 16 deep, reading more than 256 files or more than 16 MiB in all), and where clang's preprocessor fails, which stops Xcode's build (`clang -E` exits non-zero): an `#if` or `#ifdef` without `#endif`, `#error` or `#pragma GCC error` in a group that is taken, an `#else`, `#elif` or `#endif` without `#if` (or after `#else`), an `#if` that is no expression (empty, `1 +`, an integer constant too large for any integer type, a division by zero) or that calls a function-like macro that is not defined, a macro used with the wrong number of arguments or without its closing `)`, a `#define`, `#undef`, `#line` or `#include` line clang refuses, a quoted `#include "x.h"` whose file is neither beside the including file nor in an `-iquote`, `-I`, `-isystem` or `-idirafter` folder of the flags (clang's fatal error), an unknown directive, a `/*` comment without `*/`, a `##` that pastes no valid token. It is reported at the line clang names first, in a file with StoreKit keys or without, and nothing else in that file is linted, so a file cannot hide its keys behind a limit or an error. What eplint cannot know stays a note (EP007): an `#include <…>`, a quoted include eplint does not follow (outside the run's folders, or not a regular file), a test on a target-dependent macro or a `__has_…` test; `#warning` is clang's warning, and the build goes on.

## Why

> eplint reads XML property lists, the form Xcode keeps Info.plist and entitlements files in, and binary ones, the form of built apps; it reports what it cannot read instead of guessing.

## Failing example

```xml failing
{"SKExternalPurchase": ["nl"]}
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:1:1: error: JSON or an old-style (OpenStep) property list: eplint reads XML property lists; convert it with plutil -convert xml1 Info.plist [EP002]
```

A second failing example: an `#error` in a preprocessed Info.plist, which stops Xcode's build.

```xml failing 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
#ifndef EXTERNAL_PURCHASE
#error EXTERNAL_PURCHASE must be defined
#endif
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output 2
Info.plist:5:1: error: #error EXTERNAL_PURCHASE must be defined; cpp stops with an error here, so Xcode's build fails [EP002]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

## How to fix

Convert the file with `plutil -convert xml1 FILE` (on a Mac, or with the `plutil` that ships with the Swift toolchain). In a preprocessed Info.plist, correct the line the error names (or define, with `--define`/`define:`, what an `#error` asks for), as the build needs.

"""#),
        (#"""
EP003
"""#, #"""
duplicate-key
"""#, #"""
error
"""#, #"""
A dictionary has the same key twice.
"""#, #"""
safe
"""#, #"""
# EP003 duplicate-key

- **Severity:** error
- **Summary:** A dictionary has the same key twice.
- **Fix:** safe, for a StoreKit key (or a key inside one) whose two values are identical: the later entry goes with its value. Different values need the author's choice.

## What it checks

The top-level dictionary of a file with StoreKit keys, and every dictionary inside the values of the five StoreKit keys. Reported at each later `<key>`, with the first as related location. Only the last value is checked and counted, as Apple's parser keeps it. A binary property list (`bplist00`) is read as CoreFoundation reads it: a repeated key keeps its first value, the others are dropped, and no EP003 is reported there.

## Why

> The OS keeps one of the values without a word; which link or region list is live is then a surprise.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
		<key>nl</key>
		<string>https://example.com/nl-sale</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:8:3: error: duplicate key 'nl' in SKExternalPurchaseLink; only the last value is used [EP003]
Info.plist:6:3: note: 'nl' first appears here
```

When both values are the same, as here:

```xml fix-input
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

`eplint --fix` drops the later entry:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Keep one entry per key.

"""#),
        (#"""
EP004
"""#, #"""
wrong-type
"""#, #"""
error
"""#, #"""
A StoreKit value has the wrong type.
"""#, #"""
none
"""#, #"""
# EP004 wrong-type

- **Severity:** error
- **Summary:** A StoreKit value has the wrong type.
- **Fix:** none: a value of the right type is something only the author knows.

## What it checks

`SKExternalPurchase`, `SKExternalPurchaseCustomLinkRegions` and `SKExternalPurchaseLinkStreamingRegions` are arrays of strings; `SKExternalPurchaseLink` maps regions to URL strings; `SKExternalPurchaseMultiLink` maps regions to arrays of URL strings. In files named `*Info.plist` or `*.entitlements`, the top-level element must be a dictionary. The message gives the expected and the found type; a wrong-typed value is not looked into further. In the entitlements file paired with an Info.plist, the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` must be an array of region strings (reported at its value there, also when the Info.plist has no StoreKit key: this entitlement needs none).

## Why

Apple's key pages (https://developer.apple.com/documentation/bundleresources/information-property-list/, read 2026-12-01):

> SKExternalPurchase: "A string array of country codes that indicates your app supports external purchases." SKExternalPurchaseLink: "A dictionary that contains URLs to websites where people using your app can make external purchases for supported regions." SKExternalPurchaseMultiLink: "A dictionary that contains an array of URLs to websites where people using your app can make external purchases." Both dictionaries: "The keys for this dictionary are lowercased ISO 3166-1 alpha-2 country codes." SKExternalPurchaseCustomLinkRegions: "An array of country code strings …". SKExternalPurchaseLinkStreamingRegions: "A list of country codes …"; "The strings in this array are lowercased ISO 3166-1 alpha-2 country codes."

(The 2024 pages in the seeds worded the dictionaries "A dictionary with a key that is the lowercased ISO 3166-1 alpha-2 country code, and a string that contains a valid destination URL"; the types are the same.)

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: error: SKExternalPurchaseLink.nl must be a URL string, found array [EP004]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Use the type the key expects; for several links per region use `SKExternalPurchaseMultiLink`.

"""#),
        (#"""
EP005
"""#, #"""
unknown-storekit-key
"""#, #"""
warning
"""#, #"""
A top-level key is a near miss of a StoreKit key.
"""#, #"""
safe
"""#, #"""
# EP005 unknown-storekit-key

- **Severity:** warning
- **Summary:** A top-level key is a near miss of a StoreKit key.
- **Fix:** safe, when one StoreKit key is closest, the file does not already have it and the near miss appears once: the key is renamed. When the file has the correct key already (or the near miss twice), `--fix` leaves it and says why.

## What it checks

A top-level key that is not one of the five StoreKit keys but equals one ignoring case, or is within Levenshtein distance 2 of one (case-sensitive; a transposition counts 2). Reported once per key, at its last occurrence; the message suggests the key meant. Its value is not checked.

## Why

> The OS silently ignores a key it does not know: the external purchase configuration simply does not exist.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultilink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: warning: [*] 'SKExternalPurchaseMultilink' is not a StoreKit key and the OS ignores it; did you mean 'SKExternalPurchaseMultiLink'? [EP005]
```

`eplint --fix` writes:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## How to fix

Spell the key exactly as suggested.

"""#),
        (#"""
EP006
"""#, #"""
unresolved-variable
"""#, #"""
note
"""#, #"""
A region or URL uses a build setting that no `--define` resolves.
"""#, #"""
none
"""#, #"""
# EP006 unresolved-variable

- **Severity:** note
- **Summary:** A region or URL uses a build setting that no `--define` resolves.
- **Fix:** none: the build setting's value is unknown to eplint, so nothing can be checked or changed.

## What it checks

A `$(NAME)` or `${NAME}` reference (one pass, no nesting) in a region or URL string with no `--define NAME=VALUE`. The checks that need the value are skipped for that string; an unresolved URL still counts as a link by its raw text, an unresolved region is not counted. With the definition given, the resolved value is checked and diagnostics still point at the original element.

## Why

> Xcode expands build settings in Info.plist values at build time; without the value eplint cannot know what ships.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>$(STORE_URL)</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: note: '$(STORE_URL)' uses $(STORE_URL), which is not defined, so its value is not checked; pass --define STORE_URL=VALUE to check it [EP006]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Pass the setting, e.g. `eplint --define STORE_URL=https://example.com/buy Info.plist`.

"""#),
        (#"""
EP007
"""#, #"""
preprocessor-directive
"""#, #"""
note
"""#, #"""
Something in a preprocessed Info.plist that eplint cannot know.
"""#, #"""
none
"""#, #"""
# EP007 preprocessor-directive

- **Severity:** note
- **Summary:** Something in a preprocessed Info.plist that eplint cannot know.
- **Fix:** none: the problem lies in what the C preprocessor does, outside the plist's text.

## What it checks

eplint runs preprocessed Info.plists through its own emulation of the C preprocessor, as Xcode would (`#if`/`#elif` with every C operator, `defined`, macros in text and keys, `#define`, `#undef`, `-D`, `-U`, `-traditional`, a prefix header, quoted `#include "x.h"`/`#import` followed from the including file's folder and the `-iquote`/`-I` folders of the flags, as clang follows them), and lints the output. This note marks what it cannot know: an `#include <…>` (the SDK's headers and search paths, never followed), a quoted include eplint chose not to follow (outside the folders the run reads, inside `.git/` or other version-control metadata, or not a regular file: the finding says which; Xcode's build reads that file, so the lint did not see what Xcode builds, and this finding is a **warning**, which fails `--strict`; one that is there but cannot be opened, which stops Xcode's build too, stays a note), a file name a macro makes, `__has_include(…)` and the other `__has_…` tests (taken as 0), names Xcode's clang predefines for the architecture or SDK (`__x86_64__`, `__arm64__`, `__LP64__` …, taken as undefined; `__APPLE__` and `__MACH__` are defined, as Xcode's clang defines them for every Apple target), the platform's `TARGET_OS_*` macros when the run does not know the platform (no Xcode target, `--platform` or `platform:`; taken as undefined), `__DATE__`/`__TIME__`, an error in an `#if` that names a target macro or a `__has_…` test (the error may be eplint's guess, not the build's), and the contexts of an Xcode target a file was not linted in because the per-file budget of preprocessed text linted again for other contexts (16 MiB) was spent (a **warning** at the file's first line: docs/untrusted-input.md). eplint then lints what cpp's output would hold. Past a limit of eplint's preprocessor, or at an error clang's preprocessor stops with (an `#error`, an unterminated `#if`, an unbalanced `#else`/`#endif`, an `#if` that is not an expression, a macro used with the wrong number of arguments, an unknown directive, a quoted include found nowhere …: `clang -E` exits non-zero, and so Xcode's build stops), the file gets EP002 instead of this note, with or without StoreKit keys. Like every finding but those that stop the build, this note is given only in a file with StoreKit keys; the warning for a refused include is given in any preprocessed file, since the file Xcode reads may hold them.

## Why

> eplint must lint the plist the build really produces, and say so when it cannot know.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
#include <Links.h>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:1: note: #include <Links.h> is not followed: it names a header of the SDK or of a search path, which eplint cannot see; what it defines is unknown [EP007]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
#ifdef EXTERNAL_PURCHASE
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
#endif
</dict>
</plist>
```

## How to fix

Define in the plist, with `--define`/`define:` or in the prefix header (`--prefix-header`) what the included file or the test would give; for a `TARGET_OS_*` macro, name the platform (`--platform`, `platform:`) or lint through the Xcode project whose target builds the file; or accept the note.

"""#),
        (#"""
EP008
"""#, #"""
unused-suppression
"""#, #"""
warning
"""#, #"""
An inline eplint:disable comment suppresses nothing.
"""#, #"""
none
"""#, #"""
# EP008 unused-suppression

- **Severity:** warning
- **Summary:** An inline eplint:disable comment suppresses nothing.
- **Fix:** none: whether to remove the comment or fix what it meant to suppress is the author's choice.

## What it checks

Every rule ID of an `<!-- eplint:disable-next ID… -->` (the next element and everything in it) or `<!-- eplint:disable ID… -->` (the rest of the file) comment must suppress at least one finding; one warning per ID that does not, at the comment.

## Why

> A suppression that outlived its finding hides the next real one. Prefer `ignore:` entries in `.eplint.yml`: Xcode's plist editor may drop XML comments when it saves.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<!-- eplint:disable-next EP203 -->
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: warning: eplint suppression of EP203 suppresses nothing; remove it [EP008]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<!-- eplint:disable-next EP203 -->
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl?ref=app</string>
	</dict>
</dict>
</plist>
```

## How to fix

Remove the comment, or name the rule that really fires there.

"""#),
        (#"""
EP009
"""#, #"""
invalid-suppression
"""#, #"""
warning
"""#, #"""
An inline eplint: comment names an unknown rule or is malformed.
"""#, #"""
none
"""#, #"""
# EP009 invalid-suppression

- **Severity:** warning
- **Summary:** An inline eplint: comment names an unknown rule or is malformed.
- **Fix:** none: which rule a malformed comment meant is a guess.

## What it checks

An XML comment starting with `eplint:` must be `eplint:disable-next` or `eplint:disable` followed by one or more rule IDs (separated by spaces or commas); `disable-next` must be followed by an element. Anything else is reported at the comment and suppresses nothing for the bad part. A directive comment longer than 65,536 bytes is not read at all (eplint keeps only that much of a comment's text, so that a hostile file cannot make it hold a huge one): it is reported and suppresses nothing.

## Why

> A mistyped suppression silently suppresses nothing; saying so keeps suppressions honest.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<!-- eplint:disable-next EP999 -->
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: warning: unknown rule 'EP999' in eplint:disable-next [EP009]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Use a rule ID that `eplint rules` lists.

"""#),
        (#"""
EP010
"""#, #"""
preprocessor-comment
"""#, #"""
error
"""#, #"""
The C preprocessor removes a comment from the text of a preprocessed Info.plist.
"""#, #"""
none
"""#, #"""
# EP010 preprocessor-comment

- **Severity:** error
- **Summary:** The C preprocessor removes a comment from the text of a preprocessed Info.plist.
- **Fix:** none: whether the comment is meant to reach the built plist is the author's choice.

## What it checks

A preprocessed Info.plist (`INFOPLIST_PREPROCESS = YES`, or any plist with a `#if`/`#define`/… line) is C to the preprocessor. Without `-traditional`, `//` starts a comment that runs to the end of the line, wherever it stands outside a C string or character literal: in a URL (`https://…` leaves as `https:`), in an XML comment (which loses its `-->`), in any text. `/* … */` is removed in both modes. eplint reports each such comment in text the build keeps, then lints what cpp outputs, so the cut text also gets the findings it deserves. Comments on directive lines (`#ifdef DEBUG // why`) are fine.

## Why

> Xcode runs `cc -E -P -x c -Wno-trigraphs` on the Info.plist and builds the app from its output. Real projects pass `-traditional` in `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` for exactly this reason.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
#ifndef DISABLE_EXTERNAL_PURCHASE
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl
</string>
	</dict>
#endif
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:9:3: error: link 'https:\n' is not a valid absolute URL: it contains a space or a control character [EP202]
Info.plist:9:17: error: the C preprocessor treats '//' as a comment and drops the rest of this line; add -traditional to INFOPLIST_OTHER_PREPROCESSOR_FLAGS (or `preprocessor-flags: [-traditional]`) [EP010]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
#ifndef DISABLE_EXTERNAL_PURCHASE
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
#endif
</dict>
</plist>
```

## How to fix

Add `-traditional` to `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` (for eplint: `--preprocessor-flag -traditional` or `preprocessor-flags: [-traditional]`), which turns `//` comments off; or move the text into a `#define` in the prefix header of a `-traditional` build. A `/*` in text can be written `/&#42;`.

"""#),
        (#"""
EP011
"""#, #"""
directives-not-preprocessed
"""#, #"""
error
"""#, #"""
C preprocessor lines in an Info.plist whose target does not set `INFOPLIST_PREPROCESS = YES`.
"""#, #"""
none
"""#, #"""
# EP011 directives-not-preprocessed

- **Severity:** error
- **Summary:** C preprocessor lines in an Info.plist whose target does not set `INFOPLIST_PREPROCESS = YES`.
- **Fix:** none: turning preprocessing on or removing the directives is a build setting decision.

## What it checks

The Info.plist is linted in the context of an Xcode target (`eplint App.xcodeproj`, a folder holding the project, `--project`, or `--xcode-environment`) whose resolved `INFOPLIST_PREPROCESS` is not `YES`, and it holds lines starting with `#` (`#ifdef`, `#if`, `#define`, `#include`, …) between its elements. Reported once, at the first such line, with the number of others. Without an Xcode project eplint cannot know whether the file is preprocessed, and the rule stays silent.

## Why

> Xcode runs the Info.plist through the C preprocessor only when `INFOPLIST_PREPROCESS` is `YES` ("Preprocess Info.plist File"); otherwise the file is copied as it is, and the lines reach the app's Info.plist as text, which no longer reads as a property list.

## Failing example

With the target's `INFOPLIST_PREPROCESS = NO` (the default):

```text settings
INFOPLIST_PREPROCESS = NO
```

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
#ifdef EXTERNAL_PURCHASE
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
#endif
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:1: error: preprocessor line (and 1 more line) in an Info.plist whose target does not set INFOPLIST_PREPROCESS = YES: Xcode copies it into the app's Info.plist as text; set INFOPLIST_PREPROCESS = YES or remove the lines [EP011]
```

## Passing example

The same lines, in a target with `INFOPLIST_PREPROCESS = YES`, or a file without them:

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

## How to fix

Set `INFOPLIST_PREPROCESS = YES` for the target (Build Settings, "Preprocess Info.plist File"), with `INFOPLIST_PREPROCESSOR_DEFINITIONS` for the macros the lines test, or remove the lines.

"""#),
        (#"""
EP012
"""#, #"""
configuration-error
"""#, #"""
error
"""#, #"""
`.eplint.yml` cannot be read: not YAML, an unknown key or rule, a value of the wrong type.
"""#, #"""
none
"""#, #"""
# EP012 configuration-error

- **Severity:** error
- **Summary:** `.eplint.yml` cannot be read: not YAML, an unknown key or rule, a value of the wrong type.
- **Fix:** none: which setting was meant is for the configuration's author to say.

## What it checks

The workspace's `.eplint.yml` is read as the command line reads it (see docs/configuration.md): YAML, a mapping of known keys, each of its type; rule IDs that `eplint rules` lists; `required-version` admitting this eplint; the xcconfig files and deployment targets it names readable and valid. This rule is the language server's (`eplint lsp`): the error is a diagnostic at its line in `.eplint.yml`, updated as you type, and the other documents are linted with the last configuration that read without error (the defaults until one has). The command line does not report it as a finding: it stops before linting anything, with exit status 2 and the same message (`.eplint.yml:3: disable: unknown rule 'EP999'; 'eplint rules' lists them`), because a run with a configuration it cannot read would lint with settings nobody chose.

## Why

> A misspelt rule ID or key would otherwise change nothing without a word: a finding the author meant to disable stays, an `exclude` that does not parse lints what should not be.

## Failing example

For this `.eplint.yml`:

```yaml configuration failing
disable:
  - EP101
  - EP999
```

the language server reports (on the line; the command line stops with the same message):

```text output
.eplint.yml:3:1: error: disable: unknown rule 'EP999'; 'eplint rules' lists them [EP012]
```

## Passing example

```yaml configuration passing
disable:
  - EP101
  - EP102
```

## How to fix

Correct the line the message names; `eplint rules` lists the rule IDs, docs/configuration.md the keys and their types.

"""#),
        (#"""
EP101
"""#, #"""
region-not-lowercase
"""#, #"""
error
"""#, #"""
A region code that is valid once lowercased is not lowercase.
"""#, #"""
safe
"""#, #"""
# EP101 region-not-lowercase

- **Severity:** error
- **Summary:** A region code that is valid once lowercased is not lowercase.
- **Fix:** safe: the code is lowercased in place (not when it comes from a build setting, nor when a link dictionary already has the lowercase key).

## What it checks

Every region: the elements of the three region arrays and the keys of the two link dictionaries. Lowercasing is ASCII-only. A code that is also not allowed for the key gets EP103 instead. Also the strings of the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` in the paired entitlements file (reported there).

## Why

> "To the array, add a string containing the lowercased ISO 3166-1 alpha-2 country code for each country where your app supports external purchases." (SKExternalPurchase, https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchase); "The keys for this dictionary are lowercased ISO 3166-1 alpha-2 country codes." (SKExternalPurchaseLink and SKExternalPurchaseMultiLink); "The strings in this array are lowercased ISO 3166-1 alpha-2 country codes." (SKExternalPurchaseLinkStreamingRegions) — the 2026 pages, read 2026-12-01.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>NL</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:3: error: [*] region 'NL' must be lowercase: 'nl' [EP101]
```

`eplint --fix` writes:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

## How to fix

Write the code in lowercase, as the message shows.

"""#),
        (#"""
EP102
"""#, #"""
region-unknown
"""#, #"""
error
"""#, #"""
A region is not an ISO 3166-1 alpha-2 code.
"""#, #"""
none
"""#, #"""
# EP102 region-unknown

- **Severity:** error
- **Summary:** A region is not an ISO 3166-1 alpha-2 code.
- **Fix:** none: which region an unknown code meant is a guess.

## What it checks

Not one of the 249 officially assigned ISO 3166-1 alpha-2 codes in any case: `eu`, `uk`, `xk`, `nld`, an empty string or ` nl` (strings are not trimmed). The list is `ISO3166Alpha2` in `Rules/regions.plist`. Also the strings of the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` in the paired entitlements file (reported there). Apple publishes no list of the regions that entitlement may hold (its page shows only an example, `br` and `jp`), so for it eplint checks only that each is an ISO 3166-1 alpha-2 code, never EP103 (see EP103 for what Apple's page says about a list).

## Why

> Apple's keys take "the lowercased ISO 3166-1 alpha-2 country code"; `eu` is not a country, `uk` is `gb`.

> com.apple.developer.storekit.custom-purchase-link.allowed-regions (iOS, iPadOS, macOS, tvOS, visionOS, watchOS 26.2): "add a key named `com.apple.developer.storekit.custom-purchase-link.allowed-regions`, followed by an array that enumerates the two-letter ISO-3166-1 country codes for the allowed regions. The example below describes an entitlement that includes Brazil and Japan as the allowed regions that the app supports."

Does Apple list the regions `com.apple.developer.storekit.custom-purchase-link.allowed-regions` may hold? Stored copies of its page (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.storekit.custom-purchase-link.allowed-regions) differ: one continues after the example with "This must only include regions where Apple supports custom purchase link options. In addition to Brazil (br) and Japan (jp), the permitted EU country codes include: …"; another has only that first sentence. The version eplint's maintainers could read on 2026-12-01 (availability 26.2 on every platform) ends its text at the example, which "includes Brazil and Japan as the allowed regions that the app supports", and lists no regions. So `EntitlementRegions` in `Rules/regions.plist` has no entry for it, and eplint checks its codes as ISO 3166-1 alpha-2 codes only: `us`, `kr` or `gb` there pass. When Apple's page is confirmed to list them, the list goes into `EntitlementRegions` (with its source and date) and EP103 applies to the entitlement, reported in the entitlements file; a regions file passed with `--regions` can do that today.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>eu</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:3: error: 'eu' is not an ISO 3166-1 alpha-2 region code [EP102]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>fr</string>
		<string>de</string>
	</array>
</dict>
</plist>
```

## How to fix

List each country by its own code.

"""#),
        (#"""
EP103
"""#, #"""
region-not-allowed
"""#, #"""
error
"""#, #"""
A real region code that the key does not accept.
"""#, #"""
none
"""#, #"""
# EP103 region-not-allowed

- **Severity:** error
- **Summary:** A real region code that the key does not accept.
- **Fix:** none: removing or replacing the region changes where the app offers its links.

## What it checks

The allowed regions per key (`AllowedRegions` in `Rules/regions.plist`): `SKExternalPurchase` EU27 + `kr`; `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink` EU27 + `is` `no` `ru`; `SKExternalPurchaseCustomLinkRegions` EU27; `SKExternalPurchaseLinkStreamingRegions` EU27 + `is` `no`. A code that is both not lowercase and not allowed gets this rule only. A region Apple's documentation no longer lists for the key (`us` in the two link keys) gets EP106 instead. `jp` and `br` are allowed in none of the five keys, and their message says where they belong: Apple opens Japan and Brazil through the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` (iOS 26.2 and later) and the `ExternalPurchaseCustomLink` API, not through Info.plist keys; Japan's tokens (`IN_APP`, `LINK_OUT`) come with iOS 26.4 and Brazil's with iOS 26.5, which the message says (`MinimumOS` in `Rules/regions.plist`: the regions with an entry `com.apple.developer.storekit.custom-purchase-link.allowed-regions:REGION` are the ones the message names). The entitlement itself gets this rule only where `EntitlementRegions` in `Rules/regions.plist` lists its regions, and today it does not: see below.

Does Apple list the regions `com.apple.developer.storekit.custom-purchase-link.allowed-regions` may hold? Stored copies of its page (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.storekit.custom-purchase-link.allowed-regions) differ: one continues after the example with "This must only include regions where Apple supports custom purchase link options. In addition to Brazil (br) and Japan (jp), the permitted EU country codes include: …"; another has only that first sentence. The version eplint's maintainers could read on 2026-12-01 (availability 26.2 on every platform) ends its text at the example, which "includes Brazil and Japan as the allowed regions that the app supports", and lists no regions. So `EntitlementRegions` in `Rules/regions.plist` has no entry for it, and eplint checks its codes as ISO 3166-1 alpha-2 codes only: `us`, `kr` or `gb` there pass. When Apple's page is confirmed to list them, the list goes into `EntitlementRegions` (with its source and date) and EP103 applies to the entitlement, reported in the entitlements file; a regions file passed with `--regions` can do that today.

## Why

> token(for:) (https://developer.apple.com/documentation/storekit/externalpurchasecustomlink/token(for:), read 2026-12-01): "The IN_APP and LINK_OUT token types for Japan are available starting in iOS 26.4." ExternalPurchase (https://developer.apple.com/documentation/storekit/externalpurchase): Brazil from iOS 26.5.

> SKExternalPurchaseLink (2026 version of the page): "Valid country codes include those for the European Union: …; and Iceland (`is`), Norway (`no`), and Russia (`ru`)." South Korea (`kr`) is valid for SKExternalPurchase only.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>kr</key>
		<string>https://example.com/kr</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:3: error: region 'kr' is not allowed in SKExternalPurchaseLink [EP103]
```

A second failing example: Japan in a link key.

```xml failing 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>jp</key>
		<array>
			<string>https://example.com/jp</string>
		</array>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output 2
Info.plist:6:3: error: region 'jp' is not allowed in SKExternalPurchaseMultiLink; 'jp' uses the entitlement com.apple.developer.storekit.custom-purchase-link.allowed-regions (iOS 26.2 and later; its tokens from iOS 26.4) with the ExternalPurchaseCustomLink API, not Info.plist keys [EP103]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>kr</string>
	</array>
</dict>
</plist>
```

A second passing example: Japan and Brazil in the allowed-regions entitlement, with no Info.plist key.

```xml passing 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>com.example.app</string>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions</key>
	<array>
		<string>jp</string>
		<string>br</string>
	</array>
</dict>
</plist>
```

## How to fix

Remove the region from this key, or use the key that accepts it. For `jp` and `br`, list the region in the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` (once Apple granted it) and use `ExternalPurchaseCustomLink`.

"""#),
        (#"""
EP104
"""#, #"""
region-duplicate
"""#, #"""
warning
"""#, #"""
The same region appears twice in one array.
"""#, #"""
safe
"""#, #"""
# EP104 region-duplicate

- **Severity:** warning
- **Summary:** The same region appears twice in one array.
- **Fix:** safe: the later duplicate element goes.

## What it checks

In `SKExternalPurchase`, `SKExternalPurchaseCustomLinkRegions` and `SKExternalPurchaseLinkStreamingRegions`, compared after ASCII lowercasing, invalid codes included; strings with an unresolved `$(...)` are not compared. Reported at each repeat. Repeated dictionary keys are EP003. Also the array of the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` in the paired entitlements file (reported there).

## Why

> A repeated region is at best noise and often a typo for another region.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
		<string>it</string>
		<string>nl</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:8:3: warning: [*] region 'nl' is listed more than once in SKExternalPurchase [EP104]
```

`eplint --fix` writes:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
		<string>it</string>
	</array>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
		<string>it</string>
	</array>
</dict>
</plist>
```

## How to fix

Remove the repeat, or fix the region it was meant to be.

"""#),
        (#"""
EP105
"""#, #"""
empty-configuration
"""#, #"""
warning
"""#, #"""
A StoreKit key holds an empty array or dictionary.
"""#, #"""
none
"""#, #"""
# EP105 empty-configuration

- **Severity:** warning
- **Summary:** A StoreKit key holds an empty array or dictionary.
- **Fix:** none: what to put in the empty value is the app's choice.

## What it checks

One of the five keys is present with `<array/>` or `<dict/>` (of the right type; a wrong type is EP004). Also the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` of the paired entitlements file set to `<array/>` (reported there, at the `<array/>`): the capability is on but grants no region. Xcode's capability editor writes it so until regions are added.

## Why

> An empty key configures nothing; usually a region list was lost in a merge.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array/>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:5:2: warning: SKExternalPurchase is empty; add regions or remove the key [EP105]
```

A second failing example: the allowed-regions entitlement as Xcode's capability editor first writes it.

```xml failing 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>com.example.app</string>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions</key>
	<array/>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output 2
App.entitlements:5:2: warning: com.apple.developer.storekit.custom-purchase-link.allowed-regions is an empty array: the capability is on but lists no region, so it allows custom purchase links nowhere; add the regions Apple granted or remove the entitlement [EP105]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

A second passing example: the entitlement with a region.

```xml passing 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>com.example.app</string>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions</key>
	<array>
		<string>jp</string>
	</array>
</dict>
</plist>
```

## How to fix

Add the regions, or remove the key (or the entitlement).

"""#),
        (#"""
EP106
"""#, #"""
region-retired
"""#, #"""
warning
"""#, #"""
A region Apple's documentation no longer lists for this key.
"""#, #"""
unsafe
"""#, #"""
# EP106 region-retired

- **Severity:** warning
- **Summary:** A region Apple's documentation no longer lists for this key.
- **Fix:** unsafe: the region's entry goes (for the link keys, with its URL), so the app stops offering a link there.

## What it checks

A region that Apple's documentation of the key once listed and no longer does (`RetiredRegions` in `Rules/regions.plist`, per key: the region, since when and why). Today: `us` in `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink`. Such a region gets this warning instead of EP103. A later change of Apple's is a data edit: the region moves from `AllowedRegions` to `RetiredRegions` (`eplint regions` shows the data, with the date it was last checked and the source of each list).

## Why

> SKExternalPurchaseLink, 2026 version of the page: "Valid country codes include those for the European Union: Austria (`at`), … Sweden (`se`); and Iceland (`is`), Norway (`no`), and Russia (`ru`)." The 2024 version (the seeds) ended "… Russia (ru), and United States (us)."

Since the May 2025 US change, apps on the US storefront link out without these keys, so a `us` entry has no documented effect.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
		<key>us</key>
		<string>https://example.com/us</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:8:3: warning: region 'us' is no longer among the documented regions of SKExternalPurchaseLink (since 2025-05-01: since the May 2025 US change, apps on the US storefront link out without this key) [EP106]
```

`eplint --fix --unsafe-fixes` writes:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Remove the region from the key. For the US storefront, follow Apple's current guidance for linking out (no Info.plist key is needed).

"""#),
        (#"""
EP201
"""#, #"""
url-not-https
"""#, #"""
error
"""#, #"""
A destination URL does not use https.
"""#, #"""
unsafe
"""#, #"""
# EP201 url-not-https

- **Severity:** error
- **Summary:** A destination URL does not use https.
- **Fix:** unsafe, for `http:` only: the scheme becomes `https`, which the server must answer on.

## What it checks

Every URL string of `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink` that is a valid absolute URL whose scheme, compared ignoring case, is not `https` (`HTTPS://` is fine, `javascript://x` is not).

## Why

> Make sure the destination URL meets all of the following conditions: Uses the HTTPS scheme; Forms a valid, absolute URL; Contains no query parameters; Contains 1,000 or fewer ASCII characters.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>http://example.com/nl</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: error: link 'http://example.com/nl' uses 'http'; destination URLs must use https [EP201]
```

`eplint --fix --unsafe-fixes` writes:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Serve the page over HTTPS and use an `https://` URL.

"""#),
        (#"""
EP202
"""#, #"""
url-invalid
"""#, #"""
error
"""#, #"""
A destination URL is not a valid absolute URL (RFC 3986).
"""#, #"""
none
"""#, #"""
# EP202 url-invalid

- **Severity:** error
- **Summary:** A destination URL is not a valid absolute URL (RFC 3986).
- **Fix:** none: which URL was meant is a guess.

## What it checks

`scheme://authority path [?query] [#fragment]` exactly as RFC 3986 defines it: a scheme, `//` and a non-empty host (reg-name, IPv4 or bracketed IPv6 without zone ID), a port from 1 to 65535 if any, no space or control character anywhere (leading and trailing included), no backslash, only valid percent-escapes, no character the grammar does not allow. Non-ASCII characters count as unreserved here (they are EP205). When this fires, EP201, EP203 and EP206 do not.

## Why

> Make sure the destination URL meets all of the following conditions: Uses the HTTPS scheme; Forms a valid, absolute URL; Contains no query parameters; Contains 1,000 or fewer ASCII characters.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/spring sale</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: error: link 'https://example.com/spring sale' is not a valid absolute URL: it contains a space or a control character [EP202]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/spring%20sale</string>
	</dict>
</dict>
</plist>
```

## How to fix

Percent-encode what the URL grammar does not allow, and give a full `https://host/path` URL.

"""#),
        (#"""
EP203
"""#, #"""
url-has-query
"""#, #"""
error
"""#, #"""
A destination URL has a query component.
"""#, #"""
unsafe
"""#, #"""
# EP203 url-has-query

- **Severity:** error
- **Summary:** A destination URL has a query component.
- **Fix:** unsafe: the `?` and the query go (a fragment stays); the page may need what the query said.

## What it checks

A `?` in a valid URL before any `#`, even with nothing after it (`https://x.com/?`). The system appends its own token to the URL, so a query of yours is not allowed.

## Why

> Make sure the destination URL meets all of the following conditions: Uses the HTTPS scheme; Forms a valid, absolute URL; Contains no query parameters; Contains 1,000 or fewer ASCII characters.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl?utm_source=app</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: error: link 'https://example.com/nl?utm_source=app' has a query ('?utm_source=app'); destination URLs must not have query parameters [EP203]
```

`eplint --fix --unsafe-fixes` writes:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl/app</string>
	</dict>
</dict>
</plist>
```

## How to fix

Move the information into the path (`/nl/app`), or drop it.

"""#),
        (#"""
EP204
"""#, #"""
url-too-long
"""#, #"""
error
"""#, #"""
A destination URL is longer than 1,000 characters.
"""#, #"""
none
"""#, #"""
# EP204 url-too-long

- **Severity:** error
- **Summary:** A destination URL is longer than 1,000 characters.
- **Fix:** none: a shorter URL is a server-side change.

## What it checks

More than 1,000 Unicode scalar values; exactly 1,000 is fine.

## Why

> Make sure the destination URL meets all of the following conditions: Uses the HTTPS scheme; Forms a valid, absolute URL; Contains no query parameters; Contains 1,000 or fewer ASCII characters.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: error: link is 1001 characters long; destination URLs may have at most 1000 [EP204]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa</string>
	</dict>
</dict>
</plist>
```

## How to fix

Use a shorter URL, for example a redirecting path on your own domain.

"""#),
        (#"""
EP205
"""#, #"""
url-not-ascii
"""#, #"""
error
"""#, #"""
A destination URL contains a character outside ASCII.
"""#, #"""
none
"""#, #"""
# EP205 url-not-ascii

- **Severity:** error
- **Summary:** A destination URL contains a character outside ASCII.
- **Fix:** none: percent-encoding changes what the server receives; the author checks it.

## What it checks

Any Unicode scalar value above U+007F, including non-ASCII spaces such as U+00A0 (which are this rule only, not EP202).

## Why

> Make sure the destination URL meets all of the following conditions: Uses the HTTPS scheme; Forms a valid, absolute URL; Contains no query parameters; Contains 1,000 or fewer ASCII characters. An internationalised host must be written in punycode and a path percent-encoded.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>de</key>
		<string>https://bücher.example/kaufen</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: error: link 'https://bücher.example/kaufen' contains the non-ASCII character U+00FC; write the host in punycode and percent-encode the rest [EP205]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>de</key>
		<string>https://xn--bcher-kva.example/kaufen</string>
	</dict>
</dict>
</plist>
```

## How to fix

Write the host in punycode (`xn--…`) and percent-encode the path.

"""#),
        (#"""
EP206
"""#, #"""
url-has-credentials
"""#, #"""
warning
"""#, #"""
A destination URL has user information in its authority.
"""#, #"""
none
"""#, #"""
# EP206 url-has-credentials

- **Severity:** warning
- **Summary:** A destination URL has user information in its authority.
- **Fix:** none: dropping the user information may break the link; the author decides.

## What it checks

`user@` or `user:password@` before the host of a valid URL.

## Why

> Credentials in a URL shipped in an app binary are public, and browsers refuse or warn about them.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://shop:secret@example.com/nl</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: warning: link 'https://shop:secret@example.com/nl' has user information before '@' in its authority; remove credentials from destination URLs [EP206]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Remove the credentials; authenticate on the page instead.

"""#),
        (#"""
EP301
"""#, #"""
link-limit-exceeded
"""#, #"""
error
"""#, #"""
A region has more links than its maximum.
"""#, #"""
none
"""#, #"""
# EP301 link-limit-exceeded

- **Severity:** error
- **Summary:** A region has more links than its maximum.
- **Fix:** none: which links to keep is a business decision.

## What it checks

A region's links are the distinct URL strings of `SKExternalPurchaseLink[region]` and `SKExternalPurchaseMultiLink[region]` together (case variants of a region merged; unknown, not allowed and unresolved regions not counted). The maximum is 1, unless the app qualifies for EEA music streaming (`--music-streaming true`): then 5 for the EEA regions and 1 for `ru` (`MusicStreamingLinkMaximum` in `Rules/regions.plist`; `us`, no longer documented for these keys, is EP106 and not counted). Whether an app qualifies is decided, in this order, by `--music-streaming true|false` or the config's `music-streaming:`; else by the paired entitlements file, when one is known: it qualifies when that file sets `com.apple.developer.storekit.external-purchase-link-streaming` to `<true/>` (only apps in Apple's music-streaming programme hold it), and otherwise nothing in the files can tell: the entitlement that allows five links is the Boolean `com.apple.developer.storekit.external-purchase-link` every link-out app holds, so the maximum stays 1 and the message says how to tell eplint (`--music-streaming true`); else, with no entitlements file known, by the Info.plist having `SKExternalPurchaseLinkStreamingRegions` (a key only apps in the EEA music-streaming programme use); else it does not. The message names the source that decided. Reported at the MultiLink `<key>` of the region (or the Link `<key>`), with the other key's entry as related location, unless EP302 applies.

## Why

Apple's `SKExternalPurchaseMultiLink` page (https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchasemultilink; the seeds' copy, and the sentence the 2026 page keeps):

> "You can provide up to five links if your app qualifies for the StoreKit External Purchase Link entitlement as described in Distributing music streaming apps in the EEA that provide an external purchase link. Otherwise, provide one link for each country code."

> "Count the total number of unique links you provide for each country code by adding together the number of links you provide in the SKExternalPurchaseMultiLink and SKExternalPurchaseLink property list keys."

That sentence decides which entitlement qualifies: the StoreKit External Purchase Link entitlement, `com.apple.developer.storekit.external-purchase-link` (a Boolean), held by a music-streaming app as Apple's programme describes. The streaming entitlement `com.apple.developer.storekit.external-purchase-link-streaming` belongs to the custom-link route (`SKExternalPurchaseLinkStreamingRegions`: "Use this information property list key if your app has the com.apple.developer.storekit.external-purchase-link-streaming entitlement"); it is not the one the sentence names, but only music-streaming apps are granted it, so eplint takes it as qualifying. The page's per-key Discussion now says to provide one or more links for each country code (where the 2024 copy said "Provide from one to five destination URLs"): the number is the maximum above, not a fixed five.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>fr</key>
		<array>
			<string>https://example.com/fr</string>
			<string>https://example.com/fr-sale</string>
		</array>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:3: error: region 'fr' has 2 distinct links in total; the maximum is 1 because the app is not declared as qualifying for EEA music streaming; if it does, pass --music-streaming true or set music-streaming: true in .eplint.yml [EP301]
```

A second failing example, as a real app had it: the Info.plist has `SKExternalPurchaseLinkStreamingRegions`, but the paired entitlements file lacks the streaming entitlement and has only `external-purchase-link`, which every link-out app holds: nothing tells that the app qualifies, so `fr` allows one link and the message says how to tell eplint.

```xml failing 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLinkStreamingRegions</key>
	<array>
		<string>fr</string>
	</array>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>fr</key>
		<array>
			<string>https://example.com/fr</string>
			<string>https://example.com/fr-sale</string>
		</array>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<true/>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output 2
Info.plist:4:2: error: SKExternalPurchaseLinkStreamingRegions needs the entitlement com.apple.developer.storekit.external-purchase-link-streaming set to <true/> in App.entitlements [EP401]
Info.plist:10:3: error: region 'fr' has 2 distinct links in total; the maximum is 1 because nothing in App.entitlements tells whether the app qualifies for EEA music streaming (five links are for apps with com.apple.developer.storekit.external-purchase-link that qualify as described in Distributing music streaming apps in the EEA); if it does, pass --music-streaming true or set music-streaming: true in .eplint.yml [EP301]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>fr</key>
		<array>
			<string>https://example.com/fr</string>
		</array>
	</dict>
</dict>
</plist>
```

A second passing example: the same Info.plist, with the streaming entitlement granted.

```xml passing 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLinkStreamingRegions</key>
	<array>
		<string>fr</string>
	</array>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>fr</key>
		<array>
			<string>https://example.com/fr</string>
			<string>https://example.com/fr-sale</string>
		</array>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements 2
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<true/>
	<key>com.apple.developer.storekit.external-purchase-link-streaming</key>
	<true/>
</dict>
</plist>
```

## How to fix

Remove links down to the maximum; if the app qualifies for EEA music streaming, say so with `--music-streaming true`.

"""#),
        (#"""
EP302
"""#, #"""
link-mismatch
"""#, #"""
error
"""#, #"""
A one-link region has different links in the two link keys.
"""#, #"""
none
"""#, #"""
# EP302 link-mismatch

- **Severity:** error
- **Summary:** A one-link region has different links in the two link keys.
- **Fix:** none: which of the two links is right is the author's choice.

## What it checks

A region whose maximum is 1 has an entry in both `SKExternalPurchaseLink` and `SKExternalPurchaseMultiLink` (even if one value has the wrong type) and together they hold more than one link. Reported at the Link `<key>`, with the MultiLink entry as related location. The maximum is decided as for EP301 (flag or config, else the paired entitlements file, else `SKExternalPurchaseLinkStreamingRegions` when no entitlements file is known, else 1), and the message names the source that decided.

## Why

> "If a country code has a maximum of one link, the SKExternalPurchaseMultiLink and SKExternalPurchaseLink keys need to specify the same link."

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl-new</string>
		</array>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:3: error: region 'nl' has 2 different links in SKExternalPurchaseLink and SKExternalPurchaseMultiLink; both keys need to specify the same link, as the maximum is 1 because the app is not declared as qualifying for EEA music streaming; if it does, pass --music-streaming true or set music-streaming: true in .eplint.yml [EP302]
Info.plist:11:3: note: the SKExternalPurchaseMultiLink entry for 'nl' is here
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## How to fix

Give both keys the same URL for the region.

"""#),
        (#"""
EP303
"""#, #"""
link-list-empty
"""#, #"""
error
"""#, #"""
A MultiLink region maps to an empty array.
"""#, #"""
none
"""#, #"""
# EP303 link-list-empty

- **Severity:** error
- **Summary:** A MultiLink region maps to an empty array.
- **Fix:** none: adding links or removing the region are both decisions.

## What it checks

`SKExternalPurchaseMultiLink` gives a region `<array/>`.

## Why

> "Provide from one to five destination URLs (links to your website) for your app to choose from for each country code."

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array/>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:7:3: error: SKExternalPurchaseMultiLink gives no link for 'nl'; list one to five URLs or remove the region [EP303]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## How to fix

Give the region at least one URL, or remove it.

"""#),
        (#"""
EP304
"""#, #"""
link-duplicate
"""#, #"""
warning
"""#, #"""
The same URL appears twice in one MultiLink array.
"""#, #"""
safe
"""#, #"""
# EP304 link-duplicate

- **Severity:** warning
- **Summary:** The same URL appears twice in one MultiLink array.
- **Fix:** safe: the later duplicate URL goes.

## What it checks

Exact string comparison within one region's array; reported at each repeat.

## Why

> A repeated link is counted once by Apple; the copy is noise or a link that was meant to differ.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:9:4: warning: [*] link 'https://example.com/nl' is listed more than once for 'nl' [EP304]
```

`eplint --fix` writes:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## How to fix

Remove the repeat.

"""#),
        (#"""
EP401
"""#, #"""
missing-entitlement
"""#, #"""
error
"""#, #"""
A StoreKit key is used without its entitlement set to <true/>.
"""#, #"""
none
"""#, #"""
# EP401 missing-entitlement

- **Severity:** error
- **Summary:** A StoreKit key is used without its entitlement set to <true/>.
- **Fix:** none: Apple grants entitlements; writing one into the file does not grant it.

## What it checks

When an entitlements file is paired with the Info.plist (`--entitlements FILE`, the config's `entitlements:` map, or the only `*.entitlements` file in the Info.plist's folder): `SKExternalPurchase` needs `com.apple.developer.storekit.external-purchase`; `SKExternalPurchaseLink`, `SKExternalPurchaseMultiLink` and `SKExternalPurchaseCustomLinkRegions` need `com.apple.developer.storekit.external-purchase-link`; `SKExternalPurchaseLinkStreamingRegions` needs `com.apple.developer.storekit.external-purchase-link-streaming`. Reported once per key at its (last) `<key>` in the Info.plist; the message names the entitlements file. A non-boolean entitlement is EP403 instead. `SKExternalPurchaseCustomLinkRegions` with the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions` and without `external-purchase-link` is EP408 instead (a warning that the key does nothing): Apple's `ExternalPurchaseCustomLink` page (https://developer.apple.com/documentation/storekit/externalpurchasecustomlink) makes the two routes alternatives, "Depending on the entitlement you receive, configure the …custom-purchase-link.allowed-regions entitlement for your app, or configure the …external-purchase-link entitlement and the SKExternalPurchaseCustomLinkRegions property list key", and adding an entitlement the profile does not grant fails code signing.

## Why

> "Use this information property list key if your app has the com.apple.developer.storekit.external-purchase-link entitlement." Without the entitlement the key does nothing.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: error: SKExternalPurchaseLink needs the entitlement com.apple.developer.storekit.external-purchase-link set to <true/> in App.entitlements [EP401]
App.entitlements:4:2: warning: com.apple.developer.storekit.external-purchase is granted but Info.plist uses none of its keys (SKExternalPurchase) [EP402]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<true/>
</dict>
</plist>
```

## How to fix

Add the entitlement to the app's entitlements file, set to `<true/>` (after Apple granted it).

"""#),
        (#"""
EP402
"""#, #"""
unused-entitlement
"""#, #"""
warning
"""#, #"""
A StoreKit entitlement is granted but none of its keys is used.
"""#, #"""
none
"""#, #"""
# EP402 unused-entitlement

- **Severity:** warning
- **Summary:** A StoreKit entitlement is granted but none of its keys is used.
- **Fix:** none: removing the entitlement or using its keys are both decisions.

## What it checks

One of the three StoreKit entitlements is `<true/>` in the paired entitlements file, but the Info.plist has none of the keys that need it. Reported at the entitlement's `<key>` in the entitlements file.

## Why

> An entitlement without its keys configures nothing: the regions and links were forgotten, or the entitlement is left over.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<true/>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
App.entitlements:6:2: warning: com.apple.developer.storekit.external-purchase-link is granted but Info.plist uses none of its keys (SKExternalPurchaseLink, SKExternalPurchaseMultiLink, SKExternalPurchaseCustomLinkRegions) [EP402]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
</dict>
</plist>
```

## How to fix

Add the keys the entitlement is for, or remove the entitlement.

"""#),
        (#"""
EP403
"""#, #"""
entitlement-not-boolean
"""#, #"""
error
"""#, #"""
A StoreKit entitlement is not <true/> or <false/>.
"""#, #"""
none
"""#, #"""
# EP403 entitlement-not-boolean

- **Severity:** error
- **Summary:** A StoreKit entitlement is not <true/> or <false/>.
- **Fix:** none: whether the entitlement is meant to be <true/> or <false/> is the author's choice.

## What it checks

One of the three StoreKit entitlements has another value, such as `<string>YES</string>`. Reported at the value in the entitlements file; the keys that need it get no EP401.

## Why

> The entitlements are Booleans: "Then add the following key and set the corresponding value to true".

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<string>YES</string>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
App.entitlements:5:2: error: com.apple.developer.storekit.external-purchase-link must be <true/> or <false/>, found string [EP403]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<true/>
</dict>
</plist>
```

## How to fix

Write `<true/>`.

"""#),
        (#"""
EP404
"""#, #"""
entitlement-in-info-plist
"""#, #"""
error
"""#, #"""
A StoreKit entitlement key in the Info.plist, where it has no effect.
"""#, #"""
unsafe
"""#, #"""
# EP404 entitlement-in-info-plist

- **Severity:** error
- **Summary:** A StoreKit entitlement key in the Info.plist, where it has no effect.
- **Fix:** unsafe: the key and its value move to the paired entitlements file (both files are written together). None when no entitlements file is paired, when it already has the key, when several Info.plists of the run pair with it, or when the value comes from a `$(VAR)`.

## What it checks

A top-level key starting with `com.apple.developer.storekit.` in an Info.plist (a file named `*Info.plist`, or any plist with StoreKit keys; never a `*.entitlements` file). Reported at the `<key>`, also when the Info.plist has no StoreKit key at all.

## Why

> com.apple.developer.storekit.custom-purchase-link.allowed-regions: "If your account receives this entitlement, you can add it to your app by opening the project's `.entitlements` file in Xcode. Then, add a key named `com.apple.developer.storekit.custom-purchase-link.allowed-regions`, followed by an array …"

Entitlements are read from the app's signed entitlements, made from the `.entitlements` file; in the Info.plist the key does nothing, and some guides put it there.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<true/>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:9:2: error: com.apple.developer.storekit.external-purchase-link is an entitlement: in the Info.plist it has no effect; move it to the app's .entitlements file [EP404]
```

With `App.entitlements` beside it:

```xml fix-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.team-identifier</key>
	<string>ABCDE12345</string>
</dict>
</plist>
```

`eplint --fix --unsafe-fixes` writes the Info.plist:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

and `App.entitlements`:

```xml fixed-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.team-identifier</key>
	<string>ABCDE12345</string>
	<key>com.apple.developer.storekit.external-purchase-link</key>
	<true/>
</dict>
</plist>
```

The move is unsafe: the app is then signed with an entitlement it did not have, which Apple must have granted (EP406 checks a built app's profile).

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

## How to fix

Move the key and its value to the app's `.entitlements` file (Xcode: Signing & Capabilities).

"""#),
        (#"""
EP405
"""#, #"""
info-key-in-entitlements
"""#, #"""
error
"""#, #"""
One of the five StoreKit Info.plist keys in the entitlements file, where it has no effect.
"""#, #"""
unsafe
"""#, #"""
# EP405 info-key-in-entitlements

- **Severity:** error
- **Summary:** One of the five StoreKit Info.plist keys in the entitlements file, where it has no effect.
- **Fix:** unsafe: the key and its value move to the paired Info.plist (both files are written together). None when the entitlements file is linted without an Info.plist, when several Info.plists of the run pair with it, when the Info.plist already has the key, or when the value comes from a `$(VAR)`.

## What it checks

`SKExternalPurchase`, `SKExternalPurchaseLink`, `SKExternalPurchaseMultiLink`, `SKExternalPurchaseCustomLinkRegions` or `SKExternalPurchaseLinkStreamingRegions` at the top level of the entitlements file paired with an Info.plist. Reported at the `<key>` in the entitlements file.

## Why

> SKExternalPurchaseLink: "Use this information property list key if your app has the `com.apple.developer.storekit.external-purchase-link` entitlement."

These are information property list keys: StoreKit reads them from the Info.plist only.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleName</key>
	<string>App</string>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
App.entitlements:4:2: error: SKExternalPurchase is an Info.plist key: in an entitlements file it has no effect; move it to the Info.plist [EP405]
```

`eplint --fix --unsafe-fixes` moves the key when the entitlements file grants what it needs
(else the Info.plist would gain an EP401 finding, and nothing is moved). With this Info.plist:

```xml fix-input
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleName</key>
	<string>App</string>
</dict>
</plist>
```

and `App.entitlements`:

```xml fix-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

it writes the Info.plist:

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleName</key>
	<string>App</string>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

and `App.entitlements`:

```xml fixed-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
</dict>
</plist>
```

The move is unsafe: the Info.plist then declares regions StoreKit reads, which the entitlements file had only seemed to.

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleName</key>
	<string>App</string>
</dict>
</plist>
```

## How to fix

Move the key and its value to the Info.plist, and keep only entitlements (`com.apple.developer.…`) in the `.entitlements` file.

"""#),
        (#"""
EP406
"""#, #"""
entitlement-not-granted
"""#, #"""
error
"""#, #"""
A StoreKit entitlement signed into a built app is not granted by its embedded provisioning profile.
"""#, #"""
none
"""#, #"""
# EP406 entitlement-not-granted

- **Severity:** error
- **Summary:** A StoreKit entitlement signed into a built app is not granted by its embedded provisioning profile.
- **Fix:** none: the built app is signed; the profile or the signed entitlements change in the developer account and a new build.

## What it checks

Only for built apps (`eplint App.ipa`, `App.app`, `App.xcarchive`), whose executable's signed entitlements are paired with the Info.plist and whose `embedded.mobileprovision` (macOS: `Contents/embedded.provisionprofile`) is read without verifying its signature. Each `com.apple.developer.storekit.*` entitlement signed into the executable must be granted by the profile's `Entitlements`: the same value; for an array, a profile array holding every element signed; for a string, a profile string ending in `*` whose rest begins the signed string (how profiles write wildcards). Reported at the signed entitlement's key; the message names the profile.

## Why

> App Store Connect rejects a build whose signature claims an entitlement its provisioning profile does not grant; the StoreKit external-purchase entitlements are granted per app by Apple, so an app signed with a profile made before the grant carries them in vain.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

with the signed entitlements:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
</dict>
</plist>
```

and the embedded profile:

```xml profile
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>ExpirationDate</key>
	<date>2099-01-01T00:00:00Z</date>
	<key>Entitlements</key>
	<dict>
		<key>application-identifier</key>
		<string>TEAM123456.com.example.app</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
App.entitlements:4:2: error: com.apple.developer.storekit.external-purchase is signed into the app but the provisioning profile embedded.mobileprovision does not grant it [EP406]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

with the signed entitlements:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
</dict>
</plist>
```

and the embedded profile:

```xml passing-profile
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>ExpirationDate</key>
	<date>2099-01-01T00:00:00Z</date>
	<key>Entitlements</key>
	<dict>
		<key>com.apple.developer.storekit.external-purchase</key>
		<true/>
	</dict>
</dict>
</plist>
```

## How to fix

Regenerate the provisioning profile after Apple granted the entitlement (Certificates, Identifiers & Profiles), download it, and sign the app with it.

"""#),
        (#"""
EP407
"""#, #"""
profile-expired
"""#, #"""
warning
"""#, #"""
The provisioning profile embedded in a built app that uses external purchase has expired.
"""#, #"""
none
"""#, #"""
# EP407 profile-expired

- **Severity:** warning
- **Summary:** The provisioning profile embedded in a built app that uses external purchase has expired.
- **Fix:** none: a new profile comes from the developer account, and the app is signed again.

## What it checks

Only for built apps (`eplint App.ipa`, `App.app`, `App.xcarchive`) that use external purchase (a StoreKit key in the Info.plist or a `com.apple.developer.storekit.*` entitlement signed): the embedded profile's `ExpirationDate` against the current time (UTC; the environment variable `EPLINT_NOW`, a date such as `2026-01-01T00:00:00Z`, replaces the clock for reproducible runs). Reported at 1:1 of the profile with the key path `ExpirationDate`.

## Why

> A build signed with an expired profile cannot be installed or uploaded; it is the first thing to check when a build that linted clean is refused.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

with the signed entitlements:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
</dict>
</plist>
```

and the embedded profile:

```xml profile
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>ExpirationDate</key>
	<date>2025-06-30T12:00:00Z</date>
	<key>Entitlements</key>
	<dict>
		<key>com.apple.developer.storekit.external-purchase</key>
		<true/>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist` (on 2026-01-01):

```text output
embedded.mobileprovision:1:1: warning: the provisioning profile embedded.mobileprovision expired on 2025-06-30T12:00:00Z [EP407]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchase</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

with the signed entitlements:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-purchase</key>
	<true/>
</dict>
</plist>
```

and the embedded profile:

```xml passing-profile
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>ExpirationDate</key>
	<date>2099-01-01T00:00:00Z</date>
	<key>Entitlements</key>
	<dict>
		<key>com.apple.developer.storekit.external-purchase</key>
		<true/>
	</dict>
</dict>
</plist>
```

## How to fix

Renew the profile in Certificates, Identifiers & Profiles (or let Xcode's automatic signing do it), and sign the build again.

"""#),
        (#"""
EP408
"""#, #"""
key-unused-on-allowed-regions-route
"""#, #"""
warning
"""#, #"""
SKExternalPurchaseCustomLinkRegions in an app on the allowed-regions route, where the key does nothing.
"""#, #"""
none
"""#, #"""
# EP408 key-unused-on-allowed-regions-route

- **Severity:** warning
- **Summary:** SKExternalPurchaseCustomLinkRegions in an app on the allowed-regions route, where the key does nothing.
- **Fix:** none: removing the key is safe for this app, but eplint cannot tell whether another configuration of the same Info.plist still needs it.

## What it checks

The paired entitlements file has `com.apple.developer.storekit.custom-purchase-link.allowed-regions` and does not grant `com.apple.developer.storekit.external-purchase-link`, and the Info.plist still has `SKExternalPurchaseCustomLinkRegions`. Reported at the key's `<key>`, at the severity of an entitlement that configures nothing (EP402). EP401 does not report the key then: its advice, to add `external-purchase-link`, would add an entitlement Apple did not grant, and signing against the provisioning profile would fail.

## Why

Apple's `ExternalPurchaseCustomLink` page (https://developer.apple.com/documentation/storekit/externalpurchasecustomlink, read 2026-12-01):

> Depending on the entitlement you receive, configure the com.apple.developer.storekit.custom-purchase-link.allowed-regions entitlement for your app, or configure the com.apple.developer.storekit.external-purchase-link entitlement and the SKExternalPurchaseCustomLinkRegions property list key.

and the key's page (https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchasecustomlinkregions):

> Use this information property list key if your app has the `com.apple.developer.storekit.external-purchase-link` entitlement and uses the ExternalPurchaseCustomLink API.

The two are alternatives: on the allowed-regions route the entitlement's array names the regions, and the key is read for nothing.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalPurchaseCustomLinkRegions</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions</key>
	<array>
		<string>jp</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: warning: SKExternalPurchaseCustomLinkRegions does nothing with com.apple.developer.storekit.custom-purchase-link.allowed-regions in App.entitlements and no com.apple.developer.storekit.external-purchase-link: the entitlement's array gives the regions; remove the key (do not add an entitlement your profile does not grant) [EP408]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>com.example.app</string>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.custom-purchase-link.allowed-regions</key>
	<array>
		<string>jp</string>
	</array>
</dict>
</plist>
```

## How to fix

Remove `SKExternalPurchaseCustomLinkRegions`. Keep it only if Apple granted this app `com.apple.developer.storekit.external-purchase-link` too; then add that entitlement (it is in the provisioning profile).

"""#),
        (#"""
EP501
"""#, #"""
multilink-needs-newer-os
"""#, #"""
warning
"""#, #"""
SKExternalPurchaseMultiLink alone while the deployment target predates it.
"""#, #"""
none
"""#, #"""
# EP501 multilink-needs-newer-os

- **Severity:** warning
- **Summary:** SKExternalPurchaseMultiLink alone while the deployment target predates it.
- **Fix:** none: raising the deployment target or adding SKExternalPurchaseLink are both decisions.

## What it checks

A deployment target is known (`--deployment-target iOS=16.0`, the config's `deployment-target:`, or `MinimumOSVersion` with `CFBundleSupportedPlatforms` / `LSMinimumSystemVersion` in the Info.plist), one of them is below the version that reads `SKExternalPurchaseMultiLink` (iOS, iPadOS and tvOS 17.5, macOS 14.5, watchOS 10.5, visionOS 1.2), `SKExternalPurchaseMultiLink` is present and `SKExternalPurchaseLink` is not. Reported at the `SKExternalPurchaseMultiLink` `<key>`.

## Why

> Seeds (SKExternalPurchaseLink page as saved in 2024, when `SKExternalPurchaseMultiLink` was marked "17.5+ Beta"): "Use this information property list key if ... your app has a minimum OS version prior to iOS 17.5, macOS 14.5, watchOS 10.5, tvOS 17.5, or visionOS 1.2." — on older systems only that key is read.

The newest version of the page (developer.apple.com, © 2026, as found by eplint's maintainers on 2026-11-23) has dropped the condition; its Discussion now opens: "Use this information property list key if your app has the `com.apple.developer.storekit.external-purchase-link` entitlement." What remains is the availability Apple states for each key:

> SKExternalPurchaseMultiLink (2026 page): availability "iOS 17.5+, iPadOS 17.5+, Mac Catalyst 17.5+, macOS 14.5+, tvOS 17.5+, visionOS 1.2+, watchOS 10.5+"; SKExternalPurchaseLink (2026 page): "iOS 15.4+ … macOS 14.4+ … tvOS 17.4+ … visionOS 1.0+ … watchOS 10.4+".

So a system older than those versions does not read `SKExternalPurchaseMultiLink`, and an app supporting it needs `SKExternalPurchaseLink` there.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>MinimumOSVersion</key>
	<string>16.0</string>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:2: warning: SKExternalPurchaseMultiLink needs iOS 17.5 but the deployment target is iOS 16.0 (MinimumOSVersion); add SKExternalPurchaseLink so that older systems get a link [EP501]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>MinimumOSVersion</key>
	<string>16.0</string>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## How to fix

Also give `SKExternalPurchaseLink` (with the same link for one-link regions), or raise the deployment target.

"""#),
        (#"""
EP502
"""#, #"""
prefer-multilink
"""#, #"""
note
"""#, #"""
The deployment target reads SKExternalPurchaseMultiLink, but only SKExternalPurchaseLink is used.
"""#, #"""
none
"""#, #"""
# EP502 prefer-multilink

- **Severity:** note
- **Summary:** The deployment target reads SKExternalPurchaseMultiLink, but only SKExternalPurchaseLink is used.
- **Fix:** none: moving to SKExternalPurchaseMultiLink is a decision about the app's links.

## What it checks

Every known deployment target is at or above the version that reads `SKExternalPurchaseMultiLink`, and only `SKExternalPurchaseLink` is used. Reported at the `SKExternalPurchaseLink` `<key>`.

## Why

> Seeds (SKExternalPurchaseLink page as saved in 2024): "Otherwise, use the SKExternalPurchaseMultiLink property list key to provide multiple URLs for country codes that allow multiple links."

The newest version of the SKExternalPurchaseLink page (developer.apple.com, © 2026, as found on 2026-11-23) no longer has that sentence (its Discussion now opens: "Use this information property list key if your app has the `com.apple.developer.storekit.external-purchase-link` entitlement."); eplint's maintainers could not find a current sentence that recommends one key over the other. The current SKExternalPurchaseMultiLink page says what the newer key offers:

> SKExternalPurchaseMultiLink (2026 page): "Provide from one to five destination URLs (links to your website) for your app to choose from for each country code. Your app accesses these URLs through the eligibleURLs array in the ExternalPurchaseLink object, and uses the link you select with the open(url:) method in the ExternalPurchaseLink object."

Hence a note, not a warning: on systems that read it, `SKExternalPurchaseMultiLink` is the key that lets the app choose among links.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>MinimumOSVersion</key>
	<string>17.5</string>
	<key>SKExternalPurchaseLink</key>
	<dict>
		<key>nl</key>
		<string>https://example.com/nl</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:2: note: the deployment target (iOS 17.5) supports SKExternalPurchaseMultiLink; Apple recommends it over SKExternalPurchaseLink [EP502]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>MinimumOSVersion</key>
	<string>17.5</string>
	<key>SKExternalPurchaseMultiLink</key>
	<dict>
		<key>nl</key>
		<array>
			<string>https://example.com/nl</string>
		</array>
	</dict>
</dict>
</plist>
```

## How to fix

Move the links to `SKExternalPurchaseMultiLink`.

"""#),
        (#"""
EP503
"""#, #"""
key-needs-newer-os
"""#, #"""
note
"""#, #"""
A key, entitlement or region's tokens come with a newer OS than a deployment target: there it does nothing.
"""#, #"""
none
"""#, #"""
# EP503 key-needs-newer-os

- **Severity:** note
- **Summary:** A key, entitlement or region's tokens come with a newer OS than a deployment target: there it does nothing.
- **Fix:** none: supporting older systems is a decision; the key works on the newer ones.

## What it checks

A deployment target is known (as for EP501: `--deployment-target`, the config's `deployment-target:`, the Xcode target's build settings, or `MinimumOSVersion` with `CFBundleSupportedPlatforms` / `LSMinimumSystemVersion`), and a key or entitlement in use is first read by a newer version of that platform, as `MinimumOS` in `Rules/regions.plist` gives Apple's availability (printed by `eplint regions`):

- `SKExternalPurchaseLinkStreamingRegions`: iOS and iPadOS 18.2;
- `SKExternalPurchaseCustomLinkRegions`: iOS and iPadOS 18.1, macOS 15.1, tvOS 18.1, visionOS 2.1, watchOS 11.1;
- `SKExternalLinkAccount` (the reader-app link): iOS and iPadOS 15.4, tvOS 16.4;
- the entitlement `com.apple.developer.storekit.custom-purchase-link.allowed-regions`: 26.2 on every platform, reported in the entitlements file; its `jp` (Japan's `IN_APP` and `LINK_OUT` tokens) from iOS and iPadOS 26.4 and `br` (Brazil's) from 26.5, reported at the region.

`SKExternalPurchaseMultiLink` is EP501's and EP502's. `SKExternalPurchase` and `SKExternalPurchaseLink` (15.4, macOS 14.4, tvOS 17.4, visionOS 1.0, watchOS 10.4 in the data) are not checked: they are the first external purchase keys, and `SKExternalPurchaseLink` is what EP501 tells apps to keep for older systems. A platform Apple does not list for a key at all is EP504.

A note, not a warning: Apple rejects nothing for it, and apps target older systems on purpose (one real app targets iOS 12.4 and uses a 15.4 key): the key simply does nothing there, and the note says so. EP501 is a warning because there the older systems get no link at all.

## Why

Apple's key and entitlement pages (read 2026-12-01) state each one's availability, e.g. https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchasecustomlinkregions: "iOS 18.1+, iPadOS 18.1+, Mac Catalyst 18.1+, macOS 15.1+, tvOS 18.1+, visionOS 2.1+, watchOS 11.1+"; https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchaselinkstreamingregions: "iOS 18.2+, iPadOS 18.2+"; https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.storekit.custom-purchase-link.allowed-regions: 26.2 on iOS, iPadOS, macOS, tvOS, visionOS and watchOS. For the regions' tokens, https://developer.apple.com/documentation/storekit/externalpurchasecustomlink/token(for:):

> The `IN_APP` and `LINK_OUT` token types for Japan are available starting in iOS 26.4.

and https://developer.apple.com/documentation/storekit/externalpurchase gives Brazil iOS 26.5.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>MinimumOSVersion</key>
	<string>17.0</string>
	<key>SKExternalPurchaseCustomLinkRegions</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:6:2: note: SKExternalPurchaseCustomLinkRegions is read from iOS 18.1; the deployment target is iOS 17.0 (MinimumOSVersion), where it does nothing [EP503]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>MinimumOSVersion</key>
	<string>18.1</string>
	<key>SKExternalPurchaseCustomLinkRegions</key>
	<array>
		<string>nl</string>
	</array>
</dict>
</plist>
```

## How to fix

Nothing is wrong on the newer systems. Raise the deployment target if the older ones should have the feature too, or disable EP503 for the target.

"""#),
        (#"""
EP504
"""#, #"""
key-not-on-platform
"""#, #"""
warning
"""#, #"""
A key or entitlement on a platform Apple's availability does not list for it: there it never does anything.
"""#, #"""
none
"""#, #"""
# EP504 key-not-on-platform

- **Severity:** warning
- **Summary:** A key or entitlement on a platform Apple's availability does not list for it: there it never does anything.
- **Fix:** none: removing the key from this target or keeping it for another platform of a shared Info.plist is a decision.

## What it checks

A deployment target is known (as for EP501), and a key or entitlement in use is not available on its platform at all, as `MinimumOS` in `Rules/regions.plist` gives Apple's availability: today `SKExternalPurchaseLinkStreamingRegions`, which Apple lists for iOS and iPadOS only (a tvOS, macOS, watchOS or visionOS target gets this warning). The allowed regions' own entries (`jp`, `br`: their tokens' iOS versions) are not checked here: Apple states an iOS version for them, not which platforms they exclude.

A warning, not a note: unlike an older version of a platform that reads the key (EP503), no version of this platform ever will, so the key is configuration that does nothing for this target, as an unused entitlement (EP402) is. Apple rejects nothing for it.

## Why

Apple's `SKExternalPurchaseLinkStreamingRegions` page (https://developer.apple.com/documentation/bundleresources/information-property-list/skexternalpurchaselinkstreamingregions, read 2026-12-01) gives its availability as "iOS 18.2+, iPadOS 18.2+" and no other platform, where the other keys' pages list macOS, tvOS, visionOS and watchOS too.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleSupportedPlatforms</key>
	<array>
		<string>AppleTVOS</string>
	</array>
	<key>MinimumOSVersion</key>
	<string>18.2</string>
	<key>SKExternalPurchaseLinkStreamingRegions</key>
	<array>
		<string>no</string>
	</array>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:10:2: warning: SKExternalPurchaseLinkStreamingRegions is read on iOS, iPadOS only; the target is deployed to tvOS 18.2 (MinimumOSVersion), where it does nothing [EP504]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleSupportedPlatforms</key>
	<array>
		<string>iPhoneOS</string>
	</array>
	<key>MinimumOSVersion</key>
	<string>18.2</string>
	<key>SKExternalPurchaseLinkStreamingRegions</key>
	<array>
		<string>no</string>
	</array>
</dict>
</plist>
```

## How to fix

Remove the key from the target's Info.plist for that platform (a per-platform Info.plist, or `INFOPLIST_FILE[sdk=appletvos*]`).

"""#),
        (#"""
EP601
"""#, #"""
token-not-base64url
"""#, #"""
error
"""#, #"""
An external purchase token is not Base64URL.
"""#, #"""
none
"""#, #"""
# EP601 token-not-base64url

- **Severity:** error
- **Summary:** An external purchase token is not Base64URL.

## What it checks

Each token is decoded with the Base64URL alphabet (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `_`), with or without `=` padding. A character outside it (standard Base64’s `+` and `/` included), misplaced padding or a length that cannot hold whole bytes is reported at the first offending character.

## Why

> The token your app or website’s server receives is a string that is Base64URL-encoded JSON.

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjox+jM0NTY3ODkwfQ
```

eplint reports:

```text output
<stdin>:1:21: error: token is not Base64URL: '+' (standard Base64; Base64URL uses '-' and '_') is not a Base64URL character [EP601]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

## How to fix

Pass the token exactly as the system delivered it; if it went through standard Base64, map `+` to `-` and `/` to `_`.

"""#),
        (#"""
EP602
"""#, #"""
token-not-json
"""#, #"""
error
"""#, #"""
A decoded external purchase token is not a JSON object.
"""#, #"""
none
"""#, #"""
# EP602 token-not-json

- **Severity:** error
- **Summary:** A decoded external purchase token is not a JSON object.

## What it checks

The decoded bytes must be one JSON object (RFC 8259, UTF-8, no key twice).

## Why

> The token your app or website’s server receives is a string that is Base64URL-encoded JSON.

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLA
```

eplint reports:

```text output
<stdin>:1:1: error: decoded token is not JSON: unexpected end of input: unterminated object (decoded line 1, column 26) [EP602]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

## How to fix

The token is damaged or not an external purchase token: check where it was cut or re-encoded.

"""#),
        (#"""
EP603
"""#, #"""
token-missing-field
"""#, #"""
error
"""#, #"""
An external purchase token lacks a documented field.
"""#, #"""
none
"""#, #"""
# EP603 token-missing-field

- **Severity:** error
- **Summary:** An external purchase token lacks a documented field.

## What it checks

A token has `appAppleId`, `bundleId`, `tokenCreationDate` and `externalPurchaseId`. A custom-link token has both `tokenType` and `tokenExpirationDate`: one without the other is reported, except a `tokenType` Apple's pages do not say expires (`IN_APP`, `LINK_OUT`: Japan's and Brazil's; `TokenTypes` in `Rules/regions.plist`) without `tokenExpirationDate`, which EP611 notes instead. The finding is placed on the token; the message names the field. The same holds for a notification's `externalPurchaseToken` (decoded, or inside a `signedPayload`), reported at its members (at the `externalPurchaseToken` object for a missing field; at the `signedPayload` when signed).

## Why

> The `appAppleId` and `bundleId`, which uniquely identify the app to which the token applies; the `tokenCreationDate` …; the `externalPurchaseId` … For custom link out, the token … has two additional fields: A `tokenType` … A `tokenExpirationDate`.

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDB9
```

eplint reports:

```text output
<stdin>:1:1: error: token has no 'externalPurchaseId' (a non-empty string) [EP603]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IlNFUlZJQ0VTIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwODc2MTYwMDAwMH0
```

## How to fix

Test with tokens the system issued; a fixture built by hand needs every field.

"""#),
        (#"""
EP604
"""#, #"""
token-wrong-type
"""#, #"""
error
"""#, #"""
A field of an external purchase token has the wrong JSON type.
"""#, #"""
none
"""#, #"""
# EP604 token-wrong-type

- **Severity:** error
- **Summary:** A field of an external purchase token has the wrong JSON type.

## What it checks

`appAppleId` is an integer; `bundleId` and `externalPurchaseId` non-empty strings; `tokenCreationDate` and `tokenExpirationDate` integers (UNIX milliseconds; a fraction, an exponent or more than 64 bits is not one); `tokenType` a string. The same holds for a notification's `externalPurchaseToken` (decoded, or inside a `signedPayload`), reported at its members (at the `externalPurchaseToken` object for a missing field; at the `signedPayload` when signed).

## Why

> The `tokenCreationDate`, which is the UNIX time, in milliseconds, when the system created the token

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoiMTIzNDU2Nzg5MCIsImJ1bmRsZUlkIjoiY29tLmV4YW1wbGUiLCJ0b2tlbkNyZWF0aW9uRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZXh0ZXJuYWxQdXJjaGFzZUlkIjoiMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIn0
```

eplint reports:

```text output
<stdin>:1:1: error: 'appAppleId' must be an integer, not a string [EP604]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

## How to fix

Write numbers as JSON numbers, not strings.

"""#),
        (#"""
EP605
"""#, #"""
token-unknown-type
"""#, #"""
error
"""#, #"""
A token has a tokenType other than Apple's (ACQUISITION, SERVICES, IN_APP, LINK_OUT).
"""#, #"""
none
"""#, #"""
# EP605 token-unknown-type

- **Severity:** error
- **Summary:** A token has a tokenType other than Apple's (ACQUISITION, SERVICES, IN_APP, LINK_OUT).

## What it checks

`tokenType` is one of the token types in `Rules/regions.plist` (`TokenTypes`, printed by `eplint regions`): `ACQUISITION` or `SERVICES` (the EU's custom-link tokens), `IN_APP` or `LINK_OUT` (Japan's from iOS 26.4, Brazil's from iOS 26.5), in capitals.

## Why

> A `tokenType`, which has a value of `ACQUISITION` or `SERVICES`

That was seed 000 (2024). Apple's `token(for:)` page now (https://developer.apple.com/documentation/storekit/externalpurchasecustomlink/token(for:), read 2026-12-01):

> A string that indicates the token type. Valid string values are: `ACQUISITION`, `SERVICES`, `IN_APP`, `LINK_OUT`.

and Apple's `ExternalPurchase` page (https://developer.apple.com/documentation/storekit/externalpurchase): "Starting in iOS 26.4, call the token(for:) function … using the token types `IN_APP` or `LINK_OUT` … report the external purchase tokens … using the External Purchase Server API" (Brazil: iOS 26.5).

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6InNlcnZpY2VzIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwODc2MTYwMDAwMH0
```

eplint reports:

```text output
<stdin>:1:1: error: unknown tokenType 'services'; token types are ACQUISITION, IN_APP, LINK_OUT, SERVICES [EP605]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IkxJTktfT1VUIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwODc2MTYwMDAwMH0
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IlNFUlZJQ0VTIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwODc2MTYwMDAwMH0
```

## How to fix

Use one of Apple's token types, in capitals.

"""#),
        (#"""
EP606
"""#, #"""
token-date-not-milliseconds
"""#, #"""
error
"""#, #"""
A token date is not UNIX time in milliseconds.
"""#, #"""
none
"""#, #"""
# EP606 token-date-not-milliseconds

- **Severity:** error
- **Summary:** A token date is not UNIX time in milliseconds.

## What it checks

`tokenCreationDate` and `tokenExpirationDate` below 10^11 (March 1973 in milliseconds) are taken for seconds, from 10^14 on (the year 5138) for microseconds, and negative ones are before 1970. A notification's `externalPurchaseToken` (an `EXTERNAL_PURCHASE_TOKEN` notification, decoded or in a `signedPayload`) is checked as the token it is, at its members.

## Why

> The `tokenCreationDate`, which is the UNIX time, in milliseconds, when the system created the token

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

eplint reports:

```text output
<stdin>:1:1: error: tokenCreationDate 1706169600 looks like seconds, not milliseconds (2024-01-25T08:00:00Z if read as seconds) [EP606]
```

A second failing example: the token of an `EXTERNAL_PURCHASE_TOKEN` notification, in this `notification.json`:

```json notification failing 2
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1698148900000,
  "externalPurchaseToken": {
    "externalPurchaseId": "b2158121-7af9-49d4-9561-1f588205523e",
    "tokenCreationDate": 1698148950,
    "appAppleId": 55555,
    "bundleId": "com.example"
  }
}
```

eplint reports:

```text output 2
notification.json:9:26: error: tokenCreationDate 1698148950 looks like seconds, not milliseconds (2023-10-24T12:02:30Z if read as seconds) [EP606]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

A second passing example: Apple's own test notification (App Store Server Library, `signedExternalPurchaseTokenNotification.json`).

```json notification passing 2
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1698148900000,
  "externalPurchaseToken": {
    "externalPurchaseId": "b2158121-7af9-49d4-9561-1f588205523e",
    "tokenCreationDate": 1698148950000,
    "appAppleId": 55555,
    "bundleId": "com.example"
  }
}
```

## How to fix

Multiply seconds by 1000.

"""#),
        (#"""
EP607
"""#, #"""
token-expires-before-creation
"""#, #"""
error
"""#, #"""
A custom-link token expires before (or when) it was created.
"""#, #"""
none
"""#, #"""
# EP607 token-expires-before-creation

- **Severity:** error
- **Summary:** A custom-link token expires before (or when) it was created.

## What it checks

`tokenExpirationDate` must be after `tokenCreationDate`.

## Why

> A `tokenExpirationDate`, which is the UNIX time, in milliseconds, when the token expires, after which you no longer associate the token with new transactions

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IkFDUVVJU0lUSU9OIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwNjE2OTYwMDAwMH0
```

eplint reports:

```text output
<stdin>:1:1: error: tokenExpirationDate 1706169600000 is not after tokenCreationDate 1706169600000 [EP607]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IlNFUlZJQ0VTIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwODc2MTYwMDAwMH0
```

## How to fix

Check how the fixture’s dates were computed; a real token expires after its creation.

"""#),
        (#"""
EP608
"""#, #"""
token-bundle-mismatch
"""#, #"""
error
"""#, #"""
A token or notification belongs to another app than --bundle-id names.
"""#, #"""
none
"""#, #"""
# EP608 token-bundle-mismatch

- **Severity:** error
- **Summary:** A token or notification belongs to another app than --bundle-id names.

## What it checks

With `--bundle-id ID` (or `bundle-id:` in `.eplint.yml`), a token whose `bundleId` differs is reported; `eplint notification` takes the option too, for the `bundleId` of a notification's `data`, `summary` or `appData` and for its `externalPurchaseToken`. Apple's App Store Server Library rejects a notification whose `bundleId` is not the verifier's (`INVALID_APP_IDENTIFIER`), in every environment.

## Why

> The `appAppleId` and `bundleId`, which uniquely identify the app to which the token applies

## Failing example

With these options (`--NAME VALUE`):

```text options
bundle-id: com.example
```

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlLm90aGVyIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

eplint reports:

```text output
<stdin>:1:1: error: token is for bundle ID 'com.example.other', not this app's 'com.example' [EP608]
```

A second failing example: a notification for another app, in this `notification.json`:

```text options 2
bundle-id: com.example
```

```json notification failing 2
{
  "notificationType": "TEST",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1698148900000,
  "data": {
    "environment": "Sandbox",
    "bundleId": "com.example.wrong"
  }
}
```

eplint reports:

```text output 2
notification.json:8:17: error: notification is for bundle ID 'com.example.wrong', not this app's 'com.example' [EP608]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

## How to fix

Report the token for the app it belongs to, or fix the fixture.

"""#),
        (#"""
EP609
"""#, #"""
token-environment-mismatch
"""#, #"""
error
"""#, #"""
A sandbox token where production is expected, or the reverse.
"""#, #"""
none
"""#, #"""
# EP609 token-environment-mismatch

- **Severity:** error
- **Summary:** A sandbox token where production is expected, or the reverse.

## What it checks

With `--environment production|sandbox` (or `environment:` in `.eplint.yml`): a sandbox token’s `externalPurchaseId` begins with `SANDBOX`, a production token’s does not. `eplint notification` takes the option too and checks each `externalPurchaseToken` so.

## Why

> You can recognize a token for the sandbox environment by its `externalPurchaseId` property, which always begins with “`SANDBOX`”.

## Failing example

With these options (`--NAME VALUE`):

```text options
environment: production
```

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IlNBTkRCT1hfMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIn0
```

eplint reports:

```text output
<stdin>:1:1: error: a sandbox token (externalPurchaseId begins with SANDBOX), but the production environment is expected [EP609]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

## How to fix

Send sandbox tokens to the sandbox server, production tokens to production.

"""#),
        (#"""
EP610
"""#, #"""
token-app-apple-id-mismatch
"""#, #"""
error
"""#, #"""
A production token or notification belongs to another app than --app-apple-id names.
"""#, #"""
none
"""#, #"""
# EP610 token-app-apple-id-mismatch

- **Severity:** error
- **Summary:** A production token or notification belongs to another app than --app-apple-id names.

## What it checks

With `--app-apple-id ID` (or `app-apple-id:` in `.eplint.yml`), a token whose `appAppleId` differs is reported; `eplint notification` takes the option too, for a notification's `data` or `summary` `appAppleId` (missing there is reported too; a token without one is EP603's) and its `externalPurchaseToken`. Only in production: a token whose `externalPurchaseId` begins with `SANDBOX`, a notification whose `environment` is `Sandbox`, and any run with `--environment sandbox` are not checked, because Apple's own verifier compares `appAppleId` in production only and sandbox payloads carry test values. The sibling of EP608, which compares `bundleId`.

## Why

> The `appAppleId` and `bundleId`, which uniquely identify the app to which the token applies

Apple's App Store Server Library (`SignedDataVerifier`) rejects a notification with `INVALID_APP_IDENTIFIER` when, in production, the `appAppleId` of its `data` or `summary` (or of its `externalPurchaseToken`) is not the one the verifier was created with; in the sandbox it compares `bundleId` only. A production notification without an `appAppleId` is rejected the same way.

## Failing example

With these options (`--NAME VALUE`):

```text options
app-apple-id: 987654321
```

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

eplint reports:

```text output
<stdin>:1:1: error: token is for the app with Apple ID 1234567890, not this app's 987654321 [EP610]
```

A second failing example: a production notification for another app, in this `notification.json`:

```text options 2
app-apple-id: 987654321
```

```json notification failing 2
{
  "notificationType": "CONSUMPTION_REQUEST",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1698148900000,
  "data": {
    "environment": "Production",
    "appAppleId": 41234,
    "bundleId": "com.example",
    "bundleVersion": "1.2.3"
  }
}
```

eplint reports:

```text output 2
notification.json:8:19: error: notification is for the app with Apple ID 41234, not this app's 987654321 [EP610]
```

## Passing example

The same app's token from the sandbox, which carries a test `appAppleId`:

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IlNBTkRCT1hfMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIn0
```

## How to fix

Report the token for the app it belongs to, or give the app's Apple ID (App Store Connect, App Information, Apple ID).

"""#),
        (#"""
EP611
"""#, #"""
token-expiration-undocumented
"""#, #"""
note
"""#, #"""
A Japanese or Brazilian token (IN_APP, LINK_OUT) has no tokenExpirationDate; Apple does not say whether it should.
"""#, #"""
none
"""#, #"""
# EP611 token-expiration-undocumented

- **Severity:** note
- **Summary:** A Japanese or Brazilian token (IN_APP, LINK_OUT) has no tokenExpirationDate; Apple does not say whether it should.

## What it checks

A token whose `tokenType` is one Apple's pages list without saying whether such tokens expire (in `Rules/regions.plist`, `TokenTypes` entries without `Expires`: today `IN_APP` and `LINK_OUT`, Japan's and Brazil's) has no `tokenExpirationDate`. EP603 requires the pair only for the types Apple says expire (`ACQUISITION`, `SERVICES`); for the others this note says what is unknown instead of failing the token.

## Why

Apple's `token(for:)` page (https://developer.apple.com/documentation/storekit/externalpurchasecustomlink/token(for:), read 2026-12-01):

> A string that indicates the token type. Valid string values are: `ACQUISITION`, `SERVICES`, `IN_APP`, `LINK_OUT`.

> For external purchases in Japan, request the `IN_APP` or `LINK_OUT` token types. … The `IN_APP` and `LINK_OUT` token types for Japan are available starting in iOS 26.4.

Apple's `ExternalPurchase` page (https://developer.apple.com/documentation/storekit/externalpurchase) gives Brazil the same token types from iOS 26.5. The token's field list (https://developer.apple.com/documentation/appstoreservernotifications/externalpurchasetoken) still says only "The custom link token type, either SERVICES or ACQUISITION", and "Reporting unrecognized and transactionless tokens" (https://developer.apple.com/documentation/externalpurchaseserverapi/reportwithouttransactions) speaks of expiry only "soon after `ACQUISITION` and `SERVICES` tokens expire". Nothing Apple states says whether an `IN_APP` or `LINK_OUT` token carries `tokenExpirationDate`, so eplint does not fail one without it.

## Failing example

For these tokens, one per line on standard input:

```text token failing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IklOX0FQUCJ9
```

eplint reports:

```text output
<stdin>:1:1: note: IN_APP token (jp, br) has no 'tokenExpirationDate'; Apple's pages do not say whether IN_APP tokens carry one, so it is not required [EP611]
```

## Passing example

```text token passing
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IklOX0FQUCIsInRva2VuRXhwaXJhdGlvbkRhdGUiOjE3MDg3NjE2MDAwMDB9
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IkxJTktfT1VUIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwODc2MTYwMDAwMH0
eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuVHlwZSI6IkFDUVVJU0lUSU9OIiwidG9rZW5FeHBpcmF0aW9uRGF0ZSI6MTcwODc2MTYwMDAwMH0
```

## How to fix

Nothing to fix while Apple says nothing more: the note says what eplint could not check. Turn it off with `disable: [EP611]` in `.eplint.yml` if your server handles these tokens already.

"""#),
        (#"""
EP701
"""#, #"""
invalid-json
"""#, #"""
error
"""#, #"""
A report or notification file is not valid JSON.
"""#, #"""
none
"""#, #"""
# EP701 invalid-json

- **Severity:** error
- **Summary:** A report or notification file is not valid JSON.

## What it checks

The file must be one JSON text by RFC 8259: UTF-8 (invalid byte sequences are reported where they are), no comments, no trailing commas, no leading zeros, strings closed, at most 256 levels of nesting. The position is where reading stopped.

## Why

The Send External Purchase Report endpoint takes a JSON body; one Apple cannot parse is rejected as a whole, and the token stays unreported. Positions make the fix quick.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM",
}
```

eplint reports:

```text output
report.json:5:1: error: not valid JSON: unexpected '}': expected a string key [EP701]
```

## Passing example

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

Fix the syntax at the position given.

"""#),
        (#"""
EP702
"""#, #"""
duplicate-json-key
"""#, #"""
error
"""#, #"""
An object has the same key twice.
"""#, #"""
none
"""#, #"""
# EP702 duplicate-json-key

- **Severity:** error
- **Summary:** An object has the same key twice.

## What it checks

RFC 8259 leaves open which value of a repeated key counts; the second occurrence is reported, with the first as a related location.

## Why

> The names within an object SHOULD be unique. (RFC 8259 §4)

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM",
  "status": "UNRECOGNIZED_TOKEN"
}
```

eplint reports:

```text output
report.json:5:3: error: key 'status' appears twice in one object; readers disagree on which value counts [EP702]
report.json:4:3: note: first 'status' here
```

## Passing example

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

Keep one of the two.

"""#),
        (#"""
EP703
"""#, #"""
missing-field
"""#, #"""
error
"""#, #"""
A report body or notification payload lacks a required field.
"""#, #"""
none
"""#, #"""
# EP703 missing-field

- **Severity:** error
- **Summary:** A report body or notification payload lacks a required field.

## What it checks

A report body has `requestIdentifier`, `externalPurchaseId` and `status`. A notification payload has `notificationType`, `version`, `signedDate` and `notificationUUID`. An empty array of bodies is reported too.

Apple's App Store Server Library signs test notifications without `version` (`mock_signed_data/testNotification`, also without `signedDate` in `missingX5CHeaderClaim` and `wrongBundleId`). EP703 stands for them: Apple's documentation of `responseBodyV2DecodedPayload` lists `version` and `signedDate` in every payload, the library's own decoded models all carry both, and a server that keys on `version` (to tell V2 from V1) or on `signedDate` (to drop stale notifications) cannot handle a payload without them. Those mocks exercise the library's signature checks, not the payload's shape; a fixture built from them should add the two fields.

## Why

> Supply a requestIdentifier, to uniquely identify the report. Provide the externalPurchaseId of the token you’re reporting. Then, specify the type of report in the status field

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "status": "NO_LINE_ITEM"
}
```

eplint reports:

```text output
report.json:1:1: error: report has no 'externalPurchaseId' (a non-empty string) [EP703]
```

## Passing example

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

Add the field.

"""#),
        (#"""
EP704
"""#, #"""
wrong-type
"""#, #"""
error
"""#, #"""
A report or notification field has the wrong JSON type.
"""#, #"""
none
"""#, #"""
# EP704 wrong-type

- **Severity:** error
- **Summary:** A report or notification field has the wrong JSON type.

## What it checks

Report: `requestIdentifier` and `status` strings, `externalPurchaseId` a non-empty string, `lineItems` an array. Notification: `notificationType` a non-empty string, `subtype`, `version` and `notificationUUID` strings, `signedDate` an integer, `data`, `appData`, `summary` and `externalPurchaseToken` objects. A file holds an object or an array of objects. Each entry of `lineItems` is an object whose fields have the type of their page: strings (`lineItemId` and `referenceLineItemId` not empty), `int64` integers (the amounts, `quantity`, the dates in milliseconds), `subscriptionDaysOfPaidService` a 32-bit integer, `restatement` and `erroneouslySubmitted` `true` or `false`, `exchangeRate` a number (a string of digits is let through: Apple gives it a maximum length and a text pattern too). Amounts are integer milli-units, never strings or fractions.

## Why

> The `ExternalPurchaseReport` request body … `requestIdentifier` … `externalPurchaseId` … `status`

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "",
  "status": "NO_LINE_ITEM"
}
```

eplint reports:

```text output
report.json:3:25: error: 'externalPurchaseId' must be a non-empty string, not an empty string [EP704]
```

A second failing example: a line item with an amount written as a string and a fractional quantity, in this `report.json`:

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": "10000",
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 1.5
    }
  ]
}
```

eplint reports:

```text output 2
report.json:12:29: error: 'amountTaxInclusive' must be an integer, not a string (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP704]
report.json:19:19: error: 'quantity' must be an integer, not a non-integer number (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP704]
```

## Passing example

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

Give the value the documented type.

"""#),
        (#"""
EP705
"""#, #"""
not-a-uuid
"""#, #"""
error
"""#, #"""
A requestIdentifier, notificationUUID or token externalPurchaseId is not a UUID.
"""#, #"""
none
"""#, #"""
# EP705 not-a-uuid

- **Severity:** error
- **Summary:** A requestIdentifier, notificationUUID or token externalPurchaseId is not a UUID.

## What it checks

Eight, four, four, four and twelve hexadecimal digits separated by hyphens (either case), in a report's `requestIdentifier`, a notification's `notificationUUID` and a token's `externalPurchaseId` (a token given to `eplint token`, or a notification's `externalPurchaseToken`); the last may begin with `SANDBOX_`, as sandbox tokens do. A report's `externalPurchaseId` is not checked (Apple's examples write a placeholder there).

## Why

> Supply a requestIdentifier, to uniquely identify the report. (Every example is a UUID: `87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad`.) Tokens: `"externalPurchaseId":"00000000-0000-0000-0000-000000000000"`; in the sandbox `"SANDBOX_00000000-0000-0000-0000-000000000000"`.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "report-1",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

eplint reports:

```text output
report.json:2:24: error: requestIdentifier 'report-1' is not a UUID (8-4-4-4-12 hexadecimal digits) [EP705]
```

A second failing example: the token of an `EXTERNAL_PURCHASE_TOKEN` notification, in this `notification.json`:

```json notification failing 2
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1698148900000,
  "externalPurchaseToken": {
    "externalPurchaseId": "b2158121",
    "tokenCreationDate": 1698148950000,
    "appAppleId": 55555,
    "bundleId": "com.example"
  }
}
```

eplint reports:

```text output 2
notification.json:8:27: error: externalPurchaseId 'b2158121' is not a UUID (8-4-4-4-12 hexadecimal digits), optionally prefixed with SANDBOX_ [EP705]
```

## Passing example

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

A second passing example: Apple's own sandbox test notification (App Store Server Library, `signedExternalPurchaseTokenSandboxNotification.json`).

```json notification passing 2
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1698148900000,
  "externalPurchaseToken": {
    "externalPurchaseId": "SANDBOX_b2158121-7af9-49d4-9561-1f588205523e",
    "tokenCreationDate": 1698148950000,
    "appAppleId": 55555,
    "bundleId": "com.example"
  }
}
```

## How to fix

Generate a UUID for each report.

"""#),
        (#"""
EP706
"""#, #"""
unknown-report-status
"""#, #"""
error
"""#, #"""
A report status Apple does not define.
"""#, #"""
none
"""#, #"""
# EP706 unknown-report-status

- **Severity:** error
- **Summary:** A report status Apple does not define.

## What it checks

`status` is `LINE_ITEM` (transactions in `lineItems`), `NO_LINE_ITEM`, `UNRECOGNIZED_TOKEN` or `DUPLICATE_TOKEN`.

## Why

> Then, specify the type of report in the status field: Use NO_LINE_ITEM when the external purchase token doesn’t have any associated transactions. Use UNRECOGNIZED_TOKEN … Use DUPLICATE_TOKEN …

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEMS"
}
```

eplint reports:

```text output
report.json:4:13: error: unknown status 'NO_LINE_ITEMS'; use LINE_ITEM, NO_LINE_ITEM, UNRECOGNIZED_TOKEN, DUPLICATE_TOKEN [EP706]
```

## Passing example

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

Use one of the documented statuses.

"""#),
        (#"""
EP707
"""#, #"""
line-items-status-mismatch
"""#, #"""
error
"""#, #"""
lineItems with a status for a token without transactions, or LINE_ITEM without them.
"""#, #"""
none
"""#, #"""
# EP707 line-items-status-mismatch

- **Severity:** error
- **Summary:** lineItems with a status for a token without transactions, or LINE_ITEM without them.

## What it checks

With `NO_LINE_ITEM`, `UNRECOGNIZED_TOKEN` or `DUPLICATE_TOKEN` the body has no `lineItems` field at all (an empty array or `null` is still a field). With `LINE_ITEM` it has a non-empty `lineItems` array.

## Why

> Don’t provide a lineItems field in the request body when using the above status values.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM",
  "lineItems": []
}
```

eplint reports:

```text output
report.json:5:16: error: a NO_LINE_ITEM report must not have a 'lineItems' field [EP707]
```

## Passing example

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

Drop `lineItems`, or report the transactions with `LINE_ITEM`.

"""#),
        (#"""
EP708
"""#, #"""
duplicate-token-status-misused
"""#, #"""
error
"""#, #"""
DUPLICATE_TOKEN for a token that is not a SERVICES or ACQUISITION token.
"""#, #"""
none
"""#, #"""
# EP708 duplicate-token-status-misused

- **Severity:** error
- **Summary:** DUPLICATE_TOKEN for a token that is not a SERVICES or ACQUISITION token.

## What it checks

Checked when the token is given with `--token` (repeatable): the report is matched to the token with its `externalPurchaseId`, or to the only token given. A token without `tokenType` (not a custom-link token) cannot be a duplicate.

## Why

> Use DUPLICATE_TOKEN when your system recognizes the token, but is using another token that’s active in the same period to report transactions. This status applies to SERVICES and ACQUISITION tokens only.

## Failing example

With these options (`--NAME VALUE`):

```text options
token: eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

For this `report.json`:

```json report failing
{
  "requestIdentifier": "e1db8b5e-cbd2-4fe6-ae2b-d92ba5b12c41",
  "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
  "status": "DUPLICATE_TOKEN"
}
```

eplint reports:

```text output
report.json:4:13: error: DUPLICATE_TOKEN applies to SERVICES and ACQUISITION tokens only; token '00000000-0000-0000-0000-000000000000' has no tokenType [EP708]
```

## Passing example

```json report passing
{
  "requestIdentifier": "e1db8b5e-cbd2-4fe6-ae2b-d92ba5b12c41",
  "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

Report the token with `NO_LINE_ITEM` (or with its transactions).

"""#),
        (#"""
EP709
"""#, #"""
duplicate-request-identifier
"""#, #"""
error
"""#, #"""
Two report bodies in one run share a requestIdentifier.
"""#, #"""
none
"""#, #"""
# EP709 duplicate-request-identifier

- **Severity:** error
- **Summary:** Two report bodies in one run share a requestIdentifier.

## What it checks

Across every body of every file of the run (UUIDs compared without regard to case); the first use is a related location. With a history (`--history`, `report-history:`; docs/report-history.md), the check looks into it too: a `requestIdentifier` that a report Apple accepted already used is reported, with that report as related location. What Apple does with two reports sent at once (`SimultaneousSubmissionError`, 26) is out of reach: it happens at send time.

## Why

> Supply a requestIdentifier, to uniquely identify the report.

Apple's `DuplicateValueError` (1) names `requestIdentifier`: "The field's value is already submitted and a duplicate value is not expected." The `requestIdentifier` page: "Use a new `requestIdentifier` for each new report, including for reports that correct line items you previously submitted successfully."

## Failing example

For this `report.json`:

```json report failing
[
  {
    "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
    "externalPurchaseId": "<externalPurchaseId from notification>",
    "status": "NO_LINE_ITEM"
  },
  {
    "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
    "externalPurchaseId": "<another externalPurchaseId>",
    "status": "UNRECOGNIZED_TOKEN"
  }
]
```

eplint reports:

```text output
report.json:8:26: error: requestIdentifier '87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad' is already used by another report [EP709]
report.json:3:26: note: first used here
```

With a history: the refund of Apple's example sent under the buy's `requestIdentifier`.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output 2
report.json:2:24: error: requestIdentifier '1cdc286e-7389-417c-b58f-7a7d196e5bbe' is already used by a report Apple accepted; a new report, corrections too, takes a new one [EP709]
history.jsonl:1:1: note: the accepted report
```

## Passing example

```json report passing
[
  {
    "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
    "externalPurchaseId": "<externalPurchaseId from notification>",
    "status": "NO_LINE_ITEM"
  },
  {
    "requestIdentifier": "94d0d7fb-c393-4813-92eb-9614e7540f6d",
    "externalPurchaseId": "<another externalPurchaseId>",
    "status": "UNRECOGNIZED_TOKEN"
  }
]
```

With this `history.jsonl` (`--history history.jsonl`):

```json history passing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report passing 2
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

## How to fix

Generate a new UUID for each report.

"""#),
        (#"""
EP710
"""#, #"""
payload-field-count
"""#, #"""
error
"""#, #"""
A notification payload does not have exactly one of data, appData, summary, externalPurchaseToken.
"""#, #"""
none
"""#, #"""
# EP710 payload-field-count

- **Severity:** error
- **Summary:** A notification payload does not have exactly one of data, appData, summary, externalPurchaseToken.

## What it checks

None of the four, or more than one (each one after the first is reported).

## Why

> The data, appData, summary, and externalPurchaseToken fields are mutually exclusive. The payload contains only one of these fields.

## Failing example

For this `notification.json`:

```json notification failing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  },
  "data": {
    "bundleId": "com.example"
  }
}
```

eplint reports:

```text output
notification.json:13:11: error: 'data' and 'externalPurchaseToken' are mutually exclusive; a notification has exactly one of data, appData, summary, externalPurchaseToken [EP710]
notification.json:13:11: error: 'data' does not go with notificationType EXTERNAL_PURCHASE_TOKEN/UNREPORTED; expected 'externalPurchaseToken' [EP711]
```

## Passing example

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Keep the one field that goes with the notification type.

"""#),
        (#"""
EP711
"""#, #"""
payload-field-mismatch
"""#, #"""
error
"""#, #"""
The payload field does not go with the notification type.
"""#, #"""
none
"""#, #"""
# EP711 payload-field-mismatch

- **Severity:** error
- **Summary:** The payload field does not go with the notification type.

## What it checks

`externalPurchaseToken` only with `EXTERNAL_PURCHASE_TOKEN`, `appData` only with `RESCIND_CONSENT`, `summary` only with `RENEWAL_EXTENSION` and subtype `SUMMARY`; every other type carries `data`.

## Why

> externalPurchaseToken: This field appears when the notificationType is EXTERNAL_PURCHASE_TOKEN. appData: … This field appears when the notificationType is RESCIND_CONSENT. A summary object, which contains information only when the notification is a RENEWAL_EXTENSION with a SUMMARY subtype.

## Failing example

For this `notification.json`:

```json notification failing
{
  "notificationType": "RESCIND_CONSENT",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

eplint reports:

```text output
notification.json:6:28: error: 'externalPurchaseToken' does not go with notificationType RESCIND_CONSENT; expected 'appData' [EP711]
```

## Passing example

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Fix the notification type or move the content to the field that goes with it.

"""#),
        (#"""
EP712
"""#, #"""
unsupported-notification-version
"""#, #"""
error
"""#, #"""
A notification version other than "2.0".
"""#, #"""
none
"""#, #"""
# EP712 unsupported-notification-version

- **Severity:** error
- **Summary:** A notification version other than "2.0".

## What it checks

`version` is the string `"2.0"`.

## Why

> version: The App Store Server Notification version number, "2.0".

## Failing example

For this `notification.json`:

```json notification failing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

eplint reports:

```text output
notification.json:5:14: error: version '2' is not "2.0", the version of App Store Server Notifications V2 [EP712]
```

## Passing example

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Use `"2.0"`.

"""#),
        (#"""
EP713
"""#, #"""
date-not-milliseconds
"""#, #"""
error
"""#, #"""
signedDate is not UNIX time in milliseconds.
"""#, #"""
none
"""#, #"""
# EP713 date-not-milliseconds

- **Severity:** error
- **Summary:** signedDate is not UNIX time in milliseconds.

## What it checks

Below 10^11 it is taken for seconds, from 10^14 on for microseconds; negative is before 1970.

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

## Failing example

For this `notification.json`:

```json notification failing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

eplint reports:

```text output
notification.json:6:17: error: signedDate 1706169600 looks like seconds, not milliseconds (2024-01-25T08:00:00Z if read as seconds) [EP713]
```

## Passing example

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Multiply seconds by 1000.

"""#),
        (#"""
EP714
"""#, #"""
invalid-signed-payload
"""#, #"""
error
"""#, #"""
signedPayload is not a JWS whose payload is a notification.
"""#, #"""
none
"""#, #"""
# EP714 invalid-signed-payload

- **Severity:** error
- **Summary:** signedPayload is not a JWS whose payload is a notification.

## What it checks

A `{"signedPayload": …}` body (without `notificationType`) must hold three Base64URL parts, header and payload JSON objects. A file holding nothing but a compact JWS (`header.payload.signature`, what the server receives as `signedPayload`, as Apple's test data stores it) is read as a signed payload too. A JWS whose payload is not a notification (no `notificationType`) but another of Apple's signed types is reported as what it is: a signed transaction (`JWSTransaction`: it has `transactionId`, `bundleId`, `purchaseDate` or the like), signed renewal info (`JWSRenewalInfo`: `autoRenewStatus`, `renewalDate` …, or only members both have, as renewal info is the one without `bundleId`) or an app transaction (`receiptType`, `applicationVersion` …), with where a notification carries it; its signature is still verified (EP730–EP736).

## Why

> The `responseBodyV2DecodedPayload` is the Base64URL-decoded notification information from the JWS payload portion of the signedPayload.

## Failing example

For this `notification.json`:

```json notification failing
{
  "signedPayload": "not-a-jws"
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload is not a JWS: it has 1 dot-separated parts, not 3 (header.payload.signature) [EP714]
```

A second failing example: a file holding a JWS whose payload is a transaction (as Apple's test data `mock_signed_data/transactionInfo`), given to `eplint notification`:

```json notification failing 2
eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJlbnZpcm9ubWVudCI6IlNhbmRib3giLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwic2lnbmVkRGF0ZSI6MTY3Mjk1NjE1NDAwMH0.c2lnbmF0dXJl
```

eplint reports:

```text output 2
notification.json:1:1: error: the signed payload in this file is not a notification: its JWS payload (environment, bundleId, signedDate) is a signed transaction (JWSTransaction), which a notification carries in data.signedTransactionInfo [EP714]
notification.json:1:1: error: the signed payload in this file: its JWS header has no x5c, the certificate chain a signature is checked with [EP735]
```

## Passing example

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Store the notification body as received, or its decoded payload.

"""#),
        (#"""
EP715
"""#, #"""
signature-not-verified
"""#, #"""
note
"""#, #"""
A signed payload was decoded but not verified, because --environment names Xcode's environment.
"""#, #"""
none
"""#, #"""
# EP715 signature-not-verified

- **Severity:** note
- **Summary:** A signed payload was decoded but not verified, because --environment names Xcode's environment.

## What it checks

eplint decodes a `signedPayload` (a member, or a file holding only the compact JWS), and a notification's `data.signedTransactionInfo` and `data.signedRenewalInfo`, checks the payload like a decoded one, and verifies the signature as Apple's verifier does (EP730–EP736). This note says it did not verify one because you asked so: `--environment xcode` or `--environment local-testing` (or `environment:` in a configuration named with `--config`). Xcode signs the payloads of StoreKit testing in Xcode with its own certificate, not under Apple Root CA - G3, and Apple's `SignedDataVerifier` configured for those environments skips the check too.

Only the environment you name decides: a payload's own `"environment": "Xcode"` skips nothing (a pull request or an attacker writes the payload); with another `--environment`, or none, it is verified, and EP743 reports the difference. A `.eplint.yml` found in the checkout cannot name these environments either (see [docs/server-verification.md](../docs/server-verification.md)). Where verification could not run at all (no libcrypto on Linux; on macOS, no trust service), EP742 reports it, as a warning.

## Why

> Use the notificationType and subtype to understand the event … The responseBodyV2DecodedPayload is the Base64URL-decoded notification information from the JWS payload portion of the signedPayload.

## Failing example

With these options (`--NAME VALUE`):

```text options
environment: xcode
```

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJhbGciOiJFUzI1NiJ9.eyJub3RpZmljYXRpb25UeXBlIjoiVEVTVCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZGF0YSI6eyJlbnZpcm9ubWVudCI6Ilhjb2RlIiwiYXBwQXBwbGVJZCI6MTIzNCwiYnVuZGxlSWQiOiJjb20uZXhhbXBsZSJ9fQ.c2lnbmF0dXJl"
}
```

eplint reports:

```text output
notification.json:2:20: note: signedPayload decoded but its signature was not verified, as --environment xcode asks: Xcode signs those payloads with its own certificate, not Apple's [EP715]
```

## Passing example


```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Nothing, for Xcode's payloads: the note says what was not checked. Production and sandbox payloads are verified: run eplint with `--environment production` or `--environment sandbox` (or without `--environment`).

"""#),
        (#"""
EP716
"""#, #"""
line-item-missing-field
"""#, #"""
error
"""#, #"""
A line item lacks a field its object requires, or exchangeRate for an exchange.
"""#, #"""
none
"""#, #"""
# EP716 line-item-missing-field

- **Severity:** error
- **Summary:** A line item lacks a field its object requires, or exchangeRate for an exchange.

## What it checks

Each object of `lineItems` is a `OneTimeBuyLineItem` (`eventType` `BUY`, `productType` `ONE_TIME_BUY`), a `SubscriptionBuyLineItem` (`BUY`, `SUBSCRIPTION`) or a `RefundLineItem` (`REFUND`). Every field marked "(required)" on that object's page must be there: `lineItemId`, `creationDate`, `eventType`, the amounts, currencies and `taxCountry` in all three; `productType`, `productIdentifier` and `quantity` in buys; the `subscription…` fields in subscription buys; `referenceLineItemId` in refunds. While `eventType` (or a buy's `productType`) is missing or unknown, only the fields all three require are asked for. `exchangeRate` is required when `pricingCurrency` and `reportingCurrency` differ. Reported at the line item.

## Why

Apple rejects the report with `OmittedFieldError` (4):

> A required field is missing.

and, on the `exchangeRate` page:

> The `exchangeRate` field is required when the pricingCurrency and reportingCurrency fields differ.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP"
    }
  ]
}
```

eplint reports:

```text output
report.json:6:5: error: line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa'), a OneTimeBuyLineItem, has no 'quantity' (an integer) [EP716]
```

A second failing example: a price in Argentine pesos (not a reporting currency) reported in US dollars without the rate.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "USD",
      "pricingCurrency": "ARS",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output 2
report.json:6:5: error: line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa') has no 'exchangeRate'; it is required when pricingCurrency 'ARS' and reportingCurrency 'USD' differ [EP716]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

## How to fix

Add the field; for a refund, `referenceLineItemId` names the buy it refunds.

"""#),
        (#"""
EP717
"""#, #"""
line-item-field-not-allowed
"""#, #"""
error
"""#, #"""
A line item has a field its object does not take, or exchangeRate without an exchange.
"""#, #"""
none
"""#, #"""
# EP717 line-item-field-not-allowed

- **Severity:** error
- **Summary:** A line item has a field its object does not take, or exchangeRate without an exchange.

## What it checks

A field of `FieldNotAllowedError`'s list (`productType`, `productIdentifier`, `quantity`, `referenceLineItemId`, `exchangeRate` and the `subscription…` fields) where the object's page does not list it: a refund's `quantity`, `productType` or `productIdentifier`; a one-time buy's `subscription…` fields or `referenceLineItemId`. And `exchangeRate` when `pricingCurrency` and `reportingCurrency` are the same. Fields outside that list are left alone (Apple does not say what happens to them). Reported at the field's value.

## Why

Apple rejects the report with `FieldNotAllowedError` (5):

> The provided field is not allowed.

The `quantity` page: "Don't include a `quantity` for refunds." The `exchangeRate` page: "If the pricingCurrency and reportingCurrency field values are the same currency, don't include an `exchangeRate` in the line item."

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "quantity": 1
    }
  ]
}
```

eplint reports:

```text output
report.json:18:19: error: 'quantity' is not a field of a RefundLineItem (line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb')) [EP717]
```

A second failing example: an exchange rate for euros reported in euros.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "exchangeRate": 1
    }
  ]
}
```

eplint reports:

```text output 2
report.json:20:23: error: 'exchangeRate' is not allowed when pricingCurrency and reportingCurrency are both 'EUR' (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP717]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

## How to fix

Remove the field.

"""#),
        (#"""
EP718
"""#, #"""
line-item-unknown-value
"""#, #"""
error
"""#, #"""
A line-item eventType, productType, subscriptionEvent, reportingCurrency or taxCountry Apple does not define.
"""#, #"""
none
"""#, #"""
# EP718 line-item-unknown-value

- **Severity:** error
- **Summary:** A line-item eventType, productType, subscriptionEvent, reportingCurrency or taxCountry Apple does not define.

## What it checks

`eventType` is `BUY` or `REFUND`; `productType` `ONE_TIME_BUY` or `SUBSCRIPTION`; `subscriptionEvent` `SUBSCRIPTION_START`, `RENEWAL`, `SUBSCRIPTION_CHANGE` or `SUBSCRIPTION_PAYMENT`; `reportingCurrency` one of the 44 currency codes of Apple's list; `taxCountry` three capital letters, an ISO 3166-1 alpha-3 code (`ESP`, not `ES` or `esp`; Apple gives no list, so any three capital letters pass). Reported at the value.

## Why

For `reportingCurrency` and `taxCountry` Apple rejects the report with `UnknownEnumError` (7):

> The provided value is unknown for an enumeration.

The `taxcountry` page: "Use three-letter ISO 3166-1 Alpha-3 country codes." The other fields' pages give their "Allowed values".

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ES",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output
report.json:18:21: error: taxCountry 'ES' is not a three-letter ISO 3166-1 alpha-3 code such as ESP (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP718]
```

A second failing example: Argentine pesos, which Apple does not take as a reporting currency.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "ARS",
      "pricingCurrency": "ARS",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output 2
report.json:16:28: error: reportingCurrency 'ARS' is not one Apple supports; an unsupported pricing currency is reported in EUR or USD with an exchangeRate (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP718]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

## How to fix

Use a value of Apple's lists; a country as three letters (`ESP`, `DEU`, `FRA`).

"""#),
        (#"""
EP719
"""#, #"""
line-item-reporting-currency
"""#, #"""
error
"""#, #"""
A line item reports in a currency Apple does not allow for its pricing currency.
"""#, #"""
none
"""#, #"""
# EP719 line-item-reporting-currency

- **Severity:** error
- **Summary:** A line item reports in a currency Apple does not allow for its pricing currency.

## What it checks

A `pricingCurrency` that is on Apple's list of reporting currencies is reported in itself (`reportingCurrency` equal to it, no `exchangeRate`); one that is not is reported in `EUR` or `USD` with an `exchangeRate`. A `reportingCurrency` that is not on the list at all is EP718's. Reported at `reportingCurrency`.

## Why

Apple's `reportingCurrency` page:

> If your `pricingCurrency` is on the list of allowed values for `reportingCurrency`, then you must use the same currency to report transaction amounts. […] If your `pricingCurrency` isn't on the list of allowed values for `reportingCurrency`, then you must use EUR or USD as the reporting currency.

An exchange into another currency is `ReportingCurrencyExchangeNotAllowedError` (18): "The reporting currency, which reports a currency exchange, isn't allowed."

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "GBP",
      "pricingCurrency": "ARS",
      "taxCountry": "ESP",
      "quantity": 6,
      "exchangeRate": 0.00085
    }
  ]
}
```

eplint reports:

```text output
report.json:16:28: error: an exchange from 'ARS' is reported in EUR or USD, not 'GBP' (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP719]
```

A second failing example: pounds, a reporting currency, converted to euros.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "GBP",
      "taxCountry": "ESP",
      "quantity": 6,
      "exchangeRate": 1.17
    }
  ]
}
```

eplint reports:

```text output 2
report.json:16:28: error: pricingCurrency 'GBP' is one Apple supports, so amounts are reported in it, not in 'EUR' (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP719]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "USD",
      "pricingCurrency": "ARS",
      "taxCountry": "ESP",
      "quantity": 6,
      "exchangeRate": 0.00098
    }
  ]
}
```

## How to fix

Report a supported currency in itself; convert an unsupported one to EUR or USD.

"""#),
        (#"""
EP720
"""#, #"""
line-item-value-out-of-range
"""#, #"""
error
"""#, #"""
A negative amount, a quantity or exchangeRate not positive, paid days on a SUBSCRIPTION_START, a free SUBSCRIPTION_PAYMENT.
"""#, #"""
none
"""#, #"""
# EP720 line-item-value-out-of-range

- **Severity:** error
- **Summary:** A negative amount, a quantity or exchangeRate not positive, paid days on a SUBSCRIPTION_START, a free SUBSCRIPTION_PAYMENT.

## What it checks

`amountTaxExclusive`, `amountTaxInclusive`, `taxAmount`, `netAmountTaxExclusive` and `subscriptionDaysOfPaidService` are 0 or more (refunds too: a refund states its amount as a positive number). `quantity` and `exchangeRate` are above 0, and `exchangeRate` is written as digits, optionally with `.` and more digits (Apple's pattern; no sign, no exponent). A `SUBSCRIPTION_START` has `subscriptionDaysOfPaidService` 0; a `SUBSCRIPTION_PAYMENT` has a positive `amountTaxInclusive`. Reported at the value.

## Why

Apple's error objects: `NegativeValueNotAllowedError` (15) "This field doesn't allow a negative value.", `PositiveValueRequiredError` (16) "This field requires a positive value.", `SubscriptionStartNonZeroDaysPaidServiceError` (34):

> The subscriptionDaysOfPaidService field must be zero for a line item with subscription event SUBSCRIPTION_START.

and `InvalidTaxInclusiveAmountForSubscriptionPaymentError` (35) "The tax inclusive amount must be positive for line items with subscription event SUBSCRIPTION_PAYMENT."

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": -2500,
      "amountTaxExclusive": -2000,
      "taxAmount": -500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output
report.json:10:29: error: amountTaxInclusive -2500 is negative (line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb')) [EP720]
report.json:11:29: error: amountTaxExclusive -2000 is negative (line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb')) [EP720]
report.json:12:20: error: taxAmount -500 is negative (line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb')) [EP720]
```

A second failing example: a subscription start that counts its first period as paid days.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc",
      "creationDate": 1706047488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "SUBSCRIPTION_START",
      "subscriptionStartDate": 1706047488039,
      "subscriptionEndDate": 1708639488039,
      "subscriptionDaysOfPaidService": 30,
      "quantity": 1
    }
  ]
}
```

eplint reports:

```text output 2
report.json:22:40: error: a SUBSCRIPTION_START has 0 subscriptionDaysOfPaidService, not 30 (line item 0 ('cccccccc-cccc-cccc-cccc-cccccccccccc')) [EP720]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

## How to fix

State refunds as positive amounts; report quantities of 1 or more; 0 paid days at a subscription's start.

"""#),
        (#"""
EP721
"""#, #"""
line-item-tax-mismatch
"""#, #"""
error
"""#, #"""
A line item whose amountTaxInclusive is not amountTaxExclusive plus taxAmount.
"""#, #"""
none
"""#, #"""
# EP721 line-item-tax-mismatch

- **Severity:** error
- **Summary:** A line item whose amountTaxInclusive is not amountTaxExclusive plus taxAmount.

## What it checks

`amountTaxInclusive` = `amountTaxExclusive` + `taxAmount`, exactly (integers, milli-units of the reporting currency). Reported at `amountTaxInclusive`.

## Why

Apple rejects the report with `IncorrectAmountTaxInclusiveError` (11):

> The tax exclusive amount plus the tax amount does not equal the tax inclusive amount.

The `amountTaxInclusive` page: "This amount must equal taxAmount plus amountTaxExclusive."

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 1999,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output
report.json:12:29: error: amountTaxInclusive 10000 is not amountTaxExclusive 8000 + taxAmount 1999 = 9999 (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP721]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

## How to fix

Compute the three amounts from the same figures, in milli-units (€2.99 is 2990).

"""#),
        (#"""
EP722
"""#, #"""
line-item-date-not-milliseconds
"""#, #"""
error
"""#, #"""
A line-item date is not UNIX time in milliseconds.
"""#, #"""
none
"""#, #"""
# EP722 line-item-date-not-milliseconds

- **Severity:** error
- **Summary:** A line-item date is not UNIX time in milliseconds.

## What it checks

`creationDate`, `subscriptionStartDate` and `subscriptionEndDate` below 10^11 (March 1973 in milliseconds) are taken for seconds, from 10^14 on (the year 5138) for microseconds, and negative ones are before 1970: the same test as EP606 and EP713 make for token and notification dates. Reported at the date.

## Why

Apple rejects such dates with `DateTooFarInPastError` (27), whose message names the mistake:

> The provided date is too far in the past. Date must be in milliseconds.

How far in the past a date in milliseconds may be before Apple calls it "too far" is not stated anywhere in Apple's pages, so that half of `DateTooFarInPastError` is out of reach: only the unit is checked, not an age.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output
report.json:8:23: error: creationDate 1706047472 looks like seconds, not milliseconds (2024-01-23T22:04:32Z if read as seconds) (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP722]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

## How to fix

Multiply seconds by 1000.

"""#),
        (#"""
EP723
"""#, #"""
line-item-date-out-of-range
"""#, #"""
error
"""#, #"""
A line item created in the future or outside its token's range, or a subscription period that ends before it starts.
"""#, #"""
none
"""#, #"""
# EP723 line-item-date-out-of-range

- **Severity:** error
- **Summary:** A line item created in the future or outside its token's range, or a subscription period that ends before it starts.

## What it checks

`creationDate` is not after now (UTC; the environment variable `EPLINT_NOW`, a date such as `2026-01-01T00:00:00Z`, replaces the clock, as for EP407). With the report's token given (`--token`, matched by `externalPurchaseId` or the only one given), `creationDate` is not before the token's `tokenCreationDate`, and a buy's is not after a custom-link token's `tokenExpirationDate` (a refund may come later). `subscriptionStartDate` is not after `subscriptionEndDate`. Dates that are not milliseconds are EP722's. Reported at the date (`subscriptionEndDate` for a period).

## Why

Apple's error objects: `FutureDateError` (6) "The provided date field is in the future and future values are not allowed.", `LineItemCreationDateOutOfRangeError` (36):

> The line item's creation date is outside the active range of the token. Date must be in milliseconds.

and `StartDateAfterEndDateError` (17) "The start date is after the end date." A token's `tokenExpirationDate` is when "you no longer associate the token with new transactions".

## Failing example

With these options (`--NAME VALUE`):

```text options
token: eyJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIiwidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCJ9
```

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output
report.json:8:23: error: creationDate 1706047472367 (2024-01-23T22:04:32Z) is before the token was created (2024-01-25T08:00:00Z) (line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa')) [EP723]
```

A second failing example: a subscription period that ends before it starts.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc",
      "creationDate": 1706047488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "SUBSCRIPTION_START",
      "subscriptionStartDate": 1706047488039,
      "subscriptionEndDate": 1703455488039,
      "subscriptionDaysOfPaidService": 0,
      "quantity": 1
    }
  ]
}
```

eplint reports:

```text output 2
report.json:21:30: error: subscriptionStartDate 1706047488039 is after subscriptionEndDate 1703455488039 (line item 0 ('cccccccc-cccc-cccc-cccc-cccccccccccc')) [EP723]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706169700000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

## How to fix

Report the line item under the token the purchase was made with, with the date of the transaction in milliseconds.

"""#),
        (#"""
EP724
"""#, #"""
line-item-too-long
"""#, #"""
error
"""#, #"""
A line-item value longer than its field's maximum length.
"""#, #"""
none
"""#, #"""
# EP724 line-item-too-long

- **Severity:** error
- **Summary:** A line-item value longer than its field's maximum length.

## What it checks

`lineItemId` and `referenceLineItemId` at most 128 characters, `productIdentifier` 256, `pricingCurrency` and `exchangeRate` (as written) 128: each field page's "Maximum length". Characters are counted (Apple does not say whether bytes are). Reported at the value.

## Why

Apple rejects the report with `MaximumLengthExceededError` (19):

> The field's maximum length is exceeded.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output
report.json:11:28: error: productIdentifier is 258 characters long; its maximum is 256 (line item 0) [EP724]
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

## How to fix

Use shorter identifiers; Apple recommends UUIDs for `lineItemId`.

"""#),
        (#"""
EP725
"""#, #"""
duplicate-line-item-id
"""#, #"""
error
"""#, #"""
Two line items of one report have the same lineItemId.
"""#, #"""
none
"""#, #"""
# EP725 duplicate-line-item-id

- **Severity:** error
- **Summary:** Two line items of one report have the same lineItemId.

## What it checks

Within one report body each line item has its own `lineItemId`. A later report may reuse one to restate or retract it (`restatement`). The later line item is reported, with the first as related location. With a history (`--history`, `report-history:`; docs/report-history.md), the check looks into it too: a `lineItemId` an earlier report sent, in a line item that is not a restatement, is reported, with the earlier line item as related location.

## Why

Apple rejects a repeated `lineItemId` with `DuplicateValueError` (1):

> The field's value is already submitted and a duplicate value is not expected.

The `lineItemId` page: "The value must be unique per app." Its `OneTimeBuyLineItem` note: "Reuse a `lineItemId` only to submit a restatement for a previously submitted line item".

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    },
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047480000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output
report.json:22:21: error: lineItemId 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa' is also line item 0's; each line item of a report has its own [EP725]
report.json:7:21: note: first used here
```

With a history: the one-time buy sent again, as a new line item.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report failing 2
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    }
  ]
}
```

eplint reports:

```text output 2
report.json:7:21: error: lineItemId 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa' was sent in an earlier report; reuse it only to restate that line item (restatement: true) [EP725]
history.jsonl:1:162: note: sent here
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    },
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

With this `history.jsonl` (`--history history.jsonl`):

```json history passing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report passing 2
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 8750,
      "amountTaxExclusive": 7000,
      "taxAmount": 1750,
      "netAmountTaxExclusive": 7000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true
    }
  ]
}
```

## How to fix

Give each transaction its own identifier (a UUID).

"""#),
        (#"""
EP726
"""#, #"""
line-item-bad-reference
"""#, #"""
error
"""#, #"""
A line item references itself, a refund a line item that is not a buy, a subscription line item something other than its start, or a later line item.
"""#, #"""
none
"""#, #"""
# EP726 line-item-bad-reference

- **Severity:** error
- **Summary:** A line item references itself, a refund a line item that is not a buy, a subscription line item something other than its start, or a later line item.

## What it checks

A `referenceLineItemId` equal to the line item's own `lineItemId`; a refund of a line item whose `eventType` is not `BUY` (a refund of a refund); a subscription line item referencing one whose `subscriptionEvent` is not `SUBSCRIPTION_START`; a referenced line item whose `creationDate` is after the referencing one's. The referenced line item is looked for in the same report first. Reported at `referenceLineItemId` (at `creationDate` for dates). With a history (`--history`, `report-history:`; docs/report-history.md), the check looks into it too: a reference to a line item an earlier report sent is judged by that line item's latest version, the same way (a refund of a refund, a renewal referencing a renewal, a refund created before its buy). A reference found nowhere is EP738's.

## Why

Apple's error objects: `SelfReferenceError` (13) "The line item may not reference itself.", `ReferenceLineItemNotABuyError` (21) "The referenced line item is not a buy.", `RefundReferencedByRefundError` (28), `ReferenceInvalidSubscriptionEventError` (14):

> The referenced line item has no subscription event or its subscription event is not SUBSCRIPTION_START.

`NonInitialBuyReferencedByBuyError` (29) and `ReferencedCreationDateIncompatibleError` (31) "The referenced line item has a creation date after the line item's creation date."

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    },
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    },
    {
      "lineItemId": "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee",
      "creationDate": 1706047499999,
      "eventType": "REFUND",
      "amountTaxInclusive": 1250,
      "amountTaxExclusive": 1000,
      "taxAmount": 250,
      "netAmountTaxExclusive": 5000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb"
    }
  ]
}
```

eplint reports:

```text output
report.json:45:30: error: line item 2 ('eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee') is a refund of line item 1 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb'), which is not a buy (eventType 'REFUND') [EP726]
report.json:21:5: note: the referenced line item
```

A second failing example: a second renewal that references the first renewal, not the subscription start.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc",
      "creationDate": 1706047488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "SUBSCRIPTION_START",
      "subscriptionStartDate": 1706047488039,
      "subscriptionEndDate": 1708639488039,
      "subscriptionDaysOfPaidService": 0,
      "quantity": 1
    },
    {
      "lineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd",
      "creationDate": 1708639488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "RENEWAL",
      "subscriptionStartDate": 1708639488039,
      "subscriptionEndDate": 1711231488039,
      "subscriptionDaysOfPaidService": 30,
      "quantity": 1,
      "referenceLineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc"
    },
    {
      "lineItemId": "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "creationDate": 1711231488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "RENEWAL",
      "subscriptionStartDate": 1711231488039,
      "subscriptionEndDate": 1713823488039,
      "subscriptionDaysOfPaidService": 60,
      "quantity": 1,
      "referenceLineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd"
    }
  ]
}
```

eplint reports:

```text output 2
report.json:63:30: error: line item 2 ('ffffffff-ffff-ffff-ffff-ffffffffffff') references line item 1 ('dddddddd-dddd-dddd-dddd-dddddddddddd'), which has subscriptionEvent 'RENEWAL'; a subscription line item references its SUBSCRIPTION_START [EP726]
report.json:25:5: note: the referenced line item
```

With a history: a refund of the refund an earlier report sent.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 3
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
{"requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", "creationDate": 1706047491127, "eventType": "REFUND", "amountTaxInclusive": 2500, "amountTaxExclusive": 2000, "taxAmount": 500, "netAmountTaxExclusive": 6000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}]}
```

and this `report.json`:

```json report failing 3
{
  "requestIdentifier": "5b4f3a2e-1c0d-4e9f-8a7b-6c5d4e3f2a10",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee",
      "creationDate": 1706047499999,
      "eventType": "REFUND",
      "amountTaxInclusive": 1250,
      "amountTaxExclusive": 1000,
      "taxAmount": 250,
      "netAmountTaxExclusive": 5000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb"
    }
  ]
}
```

eplint reports:

```text output 3
report.json:17:30: error: line item 0 ('eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee') is a refund of line item 'bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb' of an earlier report, which is not a buy (eventType 'REFUND') [EP726]
history.jsonl:2:162: note: the referenced line item
```

With a history: a second renewal referencing the first, sent in an earlier report.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 4
{"requestIdentifier": "c4dcf1a5-afac-4e2c-83d7-280f9f2cb832", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc", "creationDate": 1706047488039, "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "SUBSCRIPTION_START", "subscriptionStartDate": 1706047488039, "subscriptionEndDate": 1708639488039, "subscriptionDaysOfPaidService": 0, "quantity": 1}]}
{"requestIdentifier": "446fdfd8-2c06-4956-873c-8c449a9d61f5", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd", "creationDate": 1708639488039, "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "RENEWAL", "subscriptionStartDate": 1708639488039, "subscriptionEndDate": 1711231488039, "subscriptionDaysOfPaidService": 30, "quantity": 1, "referenceLineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc"}]}
```

and this `report.json`:

```json report failing 4
{
  "requestIdentifier": "9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f",
  "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "creationDate": 1711231488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "RENEWAL",
      "subscriptionStartDate": 1711231488039,
      "subscriptionEndDate": 1713823488039,
      "subscriptionDaysOfPaidService": 60,
      "quantity": 1,
      "referenceLineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd"
    }
  ]
}
```

eplint reports:

```text output 4
report.json:24:30: error: line item 0 ('ffffffff-ffff-ffff-ffff-ffffffffffff') references line item 'dddddddd-dddd-dddd-dddd-dddddddddddd' of an earlier report, which has subscriptionEvent 'RENEWAL'; a subscription line item references its SUBSCRIPTION_START [EP726]
history.jsonl:2:162: note: the referenced line item
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    },
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

With this `history.jsonl` (`--history history.jsonl`):

```json history passing 2
{"requestIdentifier": "c4dcf1a5-afac-4e2c-83d7-280f9f2cb832", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc", "creationDate": 1706047488039, "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "SUBSCRIPTION_START", "subscriptionStartDate": 1706047488039, "subscriptionEndDate": 1708639488039, "subscriptionDaysOfPaidService": 0, "quantity": 1}]}
{"requestIdentifier": "446fdfd8-2c06-4956-873c-8c449a9d61f5", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd", "creationDate": 1708639488039, "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "RENEWAL", "subscriptionStartDate": 1708639488039, "subscriptionEndDate": 1711231488039, "subscriptionDaysOfPaidService": 30, "quantity": 1, "referenceLineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc"}]}
```

and this `report.json`:

```json report passing 2
{
  "requestIdentifier": "9c8b7a6f-5e4d-4c3b-8a2f-1e0d9c8b7a6f",
  "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "ffffffff-ffff-ffff-ffff-ffffffffffff",
      "creationDate": 1711231488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "RENEWAL",
      "subscriptionStartDate": 1711231488039,
      "subscriptionEndDate": 1713823488039,
      "subscriptionDaysOfPaidService": 60,
      "quantity": 1,
      "referenceLineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc"
    }
  ]
}
```

## How to fix

Reference the buy a refund refunds, and a subscription's start from its later events.

"""#),
        (#"""
EP727
"""#, #"""
refund-differs-from-buy
"""#, #"""
error
"""#, #"""
A refund has another currency, exchange rate or tax country than the buy it refunds.
"""#, #"""
none
"""#, #"""
# EP727 refund-differs-from-buy

- **Severity:** error
- **Summary:** A refund has another currency, exchange rate or tax country than the buy it refunds.

## What it checks

A refund whose `referenceLineItemId` names a buy in the same report (or, with a history, an earlier one) has that buy's `reportingCurrency`, `pricingCurrency`, `exchangeRate` (compared as written) and `taxCountry`. Reported at the refund's value, with the buy's as related location. With a history (`--history`, `report-history:`; docs/report-history.md), the check looks into it too: a refund of a buy an earlier report sent is compared with that buy's latest version.

## Why

Apple's error objects, each "The refund's referenced buy line item has a different …": `ReportingCurrencyMismatchError` (2), `TaxCountryMismatchError` (23), `PricingCurrencyMismatchError` (32) and `ExchangeRateMismatchError` (33), for example:

> The refund's referenced buy line item has a different tax country.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    },
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "FRA",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output
report.json:31:21: error: line item 1 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb') refunds line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa') with taxCountry 'FRA', not the buy's 'ESP' [EP727]
report.json:18:21: note: the buy's taxCountry
```

With a history: the refund of Apple's example with another tax country than the buy.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report failing 2
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "FRA",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output 2
report.json:16:21: error: line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb') refunds line item 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa' of an earlier report with taxCountry 'FRA', not the buy's 'ESP' [EP727]
history.jsonl:1:162: note: the buy's taxCountry
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    },
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

With this `history.jsonl` (`--history history.jsonl`):

```json history passing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report passing 2
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

## How to fix

Copy the buy's currencies, rate and tax country into its refund.

"""#),
        (#"""
EP728
"""#, #"""
retraction-inconsistent
"""#, #"""
error
"""#, #"""
erroneouslySubmitted without restatement, or a line item that references a retracted one without being retracted.
"""#, #"""
none
"""#, #"""
# EP728 retraction-inconsistent

- **Severity:** error
- **Summary:** erroneouslySubmitted without restatement, or a line item that references a retracted one without being retracted.

## What it checks

A line item with `erroneouslySubmitted` `true` (a retraction) also has `restatement` `true`. A line item that is not retracted does not reference one that is (retract a buy's refunds with it). Reported at `erroneouslySubmitted`, or at the reference. With a history (`--history`, `report-history:`; docs/report-history.md), the check looks into it too: a line item that references one whose latest version is retracted; a retraction of a line item that line items of earlier reports still reference, not retracted (they can be retracted in the same report); and a retraction of a line item whose latest version is already retracted (undo a retraction with `erroneouslySubmitted` `false`, not twice `true`).

## Why

Apple's error objects: `ErroneouslySubmittedNotRestatementError` (20):

> Expecting restatement for an erroneously submitted line item, but line item is not a restatement.

`ValidLineItemReferencesErroneousLineItemError` (25) "The line item references an erroneously submitted line item, but the line item itself is not erroneously submitted.", `ErroneousLineItemReferencedByValidLineItemError` (22) "The line item has status erroneously submitted but is referenced by a non-erroneously submitted line item." and `RepeatErroneousSubmissionError` (30):

> The line item has status erroneously submitted but its previous version was already marked erroneously submitted.

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "erroneouslySubmitted": true
    }
  ]
}
```

eplint reports:

```text output
report.json:20:31: error: line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa') is erroneouslySubmitted, a retraction, but not a restatement; set restatement to true too [EP728]
```

With a history: the buy retracted, its refund (sent earlier) not.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
{"requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", "creationDate": 1764547201000, "eventType": "REFUND", "amountTaxInclusive": 2500, "amountTaxExclusive": 2000, "taxAmount": 500, "netAmountTaxExclusive": 6000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}]}
```

and this `report.json`:

```json report failing 2
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 0,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true,
      "erroneouslySubmitted": true
    }
  ]
}
```

eplint reports:

```text output 2
report.json:21:31: error: line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa') is retracted, but 1 line item of earlier reports that references it is not; retract it too, in this report or an earlier one [EP728]
history.jsonl:1:162: note: sent here
```

With a history: a retraction of a line item already retracted.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 3
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
{"requestIdentifier": "5b4f3a2e-1c0d-4e9f-8a7b-6c5d4e3f2a10", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 0, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6, "restatement": true, "erroneouslySubmitted": true}]}
```

and this `report.json`:

```json report failing 3
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 0,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true,
      "erroneouslySubmitted": true
    }
  ]
}
```

eplint reports:

```text output 3
report.json:21:31: error: line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa') is already retracted: its latest version, in an earlier report, is erroneouslySubmitted too [EP728]
history.jsonl:2:162: note: retracted here
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true,
      "erroneouslySubmitted": true
    }
  ]
}
```

With this `history.jsonl` (`--history history.jsonl`):

```json history passing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
{"requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", "creationDate": 1764547201000, "eventType": "REFUND", "amountTaxInclusive": 2500, "amountTaxExclusive": 2000, "taxAmount": 500, "netAmountTaxExclusive": 6000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}]}
```

and this `report.json`:

```json report passing 2
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1764547201000,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "restatement": true,
      "erroneouslySubmitted": true
    },
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 0,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true,
      "erroneouslySubmitted": true
    }
  ]
}
```

## How to fix

Set `restatement` to `true` with `erroneouslySubmitted`, and retract a buy's refunds in the same report.

"""#),
        (#"""
EP729
"""#, #"""
correction-window-passed
"""#, #"""
error
"""#, #"""
A restatement of a line item more than a year old, or a refund more than a year after its buy.
"""#, #"""
none
"""#, #"""
# EP729 correction-window-passed

- **Severity:** error
- **Summary:** A restatement of a line item more than a year old, or a refund more than a year after its buy.

## What it checks

A line item with `restatement` `true` keeps the original's `creationDate`; when that is more than a year before now (UTC; `EPLINT_NOW` replaces the clock) Apple no longer takes it. A refund whose buy is in the same report (or, with a history, an earlier one) may come at most a year after the buy's `creationDate`. A year is counted as 366 days, the longest reading (Apple does not say which year it means), so what is reported is late by any reading. A retraction (`erroneouslySubmitted`) is a restatement too. Reported at `creationDate`. With a history (`--history`, `report-history:`; docs/report-history.md), the check looks into it too: a refund of a buy an earlier report sent is measured from that buy's `creationDate`, and a restatement from the `creationDate` of the line item's first version.

## Why

Apple's `RestatementNotAllowedCreationDateError` (39):

> Restatement is not allowed for this line item because its creation date is too far in the past.

with "For one year after the creationDate of a line item, you can restate the line item.", and `RefundNotAllowedCreationDateError` (no code on its page): "You can refund a line item for up to one year after its creationDate."

## Failing example

For this `report.json`:

```json report failing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1706047472367,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true
    }
  ]
}
```

eplint reports:

```text output
report.json:8:23: error: line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa') restates a line item created 2024-01-23T22:04:32Z, more than a year ago; Apple takes restatements for one year [EP729]
```

A second failing example: a refund one year and three days after the purchase.

```json report failing 2
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1704067200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6
    },
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1735862400000,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output 2
report.json:23:23: error: line item 1 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb') refunds line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa'), created 2024-01-01T00:00:00Z, more than a year before the refund; Apple takes refunds for one year [EP729]
report.json:8:23: note: the buy's creationDate
```

With a history: the refund of Apple's example a year and a week after the buy.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 3
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report failing 3
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1738368000000,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output 3
report.json:8:23: error: line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb') refunds line item 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa' of an earlier report, created 2024-01-23T22:04:32Z, more than a year before the refund; Apple takes refunds for one year [EP729]
history.jsonl:1:162: note: the buy's creationDate
```

## Passing example

```json report passing
{
  "requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true
    }
  ]
}
```

With this `history.jsonl` (`--history history.jsonl`):

```json history passing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

and this `report.json`:

```json report passing 2
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1764547201000,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

## How to fix

Past the window Apple takes no correction of the line item; report what happened later as a new line item.

"""#),
        (#"""
EP730
"""#, #"""
jws-signature-invalid
"""#, #"""
error
"""#, #"""
A signed payload whose ES256 signature does not match its header and payload.
"""#, #"""
none
"""#, #"""
# EP730 jws-signature-invalid

- **Severity:** error
- **Summary:** A signed payload whose ES256 signature does not match its header and payload.

## What it checks

The JWS signature (ES256: ECDSA with P-256 and SHA-256, `r` and `s` as 64 bytes) must verify over `header.payload` with the public key of the signing certificate (`x5c[0]`), which must be a P-256 key (the curve checked by name: a 256-bit key on secp256k1 or brainpoolP256r1 fails), once that certificate's chain is trusted (EP731, EP732, EP733). A payload changed after signing, a signature from another key or a swapped signing certificate fail here. eplint verifies offline: no network, no OCSP or CRL (as Apple's verifier with online checks off). Verification uses OpenSSL's libcrypto, loaded only when a signature is checked; where it cannot run (macOS, or no libcrypto) the warning EP742 says so instead.

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

Apple's App Store Server Library (`SignedDataVerifier`) rejects a payload before trusting any member of it unless its header's `alg` is ES256, its `x5c` holds three certificates, the signing certificate and the intermediate carry Apple's marker extensions and chain to Apple Root CA - G3 (or the roots the verifier is given) at `signedDate`, and the ES256 signature verifies with the signing certificate's key.

## Failing example

With these options (`--NAME VALUE`; the test root is Apple's library's, in `shared/corpus/server-apple-library`):

```text options
root-certificate: ../shared/corpus/server-apple-library/certs/testCA.der
```

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJ4NWMiOlsiTUlJQm9EQ0NBVWFnQXdJQkFnSUJDekFLQmdncWhrak9QUVFEQWpCTk1Rc3dDUVlEVlFRR0V3SlZVekVUTUJFR0ExVUVDQXdLUTJGc2FXWnZjbTVwWVRFU01CQUdBMVVFQnd3SlEzVndaWEowYVc1dk1SVXdFd1lEVlFRS0RBeEpiblJsY20xbFpHbGhkR1V3SGhjTk1qTXdNVEEwTVRZek56TXhXaGNOTXpJeE1qTXhNVFl6TnpNeFdqQkZNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNUTB3Q3dZRFZRUUtEQVJNWldGbU1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRTRyV0J4R21GYm5QSVBRSTB6c0JLekx4c2o4cEQydnFicjB5UElTVXgyV1F5eG1yTnFsOWZoSzhZRUV5WUZWNysrcDVpNFlVU1Ivbzl1UUlnQ1BJaHJLTWZNQjB3Q1FZRFZSMFRCQUl3QURBUUJnb3Foa2lHOTJOa0Jnc0JCQUlUQURBS0JnZ3Foa2pPUFFRREFnTklBREJGQWlFQWtpRVprb0ZNa2o0Z1huK1E5alhRWk1qWjJnbmpaM2FNOE5ZcmdmVFVpdlFDSURKWVowRmFMZTduU0lVMkxXTFRrNXRYVENjNEU4R0pTWWYvc1lSeEVGaWUiLCJNSUlCbHpDQ0FUMmdBd0lCQWdJQkJqQUtCZ2dxaGtqT1BRUURBakEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qWXdNVm9YRFRNeU1USXpNVEUyTWpZd01Wb3dUVEVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekVWTUJNR0ExVUVDZ3dNU1c1MFpYSnRaV1JwWVhSbE1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRUZRM2xYMnNxTjlHSXdBaWlNUURRQy9reW5TZ1g0N1J3dmlET3RNWFh2eUtkUWU2Q1BzUzNqbzJ1UkR1RXFBeFdlT2lDcmpsRFdzeXo1d3dkVTBndGFxTWxNQ013RHdZRFZSMFRCQWd3QmdFQi93SUJBREFRQmdvcWhraUc5Mk5rQmdJQkJBSVRBREFLQmdncWhrak9QUVFEQWdOSUFEQkZBaUVBdm56TWNWMjY4Y1JiMS9GcHlWMUVoVDNXRnZPenJCVVdQNi9Ub1RoRmF2TUNJRmJhNXQ2WUt5MFIySkR0eHF0T2pKeTY2bDZWN2QvUHJBRE5wa21JUFcraSIsIk1JSUJYRENDQVFJQ0NRQ2ZqVFVHTERuUjlqQUtCZ2dxaGtqT1BRUURBekEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qQXpNbG9YRFRNek1ERXdNVEUyTWpBek1sb3dOakVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekJaTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEEwSUFCSFB2d1pmb0tMS2FPclgvV2U0cU9iWFNuYTVUZFdIVlo2aElSQTF3MG9jM1FDVDBJbzJwbHlEQjMvTVZsazJ0YzRLR0U4VGlxVzdpYlE2WmM5VjY0azB3Q2dZSUtvWkl6ajBFQXdNRFNBQXdSUUloQU1USGhXdGJBUU4waFN4SVhjUDRDS3JEQ0gvZ3N4V3B4NmpUWkxUZVorRlBBaUIzNW53azVxMHpjSXBlZnZZSjBNVS95R0dIU1dlejBicTBwRFlVTy9ubUR3PT0iXSwidHlwIjoiSldUIiwiYWxnIjoiRVMyNTYifQ.eyJub3RpZmljYXRpb25UeXBlIjoiRVhURVJOQUxfUFVSQ0hBU0VfVE9LRU4iLCJzdWJ0eXBlIjoiVU5SRVBPUlRFRCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZXh0ZXJuYWxQdXJjaGFzZVRva2VuIjp7ImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuQ3JlYXRpb25EYXRlIjoxNzA2MTY5NjAwMDAwLCJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIn19.VVXYwuNm2Y3XsOUva-BozqatRCsDuykA7xIe_CCRw6aIAAxJ1nb2sw871jfZ6dcgNhUuhoZ93hfbc1v_5zB7Og"
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload: the signature does not match the header and payload under the signing certificate's key [EP730]
```

## Passing example

A payload whose chain ends at the embedded Apple Root CA - G3, with Apple's marker extensions, valid at its `signedDate` and correctly signed, gets no finding. Apple's signing key is not at hand to sign an example, so the passing example is a decoded notification, which has no signature to check.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Sign with the key of the certificate in `x5c[0]`, and do not change the header or payload after signing; in your server, reject the payload.

"""#),
        (#"""
EP731
"""#, #"""
jws-chain-untrusted
"""#, #"""
error
"""#, #"""
A signed payload whose x5c chain does not lead to a trusted root.
"""#, #"""
none
"""#, #"""
# EP731 jws-chain-untrusted

- **Severity:** error
- **Summary:** A signed payload whose x5c chain does not lead to a trusted root.

## What it checks

The signing certificate (`x5c[0]`) must chain through the intermediate (`x5c[1]`) to Apple Root CA - G3, which eplint embeds, or to a root given with `--root-certificate FILE` (repeatable, DER or PEM) or `root-certificates:` in a configuration named with `--config` (paths relative to the file; a `.eplint.yml` found in the checkout cannot add roots: [docs/server-verification.md](../docs/server-verification.md)). The root in `x5c[2]` is not trusted for being there, as in Apple's verifier. eplint verifies offline: no network, no OCSP or CRL (as Apple's verifier with online checks off). Verification uses OpenSSL's libcrypto, loaded only when a signature is checked; where it cannot run (macOS, or no libcrypto) the warning EP742 says so instead.

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

Apple's App Store Server Library (`SignedDataVerifier`) rejects a payload before trusting any member of it unless its header's `alg` is ES256, its `x5c` holds three certificates, the signing certificate and the intermediate carry Apple's marker extensions and chain to Apple Root CA - G3 (or the roots the verifier is given) at `signedDate`, and the ES256 signature verifies with the signing certificate's key.

## Failing example

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJ4NWMiOlsiTUlJQm9EQ0NBVWFnQXdJQkFnSUJDekFLQmdncWhrak9QUVFEQWpCTk1Rc3dDUVlEVlFRR0V3SlZVekVUTUJFR0ExVUVDQXdLUTJGc2FXWnZjbTVwWVRFU01CQUdBMVVFQnd3SlEzVndaWEowYVc1dk1SVXdFd1lEVlFRS0RBeEpiblJsY20xbFpHbGhkR1V3SGhjTk1qTXdNVEEwTVRZek56TXhXaGNOTXpJeE1qTXhNVFl6TnpNeFdqQkZNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNUTB3Q3dZRFZRUUtEQVJNWldGbU1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRTRyV0J4R21GYm5QSVBRSTB6c0JLekx4c2o4cEQydnFicjB5UElTVXgyV1F5eG1yTnFsOWZoSzhZRUV5WUZWNysrcDVpNFlVU1Ivbzl1UUlnQ1BJaHJLTWZNQjB3Q1FZRFZSMFRCQUl3QURBUUJnb3Foa2lHOTJOa0Jnc0JCQUlUQURBS0JnZ3Foa2pPUFFRREFnTklBREJGQWlFQWtpRVprb0ZNa2o0Z1huK1E5alhRWk1qWjJnbmpaM2FNOE5ZcmdmVFVpdlFDSURKWVowRmFMZTduU0lVMkxXTFRrNXRYVENjNEU4R0pTWWYvc1lSeEVGaWUiLCJNSUlCbHpDQ0FUMmdBd0lCQWdJQkJqQUtCZ2dxaGtqT1BRUURBakEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qWXdNVm9YRFRNeU1USXpNVEUyTWpZd01Wb3dUVEVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekVWTUJNR0ExVUVDZ3dNU1c1MFpYSnRaV1JwWVhSbE1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRUZRM2xYMnNxTjlHSXdBaWlNUURRQy9reW5TZ1g0N1J3dmlET3RNWFh2eUtkUWU2Q1BzUzNqbzJ1UkR1RXFBeFdlT2lDcmpsRFdzeXo1d3dkVTBndGFxTWxNQ013RHdZRFZSMFRCQWd3QmdFQi93SUJBREFRQmdvcWhraUc5Mk5rQmdJQkJBSVRBREFLQmdncWhrak9QUVFEQWdOSUFEQkZBaUVBdm56TWNWMjY4Y1JiMS9GcHlWMUVoVDNXRnZPenJCVVdQNi9Ub1RoRmF2TUNJRmJhNXQ2WUt5MFIySkR0eHF0T2pKeTY2bDZWN2QvUHJBRE5wa21JUFcraSIsIk1JSUJYRENDQVFJQ0NRQ2ZqVFVHTERuUjlqQUtCZ2dxaGtqT1BRUURBekEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qQXpNbG9YRFRNek1ERXdNVEUyTWpBek1sb3dOakVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekJaTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEEwSUFCSFB2d1pmb0tMS2FPclgvV2U0cU9iWFNuYTVUZFdIVlo2aElSQTF3MG9jM1FDVDBJbzJwbHlEQjMvTVZsazJ0YzRLR0U4VGlxVzdpYlE2WmM5VjY0azB3Q2dZSUtvWkl6ajBFQXdNRFNBQXdSUUloQU1USGhXdGJBUU4waFN4SVhjUDRDS3JEQ0gvZ3N4V3B4NmpUWkxUZVorRlBBaUIzNW53azVxMHpjSXBlZnZZSjBNVS95R0dIU1dlejBicTBwRFlVTy9ubUR3PT0iXSwidHlwIjoiSldUIiwiYWxnIjoiRVMyNTYifQ.eyJub3RpZmljYXRpb25UeXBlIjoiRVhURVJOQUxfUFVSQ0hBU0VfVE9LRU4iLCJzdWJ0eXBlIjoiVU5SRVBPUlRFRCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZXh0ZXJuYWxQdXJjaGFzZVRva2VuIjp7ImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuQ3JlYXRpb25EYXRlIjoxNzA2MTY5NjAwMDAwLCJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIn19.VVXYwuNm2Y3XsOUva-BozqatRCsDuykA7xIe_CCRw6aIAAxJ1nb2sw871jfZ6dcgNhUuhoZ93hfbc1v_5zB7Og"
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload is not signed under a trusted root (Apple Root CA - G3) at 2024-01-25T08:00:00Z (signedDate): the intermediate certificate (x5c[1]): unable to get local issuer certificate [EP731]
```

## Passing example

A payload whose chain ends at the embedded Apple Root CA - G3, with Apple's marker extensions, valid at its `signedDate` and correctly signed, gets no finding. Apple's signing key is not at hand to sign an example, so the passing example is a decoded notification, which has no signature to check.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

A payload that does not chain to Apple Root CA - G3 is not from Apple: reject it. For Apple's test data or your own test chain, give its root with `--root-certificate` (EP736 then names it).

"""#),
        (#"""
EP732
"""#, #"""
jws-marker-oid-missing
"""#, #"""
error
"""#, #"""
A signed payload whose signing or intermediate certificate lacks Apple's marker extension.
"""#, #"""
none
"""#, #"""
# EP732 jws-marker-oid-missing

- **Severity:** error
- **Summary:** A signed payload whose signing or intermediate certificate lacks Apple's marker extension.

## What it checks

The signing certificate (`x5c[0]`) must carry Apple's marker extension 1.2.840.113635.100.6.11.1 and the intermediate (`x5c[1]`) 1.2.840.113635.100.6.2.1, as Apple's verifier requires: a certificate Apple issued for something else chains to the same root. Checked once the chain is trusted (EP731) and valid (EP733). eplint verifies offline: no network, no OCSP or CRL (as Apple's verifier with online checks off). Verification uses OpenSSL's libcrypto, loaded only when a signature is checked; where it cannot run (macOS, or no libcrypto) the warning EP742 says so instead.

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

Apple's App Store Server Library (`SignedDataVerifier`) rejects a payload before trusting any member of it unless its header's `alg` is ES256, its `x5c` holds three certificates, the signing certificate and the intermediate carry Apple's marker extensions and chain to Apple Root CA - G3 (or the roots the verifier is given) at `signedDate`, and the ES256 signature verifies with the signing certificate's key.

## Failing example

With these options (`--NAME VALUE`; the test root is Apple's library's, in `shared/corpus/server-apple-library`):

```text options
root-certificate: ../shared/corpus/server-apple-library/certs/testCA.der
```

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlCb0RDQ0FVYWdBd0lCQWdJQkR6QUtCZ2dxaGtqT1BRUURBekJGTVFzd0NRWURWUVFHRXdKVlV6RUxNQWtHQTFVRUNBd0NRMEV4RWpBUUJnTlZCQWNNQ1VOMWNHVnlkR2x1YnpFVk1CTUdBMVVFQ2d3TVNXNTBaWEp0WldScFlYUmxNQjRYRFRJek1ERXdOVEl4TXpjek1Wb1hEVE16TURFd01USXhNemN6TVZvd1BURUxNQWtHQTFVRUJoTUNWVk14Q3pBSkJnTlZCQWdNQWtOQk1SSXdFQVlEVlFRSERBbERkWEJsY25ScGJtOHhEVEFMQmdOVkJBb01CRXhsWVdZd1dUQVRCZ2NxaGtqT1BRSUJCZ2dxaGtqT1BRTUJCd05DQUFUaXRZSEVhWVZ1YzhnOUFqVE93RXJNdkd5UHlrUGErcHV2VEk4aEpUSFpaRExHYXMycVgxK0VyeGdRVEpnVlh2NzZubUxoaFJKSCtqMjVBaUFJOGlHc295OHdMVEFKQmdOVkhSTUVBakFBTUE0R0ExVWREd0VCL3dRRUF3SUhnREFRQmdvcWhraUc5Mk5rQmdzQ0JBSUZBREFLQmdncWhrak9QUVFEQXdOSUFEQkZBaUFiKzdTM2kvL2JTR3k3c2tKWTkrRDRWZ2NRTEtGZVlmSU1TclVDbWRyRnF3SWhBSU1Wd3pEMVJyeFBSdEp5aU9DWEx5aWJJdndjWStWUzczSFlmazBPOWxneiIsIk1JSUJuekNDQVVXZ0F3SUJBZ0lCQ3pBS0JnZ3Foa2pPUFFRREF6QTJNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNQjRYRFRJek1ERXdOVEl4TXpFd05Wb1hEVE16TURFd01USXhNekV3TlZvd1JURUxNQWtHQTFVRUJoTUNWVk14Q3pBSkJnTlZCQWdNQWtOQk1SSXdFQVlEVlFRSERBbERkWEJsY25ScGJtOHhGVEFUQmdOVkJBb01ERWx1ZEdWeWJXVmthV0YwWlRCWk1CTUdCeXFHU000OUFnRUdDQ3FHU000OUF3RUhBMElBQkJVTjVWOXJLamZSaU1BSW9qRUEwQXY1TXAwb0YrTzBjTDRnenJURjE3OGluVUh1Z2o3RXQ0Nk5ya1E3aEtnTVZuam9ncTQ1UTFyTXMrY01IVk5JTFdxak5UQXpNQThHQTFVZEV3UUlNQVlCQWY4Q0FRQXdEZ1lEVlIwUEFRSC9CQVFEQWdFR01CQUdDaXFHU0liM1kyUUdBZ0VFQWdVQU1Bb0dDQ3FHU000OUJBTURBMGdBTUVVQ0lRQ21zSUtZczQxdWxsc3NIWDRyVnZlVVQwWjdJczUvaExLMWxGUFR0dW4zaEFJZ2MyKzJSRzUrZ05jRlZjcytYSmVFbDRHWitvamwzUk9PbWxsK3llN2R5blE9IiwiTUlJQmdqQ0NBU21nQXdJQkFnSUpBTFVjNUFMaUg1cGJNQW9HQ0NxR1NNNDlCQU1ETURZeEN6QUpCZ05WQkFZVEFsVlRNUk13RVFZRFZRUUlEQXBEWVd4cFptOXlibWxoTVJJd0VBWURWUVFIREFsRGRYQmxjblJwYm04d0hoY05Nak13TVRBMU1qRXpNREl5V2hjTk16TXdNVEF5TWpFek1ESXlXakEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFYysvQmwrZ29zcG82dGY5WjdpbzV0ZEtkcmxOMVlkVm5xRWhFRFhEU2h6ZEFKUFFpamFtWElNSGY4eFdXVGExemdvWVR4T0twYnVKdERwbHoxWHJpVGFNZ01CNHdEQVlEVlIwVEJBVXdBd0VCL3pBT0JnTlZIUThCQWY4RUJBTUNBUVl3Q2dZSUtvWkl6ajBFQXdNRFJ3QXdSQUlnZW1XUVhuTUFkVGFkMkpESlduZzlVNHVCQkw1bUE3V0kwNUg3b0g3YzZpUUNJSGlScU1qTmZ6VUF5aXU5aDZyT1UvSytpVFIwSS8zWS9OU1dzWEhYK2FjYyJdfQ.eyJub3RpZmljYXRpb25UeXBlIjoiRVhURVJOQUxfUFVSQ0hBU0VfVE9LRU4iLCJzdWJ0eXBlIjoiVU5SRVBPUlRFRCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZXh0ZXJuYWxQdXJjaGFzZVRva2VuIjp7ImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuQ3JlYXRpb25EYXRlIjoxNzA2MTY5NjAwMDAwLCJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIn19.VVXYwuNm2Y3XsOUva-BozqatRCsDuykA7xIe_CCRw6aIAAxJ1nb2sw871jfZ6dcgNhUuhoZ93hfbc1v_5zB7Og"
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload: the signing certificate (x5c[0], /C=US/ST=CA/L=Cupertino/O=Leaf) lacks Apple's marker extension 1.2.840.113635.100.6.11.1 [EP732]
```

## Passing example

A payload whose chain ends at the embedded Apple Root CA - G3, with Apple's marker extensions, valid at its `signedDate` and correctly signed, gets no finding. Apple's signing key is not at hand to sign an example, so the passing example is a decoded notification, which has no signature to check.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Only App Store signing certificates carry the extensions: a payload signed otherwise is not from the App Store.

"""#),
        (#"""
EP733
"""#, #"""
jws-certificate-expired
"""#, #"""
error
"""#, #"""
A certificate of a signed payload’s chain was expired, or not yet valid, at its signedDate.
"""#, #"""
none
"""#, #"""
# EP733 jws-certificate-expired

- **Severity:** error
- **Summary:** A certificate of a signed payload’s chain was expired, or not yet valid, at its signedDate.

## What it checks

Each certificate of the chain must be valid at the payload's `signedDate` (when it has none, now: the clock, or `EPLINT_NOW`), as Apple's verifier checks it with online checks off. eplint verifies offline: no network, no OCSP or CRL (as Apple's verifier with online checks off). Verification uses OpenSSL's libcrypto, loaded only when a signature is checked; where it cannot run (macOS, or no libcrypto) the warning EP742 says so instead.

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

Apple's App Store Server Library (`SignedDataVerifier`) rejects a payload before trusting any member of it unless its header's `alg` is ES256, its `x5c` holds three certificates, the signing certificate and the intermediate carry Apple's marker extensions and chain to Apple Root CA - G3 (or the roots the verifier is given) at `signedDate`, and the ES256 signature verifies with the signing certificate's key.

## Failing example

With these options (`--NAME VALUE`; the test root is Apple's library's, in `shared/corpus/server-apple-library`):

```text options
root-certificate: ../shared/corpus/server-apple-library/certs/testCA.der
```

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJ4NWMiOlsiTUlJQm9EQ0NBVWFnQXdJQkFnSUJDekFLQmdncWhrak9QUVFEQWpCTk1Rc3dDUVlEVlFRR0V3SlZVekVUTUJFR0ExVUVDQXdLUTJGc2FXWnZjbTVwWVRFU01CQUdBMVVFQnd3SlEzVndaWEowYVc1dk1SVXdFd1lEVlFRS0RBeEpiblJsY20xbFpHbGhkR1V3SGhjTk1qTXdNVEEwTVRZek56TXhXaGNOTXpJeE1qTXhNVFl6TnpNeFdqQkZNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNUTB3Q3dZRFZRUUtEQVJNWldGbU1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRTRyV0J4R21GYm5QSVBRSTB6c0JLekx4c2o4cEQydnFicjB5UElTVXgyV1F5eG1yTnFsOWZoSzhZRUV5WUZWNysrcDVpNFlVU1Ivbzl1UUlnQ1BJaHJLTWZNQjB3Q1FZRFZSMFRCQUl3QURBUUJnb3Foa2lHOTJOa0Jnc0JCQUlUQURBS0JnZ3Foa2pPUFFRREFnTklBREJGQWlFQWtpRVprb0ZNa2o0Z1huK1E5alhRWk1qWjJnbmpaM2FNOE5ZcmdmVFVpdlFDSURKWVowRmFMZTduU0lVMkxXTFRrNXRYVENjNEU4R0pTWWYvc1lSeEVGaWUiLCJNSUlCbHpDQ0FUMmdBd0lCQWdJQkJqQUtCZ2dxaGtqT1BRUURBakEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qWXdNVm9YRFRNeU1USXpNVEUyTWpZd01Wb3dUVEVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekVWTUJNR0ExVUVDZ3dNU1c1MFpYSnRaV1JwWVhSbE1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRUZRM2xYMnNxTjlHSXdBaWlNUURRQy9reW5TZ1g0N1J3dmlET3RNWFh2eUtkUWU2Q1BzUzNqbzJ1UkR1RXFBeFdlT2lDcmpsRFdzeXo1d3dkVTBndGFxTWxNQ013RHdZRFZSMFRCQWd3QmdFQi93SUJBREFRQmdvcWhraUc5Mk5rQmdJQkJBSVRBREFLQmdncWhrak9QUVFEQWdOSUFEQkZBaUVBdm56TWNWMjY4Y1JiMS9GcHlWMUVoVDNXRnZPenJCVVdQNi9Ub1RoRmF2TUNJRmJhNXQ2WUt5MFIySkR0eHF0T2pKeTY2bDZWN2QvUHJBRE5wa21JUFcraSIsIk1JSUJYRENDQVFJQ0NRQ2ZqVFVHTERuUjlqQUtCZ2dxaGtqT1BRUURBekEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qQXpNbG9YRFRNek1ERXdNVEUyTWpBek1sb3dOakVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekJaTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEEwSUFCSFB2d1pmb0tMS2FPclgvV2U0cU9iWFNuYTVUZFdIVlo2aElSQTF3MG9jM1FDVDBJbzJwbHlEQjMvTVZsazJ0YzRLR0U4VGlxVzdpYlE2WmM5VjY0azB3Q2dZSUtvWkl6ajBFQXdNRFNBQXdSUUloQU1USGhXdGJBUU4waFN4SVhjUDRDS3JEQ0gvZ3N4V3B4NmpUWkxUZVorRlBBaUIzNW53azVxMHpjSXBlZnZZSjBNVS95R0dIU1dlejBicTBwRFlVTy9ubUR3PT0iXSwidHlwIjoiSldUIiwiYWxnIjoiRVMyNTYifQ.eyJub3RpZmljYXRpb25UeXBlIjoiRVhURVJOQUxfUFVSQ0hBU0VfVE9LRU4iLCJzdWJ0eXBlIjoiVU5SRVBPUlRFRCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTY0MDk5NTIwMDAwMCwiZXh0ZXJuYWxQdXJjaGFzZVRva2VuIjp7ImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuQ3JlYXRpb25EYXRlIjoxNjQwOTk1MjAwMDAwLCJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIn19.VVXYwuNm2Y3XsOUva-BozqatRCsDuykA7xIe_CCRw6aIAAxJ1nb2sw871jfZ6dcgNhUuhoZ93hfbc1v_5zB7Og"
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload: the root certificate: certificate is not yet valid at 2022-01-01T00:00:00Z (signedDate) [EP733]
```

## Passing example

A payload whose chain ends at the embedded Apple Root CA - G3, with Apple's marker extensions, valid at its `signedDate` and correctly signed, gets no finding. Apple's signing key is not at hand to sign an example, so the passing example is a decoded notification, which has no signature to check.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Check `signedDate`: a payload dated outside its chain's validity was not signed then by that chain.

"""#),
        (#"""
EP734
"""#, #"""
jws-algorithm-not-es256
"""#, #"""
error
"""#, #"""
A signed payload whose alg is not ES256.
"""#, #"""
none
"""#, #"""
# EP734 jws-algorithm-not-es256

- **Severity:** error
- **Summary:** A signed payload whose alg is not ES256.

## What it checks

The JWS header's `alg` must be `ES256`, the only algorithm App Store payloads are signed with and the only one Apple's verifier accepts; the signature is then not checked. eplint verifies offline: no network, no OCSP or CRL (as Apple's verifier with online checks off).

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

Apple's App Store Server Library (`SignedDataVerifier`) rejects a payload before trusting any member of it unless its header's `alg` is ES256, its `x5c` holds three certificates, the signing certificate and the intermediate carry Apple's marker extensions and chain to Apple Root CA - G3 (or the roots the verifier is given) at `signedDate`, and the ES256 signature verifies with the signing certificate's key.

## Failing example

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJhbGciOiJSUzI1NiIsIng1YyI6WyJNSUlCb0RDQ0FVYWdBd0lCQWdJQkN6QUtCZ2dxaGtqT1BRUURBakJOTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TVJVd0V3WURWUVFLREF4SmJuUmxjbTFsWkdsaGRHVXdIaGNOTWpNd01UQTBNVFl6TnpNeFdoY05Nekl4TWpNeE1UWXpOek14V2pCRk1Rc3dDUVlEVlFRR0V3SlZVekVUTUJFR0ExVUVDQXdLUTJGc2FXWnZjbTVwWVRFU01CQUdBMVVFQnd3SlEzVndaWEowYVc1dk1RMHdDd1lEVlFRS0RBUk1aV0ZtTUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFNHJXQnhHbUZiblBJUFFJMHpzQkt6THhzajhwRDJ2cWJyMHlQSVNVeDJXUXl4bXJOcWw5ZmhLOFlFRXlZRlY3KytwNWk0WVVTUi9vOXVRSWdDUElocktNZk1CMHdDUVlEVlIwVEJBSXdBREFRQmdvcWhraUc5Mk5rQmdzQkJBSVRBREFLQmdncWhrak9QUVFEQWdOSUFEQkZBaUVBa2lFWmtvRk1rajRnWG4rUTlqWFFaTWpaMmdualozYU04TllyZ2ZUVWl2UUNJREpZWjBGYUxlN25TSVUyTFdMVGs1dFhUQ2M0RThHSlNZZi9zWVJ4RUZpZSIsIk1JSUJsekNDQVQyZ0F3SUJBZ0lCQmpBS0JnZ3Foa2pPUFFRREFqQTJNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNQjRYRFRJek1ERXdOREUyTWpZd01Wb1hEVE15TVRJek1URTJNall3TVZvd1RURUxNQWtHQTFVRUJoTUNWVk14RXpBUkJnTlZCQWdNQ2tOaGJHbG1iM0p1YVdFeEVqQVFCZ05WQkFjTUNVTjFjR1Z5ZEdsdWJ6RVZNQk1HQTFVRUNnd01TVzUwWlhKdFpXUnBZWFJsTUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFRlEzbFgyc3FOOUdJd0FpaU1RRFFDL2t5blNnWDQ3Und2aURPdE1YWHZ5S2RRZTZDUHNTM2pvMnVSRHVFcUF4V2VPaUNyamxEV3N5ejV3d2RVMGd0YXFNbE1DTXdEd1lEVlIwVEJBZ3dCZ0VCL3dJQkFEQVFCZ29xaGtpRzkyTmtCZ0lCQkFJVEFEQUtCZ2dxaGtqT1BRUURBZ05JQURCRkFpRUF2bnpNY1YyNjhjUmIxL0ZweVYxRWhUM1dGdk96ckJVV1A2L1RvVGhGYXZNQ0lGYmE1dDZZS3kwUjJKRHR4cXRPakp5NjZsNlY3ZC9QckFETnBrbUlQVytpIiwiTUlJQlhEQ0NBUUlDQ1FDZmpUVUdMRG5SOWpBS0JnZ3Foa2pPUFFRREF6QTJNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNQjRYRFRJek1ERXdOREUyTWpBek1sb1hEVE16TURFd01URTJNakF6TWxvd05qRUxNQWtHQTFVRUJoTUNWVk14RXpBUkJnTlZCQWdNQ2tOaGJHbG1iM0p1YVdFeEVqQVFCZ05WQkFjTUNVTjFjR1Z5ZEdsdWJ6QlpNQk1HQnlxR1NNNDlBZ0VHQ0NxR1NNNDlBd0VIQTBJQUJIUHZ3WmZvS0xLYU9yWC9XZTRxT2JYU25hNVRkV0hWWjZoSVJBMXcwb2MzUUNUMElvMnBseURCMy9NVmxrMnRjNEtHRThUaXFXN2liUTZaYzlWNjRrMHdDZ1lJS29aSXpqMEVBd01EU0FBd1JRSWhBTVRIaFd0YkFRTjBoU3hJWGNQNENLckRDSC9nc3hXcHg2alRaTFRlWitGUEFpQjM1bndrNXEwemNJcGVmdllKME1VL3lHR0hTV2V6MGJxMHBEWVVPL25tRHc9PSJdfQ.eyJub3RpZmljYXRpb25UeXBlIjoiRVhURVJOQUxfUFVSQ0hBU0VfVE9LRU4iLCJzdWJ0eXBlIjoiVU5SRVBPUlRFRCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZXh0ZXJuYWxQdXJjaGFzZVRva2VuIjp7ImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuQ3JlYXRpb25EYXRlIjoxNzA2MTY5NjAwMDAwLCJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIn19.VVXYwuNm2Y3XsOUva-BozqatRCsDuykA7xIe_CCRw6aIAAxJ1nb2sw871jfZ6dcgNhUuhoZ93hfbc1v_5zB7Og"
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload has alg "RS256" in its JWS header, not ES256, the one algorithm App Store payloads are signed with [EP734]
```

## Passing example

A payload whose chain ends at the embedded Apple Root CA - G3, with Apple's marker extensions, valid at its `signedDate` and correctly signed, gets no finding. Apple's signing key is not at hand to sign an example, so the passing example is a decoded notification, which has no signature to check.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Sign with ES256 (ECDSA P-256, SHA-256).

"""#),
        (#"""
EP735
"""#, #"""
jws-x5c-not-three-certificates
"""#, #"""
error
"""#, #"""
A signed payload whose x5c header is missing or not three certificates.
"""#, #"""
none
"""#, #"""
# EP735 jws-x5c-not-three-certificates

- **Severity:** error
- **Summary:** A signed payload whose x5c header is missing or not three certificates.

## What it checks

The JWS header's `x5c` must be an array of exactly three Base64 DER certificates: the signing certificate, the intermediate and the root, as Apple's verifier requires (it answers `INVALID_CHAIN_LENGTH` otherwise). Without it no signature can be checked. eplint verifies offline: no network, no OCSP or CRL (as Apple's verifier with online checks off).

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

Apple's App Store Server Library (`SignedDataVerifier`) rejects a payload before trusting any member of it unless its header's `alg` is ES256, its `x5c` holds three certificates, the signing certificate and the intermediate carry Apple's marker extensions and chain to Apple Root CA - G3 (or the roots the verifier is given) at `signedDate`, and the ES256 signature verifies with the signing certificate's key.

## Failing example

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUlCb0RDQ0FVYWdBd0lCQWdJQkN6QUtCZ2dxaGtqT1BRUURBakJOTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TVJVd0V3WURWUVFLREF4SmJuUmxjbTFsWkdsaGRHVXdIaGNOTWpNd01UQTBNVFl6TnpNeFdoY05Nekl4TWpNeE1UWXpOek14V2pCRk1Rc3dDUVlEVlFRR0V3SlZVekVUTUJFR0ExVUVDQXdLUTJGc2FXWnZjbTVwWVRFU01CQUdBMVVFQnd3SlEzVndaWEowYVc1dk1RMHdDd1lEVlFRS0RBUk1aV0ZtTUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFNHJXQnhHbUZiblBJUFFJMHpzQkt6THhzajhwRDJ2cWJyMHlQSVNVeDJXUXl4bXJOcWw5ZmhLOFlFRXlZRlY3KytwNWk0WVVTUi9vOXVRSWdDUElocktNZk1CMHdDUVlEVlIwVEJBSXdBREFRQmdvcWhraUc5Mk5rQmdzQkJBSVRBREFLQmdncWhrak9QUVFEQWdOSUFEQkZBaUVBa2lFWmtvRk1rajRnWG4rUTlqWFFaTWpaMmdualozYU04TllyZ2ZUVWl2UUNJREpZWjBGYUxlN25TSVUyTFdMVGs1dFhUQ2M0RThHSlNZZi9zWVJ4RUZpZSIsIk1JSUJsekNDQVQyZ0F3SUJBZ0lCQmpBS0JnZ3Foa2pPUFFRREFqQTJNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNQjRYRFRJek1ERXdOREUyTWpZd01Wb1hEVE15TVRJek1URTJNall3TVZvd1RURUxNQWtHQTFVRUJoTUNWVk14RXpBUkJnTlZCQWdNQ2tOaGJHbG1iM0p1YVdFeEVqQVFCZ05WQkFjTUNVTjFjR1Z5ZEdsdWJ6RVZNQk1HQTFVRUNnd01TVzUwWlhKdFpXUnBZWFJsTUZrd0V3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFRlEzbFgyc3FOOUdJd0FpaU1RRFFDL2t5blNnWDQ3Und2aURPdE1YWHZ5S2RRZTZDUHNTM2pvMnVSRHVFcUF4V2VPaUNyamxEV3N5ejV3d2RVMGd0YXFNbE1DTXdEd1lEVlIwVEJBZ3dCZ0VCL3dJQkFEQVFCZ29xaGtpRzkyTmtCZ0lCQkFJVEFEQUtCZ2dxaGtqT1BRUURBZ05JQURCRkFpRUF2bnpNY1YyNjhjUmIxL0ZweVYxRWhUM1dGdk96ckJVV1A2L1RvVGhGYXZNQ0lGYmE1dDZZS3kwUjJKRHR4cXRPakp5NjZsNlY3ZC9QckFETnBrbUlQVytpIl19.eyJub3RpZmljYXRpb25UeXBlIjoiRVhURVJOQUxfUFVSQ0hBU0VfVE9LRU4iLCJzdWJ0eXBlIjoiVU5SRVBPUlRFRCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZXh0ZXJuYWxQdXJjaGFzZVRva2VuIjp7ImV4dGVybmFsUHVyY2hhc2VJZCI6IjAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMCIsInRva2VuQ3JlYXRpb25EYXRlIjoxNzA2MTY5NjAwMDAwLCJhcHBBcHBsZUlkIjoxMjM0NTY3ODkwLCJidW5kbGVJZCI6ImNvbS5leGFtcGxlIn19.VVXYwuNm2Y3XsOUva-BozqatRCsDuykA7xIe_CCRw6aIAAxJ1nb2sw871jfZ6dcgNhUuhoZ93hfbc1v_5zB7Og"
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload: x5c holds 2 certificates, not 3 (signing certificate, intermediate, root) [EP735]
```

## Passing example

A payload whose chain ends at the embedded Apple Root CA - G3, with Apple's marker extensions, valid at its `signedDate` and correctly signed, gets no finding. Apple's signing key is not at hand to sign an example, so the passing example is a decoded notification, which has no signature to check.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Send the whole chain in `x5c`: signing certificate, intermediate, root.

"""#),
        (#"""
EP736
"""#, #"""
jws-verified-to-given-root
"""#, #"""
note
"""#, #"""
A signed payload verified to a root given with --root-certificate, not to Apple Root CA - G3.
"""#, #"""
none
"""#, #"""
# EP736 jws-verified-to-given-root

- **Severity:** note
- **Summary:** A signed payload verified to a root given with --root-certificate, not to Apple Root CA - G3.

## What it checks

A payload whose chain ends at a root given with `--root-certificate FILE` or `root-certificates:` (and that passes every other check) is verified, and this note names that root: Apple's own payloads chain to Apple Root CA - G3, which needs no option and gets no finding. Test data (Apple's library's test root, your own test chain) gets this note. eplint verifies offline: no network, no OCSP or CRL (as Apple's verifier with online checks off). Verification uses OpenSSL's libcrypto, loaded only when a signature is checked; where it cannot run (macOS, or no libcrypto) the warning EP742 says so instead.

## Why

> signedDate: The UNIX time, in milliseconds, that the App Store signed the JSON Web Signature data.

Apple's App Store Server Library (`SignedDataVerifier`) rejects a payload before trusting any member of it unless its header's `alg` is ES256, its `x5c` holds three certificates, the signing certificate and the intermediate carry Apple's marker extensions and chain to Apple Root CA - G3 (or the roots the verifier is given) at `signedDate`, and the ES256 signature verifies with the signing certificate's key.

## Failing example

With these options (`--NAME VALUE`; the test root is Apple's library's, in `shared/corpus/server-apple-library`):

```text options
root-certificate: ../shared/corpus/server-apple-library/certs/testCA.der
```

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJ4NWMiOlsiTUlJQm9EQ0NBVWFnQXdJQkFnSUJDekFLQmdncWhrak9QUVFEQWpCTk1Rc3dDUVlEVlFRR0V3SlZVekVUTUJFR0ExVUVDQXdLUTJGc2FXWnZjbTVwWVRFU01CQUdBMVVFQnd3SlEzVndaWEowYVc1dk1SVXdFd1lEVlFRS0RBeEpiblJsY20xbFpHbGhkR1V3SGhjTk1qTXdNVEEwTVRZek56TXhXaGNOTXpJeE1qTXhNVFl6TnpNeFdqQkZNUXN3Q1FZRFZRUUdFd0pWVXpFVE1CRUdBMVVFQ0F3S1EyRnNhV1p2Y201cFlURVNNQkFHQTFVRUJ3d0pRM1Z3WlhKMGFXNXZNUTB3Q3dZRFZRUUtEQVJNWldGbU1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRTRyV0J4R21GYm5QSVBRSTB6c0JLekx4c2o4cEQydnFicjB5UElTVXgyV1F5eG1yTnFsOWZoSzhZRUV5WUZWNysrcDVpNFlVU1Ivbzl1UUlnQ1BJaHJLTWZNQjB3Q1FZRFZSMFRCQUl3QURBUUJnb3Foa2lHOTJOa0Jnc0JCQUlUQURBS0JnZ3Foa2pPUFFRREFnTklBREJGQWlFQWtpRVprb0ZNa2o0Z1huK1E5alhRWk1qWjJnbmpaM2FNOE5ZcmdmVFVpdlFDSURKWVowRmFMZTduU0lVMkxXTFRrNXRYVENjNEU4R0pTWWYvc1lSeEVGaWUiLCJNSUlCbHpDQ0FUMmdBd0lCQWdJQkJqQUtCZ2dxaGtqT1BRUURBakEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qWXdNVm9YRFRNeU1USXpNVEUyTWpZd01Wb3dUVEVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekVWTUJNR0ExVUVDZ3dNU1c1MFpYSnRaV1JwWVhSbE1Ga3dFd1lIS29aSXpqMENBUVlJS29aSXpqMERBUWNEUWdBRUZRM2xYMnNxTjlHSXdBaWlNUURRQy9reW5TZ1g0N1J3dmlET3RNWFh2eUtkUWU2Q1BzUzNqbzJ1UkR1RXFBeFdlT2lDcmpsRFdzeXo1d3dkVTBndGFxTWxNQ013RHdZRFZSMFRCQWd3QmdFQi93SUJBREFRQmdvcWhraUc5Mk5rQmdJQkJBSVRBREFLQmdncWhrak9QUVFEQWdOSUFEQkZBaUVBdm56TWNWMjY4Y1JiMS9GcHlWMUVoVDNXRnZPenJCVVdQNi9Ub1RoRmF2TUNJRmJhNXQ2WUt5MFIySkR0eHF0T2pKeTY2bDZWN2QvUHJBRE5wa21JUFcraSIsIk1JSUJYRENDQVFJQ0NRQ2ZqVFVHTERuUjlqQUtCZ2dxaGtqT1BRUURBekEyTVFzd0NRWURWUVFHRXdKVlV6RVRNQkVHQTFVRUNBd0tRMkZzYVdadmNtNXBZVEVTTUJBR0ExVUVCd3dKUTNWd1pYSjBhVzV2TUI0WERUSXpNREV3TkRFMk1qQXpNbG9YRFRNek1ERXdNVEUyTWpBek1sb3dOakVMTUFrR0ExVUVCaE1DVlZNeEV6QVJCZ05WQkFnTUNrTmhiR2xtYjNKdWFXRXhFakFRQmdOVkJBY01DVU4xY0dWeWRHbHViekJaTUJNR0J5cUdTTTQ5QWdFR0NDcUdTTTQ5QXdFSEEwSUFCSFB2d1pmb0tMS2FPclgvV2U0cU9iWFNuYTVUZFdIVlo2aElSQTF3MG9jM1FDVDBJbzJwbHlEQjMvTVZsazJ0YzRLR0U4VGlxVzdpYlE2WmM5VjY0azB3Q2dZSUtvWkl6ajBFQXdNRFNBQXdSUUloQU1USGhXdGJBUU4waFN4SVhjUDRDS3JEQ0gvZ3N4V3B4NmpUWkxUZVorRlBBaUIzNW53azVxMHpjSXBlZnZZSjBNVS95R0dIU1dlejBicTBwRFlVTy9ubUR3PT0iXSwidHlwIjoiSldUIiwiYWxnIjoiRVMyNTYifQ.eyJkYXRhIjp7ImFwcEFwcGxlSWQiOjEyMzQsImVudmlyb25tZW50IjoiU2FuZGJveCIsImJ1bmRsZUlkIjoiY29tLmV4YW1wbGUifSwibm90aWZpY2F0aW9uVVVJRCI6IjlhZDU2YmQyLTBiYzYtNDJlMC1hZjI0LWZkOTk2ZDg3YTFlNiIsInNpZ25lZERhdGUiOjE2ODEzMTQzMjQwMDAsIm5vdGlmaWNhdGlvblR5cGUiOiJURVNUIn0.VVXYwuNm2Y3XsOUva-BozqatRCsDuykA7xIe_CCRw6aIAAxJ1nb2sw871jfZ6dcgNhUuhoZ93hfbc1v_5zB7Og"
}
```

eplint reports:

```text output
notification.json:2:20: error: notification has no 'version' (a string) [EP703]
notification.json:2:20: note: signedPayload verified to the root given as ../shared/corpus/server-apple-library/certs/testCA.der (/C=US/ST=California/L=Cupertino), not to Apple Root CA - G3 [EP736]
```

## Passing example

A payload whose chain ends at the embedded Apple Root CA - G3, with Apple's marker extensions, valid at its `signedDate` and correctly signed, gets no finding. Apple's signing key is not at hand to sign an example, so the passing example is a decoded notification, which has no signature to check.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Nothing to fix for test data; disable EP736 in `.eplint.yml` once you know. A production payload should chain to Apple Root CA - G3.

"""#),
        (#"""
EP737
"""#, #"""
report-history-unreadable
"""#, #"""
error
"""#, #"""
A history file cannot be read whole, is not JSON, holds something other than report bodies, or passes a limit.
"""#, #"""
none
"""#, #"""
# EP737 report-history-unreadable

- **Severity:** error
- **Summary:** A history file cannot be read whole, is not JSON, holds something other than report bodies, or passes a limit.

## What it checks

Each file of the history (`--history PATH`, `report-history:`) holds report bodies as `eplint report` reads them: one body, an array of bodies, or JSON Lines (one body a line; whitespace-separated JSON values in general). A file that is not valid JSON is reported where reading stopped, and the rest of that file is not read; an entry that is not an object is reported where it is. Limits, because the history is input like any other: a file of more than 1 GiB, a folder of more than 1,000,000 history files, more than 20,000,000 reports or line items in all (past the limit nothing more is read). A path that is not there stops the run (exit 2), as for `root-certificates:`. The history is what the team sent and Apple accepted (`--history PATH`, `report-history:`), read before the reports; see docs/report-history.md.

## Why

A history that is read in part makes every later check against it wrong in silence: a line item the unread part sent looks never sent (EP738), a repeated `requestIdentifier` looks new (EP709). So what could not be read is a finding, never a skip.

## Failing example

The second report of the history was cut short when it was written:

With this `history.jsonl` (`--history history.jsonl`):

```json history failing
{"requestIdentifier": "c4dcf1a5-afac-4e2c-83d7-280f9f2cb832", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc", "creationDate": 1706047488039, "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "SUBSCRIPTION_START", "subscriptionStartDate": 1706047488039, "subscriptionEndDate": 1708639488039, "subscriptionDaysOfPaidService": 0, "quantity": 1}]}
{"requestIdentifier": "446fdfd8-2c06-4956-873c-8c449a9d61f5"
```

this `report.json`:

```json report failing
{
  "requestIdentifier": "446fdfd8-2c06-4956-873c-8c449a9d61f5",
  "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd",
      "creationDate": 1708639488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "RENEWAL",
      "subscriptionStartDate": 1708639488039,
      "subscriptionEndDate": 1711231488039,
      "subscriptionDaysOfPaidService": 30,
      "quantity": 1,
      "referenceLineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc"
    }
  ]
}
```

eplint reports:

```text output
history.jsonl:3:1: error: history is not valid JSON: unexpected end of input: unterminated object; the rest of this file is not read [EP737]
```

## Passing example

With this `history.jsonl` (`--history history.jsonl`):

```json history passing
{"requestIdentifier": "c4dcf1a5-afac-4e2c-83d7-280f9f2cb832", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc", "creationDate": 1706047488039, "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "SUBSCRIPTION_START", "subscriptionStartDate": 1706047488039, "subscriptionEndDate": 1708639488039, "subscriptionDaysOfPaidService": 0, "quantity": 1}]}
```

this `report.json`:

```json report passing
{
  "requestIdentifier": "446fdfd8-2c06-4956-873c-8c449a9d61f5",
  "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "dddddddd-dddd-dddd-dddd-dddddddddddd",
      "creationDate": 1708639488039,
      "eventType": "BUY",
      "productType": "SUBSCRIPTION",
      "productIdentifier": "example.subscription.monthly",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "subscriptionEvent": "RENEWAL",
      "subscriptionStartDate": 1708639488039,
      "subscriptionEndDate": 1711231488039,
      "subscriptionDaysOfPaidService": 30,
      "quantity": 1,
      "referenceLineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc"
    }
  ]
}
```

## How to fix

Restore the file from what the sending job kept (Apple's answer was 200, so the report is what was sent), or remove the cut part and send nothing twice.

"""#),
        (#"""
EP738
"""#, #"""
line-item-not-found
"""#, #"""
error
"""#, #"""
A line item references, restates or retracts a line item that no earlier report sent.
"""#, #"""
none
"""#, #"""
# EP738 line-item-not-found

- **Severity:** error
- **Summary:** A line item references, restates or retracts a line item that no earlier report sent.

## What it checks

Only with a history (`--history`, `report-history:`): a `referenceLineItemId` that is neither in the report nor in the history (nor in a report checked before it in the same run), and a line item with `restatement` `true` (a correction or a retraction) whose `lineItemId` the history does not hold. Reported at `referenceLineItemId` or `lineItemId`. Without a history nothing is known to be unsent, and nothing is reported; with one, it must hold every report Apple accepted for the app. The history is what the team sent and Apple accepted (`--history PATH`, `report-history:`), read before the reports; see docs/report-history.md.

## Why

Apple's error object `NotFoundError` (3), "The referenced value was not found.", whose fields include `lineItemId` and `referenceLineItemId`. Apple's `referenceLineItemId` page:

> The referenceLineItemId is valid when it references a line item in the same report, or in a report you previously submitted, successfully.

and a restatement uses "the line item's original lineItemId" (Report corrections).

## Failing example

The refund of Apple's example references the one-time buy, which the history does not hold:

With this `history.jsonl` (`--history history.jsonl`):

```json history failing
{"requestIdentifier": "c4dcf1a5-afac-4e2c-83d7-280f9f2cb832", "externalPurchaseId": "59908800-c9d3-40c3-b638-8a9c5a535654", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "cccccccc-cccc-cccc-cccc-cccccccccccc", "creationDate": 1706047488039, "eventType": "BUY", "productType": "SUBSCRIPTION", "productIdentifier": "example.subscription.monthly", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "subscriptionEvent": "SUBSCRIPTION_START", "subscriptionStartDate": 1706047488039, "subscriptionEndDate": 1708639488039, "subscriptionDaysOfPaidService": 0, "quantity": 1}]}
```

this `report.json`:

```json report failing
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output
report.json:17:30: error: line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb') references 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa', which is neither in this report nor in the history [EP738]
```

A second failing example: a restatement of a line item never sent.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report failing 2
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 10000,
      "amountTaxExclusive": 8000,
      "taxAmount": 2000,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true
    }
  ]
}
```

eplint reports:

```text output 2
report.json:7:21: error: line item 0 ('eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee') restates a line item no earlier report sent; a restatement reuses the lineItemId of one Apple accepted [EP738]
```

## Passing example

With this `history.jsonl` (`--history history.jsonl`):

```json history passing
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report passing
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

## How to fix

Send the referenced line item first (or give the history that holds it), and restate only line items Apple accepted.

"""#),
        (#"""
EP739
"""#, #"""
net-amount-incorrect
"""#, #"""
error
"""#, #"""
A one-time buy or its refund states a netAmountTaxExclusive other than Apple's formula gives.
"""#, #"""
none
"""#, #"""
# EP739 net-amount-incorrect

- **Severity:** error
- **Summary:** A one-time buy or its refund states a netAmountTaxExclusive other than Apple's formula gives.

## What it checks

For a refund of a one-time buy (`OneTimeBuyLineItem`), in the report or an earlier one: `netAmountTaxExclusive` is the buy's `amountTaxExclusive` (as last restated) minus the `amountTaxExclusive` of its refunds that are not retracted, those of earlier reports and those of this report up to this one ("accurate to the current line item"). For a one-time buy, new or restated, in a report that holds none of its refunds: its `amountTaxExclusive` minus its earlier refunds. Reported at `netAmountTaxExclusive`. Not checked: subscription line items (Apple does not say how their net amounts chain), retractions, and a buy sent with its refunds in one report: what two line items of one net amount calculation must share is `NetAmountMismatchError` (24), out of reach because Apple's own example refund carries another net amount (6000) than its buy (8000). The history is what the team sent and Apple accepted (`--history PATH`, `report-history:`), read before the reports; see docs/report-history.md.

## Why

Apple's error object `IncorrectNetAmountError` (12), "The net amount value does not match the expected value." Apple states the formula on the `netAmountTaxExclusive` page:

> To calculate the netAmountTaxExclusive, subtract the refund amount excluding taxes from the original amountTaxExclusive value or from the amount you provided in a restatement, if any.

Apple's example refund of 2000 against the buy of 8000 carries 6000.

## Failing example

The refund of Apple's example with the buy's net amount, not what remains after the refund:

With this `history.jsonl` (`--history history.jsonl`):

```json history failing
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report failing
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 8000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output
report.json:13:32: error: netAmountTaxExclusive 8000 of line item 0 ('bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb') is not 6000, the buy's amountTaxExclusive 8000 minus 2000 refunded [EP739]
```

A second failing example: a second refund of the same buy, which forgets the first.

With this `history.jsonl` (`--history history.jsonl`):

```json history failing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
{"requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", "creationDate": 1706047491127, "eventType": "REFUND", "amountTaxInclusive": 2500, "amountTaxExclusive": 2000, "taxAmount": 500, "netAmountTaxExclusive": 6000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}]}
```

this `report.json`:

```json report failing 2
{
  "requestIdentifier": "5b4f3a2e-1c0d-4e9f-8a7b-6c5d4e3f2a10",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee",
      "creationDate": 1706047499999,
      "eventType": "REFUND",
      "amountTaxInclusive": 1250,
      "amountTaxExclusive": 1000,
      "taxAmount": 250,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

eplint reports:

```text output 2
report.json:13:32: error: netAmountTaxExclusive 6000 of line item 0 ('eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee') is not 5000, the buy's amountTaxExclusive 8000 minus 3000 refunded [EP739]
```

## Passing example

With this `history.jsonl` (`--history history.jsonl`):

```json history passing
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report passing
{
  "requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb",
      "creationDate": 1706047491127,
      "eventType": "REFUND",
      "amountTaxInclusive": 2500,
      "amountTaxExclusive": 2000,
      "taxAmount": 500,
      "netAmountTaxExclusive": 6000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

A second passing example: the second refund subtracts both.

With this `history.jsonl` (`--history history.jsonl`):

```json history passing 2
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
{"requestIdentifier": "b598cbea-c0a8-44cb-bb0e-abb12ed59cb9", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb", "creationDate": 1706047491127, "eventType": "REFUND", "amountTaxInclusive": 2500, "amountTaxExclusive": 2000, "taxAmount": 500, "netAmountTaxExclusive": 6000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"}]}
```

this `report.json`:

```json report passing 2
{
  "requestIdentifier": "5b4f3a2e-1c0d-4e9f-8a7b-6c5d4e3f2a10",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "eeeeeeee-eeee-eeee-eeee-eeeeeeeeeeee",
      "creationDate": 1706047499999,
      "eventType": "REFUND",
      "amountTaxInclusive": 1250,
      "amountTaxExclusive": 1000,
      "taxAmount": 250,
      "netAmountTaxExclusive": 5000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "referenceLineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa"
    }
  ]
}
```

## How to fix

State what the customer was charged, pre-tax, after every refund and restatement so far: the buy's `amountTaxExclusive` minus the refunds' `amountTaxExclusive`.

"""#),
        (#"""
EP740
"""#, #"""
status-regression
"""#, #"""
error
"""#, #"""
A token reported with LINE_ITEM is reported again as NO_LINE_ITEM or UNRECOGNIZED_TOKEN.
"""#, #"""
none
"""#, #"""
# EP740 status-regression

- **Severity:** error
- **Summary:** A token reported with LINE_ITEM is reported again as NO_LINE_ITEM or UNRECOGNIZED_TOKEN.

## What it checks

A report with `status` `NO_LINE_ITEM` or `UNRECOGNIZED_TOKEN` for an `externalPurchaseId` that a report of the history (or one checked before it in the same run) sent with `LINE_ITEM`. Reported at `status`, with the earlier report as related location. The history is what the team sent and Apple accepted (`--history PATH`, `report-history:`), read before the reports; see docs/report-history.md.

## Why

Apple's error object `LineItemStatusRegressionError` (8):

> Cannot mark status as NO_LINE_ITEM or UNRECOGNIZED_TOKEN after previously reporting as LINE_ITEM.

## Failing example

Apple's example without line items, for the token of Apple's one-time buy:

With this `history.jsonl` (`--history history.jsonl`):

```json history failing
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report failing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "NO_LINE_ITEM"
}
```

eplint reports:

```text output
report.json:4:13: error: status 'NO_LINE_ITEM' for a token an earlier report sent with status 'LINE_ITEM'; correct its line items instead (restatement, erroneouslySubmitted) [EP740]
history.jsonl:1:1: note: reported with LINE_ITEM here
```

## Passing example

With this `history.jsonl` (`--history history.jsonl`):

```json history passing
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1706047472367, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report passing
{
  "requestIdentifier": "87e7d6d1-b98d-4a8f-b6a4-41ba992a6cad",
  "externalPurchaseId": "<externalPurchaseId from notification>",
  "status": "NO_LINE_ITEM"
}
```

## How to fix

A token with transactions keeps `LINE_ITEM`: to take a transaction back, restate it with `erroneouslySubmitted` `true` (a retraction).

"""#),
        (#"""
EP741
"""#, #"""
restatement-date-mismatch
"""#, #"""
error
"""#, #"""
A restatement's creationDate is not the original line item's.
"""#, #"""
none
"""#, #"""
# EP741 restatement-date-mismatch

- **Severity:** error
- **Summary:** A restatement's creationDate is not the original line item's.

## What it checks

A line item with `restatement` `true` (a correction or a retraction) whose `lineItemId` the history holds, with another `creationDate` than the first version the history holds. Reported at `creationDate`. The history is what the team sent and Apple accepted (`--history PATH`, `report-history:`), read before the reports; see docs/report-history.md.

## Why

Apple's error object `RestatementCreationDateMismatchError` (API 1.1, no code on its page):

> An error indicating the creation date of the restatement line item doesn't match the creation date of the original line item.

## Failing example

A correction of the one-time buy's amount that also moves its date by a minute:

With this `history.jsonl` (`--history history.jsonl`):

```json history failing
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report failing
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547260000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 8750,
      "amountTaxExclusive": 7000,
      "taxAmount": 1750,
      "netAmountTaxExclusive": 7000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true
    }
  ]
}
```

eplint reports:

```text output
report.json:8:23: error: line item 0 ('aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa') restates a line item created 1764547200000 (2025-12-01T00:00:00Z) with creationDate 1764547260000; a restatement keeps the original's [EP741]
history.jsonl:1:162: note: sent here
```

## Passing example

With this `history.jsonl` (`--history history.jsonl`):

```json history passing
{"requestIdentifier": "1cdc286e-7389-417c-b58f-7a7d196e5bbe", "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4", "status": "LINE_ITEM", "lineItems": [{"lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa", "creationDate": 1764547200000, "eventType": "BUY", "productType": "ONE_TIME_BUY", "productIdentifier": "example.one-time-buy.product", "amountTaxInclusive": 10000, "amountTaxExclusive": 8000, "taxAmount": 2000, "netAmountTaxExclusive": 8000, "reportingCurrency": "EUR", "pricingCurrency": "EUR", "taxCountry": "ESP", "quantity": 6}]}
```

this `report.json`:

```json report passing
{
  "requestIdentifier": "0b0e5f0e-7d6a-4c59-9f0a-3c1c2b6d8e11",
  "externalPurchaseId": "2924c319-5205-4188-831a-1ca2c00326b4",
  "status": "LINE_ITEM",
  "lineItems": [
    {
      "lineItemId": "aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa",
      "creationDate": 1764547200000,
      "eventType": "BUY",
      "productType": "ONE_TIME_BUY",
      "productIdentifier": "example.one-time-buy.product",
      "amountTaxInclusive": 8750,
      "amountTaxExclusive": 7000,
      "taxAmount": 1750,
      "netAmountTaxExclusive": 7000,
      "reportingCurrency": "EUR",
      "pricingCurrency": "EUR",
      "taxCountry": "ESP",
      "quantity": 6,
      "restatement": true
    }
  ]
}
```

## How to fix

Copy the original's `creationDate` into the restatement: Apple says to include all the data of the line item, even the fields that are the same.

"""#),
        (#"""
EP742
"""#, #"""
signature-could-not-be-verified
"""#, #"""
warning
"""#, #"""
A signed payload was decoded but its signature could not be verified on this machine.
"""#, #"""
none
"""#, #"""
# EP742 signature-could-not-be-verified

- **Severity:** warning
- **Summary:** A signed payload was decoded but its signature could not be verified on this machine.

## What it checks

eplint verifies every signed payload (EP730–EP736) unless `--environment` names one of Xcode's environments (EP715). This warning says it could not, and why:

- on Linux without OpenSSL's libcrypto (`libcrypto.so.3`, else `libcrypto.so`; install `libssl3` or your distribution's OpenSSL 3 package);
- on macOS, where Security.framework verifies, when it cannot be opened or the system's trust service cannot be reached (a sandbox that denies `com.apple.trustd`).

It is reported wherever the payload may be from production or sandbox: with `--environment production`, `--environment sandbox`, or none. The checks that need no cryptography (`alg`, `x5c`'s shape: EP734, EP735) still run.

## Why

A gate that passes what it could not check is no gate: with EP715 a note, `eplint notification --strict` passed a forged payload wherever verification could not run (macOS, before it verified there; Linux without libcrypto). This is a warning of its own, not EP715 as a warning, so that skipping verification on purpose (`--environment xcode`) stays a note and a `--strict` run of Xcode's payloads passes, while a run that meant to verify fails under `--strict` wherever it could not; and each can be disabled without the other.

> Use the notificationType and subtype to understand the event … The responseBodyV2DecodedPayload is the Base64URL-decoded notification information from the JWS payload portion of the signedPayload.

## Failing example

On a machine without OpenSSL's libcrypto (this example's output is such a machine's; where verification runs, its certificates, which are not DER, are EP735):

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNQT09IiwiTUE9PSIsIk1BPT0iXX0.eyJub3RpZmljYXRpb25UeXBlIjoiVEVTVCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZGF0YSI6eyJlbnZpcm9ubWVudCI6Ilhjb2RlIiwiYXBwQXBwbGVJZCI6MTIzNCwiYnVuZGxlSWQiOiJjb20uZXhhbXBsZSJ9fQ.c2lnbmF0dXJl"
}
```

eplint reports:

```text output
notification.json:2:20: warning: signedPayload decoded but its signature could not be verified: OpenSSL's libcrypto was not found; install libssl3 [EP742]
```

## Passing example



```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Verify where verification can run: on Linux, install OpenSSL 3 (`apt-get install libssl3`, `dnf install openssl-libs`, `apk add libcrypto3`); on macOS, run eplint outside a sandbox that denies the trust service (or in CI on a runner). Verify signatures in your server too (App Store Server Library). For Xcode's own payloads, say so with `--environment xcode` (EP715, a note).

"""#),
        (#"""
EP743
"""#, #"""
signed-payload-environment-mismatch
"""#, #"""
error
"""#, #"""
A signed payload's environment differs from the one --environment expects.
"""#, #"""
none
"""#, #"""
# EP743 signed-payload-environment-mismatch

- **Severity:** error
- **Summary:** A signed payload's environment differs from the one --environment expects.

## What it checks

With `--environment` (or `environment:` in the configuration), a signed payload (`signedPayload`, a file holding only a compact JWS, `data.signedTransactionInfo`, `data.signedRenewalInfo`) whose `environment` (its own, or its `data`'s, `summary`'s or `appData`'s) is another one: `Production` for `production`, `Sandbox` for `sandbox`, `Xcode` for `xcode`, `LocalTesting` for `local-testing`. The payload is verified all the same, as the environment expected asks: what the payload says of itself never skips verification (a payload claiming `Xcode` with `alg: none` below is not waved through as Xcode's).

## Why

> A data object, which contains details including the environment, the app metadata, and the signed transaction and subscription renewal information.

Apple's `SignedDataVerifier` is made for one environment and rejects a payload of another (`INVALID_ENVIRONMENT`) after verifying its signature; it decides whether to verify from its own configuration, never from the payload.

## Failing example

With these options (`--NAME VALUE`):

```text options
environment: production
```

For this `notification.json`:

```json notification failing
{
  "signedPayload": "eyJhbGciOiJub25lIn0.eyJub3RpZmljYXRpb25UeXBlIjoiVEVTVCIsIm5vdGlmaWNhdGlvblVVSUQiOiIwMDJlMTRkNS01MWY1LTQ1MDMtYjVhOC1jM2ExYWY2OGViMjAiLCJ2ZXJzaW9uIjoiMi4wIiwic2lnbmVkRGF0ZSI6MTcwNjE2OTYwMDAwMCwiZGF0YSI6eyJlbnZpcm9ubWVudCI6Ilhjb2RlIiwiYXBwQXBwbGVJZCI6MTIzNCwiYnVuZGxlSWQiOiJjb20uZXhhbXBsZSJ9fQ."
}
```

eplint reports:

```text output
notification.json:2:20: error: signedPayload has alg "none" in its JWS header, not ES256, the one algorithm App Store payloads are signed with [EP734]
notification.json:2:20: error: signedPayload says environment 'Xcode', but --environment production expects Production; its signature is verified as production's [EP743]
```

## Passing example

A notification from the environment expected gets no finding of this rule; Apple's signing key is not at hand to sign one, so the passing example is a decoded notification, which has no signature.

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "UNREPORTED",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

## How to fix

Send the payload to the server of its environment, or run eplint with the `--environment` the payload is for (`--environment xcode` for StoreKit testing in Xcode, where verification is skipped: EP715).

"""#),
        (#"""
EP744
"""#, #"""
notification-unknown-subtype
"""#, #"""
warning
"""#, #"""
A notification's subtype is not one Apple lists for its notificationType.
"""#, #"""
none
"""#, #"""
# EP744 notification-unknown-subtype

- **Severity:** warning
- **Summary:** A notification's subtype is not one Apple lists for its notificationType.

## What it checks

For a notification type whose subtypes `Rules/regions.plist` lists (`NotificationSubtypes`, printed by `eplint regions`), the payload's `subtype`, when present, is one of them: for `EXTERNAL_PURCHASE_TOKEN`, `UNREPORTED`, `CREATED` or `ACTIVE_TOKEN_REMINDER`, in capitals. Other notification types are not checked (eplint lists the subtypes of the external purchase notification only). A missing `subtype` is not reported.

A warning, not an error: Apple sends the notifications, so nothing of the app is rejected; a subtype eplint does not know is a payload made up for a test, or one Apple added after eplint's data was checked (the three subtypes above came on 26 June 2025).

## Why

Apple's `subtype` page (https://developer.apple.com/documentation/appstoreservernotifications/subtype, read 2026-12-01):

> ACTIVE_TOKEN_REMINDER: Applies to the EXTERNAL_PURCHASE_TOKEN notificationType. A notification with this subtype is a reminder that Apple created a custom link external purchase token for your app, and the token is still active.

> CREATED: Applies to the EXTERNAL_PURCHASE_TOKEN notificationType. A notification with this subtype indicates that Apple created a custom link token for your app.

and `UNREPORTED`, which "Applies to the EXTERNAL_PURCHASE_TOKEN notificationType" for a token Apple created that was not reported (the subtype of Apple's own example payloads).

## Failing example

For this `notification.json`:

```json notification failing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "NOT_A_SUBTYPE",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example"
  }
}
```

eplint reports:

```text output
notification.json:3:14: warning: subtype 'NOT_A_SUBTYPE' is not one of EXTERNAL_PURCHASE_TOKEN's: UNREPORTED, CREATED, ACTIVE_TOKEN_REMINDER [EP744]
```

## Passing example

```json notification passing
{
  "notificationType": "EXTERNAL_PURCHASE_TOKEN",
  "subtype": "ACTIVE_TOKEN_REMINDER",
  "notificationUUID": "002e14d5-51f5-4503-b5a8-c3a1af68eb20",
  "version": "2.0",
  "signedDate": 1706169600000,
  "externalPurchaseToken": {
    "externalPurchaseId": "00000000-0000-0000-0000-000000000000",
    "tokenCreationDate": 1706169600000,
    "appAppleId": 1234567890,
    "bundleId": "com.example",
    "tokenType": "SERVICES",
    "tokenExpirationDate": 1708761600000
  }
}
```

## How to fix

Use one of the subtypes Apple lists for the type. If Apple has added one since, add it to `NotificationSubtypes` in a copy of `eplint regions`' output and pass it with `--regions`, or disable EP744.

"""#),
        (#"""
EP801
"""#, #"""
reader-link-invalid
"""#, #"""
error
"""#, #"""
SKExternalLinkAccount is not a dictionary of URL strings keyed by lowercase ISO 3166-1 alpha-2 codes or `*`.
"""#, #"""
safe
"""#, #"""
# EP801 reader-link-invalid

- **Severity:** error
- **Summary:** SKExternalLinkAccount is not a dictionary of URL strings keyed by lowercase ISO 3166-1 alpha-2 codes or `*`.
- **Fix:** safe: an upper-case country code (`GB`) is lowercased in place, unless the dictionary has the lowercase key already; other keys and values are the developer's to choose.

## What it checks

`SKExternalLinkAccount` (the reader-app link) is a dictionary; each key is `*` or a lowercase ISO 3166-1 alpha-2 code (`ISO3166Alpha2` in `Rules/regions.plist`), and each value a string. A key such as `en-GB*` (a locale, with the default's star) or `uk` is reported at the key; `GB` is reported as not lowercase; a value that is not a string at the value. Also in an Expo app's `ios.infoPlist` and in built apps, as the other keys.

## Why

Apple's `SKExternalLinkAccount` page (https://developer.apple.com/documentation/bundleresources/information-property-list/skexternallinkaccount, read 2026-12-01; iOS 15.4+, iPadOS 15.4+, tvOS 16.4+):

> Use this information property list key if your app has the `com.apple.developer.storekit.external-link.account` entitlement.
> Each key is a string that is a lowercase ISO 3166-1 alpha-2 country code, the value for which is a URL to the localized version of the external website for that locale.
> The dictionary must contain a key with the string `*` that maps to a default URL.

The page states no allowed-regions list and no rule for the URLs beyond being URLs (no HTTPS or query condition, unlike `SKExternalPurchaseLink`'s page), so eplint checks neither.

## Failing example

As a real news app had it: a locale with a star instead of the country code, and no `*` default (EP802 too).

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>en-GB*</key>
		<string>https://news.example.com/uk/account</string>
		<key>de</key>
		<string>https://news.example.com/de/account</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: error: SKExternalLinkAccount has no '*' key; it must map '*' to the default URL [EP802]
Info.plist:6:3: error: key 'en-GB*' of SKExternalLinkAccount is neither a lowercase ISO 3166-1 alpha-2 country code nor '*' [EP801]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>*</key>
		<string>https://news.example.com/account</string>
		<key>gb</key>
		<string>https://news.example.com/uk/account</string>
	</dict>
</dict>
</plist>
```

## Fix

For a country code in upper case, `eplint --fix` lowercases it:

```xml fix-input
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>*</key>
		<string>https://news.example.com/account</string>
		<key>GB</key>
		<string>https://news.example.com/uk/account</string>
	</dict>
</dict>
</plist>
```

becomes

```xml fixed
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>*</key>
		<string>https://news.example.com/account</string>
		<key>gb</key>
		<string>https://news.example.com/uk/account</string>
	</dict>
</dict>
</plist>
```

## How to fix

Use the lowercase two-letter country code (`gb`, not `en-GB` or `GB`), or `*` for the default, and a URL string as each value.

"""#),
        (#"""
EP802
"""#, #"""
reader-link-no-default
"""#, #"""
error
"""#, #"""
SKExternalLinkAccount has no `*` key for the default URL.
"""#, #"""
none
"""#, #"""
# EP802 reader-link-no-default

- **Severity:** error
- **Summary:** SKExternalLinkAccount has no `*` key for the default URL.
- **Fix:** none: the right code or URL is the developer's to choose.

## What it checks

`SKExternalLinkAccount` is a dictionary without the key `*`. Reported at the `SKExternalLinkAccount` `<key>`.

## Why

Apple's `SKExternalLinkAccount` page (https://developer.apple.com/documentation/bundleresources/information-property-list/skexternallinkaccount, read 2026-12-01; iOS 15.4+, iPadOS 15.4+, tvOS 16.4+):

> Use this information property list key if your app has the `com.apple.developer.storekit.external-link.account` entitlement.
> Each key is a string that is a lowercase ISO 3166-1 alpha-2 country code, the value for which is a URL to the localized version of the external website for that locale.
> The dictionary must contain a key with the string `*` that maps to a default URL.

The page states no allowed-regions list and no rule for the URLs beyond being URLs (no HTTPS or query condition, unlike `SKExternalPurchaseLink`'s page), so eplint checks neither.

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>gb</key>
		<string>https://news.example.com/uk/account</string>
		<key>de</key>
		<string>https://news.example.com/de/account</string>
	</dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: error: SKExternalLinkAccount has no '*' key; it must map '*' to the default URL [EP802]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>*</key>
		<string>https://news.example.com/account</string>
		<key>gb</key>
		<string>https://news.example.com/uk/account</string>
	</dict>
</dict>
</plist>
```

## How to fix

Add `*` with the URL for every storefront the other keys do not name.

"""#),
        (#"""
EP803
"""#, #"""
reader-link-missing-entitlement
"""#, #"""
error
"""#, #"""
SKExternalLinkAccount is used without com.apple.developer.storekit.external-link.account set to <true/>.
"""#, #"""
none
"""#, #"""
# EP803 reader-link-missing-entitlement

- **Severity:** error
- **Summary:** SKExternalLinkAccount is used without com.apple.developer.storekit.external-link.account set to <true/>.
- **Fix:** none: the right code or URL is the developer's to choose.

## What it checks

An entitlements file is paired with the Info.plist (as for EP401), `SKExternalLinkAccount` is present, and that file does not set `com.apple.developer.storekit.external-link.account` to `<true/>`. Reported at the key in the Info.plist.

## Why

Apple's `SKExternalLinkAccount` page (https://developer.apple.com/documentation/bundleresources/information-property-list/skexternallinkaccount, read 2026-12-01; iOS 15.4+, iPadOS 15.4+, tvOS 16.4+):

> Use this information property list key if your app has the `com.apple.developer.storekit.external-link.account` entitlement.
> Each key is a string that is a lowercase ISO 3166-1 alpha-2 country code, the value for which is a URL to the localized version of the external website for that locale.
> The dictionary must contain a key with the string `*` that maps to a default URL.

The page states no allowed-regions list and no rule for the URLs beyond being URLs (no HTTPS or query condition, unlike `SKExternalPurchaseLink`'s page), so eplint checks neither.

Apple's entitlement page (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.storekit.external-link.account): "A Boolean value that indicates whether your app can link to an external website for account creation or management."

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>*</key>
		<string>https://news.example.com/account</string>
		<key>gb</key>
		<string>https://news.example.com/uk/account</string>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
Info.plist:4:2: error: SKExternalLinkAccount needs the entitlement com.apple.developer.storekit.external-link.account set to <true/> in App.entitlements [EP803]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>*</key>
		<string>https://news.example.com/account</string>
		<key>gb</key>
		<string>https://news.example.com/uk/account</string>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-link.account</key>
	<true/>
</dict>
</plist>
```

## How to fix

Add the entitlement Apple granted the app (it is in the provisioning profile), or remove the key.

"""#),
        (#"""
EP804
"""#, #"""
reader-link-unused-entitlement
"""#, #"""
warning
"""#, #"""
com.apple.developer.storekit.external-link.account is granted but the Info.plist has no SKExternalLinkAccount.
"""#, #"""
none
"""#, #"""
# EP804 reader-link-unused-entitlement

- **Severity:** warning
- **Summary:** com.apple.developer.storekit.external-link.account is granted but the Info.plist has no SKExternalLinkAccount.
- **Fix:** none: the right code or URL is the developer's to choose.

## What it checks

The paired entitlements file sets `com.apple.developer.storekit.external-link.account` to `<true/>` and the Info.plist has no `SKExternalLinkAccount`. Reported at the entitlement in the entitlements file. A warning, as EP402: an entitlement that configures nothing.

## Why

Apple's `SKExternalLinkAccount` page (https://developer.apple.com/documentation/bundleresources/information-property-list/skexternallinkaccount, read 2026-12-01; iOS 15.4+, iPadOS 15.4+, tvOS 16.4+):

> Use this information property list key if your app has the `com.apple.developer.storekit.external-link.account` entitlement.
> Each key is a string that is a lowercase ISO 3166-1 alpha-2 country code, the value for which is a URL to the localized version of the external website for that locale.
> The dictionary must contain a key with the string `*` that maps to a default URL.

The page states no allowed-regions list and no rule for the URLs beyond being URLs (no HTTPS or query condition, unlike `SKExternalPurchaseLink`'s page), so eplint checks neither.

Apple's entitlement page (https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.storekit.external-link.account): "A Boolean value that indicates whether your app can link to an external website for account creation or management."

## Failing example

```xml failing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>CFBundleIdentifier</key>
	<string>com.example.news</string>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-link.account</key>
	<true/>
</dict>
</plist>
```

eplint reports, for a file named `Info.plist`:

```text output
App.entitlements:4:2: warning: com.apple.developer.storekit.external-link.account is granted but Info.plist has no SKExternalLinkAccount [EP804]
```

## Passing example

```xml passing
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>SKExternalLinkAccount</key>
	<dict>
		<key>*</key>
		<string>https://news.example.com/account</string>
		<key>gb</key>
		<string>https://news.example.com/uk/account</string>
	</dict>
</dict>
</plist>
```

with `App.entitlements` beside it:

```xml passing-entitlements
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
	<key>com.apple.developer.storekit.external-link.account</key>
	<true/>
</dict>
</plist>
```

## How to fix

Add `SKExternalLinkAccount` with its `*` default, or remove the entitlement.

"""#),
    ]
}
