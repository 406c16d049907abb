//! Schedulers and service managers: crontabs, systemd units, launchd jobs.

use super::{PersistenceClass, PersistenceInfo, file, tree};
use crate::path_class::pattern::Anchor::{Home, Root};

pub(super) const CRONTAB: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::Crontab,
    name: "crontab",
    describe: "a crontab",
    effect: "plants code that runs later",
    patterns: &[
        tree(Root, &["var", "spool", "cron"]),
        file(Root, &["etc", "crontab"]),
        file(Root, &["etc", "anacrontab"]),
        tree(Root, &["etc", "cron.d"]),
        tree(Root, &["etc", "cron.hourly"]),
        tree(Root, &["etc", "cron.daily"]),
        tree(Root, &["etc", "cron.weekly"]),
        tree(Root, &["etc", "cron.monthly"]),
        tree(Root, &["usr", "lib", "cron", "tabs"]),
    ],
};

pub(super) const SYSTEMD_UNIT: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::SystemdUnit,
    name: "systemd_unit",
    describe: "a systemd unit",
    effect: "plants code that runs later",
    patterns: &[
        tree(Home, &[".config", "systemd"]),
        tree(Home, &[".local", "share", "systemd"]),
        tree(Root, &["etc", "systemd"]),
        tree(Root, &["usr", "lib", "systemd", "system"]),
        tree(Root, &["usr", "lib", "systemd", "user"]),
        tree(Root, &["lib", "systemd", "system"]),
    ],
};

pub(super) const LAUNCH_AGENT: PersistenceInfo = PersistenceInfo {
    class: PersistenceClass::LaunchAgent,
    name: "launch_agent",
    describe: "a launchd agent or daemon",
    effect: "plants code that runs later",
    patterns: &[
        tree(Home, &["library", "launchagents"]),
        tree(Root, &["library", "launchagents"]),
        tree(Root, &["library", "launchdaemons"]),
    ],
};
