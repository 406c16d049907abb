//! Download-then-run across commands: `curl -o x.sh URL && bash x.sh`,
//! `wget URL; sh install.sh`, `curl URL > t.py; python3 t.py`, `curl -O URL/i.sh; ./i.sh`.
//!
//! A file a downloader wrote earlier in the same command string is downloaded code when a
//! later command runs it: as the program itself, as the script of a shell or interpreter, or
//! through `source` / `.`. Such commands get [`SimpleCommand::runs_downloaded_code`], so the
//! download-and-run rule sees them as it sees `curl … | sh`.

use crate::interpreters::is_interpreter;
use crate::pipes::producer_output;
use crate::unwrap::SHELLS;
use crate::walk::{Scope, Walker};
use crate::{Indeterminate, IndeterminateKind, SimpleCommand};

/// Follows files written earlier in the same command string and run later.
///
/// A downloaded file that is run marks that command as running downloaded code. A file
/// written with text known here (`cat > t.sh <<EOF`, `echo '…' > t.sh`, `printf`) is analysed
/// as the script it is. Any other written file that is run (`some_prog > t.sh; bash t.sh`)
/// holds code this analysis did not see: the analysis is indeterminate.
pub(crate) fn follow_written_scripts(w: &mut Walker) {
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
                    Some(t) => scripts.push((t.clone(), cmd.program_lower())),
                    None => unknown_run = true,
                }
            }
        }
        let from_download: Vec<String> = files_written_by_download(cmd)
            .map(|f| normalize(&f))
            .collect();
        let stdin = w.stdins.iter().find(|(j, _)| *j == i).map(|(_, s)| s);
        let output = producer_output(cmd, stdin, false);
        let text = (!output.dynamic && !output.from_download).then_some(output.text);
        // Mode and owner changes keep the file's text.
        let keeps_text = matches!(
            cmd.program_lower().as_str(),
            "chmod" | "chown" | "chgrp" | "touch" | "chattr" | "setfacl"
        ) && cmd.writes.is_empty();
        if keeps_text {
            downloaded.extend(from_download);
            continue;
        }
        for target in crate::writes::write_targets(cmd).into_iter().map(normalize) {
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

/// The files a downloader writes: `-o`/`-O` values, the remote name, or its redirected stdout.
fn files_written_by_download(cmd: &SimpleCommand) -> impl Iterator<Item = String> + '_ {
    let program = cmd.program_lower();
    let mut out: Vec<String> = Vec::new();
    let is_downloader = matches!(
        program.as_str(),
        "curl" | "wget" | "wget2" | "aria2c" | "fetch" | "http" | "https" | "xh" | "xhs"
    );
    if is_downloader {
        out.extend(cmd.writes.iter().cloned());
        let args = &cmd.args;
        let urls: Vec<&str> = args
            .iter()
            .map(String::as_str)
            .filter(|a| a.contains("://"))
            .collect();
        let mut remote_name = program.starts_with("wget");
        let mut i = 0;
        while i < args.len() {
            let a = args[i].as_str();
            let next = args.get(i + 1).cloned();
            match (program.as_str(), a) {
                ("curl", "-o" | "--output") | ("wget" | "wget2", "-O" | "--output-document") => {
                    out.extend(next);
                    remote_name = false;
                    i += 1;
                }
                ("aria2c", "-o" | "--out")
                | ("http" | "https" | "xh" | "xhs", "-o" | "--output") => {
                    out.extend(next);
                    i += 1;
                }
                ("curl", "-O" | "--remote-name" | "--remote-name-all") => remote_name = true,
                ("http" | "https" | "xh" | "xhs", "-d" | "--download") => remote_name = true,
                _ => {
                    if let Some(v) = a
                        .strip_prefix("--output=")
                        .or_else(|| a.strip_prefix("--output-document="))
                        .or_else(|| a.strip_prefix("--out="))
                    {
                        out.push(v.to_string());
                        remote_name = false;
                    } else if let Some(letter) = output_letter(&program)
                        && let Some(cluster) = a.strip_prefix('-').filter(|c| !c.starts_with('-'))
                        && let Some(at) = cluster.find(letter)
                    {
                        // `-sSLo file`, `-qO file`, `-ofile`.
                        let value = &cluster[at + 1..];
                        if value.is_empty() {
                            out.extend(next);
                            i += 1;
                        } else {
                            out.push(value.to_string());
                        }
                        remote_name = false;
                    }
                }
            }
            i += 1;
        }
        if remote_name || program == "aria2c" {
            out.extend(urls.iter().filter_map(|u| remote_file_name(u)));
        }
    }
    out.into_iter().filter(|f| f != "-" && !f.is_empty())
}

/// The short option that names the output file, for a cluster such as `-sSLo`.
fn output_letter(program: &str) -> Option<char> {
    match program {
        "curl" => Some('o'),
        "wget" | "wget2" => Some('O'),
        _ => None,
    }
}

/// The name a downloader gives a URL's file: the last path segment, without query.
fn remote_file_name(url: &str) -> Option<String> {
    let rest = url.split_once("://")?.1;
    let path = rest.split(['?', '#']).next()?;
    let (_, path) = path.split_once('/')?;
    let name = path.rsplit('/').next()?;
    (!name.is_empty()).then(|| name.to_string())
}

/// The file `cmd` runs, normalised: its program when written as a path, or the script of a
/// shell, interpreter, `source` or `.` (the first argument that is not an option).
fn run_target(cmd: &SimpleCommand) -> Option<String> {
    if cmd.program_path.contains('/') {
        return Some(normalize(&cmd.program_path));
    }
    let program = cmd.program_lower();
    let runs_scripts = SHELLS.contains(&program.as_str())
        || is_interpreter(&program).is_some()
        || matches!(program.as_str(), "source" | "." | "exec");
    if !runs_scripts {
        return None;
    }
    let at = cmd.args.iter().position(|a| !a.starts_with('-'))?;
    // `sh -n f` only reads the script for syntax.
    let no_exec = SHELLS.contains(&program.as_str())
        && cmd.args[..at]
            .iter()
            .any(|a| a == "--noexec" || (!a.starts_with("--") && a.contains('n')));
    (!no_exec).then(|| normalize(&cmd.args[at]))
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
    fn remote_names() {
        assert_eq!(
            remote_file_name("https://x.example/a/install.sh?v=1").as_deref(),
            Some("install.sh")
        );
        assert_eq!(remote_file_name("https://x.example/"), None);
        assert_eq!(remote_file_name("https://x.example"), None);
        assert_eq!(normalize(".//./x.sh"), "x.sh");
    }
}
