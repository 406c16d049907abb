//! Developer tools that run command lines of their own: `cargo watch -s CMD`, `concurrently
//! CMD…`, `man -P PAGER`.

use super::Spec;

/// cargo-watch (`cargo watch …`, the words after `watch`): `-x SUBCOMMAND` runs cargo with
/// it, `-s CMD` runs a shell command.
pub(crate) const CARGO_WATCH: Spec = Spec::values(
    "xswiCBLd",
    &[
        "exec",
        "shell",
        "watch",
        "ignore",
        "workdir",
        "features",
        "delay",
        "use-shell",
        "env-file",
        "why",
        "notify",
    ],
);

/// concurrently (npm): the options that take a value; each operand is a command line.
pub(crate) const CONCURRENTLY: Spec = Spec::values(
    "ncpltsm",
    &[
        "names",
        "prefix-colors",
        "prefix",
        "prefix-length",
        "timestamp-format",
        "success",
        "max-processes",
        "restart-tries",
        "restart-after",
        "default-input-target",
        "hide",
        "name-separator",
    ],
);

/// man: `-P PAGER` (`--pager`) is a command line man runs on the page.
pub(crate) const MAN: Spec = Spec::values(
    "CMPSeLmprEIRT",
    &[
        "config-file",
        "manpath",
        "pager",
        "sections",
        "extension",
        "locale",
        "systems",
        "preprocessor",
        "encoding",
        "recode",
        "troff-device",
    ],
);

/// Maven (`mvn`, `mvnw`): the options that take a value. `-D NAME=VALUE` sets a property;
/// the exec plugin's `exec:exec` goal runs `exec.executable` with `exec.args`.
pub(crate) const MAVEN: Spec = Spec::values(
    "DfsPlbTtce",
    &[
        "define",
        "file",
        "settings",
        "global-settings",
        "activate-profiles",
        "projects",
        "resume-from",
        "threads",
        "toolchains",
        "log-file",
        "builder",
        "global-toolchains",
        "color",
    ],
);

/// The Maven goals that run `exec.executable`: the exec plugin's `exec` goal, by prefix or
/// by coordinates (`org.codehaus.mojo:exec-maven-plugin:3.1.0:exec`), with or without an
/// execution (`exec:exec@id`).
pub(crate) const MAVEN_EXEC_PLUGINS: &[&str] = &["exec", "org.codehaus.mojo:exec-maven-plugin"];
