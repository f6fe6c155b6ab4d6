/// The external purchase tokens of Apple's page (shared/seeds), copied so that a clone without
/// ../shared tests them too (ServerSideTests' SeedExampleTests checks the copies against the
/// seeds): the server-side rules' tests, in-process and end to end, read them.
package enum SeedTokens {
    /// externalPurchaseId 00000000-0000-0000-0000-000000000000.
    package static let production =
        "ewoJImFwcEFwcGxlSWQiOjEyMzQ1Njc4OTAsCgkiYnVuZGxlSWQiOiJjb20uZXhhbXBsZSIsCgkidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsCgkiZXh0ZXJuYWxQdXJjaGFzZUlkIjoiMDAwMDAwMDAtMDAwMC0wMDAwLTAwMDAtMDAwMDAwMDAwMDAwIgp9"
    /// externalPurchaseId SANDBOX_00000000-0000-0000-0000-000000000000.
    package static let sandbox =
        "ewoJImFwcEFwcGxlSWQiOjEyMzQ1Njc4OTAsCgkiYnVuZGxlSWQiOiJjb20uZXhhbXBsZSIsCgkidG9rZW5DcmVhdGlvbkRhdGUiOjE3MDYxNjk2MDAwMDAsCgkiZXh0ZXJuYWxQdXJjaGFzZUlkIjoiU0FOREJPWF8wMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiCn0K"
}
