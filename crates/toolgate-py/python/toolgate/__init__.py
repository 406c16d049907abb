"""toolgate: a guard in front of AI agents' tool calls, for the Claude Agent SDK.

``ToolgateHook`` is a ``PreToolUse`` hook backed by toolgate's Rust engine, in process::

    from claude_agent_sdk import ClaudeAgentOptions
    from toolgate import ToolgateHook

    options = ToolgateHook().apply(ClaudeAgentOptions(permission_mode="bypassPermissions"))

Importing this package does not import ``claude_agent_sdk``: ``evaluate()`` and the hook
callback work without it; ``apply()`` and ``matcher()`` import it when called.
"""

from __future__ import annotations

from toolgate._hook import PolicyError, ToolgateHook, ToolgatePolicyWarning
from toolgate._native import Decision

__all__ = ["Decision", "PolicyError", "ToolgateHook", "ToolgatePolicyWarning"]
