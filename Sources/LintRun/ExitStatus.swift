/// Exit statuses (docs/usage.md, "Exit status"): 0 clean (warnings and notes allowed), 1 findings, 2 the run itself failed.
package enum ExitStatus: Int32 {
    case clean = 0
    case findings = 1
    case failure = 2
}
