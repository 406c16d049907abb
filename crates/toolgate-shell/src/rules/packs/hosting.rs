//! The `hosting` pack: deleting hosted repositories, releases and published packages.

use super::requests::HTTP_CLIENTS;
use super::{Check, Matcher as M, View};
use crate::knowledge::specs::{GH_API, GH_REPO_EDIT};

const HELP: &[&str] = &["--help", "-h"];

const REPO_DELETE: &str = "TG-HOSTING-REPO-DELETE";
const UNPUBLISH: &str = "TG-HOSTING-PACKAGE-UNPUBLISH";
const RESOURCE_DELETE: &str = "TG-HOSTING-RESOURCE-DELETE";
const PUBLISH: &str = "TG-HOSTING-PACKAGE-PUBLISH";
const REPO_PUBLIC: &str = "TG-HOSTING-REPO-PUBLIC";

/// Publishing with these changes nothing (a dry run, help).
const PUBLISH_DRY_RUN: &[&str] = &["--dry-run", "--help", "-h"];

/// gh commands that delete a hosted resource for good (`gh issue delete 1`); a workflow
/// run's logs and artifacts are its record, which no later run brings back. Left out: `gh
/// cache delete` (caches, rebuilt by the next run).
const GH_DELETABLE: &[&str] = &[
    "issue",
    "run",
    "gist",
    "ssh-key",
    "gpg-key",
    "secret",
    "variable",
    "label",
    "project",
    "codespace",
];

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    M::new(REPO_DELETE, &["gh"], &[&["repo", "release"], &["delete"]]).none(HELP),
    // An archived repository is read-only for everyone until it is unarchived.
    M::new(REPO_DELETE, &["gh"], &[&["repo"], &["archive"]]).none(HELP),
    M::new(REPO_DELETE, &["gh"], &[&["release"], &["delete-asset"]]).none(HELP),
    M::new(RESOURCE_DELETE, &["gh"], &[GH_DELETABLE, &["delete"]]).none(HELP),
    M::new(
        RESOURCE_DELETE,
        &["gh"],
        &[&["repo"], &["deploy-key"], &["delete"]],
    )
    .none(HELP),
    M::new(RESOURCE_DELETE, &["gh", "glab"], &[&["api"]])
        .spec(&GH_API)
        .none(HELP)
        .check(Check::ApiDelete),
    // GitLab's CLI.
    M::new(REPO_DELETE, &["glab"], &[&["repo"], &["delete", "archive"]]).none(HELP),
    M::new(REPO_DELETE, &["glab"], &[&["release"], &["delete"]]).none(HELP),
    M::new(
        RESOURCE_DELETE,
        &["glab"],
        &[
            // `ci`: a pipeline with its jobs' logs and artifacts.
            &["issue", "mr", "label", "variable", "snippet", "ci"],
            &["delete"],
        ],
    )
    .none(HELP),
    // CI: a registered runner's token, and CircleCI contexts with their secrets.
    M::new(RESOURCE_DELETE, &["gitlab-runner"], &[&["unregister"]]).none(HELP),
    M::new(
        RESOURCE_DELETE,
        &["circleci"],
        &[&["context"], &["delete", "remove-secret"]],
    )
    .none(HELP),
    M::new(
        RESOURCE_DELETE,
        &["circleci"],
        &[&["orb", "namespace", "pipeline"], &["delete"]],
    )
    .none(HELP),
    // A DELETE sent to a code host's or hosting provider's API (`knowledge::http_apis`).
    M::new(RESOURCE_DELETE, HTTP_CLIENTS, &[]).check(Check::ProviderApiDelete),
    // The Jenkins CLI: `java -jar jenkins-cli.jar -s URL delete-job NAME`.
    M::new(RESOURCE_DELETE, &["java"], &[]).check(Check::JenkinsCliDelete),
    M::new(UNPUBLISH, &["npm"], &[&["unpublish"]]).none(&["--dry-run", "--help", "-h"]),
    // `cargo yank --undo` puts the version back.
    M::new(UNPUBLISH, &["cargo"], &[&["yank"]]).none(&["--undo", "--help", "-h"]),
    M::new(UNPUBLISH, &["gem"], &[&["yank"]]).none(HELP),
    // A release to a public registry: the Rust and Python registries never take one back,
    // npm only within days.
    M::new(PUBLISH, &["npm", "pnpm", "yarn", "bun"], &[&["publish"]]).none(PUBLISH_DRY_RUN),
    M::new(PUBLISH, &["yarn"], &[&["npm"], &["publish"]]).none(PUBLISH_DRY_RUN),
    M::new(PUBLISH, &["cargo"], &[&["publish"]]).none(&["--dry-run", "-n", "--help", "-h"]),
    M::new(PUBLISH, &["twine"], &[&["upload"]]).none(HELP),
    M::new(
        PUBLISH,
        &["poetry", "uv", "pdm", "hatch", "flit"],
        &[&["publish"]],
    )
    .none(PUBLISH_DRY_RUN),
    M::new(PUBLISH, &["gem"], &[&["push"]]).none(HELP),
    M::new(PUBLISH, &["dotnet"], &[&["nuget"], &["push"]]).none(HELP),
    M::new(PUBLISH, &["nuget"], &[&["push"]]).none(HELP),
    // A private repository made public: its code and history, at once and for good.
    M::new(REPO_PUBLIC, &["gh"], &[&["repo"], &["edit"]])
        .spec(&GH_REPO_EDIT)
        .check(Check::AlsoValue(&["--visibility"], &["public"])),
    // The same through the API (`gh api -X PATCH repos/O/R -f private=false`).
    M::new(REPO_PUBLIC, &["gh"], &[&["api"]])
        .spec(&GH_API)
        .none(HELP)
        .check(Check::AnyValue(
            &["-f", "-F", "--field", "--raw-field"],
            &["private=false", "visibility=public"],
        )),
];

/// Whether a `gh api` call's method (`-X`, `--method`, the last one given) is DELETE, or only
/// known at run time (`-X "$METHOD"`).
pub(super) fn api_deletes(view: &View) -> bool {
    view.value(&["-X", "--method"])
        .is_some_and(|m| m.eq_ignore_ascii_case("DELETE") || m.starts_with(['$', '`']))
}

/// Whether the command sends a DELETE (or a request whose method is only known at run time)
/// to a code host's or hosting provider's API.
pub(super) fn deletes_provider_resource(seen: &super::Seen<'_>) -> bool {
    super::requests::sends_deleting_request(seen, crate::knowledge::http_apis::HOSTING_PROVIDERS)
}

/// Whether a `java -jar …jenkins-cli.jar` runs a command that deletes (`delete-job`,
/// `delete-node`, …).
pub(super) fn jenkins_cli_deletes(view: &View) -> bool {
    use crate::knowledge::specs::JENKINS_CLI_DELETES;
    view.value(&["--jar"])
        .is_some_and(|jar| jar.to_ascii_lowercase().ends_with("jenkins-cli.jar"))
        && view.operands().any(|o| JENKINS_CLI_DELETES.contains(&o))
}
