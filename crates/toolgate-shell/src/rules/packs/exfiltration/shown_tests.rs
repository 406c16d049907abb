//! Credentials printed where the agent reads them ([`credentials_shown`]).

use std::path::Path;

use toolgate_core::path_class::SecretSource::{self, *};

use super::{CommandContext, analyze, credentials_shown};

fn cx() -> CommandContext<'static> {
    CommandContext::new(
        Some(Path::new("/home/me/project")),
        Some(Path::new("/home/me")),
    )
}

fn shown(cmd: &str) -> Vec<SecretSource> {
    credentials_shown(&analyze(cmd), &cx())
}

#[test]
fn printers_of_a_credential_show_it() {
    for (cmd, want) in [
        ("cat ~/.aws/credentials", AwsCredentials),
        ("cat $HOME/.ssh/id_ed25519", SshPrivateKey),
        ("/bin/cat /home/me/.netrc", Netrc),
        ("head -n 20 ~/.kube/config", KubeConfig),
        ("tail ~/.git-credentials", GitCredentials),
        ("less ~/.docker/config.json", DockerConfig),
        ("grep -rn token ~/.aws", AwsCredentials),
        ("rg password ~/.config/gcloud", GcloudCredentials),
        (
            "awk -F= '/secret/ {print $2}' ~/.aws/credentials",
            AwsCredentials,
        ),
        ("sed -n 1,5p ~/.npmrc", RegistryToken),
        ("base64 -w0 ~/.ssh/id_rsa", SshPrivateKey),
        ("xxd ~/.ssh/id_rsa", SshPrivateKey),
        ("jq . ~/.docker/config.json", DockerConfig),
        ("sudo cat /etc/shadow", PasswordHashes),
        ("cat < ~/.netrc", Netrc),
        ("cat ~/.ssh/*", SshPrivateKey),
        ("melt ~/.ssh/id_ed25519", SshPrivateKey),
        ("echo $OPENAI_API_KEY", ProcessEnvironment),
    ] {
        assert_eq!(shown(cmd), [want], "{cmd}");
    }
}

#[test]
fn what_carries_it_to_the_terminal_shows_it() {
    for cmd in [
        // Through printers in a pipe.
        "cat ~/.aws/credentials | grep secret",
        "cat ~/.ssh/id_rsa | base64 | head -c 100",
        "cat ~/.aws/credentials | tee /tmp/c",
        "cat ~/.aws/credentials | tr a-z A-Z",
        // Through the words of echo.
        "echo \"$(cat ~/.aws/credentials)\"",
        "K=$(cat ~/.aws/credentials); echo \"$K\"",
        // Wrappers and shells.
        "bash -c 'cat ~/.aws/credentials'",
        "sudo -u root head /root/.aws/credentials",
        // Only stderr redirected, or stdout sent back to the terminal.
        "cat ~/.aws/credentials 2>/dev/null",
        "cat ~/.aws/credentials >&2",
        "cat ~/.aws/credentials > /dev/stdout",
        "cat ~/.aws/credentials 2>&1",
        // A directory changed to.
        "cd ~/.aws && cat credentials",
        // Paths listed at run time under a credential directory.
        "find ~/.ssh -type f -exec cat {} +",
        "find ~/.ssh -type f | xargs cat",
        "ls ~/.ssh | xargs -I{} cat ~/.ssh/{}",
        "for f in ~/.ssh/id_*; do cat \"$f\"; done",
        // Through variables `read` fills.
        "while read l; do echo \"$l\"; done < ~/.aws/credentials",
        "while read l; do echo \"$l\"; done < <(cat ~/.aws/credentials)",
        "cat ~/.netrc | while read a b c; do echo $b; done",
        // Inline code that names one.
        "python3 -c \"print(open('/home/me/.aws/credentials').read())\"",
        "ruby -e 'puts File.read(File.expand_path(\"~/.netrc\"))'",
        // A service's credential variable.
        "echo $OPENAI_API_KEY",
        "echo \"key: ${ANTHROPIC_API_KEY}\"",
        "printf '%s\\n' \"$GITHUB_TOKEN\"",
        "printenv AWS_SECRET_ACCESS_KEY",
        "echo ${OPENAI_API_KEY:4}",
        // The environment searched for credentials.
        "env | grep -i token",
        "printenv | grep API_KEY",
        "env | grep -E 'AWS|SECRET'",
        // One of several parts.
        "cat README.md && cat ~/.aws/credentials",
    ] {
        assert!(!shown(cmd).is_empty(), "{cmd}");
    }
}

#[test]
fn what_keeps_it_from_the_terminal_does_not() {
    for cmd in [
        // Settings beside the credentials, public keys, the project's own secrets.
        "cat ~/.aws/config",
        "cat ~/.ssh/id_ed25519.pub",
        "cat ~/.ssh/config ~/.ssh/known_hosts",
        "cat ~/.config/gcloud/configurations/config_default",
        "cat .env",
        "cat certs/server.key",
        // Programs that print nothing of it.
        "ls -la ~/.ssh",
        "ssh-add ~/.ssh/id_ed25519",
        "chmod 600 ~/.ssh/id_ed25519",
        "wc -c ~/.ssh/id_rsa",
        "sha256sum ~/.aws/credentials",
        "grep -q token ~/.npmrc",
        "grep -l token ~/.npmrc",
        "sed -i 's/old/new/' ~/.npmrc",
        "sort -o ~/.netrc ~/.netrc",
        "ssh -i ~/.ssh/id_ed25519 host true",
        // Output to a substitution, or a program that keeps it.
        "K=$(cat ~/.aws/credentials)",
        "TOKEN=$(grep token ~/.npmrc | cut -d= -f2)",
        "cat ~/.ssh/id_rsa | wc -c",
        "cat ~/.docker/token | docker login --password-stdin",
        "cat ~/.aws/credentials | grep -c default",
        "while read l; do echo done; done < ~/.aws/credentials",
        "python3 -c \"print(open('README.md').read())\"",
        // Copies that stay credentials, or go nowhere.
        "cp ~/.ssh/id_rsa ~/.ssh/id_rsa.bak",
        "cat ~/.aws/credentials > /dev/null",
        "cp ~/.ssh/id_ed25519.pub .",
        "cp ~/.ssh/config ./ssh_config",
        "cp .env .env.bak",
        "tar czf /tmp/src.tgz src",
        // Copies that read no tree below the home, or a listing not known to hold one.
        "sudo rsync -pgodt /home/ /newhome/",
        "cp ~ /tmp/x",
        "find .. -type d -print0 | xargs -0 tar cf dirs.tar --no-recursion",
        "find / -name '*.jpg' -type f -print | xargs tar -cvzf images.tar.gz",
        // A variable's length, whether it is set, a short prefix; used, not printed.
        "echo ${#OPENAI_API_KEY}",
        "echo ${OPENAI_API_KEY:0:4}",
        "echo ${OPENAI_API_KEY:+set}",
        "[ -n \"$OPENAI_API_KEY\" ] && echo set",
        "echo $GITHUB_TOKEN | gh auth login --with-token",
        "echo \"OPENAI_API_KEY=$OPENAI_API_KEY\" >> .env",
        "printenv HOME",
        "echo $HOME $API_KEY",
        "env | grep PATH",
        "env | grep -i node",
        "env | grep -c TOKEN",
        "env | grep -i token > /tmp/t",
        "X=$(env | grep TOKEN)",
        "cat notes.txt | grep token",
        // Words that are not files.
        "echo ~/.aws/credentials",
        "for f in a b; do cat \"$f\"; done",
    ] {
        assert_eq!(shown(cmd), [], "{cmd}");
    }
}

/// A credential put into a file that is none (copied, linked, moved, archived, or printed
/// into it) is read from there by the agent in a later call, where nothing names it: it
/// counts as shown. Each of these passed before.
#[test]
fn credentials_put_into_other_files_are_shown() {
    for cmd in [
        "cat ~/.aws/credentials > /tmp/c",
        "cat ~/.aws/credentials >> /tmp/c 2>&1",
        "cat ~/.aws/credentials &> /tmp/c",
        "{ cat ~/.aws/credentials; } > /tmp/c",
        "for f in ~/.ssh/id_*; do cat \"$f\"; done > /tmp/keys",
        "while read l; do echo \"$l\"; done < ~/.aws/credentials > /tmp/out",
        "python3 -c \"print(open('/home/me/.aws/credentials').read())\" > /tmp/c",
        "base64 ~/.ssh/id_rsa > key.txt",
        "cp ~/.aws/credentials ./creds",
        "cp ~/.ssh/id_rsa k",
        "ln -s ~/.ssh/id_rsa k",
        "ln ~/.netrc n",
        "mv ~/.netrc /tmp/n",
        "cp -r ~/.config/gh ./gh",
        "rsync -a ~/.aws/ ./aws/",
        "tar czf /tmp/backup.tgz ~/.ssh",
        "tar czf home.tgz ~",
        "rsync -a ~/ /backup/me/",
        "zip -r x.zip ~/.ssh",
        "for f in ~/.ssh/id_*; do cp \"$f\" keys/; done",
    ] {
        assert!(!shown(cmd).is_empty(), "{cmd}");
    }
}

#[test]
fn each_kind_is_named_once() {
    assert_eq!(
        shown("cat ~/.aws/credentials ~/.aws/credentials; head ~/.netrc"),
        [AwsCredentials, Netrc]
    );
}
