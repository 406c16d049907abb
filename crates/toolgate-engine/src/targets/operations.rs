//! MCP tools that do what a shell command does, read as that command: file system tools that
//! delete or move (`rm`, `mv`) and Kubernetes tools named `kubectl_VERB`.

use serde_json::Value;

use super::{SHELL_ARGUMENT_NAMES, quote_argv};

/// Words in a tool's name that say it deletes what its path arguments name.
const DELETE_WORDS: &[&str] = &["delete", "remove", "rm", "unlink", "rmdir", "erase"];

/// Words in a tool's name that say it moves what its path arguments name.
const MOVE_WORDS: &[&str] = &["move", "rename", "mv"];

/// Words in a tool's name that say its path is a directory with everything in it.
const TREE_WORDS: &[&str] = &["directory", "dir", "folder", "tree", "recursive", "rmdir"];

/// Argument names that carry a file system path (one, or a list).
pub(super) const PATH_ARGUMENT_NAMES: &[&str] = &[
    "path",
    "paths",
    "file",
    "files",
    "file_path",
    "filepath",
    "filename",
    "directory",
    "dir",
    "folder",
    "target_path",
];

/// Argument names of a move's source and destination.
const MOVE_SOURCE_NAMES: &[&str] = &["source", "src", "from", "old_path", "source_path"];
const MOVE_DESTINATION_NAMES: &[&str] = &[
    "destination",
    "dest",
    "dst",
    "to",
    "new_path",
    "destination_path",
    "target",
];

/// What a file system tool does, as the shell command that does the same: a delete tool
/// (`delete_file {"path": …}`, `remove_directory`, `{"recursive": true}`) is `rm [-r] -- PATH…`,
/// a move tool (`move_file {"source": …, "destination": …}`) is `mv -- SOURCE DESTINATION`, so
/// the commands check judges their paths as it judges `rm` and `mv`.
pub(super) fn file_operation(words: &[String], input: &Value) -> Option<String> {
    let Value::Object(map) = input else {
        return None;
    };
    let has = |list: &[&str]| words.iter().any(|w| list.contains(&w.as_str()));
    let strings_under = |names: &[&str]| -> Vec<&str> {
        map.iter()
            .filter(|(k, _)| names.contains(&k.to_ascii_lowercase().as_str()))
            .flat_map(|(_, v)| match v {
                Value::String(s) => vec![s.as_str()],
                Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            })
            .collect()
    };
    if has(DELETE_WORDS) {
        let paths = strings_under(PATH_ARGUMENT_NAMES);
        if paths.is_empty() {
            return None;
        }
        let recursive = has(TREE_WORDS)
            || map
                .iter()
                .any(|(k, v)| k.eq_ignore_ascii_case("recursive") && v.as_bool() == Some(true));
        let program: &[&str] = if recursive {
            &["rm", "-r", "--"]
        } else {
            &["rm", "--"]
        };
        return Some(quote_argv(program.iter().copied().chain(paths)));
    }
    if has(MOVE_WORDS) {
        let sources = strings_under(MOVE_SOURCE_NAMES);
        let destination = strings_under(MOVE_DESTINATION_NAMES);
        if sources.is_empty() || destination.len() != 1 {
            return None;
        }
        return Some(quote_argv(
            ["mv", "--"].into_iter().chain(sources).chain(destination),
        ));
    }
    None
}

/// Argument names of a Kubernetes tool's resource kind, name and namespace.
const KUBE_KIND_NAMES: &[&str] = &["resourcetype", "resource_type", "kind", "resource"];
const KUBE_NAME_NAMES: &[&str] = &["name", "resourcename", "resource_name"];
const KUBE_NAMESPACE_NAMES: &[&str] = &["namespace", "ns"];

/// What a Kubernetes MCP tool named `kubectl_VERB` (`kubectl_delete {"resourceType":
/// "namespace", "name": "prod"}`) does, as the `kubectl VERB KIND [NAME] [-n NS] [--all]
/// [--all-namespaces]` command that does the same, so the cluster rules judge it.
pub(super) fn kubectl_operation(words: &[String], input: &Value) -> Option<String> {
    let [first, verb, ..] = words else {
        return None;
    };
    let Value::Object(map) = input else {
        return None;
    };
    if first != "kubectl"
        || map
            .keys()
            .any(|k| SHELL_ARGUMENT_NAMES.contains(&k.as_str()))
    {
        return None;
    }
    let value = |names: &[&str]| {
        map.iter()
            .find(|(k, _)| names.contains(&k.to_ascii_lowercase().as_str()))
            .and_then(|(_, v)| v.as_str())
    };
    let flag = |name: &str| {
        map.iter()
            .any(|(k, v)| k.eq_ignore_ascii_case(name) && v.as_bool() == Some(true))
    };
    let mut argv = vec!["kubectl", verb.as_str()];
    argv.extend(value(KUBE_KIND_NAMES));
    argv.extend(value(KUBE_NAME_NAMES));
    if let Some(ns) = value(KUBE_NAMESPACE_NAMES) {
        argv.extend(["-n", ns]);
    }
    if flag("allNamespaces") {
        argv.push("--all-namespaces");
    }
    if flag("all") {
        argv.push("--all");
    }
    if flag("force") {
        argv.push("--force");
    }
    Some(quote_argv(argv.into_iter()))
}
