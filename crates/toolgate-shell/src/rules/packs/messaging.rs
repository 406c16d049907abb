//! The `messaging` pack: deleting topics, queues and streams, or the messages in them.

use super::{Matcher as M, Operands};

const HELP: &[&str] = &["--help", "-h"];
const AWS: &[&str] = &["aws"];
const AWS_DRY_RUN: &[&str] = &["--dryrun", "--dry-run", "--help"];
const KAFKA_TOPICS: &[&str] = &["kafka-topics", "kafka-topics.sh"];
const KAFKA_DELETE_RECORDS: &[&str] = &["kafka-delete-records", "kafka-delete-records.sh"];
const KAFKA_GROUPS: &[&str] = &["kafka-consumer-groups", "kafka-consumer-groups.sh"];
const KAFKA_ACLS: &[&str] = &["kafka-acls", "kafka-acls.sh"];
const KAFKA_CONFIGS: &[&str] = &["kafka-configs", "kafka-configs.sh"];
/// The NATS CLI's spellings of removing something (`rm` and its aliases).
const NATS_REMOVE: &[&str] = &["rm", "delete", "del"];

const DELETE: &str = "TG-MESSAGING-DELETE";
const CONFIG_DELETE: &str = "TG-MESSAGING-CONFIG-DELETE";

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    // Kafka.
    M::new(DELETE, KAFKA_TOPICS, &[]).any(&["--delete"]),
    M::new(DELETE, KAFKA_DELETE_RECORDS, &[]).none(HELP),
    M::new(CONFIG_DELETE, KAFKA_GROUPS, &[]).any(&["--delete", "--delete-offsets"]),
    // Resetting offsets moves consumers past (or back over) messages; without --execute it
    // only shows the plan.
    M::new(CONFIG_DELETE, KAFKA_GROUPS, &[])
        .any(&["--execute"])
        .none(&["--dry-run"]),
    M::new(CONFIG_DELETE, KAFKA_ACLS, &[]).any(&["--remove"]),
    M::new(CONFIG_DELETE, KAFKA_CONFIGS, &[]).any(&["--delete-config"]),
    // Apache Pulsar: a topic (with its messages), or every topic of a namespace.
    M::new(
        DELETE,
        &["pulsar-admin"],
        &[
            &["topics", "persistent", "namespaces", "tenants"],
            &["delete", "delete-partitioned-topic"],
        ],
    )
    .none(HELP),
    // RabbitMQ.
    M::new(
        DELETE,
        &["rabbitmqctl"],
        &[&[
            "delete_queue",
            "purge_queue",
            "delete_vhost",
            "reset",
            "force_reset",
        ]],
    ),
    M::new(
        CONFIG_DELETE,
        &["rabbitmqctl"],
        &[&[
            "delete_user",
            "clear_permissions",
            "clear_topic_permissions",
        ]],
    ),
    M::new(
        DELETE,
        &["rabbitmqadmin"],
        &[&["delete", "purge"], &["queue", "queues", "vhost"]],
    ),
    M::new(
        CONFIG_DELETE,
        &["rabbitmqadmin"],
        &[
            &["delete"],
            &["exchange", "binding", "user", "permission", "policy"],
        ],
    ),
    // NATS JetStream: a stream, key-value or object bucket holds the messages.
    M::new(
        DELETE,
        &["nats"],
        &[&["stream", "str"], &["rm", "delete", "del", "purge"]],
    )
    .none(HELP),
    // `nats kv rm BUCKET` removes the bucket, `nats kv rm BUCKET KEY` one key (routine, as
    // one key of any store is).
    M::new(DELETE, &["nats"], &[&["kv", "object", "obj"], NATS_REMOVE])
        .operands(Operands::Exactly(1))
        .none(HELP),
    M::new(
        CONFIG_DELETE,
        &["nats"],
        &[&["consumer", "con"], NATS_REMOVE],
    )
    .none(HELP),
    M::new(CONFIG_DELETE, &["nats"], &[&["kv"], &["purge"]]).none(HELP),
    // Cloud queues and topics.
    M::new(DELETE, AWS, &[&["sqs"], &["delete-queue", "purge-queue"]]).none(AWS_DRY_RUN),
    M::new(
        CONFIG_DELETE,
        AWS,
        &[&["sns"], &["delete-topic", "unsubscribe"]],
    )
    .none(AWS_DRY_RUN),
    M::new(
        DELETE,
        &["gcloud"],
        &[&["pubsub"], &["subscriptions"], &["delete"]],
    ),
    M::new(
        CONFIG_DELETE,
        &["gcloud"],
        &[&["pubsub"], &["topics"], &["delete"]],
    ),
];
