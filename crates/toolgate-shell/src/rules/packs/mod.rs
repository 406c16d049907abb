//! The rule packs' command matchers: how each rule of the catalog
//! (`toolgate_core::packs`) matches a parsed command, keyed by the catalog's rule ids.
//!
//! A matcher is data: the programs, the subcommand path after the program's global options
//! (`kubectl --context CTX delete ns`, `terraform -chdir=DIR destroy`, `aws --profile P s3
//! rm`), options that must, may or must not be given, and a pattern over the operands after
//! the path. Conditions a table cannot say are a [`Check`], written in the pack's own file.
//! Arguments are read by the one option reader with the program's option spec (knowledge
//! layer), so option values are never taken for path words or operands.
//!
//! The matchers say only whether a rule matches; what a match answers (deny, review, or
//! nothing when its pack is off) is the policy's (`commands.packs`), applied by the engine.
//! A command whose program no matcher names walks no pack.

mod backups;
mod cloud;
mod clusters;
mod containers;
mod databases;
pub(crate) mod exfiltration;
mod host;
mod hosting;
mod iac;
mod messaging;
mod persistence;
mod requests;
mod secrets;

use std::cell::OnceCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Serialize;

use crate::knowledge::programs::{lookup, single_dash_long, table_name};
use crate::knowledge::specs::{NONE, Spec};
use crate::model::{CommandAnalysis, CommandContext, SimpleCommand};
use crate::options::{
    Grammar, Opt, args_of, read_grammar, read_launcher, read_permuted, with_two_dashes,
};
use crate::rules::glob_match_ci;

pub use exfiltration::{SECRET_UPLOAD, SecretFlow, secret_flows};
pub use host::{CREDENTIAL_LOSS, loses_credentials};
pub use persistence::{PERSIST_WRITE, planted_files};

/// A pack rule that matched a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PackMatch {
    /// The pack's name (`iac`).
    pub pack: &'static str,
    /// The rule's id (`TG-IAC-DESTROY`).
    pub rule_id: &'static str,
}

/// The words that may stand at one place (globs with `*` and `?`, compared ignoring case), or
/// the spellings of one option (`-f`, `--force`; long options as `--name` also for programs
/// that write them with one dash).
pub(crate) type Words = &'static [&'static str];

/// A condition on the operands after the subcommand path.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Operands {
    /// None.
    Any,
    /// At least one operand.
    Present,
    /// Exactly this many operands.
    Exactly(usize),
    /// Some operand is one of these words.
    Some(Words),
    /// Some operand is one of these package names (`libc6:amd64`, `bash=5.2` name `libc6`,
    /// `bash`).
    Packages(Words),
    /// The first operand names resources of one of these kinds: `ns`, `ns/prod`,
    /// `pod,svc`, `crd.apiextensions.k8s.io/x`.
    Kinds(Words),
}

/// Conditions too specific for a table, each written in its pack's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    /// `docker rm` of every container: `$(docker ps -aq)`, `docker ps -aq | xargs docker rm`.
    EveryContainer,
    /// `kill` of process -1 (every process the user may signal) or of init (process 1).
    KillEveryProcess,
    /// `chattr` changing an attribute (`+i`, `-i`, `=a`; read from the words, as `-i` is
    /// no option there).
    ChattrAttributes,
    /// `ssh-keygen` generating a key over an existing SSH key.
    SshKeyOverwrite,
    /// No `--when cancel` (systemctl's cancel of a scheduled shutdown).
    NotCancel,
    /// The command reads its stdin from a pipeline (`… | crontab`).
    FedByPipe,
    /// An operand names a shell history file (`rm ~/.bash_history`).
    HistoryOperand,
    /// Output is redirected to a shell history file (`> ~/.bash_history`), by any program.
    HistoryWrite,
    /// The statements or commands a database client is given lose data of a kind this rule
    /// (its id) stops (`databases::LOSSES`).
    Loses(&'static str),
    /// redis-cli deleting keys that a full listing feeds it (`redis-cli KEYS '*' | xargs
    /// redis-cli DEL`).
    EveryRedisKey,
    /// A shell reads its commands from, or writes its output to, a network connection.
    ShellOnSocket,
    /// netcat runs a shell on its connection (`-e`, `--exec`, `-c`, `--sh-exec`).
    NetcatRunsShell,
    /// socat joins a shell (`EXEC:`, `SYSTEM:`) to a network address.
    SocatRunsShell,
    /// Inline interpreter code wires a shell to a socket.
    InlineReverseShell,
    /// gawk runs commands read from a network special file.
    AwkSocketShell,
    /// A file server on every interface serving a home or credential directory.
    PublicServer,
    /// `git config KEY VALUE` storing a key whose value git runs as a program.
    GitConfigProgram,
    /// `aws s3 sync` whose destination is a bucket (`s3://…`) or only known at run time.
    SyncIntoBucket,
    /// `gh api` whose method (`-X`, `--method`) is DELETE.
    ApiDelete,
    /// An HTTP request that deletes a search engine's indices or documents.
    SearchDataDelete,
    /// An HTTP request that deletes a code host's or hosting provider's resource.
    ProviderApiDelete,
    /// The Jenkins CLI run with a command that deletes.
    JenkinsCliDelete,
    /// The command puts content into a file matching one of these globs (`*` crosses `/`):
    /// by a redirect, `tee`, or a copy's destination.
    ContentInto(Words),
    /// The command writes a kernel setting or control file (`/proc/sys`, `/sys`).
    KernelFileWrite,
    /// An account gets an expiry date (`usermod -e DATE`, `chage -E DATE`).
    ExpiresAccount,
    /// The last of these options is given with one of these values (ignoring case).
    AlsoValue(Words, Words),
    /// One of these options is given too (besides the matcher's `any`).
    AlsoAny(Words),
    /// A cloud CLI's operation deletes what this names (`knowledge::cloud_clis`).
    CloudDelete(cloud::CloudDeletes),
}

/// One way a pack rule matches. Every condition given must hold.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Matcher {
    /// The catalog's rule id.
    pub(crate) rule: &'static str,
    /// Program basenames (lower case). Empty: every program whose output is redirected to
    /// a file (the matcher's [`Check`] judges those writes).
    pub(crate) programs: Words,
    /// The subcommand path: the first operands, each one of its words.
    pub(crate) path: &'static [Words],
    /// How the arguments after the global options are read; `None`: the program's spec.
    pub(crate) spec: Option<&'static Spec>,
    /// Options of which one must be given (any spelling).
    pub(crate) any: Words,
    /// Options none of which may be given.
    pub(crate) none: Words,
    /// The operands after the path.
    pub(crate) operands: Operands,
    /// A condition in code.
    pub(crate) check: Option<Check>,
    /// A fallback: it applies only when no other matcher matched the same command (a
    /// catch-all behind the rules that name what a command deletes more precisely).
    pub(crate) fallback: bool,
}

impl Matcher {
    /// A matcher of `rule` for `programs` with the subcommand path `path` and no other
    /// condition.
    pub(crate) const fn new(
        rule: &'static str,
        programs: Words,
        path: &'static [Words],
    ) -> Matcher {
        Matcher {
            rule,
            programs,
            path,
            spec: None,
            any: &[],
            none: &[],
            operands: Operands::Any,
            check: None,
            fallback: false,
        }
    }

    /// A fallback: it applies only when no other matcher matched the same command.
    pub(crate) const fn fallback(mut self) -> Matcher {
        self.fallback = true;
        self
    }

    /// Arguments after the global options are read with `spec`.
    pub(crate) const fn spec(mut self, spec: &'static Spec) -> Matcher {
        self.spec = Some(spec);
        self
    }

    /// Options of which one must be given.
    pub(crate) const fn any(mut self, options: Words) -> Matcher {
        self.any = options;
        self
    }

    /// Options none of which may be given.
    pub(crate) const fn none(mut self, options: Words) -> Matcher {
        self.none = options;
        self
    }

    /// The condition on the operands after the path.
    pub(crate) const fn operands(mut self, operands: Operands) -> Matcher {
        self.operands = operands;
        self
    }

    /// A condition in code.
    pub(crate) const fn check(mut self, check: Check) -> Matcher {
        self.check = Some(check);
        self
    }
}

/// Every matcher, by pack family.
const FAMILIES: &[&[Matcher]] = &[
    cloud::MATCHERS,
    iac::MATCHERS,
    clusters::MATCHERS,
    containers::MATCHERS,
    host::MATCHERS,
    hosting::MATCHERS,
    secrets::MATCHERS,
    messaging::MATCHERS,
    backups::MATCHERS,
    databases::MATCHERS,
    exfiltration::MATCHERS,
    persistence::MATCHERS,
];

/// The packs whose rules have command matchers here (the others are matched elsewhere or
/// not yet).
pub const PACKS_WITH_COMMAND_MATCHERS: &[&str] = &[
    "cloud",
    "iac",
    "clusters",
    "containers",
    "host",
    "hosting",
    "secrets",
    "messaging",
    "backups",
    "databases",
    "exfiltration",
    "persistence",
];

/// Pack rules whose matches the policy weighs, so the engine reports them from facts this
/// crate gives: secret flows ([`secret_flows`], against `exfiltration.allow`) and the files
/// commands write ([`planted_files`], against `persistence:`).
pub const RULES_MATCHED_BY_THE_ENGINE: &[&str] = &[SECRET_UPLOAD, PERSIST_WRITE, CREDENTIAL_LOSS];

fn all_matchers() -> impl Iterator<Item = &'static Matcher> {
    FAMILIES.iter().flat_map(|f| f.iter())
}

/// The matchers of each program, and those of every program.
struct Index {
    by_program: HashMap<&'static str, Vec<&'static Matcher>>,
    any_program: Vec<&'static Matcher>,
}

static INDEX: LazyLock<Index> = LazyLock::new(|| {
    let mut index = Index {
        by_program: HashMap::new(),
        any_program: Vec::new(),
    };
    for m in all_matchers() {
        if m.programs.is_empty() {
            index.any_program.push(m);
        }
        for p in m.programs {
            index.by_program.entry(p).or_default().push(m);
        }
    }
    index
});

/// A command's arguments as one matcher reads them: its options (global ones included) and
/// the indices of its operands (the subcommand path first).
pub(crate) struct View {
    /// The arguments (long options with two dashes for one-dash programs).
    args: Vec<crate::model::Arg>,
    /// Every option, in order.
    pub(crate) opts: Vec<Opt>,
    /// Indices into `args` of the operands, in order.
    operands: Vec<usize>,
}

impl View {
    /// Reads `cmd`: global options with the program's spec up to the first operand, the rest
    /// with `rest` (options may follow operands).
    pub(crate) fn read(cmd: &SimpleCommand, rest: Option<&Spec>) -> View {
        let program = cmd.program_lower();
        let row = lookup(&program);
        let global = row.map_or(&NONE, |p| p.options);
        let mut args = args_of(cmd, 0);
        if single_dash_long(&program) {
            args = with_two_dashes(args);
        }
        if let Some(grammar) = row.and_then(|p| p.grammar) {
            let read = read_launcher(&args, grammar, rest.unwrap_or(&NONE));
            return View {
                args,
                opts: read.opts.into_iter().map(|(_, o)| o).collect(),
                operands: read.operands,
            };
        }
        let own = read_grammar(&args, 0, &Grammar::plain(*global));
        let (mut opts, end) = (own.opts, own.end);
        let operands = if own.dashdash {
            (end..args.len()).collect()
        } else {
            let (more, operands) = read_permuted(&args, end, rest.unwrap_or(global));
            opts.extend(more);
            operands
        };
        View {
            args,
            opts,
            operands,
        }
    }

    /// Whether an option spelled as one of `names` is given (`--x=false` is not).
    pub(crate) fn has(&self, names: &[&str]) -> bool {
        self.opts.iter().any(|o| {
            names.contains(&&*o.name)
                && !o
                    .value
                    .as_deref()
                    .is_some_and(|v| v.eq_ignore_ascii_case("false"))
        })
    }

    /// The value of the last option spelled as one of `names`.
    pub(crate) fn value(&self, names: &[&str]) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|o| names.contains(&&*o.name))
            .and_then(|o| o.value.as_deref())
    }

    /// The operands, as text.
    pub(crate) fn operands(&self) -> impl Iterator<Item = &str> {
        self.operands.iter().map(|&i| self.args[i].text.as_str())
    }

    /// Whether operand `n` is only known at run time.
    pub(crate) fn operand_dynamic(&self, n: usize) -> bool {
        self.operands.get(n).is_some_and(|&i| self.args[i].dynamic)
    }

    /// The operands after the first `skip`, as text.
    fn operands_after(&self, skip: usize) -> Vec<&str> {
        self.operands().skip(skip).collect()
    }

    /// Whether some operand is only known at run time.
    pub(crate) fn any_operand_dynamic(&self) -> bool {
        self.operands.iter().any(|&i| self.args[i].dynamic)
    }

    /// The subcommand path: the operands up to the first only known at run time.
    fn path_matches(&self, path: &[Words]) -> bool {
        path.iter().enumerate().all(|(n, step)| {
            !self.operand_dynamic(n)
                && self
                    .operands()
                    .nth(n)
                    .is_some_and(|w| step.iter().any(|g| glob_match_ci(g, w)))
        })
    }
}

/// What a [`Check`] may look at.
pub(crate) struct Seen<'a> {
    /// The command.
    pub(crate) cmd: &'a SimpleCommand,
    /// Its arguments as the matcher read them.
    pub(crate) view: &'a View,
    /// The whole analysis (pipelines, substitutions).
    pub(crate) analysis: &'a CommandAnalysis,
    /// The command's index in `analysis.commands`.
    pub(crate) index: usize,
    /// Where the command runs.
    pub(crate) cx: &'a CommandContext<'a>,
    /// What the analysis's pipes connect, computed on first use.
    pub(crate) pipes: &'a OnceCell<exfiltration::PipeFacts>,
    /// The destinations the command reaches, read on first use (`requests`).
    pub(crate) requests: &'a OnceCell<Vec<crate::model::Destination>>,
}

impl Check {
    fn holds(self, seen: &Seen<'_>) -> bool {
        match self {
            Check::EveryContainer => containers::every_container(seen),
            Check::KillEveryProcess => host::kills_every_process(seen.cmd),
            Check::ChattrAttributes => host::changes_attributes(seen.cmd),
            Check::SshKeyOverwrite => host::overwrites_ssh_key(seen),
            Check::NotCancel => host::not_a_cancel(seen),
            Check::FedByPipe => host::fed_by_pipe(seen),
            Check::HistoryOperand => seen
                .view
                .operands()
                .any(crate::knowledge::history::is_shell_history),
            Check::HistoryWrite => seen
                .cmd
                .writes
                .iter()
                .any(|w| crate::knowledge::history::is_shell_history(w)),
            Check::EveryRedisKey => databases::deletes_every_key(seen),
            Check::SyncIntoBucket => cloud::syncs_into_bucket(seen.view),
            Check::ApiDelete => hosting::api_deletes(seen.view),
            Check::SearchDataDelete => databases::deletes_search_data(seen),
            Check::ProviderApiDelete => hosting::deletes_provider_resource(seen),
            Check::JenkinsCliDelete => hosting::jenkins_cli_deletes(seen.view),
            Check::AlsoAny(options) => seen.view.has(options),
            Check::AlsoValue(options, values) => seen
                .view
                .value(options)
                .is_some_and(|v| values.iter().any(|w| w.eq_ignore_ascii_case(v))),
            Check::ContentInto(paths) => host::content_into(seen.cmd, paths),
            Check::KernelFileWrite => host::writes_kernel_file(seen.cmd),
            Check::ExpiresAccount => host::expires_account(seen.view),
            Check::CloudDelete(kind) => {
                cloud::cloud_deletes(&seen.cmd.program_lower(), seen.view, kind)
            }
            Check::Loses(rule) => {
                let stops = databases::losses_of(rule);
                seen.cmd.data_losses.iter().any(|l| stops.contains(l))
            }
            Check::ShellOnSocket => exfiltration::shell_on_socket(seen),
            Check::NetcatRunsShell => exfiltration::netcat_runs_shell(seen),
            Check::SocatRunsShell => exfiltration::socat_runs_shell(seen),
            Check::InlineReverseShell => exfiltration::inline_reverse_shell(seen.cmd),
            Check::AwkSocketShell => exfiltration::awk_socket_shell(seen.cmd),
            Check::PublicServer => exfiltration::public_server(seen),
            Check::GitConfigProgram => persistence::stores_program(seen.cmd),
        }
    }
}

fn package_name(word: &str) -> &str {
    word.split([':', '=']).next().unwrap_or(word)
}

impl Operands {
    fn hold(self, operands: &[&str]) -> bool {
        let any_of = |words: Words, w: &str| words.iter().any(|g| glob_match_ci(g, w));
        match self {
            Operands::Any => true,
            Operands::Present => !operands.is_empty(),
            Operands::Exactly(n) => operands.len() == n,
            Operands::Some(words) => operands.iter().any(|w| any_of(words, w)),
            Operands::Packages(words) => operands.iter().any(|w| any_of(words, package_name(w))),
            Operands::Kinds(words) => operands.first().is_some_and(|w| {
                w.split(',').any(|resource| {
                    let kind = resource.split('/').next().unwrap_or(resource);
                    let kind = kind.split('.').next().unwrap_or(kind);
                    any_of(words, kind)
                })
            }),
        }
    }
}

impl Matcher {
    /// False only when the matcher cannot match `cmd`, without reading its options: its
    /// first subcommand step is plain words (no glob, none starting with `-`) and no
    /// argument is one of them, or its check needs an operand that names a shell history
    /// file and no argument does. A view's operands are arguments (the one-dash rewrite only
    /// changes words that start with `-`, which no history file name does), and a plain step
    /// word matches only itself.
    fn may_match(&self, cmd: &SimpleCommand) -> bool {
        if self.check == Some(Check::HistoryOperand)
            && !cmd
                .args
                .iter()
                .any(|a| crate::knowledge::history::is_shell_history(a))
        {
            return false;
        }
        let Some(first) = self.path.first() else {
            return true;
        };
        first
            .iter()
            .any(|g| g.is_empty() || g.starts_with('-') || g.contains(['*', '?']))
            || cmd
                .args
                .iter()
                .any(|a| first.iter().any(|g| g.eq_ignore_ascii_case(a)))
    }

    fn matches(&self, seen: &Seen<'_>) -> bool {
        let view = seen.view;
        if !view.path_matches(self.path) {
            return false;
        }
        if !self.any.is_empty() && !view.has(self.any) {
            return false;
        }
        if view.has(self.none) {
            return false;
        }
        if !self.operands.hold(&view.operands_after(self.path.len())) {
            return false;
        }
        self.check.is_none_or(|c| c.holds(seen))
    }
}

/// The pack rules that match some command of `analysis`, each once, in catalog order.
/// Whether a match denies, asks or does nothing is the policy's (`commands.packs`).
pub fn evaluate_packs(analysis: &CommandAnalysis, cx: &CommandContext) -> Vec<PackMatch> {
    evaluate_packs_with(analysis, cx, true)
}

/// [`evaluate_packs`], with or without [`Matcher::may_match`] asked before a matcher's view
/// is read (without: the full way, for the test that both agree).
fn evaluate_packs_with(
    analysis: &CommandAnalysis,
    cx: &CommandContext,
    precheck: bool,
) -> Vec<PackMatch> {
    let index = &*INDEX;
    let mut hits: Vec<&'static str> = Vec::new();
    let pipes = OnceCell::new();
    for (i, cmd) in analysis.commands.iter().enumerate() {
        let program = cmd.program_lower();
        // `python3.12` is the table's `python`: the matchers of the name as written and those
        // of its table name both apply (a matcher may name `python3` while another names
        // `python`).
        let exact = index.by_program.get(&*program);
        let named = table_name(&program)
            .filter(|name| *name != &*program)
            .and_then(|name| index.by_program.get(name));
        let own = exact.into_iter().chain(named);
        let writers: &[&Matcher] = if cmd.writes.is_empty() {
            &[]
        } else {
            &index.any_program
        };
        let mut candidates: Vec<&&Matcher> = own
            .into_iter()
            .flatten()
            .chain(writers.iter())
            .filter(|m| !precheck || m.may_match(cmd))
            .collect();
        // A rule matched by an earlier command need not be matched again, unless a fallback
        // must know whether it matches this one. Fallbacks go last, to see what matched.
        if !candidates.iter().any(|m| m.fallback) {
            candidates.retain(|m| !hits.contains(&m.rule));
        }
        candidates.sort_by_key(|m| m.fallback);
        let mut views: Vec<(Option<*const Spec>, View)> = Vec::new();
        let requests = OnceCell::new();
        let mut matched_here = false;
        for m in candidates {
            if m.fallback && matched_here {
                continue;
            }
            let key = m.spec.map(|s| s as *const Spec);
            let at = match views.iter().position(|(k, _)| *k == key) {
                Some(at) => at,
                None => {
                    views.push((key, View::read(cmd, m.spec)));
                    views.len() - 1
                }
            };
            let seen = Seen {
                cmd,
                view: &views[at].1,
                analysis,
                index: i,
                cx,
                pipes: &pipes,
                requests: &requests,
            };
            if m.matches(&seen) {
                matched_here = true;
                if !hits.contains(&m.rule) {
                    hits.push(m.rule);
                }
            }
        }
    }
    if hits.is_empty() {
        // Nothing matched (nearly always): the catalog need not be walked.
        return Vec::new();
    }
    toolgate_core::packs::PACKS
        .iter()
        .flat_map(|p| {
            p.rules
                .iter()
                .filter(|r| hits.contains(&r.id))
                .map(|r| PackMatch {
                    pack: p.name,
                    rule_id: r.id,
                })
        })
        .collect()
}

#[cfg(test)]
use crate::{analyze, options::resolve_long};

#[cfg(test)]
mod tests;
