// swift-format-ignore-file
// Generated from the rule files' names and Rules/ by scripts/generate.sh. Do not edit.
import LintEngine

/// Every server-side rule, in ID order. EP601, EP602, EP701, EP702, EP714, EP715, EP737 and the
/// signature rules EP730–EP736, EP742, EP743 are reported by `ServerLinter` and `ReportHistory`
/// (a document or history could not be read, or its signature is judged: `SignatureCheck`).
package let allServerRules: [any ServerRule] = [
    EP603TokenMissingField(),
    EP604TokenWrongType(),
    EP605TokenUnknownType(),
    EP606TokenDateNotMilliseconds(),
    EP607TokenExpiresBeforeCreation(),
    EP608TokenBundleMismatch(),
    EP609TokenEnvironmentMismatch(),
    EP610AppAppleIdMismatch(),
    EP611TokenExpirationUndocumented(),
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
    EP729CorrectionWindowPassed(),
    EP738LineItemNotFound(),
    EP739NetAmountIncorrect(),
    EP740StatusRegression(),
    EP741RestatementDateMismatch(),
    EP744NotificationUnknownSubtype(),
]

// Each rule type's ID: the constant of the page its name begins with.
extension EP603TokenMissingField { var id: RuleID { .ep603TokenMissingField } }
extension EP604TokenWrongType { var id: RuleID { .ep604TokenWrongType } }
extension EP605TokenUnknownType { var id: RuleID { .ep605TokenUnknownType } }
extension EP606TokenDateNotMilliseconds { var id: RuleID { .ep606TokenDateNotMilliseconds } }
extension EP607TokenExpiresBeforeCreation { var id: RuleID { .ep607TokenExpiresBeforeCreation } }
extension EP608TokenBundleMismatch { var id: RuleID { .ep608TokenBundleMismatch } }
extension EP609TokenEnvironmentMismatch { var id: RuleID { .ep609TokenEnvironmentMismatch } }
extension EP610AppAppleIdMismatch { var id: RuleID { .ep610TokenAppAppleIdMismatch } }
extension EP611TokenExpirationUndocumented { var id: RuleID { .ep611TokenExpirationUndocumented } }
extension EP703MissingField { var id: RuleID { .ep703MissingField } }
extension EP704WrongType { var id: RuleID { .ep704WrongType } }
extension EP705NotAUUID { var id: RuleID { .ep705NotAUuid } }
extension EP706UnknownReportStatus { var id: RuleID { .ep706UnknownReportStatus } }
extension EP707LineItemsStatusMismatch { var id: RuleID { .ep707LineItemsStatusMismatch } }
extension EP708DuplicateTokenStatusMisused { var id: RuleID { .ep708DuplicateTokenStatusMisused } }
extension EP709DuplicateRequestIdentifier { var id: RuleID { .ep709DuplicateRequestIdentifier } }
extension EP710PayloadFieldCount { var id: RuleID { .ep710PayloadFieldCount } }
extension EP711PayloadFieldMismatch { var id: RuleID { .ep711PayloadFieldMismatch } }
extension EP712NotificationVersion { var id: RuleID { .ep712UnsupportedNotificationVersion } }
extension EP713DateNotMilliseconds { var id: RuleID { .ep713DateNotMilliseconds } }
extension EP716LineItemMissingField { var id: RuleID { .ep716LineItemMissingField } }
extension EP717LineItemFieldNotAllowed { var id: RuleID { .ep717LineItemFieldNotAllowed } }
extension EP718LineItemUnknownValue { var id: RuleID { .ep718LineItemUnknownValue } }
extension EP719LineItemReportingCurrency { var id: RuleID { .ep719LineItemReportingCurrency } }
extension EP720LineItemValueOutOfRange { var id: RuleID { .ep720LineItemValueOutOfRange } }
extension EP721LineItemTaxMismatch { var id: RuleID { .ep721LineItemTaxMismatch } }
extension EP722LineItemDateNotMilliseconds { var id: RuleID { .ep722LineItemDateNotMilliseconds } }
extension EP723LineItemDateOutOfRange { var id: RuleID { .ep723LineItemDateOutOfRange } }
extension EP724LineItemTooLong { var id: RuleID { .ep724LineItemTooLong } }
extension EP725DuplicateLineItemId { var id: RuleID { .ep725DuplicateLineItemId } }
extension EP726LineItemBadReference { var id: RuleID { .ep726LineItemBadReference } }
extension EP727RefundDiffersFromBuy { var id: RuleID { .ep727RefundDiffersFromBuy } }
extension EP728RetractionInconsistent { var id: RuleID { .ep728RetractionInconsistent } }
extension EP729CorrectionWindowPassed { var id: RuleID { .ep729CorrectionWindowPassed } }
extension EP738LineItemNotFound { var id: RuleID { .ep738LineItemNotFound } }
extension EP739NetAmountIncorrect { var id: RuleID { .ep739NetAmountIncorrect } }
extension EP740StatusRegression { var id: RuleID { .ep740StatusRegression } }
extension EP741RestatementDateMismatch { var id: RuleID { .ep741RestatementDateMismatch } }
extension EP744NotificationUnknownSubtype { var id: RuleID { .ep744NotificationUnknownSubtype } }
