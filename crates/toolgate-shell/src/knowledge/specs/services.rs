//! Secret stores, message brokers, backup tools, CI runners, Nomad and crictl: the options
//! that take a value (global ones above all, which may stand before the subcommand the rule
//! packs match: `restic -r REPO forget`, `nats -s URL stream rm`), and the flags the packs
//! test.

use super::Spec;

/// HashiCorp Vault (Go flags with one dash, read as `--name`; they follow the subcommand).
pub(crate) const VAULT: Spec = Spec::values(
    "",
    &[
        "address",
        "agent-address",
        "namespace",
        "ns",
        "mount",
        "versions",
        "version",
        "ca-cert",
        "ca-path",
        "client-cert",
        "client-key",
        "tls-server-name",
        "wrap-ttl",
        "format",
        "field",
        "header",
        "mfa",
        "policy-override",
        "mode",
    ],
);

/// 1Password's `op`.
pub(crate) const OP: Spec = Spec::with_flags(
    "",
    &[
        "account", "config", "session", "format", "encoding", "vault", "cache",
    ],
    &["archive", "help"],
);

/// Doppler.
pub(crate) const DOPPLER: Spec = Spec::values(
    "pc",
    &[
        "project",
        "config",
        "token",
        "scope",
        "api-host",
        "dashboard-host",
        "configuration",
        "environment",
    ],
);

/// restic: the repository, password and cache options before the subcommand, and the
/// values of `forget`'s policy options.
pub(crate) const RESTIC: Spec = Spec::with_flags(
    "rpo",
    &[
        "repo",
        "repository-file",
        "password-file",
        "password-command",
        "cache-dir",
        "option",
        "key-hint",
        "limit-upload",
        "limit-download",
        "cacert",
        "tls-client-cert",
        "pack-size",
        "compression",
        "keep-last",
        "keep-hourly",
        "keep-daily",
        "keep-weekly",
        "keep-monthly",
        "keep-yearly",
        "keep-within",
        "keep-tag",
        "tag",
        "host",
        "path",
        "group-by",
        "max-unused",
        "max-repack-size",
    ],
    &["prune", "dry-run", "unsafe-allow-remove-all", "help"],
);

/// BorgBackup 1.x and 2.x (`-r`/`--repo`, `-a`/`--match-archives` in 2.x).
pub(crate) const BORG: Spec = Spec::with_flags(
    "ra",
    &[
        "remote-path",
        "rsh",
        "lock-wait",
        "umask",
        "upload-ratelimit",
        "upload-buffer",
        "debug-topic",
        "repo",
        "match-archives",
        "glob-archives",
        "prefix",
        "sort-by",
        "first",
        "last",
        "keep-within",
        "keep-last",
        "keep-secondly",
        "keep-minutely",
        "keep-hourly",
        "keep-daily",
        "keep-weekly",
        "keep-monthly",
        "keep-yearly",
        "checkpoint-interval",
    ],
    &["cache-only", "dry-run", "help"],
);

/// rclone: its global options that take a value (any of them may precede the subcommand).
pub(crate) const RCLONE: Spec = Spec::with_flags(
    "",
    &[
        "config",
        "transfers",
        "checkers",
        "bwlimit",
        "log-file",
        "log-level",
        "include",
        "exclude",
        "filter",
        "include-from",
        "exclude-from",
        "filter-from",
        "files-from",
        "max-age",
        "min-age",
        "max-size",
        "min-size",
        "max-depth",
        "max-delete",
        "max-transfer",
        "backup-dir",
        "suffix",
        "user-agent",
        "retries",
        "low-level-retries",
        "stats",
        "timeout",
        "contimeout",
        "order-by",
        "tpslimit",
        "compare-dest",
        "copy-dest",
    ],
    &["dry-run", "interactive", "help"],
);

/// Velero (a cluster's backups): its Kubernetes context options.
pub(crate) const VELERO: Spec = Spec::values(
    "nlo",
    &[
        "namespace",
        "kubeconfig",
        "kubecontext",
        "features",
        "selector",
        "output",
        "colorized",
    ],
);

/// The NATS CLI: connection options before the subcommand.
pub(crate) const NATS: Spec = Spec::values(
    "s",
    &[
        "server",
        "context",
        "creds",
        "user",
        "password",
        "nkey",
        "tlscert",
        "tlskey",
        "tlsca",
        "timeout",
        "socks-proxy",
        "js-domain",
        "js-api-prefix",
        "js-event-prefix",
        "inbox-prefix",
        "connection-name",
    ],
);

/// Kafka's command-line tools (`kafka-topics`, `kafka-consumer-groups`, …): options take
/// their values as separate words; the actions the messaging pack tests are flags.
pub(crate) const KAFKA: Spec = Spec::with_flags(
    "",
    &[
        "bootstrap-server",
        "zookeeper",
        "command-config",
        "admin.config",
        "topic",
        "group",
        "partitions",
        "replication-factor",
        "config",
        "entity-type",
        "entity-name",
        "entity-default",
        "add-config",
        "delete-config",
        "offset-json-file",
        "operation",
        "allow-principal",
        "deny-principal",
        "allow-host",
        "deny-host",
        "resource-pattern-type",
        "to-datetime",
        "to-offset",
        "shift-by",
        "by-duration",
        "from-file",
        "timeout",
    ],
    &[
        "delete",
        "delete-offsets",
        "reset-offsets",
        "execute",
        "dry-run",
        "remove",
        "alter",
        "list",
        "describe",
        "create",
        "help",
    ],
);

/// rabbitmqctl: node, vhost and timeout options.
pub(crate) const RABBITMQCTL: Spec =
    Spec::values("npt", &["node", "vhost", "timeout", "erlang-cookie"]);

/// rabbitmqadmin (the management plugin's CLI, 1.x and 2.x): connection options.
pub(crate) const RABBITMQADMIN: Spec = Spec::values(
    "HPVupcNUfd",
    &[
        "host",
        "port",
        "vhost",
        "username",
        "password",
        "config",
        "node",
        "base-uri",
        "format",
        "depth",
        "path-prefix",
        "ssl-key-file",
        "ssl-cert-file",
        "ssl-ca-cert-file",
    ],
);

/// gitlab-runner: its configuration and logging options.
pub(crate) const GITLAB_RUNNER: Spec = Spec::values("c", &["config", "log-level", "log-format"]);

/// The CircleCI CLI: its token and host options.
pub(crate) const CIRCLECI: Spec = Spec::values("", &["token", "host", "org-id", "org-slug"]);

/// HashiCorp Nomad (long options with one dash): the global options and those of the
/// commands the clusters pack reads (`nomad job stop`, `nomad node drain`) that take a
/// value.
pub(crate) const NOMAD: Spec = Spec::values(
    "",
    &[
        "address",
        "region",
        "namespace",
        "token",
        "ca-cert",
        "ca-path",
        "client-cert",
        "client-key",
        "tls-server-name",
        "eval-priority",
        "deadline",
        "meta",
        "m",
    ],
);

/// crictl, the CRI runtimes' client: its global options that take a value (the endpoints,
/// the timeout, the config file).
pub(crate) const CRICTL: Spec = Spec::with_flags(
    "ritc",
    &["runtime-endpoint", "image-endpoint", "timeout", "config"],
    &["all", "force", "prune", "debug"],
);
