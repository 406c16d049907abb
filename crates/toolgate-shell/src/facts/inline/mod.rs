//! Interpreter one-liners: destructive file APIs, shell strings and URLs in the code, and
//! what the code does with the network and with secrets.

use toolgate_core::inline_network::Endpoint;
use toolgate_core::path_class::SecretSource;
use toolgate_core::path_class::secret_source;
use toolgate_core::path_class::secrets::dumps_environment;

use crate::model::{Destination, InlineNetwork};

mod argv;
mod calls;
mod command_text;
pub(crate) mod home;
mod lisp;
mod writes;

pub(crate) use crate::knowledge::code_calls::Dialect;

/// What the scan of inline code found.
#[derive(Debug, Default)]
pub struct InlineFindings {
    /// Destructive API names found (fixed labels, never input text).
    pub hits: Vec<&'static str>,
    /// What each destructive call found deletes: its first argument when that is a string
    /// literal, else `None` (only known at run time).
    pub delete_targets: Vec<Option<String>>,
    /// String literals: what the code names (files, hosts) is read from them.
    pub strings: Vec<String>,
    /// The string literals to be analysed as shell commands: all but those given as the
    /// file of a call that opens or reads one (`open('/tmp/reboot')` runs nothing).
    pub shell_strings: Vec<String>,
    /// String literals that are URLs.
    pub urls: Vec<String>,
    /// Argument-list process calls (`subprocess.run(["rm","-rf","/"])`,
    /// `system("rm","-rf","/")`, `spawnSync("rm",["-rf","/"])`): the argv, program first;
    /// `None` for an element that is not a string literal.
    pub argv_calls: Vec<Vec<Option<String>>>,
    /// Files the code writes: string literals given to write calls (`writes.rs`), and every
    /// literal that names a file guarding the agent (`toolgate_core::protected`).
    pub written: Vec<String>,
    /// A call runs a command or code that is only known at run time (`os.system(x)` with
    /// `x` from the arguments, `eval(input())`).
    pub runs_dynamic: bool,
    /// Code given as a literal to a call that runs code of the same language
    /// (`exec('…')`, `eval("…")`), to be scanned as such.
    pub nested_code: Vec<String>,
}

/// Most argument-list calls taken from one piece of code.
const MAX_ARGV_CALLS: usize = 32;

/// Call names (the last segment: `subprocess.run` → `run`) that start a process from an
/// argument list.
const PROCESS_CALLS: &[&str] = &[
    "run",
    "call",
    "check_call",
    "check_output",
    "Popen",
    "getoutput",
    "getstatusoutput",
    "system",
    "exec",
    "execl",
    "execle",
    "execlp",
    "execlpe",
    "execv",
    "execve",
    "execvp",
    "execvpe",
    "spawn",
    "spawnl",
    "spawnle",
    "spawnlp",
    "spawnlpe",
    "spawnv",
    "spawnve",
    "spawnvp",
    "spawnvpe",
    "spawnSync",
    "execFile",
    "execFileSync",
    "fork",
    "posix_spawn",
    "posix_spawnp",
    "capture2",
    "capture2e",
    "capture3",
    "popen",
    "popen2",
    "popen3",
    "pipeline",
    "pipeline_r",
    "pipeline_w",
    "Command",
    "ProcessBuilder",
    "proc_open",
    // Elixir's `System.cmd("rm", ["-rf", "/"])`.
    "cmd",
    // Vimscript's and neovim's: `jobstart(['rm', '-rf', '/'])`.
    "systemlist",
    "jobstart",
    "termopen",
    "job_start",
    "term_start",
];

/// Call names (the last segment: `fs.readFileSync` → `readFileSync`) whose first argument is a
/// file they open, read or inspect, not a command. Ruby's and Perl's `open` run a command
/// given with a pipe (`open("| cmd")`), so a string with `|` stays a shell string.
const FILE_CALLS: &[&str] = &[
    "open",
    "fopen",
    "Path",
    "PurePath",
    "readFileSync",
    "readFile",
    "createReadStream",
    "read",
    "readlines",
    "foreach",
    "file_get_contents",
    "load_file",
    "exists",
    "existsSync",
    "isfile",
    "isdir",
    "getsize",
    "stat",
    "statSync",
    "listdir",
    "readdirSync",
    "expanduser",
    "expand_path",
];

/// Whether the string literal whose opening quote is at `at` is the first argument of one of
/// the [`FILE_CALLS`] (`open('x')`, `fs.readFileSync( "x"`).
fn is_file_argument(chars: &[char], at: usize) -> bool {
    call_name_before(chars, at).is_some_and(|name| FILE_CALLS.contains(&name.as_str()))
}

/// The name of the call whose argument list opens just before `at`, blanks skipped (`open`
/// for the literal of `open( 'x'`); `None` when no `(` is there.
pub(crate) fn call_name_before(chars: &[char], at: usize) -> Option<String> {
    let mut i = at;
    while i > 0 && chars[i - 1].is_whitespace() {
        i -= 1;
    }
    if i == 0 || chars[i - 1] != '(' {
        return None;
    }
    let end = i - 1;
    let mut start = end;
    while start > 0 && is_ident(chars[start - 1]) {
        start -= 1;
    }
    Some(chars[start..end].iter().collect())
}

/// (needle, label): calls that delete files or trees, or run shell strings.
const DESTRUCTIVE: &[(&str, &str)] = &[
    ("rmtree", "shutil.rmtree"),
    ("os.remove", "os.remove"),
    ("os.unlink", "os.unlink"),
    ("os.rmdir", "os.rmdir"),
    ("removedirs", "os.removedirs"),
    (".unlink(", "unlink"),
    ("unlink(", "unlink"),
    ("rm_rf", "FileUtils.rm_rf"),
    ("rm_r(", "FileUtils.rm_r"),
    ("FileUtils.rm", "FileUtils.rm"),
    ("remove_tree", "File::Path::remove_tree"),
    ("rmSync", "fs.rmSync"),
    ("rmdirSync", "fs.rmdirSync"),
    ("unlinkSync", "fs.unlinkSync"),
    ("fs.rm(", "fs.rm"),
    ("fs.rmdir(", "fs.rmdir"),
    ("promises.rm", "fs.promises.rm"),
    ("rimraf", "rimraf"),
    ("File.delete", "File.delete"),
    ("Dir.rmdir", "Dir.rmdir"),
    ("rmdir(", "rmdir"),
    ("Deno.remove", "Deno.remove"),
    // Julia's `rm(path, recursive=true)`; R's `unlink(…, recursive=TRUE)` is `unlink(`.
    ("recursive=true", "rm(…, recursive=true)"),
    ("file delete", "file delete"),
    // Emacs Lisp: `(delete-directory DIR t)` deletes a tree, `(delete-file FILE)` a file.
    ("(delete-directory ", "delete-directory"),
    ("(delete-file ", "delete-file"),
];

/// Scans interpreter code of a language not known.
pub fn scan(code: &str) -> InlineFindings {
    scan_in(code, Dialect::Other)
}

/// Scans interpreter code of `dialect`.
pub(crate) fn scan_in(code: &str, dialect: Dialect) -> InlineFindings {
    let mut f = InlineFindings::default();
    // Needles overlap (`os.rmdir` and `rmdir(`): one target per call, keyed by where the
    // called name ends.
    let mut calls: Vec<usize> = Vec::new();
    for (needle, label) in DESTRUCTIVE {
        for (at, _) in code.match_indices(needle) {
            if !f.hits.contains(label) {
                f.hits.push(label);
            }
            let name_end = at + needle.trim_end_matches('(').len();
            let key = name_end
                + code[name_end..]
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(code.len() - name_end);
            if calls.contains(&key) || calls.len() >= MAX_ARGV_CALLS {
                continue;
            }
            calls.push(key);
            f.delete_targets.push(delete_target(code, key));
        }
    }
    let chars: Vec<char> = code.chars().collect();
    f.argv_calls = argv::argv_calls(&chars);
    if dialect == Dialect::Other {
        lisp::read_forms(&chars, &mut f);
    }
    f.written = writes::written_files(&chars);
    let commands = calls::command_spans(&chars, dialect, &mut f);
    // Literals joined into the command text of one before them.
    let mut consumed: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        // Perl's `qx(…)` and Ruby's `%x(…)` run their text.
        if let Some((text, end)) = command_text::quoted_command(&chars, i, dialect) {
            if f.shell_strings.len() < 64 {
                f.shell_strings.push(text);
            }
            i = end;
            continue;
        }
        if q == '\'' || q == '"' || q == '`' {
            let (s, after) = string_at(&chars, i);
            if let Some(url) = url_literal(&s) {
                f.urls.push(url);
            }
            // The file of a call that opens, reads or writes one runs nothing.
            let runs_nothing =
                !s.contains('|') && (is_file_argument(&chars, i) || f.written.contains(&s));
            if f.strings.len() < 64 && !consumed.contains(&i) && !runs_nothing {
                // A command a call runs: with what is joined or formatted into it.
                let runs = (q == '`' && crate::knowledge::code_calls::backquote_runs(dialect))
                    || commands.iter().any(|&(a, b)| a <= i && i < b);
                let text = if runs {
                    command_text::command_text(&chars, i, dialect, &mut consumed).0
                } else {
                    s.clone()
                };
                // Ruby's and Perl's pipe opens: `open("| cmd")`, `open(F, "cmd |")`.
                let command = text
                    .trim()
                    .trim_start_matches('|')
                    .trim_end_matches('|')
                    .trim();
                if !command.is_empty() {
                    f.shell_strings.push(command.to_string());
                }
            }
            if !s.trim().is_empty() && f.strings.len() < 64 {
                f.strings.push(s);
            }
            i = after;
        } else {
            i += 1;
        }
    }
    for s in &f.strings {
        if toolgate_core::protected::is_protected_path(s.trim(), false) && !f.written.contains(s) {
            f.written.push(s.trim().to_string());
        }
    }
    f
}

/// The path a destructive call at `at` deletes, when it is a string literal: the call's first
/// argument (`shutil.rmtree('build')`, `fs.rmSync("dist", …)`), or for a method on a path
/// object the literal the object was made from (`Path("x").unlink()`). `None` otherwise.
fn delete_target(code: &str, name_end: usize) -> Option<String> {
    // After the last character that cannot be in a name, whatever its width in bytes.
    let name_start = code[..name_end]
        .char_indices()
        .rev()
        .find(|&(_, c)| !(c.is_alphanumeric() || c == '_'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    // Only pathlib's methods act on the object they are called on; `fs.rmSync(x)` and the
    // like take the path as their first argument.
    let method = &code[name_start..name_end];
    let before = code[..name_start]
        .strip_suffix('.')
        .map(str::trim_end)
        .filter(|_| matches!(method, "unlink" | "rmdir"));
    if let Some(inner) = before.and_then(|b| b.strip_suffix(')')) {
        // `Path("x").unlink(`: the literal in the call just before the method.
        let quote = inner.chars().last().filter(|c| matches!(c, '"' | '\''))?;
        let body = &inner[..inner.len() - 1];
        let open = body.rfind(quote)?;
        let literal = &body[open + 1..];
        let call = body[..open].trim_end();
        return (call.ends_with('(') && !literal.contains(['\\', '$', '`', '{']))
            .then(|| literal.to_string());
    }
    // The first argument: after `(`, or for Ruby and Perl calls without parentheses, after
    // the name. An interpolated (`f"{x}"`, `"#{dir}"`, `"$dir"`) or computed argument is only
    // known at run time.
    let args = code[name_end..].trim_start();
    let args = args.strip_prefix('(').unwrap_or(args).trim_start();
    let quote = args.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    let end = args[1..].find(quote)?;
    let literal = &args[1..1 + end];
    let after = args[1 + end + 1..].trim_start();
    // `'a' + x`, `"a" . $x`: the literal is only the start of the path.
    let whole = after.starts_with([',', ')', ';']) || after.is_empty();
    (whole && !literal.contains(['\\', '$', '`', '{'])).then(|| literal.to_string())
}

/// The names in `chars` outside string literals, each as where it starts and the index after
/// it (`subprocess`, `run` of `subprocess.run(…)`).
pub(crate) fn names(chars: &[char]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < chars.len() {
            let c = chars[i];
            if matches!(c, '\'' | '"' | '`') {
                i = string_at(chars, i).1;
                continue;
            }
            if !(c.is_alphabetic() || c == '_') || (i > 0 && is_ident(chars[i - 1])) {
                i += 1;
                continue;
            }
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            return Some((start, i));
        }
        None
    })
}

/// A Perl or Ruby quote-like body (`qw(…)`, `qx{…}`, `%x[…]`, `qx!…!`) whose delimiter is at
/// `open`: its text and the index after the closing delimiter. A bracket closes with its
/// pair, any other delimiter with itself.
pub(crate) fn delimited_body(chars: &[char], open: usize) -> Option<(String, usize)> {
    let close = match *chars.get(open)? {
        '(' => ')',
        '[' => ']',
        '{' => '}',
        '<' => '>',
        c => c,
    };
    let end = (open + 1..chars.len()).find(|&k| chars[k] == close)?;
    Some((chars[open + 1..end].iter().collect(), end + 1))
}

/// Whether `c` can be part of a name.
pub(crate) fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The string literal starting at `i` (its quote): its text and the index after it.
pub(crate) fn string_at(chars: &[char], i: usize) -> (String, usize) {
    let q = chars[i];
    let mut s = String::new();
    let mut j = i + 1;
    while j < chars.len() && chars[j] != q {
        if chars[j] == '\\' && j + 1 < chars.len() {
            j += 1;
        }
        s.push(chars[j]);
        j += 1;
    }
    // An unclosed string ends with the code.
    (s, (j + 1).min(chars.len()))
}

/// A string literal that names a URL: any case of the scheme, with or without the slashes
/// browsers and WHATWG parsers accept (`HTTP://h/`, `http:h/`); leading blanks dropped.
fn url_literal(s: &str) -> Option<String> {
    let t = s.trim_start_matches(|c: char| c.is_ascii_whitespace() || c.is_ascii_control());
    let (scheme, rest) = t.split_once(':')?;
    let scheme = scheme.to_ascii_lowercase();
    if !matches!(scheme.as_str(), "http" | "https" | "ws" | "wss" | "ftp") || rest.is_empty() {
        return None;
    }
    let rest = rest.trim_start_matches(['/', '\\']);
    Some(format!("{scheme}://{rest}"))
}

/// What `code`, run by the interpreter `name`, does with the network and with secrets, from
/// `toolgate_core::inline_network` and the secret source tables; `strings` are the code's
/// string literals ([`scan`]). `None` when it does neither, or the language is not read.
pub(crate) fn network(code: &str, name: &str, strings: &[String]) -> Option<InlineNetwork> {
    let language = crate::knowledge::interpreters::language(name)?;
    let used = toolgate_core::inline_network::network_use(language, code);
    let mut reads: Vec<SecretSource> = Vec::new();
    let named = strings
        .iter()
        .filter_map(|s| secret_source(&crate::facts::paths::tilde_home(s.trim()), None, None));
    let environment = dumps_environment(code).then_some(SecretSource::ProcessEnvironment);
    for source in named.chain(environment) {
        if !reads.contains(&source) {
            reads.push(source);
        }
    }
    if !used.connects && reads.is_empty() {
        return None;
    }
    let program = crate::knowledge::programs::table_name(name);
    let endpoints = used
        .endpoints
        .into_iter()
        .map(|e| match e {
            // Inline code's HTTP method is not read: checked without one, as before methods.
            Endpoint::Url(url) => Destination::Url {
                url,
                program,
                method: None,
            },
            Endpoint::Host { host, port } => Destination::Host {
                host,
                port,
                program,
            },
        })
        .collect();
    Some(InlineNetwork {
        connects: used.connects,
        reverse_shell: used.reverse_shell,
        reads,
        endpoints,
    })
}

#[cfg(test)]
mod tests;
