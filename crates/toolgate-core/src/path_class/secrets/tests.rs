//! The table of secret sources: one row per source, the files of each, near misses,
//! directories above sources, and environment dumps in inline code.

use std::path::Path;

use super::*;
use SecretSource::*;

fn source(p: &str) -> Option<SecretSource> {
    secret_source(
        p,
        Some(Path::new("/home/u/proj")),
        Some(Path::new("/home/u")),
    )
}

#[test]
fn every_source_has_one_row_named_in_snake_case() {
    let all = [
        SshPrivateKey,
        AwsCredentials,
        GcloudCredentials,
        AzureCredentials,
        KubeConfig,
        Netrc,
        DockerConfig,
        RegistryToken,
        GitCredentials,
        AgentCredentials,
        DatabasePasswords,
        StorageCredentials,
        VaultToken,
        DotEnv,
        PrivateKeyFile,
        ShellHistory,
        PasswordHashes,
        ProcessEnvironment,
        SecretStore,
    ];
    assert_eq!(all.len(), SECRET_SOURCES.len());
    for s in all {
        assert_eq!(s.info().source, s);
        assert_eq!(SecretSource::parse(s.name()), Some(s));
        assert!(
            s.name()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'_')
        );
    }
    for p in SECRET_SOURCES.iter().flat_map(|i| i.patterns) {
        for part in p.parts.iter().chain(p.except) {
            assert_eq!(*part, part.to_ascii_lowercase(), "{part}");
        }
    }
}

#[test]
fn the_files_of_each_source() {
    for (path, want) in [
        ("~/.ssh/id_rsa", SshPrivateKey),
        ("~/.ssh/id_ed25519", SshPrivateKey),
        ("~/.ssh/deploy_key", SshPrivateKey),
        ("~/.ssh", SshPrivateKey),
        ("~/.ssh/*", SshPrivateKey),
        ("~/.aws/credentials", AwsCredentials),
        ("~/.aws", AwsCredentials),
        (
            "~/.config/gcloud/application_default_credentials.json",
            GcloudCredentials,
        ),
        ("~/.azure/accessTokens.json", AzureCredentials),
        ("~/.kube/config", KubeConfig),
        ("~/.netrc", Netrc),
        ("~/.docker/config.json", DockerConfig),
        ("~/.npmrc", RegistryToken),
        ("~/.pypirc", RegistryToken),
        ("~/.git-credentials", GitCredentials),
        (".env", DotEnv),
        ("backend/.env.production", DotEnv),
        ("certs/server.key", PrivateKeyFile),
        ("privkey.pem", PrivateKeyFile),
        ("deploy/id_rsa", PrivateKeyFile),
        ("~/.bash_history", ShellHistory),
        ("~/.zsh_history", ShellHistory),
        ("/proc/self/environ", ProcessEnvironment),
        ("/etc/shadow", PasswordHashes),
        ("/etc/gshadow-", PasswordHashes),
        ("/proc/1/environ", ProcessEnvironment),
    ] {
        assert_eq!(source(path), Some(want), "{path}");
    }
}

#[test]
fn near_misses() {
    for path in [
        "~/.ssh/id_rsa.pub",
        "~/.ssh/id_ed25519.pub",
        "~/.ssh/known_hosts",
        "~/.ssh/config",
        ".env.example",
        ".env.sample",
        "config/.env.template",
        "fullchain.pem",
        "cert.pem",
        "ca.pem",
        "public.key",
        "dist/app.js",
        "README.md",
        "src/env.rs",
        "proj/.npmrc.md",
        "/proc/cpuinfo",
    ] {
        assert_eq!(source(path), None, "{path}");
    }
}

#[test]
fn directories_above_sources() {
    let below = |p: &str| {
        secret_source_below(
            p,
            Some(Path::new("/home/u/proj")),
            Some(Path::new("/home/u")),
        )
    };
    assert!(below("~").is_some());
    assert!(
        below("..").is_some(),
        "the parent of the project is the home"
    );
    assert!(below("/").is_some());
    assert!(below("~/.config").is_some());
    assert_eq!(below("."), None);
    assert_eq!(below("dist"), None);
    assert_eq!(below("~/proj/src"), None);
}

#[test]
fn environment_dumps_in_inline_code() {
    for code in [
        "import os; print(os.environ)",
        "import os,json; json.dumps(dict(os.environ))",
        "for k, v in os.environ.items(): print(k, v)",
        "console.log(process.env)",
        "JSON.stringify(process.env)",
        "puts ENV.to_h",
        "print %ENV",
        "print_r($_ENV);",
        "var_dump(getenv());",
        "from os import environ; print(environ)",
    ] {
        assert!(dumps_environment(code), "{code}");
    }
    for code in [
        "import os; print(os.environ['HOME'])",
        "os.environ.get('PORT', 8000)",
        "console.log(process.env.PORT)",
        "process.env['NODE_ENV']",
        "puts ENV['HOME']",
        "puts ENV.fetch('HOME')",
        "echo $_ENV['X'];",
        "print('hello')",
        "my_environment = 1",
        "ENVIRONMENT = 'x'",
    ] {
        assert!(!dumps_environment(code), "{code}");
    }
}

#[test]
fn home_credentials_at_or_below_a_directory() {
    let below = |p: &str| {
        super::home_credential_below(
            p,
            Some(Path::new("/home/u/proj")),
            Some(Path::new("/home/u")),
        )
    };
    assert!(below("~").is_some());
    assert!(below("/").is_some());
    assert!(below("~/.config").is_some());
    assert!(below("~/.config/gh").is_some());
    assert!(below("~/.aws").is_some());
    assert!(below("~/.aws/credentials").is_some());
    // Root's files (password hashes, host keys) are not read by a user's search.
    assert_eq!(below("/etc"), None);
    assert_eq!(below("/etc/ssh"), None);
    assert_eq!(below("."), None);
    assert_eq!(below("~/proj/src"), None);
    assert_eq!(below("~/.cache"), None);
}
