//! Where secrets live: the sources an exfiltration check follows to a network sink.
//! Credential files and directories are path classes; the process environment is also a
//! set of programs (`env`, `printenv`) and inline-code expressions (`os.environ`), listed
//! here as data for the shell analysis.
//!
//! The enum and its policy names are here; the table of paths is in `table.rs`, the lookups
//! of a path in `lookup.rs`, and the environment's programs and expressions in
//! `environment.rs`.

mod environment;
mod lookup;
mod table;

pub use environment::{ENVIRONMENT_DUMPERS, ENVIRONMENT_EXPRESSIONS, dumps_environment};
#[cfg(test)]
pub(crate) use lookup::secret_source_exhaustive;
pub use lookup::{
    home_credential_below, is_home_credential, kept_from_model, secret_source, secret_source_below,
};
pub use table::{SECRET_SOURCES, SETTINGS_BESIDE_CREDENTIALS, SecretSourceInfo};

/// A kind of secret a command can read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SecretSource {
    /// SSH private keys (`~/.ssh/id_*`, not `*.pub`) and the `~/.ssh` directory.
    SshPrivateKey,
    /// AWS credentials (`~/.aws`).
    AwsCredentials,
    /// Google Cloud credentials (`~/.config/gcloud`).
    GcloudCredentials,
    /// Azure credentials (`~/.azure`).
    AzureCredentials,
    /// Kubernetes configuration (`~/.kube/config`).
    KubeConfig,
    /// `~/.netrc`.
    Netrc,
    /// Docker registry credentials (`~/.docker/config.json`).
    DockerConfig,
    /// Package registry tokens (`~/.npmrc`, `~/.pypirc`, `~/.cargo/credentials.toml`,
    /// `~/.m2/settings.xml`, `~/.terraform.d/credentials.tfrc.json`).
    RegistryToken,
    /// Git and GitHub CLI credentials (`~/.git-credentials`, `~/.config/gh/hosts.yml`).
    GitCredentials,
    /// AI coding agents' logins (`~/.claude/.credentials.json`, `~/.codex/auth.json`).
    AgentCredentials,
    /// Database clients' password files (`~/.pgpass`, `~/.my.cnf`).
    DatabasePasswords,
    /// Cloud storage clients' credentials (`~/.s3cfg`, `~/.config/rclone/rclone.conf`).
    StorageCredentials,
    /// HashiCorp Vault's token (`~/.vault-token`).
    VaultToken,
    /// `.env` files (not `.env.example`, `.env.sample`, `.env.template`).
    DotEnv,
    /// Private key files (`*.pem`, `*.key`, `id_rsa`) anywhere.
    PrivateKeyFile,
    /// Shell and REPL history.
    ShellHistory,
    /// The system's password hashes (`/etc/shadow`, `/etc/gshadow`), which crack offline.
    PasswordHashes,
    /// The process environment (`env`, `printenv`, `/proc/*/environ`, `os.environ`).
    ProcessEnvironment,
    /// What a secret store or credential helper prints (`gh auth token`, `vault kv get`,
    /// `op read`, `aws secretsmanager get-secret-value`): no file holds it.
    SecretStore,
}

/// The credentials of a home directory, whose loss cannot be undone (the `host` pack's
/// `TG-HOST-CREDENTIAL-LOSS` stops deleting or overwriting them): a project's `.env` and key
/// files are the project's to change, and shell history has its own rule.
pub const HOME_CREDENTIALS: &[SecretSource] = &[
    SecretSource::SshPrivateKey,
    SecretSource::AwsCredentials,
    SecretSource::GcloudCredentials,
    SecretSource::AzureCredentials,
    SecretSource::KubeConfig,
    SecretSource::Netrc,
    SecretSource::DockerConfig,
    SecretSource::RegistryToken,
    SecretSource::GitCredentials,
    SecretSource::AgentCredentials,
    SecretSource::DatabasePasswords,
    SecretSource::StorageCredentials,
    SecretSource::VaultToken,
];

/// Whether `source` is a secret the `exfiltration` pack's `TG-EXFIL-CREDENTIAL-READ` keeps out of the
/// conversation (what a tool prints goes to the model's provider): the home directory's
/// credentials and the system's password hashes. A project's `.env` and key files are the
/// project's own to read, and the environment and history are read for everyday reasons.
pub fn is_kept_from_model(source: SecretSource) -> bool {
    HOME_CREDENTIALS.contains(&source) || source == SecretSource::PasswordHashes
}

impl SecretSource {
    /// This source's row of [`SECRET_SOURCES`].
    pub fn info(self) -> &'static SecretSourceInfo {
        SECRET_SOURCES
            .iter()
            .find(|i| i.source == self)
            .unwrap_or(&SECRET_SOURCES[0])
    }

    /// The name used in policy files (`aws_credentials`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The source named `name` in a policy file.
    pub fn parse(name: &str) -> Option<SecretSource> {
        SECRET_SOURCES
            .iter()
            .find(|i| i.name == name)
            .map(|i| i.source)
    }

    /// Every source name, for suggestions.
    pub fn names() -> Vec<&'static str> {
        SECRET_SOURCES.iter().map(|i| i.name).collect()
    }
}

impl serde::Serialize for SecretSource {
    /// Its policy name (`aws_credentials`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

#[cfg(test)]
mod home_credential_tests;

#[cfg(test)]
mod kept_from_model_tests;

#[cfg(test)]
mod tests;
