//! Trying the matchers on an analysis: the matchers indexed by program, and the walk over
//! the commands that reports the pack rules that match, in catalog order.

use std::cell::OnceCell;
use std::collections::HashMap;
use std::sync::LazyLock;

use crate::knowledge::name_shapes::NameFilter;
use crate::knowledge::programs::table_name;
use crate::knowledge::specs::Spec;
use crate::model::{CommandAnalysis, CommandContext};

use super::{FAMILIES, Matcher, PackMatch, Seen, View, all_matchers};

/// The matchers of each program, and those of every program.
pub(super) struct Index {
    pub(super) by_program: HashMap<&'static str, Vec<&'static Matcher>>,
    pub(super) any_program: Vec<&'static Matcher>,
}

/// A filter of every program a matcher names. A command whose program (as written and as
/// the table names it) none can be, and that writes no file, has no candidate: most commands
/// are passed over without the index, which a one-call process (the hook) then never builds.
const PROGRAM_FILTER: NameFilter = {
    let mut filter = NameFilter::EMPTY;
    let mut f = 0;
    while f < FAMILIES.len() {
        let mut m = 0;
        while m < FAMILIES[f].len() {
            let mut p = 0;
            while p < FAMILIES[f][m].programs.len() {
                filter = filter.with(FAMILIES[f][m].programs[p]);
                p += 1;
            }
            m += 1;
        }
        f += 1;
    }
    filter
};

pub(super) static INDEX: LazyLock<Index> = LazyLock::new(|| {
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

/// The pack rules that match some command of `analysis`, each once, in catalog order.
/// Whether a match denies, asks or does nothing is the policy's (`commands.packs`).
pub fn evaluate_packs(analysis: &CommandAnalysis, cx: &CommandContext) -> Vec<PackMatch> {
    evaluate_packs_with(analysis, cx, true)
}

/// [`evaluate_packs`], with or without [`Matcher::may_match`] asked before a matcher's view
/// is read (without: the full way, for the test that both agree).
pub(super) fn evaluate_packs_with(
    analysis: &CommandAnalysis,
    cx: &CommandContext,
    precheck: bool,
) -> Vec<PackMatch> {
    let mut hits: Vec<&'static str> = Vec::new();
    let pipes = OnceCell::new();
    let terminal = OnceCell::new();
    for (i, cmd) in analysis.commands.iter().enumerate() {
        let program = cmd.program_lower();
        // `python3.12` is the table's `python`: the matchers of the name as written and those
        // of its table name both apply (a matcher may name `python3` while another names
        // `python`).
        let named_as = table_name(&program).filter(|name| *name != &*program);
        let may_be_named = PROGRAM_FILTER.may_hold(&program)
            || named_as.is_some_and(|name| PROGRAM_FILTER.may_hold(name));
        if !may_be_named && cmd.writes.is_empty() {
            continue;
        }
        let index = &*INDEX;
        let exact = index.by_program.get(&*program);
        let named = named_as.and_then(|name| index.by_program.get(name));
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
                terminal: &terminal,
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
