//! The program table: what toolgate knows about each program, in one row per program.
//!
//! A row gives the program's classes (shell, interpreter, downloader, network client, …),
//! its option spec (read by the one option reader in `options`: options that take
//! values, abbreviations, clusters), the options it reads before a subcommand, and its
//! handlers (where its destinations are, [`Destinations`]). Every list of programs elsewhere in the crate is
//! derived from this table ([`in_class`]) or checked against it by the consistency tests.

mod admin_table;
mod handlers;
mod rows;
mod table;

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use crate::knowledge::specs::Spec;
use crate::knowledge::specs::launchers::Grammar;

pub(crate) use handlers::Destinations;

/// The table, one row per program basename: everyday programs, then the rule packs' (an
/// earlier row wins over a later one of the same name).
pub(crate) static PROGRAMS: [Program; table::GENERAL.len() + admin_table::ADMINISTRATION.len()] =
    super::joined(table::GENERAL, admin_table::ADMINISTRATION);

/// What a program is. A program may be several things (`bun` runs code and installs
/// packages).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// A shell: runs a script from `-c`, a file or stdin.
    Shell,
    /// An interpreter that runs code given on its command line or stdin.
    Interpreter,
    /// Fetches content from a URL (`curl … | sh` runs downloaded code).
    Downloader,
    /// Connects to hosts named in its arguments.
    NetworkClient,
    /// Installs or fetches packages, images or repositories from registries.
    PackageManager,
    /// Runs another command given after its own options (`sudo`, `timeout`, `xargs`).
    Wrapper,
    /// Runs a command inside a project environment (`uv run`, `npm exec`).
    Runner,
    /// Only reads the files it is given.
    Reader,
    /// Shows text and can run commands from its prompt (`less`, `more`).
    Pager,
    /// Partitions, formats or wipes disks and files.
    DiskTool,
    /// Changes, moves or deletes the files it is given (`rm`, `cp`, `chmod`, `tee`).
    Writer,
    /// Administers infrastructure or the host: cloud, cluster and infrastructure-as-code
    /// CLIs, service managers, user, firewall and package tools (the rule packs' programs).
    Admin,
    /// Sends statements or commands to a database, or drops and resets databases: database
    /// clients (`psql`, `redis-cli`) and framework commands (`rails`, `manage.py`).
    Database,
    /// A coding agent: runs the tool calls a model chooses (`claude`, `codex`, `gemini`);
    /// the `agents` pack reads how it is started.
    CodingAgent,
    /// Looks names up (`dig`, `host`, `ping`): a name reaches its DNS servers, so what it
    /// carries leaves the machine. The network policy does not judge the names.
    NameLookup,
    /// Sends what it is given to a server (`mail`, `sendmail`, `openssl s_client`): the
    /// exfiltration pack follows it; the network policy reads no host from its words.
    Sender,
}

/// One program.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Program {
    /// The basename, lower case (`python` also stands for `python3`, `python3.12`).
    pub(crate) name: &'static str,
    /// What it is.
    pub(crate) classes: &'static [Class],
    /// Its options.
    pub(crate) options: &'static Spec,
    /// For a program whose options end at one of them (`python -m MODULE ARGS`): its option
    /// grammar, whose spec is [`Program::options`]; the words after the ending option are
    /// what it runs, not its options.
    pub(crate) grammar: Option<&'static Grammar>,
    /// Where its destinations are, if it reaches any.
    pub(crate) destinations: Option<Destinations>,
    /// Version suffixes are the same program (`python3.12`, `perl5.36`, `lua5.4`).
    pub(crate) versioned: bool,
    /// Long options are written with one dash (Go's `flag` package: `terraform
    /// -chdir=DIR destroy -auto-approve`); the option reader reads `-name` as `--name`.
    pub(crate) single_dash_long: bool,
}

/// The row of a program basename: a row in capitals matches only as written (`GET`), any
/// other ignoring case; `python3.12` finds `python`.
pub(crate) fn lookup(name: &str) -> Option<&'static Program> {
    // One command asks for its program's row a dozen times (options, destinations, writes,
    // packs): the last answer is kept, by the name's text.
    LAST_LOOKUP.with_borrow_mut(|(last, row)| {
        if last.as_str() != name {
            *row = lookup_in_table(name);
            last.clear();
            last.push_str(name);
        }
        *row
    })
}

thread_local! {
    /// The last name [`lookup`] was asked for and its row (`""` has none).
    static LAST_LOOKUP: RefCell<(String, Option<&'static Program>)> =
        const { RefCell::new((String::new(), None)) };
}

/// [`lookup`] in the table itself.
fn lookup_in_table(name: &str) -> Option<&'static Program> {
    // A row in capitals matches only as written; a lower-case row matches the name folded
    // to lower case. When both exist (`HEAD`, `head`) the earlier row wins.
    let as_written = BY_NAME.get(name).copied();
    let folded = if name.bytes().any(|b| b.is_ascii_uppercase()) {
        BY_NAME
            .get(name.to_ascii_lowercase().as_str())
            .copied()
            .filter(|(_, p)| !is_capitals(p.name))
    } else {
        None
    };
    let exact = match (as_written, folded) {
        (Some(a), Some(f)) => Some(if a.0 <= f.0 { a } else { f }),
        (a, f) => a.or(f),
    };
    if let Some((_, p)) = exact {
        return Some(p);
    }
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    if base.len() == name.len() || base.is_empty() {
        return None;
    }
    BY_NAME
        .get(base.to_ascii_lowercase().as_str())
        .map(|(_, p)| *p)
        .filter(|p| p.versioned && !is_capitals(p.name))
}

/// The table's rows by name as written (names are unique, lower case or capitals), with
/// their place in the table: the lookup runs for every word that may name a program,
/// several times per command, so it is a hash lookup rather than a scan of the table; the
/// keys borrow the table's names, so building it costs the hook no allocation per row.
static BY_NAME: LazyLock<HashMap<&'static str, (usize, &'static Program), NameHash>> =
    LazyLock::new(|| {
        let mut rows = HashMap::with_capacity_and_hasher(PROGRAMS.len(), NameHash);
        for (i, p) in PROGRAMS.iter().enumerate() {
            rows.entry(p.name).or_insert((i, p));
        }
        rows
    });

/// FNV-1a over a program name's bytes: names are a few bytes long and come from a fixed
/// table, so a short multiplicative hash beats the default DoS-resistant one (an input
/// name can only miss the table, never grow it).
#[derive(Default, Clone, Copy)]
struct NameHash;

impl std::hash::BuildHasher for NameHash {
    type Hasher = NameHasher;
    fn build_hasher(&self) -> NameHasher {
        NameHasher(FNV_OFFSET)
    }
}

/// The state of [`NameHash`].
struct NameHasher(u64);

impl std::hash::Hasher for NameHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0 = fnv1a(self.0, bytes.iter().copied());
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

fn fnv1a(mut state: u64, bytes: impl Iterator<Item = u8>) -> u64 {
    for b in bytes {
        state = (state ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    state
}

/// A hash of a program name ignoring ASCII case, without copying it (for indexes whose
/// entries are confirmed by a comparison afterwards: equal names ignoring case hash alike).
pub(crate) fn folded_name_hash(name: &str) -> u64 {
    fnv1a(FNV_OFFSET, name.bytes().map(|b| b.to_ascii_lowercase()))
}

/// Whether a row's name is written in capitals (`GET`): such names are case-sensitive.
fn is_capitals(name: &str) -> bool {
    name.bytes().any(|b| b.is_ascii_uppercase())
}

/// Whether the program `name` (a basename) belongs to `class`.
pub(crate) fn in_class(name: &str, class: Class) -> bool {
    lookup(name).is_some_and(|p| p.classes.contains(&class))
}

/// Whether the program writes long options with one dash (see [`Program::single_dash_long`]).
pub(crate) fn single_dash_long(name: &str) -> bool {
    lookup(name).is_some_and(|p| p.single_dash_long)
}

/// The table's name for a program basename, for destinations and reasons.
pub(crate) fn table_name(name: &str) -> Option<&'static str> {
    lookup(name).map(|p| p.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Class::*;

    #[test]
    fn names_are_unique_and_lower_case() {
        for (i, p) in PROGRAMS.iter().enumerate() {
            let case =
                p.name == p.name.to_ascii_lowercase() || p.name == p.name.to_ascii_uppercase();
            assert!(case, "{} mixes cases", p.name);
            assert!(!p.classes.is_empty(), "{} has no class", p.name);
            assert!(
                PROGRAMS[i + 1..].iter().all(|o| o.name != p.name),
                "{} has two rows",
                p.name
            );
        }
    }

    /// The table scan the sorted index replaces, as the specification of [`lookup`].
    fn lookup_by_scan(name: &str) -> Option<&'static Program> {
        let exact = PROGRAMS.iter().find(|p| {
            p.name == name || (!is_capitals(p.name) && p.name.eq_ignore_ascii_case(name))
        });
        if exact.is_some() {
            return exact;
        }
        let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
        if base.len() == name.len() || base.is_empty() {
            return None;
        }
        PROGRAMS
            .iter()
            .find(|p| p.versioned && !is_capitals(p.name) && p.name.eq_ignore_ascii_case(base))
    }

    #[test]
    fn the_index_finds_what_a_scan_of_the_table_finds() {
        let mut names: Vec<String> = Vec::new();
        for p in PROGRAMS {
            for n in [
                p.name.to_string(),
                p.name.to_ascii_uppercase(),
                p.name.to_ascii_lowercase(),
                format!("{}3", p.name),
                format!("{}3.12", p.name),
                format!("{}x", p.name),
                p.name[..p.name.len() - 1].to_string(),
            ] {
                names.push(n);
            }
        }
        names.extend(
            [
                "", "3", ".", "Python3", "GET", "get", "Get", "zzzz", "a\u{e9}",
            ]
            .map(String::from),
        );
        for n in &names {
            let by_index = lookup(n).map(|p| p.name);
            assert_eq!(by_index, lookup_by_scan(n).map(|p| p.name), "{n:?}");
        }
        // The remembered last answer: each name asked twice in a row, then after another
        // (a repeat, a name with a row after one without, and the reverse).
        for pair in names.windows(2) {
            for n in [&pair[0], &pair[0], &pair[1], &pair[0]] {
                assert_eq!(
                    lookup(n).map(|p| p.name),
                    lookup_by_scan(n).map(|p| p.name),
                    "{n:?} after {pair:?}"
                );
            }
        }
        assert_eq!(lookup("python3.12").map(|p| p.name), Some("python"));
        assert_eq!(lookup("CURL").map(|p| p.name), Some("curl"));
        assert!(lookup("get").is_none_or(|p| p.name != "GET"));
    }

    #[test]
    fn downloaders_and_network_clients_have_a_destination_handler() {
        for p in PROGRAMS {
            if p.classes.contains(&Downloader) || p.classes.contains(&NetworkClient) {
                assert!(
                    p.destinations.is_some(),
                    "{} reaches hosts but has no handler",
                    p.name
                );
            }
        }
    }

    #[test]
    fn a_row_with_a_grammar_reads_with_it() {
        let mut rows = 0;
        for p in PROGRAMS {
            let Some(grammar) = p.grammar else { continue };
            rows += 1;
            assert!(std::ptr::eq(p.options, &grammar.spec), "{}", p.name);
            assert!(
                !grammar.ends.is_empty(),
                "{}: nothing ends its options",
                p.name
            );
            // The walker reads the same interpreter with the same grammar.
            let walked = crate::knowledge::specs::launchers::interpreter_for(p.name);
            assert_eq!(walked.grammar.ends, grammar.ends, "{}", p.name);
            assert_eq!(walked.grammar.spec.short_val, grammar.spec.short_val);
        }
        assert!(rows >= 2, "python and pypy");
    }

    #[test]
    fn every_option_a_handler_reads_is_in_the_spec() {
        for p in PROGRAMS {
            let Some(d) = p.destinations else { continue };
            for name in d.reads() {
                assert!(
                    p.options.takes_value(name)
                        || name
                            .strip_prefix("--")
                            .is_some_and(|l| p.options.long_flags.contains(&l)),
                    "{}: its handler reads {name}, which its spec does not know",
                    p.name
                );
            }
        }
    }

    #[test]
    fn every_program_named_in_another_table_has_a_row() {
        for w in crate::knowledge::wrappers::WRAPPERS {
            assert!(in_class(w.name, Wrapper), "wrapper {} has no row", w.name);
        }
        for t in crate::knowledge::terminals::TERMINALS {
            assert!(in_class(t.name, Wrapper), "terminal {} has no row", t.name);
        }
        for name in crate::knowledge::runners::runner_names() {
            assert!(in_class(name, Runner), "runner {name} has no row");
        }
    }

    #[test]
    fn versions_find_their_program() {
        assert_eq!(table_name("python3.12"), Some("python"));
        assert_eq!(table_name("PYTHON3"), Some("python"));
        assert_eq!(table_name("wget2"), Some("wget2"));
        assert_eq!(table_name("curl2"), None);
        assert!(in_class("GET", Downloader));
        assert!(!in_class("get", Downloader));
        assert!(in_class("head", Reader) && in_class("HEAD", Downloader));
    }
}
