//! Option tables: which options take values, the long names of short flags, and which long
//! names a program accepts abbreviated. One [`Spec`] type serves every reader: wrappers,
//! flag normalisation, destinations and writes.

mod access;
mod agents;
mod cloud_sizes;
mod databases;
mod dev_tools;
mod files;
mod find;
mod git;
mod host;
mod infra;
pub(crate) mod launchers;
mod machines;
mod network_clients;
mod packages;
mod platforms;
mod remote;
mod remote_shells;
mod scanners;
mod services;
mod storage;
mod web;

pub(crate) use access::*;
pub(crate) use agents::*;
pub(crate) use cloud_sizes::*;
pub(crate) use databases::*;
pub(crate) use dev_tools::*;
pub(crate) use files::*;
pub(crate) use find::*;
pub(crate) use git::*;
pub(crate) use host::*;
pub(crate) use infra::*;
pub(crate) use machines::*;
pub(crate) use network_clients::*;
pub(crate) use packages::*;
pub(crate) use platforms::*;
pub(crate) use remote::*;
pub(crate) use remote_shells::*;
pub(crate) use scanners::*;
pub(crate) use services::*;
pub(crate) use storage::*;
pub(crate) use web::*;

/// How one program (or subcommand) spells its options.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Spec {
    /// Short options that take a value.
    pub(crate) short_val: &'static str,
    /// Long options that take a value (without `--`).
    pub(crate) long_val: &'static [&'static str],
    /// Long options without a value (without `--`), for resolving abbreviations.
    pub(crate) long_flags: &'static [&'static str],
    /// Short flag → normalised name.
    pub(crate) short: &'static [(char, &'static str)],
    /// Long alias → normalised name.
    pub(crate) long: &'static [(&'static str, &'static str)],
    /// The program accepts long options by unambiguous prefix (GNU `getopt_long`, git).
    pub(crate) abbreviate: bool,
}

impl Spec {
    /// A spec that only says which options take values.
    pub(crate) const fn values(short_val: &'static str, long_val: &'static [&'static str]) -> Spec {
        Spec {
            short_val,
            long_val,
            long_flags: &[],
            short: &[],
            long: &[],
            abbreviate: false,
        }
    }

    /// A spec with values and known flags (abbreviations resolve among them).
    pub(crate) const fn with_flags(
        short_val: &'static str,
        long_val: &'static [&'static str],
        long_flags: &'static [&'static str],
    ) -> Spec {
        Spec {
            short_val,
            long_val,
            long_flags,
            short: &[],
            long: &[],
            abbreviate: false,
        }
    }

    /// Whether the option `name` (`-p`, `--project`, as the reader spells it) is one this
    /// spec knows, `short_flags` being the program's short flags. A long option the spec
    /// does not know has a value only when written with it (`--odd=1`): `has_value` says it
    /// takes no word, so it is readable too.
    pub(crate) fn knows(&self, name: &str, has_value: bool, short_flags: &str) -> bool {
        match name.strip_prefix("--") {
            Some(long) => {
                self.long_val.contains(&long) || self.long_flags.contains(&long) || has_value
            }
            None => name.strip_prefix('-').is_some_and(|c| {
                c.chars().count() == 1
                    && (self.short_val.contains(c)
                        || short_flags.contains(c)
                        || self.short.iter().any(|(s, _)| c.starts_with(*s)))
            }),
        }
    }

    /// Whether `name` (`-x` or `--name`) is an option this spec knows to take a value.
    #[cfg(test)]
    pub(crate) fn takes_value(&self, name: &str) -> bool {
        match name.strip_prefix("--") {
            Some(long) => self.long_val.contains(&long),
            None => {
                let mut chars = name.strip_prefix('-').unwrap_or(name).chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => self.short_val.contains(c),
                    _ => false,
                }
            }
        }
    }
}

/// `base`'s option names, then `own`'s, as one array: a subcommand's spec built from its
/// program's global options ([`names_after`]). `N` is the sum of the lengths; a wrong one
/// fails when the constant is built.
pub(crate) const fn join_names<const N: usize>(
    base: &[&'static str],
    own: &[&'static str],
) -> [&'static str; N] {
    assert!(base.len() + own.len() == N);
    let mut out = [""; N];
    let mut i = 0;
    while i < base.len() {
        out[i] = base[i];
        i += 1;
    }
    let mut j = 0;
    while j < own.len() {
        out[i + j] = own[j];
        j += 1;
    }
    out
}

/// A subcommand's long options that take a value: its program's global ones (a constant
/// list), then its own, joined at compile time (`names_after!(AWS_GLOBAL_OPTIONS,
/// ["policy-arn"])`).
macro_rules! names_after {
    ($base:path, [$($name:literal),* $(,)?]) => {{
        const OWN: &[&str] = &[$($name),*];
        const ALL: [&str; $base.len() + OWN.len()] =
            $crate::knowledge::specs::join_names($base, OWN);
        &ALL
    }};
}
pub(crate) use names_after;

pub(crate) const NONE: Spec = Spec::values("", &[]);

pub(crate) const RM: Spec = Spec {
    short_val: "",
    long_val: &[],
    short: &[
        ('r', "recursive"),
        ('R', "recursive"),
        ('f', "force"),
        ('d', "dir"),
        ('i', "interactive"),
        ('I', "interactive"),
        ('v', "verbose"),
    ],
    long: &[],
    long_flags: &[
        "recursive",
        "force",
        "dir",
        "interactive",
        "verbose",
        "no-preserve-root",
        "preserve-root",
        "one-file-system",
        "help",
        "version",
    ],
    abbreviate: true,
};

/// rimraf (Node's `rm -rf`, run as `npx rimraf dist`): every delete is recursive and forced
/// ([`RECURSIVE_DELETERS`]); its options only choose how.
pub(crate) const RIMRAF: Spec = Spec::with_flags(
    "",
    &["impl"],
    &[
        "preserve-root",
        "no-preserve-root",
        "glob",
        "no-glob",
        "verbose",
        "interactive",
        "help",
    ],
);

/// Programs that delete whole trees whatever their options say, and the flags that stand for
/// that: the rules read `rimraf ~` as `rm -rf ~`.
pub(crate) const RECURSIVE_DELETERS: &[(&str, &[&str])] = &[("rimraf", &["recursive", "force"])];

pub(crate) const CHMOD: Spec = Spec {
    short_val: "",
    long_val: &[],
    short: &[
        ('R', "recursive"),
        ('f', "silent"),
        ('v', "verbose"),
        ('h', "no-dereference"),
    ],
    long: &[("quiet", "silent")],
    long_flags: &[
        "recursive",
        "silent",
        "quiet",
        "verbose",
        "changes",
        "no-dereference",
        "dereference",
        "no-preserve-root",
        "preserve-root",
        "reference",
        "from",
        "help",
        "version",
    ],
    abbreviate: true,
};
pub(crate) const CP: Spec = Spec {
    short_val: "tS",
    long_val: &["target-directory", "suffix"],
    short: &[
        ('r', "recursive"),
        ('R', "recursive"),
        ('a', "archive"),
        ('f', "force"),
        ('t', "target-directory"),
    ],
    long: &[],
    long_flags: &[
        "recursive",
        "archive",
        "force",
        "target-directory",
        "no-target-directory",
        "suffix",
        "backup",
        "interactive",
        "no-clobber",
        "update",
        "verbose",
        "symbolic",
        "link",
        "parents",
        "preserve",
        "no-preserve",
        "remove-destination",
        "dereference",
        "no-dereference",
        "strip-trailing-slashes",
        "exchange",
        "help",
        "version",
    ],
    abbreviate: true,
};
pub(crate) const SED: Spec = Spec {
    short_val: "efl",
    long_val: &["expression", "file", "line-length"],
    short: &[
        ('i', "in-place"),
        ('e', "expression"),
        ('f', "file"),
        ('n', "quiet"),
    ],
    long: &[],
    long_flags: &[
        "in-place",
        "expression",
        "file",
        "quiet",
        "silent",
        "regexp-extended",
        "separate",
        "null-data",
        "posix",
        "sandbox",
        "debug",
    ],
    abbreviate: true,
};
pub(crate) const TEE: Spec = Spec {
    short_val: "",
    long_val: &[],
    short: &[('a', "append")],
    long: &[],
    long_flags: &[],
    abbreviate: false,
};

/// truncate: `-s SIZE`, `-r FILE`.
pub(crate) const TRUNCATE: Spec = Spec::values("sr", &["size", "reference"]);

// git subcommands

/// The spec of a program: its row in the program table (none: no options known).
pub(crate) fn spec_for(program: &str) -> &'static Spec {
    crate::knowledge::programs::lookup(program).map_or(&NONE, |p| p.options)
}

/// perl's and ruby's short options that take a value (`-e CODE`): the code is no operand,
/// so `perl -pi -e 's/a/b/' f` edits only `f`.
/// Their other switches take no value or only one glued to them (`-l`, `-0777`, `-i.bak`,
/// `-Mstrict`): read as flags, the letters of a glued value count as flags too, so `-i` is
/// found inside `-lpi` (and, erring to an edit, inside `-MList::Util`).
pub(crate) const PERL: Spec = Spec {
    short: &[('i', "in-place")],
    ..Spec::values("eEI", &[])
};

/// badblocks: the options that take a value (`-b SIZE`, `-c BLOCKS`, `-o FILE`, `-t PATTERN`).
pub(crate) const BADBLOCKS: Spec = Spec::values("bcdeiopt", &[]);

/// shred's options.
pub(crate) const SHRED: Spec = Spec {
    short_val: "ns",
    long_val: &["iterations", "size", "random-source"],
    long_flags: &["remove", "zero", "force", "exact", "verbose"],
    short: &[
        ('u', "remove"),
        ('z', "zero"),
        ('f', "force"),
        ('v', "verbose"),
    ],
    long: &[],
    abbreviate: true,
};
