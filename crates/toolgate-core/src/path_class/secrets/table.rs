//! The table of secret sources ([`SECRET_SOURCES`]): each source's policy name, description
//! and the path patterns of its files and directories.

use crate::path_class::pattern::{Anchor, PathPattern};

use super::SecretSource;

/// One row of [`SECRET_SOURCES`].
pub struct SecretSourceInfo {
    /// The source.
    pub source: SecretSource,
    /// Its name in policy files and reasons (`ssh_private_key`).
    pub name: &'static str,
    /// What it is, for reasons and documentation.
    pub describe: &'static str,
    /// Its paths.
    pub patterns: &'static [PathPattern],
}

use Anchor::{Anywhere, Home, Root};

const fn file(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
    PathPattern::file(anchor, parts)
}

const fn tree(anchor: Anchor, parts: &'static [&'static str]) -> PathPattern {
    PathPattern::tree(anchor, parts)
}

/// Public parts of `~/.ssh`, sent as everyday work (`ssh-copy-id` sends `*.pub`).
const SSH_PUBLIC: &[&str] = &[
    "*.pub",
    "known_hosts",
    "known_hosts.old",
    "config",
    "authorized_keys",
    "authorized_keys2",
];

/// Certificates and public keys, which share the `.pem` extension with private keys.
const NOT_PRIVATE_PEM: &[&str] = &[
    "*cert*",
    "*chain*",
    "ca.pem",
    "ca-*.pem",
    "ca_*.pem",
    "*bundle*",
    "*pub*",
    "*.crt.pem",
];

/// `.env` templates, committed on purpose and holding no secrets.
const ENV_TEMPLATES: &[&str] = &[
    ".env.example",
    ".env.sample",
    ".env.template",
    ".env.dist",
    ".env.defaults",
    ".env.*.example",
    ".env.*.sample",
];

/// Settings that live in a credential directory and hold no secret (regions, profiles,
/// accounts, projects): printing them shows nothing a key would open, so
/// [`kept_from_model`](super::kept_from_model) leaves them out. Deleting them is still a
/// credential loss (the profiles go with them).
pub const SETTINGS_BESIDE_CREDENTIALS: &[PathPattern] = &[
    file(Home, &[".aws", "config"]),
    tree(Home, &[".config", "gcloud", "configurations"]),
    file(Home, &[".config", "gcloud", "active_config"]),
    tree(Home, &[".config", "gcloud", "logs"]),
    file(Home, &[".azure", "config"]),
    file(Home, &[".azure", "clouds.config"]),
    tree(Home, &[".azure", "logs"]),
];

/// Every secret source: its name, description and paths.
pub const SECRET_SOURCES: &[SecretSourceInfo] = &[
    SecretSourceInfo {
        source: SecretSource::SshPrivateKey,
        name: "ssh_private_key",
        describe: "an SSH private key",
        patterns: &[
            tree(Home, &[".ssh"]).except(SSH_PUBLIC),
            file(Root, &["etc", "ssh", "ssh_host_*_key"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::AwsCredentials,
        name: "aws_credentials",
        describe: "AWS credentials",
        patterns: &[tree(Home, &[".aws"])],
    },
    SecretSourceInfo {
        source: SecretSource::GcloudCredentials,
        name: "gcloud_credentials",
        describe: "Google Cloud credentials",
        patterns: &[tree(Home, &[".config", "gcloud"])],
    },
    SecretSourceInfo {
        source: SecretSource::AzureCredentials,
        name: "azure_credentials",
        describe: "Azure credentials",
        patterns: &[tree(Home, &[".azure"])],
    },
    SecretSourceInfo {
        source: SecretSource::KubeConfig,
        name: "kube_config",
        describe: "a Kubernetes configuration",
        patterns: &[
            file(Home, &[".kube", "config"]),
            file(Home, &[".kube"]),
            file(Root, &["etc", "kubernetes", "admin.conf"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::Netrc,
        name: "netrc",
        describe: "a .netrc file",
        patterns: &[file(Home, &[".netrc"]), file(Home, &["_netrc"])],
    },
    SecretSourceInfo {
        source: SecretSource::DockerConfig,
        name: "docker_config",
        describe: "Docker registry credentials",
        patterns: &[file(Home, &[".docker", "config.json"])],
    },
    SecretSourceInfo {
        source: SecretSource::RegistryToken,
        name: "registry_token",
        describe: "a package registry token file",
        patterns: &[
            file(Home, &[".npmrc"]),
            file(Home, &[".pypirc"]),
            file(Home, &[".cargo", "credentials"]),
            file(Home, &[".cargo", "credentials.toml"]),
            file(Home, &[".gem", "credentials"]),
            file(Home, &[".yarnrc.yml"]),
            // The Terraform registry's and HCP Terraform's API tokens.
            file(Home, &[".terraform.d", "credentials.tfrc.json"]),
            // Maven and Gradle repository passwords and signing keys.
            file(Home, &[".m2", "settings.xml"]),
            file(Home, &[".m2", "settings-security.xml"]),
            file(Home, &[".gradle", "gradle.properties"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::GitCredentials,
        name: "git_credentials",
        describe: "git or GitHub CLI credentials",
        patterns: &[
            file(Home, &[".git-credentials"]),
            file(Home, &[".config", "git", "credentials"]),
            file(Home, &[".config", "gh", "hosts.yml"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::AgentCredentials,
        name: "agent_credentials",
        describe: "an AI coding agent's login",
        patterns: &[
            file(Home, &[".claude", ".credentials.json"]),
            file(Home, &[".codex", "auth.json"]),
            file(Home, &[".gemini", "oauth_creds.json"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::DatabasePasswords,
        name: "database_passwords",
        describe: "a database client's password file",
        patterns: &[file(Home, &[".pgpass"]), file(Home, &[".my.cnf"])],
    },
    SecretSourceInfo {
        source: SecretSource::StorageCredentials,
        name: "storage_credentials",
        describe: "cloud storage credentials (s3cmd, rclone)",
        patterns: &[
            file(Home, &[".s3cfg"]),
            file(Home, &[".config", "rclone", "rclone.conf"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::VaultToken,
        name: "vault_token",
        describe: "a HashiCorp Vault token",
        patterns: &[file(Home, &[".vault-token"])],
    },
    SecretSourceInfo {
        source: SecretSource::DotEnv,
        name: "dotenv",
        describe: "a .env file",
        patterns: &[
            file(Anywhere, &[".env"]),
            file(Anywhere, &[".env.*"]).except(ENV_TEMPLATES),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::PrivateKeyFile,
        name: "private_key_file",
        describe: "a private key file",
        patterns: &[
            file(Anywhere, &["*.pem"]).except(NOT_PRIVATE_PEM),
            file(Anywhere, &["*.key"]).except(&["*pub*"]),
            file(Anywhere, &["*.p12"]),
            file(Anywhere, &["*.pfx"]),
            file(Anywhere, &["id_rsa"]),
            file(Anywhere, &["id_dsa"]),
            file(Anywhere, &["id_ecdsa"]),
            file(Anywhere, &["id_ed25519"]),
            // GnuPG's secret keys (the keyring of GnuPG 1, the key store of GnuPG 2).
            file(Home, &[".gnupg", "secring.gpg"]),
            tree(Home, &[".gnupg", "private-keys-v1.d"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::ShellHistory,
        name: "shell_history",
        describe: "a shell or REPL history",
        patterns: &[
            file(Home, &[".bash_history"]),
            file(Home, &[".zsh_history"]),
            file(Home, &[".zhistory"]),
            file(Home, &[".history"]),
            file(Home, &[".sh_history"]),
            file(Home, &[".local", "share", "fish", "fish_history"]),
            file(Home, &[".python_history"]),
            file(Home, &[".node_repl_history"]),
            file(Home, &[".psql_history"]),
            file(Home, &[".mysql_history"]),
            file(Home, &[".rediscli_history"]),
            file(Home, &[".sqlite_history"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::PasswordHashes,
        name: "password_hashes",
        describe: "the system's password hashes",
        patterns: &[
            file(Root, &["etc", "shadow"]),
            file(Root, &["etc", "shadow-"]),
            file(Root, &["etc", "gshadow"]),
            file(Root, &["etc", "gshadow-"]),
            file(Root, &["etc", "master.passwd"]),
            file(Root, &["etc", "security", "opasswd"]),
        ],
    },
    SecretSourceInfo {
        source: SecretSource::ProcessEnvironment,
        name: "environment",
        describe: "the process environment",
        patterns: &[file(Root, &["proc", "*", "environ"])],
    },
    // Printed by a program, not read from a file: the shell analysis names the programs.
    SecretSourceInfo {
        source: SecretSource::SecretStore,
        name: "secret_store",
        describe: "a secret printed by a secret store or credential helper",
        patterns: &[],
    },
];
