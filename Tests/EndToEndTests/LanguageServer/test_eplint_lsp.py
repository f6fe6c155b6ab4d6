"""`eplint lsp` driven by pytest-lsp (PyPI) as an editor's client drives it.

Run by LanguageServerClientTests.swift with EPLINT set to the built binary; the diagnostics
are compared with `eplint --format json` on the same saved file.
"""

import json
import os
import pathlib
import subprocess
import sys

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcMethodNotFound
from pytest_lsp import ClientServerConfig, LanguageClient

EPLINT = os.environ["EPLINT"]

# Each finding's line holds characters of 2, 3 and 4 bytes (1, 1 and 2 UTF-16 units) before it.
INFO_PLIST = """<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0">
<dict>
\t<key>SKExternalPurchase</key>
\t<array>
\t\t<!-- é日€😀 --><string>NL</string>
\t\t<string>fr</string>
\t</array>
\t<key>SKExternalPurchaseMultiLink</key>
\t<dict>
\t\t<key>fr</key>
\t\t<array>
\t\t\t<!-- 価😀😀 --><string>http://example.com/bücher?x=1</string>
\t\t</array>
\t</dict>
</dict>
</plist>
"""


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> pathlib.Path:
    folder = tmp_path_factory.mktemp("workspace")
    (folder / "Info.plist").write_text(INFO_PLIST, encoding="utf-8")
    # The workspace's configuration applies in the editor as on the command line.
    (folder / ".eplint.yml").write_text("severity:\n  EP201: warning\n", encoding="utf-8")
    return folder


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[EPLINT, "lsp"]))
async def client(lsp_client: LanguageClient, workspace: pathlib.Path):
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="workspace")],
        )
    )
    yield
    await lsp_client.shutdown_session()


def utf16_units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def command_line_findings(workspace: pathlib.Path) -> list:
    """`eplint --format json Info.plist` in the workspace, as LSP ranges in UTF-16."""
    run = subprocess.run(
        [EPLINT, "--format", "json", "Info.plist"], cwd=workspace, capture_output=True, text=True
    )
    assert run.returncode in (0, 1), run.stderr
    lines = (workspace / "Info.plist").read_text(encoding="utf-8").split("\n")
    severities = {"error": 1, "warning": 2, "note": 3}
    findings = []
    for finding in json.loads(run.stdout)["diagnostics"]:
        # Columns count Unicode scalars, as Python's str does; the UTF-16 units are Python's
        # own encoding of the text before them, not eplint's utf16Column.
        start_line = lines[finding["line"] - 1]
        end_line = lines[finding["endLine"] - 1]
        findings.append(
            (
                finding["line"] - 1,
                utf16_units(start_line[: finding["column"] - 1]),
                finding["endLine"] - 1,
                utf16_units(end_line[: finding["endColumn"] - 1]),
                severities[finding["severity"]],
                finding["rule"],
                finding["message"],
            )
        )
    return findings


def published(client: LanguageClient, uri: str) -> list:
    return [
        (
            d.range.start.line,
            d.range.start.character,
            d.range.end.line,
            d.range.end.character,
            int(d.severity),
            d.code,
            d.message,
        )
        for d in client.diagnostics.get(uri, [])
    ]


async def next_diagnostics(client: LanguageClient):
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)


@pytest.mark.asyncio
async def test_diagnostics_equal_the_command_line_then_follow_edits(
    client: LanguageClient, workspace: pathlib.Path
):
    uri = (workspace / "Info.plist").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=1, text=INFO_PLIST)
        )
    )
    await next_diagnostics(client)
    expected = command_line_findings(workspace)
    assert len(expected) >= 3, expected
    assert {code for *_, code, _ in expected} >= {"EP101", "EP201", "EP203"}
    assert published(client, uri) == expected
    assert all(d.source == "eplint" for d in client.diagnostics[uri])
    assert client.diagnostics[uri][0].code_description.href.endswith("/Rules/EP101.md")
    # EP201 is a warning by the workspace's .eplint.yml.
    assert [d.severity for d in client.diagnostics[uri] if d.code == "EP201"] == [
        types.DiagnosticSeverity.Warning
    ]

    # An incremental edit after the multibyte comment (é, 日 and € one UTF-16 unit each, 😀 two).
    line = INFO_PLIST.split("\n")[5]
    start = utf16_units(line[: line.index("NL")])
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        start=types.Position(line=5, character=start),
                        end=types.Position(line=5, character=start + 2),
                    ),
                    text="nl",
                )
            ],
        )
    )
    await next_diagnostics(client)
    assert "EP101" not in [d.code for d in client.diagnostics[uri]]
    # The unsaved text is linted, not the file: saved, the command line agrees.
    edited = INFO_PLIST.replace("<string>NL</string>", "<string>nl</string>")
    (workspace / "Info.plist").write_text(edited, encoding="utf-8")
    assert published(client, uri) == command_line_findings(workspace)
    client.text_document_did_save(
        types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await next_diagnostics(client)
    assert published(client, uri) == command_line_findings(workspace)

    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    await next_diagnostics(client)
    assert list(client.diagnostics[uri]) == []


@pytest.mark.asyncio
async def test_a_broken_configuration_is_a_diagnostic_at_its_line(client: LanguageClient, workspace: pathlib.Path):
    """Edited into an error, .eplint.yml gets EP012 at the line (after the debounce delay); fixed, it clears."""
    uri = (workspace / ".eplint.yml").as_uri()
    saved = (workspace / ".eplint.yml").read_text(encoding="utf-8")
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="yaml", version=1, text=saved)
        )
    )
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="severity:\n  EP201: warnin\n")],
        )
    )
    await next_diagnostics(client)
    found = client.diagnostics[uri]
    assert [(d.code, d.range.start.line, d.message) for d in found] == [
        ("EP012", 1, "severity: must be error, warning or note")
    ]
    assert found[0].code_description.href.endswith("/Rules/EP012.md")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=saved)],
        )
    )
    await next_diagnostics(client)
    assert list(client.diagnostics[uri]) == []


def apply(text: str, edits: list) -> str:
    """Applies LSP text edits (UTF-16 positions) to a text, last first."""
    lines = text.split("\n")
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(position) -> int:
        line = lines[position.line]
        # UTF-16 units to characters.
        count, units = 0, 0
        while count < len(line) and units < position.character:
            units += utf16_units(line[count])
            count += 1
        return offsets[position.line] + count

    for edit in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[: offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end) :]
    return text


@pytest.mark.asyncio
async def test_quick_fixes_hover_and_pull_diagnostics(
    client: LanguageClient, workspace: pathlib.Path, tmp_path: pathlib.Path
):
    path = tmp_path / "Info.plist"
    path.write_text(INFO_PLIST, encoding="utf-8")
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=1, text=INFO_PLIST)
        )
    )
    await next_diagnostics(client)
    whole = types.Range(start=types.Position(line=0, character=0), end=types.Position(line=99, character=0))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=whole,
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert actions, "no code action"
    fix_all = [a for a in actions if a.kind == "source.fixAll.eplint"]
    disables = [a for a in actions if a.title.startswith("Disable ")]
    actions = [a for a in actions if a not in fix_all and a not in disables]
    assert {a.title for a in disables} == {f"Disable {code} for the next element" for code in ("EP101", "EP201", "EP203", "EP205")}
    preferred = [a for a in actions if a.is_preferred]
    unsafe = [a for a in actions if not a.is_preferred]
    assert [a.diagnostics[0].code for a in preferred] == ["EP101"]
    assert unsafe and all(a.title.startswith("Fix (unsafe): ") for a in unsafe)
    assert all(a.kind == types.CodeActionKind.QuickFix for a in actions)
    # The preferred (safe) fixes applied to the buffer give what `eplint --fix` writes.
    fixed = apply(INFO_PLIST, [e for a in preferred for e in a.edit.changes[uri]])
    run = subprocess.run([EPLINT, "--fix", str(path)], cwd=workspace, capture_output=True, text=True)
    assert run.returncode in (0, 1), run.stderr
    assert fixed == path.read_text(encoding="utf-8")
    assert fixed != INFO_PLIST
    # "Fix all" is what `--fix` wrote, as one edit of the whole document.
    assert len(fix_all) == 1 and apply(INFO_PLIST, fix_all[0].edit.changes[uri]) == fixed
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)],
        )
    )
    await next_diagnostics(client)
    assert "EP101" not in [d.code for d in client.diagnostics[uri]]

    # Hover inside a finding: the page of each rule found there (EP201, EP203, EP205 on one link).
    ep203 = next(d for d in client.diagnostics[uri] if d.code == "EP203")
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=ep203.range.start)
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    pages = hover.contents.value
    assert pages.startswith("# EP201 url-not-https") and "\n# EP203 url-has-query\n" in pages
    assert "/Rules/EP205.md" in pages

    # Hover on a StoreKit key: what it requires.
    key = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=8, character=12)
        )
    )
    assert key.contents.value.startswith("**SKExternalPurchaseMultiLink**")
    assert "`com.apple.developer.storekit.external-purchase-link`" in key.contents.value
    assert "iOS 17.5" in key.contents.value

    # Pull diagnostics: the same as those pushed.
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert report.kind == "full"
    assert [(d.code, d.range) for d in report.items] == [(d.code, d.range) for d in client.diagnostics[uri]]


@pytest.mark.asyncio
async def test_a_move_edits_both_files(client: LanguageClient, tmp_path: pathlib.Path):
    """EP404's fix moves the entitlement into the paired file: one workspace edit of both."""
    info = INFO_PLIST.replace(
        "</dict>\n</plist>", "\t<key>com.apple.developer.storekit.external-purchase</key>\n\t<true/>\n</dict>\n</plist>"
    )
    entitlements = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n</dict>\n</plist>\n'
    (tmp_path / "Info.plist").write_text(info, encoding="utf-8")
    (tmp_path / "App.entitlements").write_text(entitlements, encoding="utf-8")
    uri = (tmp_path / "Info.plist").as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=1, text=info)
        )
    )
    await next_diagnostics(client)
    ep404 = next(d for d in client.diagnostics[uri] if d.code == "EP404")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=ep404.range,
            context=types.CodeActionContext(diagnostics=[ep404]),
        )
    )
    move = next(a for a in actions if a.diagnostics[0].code == "EP404")
    assert move.title.startswith("Fix (unsafe): ") and not move.is_preferred
    changes = move.edit.changes
    assert set(changes) == {uri, (tmp_path / "App.entitlements").as_uri()}
    moved = apply(entitlements, changes[(tmp_path / "App.entitlements").as_uri()])
    assert "<key>com.apple.developer.storekit.external-purchase</key>" in moved
    assert "external-purchase</key>" not in apply(info, changes[uri])


def corpus_files() -> list:
    """EPLINT_LSP_CORPUS: folders (separated by ':') whose text plists, entitlements and Expo
    files are compared."""
    names = (".plist", ".entitlements", "app.json", "app.config.json")
    found = []
    for root in filter(None, os.environ.get("EPLINT_LSP_CORPUS", "").split(":")):
        for path in sorted(pathlib.Path(root).rglob("*")):
            if not path.is_file() or not path.name.endswith(names):
                continue
            data = path.read_bytes()
            # What an editor opens as text: UTF-8 (its BOM dropped, as editors do), no binary plist.
            if data.startswith(b"bplist") or b"\0" in data:
                continue
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                continue
            found.append(path)
    return found


def split_lines(text: str) -> list:
    """Lines as the protocol counts them: LF, CR LF and CR end one."""
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


@pytest.mark.asyncio
@pytest.mark.skipif(not os.environ.get("EPLINT_LSP_CORPUS"), reason="EPLINT_LSP_CORPUS is not set")
async def test_corpus_diagnostics_equal_the_command_line(client: LanguageClient, workspace: pathlib.Path):
    """Every text document of a corpus: the server's diagnostics are --format json's findings,
    the command line run in the server's root (whose .eplint.yml makes EP201 a warning)."""
    files = corpus_files()
    assert files, "no document in EPLINT_LSP_CORPUS"
    severities = {"error": 1, "warning": 2, "note": 3}
    mismatches = []
    compared = 0
    findings = 0
    for version, path in enumerate(files, start=1):
        text = path.read_bytes().decode("utf-8").removeprefix("\ufeff")
        run = subprocess.run([EPLINT, "--format", "json", str(path)], cwd=workspace, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            continue  # The run itself failed (an unreadable project): nothing to compare.
        lines = split_lines(text)
        expected = []
        for finding in json.loads(run.stdout)["diagnostics"]:
            if pathlib.Path(workspace, finding["file"]).resolve() != path.resolve():
                continue
            start_line = lines[min(finding["line"], len(lines)) - 1]
            end_line = lines[min(finding["endLine"], len(lines)) - 1]
            expected.append((
                finding["line"] - 1, utf16_units(start_line[: finding["column"] - 1]), finding["endLine"] - 1,
                utf16_units(end_line[: finding["endColumn"] - 1]), severities[finding["severity"]],
                finding["rule"], finding["message"],
            ))
        uri = path.as_uri()
        client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="xml", version=version, text=text)))
        await next_diagnostics(client)
        got = published(client, uri)
        findings += len(expected)
        if got != expected:
            mismatches.append((str(path), expected, got))
        compared += 1
        client.text_document_did_close(types.DidCloseTextDocumentParams(
            text_document=types.TextDocumentIdentifier(uri=uri)))
        await next_diagnostics(client)
    print(f"compared {compared} documents, {findings} findings")
    assert compared > 0 and findings > 0
    assert not mismatches, mismatches[:3]


@pytest.mark.asyncio
async def test_an_unknown_request_is_method_not_found(client: LanguageClient):
    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("eplint/noSuchMethod", {})


def test_exit_status_follows_shutdown(tmp_path: pathlib.Path):
    """Raw bytes: a request before initialize, malformed JSON, then exit with and without shutdown."""

    def frame(message) -> bytes:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def run(*messages) -> subprocess.CompletedProcess:
        data = b"".join(frame(m) for m in messages)
        return subprocess.run([EPLINT, "lsp"], input=data, capture_output=True, timeout=60)

    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    shutdown = {"jsonrpc": "2.0", "id": 2, "method": "shutdown"}
    exit_ = {"jsonrpc": "2.0", "method": "exit"}
    early = {"jsonrpc": "2.0", "id": 0, "method": "textDocument/hover", "params": {}}
    done = run(early, b"{not json", initialize, shutdown, exit_)
    assert done.returncode == 0, done.stderr
    assert b'"code": -32002' in done.stdout and b'"code": -32700' in done.stdout
    assert run(initialize, exit_).returncode == 1
    # The input closing ends the server too.
    assert run(initialize, shutdown).returncode == 0
    assert run(initialize).returncode == 1
    # A request cancelled in the same write (under PIPE_BUF, so read at once) is not run.
    hover = {"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {
        "textDocument": {"uri": "file:///nowhere/Info.plist"}, "position": {"line": 0, "character": 0}}}
    cancel = {"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": 3}}
    data = b"".join(frame(m) for m in (initialize, hover, cancel, shutdown, exit_))
    assert len(data) < 4096
    cancelled = subprocess.run([EPLINT, "lsp"], input=data, capture_output=True, timeout=60)
    assert cancelled.returncode == 0 and b'"code": -32800' in cancelled.stdout
    # A length of 2^63 cannot be read past: the server stops cleanly, saying why.
    huge = subprocess.run(
        [EPLINT, "lsp"], input=b"Content-Length: 9223372036854775808\r\n\r\n{}", capture_output=True, timeout=60
    )
    assert huge.returncode == 1 and b"Content-Length" in huge.stderr


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
