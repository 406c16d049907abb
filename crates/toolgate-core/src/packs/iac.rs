//! The `iac` pack in the catalog: infrastructure as code tearing infrastructure down.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "iac",
    summary: "infrastructure as code tearing infrastructure down",
    rules: &[
        deny(
            "TG-IAC-DESTROY",
            "Destroying the infrastructure a configuration manages cannot be undone",
            "terraform destroy, terraform apply -destroy, tofu destroy, pulumi destroy, cdk destroy, cdktf destroy, sst remove",
        ),
        review(
            "TG-IAC-APPLY-UNREVIEWED",
            "Applying infrastructure changes with the confirmation skipped: no person sees the plan, which may replace or destroy resources",
            "terraform apply -auto-approve, tofu apply -auto-approve, terragrunt run-all apply --terragrunt-non-interactive, pulumi up --yes, cdk deploy --require-approval never, cdktf deploy --auto-approve",
        ),
        review(
            "TG-IAC-STATE-REMOVE",
            "Removing resources, stacks or clusters from state, or replacing it, makes the tool lose track of them",
            "terraform state rm|push, terraform workspace delete, tofu state rm, pulumi stack rm, argocd cluster rm",
        ),
        review(
            "TG-IAC-HELM-UNINSTALL",
            "Uninstalling a Helm release, an Argo CD application, a Flux Kustomization or HelmRelease, or Flux or Istio itself deletes its Kubernetes resources",
            "helm uninstall, helm delete, helmfile destroy, argocd app delete, flux delete kustomization|helmrelease, flux uninstall, istioctl uninstall, istioctl x uninstall",
        ),
    ],
};
