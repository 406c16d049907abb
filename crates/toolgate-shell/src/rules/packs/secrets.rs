//! The `secrets` pack: deleting secrets, secret stores and secret engines.

use super::{Check, Matcher as M};

const HELP: &[&str] = &["--help", "-h"];
const AWS: &[&str] = &["aws"];
const AWS_DRY_RUN: &[&str] = &["--dryrun", "--dry-run", "--help"];

const DESTROY: &str = "TG-SECRETS-DESTROY";
const DELETE: &str = "TG-SECRETS-DELETE";
const OVERWRITE: &str = "TG-SECRETS-OVERWRITE";

/// The pack's matchers.
pub(super) const MATCHERS: &[M] = &[
    // Vault: `kv delete` keeps the versions (`kv undelete` brings them back); `kv destroy`
    // and `kv metadata delete` remove them, `secrets disable` removes a whole engine's data.
    M::new(DESTROY, &["vault"], &[&["kv"], &["destroy"]]).none(HELP),
    M::new(DESTROY, &["vault"], &[&["kv"], &["metadata"], &["delete"]]).none(HELP),
    M::new(DESTROY, &["vault"], &[&["secrets"], &["disable"]]).none(HELP),
    M::new(DELETE, &["vault"], &[&["kv"], &["delete"]]).none(HELP),
    M::new(DELETE, &["vault"], &[&["delete"]]).none(HELP),
    M::new(DELETE, &["vault"], &[&["policy"], &["delete"]]).none(HELP),
    M::new(DELETE, &["vault"], &[&["auth"], &["disable"]]).none(HELP),
    M::new(DELETE, &["vault"], &[&["lease"], &["revoke"]]).none(HELP),
    // Every token under a path (`-mode=path auth/`: every login's); one token is routine.
    M::new(DELETE, &["vault"], &[&["token"], &["revoke"]])
        .none(HELP)
        .check(Check::AlsoValue(&["--mode"], &["path"])),
    // A sealed Vault serves no secret to anyone until enough key holders unseal it.
    M::new(DELETE, &["vault"], &[&["operator"], &["seal"]]).none(HELP),
    // AWS Secrets Manager keeps a deleted secret for its recovery window unless told not to.
    M::new(DESTROY, AWS, &[&["secretsmanager"], &["delete-secret"]])
        .any(&["--force-delete-without-recovery"])
        .none(AWS_DRY_RUN),
    M::new(DELETE, AWS, &[&["secretsmanager"], &["delete-secret"]]).none(&[
        "--force-delete-without-recovery",
        "--dryrun",
        "--dry-run",
        "--help",
    ]),
    // Google Secret Manager deletes every version at once; Key Vault keeps a deleted vault
    // or secret (soft delete) until it is purged.
    M::new(DESTROY, &["gcloud"], &[&["secrets"], &["delete"]]),
    M::new(DESTROY, &["az"], &[&["keyvault"], &["purge"]]),
    M::new(
        DESTROY,
        &["az"],
        &[&["keyvault"], &["secret", "key", "certificate"], &["purge"]],
    ),
    M::new(DELETE, &["az"], &[&["keyvault"], &["delete"]]),
    M::new(
        DELETE,
        &["az"],
        &[
            &["keyvault"],
            &["secret", "key", "certificate"],
            &["delete"],
        ],
    ),
    // 1Password: an archived item or document can be restored.
    M::new(DESTROY, &["op"], &[&["vault"], &["delete"]]).none(HELP),
    M::new(DELETE, &["op"], &[&["item", "document"], &["delete"]]).none(&[
        "--archive",
        "--help",
        "-h",
    ]),
    M::new(DELETE, &["op"], &[&["user", "group"], &["delete"]]).none(HELP),
    // Doppler: a project holds every config and secret of its environments.
    M::new(DESTROY, &["doppler"], &[&["projects"], &["delete"]]).none(HELP),
    M::new(
        DELETE,
        &["doppler"],
        &[&["secrets", "configs", "environments"], &["delete"]],
    )
    .none(HELP),
    // A secret's value or key replaced: whoever reads it gets the new one (AWS keeps only the
    // version before).
    M::new(
        OVERWRITE,
        AWS,
        &[&["secretsmanager"], &["update-secret", "put-secret-value"]],
    )
    .none(AWS_DRY_RUN),
];
