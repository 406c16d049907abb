//! The options of cloud CLI calls that grant access or open resources to others (`aws iam
//! attach-*-policy`, `aws s3api put-bucket-acl`, `gcloud … add-iam-policy-binding`, `az role
//! assignment create`, firewall and network rules): each CLI's global options and the call's.

use super::infra::{AWS_GLOBAL_OPTIONS, AZ_GLOBAL_FLAGS, AZ_GLOBAL_OPTIONS, GCLOUD_GLOBAL_OPTIONS};
use super::{Spec, names_after};

/// `aws iam attach-user-policy|attach-role-policy|attach-group-policy`: the global options
/// and the principal and policy.
pub(crate) const AWS_IAM_ATTACH: Spec = Spec::values(
    "",
    names_after!(
        AWS_GLOBAL_OPTIONS,
        ["user-name", "role-name", "group-name", "policy-arn",]
    ),
);

/// `gcloud … add-iam-policy-binding`: the global options and the binding's.
pub(crate) const GCLOUD_IAM_BINDING: Spec = Spec::values(
    "",
    names_after!(
        GCLOUD_GLOBAL_OPTIONS,
        [
            "member",
            "role",
            "condition",
            "condition-from-file",
            "organization",
            "folder",
            "location",
        ]
    ),
);

/// `aws rds|docdb|neptune modify-db-instance|modify-db-cluster`: the global options and the
/// calls' that the cloud pack reads (`--backup-retention-period`).
pub(crate) const AWS_RDS_MODIFY: Spec = Spec::values(
    "",
    names_after!(
        AWS_GLOBAL_OPTIONS,
        [
            "db-instance-identifier",
            "db-cluster-identifier",
            "backup-retention-period",
            "db-instance-class",
            "allocated-storage",
            "engine-version",
            "preferred-backup-window",
            "preferred-maintenance-window"
        ]
    ),
);

/// `aws s3api put-bucket-acl|put-object-acl|put-public-access-block|put-bucket-policy` (and
/// `aws s3control put-public-access-block`): the global options and
/// the calls'.
pub(crate) const AWS_S3API_ACCESS: Spec = Spec::values(
    "",
    names_after!(
        AWS_GLOBAL_OPTIONS,
        [
            "bucket",
            "key",
            "acl",
            "access-control-policy",
            "grant-full-control",
            "grant-read",
            "grant-read-acp",
            "grant-write",
            "grant-write-acp",
            "public-access-block-configuration",
            "versioning-configuration",
            "mfa",
            "policy",
            "account-id",
            "version-id",
            "expected-bucket-owner",
            "content-md5",
            "checksum-algorithm",
        ]
    ),
);

/// `aws ec2 authorize-security-group-ingress`: the global options and the rule's.
pub(crate) const AWS_EC2_INGRESS: Spec = Spec::values(
    "",
    names_after!(
        AWS_GLOBAL_OPTIONS,
        [
            "group-id",
            "group-name",
            "protocol",
            "port",
            "cidr",
            "source-group",
            "group-owner",
            "ip-permissions",
            "tag-specifications",
        ]
    ),
);

/// `gcloud compute firewall-rules create|update`: the global options and the rule's.
pub(crate) const GCLOUD_FIREWALL: Spec = Spec::values(
    "",
    names_after!(
        GCLOUD_GLOBAL_OPTIONS,
        [
            "source-ranges",
            "allow",
            "rules",
            "network",
            "direction",
            "priority",
            "action",
            "description",
            "destination-ranges",
            "source-tags",
            "target-tags",
            "source-service-accounts",
            "target-service-accounts",
        ]
    ),
);

/// `az storage container set-permission`, `az storage account update`: the global options
/// and the calls'.
pub(crate) const AZ_STORAGE_ACCESS: Spec = Spec::with_flags(
    "ngol",
    names_after!(
        AZ_GLOBAL_OPTIONS,
        [
            "public-access",
            "allow-blob-public-access",
            "account-name",
            "account-key",
            "auth-mode",
            "connection-string",
            "sas-token",
            "resource-group",
        ]
    ),
    AZ_GLOBAL_FLAGS,
);

/// `az network nsg rule create|update`: the global options and the rule's.
pub(crate) const AZ_NSG_RULE: Spec = Spec::with_flags(
    "ngol",
    names_after!(
        AZ_GLOBAL_OPTIONS,
        [
            "nsg-name",
            "resource-group",
            "priority",
            "source-address-prefixes",
            "source-port-ranges",
            "destination-address-prefixes",
            "destination-port-ranges",
            "access",
            "direction",
            "protocol",
            "description",
        ]
    ),
    AZ_GLOBAL_FLAGS,
);

/// `az role assignment create`: the global options and the assignment's.
pub(crate) const AZ_ROLE_ASSIGNMENT: Spec = Spec::with_flags(
    "ngol",
    names_after!(
        AZ_GLOBAL_OPTIONS,
        [
            "role",
            "assignee",
            "assignee-object-id",
            "assignee-principal-type",
            "scope",
            "description",
            "condition",
            "condition-version",
        ]
    ),
    AZ_GLOBAL_FLAGS,
);
