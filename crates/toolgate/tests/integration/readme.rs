//! Every shell example in the README runs as written, with the outcome the README states.
//!
//! The convention (explained in the README's "How the examples are checked"): every command
//! line in a fenced `sh` block ends with an annotation after two spaces,
//!
//! - `# exit N` and any words after it: the command exits with N; a `prints `TEXT`` in those
//!   words means stdout contains TEXT;
//! - `# not run: WHY`: the command needs something this test cannot give it (the Claude Code
//!   CLI, installing into `~/.cargo/bin`, the whole test suite); it is counted, not run.
//!
//! The blocks run in README order, one `bash -c` per line, in one scratch project with its own
//! `$HOME` and the freshly built `toolgate` first on `PATH`, so a file one example writes
//! (`toolgate init` writes `.toolgate.yaml`) is there for the next.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const README: &str = include_str!("../../../../README.md");
const BIN: &str = env!("CARGO_BIN_EXE_toolgate");
/// The longest one example may take.
const TIMEOUT: Duration = Duration::from_secs(60);

#[derive(Debug, PartialEq)]
enum Expect {
    /// Exit code, and text stdout must contain.
    Exit(i32, Option<String>),
    /// Not run, and why.
    NotRun(String),
}

#[derive(Debug)]
struct Example {
    line: usize,
    command: String,
    expect: Expect,
}

/// The command lines of the fenced `sh` blocks, with their annotations. An unannotated
/// command line is an error: no example escapes the test by accident.
fn examples(markdown: &str) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    let mut in_sh = false;
    for (i, line) in markdown.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim();
        if let Some(fence) = trimmed.strip_prefix("```") {
            in_sh = !in_sh && fence.trim() == "sh";
            continue;
        }
        if !in_sh || trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (command, note) = line
            .rsplit_once("  # ")
            .ok_or_else(|| format!("README.md:{number}: no `# exit N` or `# not run: …`"))?;
        let note = note.trim();
        let expect = if let Some(why) = note.strip_prefix("not run:") {
            if why.trim().is_empty() {
                return Err(format!("README.md:{number}: `not run:` without a reason"));
            }
            Expect::NotRun(why.trim().to_string())
        } else if let Some(rest) = note.strip_prefix("exit ") {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let code = digits
                .parse()
                .map_err(|_| format!("README.md:{number}: `exit` without a number"))?;
            let prints = rest
                .split_once("prints `")
                .and_then(|(_, t)| t.split_once('`'))
                .map(|(t, _)| t.to_string());
            Expect::Exit(code, prints)
        } else {
            return Err(format!(
                "README.md:{number}: the annotation must be `# exit N` or `# not run: …`"
            ));
        };
        out.push(Example {
            line: number,
            command: command.trim().to_string(),
            expect,
        });
    }
    Ok(out)
}

fn run(example: &Example, project: &Path, home: &Path) -> (i32, String, String) {
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("bash")
        .arg("-c")
        .arg(&example.command)
        .current_dir(project)
        .env("PATH", path)
        .env("HOME", home)
        .env_remove("TOOLGATE_POLICY")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!(
                "README.md:{}: still running after {TIMEOUT:?}",
                example.line
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn every_readme_example_runs_as_written() {
    let examples = examples(README).unwrap_or_else(|e| panic!("{e}"));
    let scratch = tempfile::tempdir().unwrap();
    let project = scratch.path().join("project");
    let home = scratch.path().join("home");
    std::fs::create_dir_all(&project).unwrap();
    std::fs::create_dir_all(&home).unwrap();
    let mut ran = 0;
    let mut not_run = Vec::new();
    for example in &examples {
        match &example.expect {
            Expect::NotRun(why) => not_run.push(format!("README.md:{} ({why})", example.line)),
            Expect::Exit(code, prints) => {
                let (got, stdout, stderr) = run(example, &project, &home);
                assert_eq!(
                    got, *code,
                    "README.md:{}: `{}` exited {got}, the README says {code}\nstdout: {stdout}\nstderr: {stderr}",
                    example.line, example.command
                );
                if let Some(text) = prints {
                    assert!(
                        stdout.contains(text.as_str()),
                        "README.md:{}: `{}` does not print `{text}`\nstdout: {stdout}",
                        example.line,
                        example.command
                    );
                }
                ran += 1;
            }
        }
    }
    println!(
        "README: {ran} examples run, {} not run: {}",
        not_run.len(),
        not_run.join("; ")
    );
    // The quick start alone has an allowed and a denied call; a README whose examples all
    // lost their annotations would fail above, and one that lost its examples fails here.
    assert!(ran >= 10, "only {ran} README examples ran");
    assert!(
        not_run.len() <= ran / 2,
        "too many examples not run: {not_run:?}"
    );
}

#[test]
fn the_annotation_convention_is_enforced() {
    let ok = "```sh\ntoolgate check-url https://a.example/  # exit 0, prints `allowed`\nclaude mcp add x  # not run: needs the Claude Code CLI\n```\n";
    let found = examples(ok).unwrap();
    assert_eq!(
        found[0].expect,
        Expect::Exit(0, Some("allowed".to_string()))
    );
    assert_eq!(
        found[1].expect,
        Expect::NotRun("needs the Claude Code CLI".to_string())
    );
    for bad in [
        "```sh\ntoolgate check-url https://a.example/\n```\n",
        "```sh\ntoolgate x  # exits fine\n```\n",
        "```sh\ntoolgate x  # not run:\n```\n",
        "```sh\ntoolgate x  # exit zero\n```\n",
    ] {
        assert!(examples(bad).is_err(), "{bad}");
    }
    // Other languages' blocks are not shell examples.
    assert!(examples("```json\n{\"a\": 1}\n```\n").unwrap().is_empty());
}
