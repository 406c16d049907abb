//! Which parts of a tool call each check looks at: shell commands, URLs, file paths.
//!
//! Claude Code's own tools are recognised by name; MCP tools (`mcp__server__tool`) and unknown
//! tools are searched for arguments that carry a shell command or a URL.

use std::borrow::Cow;

use serde_json::Value;

mod operations;
mod resource_deletes;
use operations::{file_operation, kubectl_operation};
pub(crate) use resource_deletes::resource_delete_rules;

/// Argument names that carry a shell command in MCP and unknown tools.
const SHELL_ARGUMENT_NAMES: &[&str] = &[
    "command",
    "cmd",
    "script",
    "shell",
    "shell_command",
    "bash",
    "commandline",
    "command_line",
    // The AWS API MCP server's `call_aws`.
    "cli_command",
];

/// URL schemes that mark a string argument as a destination.
const URL_SCHEMES: &[&str] = &[
    "http://",
    "https://",
    "ws://",
    "wss://",
    "ftp://",
    "ftps://",
    "file://",
    "gopher://",
    "dict://",
    "ldap://",
    "ldaps://",
    "smb://",
    "sftp://",
    "ssh://",
    "tftp://",
    "telnet://",
];

/// Deepest level searched for arguments (rendering refuses deeper input anyway).
const MAX_SEARCH_DEPTH: usize = 40;

/// How a URL was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum UrlSource {
    /// `WebFetch`'s `url`.
    WebFetch,
    /// A URL-shaped argument of an MCP or other tool.
    ToolArgument,
}

/// Argument names that carry an argument vector (`["rm", "-rf", "/"]`) in tools that run
/// programs.
const ARGV_ARGUMENT_NAMES: &[&str] = &["args", "argv", "arguments"];

/// Words in a tool's name that say it runs programs.
const RUNNER_WORDS: &[&str] = &[
    "exec", "run", "shell", "command", "spawn", "terminal", "process", "bash", "cmd",
];

/// Words in a tool's name that say it only inspects what it is given: a command in its
/// arguments is data to explain, lint, format or search, not something it runs.
const INSPECT_WORDS: &[&str] = &[
    "explain", "lint", "format", "fmt", "search", "check", "validate", "analyze", "analyse",
    "parse", "describe", "preview",
];

/// Words that may stand beside an inspecting word without changing what the tool does (the
/// kind of thing it inspects). A tool with any other word (`check_and_deploy`) may run it.
const INSPECTED_THINGS: &[&str] = &[
    "command", "commands", "cmd", "shell", "bash", "script", "code", "syntax", "tool", "call",
    "calls", "policy", "text", "query", "pattern", "regex", "string", "file", "files", "url",
    "urls", "batch", "json", "yaml", "toml", "sql", "line",
];

/// Whether a tool's name says it only inspects its arguments (`explain_command`,
/// `lint_shell`, `check_tool_call`): every word inspects or names what is inspected, and one
/// word inspects.
fn only_inspects(tool_name: &str) -> bool {
    let words = name_words(tool_name);
    words.iter().any(|w| INSPECT_WORDS.contains(&w.as_str()))
        && words
            .iter()
            .all(|w| INSPECT_WORDS.contains(&w.as_str()) || INSPECTED_THINGS.contains(&w.as_str()))
}

/// Words in a tool's name that say it only reads (no write verb present).
const READ_WORDS: &[&str] = &[
    "read", "get", "list", "search", "view", "stat", "find", "grep", "info", "show", "cat",
];

/// Words in a tool's name that say it changes files.
const WRITE_WORDS: &[&str] = &[
    "write", "edit", "create", "save", "move", "rename", "copy", "delete", "remove", "append",
    "put", "upload", "patch", "replace", "mkdir", "chmod", "set", "update", "insert", "apply",
];

/// The words of an MCP tool's own name (`mcp__fs__write_file` → `write`, `file`).
fn name_words(tool_name: &str) -> Vec<String> {
    let own = tool_name.rsplit("__").next().unwrap_or(tool_name);
    let mut words = Vec::new();
    let mut current = String::new();
    for c in own.chars() {
        if c.is_ascii_uppercase() && !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
        if c.is_ascii_alphanumeric() {
            current.push(c.to_ascii_lowercase());
        } else if !current.is_empty() {
            words.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        words.push(current);
    }
    words
}

/// A Bash call's command, borrowed where it lies (`None`: the call has no command string).
pub fn bash_command(input: &Value) -> Option<Cow<'_, str>> {
    input
        .get("command")
        .and_then(Value::as_str)
        .map(Cow::Borrowed)
}

/// The shell commands a tool call would run. For tools that run programs, an argument
/// vector (`{"args": ["rm", "-rf", "/"]}`) is quoted into one command.
pub fn shell_commands<'a>(tool_name: &str, input: &'a Value) -> Vec<Cow<'a, str>> {
    if let Some(tool) = own_tool(tool_name) {
        return string_argument(input, tool.runs)
            .map(Cow::Borrowed)
            .into_iter()
            .collect();
    }
    match tool_name {
        // `mcp__toolgate__explain_command {"command": "rm -rf /"}`: the command is data.
        _ if only_inspects(tool_name) => Vec::new(),
        _ => {
            let mut out = Vec::new();
            collect_named_strings(input, SHELL_ARGUMENT_NAMES, 0, &mut out);
            let words = name_words(tool_name);
            out.extend(file_operation(&words, input).map(Cow::Owned));
            out.extend(kubectl_operation(&words, input).map(Cow::Owned));
            let has_command = |map: &serde_json::Map<String, Value>| {
                map.keys()
                    .any(|k| SHELL_ARGUMENT_NAMES.contains(&k.to_ascii_lowercase().as_str()))
            };
            if words.iter().any(|w| RUNNER_WORDS.contains(&w.as_str()))
                && let Value::Object(map) = input
                && !has_command(map)
            {
                for (key, v) in map {
                    if !ARGV_ARGUMENT_NAMES.contains(&key.to_ascii_lowercase().as_str()) {
                        continue;
                    }
                    if let Value::Array(items) = v {
                        let program = ["program", "executable", "file"]
                            .iter()
                            .find_map(|k| map.get(*k).and_then(Value::as_str));
                        let argv = quote_argv(
                            program
                                .into_iter()
                                .chain(items.iter().filter_map(Value::as_str)),
                        );
                        if !argv.is_empty() {
                            out.push(Cow::Owned(argv));
                        }
                    }
                }
            }
            out
        }
    }
}

/// One word quoted for the shell (`it's` → `'it'\''s'`).
fn shell_quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// The URLs a tool call would reach.
pub fn urls<'a>(tool_name: &str, input: &'a Value) -> Vec<(&'a str, UrlSource)> {
    if let Some(tool) = own_tool(tool_name) {
        return string_argument(input, tool.fetches)
            .map(|url| (url, UrlSource::WebFetch))
            .into_iter()
            .collect();
    }
    let mut found = Vec::new();
    collect_url_strings(input, 0, &mut found);
    found
        .into_iter()
        .map(|u| (u, UrlSource::ToolArgument))
        .collect()
}

/// One of Claude Code's own tools (other agents' tools are mapped to these names first) and
/// the argument that holds what it acts on, if any.
struct OwnTool {
    name: &'static str,
    /// It runs this argument as a shell command.
    runs: Option<&'static str>,
    /// It fetches this argument, a URL.
    fetches: Option<&'static str>,
    /// It writes the file this argument names.
    writes: Option<&'static str>,
    /// It shows the model the content of the file this argument names.
    shows: Option<&'static str>,
}

const fn own(name: &'static str) -> OwnTool {
    OwnTool {
        name,
        runs: None,
        fetches: None,
        writes: None,
        shows: None,
    }
}

impl OwnTool {
    const fn runs(mut self, key: &'static str) -> OwnTool {
        self.runs = Some(key);
        self
    }
    const fn fetches(mut self, key: &'static str) -> OwnTool {
        self.fetches = Some(key);
        self
    }
    const fn writes(mut self, key: &'static str) -> OwnTool {
        self.writes = Some(key);
        self
    }
    const fn shows(mut self, key: &'static str) -> OwnTool {
        self.shows = Some(key);
        self
    }
}

/// Claude Code's own tools. Grep shows content only with `output_mode: content`
/// ([`read_paths`] says so); the others act on nothing a check reads (`Glob`, `LS` and
/// `WebSearch` list names or results, `Agent`/`Task` start a sub-agent whose calls come
/// through the hook themselves).
const OWN_TOOLS: &[OwnTool] = &[
    own("Bash").runs("command"),
    own("Read").shows("file_path"),
    own("Write").writes("file_path"),
    own("Edit").writes("file_path"),
    own("MultiEdit").writes("file_path"),
    own("NotebookEdit").writes("notebook_path"),
    own("NotebookRead").shows("notebook_path"),
    own("Glob"),
    own("Grep"),
    own("LS"),
    own("WebFetch").fetches("url"),
    own("WebSearch"),
    own("TodoWrite"),
    own("Agent"),
    own("Task"),
    own("ExitPlanMode"),
    own("BashOutput"),
    own("KillShell"),
    own("KillBash"),
    own("ToolSearch"),
];

/// The row of one of Claude Code's own tools.
fn own_tool(tool_name: &str) -> Option<&'static OwnTool> {
    OWN_TOOLS.iter().find(|t| t.name == tool_name)
}

/// The string argument `key` of `input`, when there is one.
fn string_argument<'a>(input: &'a Value, key: Option<&str>) -> Option<&'a str> {
    input.get(key?).and_then(Value::as_str)
}

/// Whether `tool_name` is an MCP or other tool that may act on what its name says (not one of
/// Claude Code's own, not one that only inspects its arguments).
pub(crate) fn is_other_tool(tool_name: &str) -> bool {
    own_tool(tool_name).is_none() && !only_inspects(tool_name)
}

/// Words in a tool's name that say it shows a file's content (`read_file`, `view`,
/// `get_file_contents`), where `list`, `search` and `stat` show names.
const CONTENT_WORDS: &[&str] = &["read", "cat", "view", "head", "tail", "content", "contents"];

/// Argument names that carry the files a reading tool shows, besides the file tools' path
/// names (`operations::PATH_ARGUMENT_NAMES`).
const READ_PATH_NAMES: &[&str] = &["notebook_path", "absolute_path", "uri"];

/// The files a tool call would show the model: Read's and NotebookRead's path, Grep's search
/// path when it prints matching lines (`output_mode: content`; the default lists names), and
/// the path arguments of an MCP or other tool whose name says it shows content and changes
/// nothing (`read_text_file`, `read_multiple_files`). A `file://` URI stands for its path.
pub fn read_paths<'a>(tool_name: &str, input: &'a Value) -> Vec<&'a str> {
    let key = match own_tool(tool_name) {
        Some(_) if tool_name == "Grep" => {
            (input.get("output_mode").and_then(Value::as_str) == Some("content")).then_some("path")
        }
        Some(tool) => tool.shows,
        None => {
            let words = name_words(tool_name);
            let shows = words.iter().any(|w| CONTENT_WORDS.contains(&w.as_str()))
                && !words.iter().any(|w| WRITE_WORDS.contains(&w.as_str()));
            let mut found = Vec::new();
            if shows && let Value::Object(map) = input {
                for (k, v) in map {
                    let k = k.to_ascii_lowercase();
                    let named = |names: &[&str]| names.contains(&k.as_str());
                    if !named(READ_PATH_NAMES) && !named(operations::PATH_ARGUMENT_NAMES) {
                        continue;
                    }
                    match v {
                        Value::String(s) => found.push(s.as_str()),
                        Value::Array(items) => found.extend(items.iter().filter_map(Value::as_str)),
                        _ => {}
                    }
                }
            }
            return found
                .into_iter()
                .map(|p| p.strip_prefix("file://").unwrap_or(p))
                .collect();
        }
    };
    string_argument(input, key).into_iter().collect()
}

/// The files a tool call would write: Claude Code's file tools by their path argument; an
/// MCP or other tool, unless its name says it only reads, by every string argument (any
/// name, any depth), since a protected file named anywhere in it may be what it writes.
pub fn written_paths<'a>(tool_name: &str, input: &'a Value) -> Vec<&'a str> {
    let key = match own_tool(tool_name) {
        Some(tool) => tool.writes,
        None => {
            let words = name_words(tool_name);
            let reads_only = words.iter().any(|w| READ_WORDS.contains(&w.as_str()))
                && !words.iter().any(|w| WRITE_WORDS.contains(&w.as_str()));
            if reads_only {
                return Vec::new();
            }
            let mut found = Vec::new();
            collect_all_strings(input, 0, &mut found);
            return found;
        }
    };
    string_argument(input, key).into_iter().collect()
}

fn collect_all_strings<'a>(value: &'a Value, depth: usize, out: &mut Vec<&'a str>) {
    if depth > MAX_SEARCH_DEPTH {
        return;
    }
    match value {
        Value::String(s) => out.push(s),
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect_all_strings(v, depth + 1, out)),
        Value::Object(map) => map
            .values()
            .for_each(|v| collect_all_strings(v, depth + 1, out)),
        _ => {}
    }
}

/// `true` when the WebFetch input has a `url` that is not a string (malformed: deny).
pub fn web_fetch_url_malformed(tool_name: &str, input: &Value) -> bool {
    tool_name == "WebFetch" && !matches!(input.get("url"), Some(Value::String(_)))
}

/// Strings under `names` at any depth. A list under such a name is an argument vector
/// (`command: ["rm", "-rf", "/"]`), and a string beside an `args`/`argv` list is its program
/// (`{command: "rm", args: ["-rf", "/"]}`): both are quoted into one command.
fn collect_named_strings<'a>(
    value: &'a Value,
    names: &[&str],
    depth: usize,
    out: &mut Vec<Cow<'a, str>>,
) {
    if depth > MAX_SEARCH_DEPTH {
        return;
    }
    match value {
        Value::Object(map) => {
            let argv = map.iter().find_map(|(k, v)| match v {
                Value::Array(items)
                    if ARGV_ARGUMENT_NAMES.contains(&k.to_ascii_lowercase().as_str()) =>
                {
                    Some(items)
                }
                _ => None,
            });
            for (key, v) in map {
                let lower = key.to_ascii_lowercase();
                if names.contains(&lower.as_str()) {
                    match v {
                        Value::String(s) => match argv {
                            Some(items) => out.push(Cow::Owned(quote_argv(
                                std::iter::once(s.as_str())
                                    .chain(items.iter().filter_map(Value::as_str)),
                            ))),
                            None => out.push(Cow::Borrowed(s)),
                        },
                        Value::Array(items) => out.push(Cow::Owned(quote_argv(
                            items.iter().filter_map(Value::as_str),
                        ))),
                        _ => {}
                    }
                }
                collect_named_strings(v, names, depth + 1, out);
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect_named_strings(v, names, depth + 1, out)),
        _ => {}
    }
}

/// Words quoted for the shell and joined into one command.
fn quote_argv<'a>(words: impl Iterator<Item = &'a str>) -> String {
    words.map(shell_quote).collect::<Vec<_>>().join(" ")
}

fn collect_url_strings<'a>(value: &'a Value, depth: usize, out: &mut Vec<&'a str>) {
    if depth > MAX_SEARCH_DEPTH {
        return;
    }
    match value {
        Value::String(s) if looks_like_url(s) => out.push(s),
        Value::Object(map) => map
            .values()
            .for_each(|v| collect_url_strings(v, depth + 1, out)),
        Value::Array(items) => items
            .iter()
            .for_each(|v| collect_url_strings(v, depth + 1, out)),
        _ => {}
    }
}

/// A string argument is a destination when, after leading whitespace, it starts with a known
/// scheme and `://` (case-insensitive). The raw string is checked as it is, so whitespace or
/// control characters in it make the egress check deny it as ambiguous.
fn looks_like_url(s: &str) -> bool {
    starts_with_scheme(s.trim_start())
}

fn starts_with_scheme(t: &str) -> bool {
    URL_SCHEMES.iter().any(|scheme| {
        t.len() >= scheme.len()
            && t.as_bytes()[..scheme.len()].eq_ignore_ascii_case(scheme.as_bytes())
    })
}

#[cfg(test)]
mod tests;
