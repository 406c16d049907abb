//! git and container rules: history- and remote-destroying git commands, git configuration
//! that runs programs, and containers that escape to the host.

use toolgate_core::Severity;

use super::CommandRule;
use crate::facts::containers::container_escapes;
use crate::facts::git::{env_configs, git_configs, persistent_config};
use crate::knowledge::git_config::{exec_key, program_of, unsafe_key};
use crate::model::{CommandContext, SimpleCommand};

/// Conditions of the rules in this file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GitCheck {
    /// `git push --delete`, `-d`, `--prune` or a `:branch` refspec.
    PushDelete,
    /// `git config KEY VALUE` that stores a program git runs later.
    ConfigProgram,
    /// `git -c core.hooksPath=…` / `protocol.*.allow` for one call.
    OneShotUnsafeConfig,
    /// A container with host privileges, host namespaces or host mounts.
    ContainerHostEscape,
}

impl GitCheck {
    /// Whether the condition holds for `cmd`.
    pub(crate) fn holds(&self, cmd: &SimpleCommand, cx: &CommandContext) -> bool {
        match self {
            GitCheck::PushDelete => {
                cmd.flags.contains("delete")
                    || cmd.flags.contains("prune")
                    || cmd
                        .operands
                        .iter()
                        .skip(1)
                        .any(|o| o.len() > 1 && o.starts_with(':'))
            }
            GitCheck::ConfigProgram => persistent_config(cmd).is_some_and(|(key, value)| {
                // An alias without `!` is a git command line, analysed like any other.
                let shell_alias = exec_key(&key).is_none_or(|k| k != "alias.*")
                    || value.trim_start().starts_with('!');
                (exec_key(&key).is_some() && shell_alias && program_of(&key, &value).is_some())
                    || unsafe_key(&key)
            }),
            GitCheck::OneShotUnsafeConfig => {
                git_configs(cmd).iter().any(|(k, _)| unsafe_key(k))
                    || env_configs(cmd).iter().any(|(k, _)| unsafe_key(k))
            }
            GitCheck::ContainerHostEscape => container_escapes(cmd, cx),
        }
    }
}

fn rule(id: &str, text: &str, severity: Severity, programs: &[&str]) -> CommandRule {
    let mut r = CommandRule::new(id, text);
    r.severity = severity;
    r.workflow_action = severity.default_action();
    r.programs = programs.iter().map(|s| s.to_string()).collect();
    r
}

fn with(mut r: CommandRule, sub: &[&str], any: &[&str], check: Option<GitCheck>) -> CommandRule {
    r.subcommand = sub.iter().map(|s| s.to_string()).collect();
    r.flags_any = any.iter().map(|s| s.to_string()).collect();
    r.check = check.map(super::destructive::Check::Git);
    r
}

/// The git and container rules, in evaluation order.
pub(crate) fn rules() -> Vec<CommandRule> {
    let git = &["git"];
    let review = |mut r: CommandRule| {
        r.workflow_action = toolgate_core::WorkflowAction::RequireHumanReview;
        r
    };
    vec![
        with(
            rule(
                "TG-CMD-GIT-PUSH-MIRROR",
                "git push --mirror overwrites and deletes every remote ref",
                Severity::Critical,
                git,
            ),
            &["push"],
            &["mirror"],
            None,
        ),
        review(with(
            rule(
                "TG-CMD-GIT-PUSH-DELETE",
                "git push --delete (or a :branch refspec, or --prune) deletes remote branches",
                Severity::High,
                git,
            ),
            &["push"],
            &[],
            Some(GitCheck::PushDelete),
        )),
        with(
            rule(
                "TG-CMD-GIT-FILTER-BRANCH",
                "git filter-branch rewrites the whole history",
                Severity::Critical,
                git,
            ),
            &["filter-branch"],
            &[],
            None,
        ),
        with(
            rule(
                "TG-CMD-GIT-UPDATE-REF-DELETE",
                "git update-ref -d deletes a ref",
                Severity::Critical,
                git,
            ),
            &["update-ref"],
            &["-d"],
            None,
        ),
        review(with(
            rule(
                "TG-CMD-GIT-CONFIG-PROGRAM",
                "Storing a program (alias, pager, ssh command, hooks path …) in git config runs it on later git commands",
                Severity::High,
                git,
            ),
            &["config"],
            &[],
            Some(GitCheck::ConfigProgram),
        )),
        review(with(
            rule(
                "TG-CMD-GIT-UNSAFE-CONFIG",
                "git run with another hooks directory or unsafe transports runs programs that cannot be checked",
                Severity::High,
                &[],
            ),
            &[],
            &[],
            Some(GitCheck::OneShotUnsafeConfig),
        )),
        with(
            rule(
                "TG-CMD-CONTAINER-HOST-ESCAPE",
                "A container with host privileges, host namespaces or host mounts controls the host",
                Severity::Critical,
                &["docker", "podman", "nerdctl"],
            ),
            &[],
            &[],
            Some(GitCheck::ContainerHostEscape),
        ),
    ]
}
