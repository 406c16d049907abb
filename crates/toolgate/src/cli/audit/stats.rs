//! `toolgate audit stats`.

use std::collections::BTreeMap;
use std::process::ExitCode;

use serde_json::json;

use super::{LogArgs, records, require_path};

#[derive(Default, Clone, Copy)]
struct Count {
    total: u64,
    denied: u64,
    asked: u64,
}

impl Count {
    fn add(&mut self, host: &str) {
        self.total += 1;
        match host {
            "deny" => self.denied += 1,
            "ask" => self.asked += 1,
            _ => {}
        }
    }
}

/// Runs `audit stats`.
pub fn run(args: &LogArgs, top: usize) -> ExitCode {
    let path = match require_path(args) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let (recs, unreadable) = match records(&path) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("toolgate audit: {e}");
            return ExitCode::from(1);
        }
    };
    let mut all = Count::default();
    let mut by_tool: BTreeMap<String, Count> = BTreeMap::new();
    let mut by_agent: BTreeMap<String, Count> = BTreeMap::new();
    let mut by_day: BTreeMap<String, Count> = BTreeMap::new();
    let mut rules: BTreeMap<String, u64> = BTreeMap::new();
    for (r, _) in &recs {
        // What the host received; a record without it counts by toolgate's decision.
        let host = r
            .host_answer
            .as_deref()
            .unwrap_or(match r.decision.as_str() {
                "deny" => "deny",
                "review" => "ask",
                _ => "none",
            });
        all.add(host);
        by_tool
            .entry(r.tool.clone().unwrap_or_else(|| r.target_type.clone()))
            .or_default()
            .add(host);
        by_agent
            .entry(r.agent.clone().unwrap_or_else(|| r.surface.clone()))
            .or_default()
            .add(host);
        by_day
            .entry(toolgate_audit::clock::day_of(&r.ts).to_string())
            .or_default()
            .add(host);
        for id in r.rule_ids.iter().chain(&r.warning_ids) {
            *rules.entry(id.clone()).or_default() += 1;
        }
    }
    let rate = |c: &Count| {
        if c.total == 0 {
            0.0
        } else {
            c.denied as f64 / c.total as f64
        }
    };
    let mut top_rules: Vec<(String, u64)> = rules.into_iter().collect();
    top_rules.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    top_rules.truncate(top);
    let sorted = |m: &BTreeMap<String, Count>| {
        let mut v: Vec<(String, Count)> = m.iter().map(|(k, c)| (k.clone(), *c)).collect();
        v.sort_by(|a, b| b.1.total.cmp(&a.1.total).then(a.0.cmp(&b.0)));
        v.truncate(top);
        v
    };
    if args.json {
        let table = |rows: Vec<(String, Count)>| {
            rows.into_iter()
                .map(|(k, c)| json!({"key": k, "total": c.total, "denied": c.denied, "asked": c.asked, "deny_rate": rate(&c)}))
                .collect::<Vec<_>>()
        };
        let mut days: Vec<(String, Count)> = by_day.iter().map(|(k, c)| (k.clone(), *c)).collect();
        days.reverse();
        days.truncate(top);
        println!(
            "{}",
            json!({
                "decisions": all.total, "denied": all.denied, "asked": all.asked,
                "deny_rate": rate(&all), "unreadable_lines": unreadable,
                "top_rules": top_rules.iter().map(|(k, n)| json!({"rule_id": k, "count": n})).collect::<Vec<_>>(),
                "by_tool": table(sorted(&by_tool)),
                "by_agent": table(sorted(&by_agent)),
                "by_day": table(days),
            })
        );
        return ExitCode::SUCCESS;
    }
    println!(
        "{} decisions: {} denied ({:.1}%), {} asked; {} unreadable line(s)",
        all.total,
        all.denied,
        rate(&all) * 100.0,
        all.asked,
        unreadable
    );
    println!("\ntop rules:");
    for (id, n) in &top_rules {
        println!("  {n:>8}  {id}");
    }
    for (title, rows) in [
        ("by tool", sorted(&by_tool)),
        ("by agent", sorted(&by_agent)),
    ] {
        println!("\n{title}:              total   denied   rate");
        for (k, c) in rows {
            println!(
                "  {k:<22} {:>6} {:>8} {:>5.1}%",
                c.total,
                c.denied,
                rate(&c) * 100.0
            );
        }
    }
    println!("\nby day (newest first):   total   denied   rate");
    for (k, c) in by_day.iter().rev().take(top) {
        println!(
            "  {k:<22} {:>6} {:>8} {:>5.1}%",
            c.total,
            c.denied,
            rate(c) * 100.0
        );
    }
    ExitCode::SUCCESS
}
