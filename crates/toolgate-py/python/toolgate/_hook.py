"""``ToolgateHook``: the Claude Agent SDK ``PreToolUse`` hook over toolgate's engine."""

from __future__ import annotations

import dataclasses
import math
import os
import sysconfig
import warnings
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal

from toolgate import _native
from toolgate._native import Decision, PolicyError

if TYPE_CHECKING:
    from claude_agent_sdk.types import ClaudeAgentOptions, HookMatcher

OnReview = Literal["deny", "ask"]

_EVENT = "PreToolUse"
# The reason when even the engine's own error handling failed. The engine answers every
# error itself; this is the last net, because a callback that raises lets the call run.
_INTERNAL_ERROR = (
    "toolgate: Tool call '<unknown>' was not executed. toolgate hit an internal error while "
    "checking this tool call, so it was denied."
)
_SDK_MISSING = (
    "ToolgateHook.{method}() needs the Claude Agent SDK, which is not installed: "
    "pip install 'claude-agent-sdk>=0.2.119,<0.3' (or pip install 'toolgate[sdk]'). "
    "evaluate() and the hook callback itself work without it."
)


class ToolgatePolicyWarning(UserWarning):
    """The policy loaded, with warnings (the text is what ``toolgate validate`` prints)."""


class ToolgateLogWarning(UserWarning):
    """A decision could not be written to the decision log and ``log.on_failure`` is ``warn``,
    so the hook's answer stands (the text says why, never with input values)."""


def _policy_argument(policy: Any) -> tuple[str, Any]:
    """How the native engine should read ``policy``."""
    if policy is None:
        return "discover", None
    if isinstance(policy, os.PathLike):
        return "path", os.fspath(policy)
    if isinstance(policy, str):
        # Text has a line break, starts a JSON object, or holds `key: value` / `key = value`
        # and names no existing file; anything else is a path.
        stripped = policy.strip()
        looks_like_text = (
            "\n" in stripped
            or stripped.startswith("{")
            or ((":" in stripped or "=" in stripped) and not os.path.exists(policy))
        )
        return ("text", policy) if looks_like_text else ("path", policy)
    if isinstance(policy, Mapping):
        return "data", policy
    msg = f"policy must be a path, a mapping, policy text or None, not {type(policy).__name__}"
    raise TypeError(msg)


def _installed_binary() -> str | None:
    """The ``toolgate`` executable this package installed, protected from the agent's writes."""
    scripts = sysconfig.get_path("scripts")
    if scripts:
        path = os.path.join(scripts, "toolgate.exe" if os.name == "nt" else "toolgate")
        if os.path.isfile(path):
            return path
    return None


def _check_timeout(timeout: Any) -> float | None:
    if timeout is None:
        return None
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not math.isfinite(timeout) or timeout <= 0:
        msg = "timeout must be a finite number of seconds greater than zero."
        raise ValueError(msg)
    return float(timeout)


class ToolgateHook(_native.Engine):
    """A Claude Agent SDK ``PreToolUse`` hook that checks every tool call with toolgate.

    The engine runs in process: rules (acgs-lite compatible constitutions), shell-aware
    command analysis and the network egress policy, the same decision as ``toolgate hook``.
    The hook answers ``deny`` for calls that must not run (in every permission mode,
    ``bypassPermissions`` included), ``deny`` or ``ask`` (``on_review``) for calls a person
    must review, and no decision (or ``allow`` with ``grant_allowed=True``) otherwise. It
    never raises: any error is a ``deny``.

    Args:
        policy: A policy file path (``str`` or ``os.PathLike``), an acgs-lite constitution
            file (read as the policy's ``constitution:``), a mapping, policy text (YAML, JSON
            or TOML), or ``None`` to find the policy as the CLI does (``$TOOLGATE_POLICY``,
            ``.toolgate.yaml`` in the working directory or a parent,
            ``~/.config/toolgate/policy.yaml``, else the built-in default).
        on_review: ``"deny"`` or ``"ask"``; ``None`` keeps the policy's ``hook.on_review``
            (default ``"deny"``).
        grant_allowed: ``True`` answers ``allow`` when nothing objects; ``None`` keeps the
            policy's ``hook.grant_allowed`` (default ``False``).
        matcher: The ``HookMatcher`` tool-name matcher; ``None`` (the default) checks every
            tool, MCP tools and sub-agent calls included.
        timeout: ``HookMatcher.timeout`` in seconds (``None``: the SDK's default).

    Decision log: when the policy has a ``log:`` section (or ``$TOOLGATE_LOG`` turns it on;
    both are read once, here), every hook callback appends one line to the JSONL log, as
    ``toolgate hook`` does, with ``surface`` ``python``: the agent, ids, tool, decision, the
    answer the SDK received, rule ids, and a keyed hash of the input, never input values.
    A line that cannot be written never turns a deny into anything else; under
    ``log.on_failure: deny`` (the default) it denies the call, under ``warn`` the answer
    stands and a ``ToolgateLogWarning`` is issued. ``evaluate()`` does no I/O and never logs.

    Raises:
        PolicyError: The policy has errors (the message is ``toolgate validate``'s report,
            with file, line and column).
        ValueError, TypeError: An argument is invalid.
    """

    __slots__ = ("_matcher", "_timeout")

    # The engine is this object's native base: ``evaluate`` is its method, called without a
    # Python frame in between (``Engine.evaluate`` documents it). The arguments are checked
    # and the policy read in ``__new__``, where the native base is made.
    def __new__(
        cls,
        policy: str | os.PathLike[str] | Mapping[str, Any] | None = None,
        *,
        on_review: OnReview | None = None,
        grant_allowed: bool | None = None,
        matcher: str | None = None,
        timeout: float | None = None,
    ) -> ToolgateHook:
        if on_review not in (None, "deny", "ask"):
            msg = f"on_review must be 'deny' or 'ask', not {on_review!r}."
            raise ValueError(msg)
        if grant_allowed is not None and not isinstance(grant_allowed, bool):
            msg = "grant_allowed must be a bool."
            raise TypeError(msg)
        if matcher is not None and not isinstance(matcher, str):
            msg = "matcher must be a str (a tool name, names joined by '|', or a regex) or None."
            raise TypeError(msg)
        checked_timeout = _check_timeout(timeout)
        kind, value = _policy_argument(policy)
        self = super().__new__(cls, kind, value, on_review, grant_allowed, _installed_binary())
        self._timeout = checked_timeout
        self._matcher = matcher
        if self._warnings:
            warnings.warn(self._warnings.rstrip(), ToolgatePolicyWarning, stacklevel=2)
        return self

    def __init__(
        self,
        policy: str | os.PathLike[str] | Mapping[str, Any] | None = None,
        *,
        on_review: OnReview | None = None,
        grant_allowed: bool | None = None,
        matcher: str | None = None,
        timeout: float | None = None,
    ) -> None:
        """Nothing left to do: ``__new__`` made the hook. Kept so that a subclass's
        ``super().__init__(...)`` takes the same arguments as before."""

    def __repr__(self) -> str:
        """Describe the hook without its rules."""
        return (
            f"ToolgateHook(policy={self._source!r}, on_review={self.on_review!r}, "
            f"grant_allowed={self.grant_allowed!r}, matcher={self._matcher!r}, timeout={self._timeout!r})"
        )

    @property
    def policy_source(self) -> str:
        """Where the policy came from: a path, ``built-in default``, ``<policy text>``, ..."""
        return self._source

    @property
    def on_review(self) -> OnReview:
        """What a call that needs review gets: ``"deny"`` or ``"ask"``."""
        return self._on_review

    @property
    def grant_allowed(self) -> bool:
        """Whether calls nothing objects to are answered ``allow`` (else no decision)."""
        return self._grant_allowed

    @property
    def log_path(self) -> str | None:
        """The decision log the hook callback appends to, or ``None`` when the log is off."""
        path = self._log_path
        return None if path is None else os.fspath(path)

    if TYPE_CHECKING:

        def evaluate(
            self, tool_name: str, tool_input: Any, *, cwd: str | os.PathLike[str] | None = None
        ) -> Decision:
            """Decide one tool call without running it, asking anyone, or any I/O (the native
            ``Engine.evaluate``, which this class inherits)."""
            ...

    def matcher(self) -> HookMatcher:
        """The ``HookMatcher`` that runs this hook (put it under ``hooks["PreToolUse"]``).

        With an SDK that has ``HookMatcher.on_failure``, it is ``"block"``: a callback that
        times out then blocks the call instead of letting it run.
        """
        try:
            from claude_agent_sdk.types import HookMatcher
        except ImportError as err:
            raise ImportError(_SDK_MISSING.format(method="matcher")) from err
        kwargs: dict[str, Any] = {"matcher": self._matcher, "hooks": [self], "timeout": self._timeout}
        if "on_failure" in {f.name for f in dataclasses.fields(HookMatcher)}:
            kwargs["on_failure"] = "block"
        return HookMatcher(**kwargs)

    def apply(self, options: ClaudeAgentOptions) -> ClaudeAgentOptions:
        """A copy of ``options`` with this hook first in ``hooks["PreToolUse"]``.

        The user's other matchers and events are kept; ``options`` is not modified. Claude
        Code applies the most restrictive answer of all hooks, so no other hook can turn this
        hook's ``deny`` into ``allow``.
        """
        try:
            import claude_agent_sdk.types  # noqa: F401
        except ImportError as err:
            raise ImportError(_SDK_MISSING.format(method="apply")) from err
        hooks = dict(options.hooks or {})
        hooks[_EVENT] = [self.matcher(), *hooks.get(_EVENT, [])]
        return dataclasses.replace(options, hooks=hooks)

    async def __call__(self, input_data: Any, tool_use_id: str | None, context: Any) -> dict[str, Any]:
        """The SDK hook callback: the answer ``toolgate hook`` gives for the same event.

        Never raises. Malformed input (not a mapping, no tool name, no ``tool_input``) is
        denied; events other than ``PreToolUse`` get ``{}`` (no decision). When the policy's
        decision log is on, each ``PreToolUse`` call appends one line (with the GIL
        released, like the decision itself) before the answer is returned.
        """
        del context  # part of the SDK's signature; the answer depends on the input
        try:
            # A decision-log warning (``log.on_failure: warn``) is issued by the engine.
            return self._answer(input_data, tool_use_id)
        except Exception:  # noqa: BLE001 - the last net (see _INTERNAL_ERROR)
            return {
                "hookSpecificOutput": {
                    "hookEventName": _EVENT,
                    "permissionDecision": "deny",
                    "permissionDecisionReason": _INTERNAL_ERROR,
                }
            }


__all__ = ["Decision", "OnReview", "PolicyError", "ToolgateHook", "ToolgateLogWarning", "ToolgatePolicyWarning"]
