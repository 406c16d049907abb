//! [`kept_from_model`]: the credentials whose content must not reach the conversation.

use std::path::Path;

use super::*;

fn home() -> Option<&'static Path> {
    Some(Path::new("/home/u"))
}

fn cwd() -> Option<&'static Path> {
    Some(Path::new("/home/u/proj"))
}

#[test]
fn credentials_of_the_home_and_the_password_hashes_are_kept() {
    for (path, source) in [
        ("~/.ssh/id_ed25519", SecretSource::SshPrivateKey),
        ("/home/u/.aws/credentials", SecretSource::AwsCredentials),
        ("~/.aws", SecretSource::AwsCredentials),
        ("../.kube/config", SecretSource::KubeConfig),
        ("~/.netrc", SecretSource::Netrc),
        ("~/.docker/config.json", SecretSource::DockerConfig),
        ("~/.npmrc", SecretSource::RegistryToken),
        ("~/.config/gh/hosts.yml", SecretSource::GitCredentials),
        (
            "~/.config/gcloud/application_default_credentials.json",
            SecretSource::GcloudCredentials,
        ),
        (
            "~/.azure/msal_token_cache.json",
            SecretSource::AzureCredentials,
        ),
        ("/etc/shadow", SecretSource::PasswordHashes),
        ("/root/.aws/credentials", SecretSource::AwsCredentials),
        (
            "~/.claude/.credentials.json",
            SecretSource::AgentCredentials,
        ),
        ("~/.codex/auth.json", SecretSource::AgentCredentials),
        ("~/.gemini/oauth_creds.json", SecretSource::AgentCredentials),
        ("~/.vault-token", SecretSource::VaultToken),
        (
            "~/.terraform.d/credentials.tfrc.json",
            SecretSource::RegistryToken,
        ),
        ("~/.pgpass", SecretSource::DatabasePasswords),
        ("~/.my.cnf", SecretSource::DatabasePasswords),
        ("~/.s3cfg", SecretSource::StorageCredentials),
        (
            "~/.config/rclone/rclone.conf",
            SecretSource::StorageCredentials,
        ),
        ("~/.gradle/gradle.properties", SecretSource::RegistryToken),
        ("~/.m2/settings.xml", SecretSource::RegistryToken),
        // Globs that may name a setting and the credentials beside it.
        ("~/.aws/*", SecretSource::AwsCredentials),
        ("~/.aws/c*", SecretSource::AwsCredentials),
        ("/home/u/.aws/[a-z]*", SecretSource::AwsCredentials),
        ("~/.azure/*", SecretSource::AzureCredentials),
        ("~/.config/gcloud/*", SecretSource::GcloudCredentials),
    ] {
        assert_eq!(kept_from_model(path, cwd(), home()), Some(source), "{path}");
    }
}

#[test]
fn settings_public_keys_and_the_projects_own_secrets_are_not() {
    for path in [
        "~/.aws/config",
        "~/.config/gcloud/configurations/config_default",
        "~/.config/gcloud/active_config",
        "~/.azure/config",
        "~/.azure/logs/*",
        "~/.config/gcloud/configurations/*",
        "~/.ssh/*.pub",
        "~/.ssh/id_ed25519.pub",
        "~/.ssh/config",
        "~/.ssh/known_hosts",
        ".env",
        "certs/server.key",
        "~/.bash_history",
        "/etc/passwd",
        "src/main.rs",
        "~/.claude/settings.json",
        "~/.codex/config.toml",
        "~/.gemini/settings.json",
        "~/.m2/repository/x.jar",
        "~/.gradle/caches",
        "proj/gradle.properties",
        "my.cnf",
    ] {
        assert_eq!(kept_from_model(path, cwd(), home()), None, "{path}");
    }
}

#[test]
fn the_sources_kept_are_the_home_credentials_and_the_password_hashes() {
    let kept: Vec<SecretSource> = SECRET_SOURCES
        .iter()
        .map(|i| i.source)
        .filter(|s| is_kept_from_model(*s))
        .collect();
    let mut want = HOME_CREDENTIALS.to_vec();
    want.push(SecretSource::PasswordHashes);
    assert_eq!(kept.len(), want.len());
    assert!(want.iter().all(|s| kept.contains(s)));
    assert!(!is_kept_from_model(SecretSource::DotEnv));
}

#[test]
fn every_setting_lies_inside_a_source_kept() {
    // A setting outside every credential directory would be a row that changes nothing.
    for p in SETTINGS_BESIDE_CREDENTIALS {
        let path = format!("~/{}", p.parts.join("/"));
        let source = secret_source(&path, cwd(), home());
        assert!(source.is_some_and(is_kept_from_model), "{path}");
    }
}
