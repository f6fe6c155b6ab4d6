// swift-format-ignore-file
// Generated from the rule files' names and Rules/ by scripts/generate.sh. Do not edit.
import LintEngine

/// Every rule of this module, in ID order.
package let allRules: [any LintRule] = [
    EP003DuplicateKey(),
    EP004WrongType(),
    EP005UnknownStoreKitKey(),
    EP006UnresolvedVariable(),
    EP011DirectivesNotPreprocessed(),
    EP101RegionNotLowercase(),
    EP102RegionUnknown(),
    EP103RegionNotAllowed(),
    EP104RegionDuplicate(),
    EP105EmptyConfiguration(),
    EP106RegionRetired(),
    EP201UrlNotHttps(),
    EP202UrlInvalid(),
    EP203UrlHasQuery(),
    EP204UrlTooLong(),
    EP205UrlNotAscii(),
    EP206UrlHasCredentials(),
    EP301LinkLimitExceeded(),
    EP302LinkMismatch(),
    EP303LinkListEmpty(),
    EP304LinkDuplicate(),
    EP401MissingEntitlement(),
    EP402UnusedEntitlement(),
    EP403EntitlementNotBoolean(),
    EP404EntitlementInInfoPlist(),
    EP405InfoKeyInEntitlements(),
    EP406EntitlementNotGranted(),
    EP407ProfileExpired(),
    EP408KeyUnusedOnAllowedRegionsRoute(),
    EP501MultiLinkNeedsNewerOS(),
    EP502PreferMultiLink(),
    EP503KeyNeedsNewerOS(),
    EP504KeyNotOnPlatform(),
    EP801ReaderLinkInvalid(),
    EP802ReaderLinkNoDefault(),
    EP803ReaderLinkMissingEntitlement(),
    EP804ReaderLinkUnusedEntitlement(),
]

// Each rule type's ID: the constant of the page its name begins with.
extension EP003DuplicateKey { var id: RuleID { .ep003DuplicateKey } }
extension EP004WrongType { var id: RuleID { .ep004WrongType } }
extension EP005UnknownStoreKitKey { var id: RuleID { .ep005UnknownStorekitKey } }
extension EP006UnresolvedVariable { var id: RuleID { .ep006UnresolvedVariable } }
extension EP011DirectivesNotPreprocessed { var id: RuleID { .ep011DirectivesNotPreprocessed } }
extension EP101RegionNotLowercase { var id: RuleID { .ep101RegionNotLowercase } }
extension EP102RegionUnknown { var id: RuleID { .ep102RegionUnknown } }
extension EP103RegionNotAllowed { var id: RuleID { .ep103RegionNotAllowed } }
extension EP104RegionDuplicate { var id: RuleID { .ep104RegionDuplicate } }
extension EP105EmptyConfiguration { var id: RuleID { .ep105EmptyConfiguration } }
extension EP106RegionRetired { var id: RuleID { .ep106RegionRetired } }
extension EP201UrlNotHttps { var id: RuleID { .ep201UrlNotHttps } }
extension EP202UrlInvalid { var id: RuleID { .ep202UrlInvalid } }
extension EP203UrlHasQuery { var id: RuleID { .ep203UrlHasQuery } }
extension EP204UrlTooLong { var id: RuleID { .ep204UrlTooLong } }
extension EP205UrlNotAscii { var id: RuleID { .ep205UrlNotAscii } }
extension EP206UrlHasCredentials { var id: RuleID { .ep206UrlHasCredentials } }
extension EP301LinkLimitExceeded { var id: RuleID { .ep301LinkLimitExceeded } }
extension EP302LinkMismatch { var id: RuleID { .ep302LinkMismatch } }
extension EP303LinkListEmpty { var id: RuleID { .ep303LinkListEmpty } }
extension EP304LinkDuplicate { var id: RuleID { .ep304LinkDuplicate } }
extension EP401MissingEntitlement { var id: RuleID { .ep401MissingEntitlement } }
extension EP402UnusedEntitlement { var id: RuleID { .ep402UnusedEntitlement } }
extension EP403EntitlementNotBoolean { var id: RuleID { .ep403EntitlementNotBoolean } }
extension EP404EntitlementInInfoPlist { var id: RuleID { .ep404EntitlementInInfoPlist } }
extension EP405InfoKeyInEntitlements { var id: RuleID { .ep405InfoKeyInEntitlements } }
extension EP406EntitlementNotGranted { var id: RuleID { .ep406EntitlementNotGranted } }
extension EP407ProfileExpired { var id: RuleID { .ep407ProfileExpired } }
extension EP408KeyUnusedOnAllowedRegionsRoute { var id: RuleID { .ep408KeyUnusedOnAllowedRegionsRoute } }
extension EP501MultiLinkNeedsNewerOS { var id: RuleID { .ep501MultilinkNeedsNewerOs } }
extension EP502PreferMultiLink { var id: RuleID { .ep502PreferMultilink } }
extension EP503KeyNeedsNewerOS { var id: RuleID { .ep503KeyNeedsNewerOs } }
extension EP504KeyNotOnPlatform { var id: RuleID { .ep504KeyNotOnPlatform } }
extension EP801ReaderLinkInvalid { var id: RuleID { .ep801ReaderLinkInvalid } }
extension EP802ReaderLinkNoDefault { var id: RuleID { .ep802ReaderLinkNoDefault } }
extension EP803ReaderLinkMissingEntitlement { var id: RuleID { .ep803ReaderLinkMissingEntitlement } }
extension EP804ReaderLinkUnusedEntitlement { var id: RuleID { .ep804ReaderLinkUnusedEntitlement } }
