//! git's option specs: global options, and the options of each subcommand toolgate reads.

use super::{NONE, Spec};

/// git's options before the subcommand.
pub(crate) const GIT_GLOBAL: Spec = Spec::values(
    "Cc",
    &[
        "git-dir",
        "work-tree",
        "namespace",
        "config-env",
        "super-prefix",
    ],
);
/// git fetch's and pull's options that take a value.
pub(crate) const GIT_FETCH: Spec = Spec::values(
    "josX",
    &[
        "depth",
        "deepen",
        "shallow-since",
        "shallow-exclude",
        "refmap",
        "jobs",
        "upload-pack",
        "negotiation-tip",
        "server-option",
        "filter",
        "strategy",
        "strategy-option",
    ],
);
/// git ls-remote's options that take a value.
pub(crate) const GIT_LS_REMOTE: Spec = Spec::values("o", &["upload-pack", "sort", "server-option"]);
/// git submodule add's options that take a value.
pub(crate) const GIT_SUBMODULE_ADD: Spec =
    Spec::values("b", &["branch", "name", "reference", "depth"]);
/// git archive's options that take a value.
pub(crate) const GIT_ARCHIVE: Spec = Spec::values(
    "o",
    &[
        "remote",
        "exec",
        "format",
        "prefix",
        "output",
        "add-file",
        "add-virtual-file",
    ],
);
/// git config's options that take a value.
pub(crate) const GIT_CONFIG: Spec = Spec::values(
    "f",
    &["file", "blob", "type", "default", "comment", "value"],
);
/// git checkout's long options whose optional value may be the next word when it is one of
/// these (`--track direct`, `--recurse-submodules on-demand`).
pub(crate) const GIT_CHECKOUT_OPTIONAL_CHOICES: &[(&str, &[&str])] = &[
    ("track", &["direct", "inherit"]),
    ("recurse-submodules", &["checkout", "on-demand"]),
];
/// git checkout's options.
pub(crate) const GIT_CHECKOUT: Spec = Spec {
    short_val: "bBU",
    long_val: &[
        "orphan",
        "conflict",
        "unified",
        "inter-hunk-context",
        "pathspec-from-file",
    ],
    short: &[
        ('f', "force"),
        ('q', "quiet"),
        ('t', "track"),
        ('p', "patch"),
        ('m', "merge"),
    ],
    long: &[],
    long_flags: &[
        "force",
        "quiet",
        "track",
        "no-track",
        "patch",
        "merge",
        "orphan",
        "conflict",
        "detach",
        "ours",
        "theirs",
        "overwrite-ignore",
        "no-overwrite-ignore",
        "ignore-other-worktrees",
        "recurse-submodules",
        "pathspec-from-file",
        "pathspec-file-nul",
        "progress",
        "guess",
        "no-guess",
    ],
    abbreviate: true,
};

pub(crate) const GIT_SWITCH: Spec = Spec {
    short_val: "cC",
    long_val: &["create", "force-create", "orphan", "conflict"],
    short: &[
        ('f', "force"),
        ('q', "quiet"),
        ('t', "track"),
        ('d', "detach"),
        ('m', "merge"),
    ],
    long: &[],
    long_flags: &[
        "create",
        "force-create",
        "orphan",
        "conflict",
        "force",
        "discard-changes",
        "quiet",
        "track",
        "no-track",
        "detach",
        "merge",
        "guess",
        "no-guess",
        "progress",
        "ignore-other-worktrees",
        "recurse-submodules",
    ],
    abbreviate: true,
};

pub(crate) const GIT_PUSH: Spec = Spec {
    short_val: "o",
    long_val: &["repo", "push-option", "receive-pack", "exec"],
    short: &[
        ('f', "force"),
        ('d', "delete"),
        ('u', "set-upstream"),
        ('q', "quiet"),
        ('v', "verbose"),
        ('n', "dry-run"),
    ],
    long: &[],
    long_flags: &[
        "force",
        "force-with-lease",
        "no-force-with-lease",
        "force-if-includes",
        "no-force-if-includes",
        "delete",
        "set-upstream",
        "quiet",
        "verbose",
        "dry-run",
        "all",
        "branches",
        "mirror",
        "tags",
        "follow-tags",
        "atomic",
        "no-verify",
        "verify",
        "prune",
        "porcelain",
        "progress",
        "signed",
        "thin",
        "ipv4",
        "ipv6",
        "repo",
        "push-option",
        "receive-pack",
        "exec",
        "recurse-submodules",
    ],
    abbreviate: true,
};

pub(crate) const GIT_CLEAN: Spec = Spec {
    short_val: "eE",
    long_val: &["exclude"],
    short: &[
        ('f', "force"),
        ('d', "dirs"),
        ('n', "dry-run"),
        ('q', "quiet"),
        ('i', "interactive"),
        ('x', "ignored"),
        ('X', "only-ignored"),
    ],
    long: &[],
    long_flags: &["force", "dry-run", "quiet", "interactive", "exclude"],
    abbreviate: true,
};

/// git rm's options (`-f` throws away uncommitted changes of the files it removes).
pub(crate) const GIT_RM: Spec = Spec {
    short_val: "",
    long_val: &["pathspec-from-file"],
    short: &[
        ('f', "force"),
        ('r', "recursive"),
        ('n', "dry-run"),
        ('q', "quiet"),
    ],
    long: &[],
    long_flags: &[
        "force",
        "dry-run",
        "quiet",
        "cached",
        "ignore-unmatch",
        "sparse",
        "pathspec-file-nul",
    ],
    abbreviate: true,
};

pub(crate) const GIT_BRANCH: Spec = Spec {
    short_val: "u",
    long_val: &[
        "set-upstream-to",
        "contains",
        "no-contains",
        "points-at",
        "format",
        "sort",
    ],
    short: &[
        ('D', "delete-force"),
        ('d', "delete"),
        ('f', "force"),
        ('m', "move"),
        ('M', "move-force"),
        ('c', "copy"),
        ('C', "copy-force"),
        ('a', "all"),
        ('r', "remotes"),
        ('v', "verbose"),
        ('q', "quiet"),
        ('l', "list"),
    ],
    long: &[],
    long_flags: &[
        "delete",
        "force",
        "move",
        "copy",
        "all",
        "remotes",
        "verbose",
        "quiet",
        "list",
        "set-upstream-to",
        "unset-upstream",
        "contains",
        "no-contains",
        "points-at",
        "format",
        "sort",
        "merged",
        "no-merged",
        "track",
        "no-track",
        "edit-description",
        "show-current",
        "column",
        "color",
        "create-reflog",
        "ignore-case",
    ],
    abbreviate: true,
};

pub(crate) const GIT_RESET: Spec = Spec {
    short_val: "",
    long_val: &["pathspec-from-file"],
    short: &[('q', "quiet"), ('p', "patch"), ('N', "intent-to-add")],
    long: &[],
    long_flags: &[
        "hard",
        "soft",
        "mixed",
        "merge",
        "keep",
        "quiet",
        "no-quiet",
        "patch",
        "intent-to-add",
        "pathspec-from-file",
        "pathspec-file-nul",
        "recurse-submodules",
        "no-refresh",
        "refresh",
    ],
    abbreviate: true,
};

pub(crate) const GIT_RESTORE: Spec = Spec {
    short_val: "s",
    long_val: &["source", "pathspec-from-file", "conflict"],
    short: &[
        ('S', "staged"),
        ('W', "worktree"),
        ('q', "quiet"),
        ('p', "patch"),
        ('s', "source"),
    ],
    long: &[],
    long_flags: &[
        "source",
        "staged",
        "worktree",
        "quiet",
        "patch",
        "pathspec-from-file",
        "pathspec-file-nul",
        "conflict",
        "ours",
        "theirs",
        "merge",
        "ignore-unmerged",
        "overlay",
        "no-overlay",
        "progress",
        "recurse-submodules",
    ],
    abbreviate: true,
};

/// git add's (and git stage's) options that take a value.
pub(crate) const GIT_ADD: Spec = Spec::values("", &["chmod", "pathspec-from-file"]);

pub(crate) const GIT_COMMIT: Spec = Spec {
    short_val: "mFCct",
    long_val: &[
        "message",
        "file",
        "author",
        "date",
        "template",
        "reuse-message",
        "reedit-message",
        "fixup",
        "squash",
        "trailer",
        "cleanup",
    ],
    short: &[('a', "all"), ('m', "message")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

pub(crate) const GIT_CLONE: Spec = Spec {
    short_val: "bojcu",
    long_val: &[
        "branch",
        "origin",
        "depth",
        "reference",
        "separate-git-dir",
        "config",
        "jobs",
        "upload-pack",
        "template",
        "filter",
        "shallow-since",
        "shallow-exclude",
        "reference-if-able",
        "server-option",
        "bundle-uri",
    ],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// git submodule's options (`add -b BRANCH --name N --reference R --depth D URL`, `update
/// --jobs N`, `-f` is `--force` for `add`, `deinit` and `update`).
pub(crate) const GIT_SUBMODULE: Spec = Spec {
    short_val: "bj",
    long_val: &["branch", "name", "reference", "depth", "jobs", "filter"],
    short: &[('f', "force")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

pub(crate) const GIT_WORKTREE: Spec = Spec {
    short_val: "bB",
    long_val: &["reason", "expire"],
    short: &[('f', "force")],
    long: &[],
    long_flags: &["force", "reason", "expire", "verbose", "dry-run"],
    abbreviate: true,
};

pub(crate) const GIT_REMOTE: Spec = Spec {
    short_val: "tm",
    long_val: &["track", "master"],
    short: &[('f', "fetch"), ('v', "verbose")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

pub(crate) const GIT_STASH: Spec = Spec {
    short_val: "m",
    long_val: &["message", "pathspec-from-file"],
    short: &[
        ('q', "quiet"),
        ('u', "include-untracked"),
        ('a', "all"),
        ('k', "keep-index"),
    ],
    long: &[],
    long_flags: &[
        "message",
        "pathspec-from-file",
        "quiet",
        "include-untracked",
        "all",
        "keep-index",
        "no-keep-index",
        "patch",
        "staged",
        "index",
    ],
    abbreviate: true,
};

/// git rebase's options that take a value (`--exec` is a shell command).
pub(crate) const GIT_REBASE: Spec = Spec {
    short_val: "xsXC",
    long_val: &["exec", "onto", "strategy", "strategy-option", "gpg-sign"],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};
/// The options of git's transport commands (clone, fetch, pull, push, archive) that take a
/// value (`--upload-pack` and friends are programs run on the remote side, or locally).
pub(crate) const GIT_TRANSPORT: Spec = Spec {
    short_val: "uo",
    long_val: &["upload-pack", "receive-pack", "exec", "remote"],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};
/// git filter-branch's options that take a value (the filters are shell commands).
pub(crate) const GIT_FILTER_BRANCH: Spec = Spec {
    short_val: "d",
    long_val: &[
        "tree-filter",
        "index-filter",
        "msg-filter",
        "env-filter",
        "commit-filter",
        "parent-filter",
        "tag-name-filter",
        "subdirectory-filter",
        "original",
        "setup",
    ],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};
/// git difftool's and mergetool's options that take a value.
pub(crate) const GIT_DIFFTOOL: Spec = Spec {
    short_val: "tx",
    long_val: &["tool", "extcmd"],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// The spec of a git subcommand (none: no options known).
pub(crate) fn git_spec(sub: &str) -> &'static Spec {
    match sub {
        "checkout" => &GIT_CHECKOUT,
        "switch" => &GIT_SWITCH,
        "push" => &GIT_PUSH,
        "clean" => &GIT_CLEAN,
        "rm" => &GIT_RM,
        "branch" => &GIT_BRANCH,
        "reset" => &GIT_RESET,
        "restore" => &GIT_RESTORE,
        "commit" => &GIT_COMMIT,
        "clone" | "fetch" | "pull" | "ls-remote" => &GIT_CLONE,
        "submodule" => &GIT_SUBMODULE,
        "worktree" => &GIT_WORKTREE,
        "remote" => &GIT_REMOTE,
        "stash" => &GIT_STASH,
        _ => &NONE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn optional_choices_are_flags_of_checkout() {
        for (long, choices) in GIT_CHECKOUT_OPTIONAL_CHOICES {
            assert!(GIT_CHECKOUT.long_flags.contains(long), "{long}");
            assert!(!GIT_CHECKOUT.long_val.contains(long), "{long}");
            assert!(!choices.is_empty() && choices.iter().all(|c| !c.starts_with('-')));
        }
    }
}
