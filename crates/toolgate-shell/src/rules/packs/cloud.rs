//! The `cloud` pack: deleting AWS, Google Cloud and Azure resources, and apps, servers,
//! databases and volumes on hosting platforms.

use super::{Check, Matcher as M, View};
use crate::knowledge::specs::{AWS_S3_TRANSFER, SUPABASE};

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
const PLATFORM: &str = "TG-CLOUD-PLATFORM-DELETE";

/// Help asked for deletes nothing.
const HELP: &[&str] = &["--help", "-h"];
/// doctl's spellings of delete.
const DOCTL_DELETE: &[&str] = &["delete", "rm", "d"];
/// fly's spellings of destroy.
const FLY_DESTROY: &[&str] = &["destroy", "delete", "remove", "rm"];

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
        .check(Check::SyncIntoBucket),
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
        DATA,
        AWS,
        &[&["rds"], &["delete-db-instance", "delete-db-cluster"]],
    )
    .none(AWS_DRY_RUN),
    M::new(DATA, AWS, &[&["dynamodb"], &["delete-table"]]).none(AWS_DRY_RUN),
    M::new(
        STACK,
        AWS,
        &[&["cloudformation"], &["delete-stack", "delete-stack-set"]],
    )
    .none(AWS_DRY_RUN),
    M::new(IAM, AWS, &[&["iam"], &["delete-*"]]).none(AWS_DRY_RUN),
    M::new(KMS, AWS, &[&["kms"], &["schedule-key-deletion"]]).none(AWS_DRY_RUN),
    // Google Cloud.
    M::new(GCLOUD_DELETE, GCLOUD, &[&["projects"], &["delete"]]),
    M::new(
        GCLOUD_DELETE,
        GCLOUD,
        &[&["compute", "sql"], &["instances"], &["delete"]],
    ),
    M::new(
        GCLOUD_DELETE,
        GCLOUD,
        &[&["container"], &["clusters"], &["delete"]],
    ),
    M::new(GCS, GCLOUD, &[&["storage"], &["rm"]]).any(&["-r", "-R", "--recursive"]),
    M::new(GCS, GCLOUD, &[&["storage"], &["buckets"], &["delete"]]),
    M::new(GCS, GSUTIL, &[&["rm"]]).any(&["-r", "-R"]),
    M::new(GCS, GSUTIL, &[&["rb"]]),
    // Azure. One blob (`az storage blob delete`) is routine, as one S3 object is.
    M::new(AZ_DELETE, AZ, &[&["group", "vm", "aks"], &["delete"]]),
    M::new(
        AZ_DELETE,
        AZ,
        &[
            &["storage"],
            &["account", "container", "share", "queue", "table", "fs"],
            &["delete"],
        ],
    ),
    M::new(
        AZ_DELETE,
        AZ,
        &[&["storage"], &["blob", "file"], &["delete-batch"]],
    ),
    // Hosting platforms: an app, server, database, cluster or volume, with its data.
    M::new(
        PLATFORM,
        &["doctl"],
        &[
            &["compute"],
            &["droplet", "volume", "load-balancer", "snapshot", "image"],
            DOCTL_DELETE,
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["doctl"],
        &[&["databases", "apps", "registry"], DOCTL_DELETE],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["doctl"],
        &[&["kubernetes", "k8s", "k"], &["cluster", "c"], DOCTL_DELETE],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["hcloud"],
        &[
            &[
                "server",
                "volume",
                "load-balancer",
                "network",
                "primary-ip",
                "floating-ip",
                "image",
            ],
            &["delete"],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["linode-cli"],
        &[
            &[
                "linodes",
                "volumes",
                "nodebalancers",
                "databases",
                "lke",
                "object-storage",
                "images",
            ],
            &["delete", "rm", "*-delete"],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["fly", "flyctl"],
        &[
            &[
                "apps", "app", "volumes", "volume", "vol", "postgres", "pg", "machine", "machines",
                "m",
            ],
            FLY_DESTROY,
        ],
    )
    .none(HELP),
    M::new(PLATFORM, &["fly", "flyctl"], &[&["destroy"]]).none(HELP),
    M::new(PLATFORM, &["vercel"], &[&["remove", "rm"]]).none(HELP),
    M::new(
        PLATFORM,
        &["vercel"],
        &[&["project", "projects"], &["remove", "rm"]],
    )
    .none(HELP),
    M::new(PLATFORM, &["netlify"], &[&["sites:delete"]]).none(HELP),
    M::new(
        PLATFORM,
        &["heroku"],
        &[&["apps:destroy", "destroy", "addons:destroy", "pg:reset"]],
    )
    .none(HELP),
    M::new(PLATFORM, &["supabase"], &[&["projects"], &["delete"]]).none(HELP),
    // `supabase db reset` resets the local database; with --linked or --db-url a remote one.
    M::new(PLATFORM, &["supabase"], &[&["db"], &["reset"]])
        .spec(&SUPABASE)
        .any(&["--linked", "--db-url"])
        .none(HELP),
    M::new(PLATFORM, &["firebase"], &[&["firestore:delete"]])
        .any(&["--all-collections", "-r", "--recursive"])
        .none(HELP),
    M::new(
        PLATFORM,
        &["firebase"],
        &[&["database:remove", "hosting:disable", "projects:delete"]],
    )
    .none(HELP),
    M::new(PLATFORM, &["serverless", "sls"], &[&["remove"]]).none(HELP),
    M::new(PLATFORM, &["sam"], &[&["delete"]]).none(HELP),
    M::new(
        PLATFORM,
        &["eksctl"],
        &[&["delete"], &["cluster", "nodegroup", "ng"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["oci"],
        &[&["compute"], &["instance"], &["terminate"]],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["oci"],
        &[
            &["db"],
            &["autonomous-database", "system", "database"],
            &["delete", "terminate"],
        ],
    )
    .none(HELP),
    M::new(
        PLATFORM,
        &["oci"],
        &[
            &["os", "ce", "bv"],
            &["bucket", "cluster", "volume"],
            &["delete"],
        ],
    )
    .none(HELP),
];

/// Operand index of `aws s3 sync SRC DST`'s destination (after `s3`, `sync` and the source).
const SYNC_DESTINATION: usize = 3;

/// Whether an `aws s3 sync` writes into a bucket: its destination is `s3://…`, or only known
/// at run time from its first character on (`"$DEST"`, `$(…)`).
pub(super) fn syncs_into_bucket(view: &View) -> bool {
    let Some(destination) = view.operands().nth(SYNC_DESTINATION) else {
        return false;
    };
    let bucket = destination
        .get(..5)
        .is_some_and(|p| p.eq_ignore_ascii_case("s3://"));
    bucket || (view.operand_dynamic(SYNC_DESTINATION) && destination.starts_with(['$', '`']))
}
