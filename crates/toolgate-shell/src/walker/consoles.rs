//! Framework consoles that run code in the project's environment, with its database: `rails
//! runner CODE`, `rails console` reading its code on stdin, `manage.py shell -c CODE` (or on
//! stdin), and the database shells they open (`rails dbconsole`, `manage.py dbshell`) reading
//! SQL on stdin. Their code is followed as an interpreter's is (destructive APIs, shell
//! strings, ORM calls that empty or drop tables); their SQL as a database client's is.

use toolgate_core::datastore::DataScan;
use toolgate_core::datastore::sql::{self, SqlDialect};

use super::unwrap::Invocation;
use super::{Scope, Walker};
use crate::knowledge::specs::RAKE;
use crate::knowledge::specs::launchers::{DJANGO_SHELL, RAILS_RUNNER};
use crate::model::{Arg, IndeterminateKind, Stdin};
use crate::options::{read_options, read_permuted};
use crate::syntax::words::basename;

/// What a framework's subcommand runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Console {
    /// Code given as an operand (or a script file).
    Runner,
    /// Code given with `-c`/`--command`, else on stdin.
    Shell,
    /// Code on stdin.
    Repl,
    /// SQL on stdin (and after `--`, the database client's own arguments).
    Database,
}

/// Rails' subcommands (and their one-letter aliases) that run code or SQL.
const RAILS_CONSOLES: &[(&str, Console)] = &[
    ("runner", Console::Runner),
    ("r", Console::Runner),
    ("console", Console::Repl),
    ("c", Console::Repl),
    ("dbconsole", Console::Database),
    ("db", Console::Database),
];

/// Django's management commands that run code or SQL.
const DJANGO_CONSOLES: &[(&str, Console)] = &[
    ("shell", Console::Shell),
    ("shell_plus", Console::Shell),
    ("dbshell", Console::Database),
];

/// Whether a word names Django's management script (`manage.py`, `./app/manage.py`).
pub(crate) fn is_manage_py(word: &str) -> bool {
    basename(word) == "manage.py"
}

impl Walker {
    /// The code or SQL of a framework command just emitted (`rails runner CODE`,
    /// `./manage.py shell -c CODE`, `django-admin dbshell`); nothing for other programs.
    pub(crate) fn framework_console(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let Some(first) = inv.args.first() else {
            return;
        };
        match basename(&first.text) {
            "rails" => self.rails_console(inv, scope),
            "manage.py" | "django-admin" => self.django_console(inv.args, inv.stdin, scope),
            _ => {}
        }
    }

    /// `rails SUBCOMMAND …` (the command is emitted already): its code or SQL, if the
    /// subcommand runs any.
    fn rails_console(&mut self, inv: Invocation<'_>, scope: &Scope) {
        let args = inv.args;
        let (_, at) = read_options(args, 1, &RAKE);
        let Some(sub) = args.get(at) else {
            return;
        };
        let console = RAILS_CONSOLES
            .iter()
            .find(|(name, _)| !sub.dynamic && *name == sub.text)
            .map(|(_, c)| *c);
        match console {
            Some(Console::Runner) => {
                let (_, operands) = read_permuted(args, at + 1, &RAILS_RUNNER);
                // `rails runner path/to/script.rb` runs a file, as `ruby FILE` does.
                // A code word is read as `ruby -e` reads its code: as written, run-time parts
                // and all; code that was downloaded is marked so.
                if let Some(code) = operands.first().map(|&i| &args[i])
                    && !code.text.ends_with(".rb")
                {
                    match code.from_download {
                        true => self.mark_last_downloaded(),
                        false => self.inline_code(&code.text, "ruby", scope, false),
                    }
                }
            }
            Some(Console::Repl | Console::Shell) => self.console_stdin(inv.stdin, "ruby", scope),
            Some(Console::Database) => self.console_sql(inv.stdin, &[], scope),
            None => {}
        }
    }

    /// Django's management command at `args` (the words from `manage.py` or `django-admin`
    /// on; the command is emitted already): its code or SQL, if it runs any.
    pub(crate) fn django_console(&mut self, args: &[Arg], stdin: Option<&Stdin>, scope: &Scope) {
        let Some(sub) = args.get(1) else {
            return;
        };
        let console = DJANGO_CONSOLES
            .iter()
            .find(|(name, _)| !sub.dynamic && *name == sub.text)
            .map(|(_, c)| *c);
        match console {
            Some(Console::Shell) => {
                let (opts, _) = read_permuted(args, 2, &DJANGO_SHELL);
                let code = opts
                    .iter()
                    .rev()
                    .find(|o| matches!(&*o.name, "-c" | "--command"))
                    .and_then(|o| o.value.clone());
                match code {
                    Some(code) => self.inline_code(&code, "python", scope, false),
                    None => self.console_stdin(stdin, "python", scope),
                }
            }
            // `manage.py dbshell -- -c 'SQL'`: the words after `--` go to the client.
            Some(Console::Database) => {
                let client_args: Vec<&str> = args
                    .iter()
                    .skip_while(|a| a.text != "--")
                    .skip(1)
                    .map(|a| a.text.as_str())
                    .collect();
                self.console_sql(stdin, &client_args, scope);
            }
            Some(Console::Runner | Console::Repl) | None => {}
        }
    }

    /// Code read on stdin (a heredoc, a here-string, a pipe), in `language`.
    fn console_stdin(&mut self, stdin: Option<&Stdin>, language: &str, scope: &Scope) {
        if let Some(code) = self.code_on_stdin(stdin, scope) {
            self.inline_code(&code, language, scope, false);
        }
    }

    /// SQL read on stdin, and a client's `-c`/`-e`/`--execute` among `client_args`: what it
    /// loses goes to the command (the framework's, emitted last).
    fn console_sql(&mut self, stdin: Option<&Stdin>, client_args: &[&str], scope: &Scope) {
        let mut found = DataScan::default();
        let stdin = stdin.or(scope.pipe_input.as_ref());
        match stdin {
            Some(s) if s.dynamic && !s.from_file && s.text.is_empty() => {
                return self.indeterminate(
                    scope,
                    IndeterminateKind::DynamicScript,
                    "the SQL a framework's database shell reads is only known at run time",
                );
            }
            Some(s) => found.merge(sql::scan(&s.text, SqlDialect::Unknown)),
            None => {}
        }
        for pair in client_args.windows(2) {
            if matches!(pair[0], "-c" | "-e" | "--command" | "--execute") {
                found.merge(sql::scan(pair[1], SqlDialect::Unknown));
            }
        }
        self.record_losses(found, scope);
    }

    /// Adds what a scan found to the command emitted last.
    pub(crate) fn record_losses(&mut self, found: DataScan, scope: &Scope) {
        self.refuse_unreadable_data(&found, scope);
        if let Some(c) = self.out.commands.last_mut() {
            for loss in found.losses {
                if !c.data_losses.contains(&loss) {
                    c.data_losses.push(loss);
                }
            }
            c.data_losses.sort_unstable();
        }
    }

    /// Makes the analysis indeterminate when a scan could not read part of the text for a
    /// reason that hides what runs (a shell escape, statements built at run time).
    pub(super) fn refuse_unreadable_data(&mut self, found: &DataScan, scope: &Scope) {
        if let Some(reason) = found
            .unreadable
            .and_then(crate::facts::datastore::indeterminate_reason)
        {
            self.indeterminate(scope, IndeterminateKind::DynamicScript, reason);
        }
    }
}
