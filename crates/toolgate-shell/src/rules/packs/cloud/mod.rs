//! The `cloud` pack: deleting AWS, Google Cloud and Azure resources, apps, servers,
//! databases and volumes on hosting platforms, and object storage (mirror syncs that delete,
//! recursive and bucket deletes).

mod platforms;
mod storage;

pub(super) use platforms::PLATFORM_MATCHERS;
pub(super) use storage::STORAGE_MATCHERS;

use super::{Check, Matcher as M, View};
use crate::knowledge::cloud_clis::{ANY_GROUPS, CloudCli, Operations, VerbAt, Words, cloud_cli};
use crate::knowledge::specs::{
    AWS_EC2_INGRESS, AWS_IAM_ATTACH, AWS_RDS_MODIFY, AWS_S3_TRANSFER, AWS_S3API_ACCESS,
    AZ_NSG_RULE, AZ_ROLE_ASSIGNMENT, AZ_STORAGE_ACCESS, GCLOUD_FIREWALL, GCLOUD_IAM_BINDING,
};
use crate::model::SimpleCommand;
use crate::rules::glob_match_ci;

const AWS: &[&str] = &["aws"];
const GCLOUD: &[&str] = &["gcloud"];
const GSUTIL: &[&str] = &["gsutil"];
const AZ: &[&str] = &["az"];
/// A dry run deletes nothing.
const AWS_DRY_RUN: &[&str] = &["--dryrun", "--dry-run", "--help"];

const S3: &str = "TG-CLOUD-AWS-S3-DELETE";
const S3_OBJECTS: &str = "TG-CLOUD-AWS-S3-OBJECTS-DELETE";
const S3_CONFIG: &str = "TG-CLOUD-AWS-S3-BUCKET-CONFIG-DELETE";
const COMPUTE: &str = "TG-CLOUD-AWS-COMPUTE-DELETE";
const DATA: &str = "TG-CLOUD-AWS-DATA-DELETE";
const STACK: &str = "TG-CLOUD-AWS-STACK-DELETE";
const IAM: &str = "TG-CLOUD-AWS-IAM-DELETE";
const KMS: &str = "TG-CLOUD-AWS-KMS-DELETE";
const GCLOUD_DELETE: &str = "TG-CLOUD-GCLOUD-DELETE";
const GCS: &str = "TG-CLOUD-GCS-DELETE";
const AZ_DELETE: &str = "TG-CLOUD-AZ-DELETE";
const RESOURCE: &str = "TG-CLOUD-RESOURCE-DELETE";
const ADMIN_GRANT: &str = "TG-CLOUD-ADMIN-GRANT";
const PUBLIC: &str = "TG-CLOUD-PUBLIC-ACCESS";
const AUDIT_OFF: &str = "TG-CLOUD-AUDIT-OFF";
const PROTECTION_OFF: &str = "TG-CLOUD-PROTECTION-OFF";
const ACCOUNT_CLOSE: &str = "TG-CLOUD-AWS-ACCOUNT-CLOSE";
const CREDENTIAL: &str = "TG-CLOUD-CREDENTIAL-CREATE";
const STOP: &str = "TG-CLOUD-COMPUTE-STOP";

/// Where a sync's destination names S3 (the storage pack's syncs read it too).
const S3_URLS: &[&str] = &["s3://"];
/// S3's canned ACLs that open a bucket or object to everyone (or every AWS account).
const AWS_PUBLIC_ACLS: &[&str] = &["public-read", "public-read-write", "authenticated-read"];
/// S3's grantee groups for everyone and every AWS account.
const AWS_PUBLIC_GRANTEES: &[&str] = &["*/global/AllUsers*", "*/global/AuthenticatedUsers*"];
/// A public access block that lets public access through (a setting `false`), or one read
/// from a file or only known at run time, which may.
const AWS_OPEN_ACCESS_BLOCKS: &[&str] = &["*false*", "file://*", "fileb://*", "$*", "`*"];
/// Google Cloud's members for everyone and every Google account.
const GCLOUD_PUBLIC_MEMBERS: &[&str] = &["allUsers", "allAuthenticatedUsers"];
/// Address ranges that are the whole internet.
const EVERY_ADDRESS: &[&str] = &["*0.0.0.0/0*", "*::/0*"];
/// Azure's source prefixes for the whole internet.
const AZ_EVERY_SOURCE: &[&str] = &["0.0.0.0/0", "::/0", "Internet", "Any"];

/// AWS managed policies that give the whole account (or the power to take it).
const AWS_ADMIN_POLICIES: &[&str] = &[
    "*:policy/AdministratorAccess",
    "*:policy/IAMFullAccess",
    "*:policy/PowerUserAccess",
];
/// Google Cloud roles that own a project or may grant any role.
const GCLOUD_ADMIN_ROLES: &[&str] = &[
    "roles/owner",
    "roles/editor",
    "roles/iam.securityAdmin",
    "roles/resourcemanager.projectIamAdmin",
    "roles/resourcemanager.organizationAdmin",
    "roles/iam.serviceAccountTokenCreator",
];
/// Azure roles that own a scope or may grant any role.
const AZ_ADMIN_ROLES: &[&str] = &[
    "Owner",
    "Contributor",
    "User Access Administrator",
    "8e3af657-a8ff-443c-a75c-2fe8c4bcb635",
    "b24988ac-6180-42a0-ab88-20f7382dd24c",
    "18d7d88d-d35e-4fb5-a5c3-7773c20a72d9",
];

/// The big clouds' CLIs, whose every deleting operation is read from `knowledge::cloud_clis`.
const CLOUD_CLIS: &[&str] = &["aws", "gcloud", "az"];
/// Options with which a cloud CLI deletes nothing (help, dry runs, a request skeleton).
const CLOUD_INERT: &[&str] = &[
    "--help",
    "-h",
    "--dryrun",
    "--dry-run",
    "--generate-cli-skeleton",
];

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    // AWS. One object (`aws s3 rm s3://b/key`) or an empty bucket (`aws s3 rb`) is routine.
    M::new(S3, AWS, &[&["s3"], &["rm"]])
        .any(&["--recursive"])
        .none(AWS_DRY_RUN),
    M::new(S3, AWS, &[&["s3"], &["rb"]])
        .any(&["--force"])
        .none(AWS_DRY_RUN),
    M::new(S3, AWS, &[&["s3api"], &["delete-bucket", "delete-objects"]]).none(AWS_DRY_RUN),
    // A sync with --delete deletes what the source lacks at the destination: in a bucket, a
    // person decides (deploys do it routinely; an empty source empties the bucket). Into a
    // local directory it deletes local files, which the built-in rules judge.
    M::new(S3_OBJECTS, AWS, &[&["s3"], &["sync"]])
        .spec(&AWS_S3_TRANSFER)
        .any(&["--delete"])
        .none(AWS_DRY_RUN)
        .check(Check::SyncInto(3, S3_URLS)),
    // One object is routine, as `aws s3 rm s3://b/key` is; one version of it is deleted for
    // good (versioning no longer keeps it).
    M::new(S3_OBJECTS, AWS, &[&["s3api"], &["delete-object"]])
        .any(&["--version-id"])
        .none(AWS_DRY_RUN),
    M::new(
        S3_CONFIG,
        AWS,
        &[
            &["s3api"],
            &["delete-bucket-*", "delete-public-access-block"],
        ],
    )
    .none(AWS_DRY_RUN),
    M::new(
        S3_CONFIG,
        AWS,
        &[&["s3control"], &["delete-public-access-block"]],
    )
    .none(AWS_DRY_RUN),
    M::new(COMPUTE, AWS, &[&["ec2"], &["terminate-instances"]]).none(AWS_DRY_RUN),
    M::new(COMPUTE, AWS, &[&["lambda"], &["delete-function"]]).none(AWS_DRY_RUN),
    M::new(COMPUTE, AWS, &[&["eks", "ecs"], &["delete-cluster"]]).none(AWS_DRY_RUN),
    M::new(
        STACK,
        AWS,
        &[&["cloudformation"], &["delete-stack", "delete-stack-set"]],
    )
    .none(AWS_DRY_RUN),
    M::new(IAM, AWS, &[&["iam"], &["delete-*"]]).none(AWS_DRY_RUN),
    // Databases, disks, snapshots, backups and file systems of every cloud, from the table.
    M::new(DATA, AWS, &[])
        .none(CLOUD_INERT)
        .check(Check::CloudDelete(CloudDeletes::Data)),
    M::new(GCLOUD_DELETE, GCLOUD, &[])
        .none(CLOUD_INERT)
        .check(Check::CloudDelete(CloudDeletes::Data)),
    M::new(AZ_DELETE, AZ, &[])
        .none(CLOUD_INERT)
        .check(Check::CloudDelete(CloudDeletes::Data)),
    // Any other resource a cloud CLI deletes: a person decides (behind the rules above and
    // the secrets and messaging packs' rules, which name what it deletes more precisely).
    M::new(RESOURCE, CLOUD_CLIS, &[])
        .none(CLOUD_INERT)
        .check(Check::CloudDelete(CloudDeletes::Resource))
        .fallback(),
    // Instances, databases and apps stopped, services and groups sized to nothing: an
    // outage, not a loss (a person decides, as for a drained node).
    M::new(STOP, CLOUD_CLIS, &[])
        .none(CLOUD_INERT)
        .check(Check::CloudStop),
    // Owner and administrator grants: whoever gets one holds the account.
    M::new(
        ADMIN_GRANT,
        AWS,
        &[
            &["iam"],
            &[
                "attach-user-policy",
                "attach-role-policy",
                "attach-group-policy",
            ],
        ],
    )
    .spec(&AWS_IAM_ATTACH)
    .none(AWS_DRY_RUN)
    .check(Check::AlsoValue(&["--policy-arn"], AWS_ADMIN_POLICIES)),
    M::new(ADMIN_GRANT, GCLOUD, &[&["*"], &["add-iam-policy-binding"]])
        .spec(&GCLOUD_IAM_BINDING)
        .check(Check::AlsoValue(&["--role"], GCLOUD_ADMIN_ROLES)),
    M::new(
        ADMIN_GRANT,
        GCLOUD,
        &[&["*"], &["*"], &["add-iam-policy-binding"]],
    )
    .spec(&GCLOUD_IAM_BINDING)
    .check(Check::AlsoValue(&["--role"], GCLOUD_ADMIN_ROLES)),
    M::new(ADMIN_GRANT, AZ, &[&["role"], &["assignment"], &["create"]])
        .spec(&AZ_ROLE_ASSIGNMENT)
        .check(Check::AlsoValue(&["--role"], AZ_ADMIN_ROLES)),
    // Long-lived keys and passwords of cloud identities: whoever holds one acts as the
    // identity, beyond the session that made it.
    M::new(
        CREDENTIAL,
        AWS,
        &[
            &["iam"],
            &[
                "create-access-key",
                "create-login-profile",
                "update-login-profile",
            ],
        ],
    )
    .none(CLOUD_INERT),
    M::new(
        CREDENTIAL,
        GCLOUD,
        &[&["iam"], &["service-accounts"], &["keys"], &["create"]],
    )
    .none(CLOUD_INERT),
    M::new(
        CREDENTIAL,
        AZ,
        &[&["ad"], &["sp", "app"], &["credential"], &["reset"]],
    )
    .none(CLOUD_INERT),
    // Cloud data and hosts opened to the whole internet.
    M::new(
        PUBLIC,
        AWS,
        &[&["s3api"], &["put-bucket-acl", "put-object-acl"]],
    )
    .spec(&AWS_S3API_ACCESS)
    .check(Check::AlsoValue(&["--acl"], AWS_PUBLIC_ACLS)),
    M::new(
        PUBLIC,
        AWS,
        &[&["s3api"], &["put-bucket-acl", "put-object-acl"]],
    )
    .spec(&AWS_S3API_ACCESS)
    .check(Check::AlsoValue(
        &["--grant-read", "--grant-write", "--grant-full-control"],
        AWS_PUBLIC_GRANTEES,
    )),
    M::new(
        PUBLIC,
        AWS,
        &[&["s3api", "s3control"], &["put-public-access-block"]],
    )
    .spec(&AWS_S3API_ACCESS)
    .none(AWS_DRY_RUN)
    .check(Check::AlsoValue(
        &["--public-access-block-configuration"],
        AWS_OPEN_ACCESS_BLOCKS,
    )),
    // A bucket policy that names every principal (`"Principal": "*"`) opens the bucket to
    // anyone; one read from a file may.
    M::new(PUBLIC, AWS, &[&["s3api"], &["put-bucket-policy"]])
        .spec(&AWS_S3API_ACCESS)
        .none(AWS_DRY_RUN)
        .check(Check::PolicyMayGrantAnyone(&["--policy"])),
    M::new(
        PUBLIC,
        AWS,
        &[&["ec2"], &["authorize-security-group-ingress"]],
    )
    .spec(&AWS_EC2_INGRESS)
    .none(AWS_DRY_RUN)
    .check(Check::AlsoValue(&["--cidr"], EVERY_ADDRESS)),
    M::new(
        PUBLIC,
        AWS,
        &[&["ec2"], &["authorize-security-group-ingress"]],
    )
    .spec(&AWS_EC2_INGRESS)
    .none(AWS_DRY_RUN)
    .check(Check::AlsoValue(&["--ip-permissions"], EVERY_ADDRESS)),
    M::new(PUBLIC, GCLOUD, &[&["*"], &["add-iam-policy-binding"]])
        .spec(&GCLOUD_IAM_BINDING)
        .check(Check::AlsoValue(&["--member"], GCLOUD_PUBLIC_MEMBERS)),
    M::new(
        PUBLIC,
        GCLOUD,
        &[&["*"], &["*"], &["add-iam-policy-binding"]],
    )
    .spec(&GCLOUD_IAM_BINDING)
    .check(Check::AlsoValue(&["--member"], GCLOUD_PUBLIC_MEMBERS)),
    M::new(PUBLIC, GSUTIL, &[&["iam"], &["ch"]]).operands(super::Operands::Some(&[
        "allUsers:*",
        "allAuthenticatedUsers:*",
    ])),
    M::new(
        PUBLIC,
        GCLOUD,
        &[&["compute"], &["firewall-rules"], &["create", "update"]],
    )
    .spec(&GCLOUD_FIREWALL)
    .check(Check::AlsoValue(&["--source-ranges"], EVERY_ADDRESS)),
    M::new(
        PUBLIC,
        AZ,
        &[&["storage"], &["container"], &["set-permission", "create"]],
    )
    .spec(&AZ_STORAGE_ACCESS)
    .check(Check::AlsoValue(
        &["--public-access"],
        &["blob", "container"],
    )),
    M::new(
        PUBLIC,
        AZ,
        &[&["storage"], &["account"], &["update", "create"]],
    )
    .spec(&AZ_STORAGE_ACCESS)
    .check(Check::AlsoValue(&["--allow-blob-public-access"], &["true"])),
    M::new(
        PUBLIC,
        AZ,
        &[&["network"], &["nsg"], &["rule"], &["create", "update"]],
    )
    .spec(&AZ_NSG_RULE)
    .check(Check::AlsoValue(
        &["--source-address-prefixes", "--source-address-prefix"],
        AZ_EVERY_SOURCE,
    )),
    // A cloud account's audit trail and threat detection, turned off.
    M::new(AUDIT_OFF, AWS, &[&["cloudtrail"], &["stop-logging"]]).none(AWS_DRY_RUN),
    M::new(
        AUDIT_OFF,
        AWS,
        &[&["configservice"], &["stop-configuration-recorder"]],
    )
    .none(AWS_DRY_RUN),
    M::new(
        AUDIT_OFF,
        AWS,
        &[&["securityhub"], &["disable-security-hub"]],
    )
    .none(AWS_DRY_RUN),
    M::new(AUDIT_OFF, AWS, &[&["guardduty"], &["update-detector"]])
        .any(&["--no-enable"])
        .none(AWS_DRY_RUN),
    // What keeps deleted data recoverable, turned off: a bucket's versioning, deletion
    // protection, backups.
    M::new(
        PROTECTION_OFF,
        AWS,
        &[&["s3api"], &["put-bucket-versioning"]],
    )
    .spec(&AWS_S3API_ACCESS)
    .none(AWS_DRY_RUN)
    .check(Check::AlsoValue(
        &["--versioning-configuration"],
        &["*Suspended*", "file://*", "$*", "`*"],
    )),
    M::new(
        PROTECTION_OFF,
        AWS,
        &[
            &["rds", "docdb", "neptune"],
            &["modify-db-instance", "modify-db-cluster"],
        ],
    )
    .any(&["--no-deletion-protection"])
    .none(AWS_DRY_RUN),
    M::new(
        PROTECTION_OFF,
        AWS,
        &[
            &["rds", "docdb", "neptune"],
            &["modify-db-instance", "modify-db-cluster"],
        ],
    )
    .spec(&AWS_RDS_MODIFY)
    .none(AWS_DRY_RUN)
    .check(Check::AlsoValue(&["--backup-retention-period"], &["0"])),
    M::new(PROTECTION_OFF, AWS, &[&["dynamodb"], &["update-table"]])
        .any(&["--no-deletion-protection-enabled"])
        .none(AWS_DRY_RUN),
    M::new(
        PROTECTION_OFF,
        AWS,
        &[&["ec2"], &["modify-instance-attribute"]],
    )
    .any(&["--no-disable-api-termination"])
    .none(AWS_DRY_RUN),
    M::new(
        PROTECTION_OFF,
        GCLOUD,
        &[&["sql"], &["instances"], &["patch"]],
    )
    .any(&["--no-deletion-protection", "--no-backup"])
    .none(&["--help"]),
    M::new(
        PROTECTION_OFF,
        GCLOUD,
        &[&["compute"], &["instances"], &["update"]],
    )
    .any(&["--no-deletion-protection"])
    .none(&["--help"]),
    M::new(GCLOUD_DELETE, &["bq"], &[&["rm"]]).none(&["-j", "--job", "--help", "-h"]),
    M::new(KMS, AWS, &[&["kms"], &["schedule-key-deletion"]]).none(AWS_DRY_RUN),
    // The account itself, or the organization whose policies guard it.
    M::new(
        ACCOUNT_CLOSE,
        AWS,
        &[
            &["organizations"],
            &[
                "close-account",
                "delete-organization",
                "leave-organization",
                "remove-account-from-organization",
            ],
        ],
    )
    .none(CLOUD_INERT),
    // Google Cloud.
    M::new(GCS, GCLOUD, &[&["storage"], &["rm"]]).any(&["-r", "-R", "--recursive"]),
    M::new(GCS, GCLOUD, &[&["storage"], &["buckets"], &["delete"]]),
    M::new(GCS, GSUTIL, &[&["rm"]]).any(&["-r", "-R"]),
    M::new(GCS, GSUTIL, &[&["rb"]]),
    // Azure. One blob (`az storage blob delete`) is routine, as one S3 object is.
];

/// What a cloud CLI's operation deletes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CloudDeletes {
    /// Nothing, or one item of data (routine).
    Nothing,
    /// A database, disk, snapshot, backup or file system: its data.
    Data,
    /// Another resource.
    Resource,
}

/// Whether `operation` (the groups before the verb, and the verb) is one of `table`'s.
fn listed(table: Operations, groups: &[&str], verb: &str) -> bool {
    table
        .iter()
        .any(|(path, verbs)| row_names(path, verbs, groups, verb))
}

/// Whether the groups `path` (a last [`ANY_GROUPS`] standing for any further ones) and the
/// verbs `verbs` name the operation `groups` `verb`.
fn row_names(path: &[Words], verbs: Words, groups: &[&str], verb: &str) -> bool {
    let (path, rest) = match path.split_last() {
        Some((last, head)) if *last == ANY_GROUPS => (head, true),
        _ => (path, false),
    };
    (groups.len() == path.len() || rest && groups.len() >= path.len())
        && path
            .iter()
            .zip(groups)
            .all(|(alternatives, g)| alternatives.iter().any(|p| glob_match_ci(p, g)))
        && verbs.iter().any(|v| glob_match_ci(v, verb))
}

/// What the operation of `view`, a command of `cli`, deletes. A verb only known at run time
/// is not read (nothing); a group only known at run time matches no table row (a resource).
fn deletes_of(cli: &CloudCli, view: &View) -> CloudDeletes {
    // The view has left a release track out (`gcloud beta …`).
    let ops: Vec<&str> = view.operands().collect();
    let any = |words: &[&str], w: &str| words.iter().any(|g| glob_match_ci(g, w));
    let Some(first) = ops.first() else {
        return CloudDeletes::Nothing;
    };
    if any(cli.local_groups, first) || ops.iter().any(|w| any(cli.help_operands, w)) {
        return CloudDeletes::Nothing;
    }
    let deleting = |i: usize| !view.operand_dynamic(i) && any(cli.deleting, ops[i]);
    let at = match cli.verb_at {
        VerbAt::Index(i) => (i < ops.len() && deleting(i)).then_some(i),
        VerbAt::FirstWithin(n) => (1..ops.len().min(n + 1)).find(|&i| deleting(i)),
    };
    let Some(at) = at else {
        return CloudDeletes::Nothing;
    };
    let (groups, verb) = (&ops[..at], ops[at]);
    if listed(cli.routine, groups, verb) {
        CloudDeletes::Nothing
    } else if listed(cli.data, groups, verb) {
        CloudDeletes::Data
    } else {
        CloudDeletes::Resource
    }
}

/// Whether `cmd`, a cloud CLI command, stops running instances, databases or apps, or sizes a
/// service or group to nothing (`knowledge::cloud_clis`: `stopping`, `resizing`). Its
/// arguments are read with the CLI's `sizes_spec`, which knows the sizes' values. A verb or
/// a size only known at run time is not read.
pub(super) fn cloud_stops(cmd: &SimpleCommand) -> bool {
    let Some(cli) = cloud_cli(&cmd.program_lower()) else {
        return false;
    };
    let view = View::read(cmd, Some(cli.sizes_spec));
    let ops: Vec<&str> = view.operands().collect();
    let any = |words: &[&str], w: &str| words.iter().any(|g| glob_match_ci(g, w));
    let Some(first) = ops.first() else {
        return false;
    };
    if any(cli.local_groups, first) || ops.iter().any(|w| any(cli.help_operands, w)) {
        return false;
    }
    // The rows name their groups exactly, so the verb stands right after them.
    let names = |path: &[Words], verbs: Words| {
        let at = path.len();
        at < ops.len()
            && !view.operand_dynamic(at)
            && !(0..at).any(|i| view.operand_dynamic(i))
            && row_names(path, verbs, &ops[..at], ops[at])
    };
    cli.stopping.iter().any(|(path, verbs)| names(path, verbs))
        || cli.resizing.iter().any(|r| {
            names(r.groups, r.verbs) && view.value(r.sizes).is_some_and(|size| any(r.nothing, size))
        })
}

/// Whether the cloud CLI command `view` (of `program`) deletes what `kind` names.
pub(super) fn cloud_deletes(program: &str, view: &View, kind: CloudDeletes) -> bool {
    cloud_cli(program).is_some_and(|cli| deletes_of(cli, view) == kind)
}

/// Whether the resource policy given with one of `options` may grant anyone access: it names
/// every principal or every action (a `"*"` string), or it is no inline JSON document (read
/// from a file or only known at run time), whose text cannot be read here.
pub(super) fn policy_may_grant_anyone(view: &View, options: &[&str]) -> bool {
    let Some(policy) = view.value(options) else {
        return false;
    };
    if !policy.trim_start().starts_with('{') {
        return true;
    }
    let compact: String = policy.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("\"*\"")
}

/// Whether a sync writes into remote storage: its destination, the operand at index
/// `destination` (or a later one, when the value of an option the spec does not know was
/// read as an operand before it), starts with one of the `remote` prefixes (`s3://`,
/// ignoring case) or is only known at run time from its first character on (`"$DEST"`,
/// `$(…)`). Into a local directory a sync deletes local files, which the built-in rules
/// judge.
pub(super) fn syncs_into_remote(view: &View, destination: usize, remote: &[&str]) -> bool {
    view.operands()
        .enumerate()
        .skip(destination)
        .any(|(n, word)| {
            let named = remote.iter().any(|prefix| {
                word.get(..prefix.len())
                    .is_some_and(|p| p.eq_ignore_ascii_case(prefix))
            });
            named || (view.operand_dynamic(n) && word.starts_with(['$', '`']))
        })
}
