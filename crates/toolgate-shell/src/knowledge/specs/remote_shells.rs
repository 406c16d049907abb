//! Fleet and machine tools that run a command line on other machines: `vagrant ssh -c`,
//! `fly ssh console -C`, `pssh`, `salt … cmd.run`.

use super::Spec;

/// vagrant: `vagrant ssh [NAME] -c CMD` (`--command CMD`).
pub(crate) const VAGRANT_SSH: Spec = Spec::values("c", &["command"]);

/// flyctl: `fly ssh console -C CMD` and the options that take a value.
pub(crate) const FLY_SSH: Spec = Spec::values(
    "acCurAo",
    &[
        "app", "config", "command", "user", "region", "address", "machine", "org",
    ],
);

/// pssh / parallel-ssh: the options that take a value; the command is the operand.
pub(crate) const PSSH: Spec = Spec::values(
    "hHlpoetOxX",
    &[
        "hosts",
        "host",
        "user",
        "par",
        "outdir",
        "errdir",
        "timeout",
        "option",
        "extra-args",
        "extra-arg",
    ],
);

/// salt, salt-ssh and salt-call: the options that take a value; the target (not for
/// salt-call), the function and its arguments are operands.
pub(crate) const SALT: Spec = Spec::values(
    "tbca",
    &[
        "timeout",
        "batch-size",
        "batch",
        "config-dir",
        "auth",
        "eauth",
        "out",
        "out-file",
        "return",
        "subset",
        "log-level",
        "log-file",
        "roster",
        "roster-file",
        "priv",
        "user",
        "passwd",
    ],
);
