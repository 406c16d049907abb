//! Option specs of cloud, cluster, infrastructure-as-code and hosting CLIs: the options that
//! take a value, before the subcommand (`kubectl --context CTX delete …`, `aws --profile P s3
//! …`, `terraform -chdir=DIR destroy`, `gcloud --project P …`, `helm -n NS …`) and after it,
//! so that the option reader never takes a value for a subcommand word or an operand.
//!
//! Flags the rule packs test (`--all`, `--force`, `--recursive`) are listed as flags when a
//! value option starts with the same letters, so that they never resolve as an abbreviation
//! of it (a test checks this).

use super::{Spec, names_after};

/// aws: global options (`--profile`, `--region`, …) may stand anywhere.
pub(crate) const AWS: Spec = Spec::values("", AWS_GLOBAL_OPTIONS);

/// aws's global options that take a value.
pub(super) const AWS_GLOBAL_OPTIONS: &[&str] = &[
    "profile",
    "region",
    "output",
    "endpoint-url",
    "query",
    "color",
    "ca-bundle",
    "cli-read-timeout",
    "cli-connect-timeout",
    "cli-binary-format",
    "cli-input-json",
    "cli-input-yaml",
];

/// `aws s3 cp|mv|sync` and `aws s3api put-object`: the global options and the transfer
/// options that take a value (`aws s3 sync --exclude '*.tmp' dist s3://b --delete`), so that
/// the source and the destination are the first two operands after the subcommand (the cloud
/// pack reads the destination; the exfiltration pack `--acl`, `--body` and the operands).
pub(crate) const AWS_S3_TRANSFER: Spec = Spec::values(
    "",
    names_after!(
        AWS_GLOBAL_OPTIONS,
        [
            "exclude",
            "include",
            "acl",
            "grants",
            "storage-class",
            "sse",
            "sse-c",
            "sse-c-key",
            "sse-kms-key-id",
            "sse-c-copy-source",
            "sse-c-copy-source-key",
            "website-redirect",
            "content-type",
            "cache-control",
            "content-disposition",
            "content-encoding",
            "content-language",
            "expires",
            "metadata",
            "metadata-directive",
            "expected-size",
            "copy-props",
            "source-region",
            "page-size",
            "request-payer",
            "checksum-mode",
            "checksum-algorithm",
            "bucket",
            "key",
            "body",
            "tagging",
        ]
    ),
);

/// gcloud: global options and the common resource flags.
pub(crate) const GCLOUD: Spec = Spec::values("", GCLOUD_GLOBAL_OPTIONS);

/// gcloud's global options and common resource flags that take a value.
pub(super) const GCLOUD_GLOBAL_OPTIONS: &[&str] = &[
    "project",
    "account",
    "configuration",
    "billing-project",
    "flags-file",
    "flatten",
    "format",
    "impersonate-service-account",
    "verbosity",
    "trace-token",
    "access-token-file",
    "zone",
    "region",
];

/// `gcloud compute ssh` (and `gcloud compute tpus tpu-vm ssh`, `gcloud cloud-shell ssh`):
/// the global options and those of ssh that take a value, `--command` among them.
pub(crate) const GCLOUD_SSH: Spec = Spec::values(
    "",
    names_after!(
        GCLOUD_GLOBAL_OPTIONS,
        [
            "command",
            "container",
            "ssh-flag",
            "ssh-key-file",
            "ssh-key-expiration",
            "ssh-key-expire-after",
            "strict-host-key-checking",
            "worker",
            "network",
            "dest-group",
        ]
    ),
);

/// gsutil: `-h HEADER`, `-i SERVICE_ACCOUNT`, `-o SECTION:KEY=VALUE`, `-u PROJECT` before the
/// command.
pub(crate) const GSUTIL: Spec = Spec::values("hiou", &[]);

/// az: global options and the common resource arguments.
pub(crate) const AZ: Spec = Spec::with_flags("ngol", AZ_GLOBAL_OPTIONS, AZ_GLOBAL_FLAGS);

/// az's global options and common resource arguments that take a value.
pub(super) const AZ_GLOBAL_OPTIONS: &[&str] = &[
    "subscription",
    "output",
    "query",
    "name",
    "resource-group",
    "account-name",
    "account-key",
    "container-name",
    "connection-string",
    "sas-token",
    "auth-mode",
    "location",
];

/// az's global flags.
pub(super) const AZ_GLOBAL_FLAGS: &[&str] =
    &["only-show-errors", "debug", "verbose", "yes", "no-wait"];

/// `az vm run-command invoke|create` and `az vmss run-command invoke`: the global options and
/// the command's own that take a value. `--scripts` takes one or more values (the script's
/// lines, as further operands).
pub(crate) const AZ_RUN_COMMAND: Spec = Spec::with_flags(
    "ngol",
    names_after!(
        AZ_GLOBAL_OPTIONS,
        [
            "command-id",
            "scripts",
            "script",
            "script-uri",
            "parameters",
            "protected-parameters",
            "vm-name",
            "instance-id",
            "ids",
            "run-as-user",
            "run-as-password",
            "timeout-in-seconds",
            "output-blob-uri",
            "error-blob-uri",
        ]
    ),
    AZ_GLOBAL_FLAGS,
);

/// `aws ssm send-command`: the global options and the command's own that take a value
/// (`--instance-ids` and `--targets` take several, read as further operands).
pub(crate) const AWS_SSM_SEND_COMMAND: Spec = Spec::values(
    "",
    names_after!(
        AWS_GLOBAL_OPTIONS,
        [
            "document-name",
            "document-version",
            "document-hash",
            "document-hash-type",
            "parameters",
            "instance-ids",
            "targets",
            "comment",
            "timeout-seconds",
            "output-s3-region",
            "output-s3-bucket-name",
            "output-s3-key-prefix",
            "max-concurrency",
            "max-errors",
            "service-role-arn",
            "notification-config",
            "cloud-watch-output-config",
            "alarm-configuration",
        ]
    ),
);

/// ansible (ad hoc): the options that take a value, `-m MODULE` and `-a ARGS` among them.
pub(crate) const ANSIBLE: Spec = Spec::values(
    "maiufelcTBPMt",
    &[
        "module-name",
        "args",
        "inventory",
        "inventory-file",
        "user",
        "forks",
        "extra-vars",
        "limit",
        "connection",
        "timeout",
        "background",
        "poll",
        "module-path",
        "tree",
        "become-user",
        "become-method",
        "become-password-file",
        "connection-password-file",
        "private-key",
        "key-file",
        "vault-id",
        "vault-password-file",
        "ssh-common-args",
        "ssh-extra-args",
        "scp-extra-args",
        "sftp-extra-args",
        "playbook-dir",
        "task-timeout",
    ],
);

/// terraform, tofu, terragrunt (read with one dash, see `single_dash_long`).
pub(crate) const TERRAFORM: Spec = Spec::values(
    "",
    &[
        "chdir",
        "var",
        "var-file",
        "target",
        "state",
        "state-out",
        "backup",
        "lock-timeout",
        "parallelism",
        "replace",
        "out",
        "backend-config",
        "from-module",
        "plugin-dir",
        "working-dir",
        "terragrunt-working-dir",
        "terragrunt-config",
    ],
);

/// pulumi: `--cwd`/`-C`, `--stack`/`-s` and the logging options.
pub(crate) const PULUMI: Spec = Spec::with_flags(
    "Cstmpv",
    &[
        "cwd",
        "stack",
        "color",
        "config-file",
        "verbose",
        "tracing",
        "profiling",
        "memprofilerate",
        "otel-traces",
        "target",
        "exclude",
        "message",
        "parallel",
    ],
    &[
        "yes",
        "skip-preview",
        "remove",
        "json",
        "logflow",
        "logtostderr",
    ],
);

/// AWS CDK: `--app`, `--context`, `--profile`, … (yargs).
pub(crate) const CDK: Spec = Spec::values(
    "acor",
    &[
        "app",
        "context",
        "profile",
        "output",
        "role-arn",
        "plugin",
        "proxy",
        "ca-bundle-path",
        "toolkit-stack-name",
        "require-approval",
    ],
);

/// helm: global Kubernetes options and the common release options.
pub(crate) const HELM: Spec = Spec::values(
    "nfol",
    &[
        "namespace",
        "kube-context",
        "kubeconfig",
        "kube-apiserver",
        "kube-as-user",
        "kube-as-group",
        "kube-ca-file",
        "kube-token",
        "kube-tls-server-name",
        "burst-limit",
        "qps",
        "registry-config",
        "repository-cache",
        "repository-config",
        "values",
        "output",
        "set",
        "set-string",
        "set-file",
        "set-json",
        "set-literal",
        "version",
        "timeout",
        "description",
        "cascade",
        "repo",
        "username",
        "password",
        "ca-file",
        "cert-file",
        "key-file",
        "post-renderer",
        "post-renderer-args",
        "history-max",
        "max",
        "revision",
        "selector",
    ],
);

/// kubectl (and `oc`): global options and the common resource options. `--cascade` and
/// `--dry-run` are left out: written bare they take no value (pflag's optional values).
pub(crate) const KUBECTL: Spec = Spec::with_flags("nslfckLov", KUBECTL_OPTIONS, KUBECTL_FLAGS);

/// kubectl's global and common resource options that take a value.
const KUBECTL_OPTIONS: &[&str] = &[
    "context",
    "kubeconfig",
    "cluster",
    "user",
    "namespace",
    "server",
    "token",
    "as",
    "as-group",
    "as-uid",
    "cache-dir",
    "certificate-authority",
    "client-certificate",
    "client-key",
    "request-timeout",
    "tls-server-name",
    "username",
    "password",
    "profile",
    "profile-output",
    "log-file",
    "log-dir",
    "v",
    "vmodule",
    "filename",
    "selector",
    "field-selector",
    "output",
    "grace-period",
    "timeout",
    "kustomize",
    "raw",
    "template",
    "container",
    "label-columns",
    "sort-by",
    "chunk-size",
    "field-manager",
    "prune-allowlist",
    "prune-whitelist",
    "pod-selector",
];

/// kubectl's flags the rule packs test.
const KUBECTL_FLAGS: &[&str] = &[
    "all",
    "all-namespaces",
    "force",
    "prune",
    "recursive",
    "wait",
    "now",
    "ignore-not-found",
    "ignore-daemonsets",
    "delete-emptydir-data",
    "insecure-skip-tls-verify",
    "match-server-version",
    "disable-compression",
    "warnings-as-errors",
];

/// gh: the repository (`-R OWNER/REPO`) and host options.
pub(crate) const GH: Spec = Spec::values("R", &["repo", "hostname"]);

/// `gh repo edit`: the global options and its own that take a value.
pub(crate) const GH_REPO_EDIT: Spec = Spec::values(
    "R",
    &[
        "repo",
        "hostname",
        "visibility",
        "description",
        "homepage",
        "default-branch",
        "add-topic",
        "remove-topic",
        "template",
    ],
);

/// `gh gist create`: the global options and its own that take a value.
pub(crate) const GH_GIST: Spec = Spec::values("Rdf", &["repo", "hostname", "desc", "filename"]);

/// `gh issue|pr create|comment|edit|review`: the options that take a value.
pub(crate) const GH_ISSUE: Spec = Spec::values(
    "RtbFalmpBHTr",
    &[
        "repo",
        "hostname",
        "title",
        "body",
        "body-file",
        "assignee",
        "label",
        "milestone",
        "project",
        "base",
        "head",
        "template",
        "reviewer",
        "add-label",
        "remove-label",
        "add-assignee",
        "remove-assignee",
    ],
);

/// `gh release create|edit|upload`: the options that take a value (the operands after the
/// tag are the assets).
pub(crate) const GH_RELEASE: Spec = Spec::values(
    "RtnF",
    &[
        "repo",
        "hostname",
        "title",
        "notes",
        "notes-file",
        "target",
        "discussion-category",
        "notes-start-tag",
        "tag",
    ],
);

/// helmfile's global options that take a value (`helmfile -e prod destroy`).
pub(crate) const HELMFILE: Spec = Spec::values(
    "efln",
    &[
        "environment",
        "file",
        "namespace",
        "selector",
        "kube-context",
        "state-values-set",
        "state-values-file",
        "chart",
    ],
);

/// A container registry login (`docker login`, `helm registry login`, `crane auth login` …):
/// the options that take a value.
pub(crate) const REGISTRY_LOGIN: Spec = Spec::values(
    "up",
    &[
        "username",
        "password",
        "authfile",
        "cert-dir",
        "cert-file",
        "key-file",
        "ca-file",
    ],
);

/// gh api: the method, header, field, query and template options take a value (`gh api -X
/// DELETE PATH`, `gh api PATH -f k=v --jq .x`).
pub(crate) const GH_API: Spec = Spec::values(
    "RXHfFpqt",
    &[
        "repo",
        "hostname",
        "method",
        "header",
        "raw-field",
        "field",
        "preview",
        "jq",
        "template",
        "input",
        "cache",
    ],
);

/// docker compose / docker-compose: global and `down` options.
pub(crate) const COMPOSE: Spec = Spec::with_flags(
    "fpt",
    &[
        "file",
        "project-name",
        "profile",
        "env-file",
        "project-directory",
        "ansi",
        "progress",
        "parallel",
        "timeout",
        "rmi",
    ],
    &["volumes", "remove-orphans", "dry-run"],
);

/// docker/podman `rm`, `volume`, `system` and `prune` subcommands: flags only, but filters
/// and formats take a value.
pub(crate) const DOCKER_REMOVE: Spec =
    Spec::with_flags("", &["filter", "format"], &["all", "force", "volumes"]);

/// sst: the stage and the config file take a value.
pub(crate) const SST: Spec = Spec::values("", &["stage", "config"]);

/// bq: the global flags that take a value (`--project_id`, `--location`, `--dataset_id`,
/// `--format`, `--api`), before the command; `rm`'s `--job` is a flag.
pub(crate) const BQ: Spec = Spec::with_flags(
    "",
    &[
        "project_id",
        "location",
        "dataset_id",
        "format",
        "api",
        "api_version",
        "apilog",
        "bigqueryrc",
        "credential_file",
        "job_id",
        "max_rows_per_request",
        "service_account",
        "service_account_credential_file",
        "trace",
    ],
    &["job", "recursive", "force", "table", "dataset", "model"],
);

/// `kubectl scale`: kubectl's options and the scale's.
pub(crate) const KUBECTL_SCALE: Spec = Spec::with_flags(
    "nslfckLov",
    names_after!(
        KUBECTL_OPTIONS,
        [
            "replicas",
            "current-replicas",
            "resource-version",
            "timeout"
        ]
    ),
    KUBECTL_FLAGS,
);

/// `kubectl patch`: the global options and the patch's (`-p`, `--type`), so that the clusters
/// pack reads the patch it applies.
pub(crate) const KUBECTL_PATCH: Spec = Spec::with_flags(
    "nslfckLovp",
    names_after!(
        KUBECTL_OPTIONS,
        ["patch", "type", "patch-file", "subresource"]
    ),
    KUBECTL_FLAGS,
);

/// `kubectl run` and `kubectl debug`: kubectl's options and theirs that take a value, so that
/// the clusters pack reads the pod `--overrides` gives.
pub(crate) const KUBECTL_RUN: Spec = Spec::with_flags(
    "nslfckLov",
    names_after!(
        KUBECTL_OPTIONS,
        [
            "overrides",
            "image",
            "image-pull-policy",
            "port",
            "env",
            "labels",
            "restart",
            "annotations",
            "profile",
            "target",
            "container",
            "copy-to",
            "custom"
        ]
    ),
    KUBECTL_FLAGS,
);

/// `kubectl create clusterrolebinding|rolebinding`: kubectl's options and the binding's.
pub(crate) const KUBECTL_BINDING: Spec = Spec::with_flags(
    "nslfckLov",
    names_after!(
        KUBECTL_OPTIONS,
        ["clusterrole", "role", "group", "serviceaccount"]
    ),
    KUBECTL_FLAGS,
);
