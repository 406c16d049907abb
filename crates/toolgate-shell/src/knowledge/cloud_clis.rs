//! The big clouds' command-line interfaces (aws, gcloud, az): which of their operations
//! delete resources, which of those lose data, which are routine (one item of data, as
//! `aws s3 rm s3://b/key` is), and which command groups only touch the local machine's
//! setup. Their operations are named by verbs, so the whole of each CLI is covered by a
//! table instead of one rule per service. The same tables name the operations that take
//! running compute down without deleting it: stops, and sizes set to nothing.

use super::specs::{AWS_SIZES, AZ_SIZES, GCLOUD_SIZES, Spec};

/// Glob patterns (`*`, `?`), compared ignoring case.
pub(crate) type Words = &'static [&'static str];

/// Operations of some command groups: the groups' path (the operands after the release track
/// and before the verb, each one of its globs; a last [`ANY_GROUPS`] stands for any further groups, so
/// `["sql", ANY_GROUPS]` covers `sql instances` and `sql databases`) and the verbs.
pub(crate) type Operations = &'static [(&'static [Words], Words)];

/// As the last group of an [`Operations`] path: any further groups, or none.
pub(crate) const ANY_GROUPS: Words = &["**"];

/// An operation that sets how much of a service or group runs, and the sizes at which none
/// of it does (`aws ecs update-service --desired-count 0`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Resize {
    /// The groups before the verb, each one of its globs (no [`ANY_GROUPS`]).
    pub(crate) groups: &'static [Words],
    /// The verbs.
    pub(crate) verbs: Words,
    /// The options that set a size, as the CLI's `sizes_spec` reads them.
    pub(crate) sizes: Words,
    /// Values of a size at which nothing runs.
    pub(crate) nothing: Words,
}

/// Where a CLI's operation verb stands among its operands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum VerbAt {
    /// Exactly at this index (`aws SERVICE OPERATION`: 1).
    Index(usize),
    /// The first operand from index 1 on, up to this many, that is a deleting verb
    /// (`gcloud compute instances delete NAME`, `az cosmosdb sql database delete`).
    FirstWithin(usize),
}

/// One cloud CLI.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CloudCli {
    /// The program (lower case).
    pub(crate) program: &'static str,
    /// First operands that only select a release track (`gcloud beta …`); the packs' view of
    /// a command leaves them out ([`is_release_track`]).
    pub(crate) tracks: Words,
    /// First groups that act on the local installation or login only (`gcloud config`).
    pub(crate) local_groups: Words,
    /// Where the verb stands (after the release track).
    pub(crate) verb_at: VerbAt,
    /// Verbs that delete (`delete-*`, `terminate-*`; `delete`, `purge`).
    pub(crate) deleting: Words,
    /// Deleting operations that lose data (databases, disks, snapshots, backups).
    pub(crate) data: Operations,
    /// Deleting operations of one item of data, routine in applications and scripts.
    pub(crate) routine: Operations,
    /// Operands that ask for help instead of running the operation (`aws … help`).
    pub(crate) help_operands: Words,
    /// Operations that stop running instances, databases or apps: an outage until someone
    /// starts them again (their disks and data are kept). Groups without [`ANY_GROUPS`].
    pub(crate) stopping: Operations,
    /// Operations that size a service or group, to nothing at some sizes.
    pub(crate) resizing: &'static [Resize],
    /// How the sizes of `resizing` are read (the global options and the sizes).
    pub(crate) sizes_spec: &'static Spec,
}

/// A size of zero.
const ZERO: Words = &["0"];

/// Any one group.
const ANY: Words = &["*"];

/// The deletes of RDS and of the services built on its API (DocumentDB, Neptune).
const RDS_DATA: Words = &[
    "delete-db-instance",
    "delete-db-cluster",
    "delete-db-snapshot",
    "delete-db-cluster-snapshot",
    "delete-global-cluster",
];

/// aws: `aws [GLOBAL] SERVICE OPERATION [ARGS]`.
const AWS: CloudCli = CloudCli {
    program: "aws",
    tracks: &[],
    local_groups: &["configure", "history", "cli-dev"],
    verb_at: VerbAt::Index(1),
    deleting: &[
        "delete-*",
        "batch-delete-*",
        "admin-delete-*",
        "terminate-*",
        "purge-*",
    ],
    data: &[
        (&[&["ec2"]], &["delete-volume", "delete-snapshot"]),
        (&[&["rds", "docdb", "neptune"]], RDS_DATA),
        (&[&["dynamodb"]], &["delete-table", "delete-backup"]),
        (
            &[&["redshift"]],
            &["delete-cluster", "delete-cluster-snapshot"],
        ),
        (
            &[&["redshift-serverless"]],
            &["delete-namespace", "delete-snapshot"],
        ),
        (
            &[&["elasticache"]],
            &[
                "delete-cache-cluster",
                "delete-replication-group",
                "delete-serverless-cache",
                "delete-snapshot",
            ],
        ),
        (&[&["memorydb"]], &["delete-cluster", "delete-snapshot"]),
        (&[&["efs"]], &["delete-file-system"]),
        (
            &[&["fsx"]],
            &["delete-file-system", "delete-backup", "delete-volume"],
        ),
        (
            &[&["backup"]],
            &["delete-recovery-point", "delete-backup-vault"],
        ),
        (&[&["glacier"]], &["delete-vault", "delete-archive"]),
        (&[&["kinesis"]], &["delete-stream"]),
        (&[&["opensearch"]], &["delete-domain"]),
        (&[&["es"]], &["delete-elasticsearch-domain"]),
        (
            &[&["timestream-write"]],
            &["delete-database", "delete-table"],
        ),
        (&[&["keyspaces"]], &["delete-keyspace", "delete-table"]),
        (
            &[&["lightsail"]],
            &["delete-disk", "delete-relational-database"],
        ),
        (&[&["qldb"]], &["delete-ledger"]),
    ],
    routine: &[
        // A consumer deletes each message it has handled.
        (&[&["sqs"]], &["delete-message", "delete-message-batch"]),
        (&[&["dynamodb"]], &["delete-item"]),
        // One object (its versions are the S3 rules').
        (&[&["s3api"]], &["delete-object", "delete-object-tagging"]),
        (&[&["cloudformation"]], &["delete-change-set"]),
        (&[ANY], &["delete-tags"]),
    ],
    help_operands: &["help"],
    stopping: &[
        (&[&["ec2"]], &["stop-instances"]),
        (
            &[&["rds", "docdb", "neptune"]],
            &["stop-db-instance", "stop-db-cluster"],
        ),
        (&[&["redshift"]], &["pause-cluster"]),
        (
            &[&["lightsail"]],
            &["stop-instance", "stop-relational-database"],
        ),
        (&[&["apprunner"]], &["pause-service"]),
    ],
    resizing: &[
        Resize {
            groups: &[&["ecs"]],
            verbs: &["update-service"],
            sizes: &["--desired-count"],
            nothing: ZERO,
        },
        Resize {
            groups: &[&["autoscaling"]],
            verbs: &["update-auto-scaling-group"],
            sizes: &["--desired-capacity", "--max-size"],
            nothing: ZERO,
        },
        Resize {
            groups: &[&["autoscaling"]],
            verbs: &["set-desired-capacity"],
            sizes: &["--desired-capacity"],
            nothing: ZERO,
        },
        // Shorthand (`desiredSize=0`) or JSON (`{"desiredSize":0}`, where no number
        // starts with a 0 but zero).
        Resize {
            groups: &[&["eks"]],
            verbs: &["update-nodegroup-config"],
            sizes: &["--scaling-config"],
            nothing: &[
                "*desiredSize=0",
                "*desiredSize=0,*",
                "*\"desiredSize\":0*",
                "*\"desiredSize\": 0*",
            ],
        },
    ],
    sizes_spec: &AWS_SIZES,
};

/// gcloud: `gcloud [GLOBAL] [TRACK] GROUP… VERB [NAME] [FLAGS]`.
const GCLOUD: CloudCli = CloudCli {
    program: "gcloud",
    tracks: &["alpha", "beta", "preview"],
    local_groups: &[
        "config",
        "components",
        "auth",
        "topic",
        "help",
        "info",
        "init",
        "emulators",
        "feedback",
        "survey",
        "cheat-sheet",
    ],
    verb_at: VerbAt::FirstWithin(5),
    deleting: &["delete", "destroy"],
    data: &[
        (&[&["projects"]], &["delete"]),
        (&[&["compute"], &["instances"]], &["delete"]),
        (&[&["compute"], &["disks"]], &["delete"]),
        (&[&["compute"], &["snapshots"]], &["delete"]),
        (&[&["compute"], &["machine-images"]], &["delete"]),
        (&[&["container"], &["clusters"]], &["delete"]),
        (&[&["sql"], ANY_GROUPS], &["delete"]),
        (&[&["spanner"], ANY_GROUPS], &["delete"]),
        (&[&["bigtable"], ANY_GROUPS], &["delete"]),
        (&[&["firestore"], &["databases"]], &["delete"]),
        (&[&["datastore"], ANY_GROUPS], &["delete"]),
        (&[&["alloydb"], ANY_GROUPS], &["delete"]),
        (&[&["redis"], &["instances"]], &["delete"]),
        (&[&["memcache"], &["instances"]], &["delete"]),
        (&[&["filestore"], ANY_GROUPS], &["delete"]),
        (&[&["backup-dr"], ANY_GROUPS], &["delete"]),
        (&[&["kms"], &["keys"], &["versions"]], &["destroy"]),
    ],
    routine: &[],
    help_operands: &["help"],
    stopping: &[
        (&[&["compute"], &["instances"]], &["stop", "suspend"]),
        (&[&["app"], &["versions"]], &["stop"]),
    ],
    resizing: &[
        Resize {
            groups: &[&["compute"], &["instance-groups"], &["managed"]],
            verbs: &["resize"],
            sizes: &["--size"],
            nothing: ZERO,
        },
        Resize {
            groups: &[&["container"], &["clusters"]],
            verbs: &["resize"],
            sizes: &["--num-nodes", "--size"],
            nothing: ZERO,
        },
        // A Cloud SQL instance that is never activated is stopped.
        Resize {
            groups: &[&["sql"], &["instances"]],
            verbs: &["patch"],
            sizes: &["--activation-policy"],
            nothing: &["NEVER"],
        },
    ],
    sizes_spec: &GCLOUD_SIZES,
};

/// az: `az GROUP… VERB [ARGS]`.
const AZ: CloudCli = CloudCli {
    program: "az",
    tracks: &[],
    local_groups: &[
        "config",
        "extension",
        "cache",
        "cloud",
        "bicep",
        "interactive",
        "find",
        "upgrade",
        "version",
        "login",
        "logout",
        "self-test",
    ],
    verb_at: VerbAt::FirstWithin(6),
    deleting: &["delete", "purge", "delete-batch"],
    data: &[
        (&[&["group"]], &["delete"]),
        (&[&["vm"]], &["delete"]),
        (&[&["vmss"]], &["delete"]),
        (&[&["aks"]], &["delete"]),
        (
            &[
                &["storage"],
                &[
                    "account",
                    "container",
                    "share",
                    "queue",
                    "table",
                    "fs",
                    "directory",
                ],
            ],
            &["delete"],
        ),
        (&[&["storage"], &["blob", "file"]], &["delete-batch"]),
        (&[&["sql"], ANY_GROUPS], &["delete"]),
        (&[&["cosmosdb"], ANY_GROUPS], &["delete"]),
        (&[&["postgres"], ANY_GROUPS], &["delete"]),
        (&[&["mysql"], ANY_GROUPS], &["delete"]),
        (&[&["mariadb"], ANY_GROUPS], &["delete"]),
        (&[&["redis"]], &["delete"]),
        (&[&["disk"]], &["delete"]),
        (&[&["snapshot"]], &["delete"]),
        (&[&["backup"], ANY_GROUPS], &["delete"]),
        (&[&["netappfiles"], ANY_GROUPS], &["delete"]),
        (
            &[&["monitor"], &["log-analytics"], &["workspace"]],
            &["delete"],
        ),
    ],
    routine: &[
        // One blob, file, table entity or queue message, as one S3 object.
        (&[&["storage"], &["blob"]], &["delete"]),
        (&[&["storage"], &["file"]], &["delete"]),
        (&[&["storage"], &["entity"]], &["delete"]),
        (&[&["storage"], &["message"]], &["delete"]),
        // A tag name: metadata, as `aws … delete-tags`.
        (&[&["tag"]], &["delete"]),
    ],
    help_operands: &[],
    stopping: &[
        (&[&["vm", "vmss"]], &["stop", "deallocate"]),
        (&[&["aks"]], &["stop"]),
        (&[&["aks"], &["nodepool"]], &["stop"]),
        (&[&["webapp", "functionapp"]], &["stop"]),
        (&[&["postgres", "mysql"], &["flexible-server"]], &["stop"]),
        (&[&["spring"], &["app"]], &["stop"]),
    ],
    resizing: &[
        Resize {
            groups: &[&["vmss"]],
            verbs: &["scale"],
            sizes: &["--new-capacity"],
            nothing: ZERO,
        },
        Resize {
            groups: &[&["aks"]],
            verbs: &["scale"],
            sizes: &["--node-count", "-c"],
            nothing: ZERO,
        },
        Resize {
            groups: &[&["aks"], &["nodepool"]],
            verbs: &["scale"],
            sizes: &["--node-count", "-c"],
            nothing: ZERO,
        },
    ],
    sizes_spec: &AZ_SIZES,
};

/// Every cloud CLI.
pub(crate) const CLOUD_CLIS: &[CloudCli] = &[AWS, GCLOUD, AZ];

/// Whether `word`, as the first operand of `program` (lower case), only selects a release
/// track (`gcloud alpha …`, `gcloud beta …`): the command after it is read as the GA one.
pub(crate) fn is_release_track(program: &str, word: &str) -> bool {
    cloud_cli(program).is_some_and(|cli| cli.tracks.iter().any(|t| t.eq_ignore_ascii_case(word)))
}

/// The row of `program` (lower case).
pub(crate) fn cloud_cli(program: &str) -> Option<&'static CloudCli> {
    CLOUD_CLIS.iter().find(|c| c.program == program)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::programs::lookup;

    #[test]
    fn every_cloud_cli_is_in_the_program_table() {
        for cli in CLOUD_CLIS {
            assert!(lookup(cli.program).is_some(), "{}", cli.program);
        }
    }

    #[test]
    fn data_and_routine_operations_are_deleting_ones() {
        let deleting = |cli: &CloudCli, verb: &str| {
            cli.deleting
                .iter()
                .any(|g| crate::rules::glob_match_ci(g, verb))
        };
        for cli in CLOUD_CLIS {
            for (groups, verbs) in cli.data.iter().chain(cli.routine) {
                assert!(!groups.is_empty(), "{}", cli.program);
                for v in *verbs {
                    assert!(deleting(cli, v), "{} {v}", cli.program);
                }
            }
        }
    }

    #[test]
    fn no_operation_is_both_data_and_routine() {
        for cli in CLOUD_CLIS {
            for (g, verbs) in cli.routine {
                for (dg, dverbs) in cli.data {
                    let overlap = g == dg && verbs.iter().any(|v| dverbs.contains(v));
                    assert!(!overlap, "{} {g:?}", cli.program);
                }
            }
        }
    }

    #[test]
    fn stops_and_resizes_delete_nothing_and_name_their_groups() {
        let deleting = |cli: &CloudCli, verb: &str| {
            cli.deleting
                .iter()
                .any(|g| crate::rules::glob_match_ci(g, verb))
        };
        for cli in CLOUD_CLIS {
            let rows = cli
                .stopping
                .iter()
                .copied()
                .chain(cli.resizing.iter().map(|r| (r.groups, r.verbs)));
            for (groups, verbs) in rows {
                assert!(!groups.is_empty(), "{}", cli.program);
                assert!(!groups.contains(&ANY_GROUPS), "{} {groups:?}", cli.program);
                for v in verbs {
                    assert!(!deleting(cli, v), "{} {v}", cli.program);
                }
            }
            for r in cli.resizing {
                assert!(
                    !r.sizes.is_empty() && !r.nothing.is_empty(),
                    "{}",
                    cli.program
                );
                for size in r.sizes {
                    let name = size.trim_start_matches('-');
                    let read = if size.starts_with("--") {
                        cli.sizes_spec.long_val.contains(&name)
                    } else {
                        cli.sizes_spec.short_val.contains(name)
                    };
                    assert!(read, "{} {size} takes a value in its spec", cli.program);
                }
            }
        }
    }
}
