//! Git configuration keys whose values are programs git runs later (or that make git run
//! programs): setting them plants persistence as surely as writing a hook does.

/// One key (or family of keys) of [`PROGRAM_KEYS`].
pub struct GitConfigKey {
    /// `section.key` or `section.*.key` (`*` is any subsection), compared ignoring ASCII case.
    pub pattern: &'static str,
    /// Only when the value starts with `!` (shell aliases).
    pub only_shell_value: bool,
    /// What git runs.
    pub why: &'static str,
}

const fn key(pattern: &'static str, why: &'static str) -> GitConfigKey {
    GitConfigKey {
        pattern,
        only_shell_value: false,
        why,
    }
}

/// Keys whose value git runs as a program (or that let it run one).
pub const PROGRAM_KEYS: &[GitConfigKey] = &[
    key(
        "core.hooksPath",
        "hooks from another directory run on commit, checkout, merge",
    ),
    key("core.fsmonitor", "runs on every status, diff, add"),
    key("core.sshCommand", "runs for every SSH fetch and push"),
    key("core.gitProxy", "runs for every git:// connection"),
    key("core.pager", "runs for every paged output"),
    key("core.editor", "runs for every commit message"),
    key("core.askPass", "runs when credentials are needed"),
    key("core.alternateRefsCommand", "runs on fetch and push"),
    key("sequence.editor", "runs for every interactive rebase"),
    key("diff.external", "runs for every diff"),
    key("diff.*.textconv", "runs for every diff of matching files"),
    key("diff.*.command", "runs for every diff of matching files"),
    key("merge.*.driver", "runs for every merge of matching files"),
    key("filter.*.clean", "runs on every add of matching files"),
    key(
        "filter.*.smudge",
        "runs on every checkout of matching files",
    ),
    key("filter.*.process", "runs on every add and checkout"),
    key("credential.helper", "runs whenever credentials are needed"),
    key(
        "credential.*.helper",
        "runs whenever credentials are needed",
    ),
    key("gpg.program", "runs for every signed commit"),
    key("gpg.*.program", "runs for every signed commit"),
    key("include.path", "reads configuration from another file"),
    key("includeIf.*.path", "reads configuration from another file"),
    key("uploadpack.packObjectsHook", "runs on every fetch served"),
    key("remote.*.uploadpack", "runs on fetch"),
    key("remote.*.receivepack", "runs on push"),
    key(
        "protocol.allow",
        "can allow the ext:: transport, which runs programs",
    ),
    key(
        "protocol.ext.allow",
        "allows the ext:: transport, which runs programs",
    ),
    key("pager.*", "runs for that command's output"),
    key("difftool.*.cmd", "runs for every difftool call"),
    key("mergetool.*.cmd", "runs for every mergetool call"),
    key("web.browser", "runs for help and instaweb"),
    key("browser.*.cmd", "runs for help and instaweb"),
    key("man.*.cmd", "runs for help"),
    GitConfigKey {
        pattern: "alias.*",
        only_shell_value: true,
        why: "a `!` alias runs a shell command",
    },
];

/// The row of [`PROGRAM_KEYS`] `key` falls under, given the value being set (if known: an
/// unknown value of an alias counts as a shell alias).
pub fn program_key(key: &str, value: Option<&str>) -> Option<&'static GitConfigKey> {
    let (section, rest) = key.split_once('.')?;
    // `section.sub.section.name`: the subsection is everything between the first and last dot.
    let (sub, name) = match rest.rsplit_once('.') {
        Some((sub, name)) => (Some(sub), name),
        None => (None, rest),
    };
    PROGRAM_KEYS.iter().find(|k| {
        let mut parts = k.pattern.splitn(3, '.');
        let (ks, second, third) = (parts.next(), parts.next(), parts.next());
        let fits = match (second, third) {
            (Some("*"), Some(kn)) => sub.is_some() && name.eq_ignore_ascii_case(kn),
            (Some("*"), None) => true,
            (Some(kn), None) => sub.is_none() && name.eq_ignore_ascii_case(kn),
            _ => false,
        };
        let shell_ok = !k.only_shell_value || value.is_none_or(|v| v.trim_start().starts_with('!'));
        ks.is_some_and(|s| s.eq_ignore_ascii_case(section)) && fits && shell_ok
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_run_programs() {
        for (k, v) in [
            ("core.hooksPath", Some(".githooks")),
            ("CORE.HOOKSPATH", None),
            ("core.fsmonitor", Some("./x")),
            ("core.sshCommand", Some("ssh -i k")),
            ("alias.up", Some("!curl x | sh")),
            ("alias.up", None),
            ("filter.lfs.smudge", Some("x")),
            ("diff.pdf.textconv", Some("pdftotext")),
            ("includeIf.gitdir:~/w/.path", Some("x")),
            ("credential.https://h.example.helper", Some("store")),
            ("pager.log", Some("less")),
        ] {
            assert!(program_key(k, v).is_some(), "{k}");
        }
        for (k, v) in [
            ("alias.co", Some("checkout")),
            ("user.name", Some("x")),
            ("user.email", None),
            ("core.autocrlf", Some("true")),
            ("pull.rebase", Some("true")),
            ("remote.origin.url", Some("https://h/x")),
            ("diff.textconv", None),
            ("core", None),
        ] {
            assert!(program_key(k, v).is_none(), "{k}");
        }
    }

    #[test]
    fn patterns_are_well_formed() {
        for k in PROGRAM_KEYS {
            let dots = k.pattern.matches('.').count();
            assert!((1..=2).contains(&dots), "{}", k.pattern);
            assert!(!k.why.is_empty());
            assert_eq!(
                PROGRAM_KEYS
                    .iter()
                    .filter(|o| o.pattern == k.pattern)
                    .count(),
                1
            );
        }
    }
}
