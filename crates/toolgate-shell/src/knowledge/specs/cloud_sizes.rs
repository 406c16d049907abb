//! The options of cloud CLI calls that stop or size running compute (`aws ecs update-service
//! --desired-count`, `gcloud compute instance-groups managed resize --size`, `az aks scale
//! --node-count`): each CLI's global options and the sizes `knowledge::cloud_clis` reads.

use super::infra::{AWS_GLOBAL_OPTIONS, AZ_GLOBAL_FLAGS, AZ_GLOBAL_OPTIONS, GCLOUD_GLOBAL_OPTIONS};
use super::{Spec, names_after};

/// aws: the global options, the sizes and the names of what they size.
pub(crate) const AWS_SIZES: Spec = Spec::values(
    "",
    names_after!(
        AWS_GLOBAL_OPTIONS,
        [
            "cluster",
            "service",
            "task-definition",
            "desired-count",
            "auto-scaling-group-name",
            "desired-capacity",
            "min-size",
            "max-size",
            "cluster-name",
            "nodegroup-name",
            "scaling-config",
        ]
    ),
);

/// gcloud: the global options and the sizes.
pub(crate) const GCLOUD_SIZES: Spec = Spec::values(
    "",
    names_after!(
        GCLOUD_GLOBAL_OPTIONS,
        ["size", "num-nodes", "node-pool", "activation-policy"]
    ),
);

/// az: the global options and the sizes (`az aks scale -c N`).
pub(crate) const AZ_SIZES: Spec = Spec::with_flags(
    "ngolc",
    names_after!(
        AZ_GLOBAL_OPTIONS,
        [
            "new-capacity",
            "node-count",
            "nodepool-name",
            "cluster-name"
        ]
    ),
    AZ_GLOBAL_FLAGS,
);
