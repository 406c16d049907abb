//! The `iac` pack: infrastructure as code tearing infrastructure down.

use super::{Check, Matcher as M, Operands};

/// terraform and the tools with its command line (options read with one dash).
const TERRAFORM: &[&str] = &["terraform", "tofu", "terragrunt"];
const HELP: &[&str] = &["--help", "-h"];
/// istioctl's dry run and help remove nothing.
const ISTIOCTL_INERT: &[&str] = &["--dry-run", "-d", "--help", "-h"];

const DESTROY: &str = "TG-IAC-DESTROY";
const STATE: &str = "TG-IAC-STATE-REMOVE";
const HELM: &str = "TG-IAC-HELM-UNINSTALL";
const UNREVIEWED: &str = "TG-IAC-APPLY-UNREVIEWED";

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    M::new(DESTROY, TERRAFORM, &[&["destroy"]]).none(HELP),
    M::new(DESTROY, TERRAFORM, &[&["apply"]])
        .any(&["--destroy"])
        .none(HELP),
    M::new(DESTROY, &["terragrunt"], &[&["destroy-all"]]).none(HELP),
    M::new(DESTROY, &["terragrunt"], &[&["run-all"], &["destroy"]]).none(HELP),
    // `pulumi down` is `pulumi destroy`.
    M::new(DESTROY, &["pulumi"], &[&["destroy", "down", "dn"]]).none(&[
        "--preview-only",
        "--help",
        "-h",
    ]),
    M::new(DESTROY, &["cdk", "cdktf"], &[&["destroy"]]).none(HELP),
    // SST removes every resource of a stage.
    M::new(DESTROY, &["sst"], &[&["remove"]]).none(HELP),
    // Changes applied with the confirmation skipped: no person sees the plan, which may
    // replace or destroy resources. (`terraform apply PLANFILE` applies a plan made before.)
    M::new(UNREVIEWED, TERRAFORM, &[&["apply"]])
        .any(&["--auto-approve"])
        .operands(Operands::Exactly(0))
        .none(&["--destroy", "--help", "-h"]),
    M::new(
        UNREVIEWED,
        &["terragrunt"],
        &[&["run-all", "run"], &["apply"]],
    )
    .any(&[
        "--auto-approve",
        "--terragrunt-non-interactive",
        "--non-interactive",
    ])
    .none(HELP),
    M::new(UNREVIEWED, &["pulumi"], &[&["up", "update"]])
        .any(&["--yes", "-y", "--skip-preview", "-f"])
        .none(&["--preview-only", "--help", "-h"]),
    M::new(UNREVIEWED, &["cdk"], &[&["deploy"]])
        .check(Check::AlsoValue(&["--require-approval"], &["never"])),
    M::new(UNREVIEWED, &["cdktf"], &[&["deploy", "apply"]])
        .any(&["--auto-approve"])
        .none(HELP),
    M::new(STATE, TERRAFORM, &[&["state"], &["rm"]]).none(HELP),
    // `state push` replaces the remote state with a local file (`-force` even an older one).
    M::new(STATE, TERRAFORM, &[&["state"], &["push"]]).none(HELP),
    // A workspace's delete deletes its state (with -force even while it tracks resources).
    M::new(STATE, TERRAFORM, &[&["workspace"], &["delete"]]).none(HELP),
    M::new(STATE, &["pulumi"], &[&["stack"], &["rm"]]).none(HELP),
    M::new(STATE, &["pulumi"], &[&["state"], &["delete"]]).none(HELP),
    // A cluster removed from Argo CD: its applications there are reconciled no more.
    M::new(STATE, &["argocd"], &[&["cluster"], &["rm"]]).none(HELP),
    // `helm delete`, `del` and `un` are `helm uninstall`.
    M::new(HELM, &["helm"], &[&["uninstall", "delete", "del", "un"]]).none(&[
        "--dry-run",
        "--help",
        "-h",
    ]),
    // An Argo CD application's delete removes what it deployed (cascade is the default).
    M::new(HELM, &["argocd"], &[&["app"], &["delete", "rm"]]).none(HELP),
    // helmfile: every release the helmfile names.
    M::new(HELM, &["helmfile"], &[&["destroy", "delete"]]).none(HELP),
    // `flux uninstall` uninstalls Flux as `helm uninstall` does a release: its controllers,
    // its custom resource definitions with every Kustomization, HelmRelease and source, and
    // (unless `--keep-namespace`) the namespace it runs in. The workloads stay, reconciled no
    // more.
    M::new(HELM, &["flux"], &[&["uninstall"]]).none(&["--dry-run", "--help", "-h"]),
    // `istioctl uninstall` (also `istioctl x uninstall`) removes Istio's control plane, and
    // with `--purge` its custom resource definitions with every mesh resource.
    M::new(HELM, &["istioctl"], &[&["uninstall"]]).none(ISTIOCTL_INERT),
    M::new(
        HELM,
        &["istioctl"],
        &[&["x", "experimental"], &["uninstall"]],
    )
    .none(ISTIOCTL_INERT),
    // Flux: deleting a Kustomization or a HelmRelease removes what it applied (its garbage
    // collection, the release's uninstall). A source's delete keeps the workloads.
    M::new(
        HELM,
        &["flux"],
        &[&["delete"], &["kustomization", "ks", "helmrelease", "hr"]],
    )
    .none(HELP),
];
