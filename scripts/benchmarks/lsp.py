#!/usr/bin/env python3
"""eplint lsp: the time from a keystroke's didChange to its publishDiagnostics, and memory.

A 100 KB Info.plist (filler keys and the StoreKit keys) paired with its entitlements file is
opened, then edited EDITS times, one keystroke each (a region's letter changed in place, so
every other edit has a finding); each edit waits for its version's diagnostics. Prints the
median and worst latency (target: median under 5 ms on the 2-core Linux machine) and the
server's resident memory after the first edit and the last (target: within 2x).
Usage: scripts/benchmarks/lsp.py [EPLINT] [EDITS]   (default: .build/release/eplint, 10000)
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
edits = int(sys.argv[2]) if len(sys.argv) > 2 else 10000

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
print(f"Info.plist: {len(info.encode()) // 1024} KB, {edits} edits, {eplint}")

server = subprocess.Popen([eplint, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


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
