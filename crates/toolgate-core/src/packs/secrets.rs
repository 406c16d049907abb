//! The `secrets` pack in the catalog: deleting secrets, secret stores and secret engines.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "secrets",
    summary: "deleting secrets, secret stores and secret engines",
    rules: &[
        deny(
            "TG-SECRETS-DESTROY",
            "Destroying secrets for good (every version, a whole vault, engine or project)",
            "vault kv destroy, vault kv metadata delete, vault secrets disable, aws secretsmanager delete-secret --force-delete-without-recovery, gcloud secrets delete, az keyvault purge, az keyvault secret purge, op vault delete, doppler projects delete",
        ),
        review(
            "TG-SECRETS-DELETE",
            "Deleting a secret, policy or auth method, revoking leases or every token under a path, or sealing the vault",
            "vault kv delete, vault delete, vault policy delete, vault auth disable, vault lease revoke, vault token revoke -mode=path, vault operator seal, aws secretsmanager delete-secret, az keyvault delete, az keyvault secret delete, op item|document|user|group delete, doppler secrets|configs|environments delete",
        ),
        review(
            "TG-SECRETS-OVERWRITE",
            "Replacing a secret's value or key breaks whoever reads it",
            "aws secretsmanager update-secret|put-secret-value",
        ),
    ],
};
