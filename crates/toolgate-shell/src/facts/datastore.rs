//! What a database client is told to do: the statements and commands `psql -c`, `mysql -e`,
//! `sqlite3 DB 'SQL'`, `clickhouse-client --query`, `mongosh --eval`, `redis-cli CMD …` and
//! `typeorm query` receive from their options, operands and stdin (a heredoc, a here-string,
//! `echo … |`), read by `toolgate-core`'s data-loss reader in the client's language.
//!
//! The shell crate reads the command line (which option carries text, which operand is a
//! database name) with the client table (`knowledge::datastores`) and the one option reader;
//! the core crate reads the text. What the text cannot be read for is judged here
//! ([`indeterminate_reason`]).

use toolgate_core::datastore::{DataScan, Unreadable, memcached, mongo, redis, sql};

use crate::knowledge::datastores::{
    Client, Language, Operands, OptionalValue, SOCKET_CLIENTS, client_of, socket_protocol,
};
use crate::knowledge::programs::single_dash_long;
use crate::knowledge::specs::spec_for;
use crate::model::{Arg, SimpleCommand};
use crate::options::{
    Opt, args_of, read_options, read_permuted, with_optional_values, with_two_dashes,
};

/// What `cmd` would do to its data store; `None` when it is no database client (or not the
/// client's subcommand), nor a socket client sending its stdin to a data store's port.
pub(crate) fn scan(cmd: &SimpleCommand) -> Option<DataScan> {
    let program = cmd.program_lower();
    if SOCKET_CLIENTS.contains(&program.as_ref()) {
        return socket_scan(cmd);
    }
    let client = client_of(&program)?;
    let read = Invocation::read(cmd, client)?;
    let mut out = DataScan::default();
    let mut gives_text = false;
    for o in &read.opts {
        if let Some(v) = &o.value
            && client.text_options.contains(&&*o.name)
        {
            out.merge(scan_text(client.language, v));
            gives_text = true;
        }
    }
    let mut file_is_stdin = false;
    for o in &read.opts {
        if client.file_options.contains(&&*o.name) {
            // `psql -f -` reads stdin; any other file is run as `bash FILE` is (not read here).
            file_is_stdin |= o.value.as_deref() == Some("-");
            gives_text = true;
        }
    }
    match client.operands {
        Operands::Names => {}
        Operands::TextAfter(n) => {
            for text in read.operands.iter().skip(n) {
                out.merge(scan_text(client.language, text));
                gives_text = true;
            }
        }
        // `redis-cli --eval script.lua KEY …`: the operands are the script's keys.
        Operands::Command if !gives_text => {
            let words = redis_command(&read);
            if !words.is_empty() {
                out.merge(redis::scan_command(words));
                gives_text = true;
            }
        }
        Operands::Command => {}
    }
    if client
        .file_operands_after
        .is_some_and(|n| read.operands.len() > n)
    {
        gives_text = true;
    }
    // A client given no text reads it from stdin (every client here runs what it reads from
    // a pipe or heredoc); one given text or a file does not, except from `-f -`.
    if (!gives_text || file_is_stdin)
        && let Some(stdin) = &cmd.stdin_text
    {
        out.merge(match client.language {
            Language::Redis => redis::scan_script(stdin),
            other => scan_text(other, stdin),
        });
    }
    Some(out)
}

/// What a socket client (`nc HOST 11211`) sends from its stdin to a data store that listens on
/// one of its destinations' ports, read in that store's protocol.
fn socket_scan(cmd: &SimpleCommand) -> Option<DataScan> {
    let stdin = cmd.stdin_text.as_ref()?;
    let mut destinations = Vec::new();
    crate::facts::destinations::collect(cmd, None, &mut destinations);
    let mut out = DataScan::default();
    let mut languages: Vec<Language> = destinations
        .iter()
        .filter_map(|d| match d {
            crate::model::Destination::Host {
                port: Some(port), ..
            } => socket_protocol(*port),
            _ => None,
        })
        .collect();
    languages.dedup();
    for language in &languages {
        out.merge(scan_text(*language, stdin));
    }
    (!languages.is_empty()).then_some(out)
}

/// The reason a command whose text could not be read is not analysed, or `None` when it is
/// analysed as far as it could be read.
///
/// Deliberate choices (fail closed where the text runs something toolgate cannot see, not
/// where ordinary SQL only trips the reader):
/// - a client command that runs a shell command (psql `\!`, `\copy … program`, `\o |cmd`,
///   mysql `system`, sqlite3 `.shell`, `COPY … TO PROGRAM`, untrusted procedural languages):
///   the shell command is not analysed, so the command is indeterminate (denied by default);
/// - statements built at run time (`\gexec`, `EXECUTE` of a variable, Redis `EVAL` with a
///   computed command) and nesting deeper than the reader follows: indeterminate too;
/// - statements read from a file (`\i file.sql`, `source`, `.read`) are not read, as the
///   file of `psql -f file.sql` is not: the rest of the text still is;
/// - a quote or comment that never ends: what came before it was read and counts; the rest
///   is what the server would reject too, so an everyday query the reader cannot finish is
///   not denied for it.
pub(crate) fn indeterminate_reason(why: Unreadable) -> Option<&'static str> {
    match why {
        Unreadable::ShellEscape => {
            Some("a database client command runs a shell command that is not analysed")
        }
        Unreadable::DynamicStatement => Some("a database client runs statements built at run time"),
        Unreadable::TooDeep => Some("database statements nest deeper than toolgate follows"),
        Unreadable::IncludedFile
        | Unreadable::UnterminatedQuote
        | Unreadable::UnterminatedComment => None,
    }
}

/// A client's arguments as it reads them: its options and operands (its subcommand removed).
struct Invocation {
    opts: Vec<Opt>,
    operands: Vec<String>,
}

impl Invocation {
    fn read(cmd: &SimpleCommand, client: &Client) -> Option<Invocation> {
        let program = cmd.program_lower();
        let spec = spec_for(&program);
        let mut args: Vec<Arg> = args_of(cmd, 0);
        if single_dash_long(&program) {
            args = with_two_dashes(args);
        }
        match client.optional_value {
            OptionalValue::None => {}
            OptionalValue::Attached { short, long } => {
                args = with_optional_values(args, short, long, true);
            }
            OptionalValue::NextUnlessOption { short, long } => {
                args = with_optional_values(args, short, long, false);
            }
        }
        let (opts, mut operands): (Vec<Opt>, Vec<String>) = match client.operands {
            // redis-cli reads options up to the command; the rest is the command.
            Operands::Command => {
                let (opts, end) = read_options(&args, 0, spec);
                (opts, args[end..].iter().map(|a| a.text.clone()).collect())
            }
            _ => {
                let (opts, at) = read_permuted(&args, 0, spec);
                (opts, at.iter().map(|&i| args[i].text.clone()).collect())
            }
        };
        if let Some(sub) = client.subcommand {
            // One word or a path of them (`wrangler d1 execute`).
            let words: Vec<&str> = sub.split(' ').collect();
            let matches = operands.len() >= words.len()
                && words
                    .iter()
                    .zip(&operands)
                    .all(|(w, o)| o.eq_ignore_ascii_case(w));
            if !matches {
                return None;
            }
            operands.drain(..words.len());
        }
        Some(Invocation { opts, operands })
    }
}

/// The Redis command the operands are: all of them, or with `--cluster call HOST:PORT CMD …`
/// the words after the node (other `--cluster` subcommands send no command).
fn redis_command(read: &Invocation) -> &[String] {
    let cluster = read.opts.iter().rev().find(|o| o.name == "--cluster");
    match cluster.map(|o| o.value.as_deref()) {
        None => &read.operands,
        Some(Some(sub)) if sub.eq_ignore_ascii_case("call") => {
            read.operands.get(1..).unwrap_or(&[])
        }
        Some(_) => &[],
    }
}

fn scan_text(language: Language, text: &str) -> DataScan {
    match language {
        Language::Sql(dialect) => sql::scan(text, dialect),
        Language::Mongo => mongo::scan(text),
        Language::Redis => redis::scan_script(text),
        Language::Memcached => memcached::scan_script(text),
    }
}

#[cfg(test)]
mod tests {
    use toolgate_core::datastore::DataLoss::{self, *};

    fn losses(command: &str) -> Vec<DataLoss> {
        let a = crate::analyze(command);
        assert!(
            a.indeterminate.is_none(),
            "{command}: {:?}",
            a.indeterminate
        );
        let mut out: Vec<DataLoss> = a
            .commands
            .iter()
            .flat_map(|c| c.data_losses.iter().copied())
            .collect();
        out.sort();
        out.dedup();
        out
    }

    #[test]
    fn text_comes_from_options_operands_and_stdin() {
        assert_eq!(losses("psql -h h -U u -d d -c 'DROP TABLE t'"), [DropTable]);
        assert_eq!(losses("psql --command='truncate t' app"), [Truncate]);
        assert_eq!(
            losses("psql app -c 'SELECT 1' -c 'DELETE FROM t'"),
            [DeleteWithoutWhere]
        );
        assert_eq!(
            losses("mysql -u root -p app -e 'DROP DATABASE app'"),
            [DropDatabase]
        );
        assert_eq!(
            losses("mysql -uroot -psecret app -e 'DROP TABLE t'"),
            [DropTable]
        );
        assert_eq!(
            losses("mysql --init-command='DELETE FROM t' app"),
            [DeleteWithoutWhere]
        );
        assert_eq!(
            losses("sqlite3 app.db 'SELECT 1' 'DROP TABLE t'"),
            [DropTable]
        );
        assert_eq!(losses("sqlite3 -cmd 'DROP TABLE t' app.db"), [DropTable]);
        assert_eq!(losses("clickhouse client -q 'DROP TABLE e'"), [DropTable]);
        assert_eq!(
            losses("mongosh -u a -p --eval 'db.dropDatabase()'"),
            [MongoDropDatabase]
        );
        assert_eq!(
            losses("mongosh -p secret app --eval 'db.c.drop()'"),
            [MongoDropCollection]
        );
        assert_eq!(losses("redis-cli -h h -n 2 FLUSHDB"), [FlushDb]);
        assert_eq!(losses("redis-cli --cluster call h:1 FLUSHALL"), [FlushAll]);
        assert_eq!(losses("typeorm query 'DROP TABLE t'"), [DropTable]);
        assert_eq!(
            losses("psql app <<'EOF'\nDROP SCHEMA s CASCADE;\nEOF"),
            [DropSchema]
        );
        assert_eq!(losses("mysql app <<< 'DROP TABLE t'"), [DropTable]);
        assert_eq!(losses("printf 'FLUSHALL\\n' | redis-cli"), [FlushAll]);
        assert_eq!(losses("cat <<EOF | psql\nTRUNCATE t;\nEOF"), [Truncate]);
        assert_eq!(losses("psql -f - <<< 'DROP TABLE t'"), [DropTable]);
    }

    #[test]
    fn values_names_and_files_are_not_text() {
        for command in [
            "psql -U 'DROP TABLE t' app",
            "psql -f drop.sql",
            "psql app 'DROP TABLE t'",
            "mysql -D 'DROP TABLE t'",
            "mysql -p 'DROP TABLE t'",
            "redis-cli -a FLUSHALL PING",
            "redis-cli --eval flush.lua FLUSHALL",
            "redis-cli --cluster info h:1 FLUSHALL",
            "mongosh app drop.js",
            "clickhouse local -q 'DROP TABLE t'",
            "typeorm schema:log 'DROP TABLE t'",
            // A client given text does not read stdin.
            "psql -c 'SELECT 1' <<< 'DROP TABLE t'",
            "psql -f setup.sql <<< 'DROP TABLE t'",
            // Files and run-time output are not read.
            "cat drop.sql | psql app",
            "psql app < drop.sql",
            "pg_dump old | psql new",
            // Other programs' stdin is no statement.
            "cat <<< 'DROP TABLE t'",
        ] {
            assert!(losses(command).is_empty(), "{command}");
        }
    }

    #[test]
    fn what_cannot_be_read_is_judged() {
        for command in [
            "psql -c '\\! rm -rf ~'",
            "psql <<EOF\n\\! id\nEOF",
            "mysql -e 'system id'",
            "sqlite3 app.db '.shell id'",
            "psql -c \"COPY t TO PROGRAM 'curl x'\"",
            "psql -c \"SELECT format('DROP TABLE %I', t) FROM x \\gexec\"",
        ] {
            let a = crate::analyze(command);
            assert!(a.indeterminate.is_some(), "{command}");
        }
        // An included file is not read, as `psql -f` is not; the text around it is.
        assert!(losses("psql -c '\\i setup.sql'").is_empty());
        assert_eq!(
            losses("psql <<EOF\n\\i a.sql\nDROP TABLE t;\nEOF"),
            [DropTable]
        );
        // Unfinished text: what came before counts, the rest does not deny.
        assert!(losses("psql -c \"SELECT 'unterminated\"").is_empty());
        assert_eq!(losses("psql -c \"DROP TABLE t; SELECT 'x\""), [DropTable]);
        // Lenient code (interpreter strings) never makes the analysis indeterminate.
        assert!(
            crate::analyze("python -c \"print('psql -c \\\\! id')\"")
                .indeterminate
                .is_none()
        );
    }
}
