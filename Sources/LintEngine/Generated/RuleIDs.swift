// swift-format-ignore-file
// Generated from the headers of Rules/EPnnn.md by scripts/generate.sh. Do not edit.

extension RuleID {
    /// `malformed-plist`
    package static let ep001MalformedPlist = RuleID("EP001")
    /// `unsupported-format`
    package static let ep002UnsupportedFormat = RuleID("EP002")
    /// `duplicate-key`
    package static let ep003DuplicateKey = RuleID("EP003")
    /// `wrong-type`
    package static let ep004WrongType = RuleID("EP004")
    /// `unknown-storekit-key`
    package static let ep005UnknownStorekitKey = RuleID("EP005")
    /// `unresolved-variable`
    package static let ep006UnresolvedVariable = RuleID("EP006")
    /// `preprocessor-directive`
    package static let ep007PreprocessorDirective = RuleID("EP007")
    /// `unused-suppression`
    package static let ep008UnusedSuppression = RuleID("EP008")
    /// `invalid-suppression`
    package static let ep009InvalidSuppression = RuleID("EP009")
    /// `preprocessor-comment`
    package static let ep010PreprocessorComment = RuleID("EP010")
    /// `directives-not-preprocessed`
    package static let ep011DirectivesNotPreprocessed = RuleID("EP011")
    /// `configuration-error`
    package static let ep012ConfigurationError = RuleID("EP012")
    /// `region-not-lowercase`
    package static let ep101RegionNotLowercase = RuleID("EP101")
    /// `region-unknown`
    package static let ep102RegionUnknown = RuleID("EP102")
    /// `region-not-allowed`
    package static let ep103RegionNotAllowed = RuleID("EP103")
    /// `region-duplicate`
    package static let ep104RegionDuplicate = RuleID("EP104")
    /// `empty-configuration`
    package static let ep105EmptyConfiguration = RuleID("EP105")
    /// `region-retired`
    package static let ep106RegionRetired = RuleID("EP106")
    /// `url-not-https`
    package static let ep201UrlNotHttps = RuleID("EP201")
    /// `url-invalid`
    package static let ep202UrlInvalid = RuleID("EP202")
    /// `url-has-query`
    package static let ep203UrlHasQuery = RuleID("EP203")
    /// `url-too-long`
    package static let ep204UrlTooLong = RuleID("EP204")
    /// `url-not-ascii`
    package static let ep205UrlNotAscii = RuleID("EP205")
    /// `url-has-credentials`
    package static let ep206UrlHasCredentials = RuleID("EP206")
    /// `link-limit-exceeded`
    package static let ep301LinkLimitExceeded = RuleID("EP301")
    /// `link-mismatch`
    package static let ep302LinkMismatch = RuleID("EP302")
    /// `link-list-empty`
    package static let ep303LinkListEmpty = RuleID("EP303")
    /// `link-duplicate`
    package static let ep304LinkDuplicate = RuleID("EP304")
    /// `missing-entitlement`
    package static let ep401MissingEntitlement = RuleID("EP401")
    /// `unused-entitlement`
    package static let ep402UnusedEntitlement = RuleID("EP402")
    /// `entitlement-not-boolean`
    package static let ep403EntitlementNotBoolean = RuleID("EP403")
    /// `entitlement-in-info-plist`
    package static let ep404EntitlementInInfoPlist = RuleID("EP404")
    /// `info-key-in-entitlements`
    package static let ep405InfoKeyInEntitlements = RuleID("EP405")
    /// `entitlement-not-granted`
    package static let ep406EntitlementNotGranted = RuleID("EP406")
    /// `profile-expired`
    package static let ep407ProfileExpired = RuleID("EP407")
    /// `key-unused-on-allowed-regions-route`
    package static let ep408KeyUnusedOnAllowedRegionsRoute = RuleID("EP408")
    /// `multilink-needs-newer-os`
    package static let ep501MultilinkNeedsNewerOs = RuleID("EP501")
    /// `prefer-multilink`
    package static let ep502PreferMultilink = RuleID("EP502")
    /// `key-needs-newer-os`
    package static let ep503KeyNeedsNewerOs = RuleID("EP503")
    /// `key-not-on-platform`
    package static let ep504KeyNotOnPlatform = RuleID("EP504")
    /// `token-not-base64url`
    package static let ep601TokenNotBase64url = RuleID("EP601")
    /// `token-not-json`
    package static let ep602TokenNotJson = RuleID("EP602")
    /// `token-missing-field`
    package static let ep603TokenMissingField = RuleID("EP603")
    /// `token-wrong-type`
    package static let ep604TokenWrongType = RuleID("EP604")
    /// `token-unknown-type`
    package static let ep605TokenUnknownType = RuleID("EP605")
    /// `token-date-not-milliseconds`
    package static let ep606TokenDateNotMilliseconds = RuleID("EP606")
    /// `token-expires-before-creation`
    package static let ep607TokenExpiresBeforeCreation = RuleID("EP607")
    /// `token-bundle-mismatch`
    package static let ep608TokenBundleMismatch = RuleID("EP608")
    /// `token-environment-mismatch`
    package static let ep609TokenEnvironmentMismatch = RuleID("EP609")
    /// `token-app-apple-id-mismatch`
    package static let ep610TokenAppAppleIdMismatch = RuleID("EP610")
    /// `token-expiration-undocumented`
    package static let ep611TokenExpirationUndocumented = RuleID("EP611")
    /// `invalid-json`
    package static let ep701InvalidJson = RuleID("EP701")
    /// `duplicate-json-key`
    package static let ep702DuplicateJsonKey = RuleID("EP702")
    /// `missing-field`
    package static let ep703MissingField = RuleID("EP703")
    /// `wrong-type`
    package static let ep704WrongType = RuleID("EP704")
    /// `not-a-uuid`
    package static let ep705NotAUuid = RuleID("EP705")
    /// `unknown-report-status`
    package static let ep706UnknownReportStatus = RuleID("EP706")
    /// `line-items-status-mismatch`
    package static let ep707LineItemsStatusMismatch = RuleID("EP707")
    /// `duplicate-token-status-misused`
    package static let ep708DuplicateTokenStatusMisused = RuleID("EP708")
    /// `duplicate-request-identifier`
    package static let ep709DuplicateRequestIdentifier = RuleID("EP709")
    /// `payload-field-count`
    package static let ep710PayloadFieldCount = RuleID("EP710")
    /// `payload-field-mismatch`
    package static let ep711PayloadFieldMismatch = RuleID("EP711")
    /// `unsupported-notification-version`
    package static let ep712UnsupportedNotificationVersion = RuleID("EP712")
    /// `date-not-milliseconds`
    package static let ep713DateNotMilliseconds = RuleID("EP713")
    /// `invalid-signed-payload`
    package static let ep714InvalidSignedPayload = RuleID("EP714")
    /// `signature-not-verified`
    package static let ep715SignatureNotVerified = RuleID("EP715")
    /// `line-item-missing-field`
    package static let ep716LineItemMissingField = RuleID("EP716")
    /// `line-item-field-not-allowed`
    package static let ep717LineItemFieldNotAllowed = RuleID("EP717")
    /// `line-item-unknown-value`
    package static let ep718LineItemUnknownValue = RuleID("EP718")
    /// `line-item-reporting-currency`
    package static let ep719LineItemReportingCurrency = RuleID("EP719")
    /// `line-item-value-out-of-range`
    package static let ep720LineItemValueOutOfRange = RuleID("EP720")
    /// `line-item-tax-mismatch`
    package static let ep721LineItemTaxMismatch = RuleID("EP721")
    /// `line-item-date-not-milliseconds`
    package static let ep722LineItemDateNotMilliseconds = RuleID("EP722")
    /// `line-item-date-out-of-range`
    package static let ep723LineItemDateOutOfRange = RuleID("EP723")
    /// `line-item-too-long`
    package static let ep724LineItemTooLong = RuleID("EP724")
    /// `duplicate-line-item-id`
    package static let ep725DuplicateLineItemId = RuleID("EP725")
    /// `line-item-bad-reference`
    package static let ep726LineItemBadReference = RuleID("EP726")
    /// `refund-differs-from-buy`
    package static let ep727RefundDiffersFromBuy = RuleID("EP727")
    /// `retraction-inconsistent`
    package static let ep728RetractionInconsistent = RuleID("EP728")
    /// `correction-window-passed`
    package static let ep729CorrectionWindowPassed = RuleID("EP729")
    /// `jws-signature-invalid`
    package static let ep730JwsSignatureInvalid = RuleID("EP730")
    /// `jws-chain-untrusted`
    package static let ep731JwsChainUntrusted = RuleID("EP731")
    /// `jws-marker-oid-missing`
    package static let ep732JwsMarkerOidMissing = RuleID("EP732")
    /// `jws-certificate-expired`
    package static let ep733JwsCertificateExpired = RuleID("EP733")
    /// `jws-algorithm-not-es256`
    package static let ep734JwsAlgorithmNotEs256 = RuleID("EP734")
    /// `jws-x5c-not-three-certificates`
    package static let ep735JwsX5cNotThreeCertificates = RuleID("EP735")
    /// `jws-verified-to-given-root`
    package static let ep736JwsVerifiedToGivenRoot = RuleID("EP736")
    /// `report-history-unreadable`
    package static let ep737ReportHistoryUnreadable = RuleID("EP737")
    /// `line-item-not-found`
    package static let ep738LineItemNotFound = RuleID("EP738")
    /// `net-amount-incorrect`
    package static let ep739NetAmountIncorrect = RuleID("EP739")
    /// `status-regression`
    package static let ep740StatusRegression = RuleID("EP740")
    /// `restatement-date-mismatch`
    package static let ep741RestatementDateMismatch = RuleID("EP741")
    /// `signature-could-not-be-verified`
    package static let ep742SignatureCouldNotBeVerified = RuleID("EP742")
    /// `signed-payload-environment-mismatch`
    package static let ep743SignedPayloadEnvironmentMismatch = RuleID("EP743")
    /// `notification-unknown-subtype`
    package static let ep744NotificationUnknownSubtype = RuleID("EP744")
    /// `reader-link-invalid`
    package static let ep801ReaderLinkInvalid = RuleID("EP801")
    /// `reader-link-no-default`
    package static let ep802ReaderLinkNoDefault = RuleID("EP802")
    /// `reader-link-missing-entitlement`
    package static let ep803ReaderLinkMissingEntitlement = RuleID("EP803")
    /// `reader-link-unused-entitlement`
    package static let ep804ReaderLinkUnusedEntitlement = RuleID("EP804")
}
