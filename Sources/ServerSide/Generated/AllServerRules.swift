// swift-format-ignore-file
// Generated from the rule files' names by scripts/generate.sh. Do not edit.

/// Every server-side rule, in ID order. EP601, EP602, EP701, EP702, EP714 and EP715 are
/// reported by `ServerLinter` itself (the document could not be read, or was read unverified).
public let allServerRules: [any ServerRule] = [
    EP603TokenMissingField(),
    EP604TokenWrongType(),
    EP605TokenUnknownType(),
    EP606TokenDateNotMilliseconds(),
    EP607TokenExpiresBeforeCreation(),
    EP608TokenBundleMismatch(),
    EP609TokenEnvironmentMismatch(),
    EP610AppAppleIdMismatch(),
    EP703MissingField(),
    EP704WrongType(),
    EP705NotAUUID(),
    EP706UnknownReportStatus(),
    EP707LineItemsStatusMismatch(),
    EP708DuplicateTokenStatusMisused(),
    EP709DuplicateRequestIdentifier(),
    EP710PayloadFieldCount(),
    EP711PayloadFieldMismatch(),
    EP712NotificationVersion(),
    EP713DateNotMilliseconds(),
    EP716LineItemMissingField(),
    EP717LineItemFieldNotAllowed(),
    EP718LineItemUnknownValue(),
    EP719LineItemReportingCurrency(),
    EP720LineItemValueOutOfRange(),
    EP721LineItemTaxMismatch(),
    EP722LineItemDateNotMilliseconds(),
    EP723LineItemDateOutOfRange(),
    EP724LineItemTooLong(),
    EP725DuplicateLineItemId(),
    EP726LineItemBadReference(),
    EP727RefundDiffersFromBuy(),
    EP728RetractionInconsistent(),
]
