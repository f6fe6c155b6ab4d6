import LintEngine

/// What eplint needs of one `*.xcodeproj`: its source root, its configurations and its native
/// targets, each configuration with its build settings and base xcconfig. Read from
/// `project.pbxproj` with `OpenStepReader`; nothing else of the project is interpreted.
package struct XcodeProjectFile: Sendable {
    /// The `.xcodeproj` directory, absolute and normalised.
    package var bundlePath: String
    /// `SRCROOT`/`PROJECT_DIR`: the bundle's folder joined with `projectDirPath`.
    package var sourceRoot: String
    package var name: String
    package var configurations: [BuildConfiguration]
    var defaultConfigurationName: String?
    package var targets: [Target]
    /// Targets eplint does not lint (aggregate, legacy, pre-Xcode 2.1): name and isa.
    package var otherTargets: [(name: String, isa: String)]

    package struct BuildConfiguration: Sendable {
        package var name: String
        /// In file order; each value is a string, or a list joined as Xcode joins it.
        package var settings: [(key: String, value: String)]
        /// The base xcconfig, absolute; nil when none. `baseConfigurationUnresolvable`
        /// says why one that is named cannot be found.
        var baseConfiguration: String?
        var baseConfigurationUnresolvable: String?
    }

    package struct Target: Sendable {
        package var name: String
        var productType: String?
        var productName: String?
        package var configurations: [BuildConfiguration]
        var defaultConfigurationName: String?
    }

    package struct ReadError: Error, Sendable {
        package var message: String
    }

    /// Reads `<bundle>/project.pbxproj`. `bundlePath` is absolute.
    package init(bundlePath: String, readBytes: (String) -> [UInt8]?) throws(ReadError) {
        self.bundlePath = PathArithmetic.normalized(bundlePath)
        let pbxproj = self.bundlePath + "/project.pbxproj"
        guard let bytes = readBytes(pbxproj) else { throw ReadError(message: "cannot read \(pbxproj)") }
        let root: OpenStepValue
        do throws(OpenStepError) { root = try OpenStepReader.parse(bytes) } catch {
            throw ReadError(message: "project.pbxproj:\(error.line): \(error.message)")
        }
        guard let top = root.dictionary, let objects = top["objects"]?.dictionary,
            let rootID = top["rootObject"]?.string, let project = objects[rootID]?.dictionary
        else {
            throw ReadError(message: "\(pbxproj) has no objects or root object")
        }
        let folder = PathArithmetic.normalized(self.bundlePath + "/..")
        let bundleName = self.bundlePath.split(separator: "/").last.map(String.init) ?? self.bundlePath
        name = bundleName.hasSuffix(".xcodeproj") ? String(bundleName.dropLast(10)) : bundleName
        let projectDir = project["projectDirPath"]?.string ?? ""
        sourceRoot =
            projectDir.isEmpty
            ? folder : PathArithmetic.normalized(projectDir.hasPrefix("/") ? projectDir : folder + "/" + projectDir)
        let paths = FileReferencePaths(
            objects: objects, mainGroup: project["mainGroup"]?.string, sourceRoot: sourceRoot)
        let list = Self.configurationList(project["buildConfigurationList"]?.string, objects, paths)
        configurations = list.configurations
        defaultConfigurationName = list.defaultName
        var targets: [Target] = []
        var others: [(String, String)] = []
        for id in project["targets"]?.array ?? [] {
            guard let id = id.string, let target = objects[id]?.dictionary else { continue }
            let targetName = target["name"]?.string ?? id
            let isa = target["isa"]?.string ?? ""
            guard isa == "PBXNativeTarget", let listID = target["buildConfigurationList"]?.string else {
                others.append((targetName, isa))
                continue
            }
            let targetList = Self.configurationList(listID, objects, paths)
            targets.append(
                Target(
                    name: targetName, productType: target["productType"]?.string,
                    productName: target["productName"]?.string,
                    configurations: targetList.configurations, defaultConfigurationName: targetList.defaultName))
        }
        self.targets = targets
        otherTargets = others
    }

    private static func configurationList(_ id: String?, _ objects: OpenStepDictionary, _ paths: FileReferencePaths)
        -> (configurations: [BuildConfiguration], defaultName: String?)
    {
        guard let id, let list = objects[id]?.dictionary else { return ([], nil) }
        var configurations: [BuildConfiguration] = []
        for item in list["buildConfigurations"]?.array ?? [] {
            guard let itemID = item.string, let configuration = objects[itemID]?.dictionary else { continue }
            var settings: [(String, String)] = []
            if let dictionary = configuration["buildSettings"]?.dictionary {
                for key in dictionary.keys { settings.append((key, joined(dictionary[key]!))) }
            }
            var base: String?
            var unresolvable: String?
            if let reference = configuration["baseConfigurationReference"]?.string {
                switch paths.path(of: reference) {
                case .success(let path): base = path
                case .failure(let reason): unresolvable = reason.message
                }
            } else if let anchor = configuration["baseConfigurationReferenceAnchor"]?.string,
                let relative = configuration["baseConfigurationReferenceRelativePath"]?.string
            {
                switch paths.path(of: anchor) {
                case .success(let folder): base = PathArithmetic.normalized(folder + "/" + relative)
                case .failure(let reason): unresolvable = reason.message
                }
            }
            configurations.append(
                BuildConfiguration(
                    name: configuration["name"]?.string ?? itemID, settings: settings,
                    baseConfiguration: base, baseConfigurationUnresolvable: unresolvable))
        }
        return (configurations, list["defaultConfigurationName"]?.string)
    }

    /// A list-typed setting written as an array is one value with its items separated by
    /// spaces, an item with a space quoted (as Xcode shows it).
    static func joined(_ value: OpenStepValue) -> String {
        switch value {
        case .string(let text): return text
        case .array(let items):
            return items.compactMap(\.string).map { item in
                item.contains(" ") && !item.hasPrefix("\"") ? "\"" + item + "\"" : item
            }.joined(separator: " ")
        case .data, .dictionary: return ""
        }
    }
}

/// Where a file reference or group of the project lives on disk (Xcode's `sourceTree`).
struct FileReferencePaths {
    let objects: OpenStepDictionary
    let sourceRoot: String
    /// Child id → parent group id.
    private var parents: [String: String] = [:]

    struct Unresolvable: Error { var message: String }

    init(objects: OpenStepDictionary, mainGroup: String?, sourceRoot: String) {
        self.objects = objects
        self.sourceRoot = sourceRoot
        for key in objects.keys {
            guard let object = objects[key]?.dictionary, let children = object["children"]?.array else { continue }
            for child in children { if let id = child.string { parents[id] = key } }
        }
    }

    func path(of id: String, depth: Int = 0) -> Result<String, Unresolvable> {
        guard depth < 64, let object = objects[id]?.dictionary else {
            return .failure(Unresolvable(message: "file reference \(id) not found"))
        }
        let path = object["path"]?.string ?? ""
        let tree = object["sourceTree"]?.string ?? "<group>"
        let base: String
        switch tree {
        case "<absolute>": return .success(PathArithmetic.normalized(path))
        case "SOURCE_ROOT": base = sourceRoot
        case "<group>":
            if let parent = parents[id] {
                switch self.path(of: parent, depth: depth + 1) {
                case .success(let folder): base = folder
                case .failure(let reason): return .failure(reason)
                }
            } else {
                base = sourceRoot
            }
        default:
            return .failure(Unresolvable(message: "\(path) is relative to \(tree), which is known only while building"))
        }
        if path.hasPrefix("/") { return .success(PathArithmetic.normalized(path)) }
        return .success(path.isEmpty ? base : PathArithmetic.normalized(base + "/" + path))
    }
}
