"""Concurrent calls: 100 asyncio tasks, threads, and the GIL released while the engine decides."""

from __future__ import annotations

import asyncio
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from conftest import event

from toolgate import ToolgateHook

SECRET = "ghp" + "_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"
CALLS = [
    ("Bash", {"command": "rm -rf ~"}),
    ("Bash", {"command": "ls -la"}),
    ("Bash", {"command": "echo deploy-now"}),
    ("Write", {"file_path": "/tmp/a.env", "content": SECRET}),
    ("WebFetch", {"url": "http://169.254.169.254/", "prompt": "p"}),
    ("Read", {"file_path": "README.md"}),
    ("mcp__srv__run", {"args": ["rm", "-rf", "/"]}),
]
POLICY = {
    "rules": [
        {"id": "DEPLOY", "text": "t", "keywords": ["deploy-now"], "workflow_action": "require_human_review"}
    ]
}


def test_100_concurrent_asyncio_tasks_get_the_sequential_answers() -> None:
    hook = ToolgateHook(POLICY, on_review="ask")
    events = [event(*CALLS[i % len(CALLS)]) for i in range(100)]

    async def one(e: dict[str, Any]) -> Any:
        # Yield first, so that the tasks really interleave.
        await asyncio.sleep(0)
        return await hook(e, e["tool_use_id"], {"signal": None})

    async def all_at_once() -> list[Any]:
        return await asyncio.gather(*(asyncio.create_task(one(e)) for e in events))

    async def one_by_one() -> list[Any]:
        return [await hook(e, None, {"signal": None}) for e in events]

    concurrent = asyncio.run(all_at_once())
    sequential = asyncio.run(one_by_one())
    assert concurrent == sequential
    decisions = [a.get("hookSpecificOutput", {}).get("permissionDecision") for a in concurrent[: len(CALLS)]]
    assert decisions == ["deny", None, "ask", "deny", "deny", None, "deny"]


def test_threads_share_one_hook() -> None:
    hook = ToolgateHook(POLICY)
    expected = [hook.evaluate(name, tool_input).to_dict() for name, tool_input in CALLS]
    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(lambda i: hook.evaluate(*CALLS[i % len(CALLS)]).to_dict(), range(400)))
    assert results == [expected[i % len(CALLS)] for i in range(400)]


def test_the_gil_is_released_while_the_engine_decides() -> None:
    """Another Python thread runs while ``evaluate`` is inside the engine.

    A spinner thread counts while the main thread makes one long decision (a large Write). The
    switch interval is set long, so the interpreter itself never hands the GIL over during the
    call: the spinner can only run if the engine lets go of the GIL. Holding it, the count
    would not move between the two reads around the call.
    """
    hook = ToolgateHook()
    content = "lorem ipsum dolor sit amet, consectetur adipiscing elit\n" * 18_000  # ~1 MB
    count = 0
    stop = False

    def spin() -> None:
        nonlocal count
        while not stop:
            count += 1

    old_interval = sys.getswitchinterval()
    spinner = threading.Thread(target=spin, daemon=True)
    moved = []
    try:
        spinner.start()
        sys.setswitchinterval(1.0)
        for _ in range(5):
            # Let the spinner take the GIL and hand it back: this thread then owns a fresh
            # switch interval for the reads and the call below.
            threading.Event().wait(0.001)
            before = count
            decision = hook.evaluate("Write", {"file_path": "/tmp/notes.md", "content": content})
            after = count
            assert decision.verdict == "no_decision", decision.reason
            moved.append(after - before)
            if after > before:
                break
    finally:
        stop = True
        sys.setswitchinterval(old_interval)
        spinner.join()
    assert any(m > 0 for m in moved), f"the spinner never ran during evaluate(): {moved}"
