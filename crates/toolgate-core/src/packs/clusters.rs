//! The `clusters` pack in the catalog: Kubernetes deletions and disruptions (and those of
//! Nomad and Docker Swarm).

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "clusters",
    summary: "Kubernetes deletions and disruptions",
    rules: &[
        deny(
            "TG-K8S-DELETE-CRITICAL",
            "Deleting namespaces, nodes, volumes or resource definitions deletes everything in them",
            "kubectl delete namespace|node|pv|pvc|crd",
        ),
        deny(
            "TG-K8S-DELETE-ALL",
            "Deleting every resource of a kind, or across all namespaces",
            "kubectl delete --all, kubectl delete -A, kubectl delete --all-namespaces",
        ),
        // A directory's or a kustomization's manifests may declare anything, namespaces
        // and volume claims among them; one manifest file is routine, as `kubectl delete
        // deploy` is.
        review(
            "TG-K8S-DELETE-MANIFESTS",
            "Deleting everything a directory of manifests or a kustomization declares tears down a whole application",
            "kubectl delete -f DIR/, kubectl delete -f DIR -R, kubectl delete -k DIR",
        ),
        review(
            "TG-K8S-DISRUPT",
            "Draining nodes, evicting taints, pruning on apply, forced replacement, removing finalizers, scaling workloads to zero, purging jobs and forcing a node out of a swarm disrupt running workloads",
            "kubectl drain, kubectl taint … :NoExecute, kubectl apply --prune, kubectl replace --force, kubectl patch … finalizers, kubectl replace --raw …/finalize, kubectl scale … --replicas=0, nomad node drain -enable, nomad job stop -purge, docker swarm leave --force",
        ),
        review(
            "TG-K8S-NODE-ACCESS",
            "A privileged pod, a pod in the host's namespaces or with its files, or a node's debug pod controls the node and what runs on it",
            "kubectl run --privileged, kubectl run --overrides '{…\"hostPID\": true…}', kubectl debug node/NAME",
        ),
        review(
            "TG-K8S-ADMIN-GRANT",
            "Binding a user, group or service account to the cluster's administrator roles gives it the cluster",
            "kubectl create clusterrolebinding|rolebinding --clusterrole=cluster-admin|admin",
        ),
    ],
};
