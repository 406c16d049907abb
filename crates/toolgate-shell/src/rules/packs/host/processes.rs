//! The `host` pack's processes: killing every process or init (`kill -9 -1`, `kill 1`,
//! `TG-HOST-KILL-ALL`), and killing by name a daemon the host depends on (`killall sshd`,
//! `pkill -f journald`, `knowledge::daemons`) or a system service (`systemctl kill`),
//! reported as stopping a service (`TG-HOST-SERVICE-STOP`), as is `kill` of the process ids
//! `pidof` or `pgrep` looks up for one (`kill $(pidof sshd)`, `pgrep sshd | xargs kill`).
//!
//! A signal that asks a daemon to reload (`HUP`, `USR1`, `USR2`) or only tests or continues
//! it spares it: `killall -HUP sshd` re-reads sshd's configuration.

use super::super::{Check, Matcher as M, Operands, Seen, View};
use crate::knowledge::daemons::HOST_DAEMONS;
use crate::model::SimpleCommand;

const SERVICE_STOP: &str = "TG-HOST-SERVICE-STOP";

/// The daemons' matchers.
pub(in crate::rules::packs) const DAEMON_MATCHERS: &[M] = &[
    // (Its options are read in the check, without the signal word.)
    M::new(SERVICE_STOP, &["pkill", "killall"], &[]).check(Check::KillsHostDaemon),
    // The daemon's process ids looked up and handed to `kill`.
    M::new(SERVICE_STOP, &["kill"], &[]).check(Check::KillsLookedUpDaemon),
    // Any system service, as `systemctl stop` (the user's own are routine work).
    // (`systemctl kill -s help` with no unit lists the signals.)
    M::new(SERVICE_STOP, &["systemctl"], &[&["kill"]])
        .operands(Operands::Present)
        .none(&["--user", "--help", "-h"])
        .check(Check::KillsHostDaemon),
];

/// Signals that leave a daemon running: a test (`0`), a continue, a request to reload or
/// re-open its logs (`HUP`, `USR1`, `USR2`), a window change.
fn spares_daemon(signal: &str) -> bool {
    matches!(
        signal_name(signal).as_str(),
        "0" | "CONT" | "18" | "HUP" | "1" | "USR1" | "10" | "USR2" | "12" | "WINCH" | "28"
    )
}

/// The signal names `pkill` and `killall` take written as an option (`-HUP`, `-SIGKILL`),
/// besides numbers (`-9`).
const SIGNAL_NAMES: &[&str] = &[
    "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "IOT", "BUS", "FPE", "KILL", "USR1", "SEGV",
    "USR2", "PIPE", "ALRM", "TERM", "STKFLT", "CHLD", "CONT", "STOP", "TSTP", "TTIN", "TTOU",
    "URG", "XCPU", "XFSZ", "VTALRM", "PROF", "WINCH", "IO", "POLL", "PWR", "SYS",
];

/// Where in `args` the first signal written as an option is (`-9`, `-HUP`, `-SIGKILL`):
/// `pkill` and `killall` take one so, wherever it stands.
fn signal_word(args: &[String]) -> Option<usize> {
    args.iter().position(|w| {
        w.len() > 1 && w.starts_with('-') && {
            let name = signal_name(w);
            name.bytes().all(|b| b.is_ascii_digit()) || SIGNAL_NAMES.contains(&name.as_str())
        }
    })
}

/// Regular-expression characters of a `pkill` pattern (or `killall -r`'s).
const REGEX_SIGNS: &[char] = &[
    '.', '*', '+', '?', '[', ']', '(', ')', '{', '}', '\\', '^', '$',
];

/// How a process name or pattern is compared with the processes' names.
#[derive(Clone, Copy)]
struct Reading {
    /// The whole name must match (`pkill -x`, `killall` without `-r`).
    exact: bool,
    /// The pattern is matched against whole command lines (`pkill -f`).
    full: bool,
    /// Case is ignored (`pkill -i`, `killall -I`).
    ignore_case: bool,
}

/// Whether `pattern`, read as `reading` says, may match the daemon named `daemon`. A plain
/// name is compared as the program compares it; a regular expression may match when, in one
/// of its alternatives, every literal run is in the daemon's name (`[s]shd`, `ssh.*`: the
/// runs may stand apart, which only widens the match). With `-f` a command line that starts
/// with the daemon's program (`/usr/sbin/sshd -D`) names it too.
fn may_name(pattern: &str, daemon: &str, reading: Reading) -> bool {
    let fold = |s: &str| {
        if reading.ignore_case {
            s.to_ascii_lowercase()
        } else {
            s.to_string()
        }
    };
    let (pattern, daemon) = (fold(pattern), fold(daemon));
    let starts_with_daemon = |run: &str| {
        let first = run.split([' ', '\t', ':']).next().unwrap_or(run);
        first.rsplit('/').next() == Some(daemon.as_str())
    };
    if reading.exact && !pattern.contains(REGEX_SIGNS) && !pattern.contains('|') {
        return pattern.rsplit('/').next() == Some(daemon.as_str())
            || (reading.full && starts_with_daemon(&pattern));
    }
    pattern.split('|').any(|branch| {
        branch
            .split(REGEX_SIGNS)
            .filter(|run| !run.is_empty())
            .all(|run| daemon.contains(run) || (reading.full && starts_with_daemon(run)))
    })
}

/// `pkill` or `killall` of a daemon the host depends on, or `systemctl kill` of a service,
/// with a signal that stops it.
pub(in crate::rules::packs) fn kills_host_daemon(seen: &Seen<'_>) -> bool {
    let program = seen.cmd.program_lower();
    if program == "systemctl" {
        return !seen
            .view
            .value(&["-s", "--signal"])
            .is_some_and(spares_daemon);
    }
    // The signal word read apart, so the spec reads the rest (`-STOP`'s `P` takes no value).
    let at = signal_word(&seen.cmd.args);
    let read;
    let view = match at {
        Some(at) => {
            read = View::read_without(seen.cmd, at);
            &read
        }
        None => seen.view,
    };
    let signal = match program.as_ref() {
        "pkill" => view.value(&["--signal"]),
        _ => view.value(&["-s", "--signal"]),
    }
    .or_else(|| at.map(|at| seen.cmd.args[at].as_str()));
    if signal.is_some_and(spares_daemon) || view.has(&["--help", "-V", "--version"]) {
        return false;
    }
    names_host_daemon(&program, view)
}

/// Whether the names or patterns `program` (`pkill`, `pgrep`, `killall`, `pidof`) is given,
/// read from `view` as it reads them, may select a daemon the host depends on.
fn names_host_daemon(program: &str, view: &View) -> bool {
    let reading = match program {
        "pkill" | "pgrep" => Reading {
            exact: view.has(&["-x", "--exact"]),
            full: view.has(&["-f", "--full"]),
            ignore_case: view.has(&["-i", "--ignore-case"]),
        },
        // pidof compares whole program names.
        "pidof" => Reading {
            exact: true,
            full: false,
            ignore_case: false,
        },
        _ => Reading {
            exact: !view.has(&["-r", "--regexp"]),
            full: false,
            ignore_case: view.has(&["-I", "--ignore-case"]),
        },
    };
    view.operands().enumerate().any(|(n, pattern)| {
        !view.operand_dynamic(n) && HOST_DAEMONS.iter().any(|d| may_name(pattern, d, reading))
    })
}

/// Programs that print the ids of the processes a name or pattern selects.
const PID_LOOKUPS: &[&str] = &["pgrep", "pidof"];

/// `kill` of the process ids a lookup prints, of a daemon the host depends on, with a signal
/// that stops it: in its words (`kill $(pidof sshd)`, through a variable set from one), or
/// on its input when its arguments come from there (`pgrep -f journald | xargs kill -9`).
pub(in crate::rules::packs) fn kills_looked_up_daemon(seen: &Seen<'_>) -> bool {
    let Some((signal, _)) = kill_arguments(&seen.cmd.args) else {
        return false;
    };
    if signal.is_some_and(spares_daemon) {
        return false;
    }
    let commands = &seen.analysis.commands;
    let mut sources: Vec<usize> = seen.cmd.words_from.iter().cloned().flatten().collect();
    if seen.cmd.args_from_input {
        sources.extend(input_of(seen).into_iter().flatten());
    }
    sources
        .into_iter()
        .filter_map(|i| commands.get(i))
        .any(|c| {
            let program = c.program_lower();
            PID_LOOKUPS.contains(&program.as_ref())
                && names_host_daemon(&program, &View::read(c, None))
        })
}

/// The commands whose output a command that takes its arguments from input reads: its own
/// pipe, else its wrapper's (`… | xargs kill`: `kill` stands after `xargs`, which reads it).
fn input_of(seen: &Seen<'_>) -> Option<std::ops::Range<usize>> {
    if let Some(from) = &seen.cmd.stdin_from {
        return Some(from.clone());
    }
    let wrapper = seen.analysis.commands.get(seen.index.checked_sub(1)?)?;
    wrapper.stdin_from.clone()
}

/// Whether `word` names a signal that leaves processes alive (`0` only tests, `CONT`
/// continues, `STOP`-like signals pause).
fn harmless_signal(word: &str) -> bool {
    matches!(
        signal_name(word).as_str(),
        "0" | "CONT" | "18" | "STOP" | "19" | "TSTP" | "20" | "WINCH" | "28"
    )
}

/// A signal as `kill` takes it (`-9`, `-SIGKILL`, `kill`), upper case without dashes or `SIG`.
fn signal_name(word: &str) -> String {
    let name = word.trim_start_matches('-').to_ascii_uppercase();
    match name.strip_prefix("SIG") {
        Some(rest) => rest.to_string(),
        None => name,
    }
}

/// `kill` of process -1 (every process the user may signal) or of init (process 1). The
/// first word after `kill` that starts with `-` is its signal (`-9`, `-KILL`, `-s KILL`,
/// `-n 9`); a later `-1` (or any after `--`) is a process.
pub(in crate::rules::packs) fn kills_every_process(cmd: &SimpleCommand) -> bool {
    let args = &cmd.args;
    let Some((signal, i)) = kill_arguments(args) else {
        return false;
    };
    if signal.is_some_and(harmless_signal) {
        return false;
    }
    // Process 1 is init: killed, the machine (or the container) goes down; a hangup or a
    // user signal asks it to reload.
    let reload = signal.is_some_and(reload_signal);
    args[i.min(args.len())..]
        .iter()
        .any(|a| a == "-1" || (a == "1" && !reload))
}

/// `kill`'s signal (the first word, when it starts with `-`: `-9`, `-KILL`, `-s KILL`, `-n
/// 9`) and where its process ids start; `None` when it only lists signals or helps.
fn kill_arguments(args: &[String]) -> Option<(Option<&str>, usize)> {
    Some(match args.first().map(String::as_str) {
        Some("-s" | "-n" | "--signal") => (args.get(1).map(String::as_str), 2),
        Some("-l" | "-L" | "--list" | "--table" | "--help") => return None,
        Some("--") => (None, 1),
        Some(w) if w.starts_with('-') && w.len() > 1 => (Some(w), 1),
        _ => (None, 0),
    })
}

/// A signal init takes as a request to reload or re-execute (`kill -HUP 1`).
fn reload_signal(word: &str) -> bool {
    matches!(
        signal_name(word).as_str(),
        "HUP" | "1" | "USR1" | "10" | "USR2" | "12"
    )
}
