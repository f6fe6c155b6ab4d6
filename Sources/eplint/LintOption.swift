import Preprocessor
import Reporters

/// Lint's options that other commands share (`context`, `token`, `report`, `notification`),
/// declared once as values: lint reads each one from here and the others name the same value
/// (`OptionReader.share`), so a renamed option is renamed everywhere.
enum LintOption {
    static let format = OptionSpec(
        name: "format", valueName: "FORMAT", help: { "Output format: \(ReporterList.spelledOut)." })
    static let output = OptionSpec(
        name: "output", valueName: "FILE", help: { "Write the report to FILE (atomically) instead of standard output." }
    )
    static let report = OptionSpec(
        name: "report", valueName: "FORMAT=FILE",
        help: { "Also write a report in FORMAT to FILE, from the same run (repeatable)." })
    static let srcroot = OptionSpec(
        name: "srcroot", valueName: "DIR",
        help: { "The directory SARIF paths are relative to (default: the working directory)." })
    static let color = OptionSpec(
        name: "color", valueName: "WHEN",
        help: { "Colour and source excerpts in gcc output: auto (a terminal), always or never." })
    static let config = OptionSpec(
        name: "config", valueName: "FILE",
        help: { "The configuration file (default: .eplint.yml in the working directory or a parent)." })
    static let xcconfig = OptionSpec(
        name: "xcconfig", valueName: "FILE", help: { "Build settings from an xcconfig file (repeatable)." })
    static let xcconfigCondition = OptionSpec(
        name: "xcconfig-condition", valueName: "KEY=VALUE",
        help: { "Use conditional xcconfig assignments matching this (repeatable), e.g. sdk=iphoneos." })
    static let baseline = OptionSpec(
        name: "baseline", valueName: "FILE", help: { "Report only findings not recorded in this baseline file." })
    static let writeBaseline = OptionSpec(
        name: "write-baseline", valueName: "FILE", help: { "Record the findings of this run in a baseline file." })
    static let entitlements = OptionSpec(
        name: "entitlements", valueName: "FILE", help: { "The entitlements file of every Info.plist linted." })
    static let deploymentTarget = OptionSpec(
        name: "deployment-target", valueName: "PLATFORM=VERSION",
        help: {
            "A deployment target (iOS, iPadOS, tvOS, macOS, watchOS, visionOS); replaces MinimumOSVersion/LSMinimumSystemVersion (repeatable)."
        })
    static let regions = OptionSpec(
        name: "regions", valueName: "FILE",
        help: { "Region data to use instead of the built-in copy (the format 'eplint regions' prints)." })
    static let define = OptionSpec(
        name: "define", valueName: "NAME=VALUE",
        help: { "A build setting for $(NAME) references and #if lines (repeatable)." })
    static let preprocess = OptionSpec(
        name: "preprocess",
        help: {
            "Run Info.plists through the C preprocessor, as INFOPLIST_PREPROCESS = YES (default: those with a directive line)."
        })
    static let preprocessorFlag = OptionSpec(
        name: "preprocessor-flag", valueName: "FLAG",
        help: { "A flag of INFOPLIST_OTHER_PREPROCESSOR_FLAGS, e.g. -traditional (repeatable)." })
    static let prefixHeader = OptionSpec(
        name: "prefix-header", valueName: "FILE",
        help: { "INFOPLIST_PREFIX_HEADER: a header whose #defines apply to preprocessed Info.plists." })
    static let platform = OptionSpec(
        name: "platform", valueName: "NAME",
        help: {
            "The platform Info.plists are built for, which sets the TARGET_OS_* macros of #if lines: \(TargetPlatform.names) (or Xcode's PLATFORM_NAME: iphoneos, iphonesimulator, macosx …). Default: each Xcode target's platforms (device and simulator apart), else unknown."
        })
    static let xcodeVersion = OptionSpec(
        name: "xcode-version", valueName: "VERSION",
        help: {
            "The Xcode that builds, e.g. 16.2: its clang predefines the TARGET_OS_* macros from Xcode 16.3 and none before. Default: 16.3 or later; under --xcode-environment, XCODE_VERSION_ACTUAL."
        })
    static let musicStreaming = OptionSpec(
        name: "music-streaming", valueName: "true|false",
        help: { "Whether the app qualifies for EEA music streaming (up to 5 links per EEA region)." })
    static let stdinFilename = OptionSpec(
        name: "stdin-filename", valueName: "NAME", help: { "The file name to report for standard input ('-')." })
    static let strict = OptionSpec(name: "strict", help: { "Exit 1 on warnings too." })
    static let errorOnEmpty = OptionSpec(
        name: "error-on-empty",
        help: { "Exit 2 when no file is linted (nothing named, or everything skipped or excluded)." })
    static let verbose = OptionSpec(
        name: "verbose", help: { "Say on standard error which files were skipped and why." })
    static let project = OptionSpec(
        name: "project", valueName: "FILE",
        help: {
            "An .xcodeproj or .xcworkspace whose targets give the context: each Info.plist is linted as its targets build it (repeatable)."
        })
    static let target = OptionSpec(
        name: "target", valueName: "NAME", help: { "Only this target of the Xcode projects (repeatable)." })
    static let configuration = OptionSpec(
        name: "configuration", valueName: "NAME",
        help: { "Only this build configuration of the Xcode projects (repeatable; default: all)." })
    static let xcodeEnvironment = OptionSpec(
        name: "xcode-environment",
        help: {
            "Inside an Xcode Run Script phase: take the target's context from the build settings in the environment."
        })
}
