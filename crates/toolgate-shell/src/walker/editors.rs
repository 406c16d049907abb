//! Editors that run commands from their command line: vim's Ex commands (`-c '!CMD'`,
//! `+CMD`) and Emacs Lisp (`emacs --batch --eval EXPR`, `emacsclient -e EXPR…`).

use super::{Scope, Walker};
use crate::knowledge::interpreters::{EX_CODE_COMMANDS, EX_PROCESS_CALLS, EX_TERMINAL_COMMANDS};
use crate::knowledge::specs::launchers::{
    EMACS, EMACS_CODE, EMACSCLIENT, EMACSCLIENT_EVAL, VIM, VIM_COMMAND,
};
use crate::model::Arg;
use crate::options::{read_all, read_permuted, value_arg, with_two_dashes};
use crate::syntax::words::basename;

impl Walker {
    pub(super) fn vim(&mut self, args: &[Arg], scope: &Scope) {
        // `-c CMD`, `--cmd CMD` and `+CMD` words, options anywhere.
        let (opts, operands) = read_permuted(args, 1, &VIM);
        let commands: Vec<Arg> = opts
            .iter()
            .filter(|o| VIM_COMMAND.contains(&&*o.name))
            .filter_map(|o| o.value.as_deref())
            .map(|v| value_arg(args, v))
            .chain(operands.iter().filter_map(|&i| {
                let c = args[i].text.strip_prefix('+')?;
                (!c.is_empty()).then(|| value_arg(args, c))
            }))
            .collect();
        for command in commands {
            if self.code_only_at_run_time(&command, scope) {
                continue;
            }
            let text = command.text;
            let body = text.trim_start_matches([':', ' ', '\t']);
            if let Some(shell) = body.strip_prefix('!') {
                self.script(shell, &scope.process("vim !"));
            } else if let Some(pos) = body.find('!') {
                // `:r !cmd`, `:w !cmd`, `:%!filter`; `:w!` leaves nothing to run.
                let mut child = scope.process("vim !");
                child.lenient = true;
                self.script(&body[pos + 1..], &child);
            }
            self.ex_code(body, scope);
        }
    }

    /// An Ex command that runs code: another language's (`:lua os.execute(…)`, `:py3 …`),
    /// a terminal's command (`:terminal CMD`), or Vimscript that calls a process
    /// (`call jobstart([…])`, `call system(…)`).
    fn ex_code(&mut self, body: &str, scope: &Scope) {
        let name_end = body
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(body.len());
        let (name, rest) = body.split_at(name_end);
        if let Some((_, interpreter)) = EX_CODE_COMMANDS.iter().find(|(n, _)| *n == name) {
            let mut child = scope.process("vim code");
            child.lenient = true;
            self.inline_code(rest, interpreter, &child, false);
        } else if EX_TERMINAL_COMMANDS.contains(&name) {
            let command: Vec<&str> = rest
                .split_whitespace()
                .skip_while(|w| w.starts_with("++"))
                .collect();
            self.script(&command.join(" "), &scope.process("vim !"));
        } else if EX_PROCESS_CALLS.iter().any(|c| body.contains(c)) {
            let mut child = scope.process("vim code");
            child.lenient = true;
            self.inline_code(body, "vim", &child, false);
        }
    }

    /// Emacs and emacsclient: the Lisp they evaluate (`emacs --batch --eval EXPR`, `-eval`,
    /// `--execute`; `emacsclient -e EXPR…`, where every operand is an expression), read as
    /// interpreter code of a language toolgate does not parse: its strings and the processes
    /// its forms start. Files they load (`-l FILE`, `--script FILE`) are not read.
    pub(super) fn emacs(&mut self, args: &[Arg], scope: &Scope) {
        let words = with_two_dashes(args.to_vec());
        let client = basename(&args[0].text).eq_ignore_ascii_case("emacsclient");
        let read = read_all(&words, 1, if client { &EMACSCLIENT } else { &EMACS });
        let mut code: Vec<Arg> = read
            .opts
            .iter()
            .filter(|(_, o)| EMACS_CODE.contains(&&*o.name))
            .filter_map(|(_, o)| o.value.as_deref())
            .map(|v| value_arg(&words, v))
            .collect();
        if client
            && read
                .opts
                .iter()
                .any(|(_, o)| EMACSCLIENT_EVAL.contains(&&*o.name))
        {
            code.extend(read.operands.iter().map(|&i| words[i].clone()));
        }
        for expr in code {
            if !self.code_only_at_run_time(&expr, scope) {
                self.inline_code(&expr.text, "emacs", scope, false);
            }
        }
    }
}
