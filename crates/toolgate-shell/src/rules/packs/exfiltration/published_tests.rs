//! Secrets published through git ([`super::published`]): staged, committed and pushed in one
//! command string is a flow; staging alone is `TG-EXFIL-SECRET-STAGED`.

use std::path::Path;

use toolgate_core::path_class::SecretSource::{self, *};

use super::{CommandContext, Destination, analyze, evaluate_packs, secret_flows};

fn cx() -> CommandContext<'static> {
    CommandContext::new(
        Some(Path::new("/home/me/project")),
        Some(Path::new("/home/me")),
    )
}

fn flows(cmd: &str) -> Vec<(SecretSource, Vec<Destination>)> {
    secret_flows(&analyze(cmd), &cx())
        .into_iter()
        .map(|f| (f.source, f.destinations))
        .collect()
}

fn staged(cmd: &str) -> bool {
    evaluate_packs(&analyze(cmd), &cx())
        .iter()
        .any(|m| m.rule_id == "TG-EXFIL-SECRET-STAGED")
}

#[test]
fn a_secret_staged_committed_and_pushed_flows_to_the_remote() {
    for (cmd, want) in [
        ("git add .env && git commit -m x && git push", DotEnv),
        (
            "git add -f .env; git commit -m x; git push origin main",
            DotEnv,
        ),
        (
            "git stage config/master.key && git commit -m k && git push",
            PrivateKeyFile,
        ),
        (
            "cd api && git add .env.local && git commit -m x && git push",
            DotEnv,
        ),
        (
            "git -C api add .env && git -C api commit -m x && git -C api push",
            DotEnv,
        ),
        // Named to the commit itself (a tracked file).
        ("git commit -m x .env && git push", DotEnv),
        // A file written with secrets earlier in the string.
        (
            "env > debug.log && git add debug.log && git commit -m x && git push",
            ProcessEnvironment,
        ),
        (
            "git add ~/.ssh/id_rsa && git commit -m x && git push",
            SshPrivateKey,
        ),
    ] {
        let got = flows(cmd);
        assert!(got.iter().any(|(s, _)| *s == want), "{cmd}: {got:?}");
    }
}

#[test]
fn the_push_names_its_remote_when_written() {
    let got = flows("git add .env && git commit -m x && git push https://github.com/o/r.git main");
    assert!(
        got.iter().any(|(_, d)| d.iter().any(|d| matches!(
            d,
            Destination::Url { url, .. } if url.contains("github.com")
        ))),
        "{got:?}"
    );
    let got = flows("git add .env && git commit -m x && git push origin");
    assert!(
        got.iter()
            .all(|(_, d)| d.iter().all(|d| matches!(d, Destination::Unknown { .. }))),
        "{got:?}"
    );
}

#[test]
fn nothing_flows_until_a_commit_is_pushed() {
    for cmd in [
        // Staged but never committed: the push sends no such commit.
        "git add .env && git push",
        // Committed, not pushed.
        "git add .env && git commit -m x",
        // Everyday commits.
        "git add . && git commit -m wip && git push",
        "git add -A && git commit -m fix && git push -u origin feature",
        "git commit -am x && git push",
        "git add src/main.rs && git commit -m x && git push",
        "git add .env.example && git commit -m x && git push",
        "git rm --cached .env && git commit -m untrack && git push",
        // The push comes first.
        "git push && git add .env && git commit -m x",
    ] {
        assert_eq!(flows(cmd), vec![], "{cmd}");
    }
}

#[test]
fn staging_a_secret_file_is_asked_about() {
    for cmd in [
        "git add .env",
        "git add -f .env.production",
        "git -C api add .env",
        "cd api && git add .env",
        "git stage ~/.ssh/id_rsa",
        "git add config/master.key",
        "git add '*.pem'",
        "git add src/app.py .env",
        "git add -- .env",
    ] {
        assert!(staged(cmd), "{cmd}");
    }
    for cmd in [
        "git add .env.example",
        "git add .env.sample .env.template",
        "git add .",
        "git add -A",
        "git add src/env.rs",
        "git add environment.ts",
        "git add --chmod=+x .env.example",
        "git diff .env",
        "git commit -m 'add .env to .gitignore'",
        "git add ':(exclude).env'",
    ] {
        assert!(!staged(cmd), "{cmd}");
    }
}
