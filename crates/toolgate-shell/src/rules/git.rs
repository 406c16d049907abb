//! git and container rules: history- and remote-destroying git commands, git run with
//! configuration that runs programs nobody can check, and containers that escape to the host.
//! (Storing such configuration with `git config` is the persistence pack's
//! `TG-PERSIST-GIT-CONFIG`.)

use toolgate_core::Severity;

use super::CommandRule;
use crate::facts::containers::container_escapes;
use crate::facts::git::{env_config_file, env_configs, git_configs};
use crate::knowledge::git_config::unsafe_key;
use crate::model::{CommandContext, SimpleCommand};

/// Conditions of the rules in this file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GitCheck {
    /// `git push --delete`, `-d`, `--prune` or a `:branch` refspec.
    PushDelete,
    /// `git -c core.hooksPath=…` / `protocol.*.allow` for one call.
    OneShotUnsafeConfig,
    /// A container with host privileges, host namespaces or host mounts.
    ContainerHostEscape,
    /// `git reflog expire` with an expiry of its own (`--expire=now`,
    /// `--expire-unreachable=…`), or `git reflog delete`.
    ReflogDrop,
    /// git run with `clean.requireForce` off for this run (`git -c clean.requireForce=false
    /// clean -dx`): `clean` deletes without `-f`.
    CleanForceOff,
    /// `git read-tree` resetting the index (`--reset`, or `-m` with the working tree
    /// updated): with `-u` it overwrites changed files.
    ReadTreeReset,
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
            GitCheck::OneShotUnsafeConfig => {
                git_configs(cmd).iter().any(|(k, _)| unsafe_key(k))
                    || env_configs(cmd).iter().any(|(k, _)| unsafe_key(k))
                    || env_config_file(cmd)
            }
            GitCheck::ReadTreeReset => cmd.args.iter().any(|a| a == "--reset"),
            GitCheck::CleanForceOff => {
                git_configs(cmd)
                    .into_iter()
                    .chain(env_configs(cmd))
                    .any(|(k, v)| {
                        k.eq_ignore_ascii_case("clean.requireForce")
                            && matches!(
                                v.trim().to_ascii_lowercase().as_str(),
                                "false" | "no" | "off" | "0"
                            )
                    })
            }
            GitCheck::ContainerHostEscape => container_escapes(cmd, cx),
            GitCheck::ReflogDrop => match cmd.operands.first().map(String::as_str) {
                Some("delete") => true,
                Some("expire") => {
                    cmd.flags.contains("expire") || cmd.flags.contains("expire-unreachable")
                }
                _ => false,
            },
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
        {
            // `--analyze` and `--dry-run` rewrite nothing.
            let mut r = with(
                rule(
                    "TG-CMD-GIT-FILTER-REPO",
                    "git filter-repo rewrites the whole history",
                    Severity::Critical,
                    git,
                ),
                &["filter-repo"],
                &[],
                None,
            );
            r.flags_none = ["analyze", "dry-run", "help"].map(String::from).to_vec();
            r
        },
        // With the reflog expired, `git gc --prune=now` deletes every commit no branch
        // reaches: the usual way back from a bad reset or rebase is gone.
        review(with(
            rule(
                "TG-CMD-GIT-REFLOG-EXPIRE",
                "git reflog expire --expire=… (or reflog delete) drops the record that recovers lost commits",
                Severity::High,
                git,
            ),
            &["reflog"],
            &[],
            Some(GitCheck::ReflogDrop),
        )),
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
