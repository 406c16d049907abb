//! The `messaging` pack in the catalog: deleting topics, queues and streams or the messages in
//! them.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "messaging",
    summary: "deleting topics, queues and streams or the messages in them",
    rules: &[
        deny(
            "TG-MESSAGING-DELETE",
            "Deleting a topic, queue or stream, or purging its messages, loses them",
            "kafka-topics --delete, kafka-delete-records, rabbitmqctl delete_queue|purge_queue|delete_vhost|reset, rabbitmqadmin delete|purge queue, nats stream rm|purge, nats kv rm BUCKET, aws sqs delete-queue|purge-queue, gcloud pubsub subscriptions delete, pulsar-admin topics|namespaces delete",
        ),
        review(
            "TG-MESSAGING-CONFIG-DELETE",
            "Deleting consumers, offsets, users, permissions or subscriptions of a message broker",
            "kafka-consumer-groups --delete|--delete-offsets|--reset-offsets --execute, kafka-acls --remove, kafka-configs --delete-config, rabbitmqctl delete_user|clear_permissions, rabbitmqadmin delete exchange|binding|user, nats consumer rm, nats kv purge, aws sns delete-topic|unsubscribe, gcloud pubsub topics delete",
        ),
    ],
};
