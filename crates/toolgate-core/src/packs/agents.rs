//! The `agents` pack in the catalog: coding agents the agent starts with their hooks or their
//! approvals switched off, whose tool calls would then not pass through toolgate.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "agents",
    summary: "coding agents started with their hooks or approvals switched off (their tool calls would not pass through toolgate)",
    rules: &[
        deny(
            "TG-AGENT-HOOKS-OFF",
            "Starting a coding agent with its hooks switched off, or with settings, a policy or a binary moved away from toolgate's, or switching toolgate's plugin off: its tool calls would not pass through toolgate",
            "claude --bare|--safe-mode (or CLAUDE_CODE_SIMPLE=1, CLAUDE_CODE_SAFE_MODE=1, CLAUDE_CODE_PERSONAL_HOOKS_OFF)|--setting-sources leaving out user, project or local|--settings '{\"disableAllHooks\": true}', codex --disable hooks|codex_hooks|-c features.hooks=false, codex features disable hooks, opencode --pure, HOME|TOOLGATE_POLICY|TOOLGATE_BIN|CLAUDE_CONFIG_DIR|CODEX_HOME|GEMINI_CLI_HOME|XDG_CONFIG_HOME=… before an agent, claude plugin disable|uninstall toolgate, claude plugin disable --all, gemini extensions disable toolgate",
        ),
        review(
            "TG-AGENT-UNATTENDED",
            "Starting another coding agent that runs its tool calls without asking: toolgate may not guard it",
            "codex --dangerously-bypass-approvals-and-sandbox|--yolo, gemini|qwen --yolo|--approval-mode yolo, copilot --allow-all-tools|--allow-all|--yolo, cursor-agent|agent --force|--yolo, opencode --auto",
        ),
    ],
};
