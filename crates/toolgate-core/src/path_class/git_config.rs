//! Git configuration keys whose values are programs git runs later (or that make git run
//! programs): setting them plants persistence as surely as writing a hook does.

/// What git does with the value of a key of [`PROGRAM_KEYS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyValue {
    /// A command line git runs (`core.pager`, `diff.*.textconv`).
    Program,
    /// A command line git runs, or `true` / `false` for a built-in (`core.fsmonitor`).
    ProgramOrSwitch,
    /// An alias (`alias.*`): `!` then a shell command line, or a git command line.
    Alias,
    /// `!` then a shell command line (`submodule.*.update`); other values are modes.
    ShellCommand,
    /// A directory or file whose contents run or configure programs (`core.hooksPath`,
    /// `include.path`, `init.templateDir`): what runs cannot be read from the value.
    Location,
    /// A switch that lets git run programs it would refuse (`protocol.ext.allow`).
    Switch,
}

/// One key (or family of keys) of [`PROGRAM_KEYS`].
pub struct GitConfigKey {
    /// `section.key` or `section.*.key` (`*` is any subsection), compared ignoring ASCII case.
    pub pattern: &'static str,
    /// What git does with the value.
    pub value: KeyValue,
    /// What git runs.
    pub why: &'static str,
}

const fn key(pattern: &'static str, why: &'static str) -> GitConfigKey {
    GitConfigKey {
        pattern,
        value: KeyValue::Program,
        why,
    }
}

const fn with(mut k: GitConfigKey, value: KeyValue) -> GitConfigKey {
    k.value = value;
    k
}

/// Keys whose value git runs as a program (or that let it run one).
pub const PROGRAM_KEYS: &[GitConfigKey] = &[
    with(
        key(
            "core.hooksPath",
            "hooks from another directory run on commit, checkout, merge",
        ),
        KeyValue::Location,
    ),
    with(
        key("core.fsmonitor", "runs on every status, diff, add"),
        KeyValue::ProgramOrSwitch,
    ),
    key("core.sshCommand", "runs for every SSH fetch and push"),
    key("core.gitProxy", "runs for every git:// connection"),
    key("core.pager", "runs for every paged output"),
    key("core.editor", "runs for every commit message"),
    key("core.askPass", "runs when credentials are needed"),
    key("core.alternateRefsCommand", "runs on fetch and push"),
    key("sequence.editor", "runs for every interactive rebase"),
    key(
        "interactive.diffFilter",
        "runs for every interactive add, reset and checkout",
    ),
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
    key(
        "gpg.ssh.defaultKeyCommand",
        "runs for every commit signed with SSH",
    ),
    key("trailer.*.command", "runs for every commit with trailers"),
    key("trailer.*.cmd", "runs for every commit with trailers"),
    key("sendemail.sendmailCmd", "runs for every send-email"),
    key("sendemail.toCmd", "runs for every send-email"),
    key("sendemail.ccCmd", "runs for every send-email"),
    with(
        key("include.path", "reads configuration from another file"),
        KeyValue::Location,
    ),
    with(
        key("includeIf.*.path", "reads configuration from another file"),
        KeyValue::Location,
    ),
    with(
        key(
            "init.templateDir",
            "copies hooks from another directory into every new repository",
        ),
        KeyValue::Location,
    ),
    key("uploadpack.packObjectsHook", "runs on every fetch served"),
    key("remote.*.uploadpack", "runs on fetch"),
    key("remote.*.receivepack", "runs on push"),
    with(
        key(
            "protocol.allow",
            "can allow the ext:: transport, which runs programs",
        ),
        KeyValue::Switch,
    ),
    with(
        key(
            "protocol.*.allow",
            "can allow the ext:: transport, which runs programs",
        ),
        KeyValue::Switch,
    ),
    key("pager.*", "runs for that command's output"),
    key("difftool.*.cmd", "runs for every difftool call"),
    key("mergetool.*.cmd", "runs for every mergetool call"),
    key("web.browser", "runs for help and instaweb"),
    key("browser.*.cmd", "runs for help and instaweb"),
    key("browser.*.path", "runs for help and instaweb"),
    key("man.*.cmd", "runs for help"),
    with(
        key("alias.*", "a `!` alias runs a shell command"),
        KeyValue::Alias,
    ),
    with(
        key(
            "submodule.*.update",
            "a `!` update runs a shell command on submodule update",
        ),
        KeyValue::ShellCommand,
    ),
];

impl GitConfigKey {
    /// Whether setting the key to `value` (when known) makes git run a program later: a
    /// shell command (`!…`) for aliases and `submodule.*.update` (an unknown value counts as
    /// one), anything but a switch word for `core.fsmonitor`, any non-empty value for the
    /// others.
    pub fn runs_with(&self, value: Option<&str>) -> bool {
        let Some(v) = value.map(str::trim) else {
            return true;
        };
        match self.value {
            KeyValue::Alias | KeyValue::ShellCommand => v.starts_with('!'),
            KeyValue::ProgramOrSwitch => {
                !v.is_empty() && !matches!(v.to_ascii_lowercase().as_str(), "true" | "false")
            }
            KeyValue::Program | KeyValue::Location => !v.is_empty(),
            KeyValue::Switch => !v.eq_ignore_ascii_case("never"),
        }
    }

    /// Whether git runs the value itself as a command line (it can be analysed as one).
    pub fn value_is_command(&self) -> bool {
        matches!(
            self.value,
            KeyValue::Program
                | KeyValue::ProgramOrSwitch
                | KeyValue::Alias
                | KeyValue::ShellCommand
        )
    }
}

/// The row of [`PROGRAM_KEYS`] `key` falls under, given the value being set (if known: an
/// unknown value counts as one that runs a program; see [`GitConfigKey::runs_with`]).
pub fn program_key(key: &str, value: Option<&str>) -> Option<&'static GitConfigKey> {
    key_row(key).filter(|k| k.runs_with(value))
}

/// The row of [`PROGRAM_KEYS`] `key` falls under, whatever its value.
pub fn key_row(key: &str) -> Option<&'static GitConfigKey> {
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
        ks.is_some_and(|s| s.eq_ignore_ascii_case(section)) && fits
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
            ("interactive.diffFilter", Some("delta --color-only")),
            ("submodule.lib.update", Some("!sh x")),
            ("init.templateDir", Some("/tmp/t")),
            ("protocol.ext.allow", Some("always")),
            ("gpg.ssh.program", Some("x")),
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
            ("core.fsmonitor", Some("true")),
            ("submodule.lib.update", Some("rebase")),
            ("protocol.ext.allow", Some("never")),
            ("core.pager", Some("")),
        ] {
            assert!(program_key(k, v).is_none(), "{k}");
        }
    }

    #[test]
    fn command_values_are_the_program_and_shell_kinds() {
        let row = |k: &str| key_row(k).unwrap_or_else(|| panic!("{k}"));
        assert!(row("core.pager").value_is_command());
        assert!(row("alias.x").value_is_command());
        assert!(!row("core.hooksPath").value_is_command());
        assert!(!row("protocol.file.allow").value_is_command());
        assert_eq!(row("protocol.allow").pattern, "protocol.allow");
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
