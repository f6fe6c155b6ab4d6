import EplintBase

extension RunPlanner {
    /// A file a file of the repository names (`origin`: `INFOPLIST_PREFIX_HEADER of App/Debug`,
    /// `regions: in .eplint.yml`), read through the run's lock. One that is not followed stops
    /// the run (exit 2), naming the path and why, never its content: linting without it would
    /// lint other settings than those the build uses.
    func repositoryFile(
        _ what: String, _ path: String, origin: String, limit: Int, budget: RepositoryReads.Budget? = nil
    ) throws(PlanFailure) -> [UInt8] {
        switch reads.read(path, limit: limit, budget: budget) {
        case .read(let bytes, _): return bytes
        case .absent: throw PlanFailure.cannotRead(what, path, ReadFailure(reason: "no such file"), origin: origin)
        case .tooLarge: throw PlanFailure.notFollowed(path, "larger than \(limit) bytes", origin: origin)
        case .refused(let why): throw PlanFailure.notFollowed(path, why, origin: origin)
        case .unreadable(let failure): throw PlanFailure.cannotRead(what, path, failure, origin: origin)
        }
    }

    /// Fails when `path`, named by `origin`, exists but would not be followed.
    func check(_ path: String, origin: String) throws(PlanFailure) {
        if case .failure(.refused(let why)) = reads.locate(path) {
            throw PlanFailure.notFollowed(path, why, origin: origin)
        }
    }

    /// `-include FILE` and `-includeFILE` among preprocessor flags, and the other flags.
    static func includedHeaders(_ flags: [String]) -> (headers: [String], others: [String]) {
        var headers: [String] = []
        var others: [String] = []
        var remaining = flags.makeIterator()
        while let flag = remaining.next() {
            if flag == "-include", let file = remaining.next() {
                headers.append(file)
            } else if flag.hasPrefix("-include"), flag.count > "-include".count {
                headers.append(String(flag.dropFirst("-include".count)))
            } else {
                others.append(flag)
            }
        }
        return (headers, others)
    }
}

extension PlanFailure {
    /// A path a file of the repository names that the run's lock does not follow.
    static func notFollowed(_ path: String, _ why: String, origin: String) -> PlanFailure {
        PlanFailure(
            message:
                "\(origin) names \(path.quotedForMessage), which eplint does not follow: \(why)"
                + " (docs/untrusted-input.md says what a repository may make eplint read)", isNotFollowed: true)
    }
}
