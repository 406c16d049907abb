//! Hosting platforms' CLIs (DigitalOcean, Hetzner, Linode, Fly.io, Vercel, Netlify, Heroku,
//! Supabase, Firebase, Serverless, AWS SAM, eksctl, Oracle Cloud, OpenStack, Scaleway, Vultr,
//! GitLab, Argo CD, Flux): the
//! options that take a value, global ones above all, which may stand before the subcommand
//! the rule packs match (`doctl --context prod compute droplet delete`).

use super::Spec;

/// DigitalOcean's `doctl`.
pub(crate) const DOCTL: Spec = Spec::with_flags(
    "tco",
    &[
        "access-token",
        "api-url",
        "config",
        "context",
        "output",
        "format",
        "http-retry-max",
        "http-retry-wait-max",
        "http-retry-wait-min",
    ],
    &["trace", "verbose", "interactive", "force", "no-header"],
);

/// Hetzner Cloud's `hcloud`.
pub(crate) const HCLOUD: Spec = Spec::with_flags(
    "o",
    &[
        "config",
        "context",
        "poll-interval",
        "endpoint",
        "debug-file",
        "output",
    ],
    &["debug", "quiet", "no-experimental-warnings"],
);

/// Akamai's `linode-cli`.
pub(crate) const LINODE: Spec = Spec::with_flags(
    "",
    &[
        "as-user",
        "page",
        "page-size",
        "format",
        "all-columns",
        "config",
    ],
    &[
        "text",
        "json",
        "pretty",
        "no-headers",
        "suppress-warnings",
        "no-defaults",
        "debug",
    ],
);

/// Fly.io's `fly` / `flyctl`.
pub(crate) const FLY: Spec = Spec::with_flags(
    "act",
    &["app", "access-token", "config", "org"],
    &["verbose", "debug", "json", "yes", "force"],
);

/// Vercel.
pub(crate) const VERCEL: Spec = Spec::with_flags(
    "tSAQT",
    &[
        "token",
        "scope",
        "local-config",
        "global-config",
        "cwd",
        "team",
    ],
    &["debug", "yes", "no-color", "safe", "prod"],
);

/// Netlify.
pub(crate) const NETLIFY: Spec = Spec::with_flags(
    "",
    &["auth", "cwd", "site", "filter"],
    &["debug", "force", "json"],
);

/// Heroku.
pub(crate) const HEROKU: Spec =
    Spec::with_flags("ar", &["app", "remote", "confirm"], &["force", "json"]);

/// Supabase.
pub(crate) const SUPABASE: Spec = Spec::with_flags(
    "",
    &[
        "workdir",
        "profile",
        "project-ref",
        "output",
        "dns-resolver",
        "network-id",
        "db-url",
    ],
    &["debug", "experimental", "yes", "linked", "local"],
);

/// Firebase.
pub(crate) const FIREBASE: Spec = Spec::with_flags(
    "Pc",
    &["project", "token", "account", "config"],
    &[
        "debug",
        "json",
        "non-interactive",
        "interactive",
        "force",
        "all-collections",
        "recursive",
    ],
);

/// The Serverless Framework (`serverless`, `sls`).
pub(crate) const SERVERLESS: Spec = Spec::with_flags(
    "src",
    &[
        "stage",
        "region",
        "config",
        "aws-profile",
        "org",
        "app",
        "param",
    ],
    &["verbose", "debug"],
);

/// AWS SAM.
pub(crate) const SAM: Spec = Spec::with_flags(
    "",
    &[
        "region",
        "profile",
        "config-file",
        "config-env",
        "stack-name",
        "s3-bucket",
        "s3-prefix",
        "template-file",
        "template",
    ],
    &["debug", "no-prompts", "beta-features"],
);

/// eksctl.
pub(crate) const EKSCTL: Spec = Spec::with_flags(
    "rpnfv",
    &[
        "region",
        "profile",
        "name",
        "config-file",
        "verbose",
        "cluster",
        "timeout",
    ],
    &["wait", "force", "approve", "disable-nodegroup-eviction"],
);

/// Oracle Cloud's `oci`.
pub(crate) const OCI: Spec = Spec::with_flags(
    "",
    &[
        "profile",
        "config-file",
        "region",
        "auth",
        "output",
        "query",
        "endpoint",
        "cli-rc-file",
        "cert-bundle",
        "defaults-file",
    ],
    &["debug", "force", "raw-output", "no-retry"],
);

/// GitLab's `glab`.
pub(crate) const GLAB: Spec = Spec::with_flags("R", &["repo", "group"], &["yes", "help"]);

/// Argo CD.
pub(crate) const ARGOCD: Spec = Spec::with_flags(
    "H",
    &[
        "server",
        "auth-token",
        "config",
        "grpc-web-root-path",
        "header",
        "port-forward-namespace",
        "kube-context",
        "logformat",
        "loglevel",
        "client-crt",
        "client-crt-key",
        "server-crt",
        "cascade",
        "propagation-policy",
    ],
    &[
        "grpc-web",
        "insecure",
        "plaintext",
        "port-forward",
        "core",
        "yes",
    ],
);

/// The OpenStack client (`openstack --os-cloud prod server delete vm`).
pub(crate) const OPENSTACK: Spec = Spec::with_flags(
    "fc",
    &[
        "os-cloud",
        "os-region-name",
        "os-auth-url",
        "os-project-name",
        "os-project-id",
        "os-username",
        "os-password",
        "os-user-domain-name",
        "os-project-domain-name",
        "os-auth-type",
        "os-interface",
        "os-token",
        "os-cacert",
        "os-cert",
        "os-key",
        "os-identity-api-version",
        "os-compute-api-version",
        "os-volume-api-version",
        "os-image-api-version",
        "os-network-api-version",
        "log-file",
        "format",
        "column",
        "max-width",
        "sort-column",
    ],
    &[
        "debug", "verbose", "quiet", "insecure", "help", "version", "wait",
    ],
);

/// Scaleway's `scw` (`scw -p prod instance server delete ID`).
pub(crate) const SCW: Spec =
    Spec::with_flags("cpo", &["config", "profile", "output"], &["debug", "help"]);

/// `vultr-cli`.
pub(crate) const VULTR: Spec = Spec::with_flags("o", &["config", "output"], &["help"]);

/// Neon's `neonctl` (also `neon`).
pub(crate) const NEONCTL: Spec = Spec::with_flags(
    "o",
    &[
        "api-key",
        "output",
        "config-dir",
        "context-file",
        "project-id",
        "org-id",
        "api-host",
    ],
    &["analytics", "no-analytics", "help", "version"],
);

/// Cloudflare's `wrangler` (`--command` and `--file` are `d1 execute`'s SQL).
pub(crate) const WRANGLER: Spec = Spec::with_flags(
    "ce",
    &["config", "env", "cwd", "command", "file"],
    &["help", "version", "experimental-json-config"],
);

/// PlanetScale's `pscale`.
pub(crate) const PSCALE: Spec = Spec::with_flags(
    "f",
    &[
        "org",
        "service-token",
        "service-token-id",
        "config",
        "format",
        "api-url",
    ],
    &["debug", "no-color", "help", "version"],
);

/// Turso's `turso`.
pub(crate) const TURSO: Spec = Spec::with_flags("", &["config-path"], &["help", "version"]);

/// Flux CD's `flux` (`flux -n apps delete kustomization app`).
pub(crate) const FLUX: Spec = Spec::with_flags(
    "n",
    &[
        "namespace",
        "context",
        "kubeconfig",
        "timeout",
        "cluster",
        "token",
        "server",
        "user",
    ],
    &["silent", "verbose", "insecure-skip-tls-verify", "help"],
);

/// The JVM launcher, for `java -jar jenkins-cli.jar …` (options with one dash, read with
/// two; what follows the jar is the program's).
pub(crate) const JAVA: Spec = Spec::with_flags(
    "",
    &[
        "jar",
        "cp",
        "classpath",
        "class-path",
        "module-path",
        "p",
        "m",
        "module",
        "add-modules",
    ],
    &["version", "showversion", "help", "server", "client"],
);

/// The Jenkins CLI's commands that delete a job, node, view, builds or credentials.
pub(crate) const JENKINS_CLI_DELETES: &[&str] = &[
    "delete-job",
    "delete-node",
    "delete-view",
    "delete-builds",
    "delete-credentials",
    "delete-credentials-domain",
];

/// Railway: the service, environment and project a command acts on.
pub(crate) const RAILWAY: Spec = Spec::with_flags(
    "sep",
    &["service", "environment", "project"],
    &["yes", "json"],
);

/// Istio's `istioctl`: the cluster and namespace options, and those of `uninstall` that take
/// a value (`--revision`, `--filename`, `--set`).
pub(crate) const ISTIOCTL: Spec = Spec::with_flags(
    "cinrfs",
    &[
        "kubeconfig",
        "context",
        "istioNamespace",
        "istio-namespace",
        "namespace",
        "revision",
        "filename",
        "set",
        "vklog",
    ],
    &["purge", "skip-confirmation", "dry-run", "verbose"],
);
