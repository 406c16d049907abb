//! The `clusters` pack: Kubernetes deletions and disruptions.

use super::{Check, Matcher as M, Operands, View};
use crate::knowledge::specs::{
    DOCKER_REMOVE, KUBECTL_BINDING, KUBECTL_PATCH, KUBECTL_RUN, KUBECTL_SCALE,
};
use crate::rules::glob_match_ci;

const KUBECTL: &[&str] = &["kubectl", "oc"];
/// A client or server dry run changes nothing.
const DRY_RUN: &[&str] = &["--dry-run", "--help", "-h"];
const HELP: &[&str] = &["--help", "-h"];
/// Docker and the engines with its command line (Swarm mode is Docker's).
const DOCKER: &[&str] = &["docker"];

/// Kinds whose deletion deletes everything in them (every spelling kubectl accepts).
const CRITICAL_KINDS: &[&str] = &[
    "namespace",
    "namespaces",
    "ns",
    // OpenShift's projects are namespaces.
    "project",
    "projects",
    "node",
    "nodes",
    "no",
    "persistentvolume",
    "persistentvolumes",
    "pv",
    "persistentvolumeclaim",
    "persistentvolumeclaims",
    "pvc",
    "customresourcedefinition",
    "customresourcedefinitions",
    "crd",
    "crds",
];

/// `-f` values that name one manifest (or standard input): any other names a directory, whose
/// every manifest is read, or is only known at run time.
const ONE_MANIFEST: &[&str] = &["*.yaml", "*.yml", "*.json", "-"];

const CRITICAL: &str = "TG-K8S-DELETE-CRITICAL";
const MANIFESTS: &str = "TG-K8S-DELETE-MANIFESTS";
const ALL: &str = "TG-K8S-DELETE-ALL";
const DISRUPT: &str = "TG-K8S-DISRUPT";
const ADMIN_GRANT: &str = "TG-K8S-ADMIN-GRANT";
const NODE_ACCESS: &str = "TG-K8S-NODE-ACCESS";

/// What a pod `--overrides` gives that puts it in control of its node: privileges, the
/// host's namespaces, the host's files (the JSON read loosely: a `false` before a later
/// `true` is read as `true`).
const HOST_ACCESS_OVERRIDES: &[&str] = &[
    "*privileged*true*",
    "*hostPID*true*",
    "*hostNetwork*true*",
    "*hostIPC*true*",
    "*hostPath*",
];

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    M::new(CRITICAL, KUBECTL, &[&["delete"]])
        .operands(Operands::Kinds(CRITICAL_KINDS))
        .none(DRY_RUN),
    M::new(ALL, KUBECTL, &[&["delete"]])
        .any(&["--all", "-A", "--all-namespaces"])
        .none(DRY_RUN),
    // Everything a directory of manifests or a kustomization declares: the whole
    // application, its namespaces and volume claims too when they are among them. One
    // manifest file (`kubectl delete -f web.yaml`) is routine, as `kubectl delete deploy` is.
    M::new(MANIFESTS, KUBECTL, &[&["delete"]])
        .none(DRY_RUN)
        .check(Check::ManifestDirectory),
    M::new(MANIFESTS, KUBECTL, &[&["delete"]])
        .any(&["-k", "--kustomize"])
        .none(DRY_RUN),
    M::new(DISRUPT, KUBECTL, &[&["drain"]]).none(DRY_RUN),
    // A `NoExecute` taint evicts every pod that does not tolerate it, as a drain does (a
    // trailing `-` removes the taint).
    M::new(DISRUPT, KUBECTL, &[&["taint"]])
        .operands(Operands::Some(&["*:NoExecute"]))
        .none(DRY_RUN),
    M::new(DISRUPT, KUBECTL, &[&["apply"]])
        .any(&["--prune"])
        .none(DRY_RUN),
    // A workload (or every one of a namespace, `--all`) scaled to nothing: an outage, not a
    // rollout.
    M::new(DISRUPT, KUBECTL, &[&["scale"]])
        .spec(&KUBECTL_SCALE)
        .none(DRY_RUN)
        .check(Check::AlsoValue(&["--replicas"], &["0"])),
    M::new(DISRUPT, KUBECTL, &[&["replace"]])
        .any(&["--force"])
        .none(DRY_RUN),
    // Finalizers removed (a merge patch's `"finalizers": null`, a JSON patch's `remove` of
    // `/metadata/finalizers`, a namespace's `finalize` call): the object is deleted without
    // the cleanup its controllers owed, which may leave volumes or cloud resources behind or
    // pull a volume from under a running pod.
    M::new(DISRUPT, KUBECTL, &[&["patch"]])
        .spec(&KUBECTL_PATCH)
        .none(DRY_RUN)
        .check(Check::AnyValue(&["--patch", "-p"], &["*finalizers*"])),
    M::new(DISRUPT, KUBECTL, &[&["replace"]])
        .none(DRY_RUN)
        .check(Check::AlsoValue(&["--raw"], &["*/finalize"])),
    // Nomad: a drain migrates every allocation off a node; a purged job is gone with its
    // versions (a plain stop keeps them, as `kubectl delete deploy` is routine).
    M::new(DISRUPT, &["nomad"], &[&["node"], &["drain"]])
        .any(&["--enable"])
        .none(HELP),
    M::new(DISRUPT, &["nomad"], &[&["job"], &["stop"]])
        .any(&["--purge"])
        .none(HELP),
    M::new(DISRUPT, &["nomad"], &[&["stop"]])
        .any(&["--purge"])
        .none(HELP),
    // A Swarm manager forced out: the last one takes the swarm's services, secrets and
    // configs with it (without `--force`, Docker refuses).
    M::new(DISRUPT, DOCKER, &[&["swarm"], &["leave"]])
        .spec(&DOCKER_REMOVE)
        .any(&["--force", "-f"]),
    // A pod that controls its node: privileged or in the host's namespaces (`kubectl run
    // --privileged`, `--overrides`), or a node's debug pod (the node's files at `/host`).
    M::new(NODE_ACCESS, KUBECTL, &[&["run"]])
        .spec(&KUBECTL_RUN)
        .any(&["--privileged"])
        .none(DRY_RUN),
    M::new(NODE_ACCESS, KUBECTL, &[&["run"]])
        .spec(&KUBECTL_RUN)
        .none(DRY_RUN)
        .check(Check::AlsoValue(&["--overrides"], HOST_ACCESS_OVERRIDES)),
    M::new(NODE_ACCESS, KUBECTL, &[&["debug"]])
        .spec(&KUBECTL_RUN)
        .operands(Operands::Kinds(&["node", "nodes", "no"]))
        .none(HELP),
    // A binding to the cluster's administrator roles.
    M::new(
        ADMIN_GRANT,
        KUBECTL,
        &[&["create"], &["clusterrolebinding", "rolebinding"]],
    )
    .spec(&KUBECTL_BINDING)
    .none(DRY_RUN)
    .check(Check::AlsoValue(
        &["--clusterrole"],
        &["cluster-admin", "admin"],
    )),
];

/// Whether a `-f` of `view` names something other than one manifest: a directory (every
/// manifest in it), or a name only known at run time. kubectl splits each value at commas
/// (`-f web.yaml,k8s/`).
pub(super) fn names_manifest_directory(view: &View) -> bool {
    view.values(&["-f", "--filename"])
        .flat_map(|v| v.split(','))
        .filter(|name| !name.is_empty())
        .any(|name| !ONE_MANIFEST.iter().any(|g| glob_match_ci(g, name)))
}
