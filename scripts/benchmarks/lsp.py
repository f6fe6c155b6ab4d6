#!/usr/bin/env python3
"""eplint lsp: the time from a keystroke's didChange to its publishDiagnostics, and memory.

A 100 KB Info.plist (filler keys and the StoreKit keys) paired with its entitlements file is
opened, then edited EDITS times, one keystroke each (a region's letter changed in place, so
every other edit has a finding); each edit waits for its version's diagnostics. Prints the
median and worst latency (target: median under 5 ms on the 2-core Linux machine) and the
server's resident memory after the first edit and the last (target: within 2x).
Usage: scripts/benchmarks/lsp.py [EPLINT] [EDITS]   (default: .build/release/eplint, 10000)

Scaling: scripts/benchmarks/lsp.py EPLINT scaling [COUNTS]   (default counts: 1000,10000)
opens COUNT small Info.plists (ten a folder, each folder with its entitlements file on disk)
in one server, and prints the server's CPU per document opened (open and publish), per edit of
one document with all open, and for one watched entitlements change (how many documents it
re-published), at each count; the target is 10,000 within 2x of 1,000 per document.
"""

import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile
import time

eplint = sys.argv[1] if len(sys.argv) > 1 else ".build/release/eplint"
scaling = len(sys.argv) > 2 and sys.argv[2] == "scaling"
edits = int(sys.argv[2]) if len(sys.argv) > 2 and not scaling else 10000

work = pathlib.Path(tempfile.mkdtemp(prefix="eplint-lsp-bench-"))
filler = "".join(f"\t<key>ExampleKey{i:05d}</key>\n\t<string>value {i:05d} of the filler</string>\n" for i in range(1600))
info = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
    "\t<key>SKExternalPurchase</key>\n\t<array>\n\t\t<string>nl</string>\n\t</array>\n"
    "\t<key>SKExternalPurchaseLink</key>\n\t<dict>\n\t\t<key>nl</key>\n\t\t<string>https://example.com/nl</string>\n\t</dict>\n"
    + filler
    + "</dict>\n</plist>\n"
)
(work / "Info.plist").write_text(info)
(work / "App.entitlements").write_text(
    '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
    "\t<key>com.apple.developer.storekit.external-purchase</key>\n\t<true/>\n"
    "\t<key>com.apple.developer.storekit.external-purchase-link</key>\n\t<true/>\n</dict>\n</plist>\n"
)
server = None


def send(message):
    body = json.dumps(message).encode()
    server.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    server.stdin.flush()


def receive():
    length = None
    while True:
        line = server.stdout.readline()
        if line in (b"\r\n", b""):
            break
        name, _, value = line.decode().partition(":")
        if name.lower() == "content-length":
            length = int(value)
    return json.loads(server.stdout.read(length))


def wait_for_diagnostics(version):
    while True:
        message = receive()
        if message.get("method") == "textDocument/publishDiagnostics" and message["params"].get("version") == version:
            return message["params"]["diagnostics"]


def resident_kb():
    if platform.system() == "Linux":
        for line in open(f"/proc/{server.pid}/status"):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return int(subprocess.run(["ps", "-o", "rss=", "-p", str(server.pid)], capture_output=True, text=True).stdout)


def cpu_seconds():
    """The server's user and system CPU so far."""
    if platform.system() == "Linux":
        fields = open(f"/proc/{server.pid}/stat").read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    text = subprocess.run(["ps", "-o", "time=", "-p", str(server.pid)], capture_output=True, text=True).stdout.strip()
    minutes, _, seconds = text.rpartition(":")
    return float(minutes or 0) * 60 + float(seconds)


def wait_for_published(uris):
    """Reads until every URI in `uris` has had diagnostics published."""
    waiting = set(uris)
    while waiting:
        message = receive()
        if message.get("method") == "textDocument/publishDiagnostics":
            waiting.discard(message["params"]["uri"])


def scaling_case(count):
    global server
    folder = pathlib.Path(tempfile.mkdtemp(prefix=f"eplint-lsp-scaling-{count}-"))
    small = info.split("\t<key>ExampleKey00000</key>")[0] + "</dict>\n</plist>\n"
    documents = []
    for index in range(count):
        app = folder / f"app{index // 10:05d}"
        if index % 10 == 0:
            app.mkdir()
            (app / "App.entitlements").write_text((work / "App.entitlements").read_text())
        path = app / f"Info{index % 10}.plist"
        path.write_text(small)
        documents.append(path)
    server = subprocess.Popen([eplint, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "rootUri": folder.as_uri(), "capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0}}})
    receive()
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    started = cpu_seconds()
    uris = [path.as_uri() for path in documents]
    # In bursts of 50, each read back before the next (a pipe holds only so much).
    for first in range(0, count, 50):
        burst = uris[first:first + 50]
        for uri_ in burst:
            send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
                "textDocument": {"uri": uri_, "languageId": "xml", "version": 1, "text": small}}})
        wait_for_published(burst)
    opened = cpu_seconds()
    # One document edited 100 times with every other open.
    target = uris[count // 2]
    for version in range(2, 102):
        send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": target, "version": version}, "contentChanges": [{"text": small}]}})
        wait_for_published([target])
    edited = cpu_seconds()
    # An entitlements file changed on disk: its folder's ten documents pair with it.
    changed = documents[count // 2].parent / "App.entitlements"
    send({"jsonrpc": "2.0", "method": "workspace/didChangeWatchedFiles", "params": {
        "changes": [{"uri": changed.as_uri(), "type": 2}]}})
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    republished = 0
    while True:
        message = receive()
        if message.get("id") == 2:
            break
        republished += message.get("method") == "textDocument/publishDiagnostics"
    watched = cpu_seconds()
    send({"jsonrpc": "2.0", "method": "exit"})
    server.wait(timeout=60)
    per_open = (opened - started) / count * 1000
    per_edit = (edited - opened) / 100 * 1000
    print(f"{count:6d} open: {per_open:.3f} ms CPU per document opened, {per_edit:.3f} ms per edit, "
          f"watched change: {republished} re-published, {(watched - edited) * 1000:.0f} ms")
    return per_open, per_edit


if scaling:
    counts = [int(n) for n in (sys.argv[3] if len(sys.argv) > 3 else "1000,10000").split(",")]
    print(f"scaling, {eplint}")
    figures = [scaling_case(count) for count in counts]
    if len(figures) > 1:
        print(f"{counts[-1]} / {counts[0]}: {figures[-1][0] / figures[0][0]:.2f}x per document opened, "
              f"{figures[-1][1] / figures[0][1]:.2f}x per edit (target: within 2x)")
    sys.exit(0)

print(f"Info.plist: {len(info.encode()) // 1024} KB, {edits} edits, {eplint}")
server = subprocess.Popen([eplint, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
uri = (work / "Info.plist").as_uri()
# No debounce delay: what is measured is the lint of each keystroke, not the wait for the next.
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
    "rootUri": work.as_uri(), "capabilities": {}, "initializationOptions": {"debounceMilliseconds": 0}}})
receive()
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
    "textDocument": {"uri": uri, "languageId": "xml", "version": 1, "text": info}}})
wait_for_diagnostics(1)

latencies = []
first_memory = None
for index in range(edits):
    version = index + 2
    # Line 5 is "\t\t<string>nl</string>": its first letter toggles between n and N.
    send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"range": {"start": {"line": 5, "character": 10}, "end": {"line": 5, "character": 11}},
                            "text": "N" if index % 2 == 0 else "n"}]}})
    started = time.perf_counter()
    found = wait_for_diagnostics(version)
    latencies.append((time.perf_counter() - started) * 1000)
    assert [d["code"] for d in found] == (["EP101"] if index % 2 == 0 else []), found
    if index == 0:
        first_memory = resident_kb()
last_memory = resident_kb()
send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
receive()
send({"jsonrpc": "2.0", "method": "exit"})
status = server.wait(timeout=30)

print(f"didChange -> publishDiagnostics: median {statistics.median(latencies):.2f} ms, worst {max(latencies):.2f} ms")
print(f"resident memory: {first_memory} KB after the first edit, {last_memory} KB after {edits} "
      f"({last_memory / first_memory:.2f}x)")
print(f"exit status {status}")
