"""End to end: the SDK's ``query()`` with ``ToolgateHook().apply(...)`` drives the real Claude Code
CLI (the one the pinned SDK bundles) offline, against the scripted fake Messages API on
127.0.0.1. Each case proves the decision by a side effect (a file the tool would create or
delete) and by the ``tool_result`` the CLI sent back to the model.

These fail, never skip, when the SDK or its CLI is missing: the test script installs them.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fake_api import FINAL_TEXT, TOOL_USE_ID, FakeApi, ToolResult

from toolgate import ToolgateHook

BYPASS = "bypassPermissions"
SESSION_TIMEOUT = 120.0


def claude_cli() -> Path:
    """The CLI the installed SDK bundles (``$TOOLGATE_SDK_CLI_PATH`` overrides it, as
    ``ClaudeAgentOptions.cli_path``). Fails when it does not run."""
    import claude_agent_sdk

    override = os.environ.get("TOOLGATE_SDK_CLI_PATH")
    cli = Path(override) if override else Path(claude_agent_sdk.__file__).parent / "_bundled" / "claude"
    assert cli.is_file(), f"no Claude Code CLI at {cli}: scripts/test-python installs the pinned SDK, which bundles it"
    version = subprocess.run([str(cli), "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0, f"the Claude Code CLI does not run: {version.stderr}"
    return cli


@dataclass
class Outcome:
    api: FakeApi
    messages: list[Any]
    error: BaseException | None
    permission_requests: list[tuple[str, dict[str, Any], Any]] = field(default_factory=list)

    def describe(self) -> str:
        return (
            f"error: {self.error!r}\nrequests:\n{self.api.summary()}\ntool results: {self.api.tool_results}\n"
            f"messages: {self.messages}"
        )

    def tool_result(self) -> ToolResult:
        """The session ran to its scripted end; the one result for the scripted call."""
        assert self.error is None, self.describe()
        results = [m for m in self.messages if type(m).__name__ == "ResultMessage"]
        assert results and results[-1].result == FINAL_TEXT, self.describe()
        assert len(self.api.tool_results) == 1, self.describe()
        (result,) = self.api.tool_results
        assert result.tool_use_id == TOOL_USE_ID, self.describe()
        return result


@pytest.fixture
def session_dirs(tmp_path: Path) -> tuple[Path, Path]:
    home, work = Path.home(), Path.cwd()  # fresh per test (conftest)
    (tmp_path / "tmp").mkdir()
    return home, work


def run_session(
    hook: ToolgateHook,
    tool: str,
    tool_input: dict[str, Any],
    home: Path,
    work: Path,
    *,
    approve: bool | None = None,
) -> Outcome:
    """One ``query()``: the fake model makes the call, then ends its turn. With ``approve`` set,
    a ``can_use_tool`` callback records each permission request and answers it."""
    from claude_agent_sdk import ClaudeAgentOptions, PermissionResultAllow, PermissionResultDeny, query

    cli = claude_cli()
    requests: list[tuple[str, dict[str, Any], Any]] = []

    async def can_use_tool(name: str, tool_input: dict[str, Any], context: Any) -> Any:
        requests.append((name, tool_input, context))
        return PermissionResultAllow() if approve else PermissionResultDeny(message="refused by the test")

    with FakeApi(tool, tool_input) as api:
        options = ClaudeAgentOptions(
            permission_mode=BYPASS,
            cwd=str(work),
            cli_path=str(cli),
            max_turns=4,
            setting_sources=[],
            can_use_tool=can_use_tool if approve is not None else None,
            env={
                "HOME": str(home),
                "TMPDIR": str(work.parent / "tmp"),
                "ANTHROPIC_BASE_URL": api.base_url,
                "ANTHROPIC_API_KEY": "dummy-e2e-key",
                "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
                "DISABLE_AUTOUPDATER": "1",
                # CI runs as root; bypass modes refuse to start as root without it.
                "IS_SANDBOX": "1",
            },
        )
        options = hook.apply(options)
        messages: list[Any] = []

        async def prompt() -> Any:
            yield {"type": "user", "message": {"role": "user", "content": "Do the scripted task."}}

        async def drive() -> None:
            async for message in query(prompt=prompt(), options=options):
                messages.append(message)

        error: BaseException | None = None
        try:
            asyncio.run(asyncio.wait_for(drive(), SESSION_TIMEOUT))
        except Exception as e:  # noqa: BLE001 - reported with everything recorded
            error = e
        return Outcome(api, messages, error, requests)


def assert_denied_by_toolgate(result: ToolResult, outcome: Outcome, tool: str, because: str) -> None:
    assert result.text.startswith(f"PreToolUse:{tool} hook error: "), outcome.describe()
    assert "toolgate" in result.text, outcome.describe()
    assert because in result.text, outcome.describe()


def test_recursive_rm_of_home_dir_is_denied_under_bypass_permissions(session_dirs: tuple[Path, Path]) -> None:
    home, work = session_dirs
    victim = home / "x"
    victim.mkdir()
    (victim / "keep").write_text("data")
    outcome = run_session(ToolgateHook(), "Bash", {"command": "rm -fr ~/x", "description": "Remove x"}, home, work)
    result = outcome.tool_result()
    assert (victim / "keep").exists(), f"~/x was deleted\n{outcome.describe()}"
    assert_denied_by_toolgate(result, outcome, "Bash", "TG-CMD-RM-HOME")


def test_ls_runs(session_dirs: tuple[Path, Path]) -> None:
    home, work = session_dirs
    (work / "e2e-visible-file").write_text("x")
    outcome = run_session(ToolgateHook(), "Bash", {"command": "ls", "description": "List files"}, home, work)
    result = outcome.tool_result()
    assert "e2e-visible-file" in result.text, outcome.describe()
    assert not result.is_error, outcome.describe()


def test_a_secret_in_write_is_denied_and_absent_from_the_tool_result(session_dirs: tuple[Path, Path]) -> None:
    home, work = session_dirs
    secret = "ghp" + "_" + "Zq7Lm2Xv9Rt4Kp8Wn3Bc6Hd1Fg5Js0Ya2Ue4"
    target = work / "config.env"
    outcome = run_session(
        ToolgateHook(), "Write", {"file_path": str(target), "content": f"GITHUB_TOKEN={secret}\n"}, home, work
    )
    result = outcome.tool_result()
    assert not target.exists(), f"the file holding the secret was written\n{outcome.describe()}"
    assert_denied_by_toolgate(result, outcome, "Write", "TG-SECRET-GITHUB")
    assert secret not in result.text, outcome.describe()


REVIEW_POLICY = {
    "rules": [
        {
            "id": "DEPLOY-REVIEW",
            "text": "Deploys need a person",
            "keywords": ["deploy-now"],
            "workflow_action": "require_human_review",
        }
    ]
}


# The SDK warns that bypassPermissions skips can_use_tool; a hook's ask still reaches it.
@pytest.mark.filterwarnings("ignore:can_use_tool will not be invoked")
@pytest.mark.parametrize("approve", [True, False])
def test_a_review_rule_with_on_review_ask_reaches_can_use_tool(
    session_dirs: tuple[Path, Path], approve: bool
) -> None:
    home, work = session_dirs
    marker = work / "deployed"
    command = "echo deploy-now > deployed && echo DEPLOYED"
    hook = ToolgateHook(REVIEW_POLICY, on_review="ask")
    outcome = run_session(hook, "Bash", {"command": command, "description": "Deploy"}, home, work, approve=approve)
    result = outcome.tool_result()
    assert len(outcome.permission_requests) == 1, outcome.describe()
    name, tool_input, context = outcome.permission_requests[0]
    assert name == "Bash" and tool_input["command"] == command
    assert "DEPLOY-REVIEW" in (context.decision_reason or ""), context
    assert context.decision_reason.startswith("toolgate asks a person to review the tool call 'Bash'.")
    if approve:
        assert marker.exists(), f"the approved call did not run\n{outcome.describe()}"
        assert "DEPLOYED" in result.text
    else:
        assert not marker.exists(), f"the refused call ran\n{outcome.describe()}"
        assert "refused by the test" in result.text, outcome.describe()
