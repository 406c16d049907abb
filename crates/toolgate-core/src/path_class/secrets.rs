//! Where secrets live: the sources an exfiltration check follows to a network sink.
//! Credential files and directories are path classes; the process environment is also a
//! set of programs (`env`, `printenv`) and inline-code expressions (`os.environ`), listed
//! here as data for the shell analysis.

use std::path::Path;
use std::sync::LazyLock;

use super::pattern::{Anchor, PathPattern, PathView, PatternTable};

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
    /// Package registry tokens (`~/.npmrc`, `~/.pypirc`, `~/.cargo/credentials.toml`).
    RegistryToken,
    /// Git and GitHub CLI credentials (`~/.git-credentials`, `~/.config/gh/hosts.yml`).
    GitCredentials,
    /// `.env` files (not `.env.example`, `.env.sample`, `.env.template`).
    DotEnv,
    /// Private key files (`*.pem`, `*.key`, `id_rsa`) anywhere.
    PrivateKeyFile,
    /// Shell and REPL history.
    ShellHistory,
    /// The process environment (`env`, `printenv`, `/proc/*/environ`, `os.environ`).
    ProcessEnvironment,
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
];

/// Whether `path` is a credential file of [`HOME_CREDENTIALS`] (or inside a credential
/// directory of one). Their patterns alone, so the prefilter refuses most paths by their
/// names: the whole table also holds patterns every path must be tried against (`*.pem`,
/// `.env*`), which cost every delete of a build directory tens of thousands of instructions.
pub fn is_home_credential(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> bool {
    static TABLE: LazyLock<PatternTable<SecretSource>> = LazyLock::new(|| {
        PatternTable::new(
            SECRET_SOURCES
                .iter()
                .filter(|i| HOME_CREDENTIALS.contains(&i.source))
                .flat_map(|i| i.patterns.iter().map(|p| (i.source, p)))
                .collect(),
        )
    });
    TABLE.first_match(path, cwd, home).is_some()
}

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
        source: SecretSource::ProcessEnvironment,
        name: "environment",
        describe: "the process environment",
        patterns: &[file(Root, &["proc", "*", "environ"])],
    },
];

/// Programs that print the whole environment when run without a command to run.
pub const ENVIRONMENT_DUMPERS: &[&str] = &["env", "printenv", "set", "export", "declare"];

/// Inline-code expressions that read the whole environment, by language. A single
/// variable (`os.environ['HOME']`, `process.env.PORT`) is not a dump: the checks look at what
/// follows the expression ([`dumps_environment`]).
pub const ENVIRONMENT_EXPRESSIONS: &[(&str, &str)] = &[
    ("python", "os.environ"),
    ("python", "environ"),
    ("node", "process.env"),
    ("ruby", "ENV"),
    ("perl", "%ENV"),
    ("php", "$_ENV"),
    ("php", "getenv()"),
];

/// Whether `code` reads the whole environment: an expression of [`ENVIRONMENT_EXPRESSIONS`]
/// not followed by a lookup of one variable (`[`, `.get(`, `.NAME` for node, `{` for perl).
pub fn dumps_environment(code: &str) -> bool {
    ENVIRONMENT_EXPRESSIONS.iter().any(|(lang, expr)| {
        let mut from = 0;
        while let Some(at) = code[from..].find(expr) {
            let start = from + at;
            let end = start + expr.len();
            from = end;
            let before = code[..start].chars().next_back();
            if before.is_some_and(|c| {
                c.is_alphanumeric() || c == '_' || (c == '.' && !expr.contains('.'))
            }) {
                continue;
            }
            let after = code[end..].trim_start();
            let next = after.chars().next();
            if next.is_some_and(|c| c.is_alphanumeric() || c == '_') && !expr.ends_with(')') {
                continue;
            }
            let one_variable = match *lang {
                "python" => {
                    after.starts_with('[')
                        || after.starts_with(".get(")
                        || after.starts_with(".setdefault(")
                        || after.starts_with(".pop(")
                }
                "node" => {
                    after.starts_with('[') || (after.starts_with('.') && !after.starts_with("..."))
                }
                "ruby" => {
                    after.starts_with('[')
                        || after.starts_with(".fetch(")
                        || after.starts_with(".key?")
                }
                "perl" => false,
                "php" => after.starts_with('['),
                _ => false,
            };
            if !one_variable {
                return true;
            }
        }
        false
    })
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

/// The secret source `path` is (a credential file, or inside a credential directory).
pub fn secret_source(path: &str, cwd: Option<&Path>, home: Option<&Path>) -> Option<SecretSource> {
    static TABLE: LazyLock<PatternTable<SecretSource>> = LazyLock::new(|| {
        PatternTable::new(
            SECRET_SOURCES
                .iter()
                .flat_map(|i| i.patterns.iter().map(|p| (i.source, p)))
                .collect(),
        )
    });
    TABLE.first_match(path, cwd, home)
}

/// [`secret_source`] trying every pattern, as it did before the prefilter: the reference of
/// the differential test.
#[cfg(test)]
pub(crate) fn secret_source_exhaustive(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    let view = PathView::new(path, cwd, home);
    SECRET_SOURCES
        .iter()
        .find(|i| i.patterns.iter().any(|p| view.matches(p)))
        .map(|i| i.source)
}

/// The secret source `path` holds when it is a directory above one (`~`, `~/.config`, `/`):
/// copying or archiving it copies the secrets. Relative directories hold no home-anchored
/// source unless the working directory is above a home.
pub fn secret_source_below(
    path: &str,
    cwd: Option<&Path>,
    home: Option<&Path>,
) -> Option<SecretSource> {
    let view = PathView::new(path, cwd, home);
    SECRET_SOURCES
        .iter()
        .find(|i| i.patterns.iter().any(|p| view.holds(p)))
        .map(|i| i.source)
}

#[cfg(test)]
mod home_credential_tests {
    use super::*;

    /// The table of home credentials answers as the full table does for them.
    #[test]
    fn home_credentials_are_what_the_full_table_says() {
        let home = Some(Path::new("/home/u"));
        let cwds = [
            Some(Path::new("/home/u/proj")),
            Some(Path::new("/home/u")),
            None,
        ];
        let paths = [
            "~/.ssh/id_ed25519",
            "~/.ssh/id_ed25519.pub",
            "/home/u/.aws/credentials",
            "../.kube/config",
            ".ssh/id_rsa",
            "~/.netrc",
            "~/.docker/config.json",
            "~/.git-credentials",
            "~/.config/gcloud/application_default_credentials.json",
            "~/.ssh",
            ".env",
            "key.pem",
            "build/",
            "~/.bash_history",
            "/etc/passwd",
        ];
        for cwd in cwds {
            for p in paths {
                let full =
                    secret_source(p, cwd, home).is_some_and(|s| HOME_CREDENTIALS.contains(&s));
                assert_eq!(is_home_credential(p, cwd, home), full, "{p} in {cwd:?}");
            }
        }
        assert!(is_home_credential("~/.ssh/id_ed25519", None, home));
        assert!(!is_home_credential(
            "build/",
            Some(Path::new("/srv/p")),
            home
        ));
    }
}

#[cfg(test)]
mod tests {
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
            DotEnv,
            PrivateKeyFile,
            ShellHistory,
            ProcessEnvironment,
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
}
