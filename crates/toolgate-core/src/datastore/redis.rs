//! Redis: a command given as `redis-cli` arguments, or lines of commands read from its stdin
//! (quoted as `redis-cli` splits them), and the Lua scripts of `EVAL` and `FUNCTION LOAD`.

use super::{DataLoss, DataScan, Unreadable};

/// Commands that delete every key, by upper-case name.
const FLUSH_COMMANDS: &[(&str, DataLoss)] = &[
    ("FLUSHALL", DataLoss::FlushAll),
    ("FLUSHDB", DataLoss::FlushDb),
];

/// Commands that make the server a replica of another (`REPLICAOF host port`): it drops
/// every key and loads the other server's data (`REPLICAOF NO ONE` only stops replicating).
const REPLICA_COMMANDS: &[&str] = &["REPLICAOF", "SLAVEOF"];

/// Settings of `CONFIG SET` that name where the server writes its files: the next save writes
/// a file of the client's choosing, with content the client set (an SSH key, a crontab).
const FILE_SETTINGS: &[&str] = &[
    "dir",
    "dbfilename",
    "logfile",
    "appendfilename",
    "appenddirname",
];

/// Commands whose argument is a Lua script run on the server.
const SCRIPT_COMMANDS: &[&str] = &["EVAL", "EVAL_RO", "FUNCTION"];

/// What one command (`words[0]` its name, ASCII case ignored) would do.
pub fn scan_command<S: AsRef<str>>(words: &[S]) -> DataScan {
    let mut out = DataScan::default();
    let Some(name) = words.first().map(AsRef::as_ref) else {
        return out;
    };
    if let Some((_, loss)) = FLUSH_COMMANDS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
    {
        out.add(*loss);
    }
    let stops_replicating = words.len() == 3
        && words[1].as_ref().eq_ignore_ascii_case("no")
        && words[2].as_ref().eq_ignore_ascii_case("one");
    if words.len() > 1
        && !stops_replicating
        && REPLICA_COMMANDS
            .iter()
            .any(|n| n.eq_ignore_ascii_case(name))
    {
        out.add(DataLoss::FlushAll);
    }
    // `CONFIG SET dir /x [dbfilename y …]`: any setting named among the pairs.
    let config_set = words.len() > 2
        && name.eq_ignore_ascii_case("config")
        && words[1].as_ref().eq_ignore_ascii_case("set");
    if config_set
        && words[2..].iter().any(|w| {
            FILE_SETTINGS
                .iter()
                .any(|s| s.eq_ignore_ascii_case(w.as_ref()))
        })
    {
        out.add(DataLoss::ServerFileRedirect);
    }
    if SCRIPT_COMMANDS.iter().any(|n| n.eq_ignore_ascii_case(name)) {
        // `EVAL script numkeys …`, `FUNCTION LOAD [REPLACE] code`: read every argument as Lua.
        for w in &words[1..] {
            out.merge(scan_lua(w.as_ref()));
        }
    }
    out
}

/// What the lines of `text` would do, each line one command split as `redis-cli` splits it.
pub fn scan_script(text: &str) -> DataScan {
    let mut out = DataScan::default();
    for line in text.lines() {
        match split_line(line) {
            Some(words) => out.merge(scan_command(&words)),
            None => out.unreadable(Unreadable::UnterminatedQuote),
        }
    }
    out
}

/// Splits one line into words as `redis-cli` does (`sdssplitargs`): blanks separate words,
/// `"…"` takes backslash escapes (`\n`, `\xHH`), `'…'` only `\'`. `None` for an open quote.
pub fn split_line(line: &str) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            return Some(words);
        }
        let mut word = String::new();
        while let Some(&c) = chars.peek() {
            if c.is_whitespace() {
                break;
            }
            chars.next();
            match c {
                '"' => loop {
                    match chars.next()? {
                        '"' => break,
                        '\\' => match chars.next()? {
                            'n' => word.push('\n'),
                            'r' => word.push('\r'),
                            't' => word.push('\t'),
                            'x' => {
                                let hex: String = chars.by_ref().take(2).collect();
                                let byte = u8::from_str_radix(&hex, 16).ok()?;
                                word.push(char::from(byte));
                            }
                            other => word.push(other),
                        },
                        other => word.push(other),
                    }
                },
                '\'' => loop {
                    match chars.next()? {
                        '\'' => break,
                        '\\' if chars.peek() == Some(&'\'') => {
                            chars.next();
                            word.push('\'');
                        }
                        other => word.push(other),
                    }
                },
                c => word.push(c),
            }
        }
        words.push(word);
    }
}

/// A Lua script: a flush command named anywhere in it is a loss, and a `redis.call` whose
/// command is not a string literal (or that is taken as a value) is unreadable.
fn scan_lua(script: &str) -> DataScan {
    let mut out = DataScan::default();
    let lower = script.to_ascii_lowercase();
    for (name, loss) in FLUSH_COMMANDS {
        if lower.contains(&name.to_ascii_lowercase()) {
            out.add(*loss);
        }
    }
    for call in ["redis.call", "redis.pcall"] {
        let mut from = 0;
        while let Some(at) = lower[from..].find(call) {
            let rest = lower[from + at + call.len()..].trim_start();
            let literal = rest
                .strip_prefix('(')
                .map(str::trim_start)
                .is_some_and(|r| r.starts_with(['\'', '"']));
            if !literal {
                out.unreadable(Unreadable::DynamicStatement);
            }
            from += at + call.len();
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flush_commands_in_any_case() {
        assert_eq!(scan_command(&["FLUSHALL"]).losses, [DataLoss::FlushAll]);
        // A replica drops its keys for the other server's.
        assert_eq!(
            scan_command(&["replicaof", "evil.example", "6379"]).losses,
            [DataLoss::FlushAll]
        );
        assert_eq!(
            scan_command(&["SLAVEOF", "10.0.0.1", "6379"]).losses,
            [DataLoss::FlushAll]
        );
        assert!(scan_command(&["REPLICAOF", "NO", "ONE"]).losses.is_empty());
        assert!(scan_command(&["REPLICAOF"]).losses.is_empty());
        assert_eq!(
            scan_command(&["flushall", "ASYNC"]).losses,
            [DataLoss::FlushAll]
        );
        assert_eq!(scan_command(&["FlushDb"]).losses, [DataLoss::FlushDb]);
        for ok in [
            &["GET", "k"][..],
            &["SET", "flushall", "1"],
            &["KEYS", "*"],
            &["INFO"],
            &[],
        ] {
            assert!(scan_command(ok).is_clean(), "{ok:?}");
        }
    }

    #[test]
    fn config_set_of_a_file_setting_redirects_the_server_file() {
        for redirect in [
            &["CONFIG", "SET", "dir", "/root/.ssh"][..],
            &["config", "set", "DBFILENAME", "authorized_keys"],
            &[
                "CONFIG",
                "SET",
                "maxmemory",
                "1mb",
                "logfile",
                "/etc/cron.d/x",
            ],
        ] {
            assert_eq!(
                scan_command(redirect).losses,
                [DataLoss::ServerFileRedirect],
                "{redirect:?}"
            );
        }
        for ok in [
            &["CONFIG", "GET", "dir"][..],
            &["CONFIG", "SET", "maxmemory", "100mb"],
            &["CONFIG", "SET"],
            &["SET", "dir", "x"],
        ] {
            assert!(scan_command(ok).is_clean(), "{ok:?}");
        }
        assert_eq!(
            scan_script("PING\nCONFIG SET dir /tmp\nSAVE\n").losses,
            [DataLoss::ServerFileRedirect]
        );
    }

    #[test]
    fn lua_scripts_are_read() {
        let s = scan_command(&["EVAL", "return redis.call('FLUSHALL')", "0"]);
        assert_eq!(s.losses, [DataLoss::FlushAll]);
        assert_eq!(s.unreadable, None);
        let s = scan_command(&["eval", "return redis.call(ARGV[1])", "0", "flushdb"]);
        assert_eq!(s.losses, [DataLoss::FlushDb]);
        assert_eq!(s.unreadable, Some(Unreadable::DynamicStatement));
        let s = scan_command(&["EVAL", "local c = redis.call; return c('get', 'k')", "0"]);
        assert_eq!(s.unreadable, Some(Unreadable::DynamicStatement));
        assert!(scan_command(&["EVAL", "return redis.call('GET', KEYS[1])", "1", "k"]).is_clean());
        assert_eq!(
            scan_command(&["FUNCTION", "LOAD", "#!lua name=x\nredis.register_function('f', function() return redis.call(\"flushdb\") end)"]).losses,
            [DataLoss::FlushDb]
        );
    }

    #[test]
    fn stdin_lines_are_split_like_redis_cli() {
        assert_eq!(
            split_line(r#"SET "a b" 'c\'d' "\x41\n""#).unwrap(),
            ["SET", "a b", "c'd", "A\n"]
        );
        assert_eq!(split_line("  "), Some(vec![]));
        assert_eq!(split_line("SET \"open"), None);
        assert_eq!(scan_script("PING\nflushall\n").losses, [DataLoss::FlushAll]);
        assert_eq!(scan_script("\"FLUSHDB\"").losses, [DataLoss::FlushDb]);
        assert!(scan_script("SET k flushall\nGET k").is_clean());
        assert_eq!(
            scan_script("SET k 'x").unreadable,
            Some(Unreadable::UnterminatedQuote)
        );
    }
}
