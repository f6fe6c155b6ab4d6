"""The preprocessor's hostile inputs (issue 31) on the release build: each class of
preprocessor_inputs.py at sizes from 10 to 10^6 must end with exit 0 or 1 and a finding (no
signal), in under BOUND seconds and under the memory bound, with time and memory growing at
most linearly; on the main thread, on the main thread with `ulimit -s 512`, and on worker
threads (two files) with 512 KiB stacks (EPLINT_WORKER_STACK_KIB), and under -traditional (exit
status and memory).
Usage: python3 adversarial_preprocessor.py EPLINT WORKDIR [BOUND-SECONDS] [LARGEST]"""
import os, re, resource, signal, subprocess, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from preprocessor_inputs import CLASSES

eplint, work = os.path.abspath(sys.argv[1]), sys.argv[2]
bound = float(sys.argv[3]) if len(sys.argv) > 3 else 2.0
largest = int(sys.argv[4]) if len(sys.argv) > 4 else 100_000
os.makedirs(work, exist_ok=True)

# The stated bound (README, "Limits"; issue 31): peak RSS at most 32 MB + 16 bytes per input byte.
def memory_bound(size):
    return 32 * 2**20 + 16 * size

# Classes whose input grows by ~25 bytes per step stop at 10^5: 10^6 steps is past the 16 MB
# eplint preprocesses unless told to.
SHORTER = {"object-chain": 100_000, "function-chain": 100_000}


def spawn(command, cwd, timeout, environment=None, preexec_fn=None):
    """Exit status, standard output and standard error of `command`; 124 when it still runs
    after `timeout` seconds, as with GNU timeout (which macOS lacks): its whole process group
    is killed then, eplint under /usr/bin/time included."""
    process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=environment,
                               preexec_fn=preexec_fn, start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return 124, b"", b""
    return process.returncode, out, err


def run(arguments, cwd, stack_kib=None, worker_kib=None):
    """The exit status of one run (124: still running after a minute)."""
    environment = dict(os.environ)
    if worker_kib: environment["EPLINT_WORKER_STACK_KIB"] = str(worker_kib)
    def limit():
        if stack_kib: resource.setrlimit(resource.RLIMIT_STACK, (stack_kib * 1024, stack_kib * 1024))
    return spawn([eplint, "--color", "never"] + arguments, cwd, 60, environment, limit)[0]


def timed(arguments, cwd, timeout=None):
    """One run: exit status, peak RSS (0 when not recorded) and standard output of eplint alone,
    and the seconds it took. The peak RSS is /usr/bin/time's, a small program that forks eplint
    (a child forked from this script would count the script's memory too): GNU time's %M (KiB,
    into a file) on Linux, BSD time's -l (bytes, on standard error) on macOS."""
    command = [eplint, "--color", "never"] + arguments
    report = os.path.join(cwd, "rss.txt")
    if os.path.exists(report): os.remove(report)
    darwin = sys.platform == "darwin"
    start = time.perf_counter()
    if darwin:
        code, out, err = spawn(["/usr/bin/time", "-l"] + command, cwd, timeout)
    else:
        code, out, err = spawn(["/usr/bin/time", "-f", "%M", "-o", report] + command, cwd, timeout)  # linux-only
    elapsed = time.perf_counter() - start
    if darwin:
        recorded = re.search(rb"(\d+)\s+maximum resident set size", err)
        rss = int(recorded.group(1)) if recorded else 0
    else:
        recorded = open(report).read().split() if os.path.exists(report) else []
        rss = int(recorded[-1]) * 1024 if recorded else 0
    return code, rss, out, elapsed


def traditional(cwd):
    """Exit status and peak RSS of one run under -traditional (blanks are tokens there, and
    text and directives take other paths)."""
    code, rss, _, _ = timed(["--preprocessor-flag", "-traditional", "Info.plist"], cwd, timeout=60)
    return code, rss


def measured(arguments, cwd):
    """Best of 3 for time, with that run's peak RSS, exit status and output."""
    best = None
    for _ in range(3):
        code, rss, out, elapsed = timed(arguments, cwd)
        if best is None or elapsed < best[0]: best = (elapsed, rss, code, out)
    return best


failed = False
print("| class | size | input | exit | best of 3 | peak RSS | bound | 512 KiB main | 512 KiB workers | -traditional | first line |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for name, make in CLASSES.items():
    previous = None
    size = 10
    while size <= min(largest, SHORTER.get(name, largest)):
        text = make(size)
        folder = os.path.join(work, f"{name}-{size}")
        os.makedirs(folder, exist_ok=True)
        for file in ("Info.plist", "Other-Info.plist"):
            with open(os.path.join(folder, file), "w") as handle: handle.write(text)
        elapsed, rss, code, out = measured(["Info.plist"], folder)
        small_main = run(["Info.plist"], folder, stack_kib=512)
        small_workers = run(["Info.plist", "Other-Info.plist"], folder, worker_kib=512)
        traditional_code, traditional_rss = traditional(folder)
        first = out.decode("utf-8", "replace").split("\n")[0]
        problems = []
        if code not in (0, 1) or small_main not in (0, 1) or small_workers not in (0, 1) or traditional_code not in (0, 1):
            problems.append("exit status (a signal?)")
        if traditional_rss > memory_bound(len(text)): problems.append("over the memory bound under -traditional")
        if not first: problems.append("no finding")
        if elapsed > bound: problems.append(f"over {bound:.0f} s")
        if rss > memory_bound(len(text)): problems.append("over the memory bound")
        if previous and elapsed > 0.1 and elapsed / previous[0] > 20: problems.append(f"time grows {elapsed / previous[0]:.0f}x for 10x")
        # Growth is judged where it is above the start-up's 20-odd MB (below, noise and the allocator's steps rule).
        if previous and previous[1] > 96 * 2**20 and (rss - 32 * 2**20) / (previous[1] - 32 * 2**20) > 20: problems.append("memory grows faster than linearly")
        failed = failed or bool(problems)
        print(f"| {name} | {size:,} | {len(text):,} B | {code} | {elapsed:.3f} s | {rss / 2**20:.0f} MB | {memory_bound(len(text)) / 2**20:.0f} MB "
              f"| {small_main} | {small_workers} | {traditional_code}, {traditional_rss / 2**20:.0f} MB | {first[:70]} |" + (f"  <- FAILED: {'; '.join(problems)}" if problems else ""), flush=True)
        previous = (elapsed, rss)
        size *= 10
sys.exit(1 if failed else 0)
