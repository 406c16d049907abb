//! End to end with the other agents' real CLIs, offline: Codex, Gemini CLI, Copilot CLI and
//! OpenCode at the versions `scripts/install-agent-clis` pins, each against a scripted fake of
//! its model API on 127.0.0.1, with the toolgate hook (OpenCode: plugin) registered by
//! `toolgate init --agent X`. Each case proves the decision by a side effect (a marker file, a
//! connection count) and by the tool result the CLI sent back to the model.
//!
//! Needs the pinned CLIs (`scripts/install-agent-clis`); without them these tests fail.

mod codex;
mod copilot;
mod fake_model;
mod gemini;
mod opencode;
mod plugin;
mod sandbox;
