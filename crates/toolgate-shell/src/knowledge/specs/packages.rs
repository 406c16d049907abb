//! Option specs of package managers and container CLIs: pip/uv, npm and friends, cargo, gem,
//! docker/podman.

use super::Spec;

pub(crate) const DOCKER_RUN: Spec = Spec {
    short_val: "acehlmpuvw",
    long_val: &[
        "name",
        "network",
        "net",
        "entrypoint",
        "mount",
        "env-file",
        "platform",
        "label-file",
        "add-host",
        "cap-add",
        "cap-drop",
        "cpus",
        "device",
        "dns",
        "expose",
        "gpus",
        "ipc",
        "log-driver",
        "log-opt",
        "pid",
        "restart",
        "runtime",
        "security-opt",
        "shm-size",
        "stop-signal",
        "tmpfs",
        "ulimit",
        "userns",
        "uts",
        "volumes-from",
        "workdir",
        "user",
        "volume",
        "publish",
        "env",
        "label",
        "hostname",
        "memory",
        "attach",
        "pull",
        "cidfile",
        "link",
        "network-alias",
        "ip",
        "ip6",
        "mac-address",
        "health-cmd",
        "memory-swap",
        "cpu-shares",
        "cgroupns",
        "cgroup-parent",
        "device-cgroup-rule",
        "domainname",
    ],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// `docker login`'s options that take a value.
pub(crate) const DOCKER_LOGIN: Spec = Spec::values(
    "up",
    &[
        "username",
        "password",
        "authfile",
        "cert-dir",
        "tls-verify",
        "compat-auth-file",
    ],
);

pub(crate) const DOCKER_PULL: Spec = Spec {
    short_val: "",
    long_val: &["platform"],
    short: &[('a', "all-tags"), ('q', "quiet")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// docker's options before the subcommand.
pub(crate) const DOCKER_GLOBAL: Spec = Spec::values(
    "Hcl",
    &[
        "host",
        "context",
        "config",
        "log-level",
        "tlscacert",
        "tlscert",
        "tlskey",
        "url",
        "connection",
    ],
);

pub(crate) const PIP: Spec = Spec {
    short_val: "ircetf",
    long_val: &[
        "index-url",
        "extra-index-url",
        "requirement",
        "constraint",
        "editable",
        "target",
        "find-links",
        "trusted-host",
        "proxy",
        "prefix",
        "root",
        "platform",
        "python-version",
        "src",
        "upgrade-strategy",
        "cache-dir",
        "log",
        "timeout",
        "retries",
        "implementation",
        "abi",
        "only-binary",
        "no-binary",
        "progress-bar",
        "report",
        // uv's (`uv sync --extra NAME`, `uv add --group dev x`).
        "index",
        "default-index",
        "from",
        "with",
        "with-requirements",
        "extra",
        "group",
        "only-group",
        "no-group",
        "python",
        "project",
        "directory",
        "package",
        "env-file",
        "config-file",
        "cache-dir",
        "index-strategy",
        "resolution",
        "prerelease",
        "exclude-newer",
        "link-mode",
        "compile-bytecode",
        "script",
        "output-file",
        "refresh-package",
        "reinstall-package",
        "upgrade-package",
        "no-binary-package",
        "no-build-package",
        "keyring-provider",
    ],
    short: &[('i', "index-url"), ('f', "find-links")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

pub(crate) const NPM: Spec = Spec {
    short_val: "",
    long_val: &[
        "registry",
        "prefix",
        "tag",
        "cache",
        "userconfig",
        "workspace",
        "scope",
    ],
    short: &[('g', "global")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// cargo's options that take a value.
pub(crate) const CARGO: Spec = Spec::values(
    "jpFZ",
    &[
        "git",
        "index",
        "registry",
        "branch",
        "tag",
        "rev",
        "version",
        "root",
        "path",
        "target",
        "features",
        "jobs",
        "package",
        "config",
        "manifest-path",
        "bin",
        "example",
        "profile",
        "target-dir",
    ],
);

/// gem's options that take a value.
pub(crate) const GEM: Spec = Spec::values(
    "vinspP",
    &[
        "version",
        "install-dir",
        "bindir",
        "source",
        "http-proxy",
        "platform",
        "trust-policy",
    ],
);

/// `gem sources`' options that take a value.
pub(crate) const GEM_SOURCES: Spec = Spec::values("arp", &["add", "remove", "http-proxy"]);

/// docker/podman `exec`'s options that take a value.
pub(crate) const DOCKER_EXEC: Spec = Spec {
    short_val: "euw",
    long_val: &["env", "env-file", "user", "workdir", "detach-keys"],
    short: &[],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// `docker compose exec` / `docker-compose exec`: the options that take a value (the service
/// and its command follow).
pub(crate) const COMPOSE_EXEC: Spec = Spec::with_flags(
    "euw",
    &["env", "user", "workdir", "index"],
    &["detach", "privileged", "no-TTY", "dry-run"],
);

/// `docker compose run` / `docker-compose run`: the options that take a value.
pub(crate) const COMPOSE_RUN: Spec = Spec::with_flags(
    "eluwpv",
    &[
        "env",
        "env-from-file",
        "label",
        "user",
        "workdir",
        "publish",
        "volume",
        "name",
        "entrypoint",
        "cap-add",
        "cap-drop",
        "pull",
    ],
    &[
        "rm",
        "detach",
        "no-deps",
        "service-ports",
        "use-aliases",
        "build",
        "quiet-pull",
        "remove-orphans",
        "no-TTY",
        "interactive",
        "tty",
        "dry-run",
    ],
);

/// twine: the repository, its URL, the credentials and config that take a value.
pub(crate) const TWINE: Spec = Spec::values(
    "rupc",
    &[
        "repository",
        "repository-url",
        "username",
        "password",
        "config-file",
        "sign-with",
        "identity",
        "client-cert",
        "cert",
        "comment",
    ],
);
