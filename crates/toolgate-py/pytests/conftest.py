"""Shared fixtures: hook events, answers, and isolation from any policy on this machine."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest


@pytest.fixture(autouse=True)
def _no_machine_policy(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    """Each test starts in an empty directory with an empty home and no $TOOLGATE_POLICY, so
    discovery finds the built-in default unless the test writes a policy."""
    home = tmp_path / "home"
    home.mkdir()
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("TOOLGATE_POLICY", raising=False)
    monkeypatch.chdir(work)


def event(tool: str, tool_input: Any, **extra: Any) -> dict[str, Any]:
    """A PreToolUse hook input as the SDK passes it."""
    return {
        "session_id": "s",
        "transcript_path": "/tmp/t.jsonl",
        "cwd": extra.pop("cwd", "/srv/project"),
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_input": tool_input,
        "tool_use_id": "toolu_1",
        **extra,
    }


def call(hook: Any, input_data: Any) -> Any:
    """``await hook(input_data, tool_use_id, context)`` as the SDK does."""
    return asyncio.run(hook(input_data, "toolu_1", {"signal": None}))


def decision_of(answer: dict[str, Any]) -> str:
    """``permissionDecision``, or ``no decision`` for ``{}``."""
    return answer.get("hookSpecificOutput", {}).get("permissionDecision", "no decision")


def reason_of(answer: dict[str, Any]) -> str:
    return answer.get("hookSpecificOutput", {}).get("permissionDecisionReason", "")
