// swift-format-ignore-file
// Generated from the headers of Rules/EPnnn.md by scripts/generate.sh. Do not edit.

extension RuleID {
    /// `malformed-plist`
    public static let ep001MalformedPlist = RuleID("EP001")
    /// `unsupported-format`
    public static let ep002UnsupportedFormat = RuleID("EP002")
    /// `duplicate-key`
    public static let ep003DuplicateKey = RuleID("EP003")
    /// `wrong-type`
    public static let ep004WrongType = RuleID("EP004")
    /// `unknown-storekit-key`
    public static let ep005UnknownStorekitKey = RuleID("EP005")
    /// `unresolved-variable`
    public static let ep006UnresolvedVariable = RuleID("EP006")
    /// `preprocessor-directive`
    public static let ep007PreprocessorDirective = RuleID("EP007")
    /// `unused-suppression`
    public static let ep008UnusedSuppression = RuleID("EP008")
    /// `invalid-suppression`
    public static let ep009InvalidSuppression = RuleID("EP009")
    /// `preprocessor-comment`
    public static let ep010PreprocessorComment = RuleID("EP010")
    /// `directives-not-preprocessed`
    public static let ep011DirectivesNotPreprocessed = RuleID("EP011")
    /// `region-not-lowercase`
    public static let ep101RegionNotLowercase = RuleID("EP101")
    /// `region-unknown`
    public static let ep102RegionUnknown = RuleID("EP102")
    /// `region-not-allowed`
    public static let ep103RegionNotAllowed = RuleID("EP103")
    /// `region-duplicate`
    public static let ep104RegionDuplicate = RuleID("EP104")
    /// `empty-configuration`
    public static let ep105EmptyConfiguration = RuleID("EP105")
    /// `region-retired`
    public static let ep106RegionRetired = RuleID("EP106")
    /// `url-not-https`
    public static let ep201UrlNotHttps = RuleID("EP201")
    /// `url-invalid`
    public static let ep202UrlInvalid = RuleID("EP202")
    /// `url-has-query`
    public static let ep203UrlHasQuery = RuleID("EP203")
    /// `url-too-long`
    public static let ep204UrlTooLong = RuleID("EP204")
    /// `url-not-ascii`
    public static let ep205UrlNotAscii = RuleID("EP205")
    /// `url-has-credentials`
    public static let ep206UrlHasCredentials = RuleID("EP206")
    /// `link-limit-exceeded`
    public static let ep301LinkLimitExceeded = RuleID("EP301")
    /// `link-mismatch`
    public static let ep302LinkMismatch = RuleID("EP302")
    /// `link-list-empty`
    public static let ep303LinkListEmpty = RuleID("EP303")
    /// `link-duplicate`
    public static let ep304LinkDuplicate = RuleID("EP304")
    /// `missing-entitlement`
    public static let ep401MissingEntitlement = RuleID("EP401")
    /// `unused-entitlement`
    public static let ep402UnusedEntitlement = RuleID("EP402")
    /// `entitlement-not-boolean`
    public static let ep403EntitlementNotBoolean = RuleID("EP403")
    /// `entitlement-in-info-plist`
    public static let ep404EntitlementInInfoPlist = RuleID("EP404")
    /// `info-key-in-entitlements`
    public static let ep405InfoKeyInEntitlements = RuleID("EP405")
    /// `entitlement-not-granted`
    public static let ep406EntitlementNotGranted = RuleID("EP406")
    /// `profile-expired`
    public static let ep407ProfileExpired = RuleID("EP407")
    /// `multilink-needs-newer-os`
    public static let ep501MultilinkNeedsNewerOs = RuleID("EP501")
    /// `prefer-multilink`
    public static let ep502PreferMultilink = RuleID("EP502")
    /// `token-not-base64url`
    public static let ep601TokenNotBase64url = RuleID("EP601")
    /// `token-not-json`
    public static let ep602TokenNotJson = RuleID("EP602")
    /// `token-missing-field`
    public static let ep603TokenMissingField = RuleID("EP603")
    /// `token-wrong-type`
    public static let ep604TokenWrongType = RuleID("EP604")
    /// `token-unknown-type`
    public static let ep605TokenUnknownType = RuleID("EP605")
    /// `token-date-not-milliseconds`
    public static let ep606TokenDateNotMilliseconds = RuleID("EP606")
    /// `token-expires-before-creation`
    public static let ep607TokenExpiresBeforeCreation = RuleID("EP607")
    /// `token-bundle-mismatch`
    public static let ep608TokenBundleMismatch = RuleID("EP608")
    /// `token-environment-mismatch`
    public static let ep609TokenEnvironmentMismatch = RuleID("EP609")
    /// `token-app-apple-id-mismatch`
    public static let ep610TokenAppAppleIdMismatch = RuleID("EP610")
    /// `invalid-json`
    public static let ep701InvalidJson = RuleID("EP701")
    /// `duplicate-json-key`
    public static let ep702DuplicateJsonKey = RuleID("EP702")
    /// `missing-field`
    public static let ep703MissingField = RuleID("EP703")
    /// `wrong-type`
    public static let ep704WrongType = RuleID("EP704")
    /// `not-a-uuid`
    public static let ep705NotAUuid = RuleID("EP705")
    /// `unknown-report-status`
    public static let ep706UnknownReportStatus = RuleID("EP706")
    /// `line-items-status-mismatch`
    public static let ep707LineItemsStatusMismatch = RuleID("EP707")
    /// `duplicate-token-status-misused`
    public static let ep708DuplicateTokenStatusMisused = RuleID("EP708")
    /// `duplicate-request-identifier`
    public static let ep709DuplicateRequestIdentifier = RuleID("EP709")
    /// `payload-field-count`
    public static let ep710PayloadFieldCount = RuleID("EP710")
    /// `payload-field-mismatch`
    public static let ep711PayloadFieldMismatch = RuleID("EP711")
    /// `unsupported-notification-version`
    public static let ep712UnsupportedNotificationVersion = RuleID("EP712")
    /// `date-not-milliseconds`
    public static let ep713DateNotMilliseconds = RuleID("EP713")
    /// `invalid-signed-payload`
    public static let ep714InvalidSignedPayload = RuleID("EP714")
    /// `signature-not-verified`
    public static let ep715SignatureNotVerified = RuleID("EP715")
    /// `line-item-missing-field`
    public static let ep716LineItemMissingField = RuleID("EP716")
    /// `line-item-field-not-allowed`
    public static let ep717LineItemFieldNotAllowed = RuleID("EP717")
    /// `line-item-unknown-value`
    public static let ep718LineItemUnknownValue = RuleID("EP718")
    /// `line-item-reporting-currency`
    public static let ep719LineItemReportingCurrency = RuleID("EP719")
    /// `line-item-value-out-of-range`
    public static let ep720LineItemValueOutOfRange = RuleID("EP720")
    /// `line-item-tax-mismatch`
    public static let ep721LineItemTaxMismatch = RuleID("EP721")
    /// `line-item-date-not-milliseconds`
    public static let ep722LineItemDateNotMilliseconds = RuleID("EP722")
    /// `line-item-date-out-of-range`
    public static let ep723LineItemDateOutOfRange = RuleID("EP723")
    /// `line-item-too-long`
    public static let ep724LineItemTooLong = RuleID("EP724")
    /// `duplicate-line-item-id`
    public static let ep725DuplicateLineItemId = RuleID("EP725")
    /// `line-item-bad-reference`
    public static let ep726LineItemBadReference = RuleID("EP726")
    /// `refund-differs-from-buy`
    public static let ep727RefundDiffersFromBuy = RuleID("EP727")
    /// `retraction-inconsistent`
    public static let ep728RetractionInconsistent = RuleID("EP728")
    /// `correction-window-passed`
    public static let ep729CorrectionWindowPassed = RuleID("EP729")
}
