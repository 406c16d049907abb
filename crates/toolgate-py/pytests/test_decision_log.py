"""The decision log (``log:``): one line per hook callback, no input values, failures settled
as ``log.on_failure`` says, and a chain ``toolgate audit verify`` accepts under concurrency."""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import subprocess
import sys
import textwrap
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from conftest import call, decision_of, event, reason_of

from toolgate import ToolgateHook, ToolgateLogWarning

# Built at run time, so that the source holds no token-shaped literal.
GITHUB_TOKEN = "ghp" + "_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
# The executable the wheel installed next to the interpreter (a missing one fails the test).
TOOLGATE = Path(sys.executable).parent / "toolgate"
REVIEW_RULE = {"id": "DEPLOY", "text": "t", "keywords": ["deploy-now"], "workflow_action": "require_human_review"}


def policy(log: dict[str, Any]) -> dict[str, Any]:
    return {"log": log, "rules": [REVIEW_RULE]}


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def verify(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TOOLGATE), "audit", "verify", str(path)], capture_output=True, text=True)


def test_each_hook_call_appends_one_line(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "decisions.jsonl"
    hook = ToolgateHook(policy({"path": str(log)}), on_review="ask")
    assert hook.log_path == str(log)
    answers = [
        call(hook, event("Bash", {"command": "rm -rf ~"}, session_id="sess-1", tool_use_id="toolu_a")),
        call(hook, event("Bash", {"command": "ls -la"})),
        call(hook, event("Bash", {"command": "echo deploy-now"})),
    ]
    assert [decision_of(a) for a in answers] == ["deny", "no decision", "ask"]
    got = lines(log)
    assert len(got) == 3
    for line in got:
        assert line["surface"] == "python"
        assert line["target_type"] == "tool_call"
        assert line["agent"] == "claude"
        assert line["tool"] == "Bash"
        assert line["input_hash"].startswith("hmac-sha256:")
        assert "input" not in line
    assert [(line["decision"], line["host_answer"]) for line in got] == [
        ("deny", "deny"),
        ("no_decision", "none"),
        ("review", "ask"),
    ]
    assert got[0]["session_id"] == "sess-1"
    # The callback's tool_use_id argument (conftest.call passes toolu_1) wins over the event's.
    assert got[0]["tool_use_id"] == "toolu_1"
    assert got[2]["rule_ids"] == ["DEPLOY"]
    assert [line["seq"] for line in got] == [0, 1, 2]
    result = verify(log)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_line_names_the_policy(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    policy_file = tmp_path / "policy.yaml"
    policy_file.write_text("log:\n  path: d.jsonl\n")  # relative to the policy file
    call(ToolgateHook(str(policy_file)), event("Bash", {"command": "ls"}))
    mapping = policy({"path": str(log)})
    call(ToolgateHook(mapping), event("Bash", {"command": "ls"}))
    call(ToolgateHook(mapping), event("Bash", {"command": "ls"}))
    call(ToolgateHook(f"log:\n  path: {log}\n"), event("Bash", {"command": "ls"}))
    from_file, *inline = lines(log)
    assert from_file["policy"] == {
        "source": "file",
        "path": str(policy_file),
        "sha256": hashlib.sha256(policy_file.read_bytes()).hexdigest(),
    }
    # Text and mappings have no file: `inline`, with the hash of what was read, so the
    # same mapping hashes the same and another policy differently.
    assert [p["policy"]["source"] for p in inline] == ["inline"] * 3
    hashes = [p["policy"]["sha256"] for p in inline]
    assert hashes[0] == hashes[1] != hashes[2]
    assert hashes[2] == hashlib.sha256(f"log:\n  path: {log}\n".encode()).hexdigest()


def test_the_tool_use_id_comes_from_the_event_when_the_callback_has_none(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    hook = ToolgateHook(policy({"path": str(log)}))
    asyncio.run(hook(event("Bash", {"command": "ls"}, tool_use_id="toolu_ev"), None, {"signal": None}))
    # An id that is not a plain identifier is left out rather than logged.
    asyncio.run(hook(event("Bash", {"command": "ls"}, session_id="a b\nc"), "x" * 300, {"signal": None}))
    first, second = lines(log)
    assert first["tool_use_id"] == "toolu_ev"
    assert "session_id" not in second
    assert "tool_use_id" not in second


def test_no_input_value_reaches_the_log(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    hook = ToolgateHook(policy({"path": str(log)}))
    secret_write = call(hook, event("Write", {"file_path": "/srv/app/.env", "content": f"TOKEN={GITHUB_TOKEN}\n"}))
    assert decision_of(secret_write) == "deny"
    assert GITHUB_TOKEN not in reason_of(secret_write)
    call(hook, event("Bash", {"command": "ls /srv/unmistakable-marker-dir"}))
    text = log.read_text()
    assert len(text.splitlines()) == 2
    for value in (GITHUB_TOKEN, "TOKEN=", "unmistakable-marker-dir", "/srv/app/.env"):
        assert value not in text
    write_line = json.loads(text.splitlines()[0])
    assert write_line["tool"] == "Write"
    assert write_line["decision"] == "deny"
    assert any(rule.startswith("TG-SECRET") for rule in write_line["rule_ids"]), write_line


def test_store_input_redacted_replaces_the_secret(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    hook = ToolgateHook(policy({"path": str(log), "store_input": "redacted"}))
    call(hook, event("Write", {"file_path": "notes.md", "content": f"key {GITHUB_TOKEN} here"}))
    text = log.read_text()
    assert GITHUB_TOKEN not in text
    (line,) = lines(log)
    assert line["redactions"] == 1
    assert line["input"]["file_path"] == "notes.md"
    assert line["input"]["content"].startswith("key [REDACTED:TG-SECRET")
    assert line["input"]["content"].endswith("] here")


def test_evaluate_and_other_events_do_not_log(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    hook = ToolgateHook(policy({"path": str(log)}))
    assert hook.evaluate("Bash", {"command": "rm -rf ~"}).verdict == "deny"
    assert call(hook, {"hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {}}) == {}
    assert not log.exists()
    # A malformed PreToolUse event is denied, and that deny is a decision: it is logged.
    malformed = call(hook, {"hook_event_name": "PreToolUse", "tool_name": "Bash"})
    assert decision_of(malformed) == "deny"
    (line,) = lines(log)
    assert (line["decision"], line["host_answer"], line["tool"]) == ("deny", "deny", "Bash")
    assert "input_hash" not in line


def test_input_that_is_not_json_data_is_denied_and_logged(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    hook = ToolgateHook(policy({"path": str(log)}))
    answer = call(hook, event("Bash", {"command": object()}))
    assert decision_of(answer) == "deny"
    (line,) = lines(log)
    assert line["decision"] == "deny"
    assert line["tool"] == "Bash"


def unwritable(tmp_path: Path) -> Path:
    """A log path under a regular file: no write can succeed, whoever runs the test."""
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    return blocker / "decisions.jsonl"


def test_an_unwritable_log_denies_under_on_failure_deny(tmp_path: Path) -> None:
    hook = ToolgateHook(policy({"path": str(unwritable(tmp_path)), "on_failure": "deny"}))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        answer = call(hook, event("Bash", {"command": "ls"}))
    assert caught == []  # the deny says why; no warning besides
    assert decision_of(answer) == "deny"
    assert "decision log could not be written" in reason_of(answer)
    assert "on_failure: deny" in reason_of(answer)
    # A deny stays the engine's deny, with its own reason (and a warning that it went unlogged).
    with pytest.warns(ToolgateLogWarning, match="decision log could not be written"):
        denied_anyway = call(hook, event("Bash", {"command": "rm -rf ~"}))
    assert decision_of(denied_anyway) == "deny"
    assert "decision log" not in reason_of(denied_anyway)
    # The default is deny as well.
    default = ToolgateHook(policy({"path": str(unwritable(tmp_path))}))
    assert decision_of(call(default, event("Bash", {"command": "ls"}))) == "deny"


def test_an_unwritable_log_only_warns_under_on_failure_warn(tmp_path: Path) -> None:
    hook = ToolgateHook(policy({"path": str(unwritable(tmp_path)), "on_failure": "warn"}), on_review="ask")
    with pytest.warns(ToolgateLogWarning, match="decision log could not be written"):
        answer = call(hook, event("Bash", {"command": "ls"}))
    assert answer == {}
    with pytest.warns(ToolgateLogWarning):
        assert decision_of(call(hook, event("Bash", {"command": "echo deploy-now"}))) == "ask"
    # Warnings turned into errors do not turn into a raise (or a deny) either.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert call(hook, event("Bash", {"command": "ls"})) == {}


def test_toolgate_log_overrides_the_policy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    in_policy = tmp_path / "policy.jsonl"
    from_env = tmp_path / "env" / "d.jsonl"
    monkeypatch.setenv("TOOLGATE_LOG", "off")
    assert ToolgateHook(policy({"path": str(in_policy)})).log_path is None
    monkeypatch.setenv("TOOLGATE_LOG", str(from_env))
    hook = ToolgateHook(policy({"path": str(in_policy)}))
    assert hook.log_path == str(from_env)
    call(hook, event("Bash", {"command": "ls"}))
    assert len(lines(from_env)) == 1
    assert not in_policy.exists()
    # `on` with no path in the policy: the default log under $HOME (conftest's empty home).
    monkeypatch.setenv("TOOLGATE_LOG", "on")
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    hook = ToolgateHook({"rules": [REVIEW_RULE]})
    assert hook.log_path == os.path.join(os.environ["HOME"], ".local/state/toolgate/decisions.jsonl")
    # Read when the hook is made: changing the variable later changes nothing.
    monkeypatch.setenv("TOOLGATE_LOG", "off")
    call(hook, event("Bash", {"command": "ls"}))
    assert len(lines(Path(hook.log_path))) == 1


def test_a_relative_log_path_is_fixed_when_the_hook_is_made(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    hook = ToolgateHook(policy({"path": "logs/d.jsonl"}))
    assert hook.log_path == str(tmp_path / "logs" / "d.jsonl")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    call(hook, event("Bash", {"command": "ls"}))
    assert len(lines(tmp_path / "logs" / "d.jsonl")) == 1
    assert not (elsewhere / "logs").exists()


CALLS = [
    ("Bash", {"command": "rm -rf ~"}),
    ("Bash", {"command": "ls -la"}),
    ("Bash", {"command": "echo deploy-now"}),
    ("Write", {"file_path": "/tmp/a.env", "content": GITHUB_TOKEN}),
    ("WebFetch", {"url": "http://169.254.169.254/", "prompt": "p"}),
]


def test_100_concurrent_asyncio_calls_write_100_chained_lines(tmp_path: Path) -> None:
    log = tmp_path / "d.jsonl"
    hook = ToolgateHook(policy({"path": str(log)}), on_review="ask")
    events = [event(*CALLS[i % len(CALLS)]) for i in range(100)]

    async def one(i: int, e: dict[str, Any]) -> Any:
        await asyncio.sleep(0)  # let the tasks interleave
        return await hook(e, f"toolu_{i}", {"signal": None})

    async def all_at_once() -> list[Any]:
        return await asyncio.gather(*(asyncio.create_task(one(i, e)) for i, e in enumerate(events)))

    answers = asyncio.run(all_at_once())
    got = lines(log)
    assert len(got) == 100
    assert sorted(line["tool_use_id"] for line in got) == sorted(f"toolu_{i}" for i in range(100))
    assert [line["seq"] for line in got] == list(range(100))
    by_id = {line["tool_use_id"]: line for line in got}
    for i, answer in enumerate(answers):
        host_answer = by_id[f"toolu_{i}"]["host_answer"]
        assert host_answer == {"no decision": "none"}.get(decision_of(answer), decision_of(answer))
    assert GITHUB_TOKEN not in log.read_text()
    result = verify(log)
    assert result.returncode == 0, result.stdout + result.stderr


def test_threads_append_whole_lines_to_one_chain(tmp_path: Path) -> None:
    """Eight threads share one hook: the GIL is released for the decision and the write, so the
    appends really overlap and only the log's lock orders them. Small rotation size: the chain
    also crosses files."""
    log = tmp_path / "d.jsonl"
    hook = ToolgateHook(policy({"path": str(log), "rotate_bytes": "64KiB", "keep": 0}))

    def one(i: int) -> str:
        answer = asyncio.run(hook(event(*CALLS[i % len(CALLS)]), f"toolu_{i}", {"signal": None}))
        return decision_of(answer)

    unlogged = ToolgateHook({"rules": [REVIEW_RULE]})
    expected = [decision_of(call(unlogged, event(*c))) for c in CALLS]
    with ThreadPoolExecutor(max_workers=8) as pool:
        decisions = list(pool.map(one, range(240)))
    assert decisions == [expected[i % len(CALLS)] for i in range(240)]
    files = sorted(tmp_path.glob("d.jsonl*"))
    rotated = [f for f in files if f.name not in ("d.jsonl", "d.jsonl.head")]
    assert rotated, f"no rotation at 64 KiB: {files}"
    got = [line for f in [*sorted(rotated, reverse=True), log] for line in lines(f)]
    assert sorted(line["seq"] for line in got) == list(range(240))
    assert sorted(line["tool_use_id"] for line in got) == sorted(f"toolu_{i}" for i in range(240))
    result = verify(log)
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_gil_is_released_while_the_line_is_written(tmp_path: Path) -> None:
    """A hook call waiting for the log's lock does not hold the GIL.

    The child process takes the log's lock (``flock`` on ``<log>.head``, the lock every writer
    takes) and lets a thread call the hook, which waits for it. The main thread then runs
    Python for a while and only then releases the lock. Were the GIL held while the hook
    waits, the main thread could never run again and the child would time out.
    """
    log = tmp_path / "d.jsonl"
    code = textwrap.dedent(
        f"""
        import asyncio, fcntl, threading, time
        from toolgate import ToolgateHook
        hook = ToolgateHook({{"log": {{"path": {str(log)!r}}}}})
        event = {{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": {{"command": "ls"}}}}
        call = lambda: asyncio.run(hook(event, None, None))
        call()  # creates the log and its head file
        with open({str(log) + ".head"!r}, "rb") as head:
            fcntl.flock(head, fcntl.LOCK_EX)
            answers = []
            writer = threading.Thread(target=lambda: answers.append(call()))
            writer.start()
            spins, until = 0, time.monotonic() + 0.3
            while time.monotonic() < until:
                spins += 1
            waiting = writer.is_alive()
            fcntl.flock(head, fcntl.LOCK_UN)
        writer.join()
        print(waiting, spins > 0, answers)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True True [{}]", out.stdout
    assert len(lines(log)) == 2
