// swift-format-ignore-file
// Generated from the rule files' names by scripts/generate.sh. Do not edit.
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
    EP501MultiLinkNeedsNewerOS(),
    EP502PreferMultiLink(),
]
