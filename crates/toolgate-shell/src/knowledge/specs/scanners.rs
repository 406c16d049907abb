//! Option specs of the port scanners (nmap, masscan, zmap) and how their targets are given
//! ([`SCANNERS`]): operands, options whose value is a target, and options that draw targets
//! from a file or at random.

use super::Spec;

/// The scanners' long options that take a value (ports, files, rates, interfaces, spoofed
/// sources, decoys, exclusions, and the targets of [`ScannerOptions::targets`] and
/// [`ScannerOptions::run_time`]). nmap and masscan also write `-iL FILE`, `-oX FILE` and
/// nmap `-sI ZOMBIE` as one-dash long options taking the next word.
const LONG_VALUES: &[&str] = &[
    "ports",
    "adapter",
    "source-ip",
    "source-port",
    "output-file",
    "output-filename",
    "exclude",
    "excludefile",
    "exclude-file",
    "blacklist-file",
    "blocklist-file",
    "script",
    "script-args",
    "script-args-file",
    "datadir",
    "servicedb",
    "versiondb",
    "stylesheet",
    "resume",
    "top-ports",
    "port-ratio",
    "min-rate",
    "max-rate",
    "rate",
    "max-retries",
    "retries",
    "host-timeout",
    "scan-delay",
    "max-scan-delay",
    "min-rtt-timeout",
    "max-rtt-timeout",
    "initial-rtt-timeout",
    "min-hostgroup",
    "max-hostgroup",
    "min-parallelism",
    "max-parallelism",
    "version-intensity",
    "data-length",
    "data",
    "data-string",
    "ttl",
    "mtu",
    "spoof-mac",
    "dns-servers",
    "adapter-ip",
    "adapter-mac",
    "router-mac",
    "router-ip",
    "conf",
    "seed",
    "shards",
    "shard",
    "max-targets",
    "bandwidth",
    "interface",
    "gateway-mac",
    "probe-module",
    "output-module",
    "output-fields",
    "wait",
    "cooldown-time",
    "range",
    "proxies",
    "proxy",
    "includefile",
    "allowlist-file",
    "whitelist-file",
    "list-of-ips-file",
    "iL",
    "iR",
    "oN",
    "oX",
    "oG",
    "oA",
    "oS",
    "oM",
    "oH",
    "oJ",
    "oL",
    "oB",
    "oD",
    "sI",
    "stats-every",
    "script-timeout",
    "exclude-ports",
    "ip-options",
    "max-os-tries",
];

/// The scanners' long options without a value that one-dash words may spell or abbreviate.
const LONG_FLAGS: &[&str] = &[
    "open",
    "reason",
    "traceroute",
    "iflist",
    "privileged",
    "unprivileged",
    "send-eth",
    "send-ip",
    "packet-trace",
    "version-all",
    "version-light",
    "version-trace",
    "osscan-limit",
    "osscan-guess",
    "system-dns",
    "append-output",
    "no-stylesheet",
    "webxml",
    "randomize-hosts",
    "script-trace",
    "script-updatedb",
    "noninteractive",
    "badsum",
    "readscan",
];

/// nmap's options (`getopt_long_only`: `-script` is `--script`): short options with a
/// value `-b -D -e -g -i -M -m -o -p -S -T`; `-d -O -P -s -v` take only a glued value
/// (`-sV`, `-Pn`, `-vv`).
pub(crate) const NMAP: Spec = Spec::with_flags("bDegiMmopST", LONG_VALUES, LONG_FLAGS);

/// masscan's options: `-p PORTS`, `-e ADAPTER`, `-c CONF`; `-sS`, `-Pn`, `-vv` are flags.
pub(crate) const MASSCAN: Spec = Spec::with_flags("pec", LONG_VALUES, LONG_FLAGS);

/// zmap's options (`getopt_long`): most short options take a value.
pub(crate) const ZMAP: Spec = Spec::with_flags("bBcefGiIMnoOpPrsSTw", LONG_VALUES, LONG_FLAGS);

/// How a scanner is read and where its targets are.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScannerOptions {
    /// The program.
    pub(crate) program: &'static str,
    /// Its option spec.
    pub(crate) spec: &'static Spec,
    /// It also writes long options with one dash.
    pub(crate) long_only: bool,
    /// Short options taking only a glued value (`-sV`), with the long name they are read as.
    pub(crate) glued: &'static [(char, &'static str)],
    /// Options whose value is one more target (masscan's `--range`, nmap's idle-scan zombie
    /// `-sI` and FTP bounce relay `-b`, nmap's proxies).
    pub(crate) targets: &'static [&'static str],
    /// Options that take targets from a file or at random: they are only known at run time.
    pub(crate) run_time: &'static [&'static str],
    /// Options with which it sends nothing (`masscan --readscan FILE…` converts a saved scan).
    pub(crate) no_scan: &'static [&'static str],
}

/// The scanners.
pub(crate) const SCANNERS: &[ScannerOptions] = &[
    ScannerOptions {
        program: "nmap",
        spec: &NMAP,
        long_only: true,
        glued: &[
            ('d', "debug-level"),
            ('O', "os-detection"),
            ('P', "ping-type"),
            ('s', "scan-type"),
            ('v', "verbosity"),
        ],
        targets: &["--sI", "-b", "--proxies", "--proxy"],
        // `-iLFILE` glued is `-i` with `LFILE`.
        run_time: &["--iL", "--iR", "-i"],
        no_scan: &[],
    },
    ScannerOptions {
        program: "masscan",
        spec: &MASSCAN,
        long_only: true,
        glued: &[
            ('d', "debug-level"),
            ('P', "ping-type"),
            ('s', "scan-type"),
            ('v', "verbosity"),
        ],
        targets: &["--range"],
        run_time: &["--iL", "--includefile"],
        no_scan: &["--readscan"],
    },
    ScannerOptions {
        program: "zmap",
        spec: &ZMAP,
        long_only: false,
        glued: &[],
        targets: &[],
        run_time: &[
            "-w",
            "-I",
            "--allowlist-file",
            "--whitelist-file",
            "--list-of-ips-file",
        ],
        no_scan: &[],
    },
];

/// The row of [`SCANNERS`] for `program`.
pub(crate) fn scanner_options(program: &str) -> Option<&'static ScannerOptions> {
    SCANNERS.iter().find(|s| s.program == program)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_option_read_is_declared() {
        for s in SCANNERS {
            for name in s.targets.iter().chain(s.run_time) {
                assert!(s.spec.takes_value(name), "{name} of {}", s.program);
            }
            for name in s.no_scan {
                let long = name.trim_start_matches('-');
                assert!(s.spec.long_flags.contains(&long), "{name}");
            }
            for (letter, _) in s.glued {
                assert!(
                    !s.spec.short_val.contains(*letter),
                    "{letter} of {}",
                    s.program
                );
            }
            assert!(crate::knowledge::programs::lookup(s.program).is_some());
        }
    }
}
