//! Cloud, cluster, container and hosting commands that take running things down or tear them
//! apart (stops, sizes set to nothing, whole manifest directories, prunes of stopped
//! containers, CI runs deleted), each with the everyday forms that must still pass.

use toolgate_shell::{CommandContext, analyze, evaluate_packs};

/// The pack rules that match `cmd`.
fn pack_rules(cmd: &str) -> Vec<&'static str> {
    evaluate_packs(&analyze(cmd), &CommandContext::default())
        .into_iter()
        .map(|m| m.rule_id)
        .collect()
}

/// Every `hits` command matches `rule` (and every `passes` command no rule at all).
#[track_caller]
fn check(rule: &str, hits: &[&str], passes: &[&str]) {
    for cmd in hits {
        assert!(
            pack_rules(cmd).contains(&rule),
            "{cmd}: {:?}, expected {rule}",
            pack_rules(cmd)
        );
    }
    for cmd in passes {
        assert!(pack_rules(cmd).is_empty(), "{cmd}: {:?}", pack_rules(cmd));
    }
}

#[test]
fn cloud_stops_and_sizes_set_to_nothing_are_reviewed() {
    check(
        "TG-CLOUD-COMPUTE-STOP",
        &[
            "aws ecs update-service --cluster prod --service api --desired-count 0",
            "aws ecs update-service --cluster prod --service api --desired-count=0",
            "aws --region eu-west-1 ecs update-service --service api --desired-count 0",
            "aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --desired-capacity 0 --max-size 0",
            "aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --max-size 0",
            "aws autoscaling set-desired-capacity --auto-scaling-group-name web --desired-capacity 0",
            "aws eks update-nodegroup-config --cluster-name c --nodegroup-name n --scaling-config minSize=0,maxSize=1,desiredSize=0",
            "aws ec2 stop-instances --instance-ids i-1",
            "aws ec2 stop-instances --instance-ids i-1 i-2 --hibernate",
            "aws rds stop-db-instance --db-instance-identifier prod",
            "gcloud compute instances stop web-1 --zone us-central1-a",
            "gcloud beta compute instances suspend web-1",
            "gcloud compute instance-groups managed resize web --size 0 --zone z",
            "gcloud container clusters resize prod --num-nodes=0",
            "gcloud sql instances patch prod --activation-policy=NEVER",
            "az vm stop -g rg -n vm1",
            "az vm deallocate -g rg -n vm1",
            "az vmss deallocate -g rg -n set",
            "az vmss scale -g rg -n set --new-capacity 0",
            "az aks stop -g rg -n prod",
            "az aks scale -g rg -n prod -c 0",
            "az aks nodepool scale -g rg --cluster-name prod -n pool --node-count 0",
            "az webapp stop -g rg -n site",
        ],
        &[
            "aws ecs update-service --cluster prod --service api --desired-count 2",
            "aws ecs update-service --cluster prod --service api --force-new-deployment",
            "aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --desired-capacity 3 --max-size 5",
            "aws autoscaling update-auto-scaling-group --auto-scaling-group-name web --min-size 0 --max-size 4",
            "aws autoscaling set-desired-capacity --auto-scaling-group-name web --desired-capacity 4",
            "aws eks update-nodegroup-config --cluster-name c --nodegroup-name n --scaling-config minSize=0,maxSize=3,desiredSize=10",
            "aws ec2 start-instances --instance-ids i-1",
            "aws ec2 describe-instances",
            "aws ec2 stop-instances --instance-ids i-1 --dry-run",
            "aws ec2 stop-instances help",
            "gcloud compute instances start web-1",
            "gcloud compute instances list",
            "gcloud compute instance-groups managed resize web --size 10",
            "gcloud sql instances patch prod --activation-policy=ALWAYS",
            "az vm start -g rg -n vm1",
            "az vm list -g rg",
            "az vm stop --help",
            "az vmss scale -g rg -n set --new-capacity 3",
            "az aks scale -g rg -n prod --node-count 3",
            // A size only known at run time is not read.
            "aws ecs update-service --service api --desired-count \"$COUNT\"",
        ],
    );
}

#[test]
fn workloads_scaled_to_nothing_disrupt() {
    check(
        "TG-K8S-DISRUPT",
        &[
            "kubectl scale deployment api --replicas=0",
            "kubectl scale deployment api --replicas 0",
            "kubectl scale statefulset db --replicas=0",
            "kubectl scale deploy/api --replicas=0 -n prod",
            "kubectl scale --all --replicas=0",
            "oc scale dc/web --replicas=0",
        ],
        &[
            "kubectl scale deployment api --replicas=3",
            "kubectl scale deployment api --replicas 10",
            "kubectl scale deploy --all --replicas=3",
            "kubectl scale deployment api --replicas=0 --dry-run=client -o yaml",
            "kubectl get deploy",
        ],
    );
}

#[test]
fn whole_manifest_directories_and_kustomizations_deleted_are_reviewed() {
    check(
        "TG-K8S-DELETE-MANIFESTS",
        &[
            "kubectl delete -f k8s/",
            "kubectl delete -f k8s",
            "kubectl delete -f ./manifests/ -R",
            "kubectl delete --recursive --filename=deploy",
            "kubectl delete -f .",
            "kubectl delete -f web.yaml -f k8s/",
            // kubectl splits a value at commas.
            "kubectl delete -f web.yaml,k8s/",
            "kubectl delete -f \"$MANIFESTS\"",
            "kubectl delete -k overlay/",
            "kubectl delete --kustomize overlays/prod",
            "oc delete -f openshift/",
        ],
        &[
            "kubectl delete -f file.yaml",
            "kubectl delete -f k8s/web.yaml -f k8s/db.yml",
            "kubectl delete -f k8s/web.yaml,k8s/db.yaml",
            "kubectl delete -f deploy.json",
            "kubectl delete -f -",
            "kubectl delete -f https://example.com/app.yaml",
            "kubectl delete -f k8s/ --dry-run=client",
            "kubectl apply -f k8s/",
            "kubectl apply -k overlay/",
            "kubectl diff -f k8s/",
            "kubectl delete pod web-0",
        ],
    );
}

#[test]
fn pruning_stopped_containers_is_reviewed_and_caches_pass() {
    check(
        "TG-CONTAINER-SYSTEM-PRUNE",
        &[
            "docker system prune -f",
            "docker system prune",
            "docker system prune --filter until=24h",
            "docker container prune -f",
            "podman system prune -f",
            "podman container prune",
            "podman pod prune -f",
            "nerdctl system prune",
            "docker image prune -af",
        ],
        &[
            "docker image prune -f",
            "docker network prune -f",
            "docker builder prune -af",
            "docker buildx prune -af",
            "docker system df",
            "docker container ls -a",
        ],
    );
    // Stopped containers only: less than removing every one, running ones too.
    for cmd in ["docker container prune -f", "docker system prune -f"] {
        assert!(
            !pack_rules(cmd).contains(&"TG-CONTAINER-REMOVE-ALL"),
            "{cmd}"
        );
    }
    assert!(pack_rules("docker rm -f $(docker ps -aq)").contains(&"TG-CONTAINER-REMOVE-ALL"));
}

#[test]
fn ci_runs_deleted_are_reviewed_and_caches_pass() {
    check(
        "TG-HOSTING-RESOURCE-DELETE",
        &[
            "gh run delete 123",
            "gh -R o/r run delete 123",
            "glab ci delete 456",
        ],
        &[
            "gh run list",
            "gh run view 123 --log",
            "gh run rerun 123",
            "gh cache delete 1234",
            "gh cache delete --all",
            "gh cache list",
            "gh workflow disable ci.yml",
        ],
    );
}
