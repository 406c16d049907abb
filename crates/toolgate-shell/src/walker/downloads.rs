//! Download-then-run across commands: `curl -o x.sh URL && bash x.sh`,
//! `wget URL; sh install.sh`, `curl URL > t.py; python3 t.py`, `curl -O URL/i.sh; ./i.sh`.
//!
//! A file a downloader wrote earlier in the same command string is downloaded code when a
//! later command runs it: as the program itself, as the script of a shell or interpreter, or
//! through `source` / `.`. Such commands get [`SimpleCommand::runs_downloaded_code`], so the
//! download-and-run rule sees them as it sees `curl … | sh`.

use super::{Scope, Walker, downloads};
use crate::facts::pipes::producer_output;
use crate::facts::writes::{remote_names, write_targets};
use crate::knowledge::interpreters::is_interpreter;
use crate::knowledge::programs::{Class, in_class};
use crate::knowledge::specs::launchers::{
    SHELL_COMMAND, SHELL_NO_EXEC, interpreter_for, shell_grammar,
};
use crate::model::{Indeterminate, IndeterminateKind, SimpleCommand};
use crate::options::{args_of, has, read_grammar, read_options};

/// Follows files written earlier in the same command string and run later.
///
/// A downloaded file that is run marks that command as running downloaded code. A file
/// written with text known here (`cat > t.sh <<EOF`, `echo '…' > t.sh`, `printf`) is analysed
/// as the script it is. Any other written file that is run (`some_prog > t.sh; bash t.sh`)
/// holds code this analysis did not see: the analysis is indeterminate.
pub(crate) fn follow_written_scripts(w: &mut Walker) {
    // Only a file run by a later command is followed: the first command's run target can
    // only be a file written before the command string, so without a run target after it
    // there is nothing to mark, analyse or call indeterminate.
    if !w
        .out
        .commands
        .iter()
        .skip(1)
        .any(|cmd| run_target(cmd).is_some())
    {
        return;
    }
    let mut downloaded: Vec<String> = Vec::new();
    // Each written file and its text, when known; written twice means not known.
    let mut written: Vec<(String, Option<String>)> = Vec::new();
    let mut marks = Vec::new();
    let mut scripts = Vec::new();
    let mut unknown_run = false;
    for (i, cmd) in w.out.commands.iter().enumerate() {
        if let Some(target) = run_target(cmd) {
            if downloaded.contains(&target) {
                marks.push(i);
            } else if let Some((_, text)) = written.iter().find(|(f, _)| *f == target) {
                match text {
                    Some(t) => scripts.push((t.clone(), cmd.program_lower().into_owned())),
                    None => unknown_run = true,
                }
            }
        }
        let from_download: Vec<String> = files_written_by_download(cmd)
            .iter()
            .map(|f| normalize(f))
            .collect();
        let stdin = w.stdins.iter().find(|(j, _)| *j == i).map(|(_, s)| s);
        let output = producer_output(cmd, stdin, false);
        // A template's data is not known here: the file holds code this analysis did not see.
        let text =
            (!output.dynamic && !output.from_download && !output.template).then_some(output.text);
        // Mode and owner changes keep the file's text.
        let keeps_text = matches!(
            cmd.program_lower().as_ref(),
            "chmod" | "chown" | "chgrp" | "touch" | "chattr" | "setfacl"
        ) && cmd.writes.is_empty();
        if keeps_text {
            downloaded.extend(from_download);
            continue;
        }
        for target in write_targets(cmd).into_iter().map(normalize) {
            if from_download.contains(&target) {
                continue;
            }
            match written.iter_mut().find(|(f, _)| *f == target) {
                Some(entry) => entry.1 = None,
                None => written.push((target, text.clone())),
            }
        }
        downloaded.extend(from_download);
    }
    for i in marks {
        w.out.commands[i].runs_downloaded_code = true;
    }
    let scope = Scope::top().child("script written by the command");
    for (text, runner) in scripts {
        if is_interpreter(&runner).is_some() {
            w.inline_code(&text, &runner, &scope, false);
        } else {
            w.script(&text, &scope);
        }
    }
    if unknown_run && w.out.indeterminate.is_none() {
        w.out.indeterminate = Some(Indeterminate {
            kind: IndeterminateKind::DynamicScript,
            reason: "the command runs a script it wrote itself",
        });
    }
}

/// The files a downloader writes: its output options and redirected stdout (the files
/// [`write_targets`] knows), and the names it takes from the URL.
fn files_written_by_download(cmd: &SimpleCommand) -> Vec<String> {
    if !downloads(cmd) {
        return Vec::new();
    }
    write_targets(cmd)
        .into_iter()
        .map(str::to_string)
        .chain(remote_names(cmd))
        .filter(|f| f != "-" && !f.is_empty())
        .collect()
}

/// The file `cmd` runs, normalised: its program when written as a path, or the script of a
/// shell, interpreter, `source` or `.` (its first operand, options read with its grammar).
/// Code given inline (`sh -c`, `python -c`, `python -m MOD`) names no file.
fn run_target(cmd: &SimpleCommand) -> Option<String> {
    if cmd.program_path.contains('/') {
        return Some(normalize(&cmd.program_path));
    }
    let program = cmd.program_lower();
    let args = args_of(cmd, 0);
    let end = if in_class(&program, Class::Shell) {
        let reading = read_grammar(&args, 0, shell_grammar(&program));
        // `sh -n f` only reads the script for syntax.
        if has(&reading.opts, SHELL_COMMAND) || has(&reading.opts, SHELL_NO_EXEC) {
            return None;
        }
        reading.end
    } else if is_interpreter(&program).is_some() {
        let reading = read_grammar(&args, 0, &interpreter_for(&program).grammar);
        if reading.ended_by.is_some() {
            return None;
        }
        reading.end
    } else if matches!(&*program, "source" | "." | "exec") {
        // `exec -a NAME FILE`: exec's row in the wrappers table.
        let spec = crate::knowledge::wrappers::lookup(&program)
            .map_or(crate::knowledge::specs::NONE, |w| w.spec);
        read_options(&args, 0, &spec).1
    } else {
        return None;
    };
    args.get(end).map(|a| normalize(&a.text))
}

/// `./x.sh`, `x.sh` and `.//x.sh` name the same file.
fn normalize(path: &str) -> String {
    let mut p = path;
    while let Some(rest) = p.strip_prefix("./") {
        p = rest.trim_start_matches('/');
    }
    p.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_normalised() {
        assert_eq!(normalize(".//./x.sh"), "x.sh");
    }
}
