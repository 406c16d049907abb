//! Codex's patch format (`*** Begin Patch` … `*** End Patch`), as `apply_patch` sends it, read
//! into the writes and edits it makes: an added file is a `Write`, an updated file an `Edit`
//! (removed and context lines as `old_string`, added and context lines as `new_string`), a
//! move also a `Write` of the destination, a deleted file a `Write` of nothing. Each is then
//! checked like the Claude Code tool it stands for (protected paths, secrets in added lines).
//! A patch that does not parse is refused: what toolgate cannot read, it does not let through.

use serde_json::json;

use super::ToolCall;

/// The first and last lines of a patch.
const BEGIN: &str = "*** Begin Patch";
const END: &str = "*** End Patch";

/// One file operation of a patch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileChange {
    /// `*** Add File: path` with its `+` lines.
    Add {
        /// The new file.
        path: String,
        /// Its content.
        content: String,
    },
    /// `*** Delete File: path`.
    Delete {
        /// The deleted file.
        path: String,
    },
    /// `*** Update File: path`, optionally `*** Move to: dest`.
    Update {
        /// The updated file.
        path: String,
        /// Where it moves, if anywhere.
        move_to: Option<String>,
        /// Removed and context lines.
        old: String,
        /// Added and context lines.
        new: String,
    },
}

/// Parses `text` (the patch, possibly inside `apply_patch <<'EOF' … EOF`) into its file changes.
pub fn parse(text: &str) -> Result<Vec<FileChange>, &'static str> {
    let start = text
        .find(BEGIN)
        .ok_or("The apply_patch text has no `*** Begin Patch` line")?;
    let mut lines = text[start..].lines().skip(1).peekable();
    let mut changes = Vec::new();
    let mut ended = false;
    while let Some(line) = lines.next() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.trim_end() == END {
            ended = true;
            break;
        }
        if let Some(path) = line.strip_prefix("*** Add File: ") {
            let mut content = String::new();
            while let Some(next) = lines.peek() {
                let Some(added) = next.strip_prefix('+') else {
                    break;
                };
                content.push_str(added.strip_suffix('\r').unwrap_or(added));
                content.push('\n');
                lines.next();
            }
            changes.push(FileChange::Add {
                path: file_path(path)?,
                content,
            });
        } else if let Some(path) = line.strip_prefix("*** Delete File: ") {
            changes.push(FileChange::Delete {
                path: file_path(path)?,
            });
        } else if let Some(path) = line.strip_prefix("*** Update File: ") {
            let path = file_path(path)?;
            let mut move_to = None;
            if let Some(dest) = lines.peek().and_then(|l| l.strip_prefix("*** Move to: ")) {
                move_to = Some(file_path(dest)?);
                lines.next();
            }
            let (mut old, mut new) = (String::new(), String::new());
            while let Some(next) = lines.peek() {
                let next = next.strip_suffix('\r').unwrap_or(next);
                if next.starts_with("*** ") && next != "*** End of File" {
                    break;
                }
                if next.starts_with("@@") || next == "*** End of File" {
                } else if let Some(rest) = next.strip_prefix('-') {
                    old.push_str(rest);
                    old.push('\n');
                } else if let Some(rest) = next.strip_prefix('+') {
                    new.push_str(rest);
                    new.push('\n');
                } else if let Some(rest) =
                    next.strip_prefix(' ').or((next.is_empty()).then_some(""))
                {
                    old.push_str(rest);
                    old.push('\n');
                    new.push_str(rest);
                    new.push('\n');
                } else {
                    return Err("The apply_patch text has a line that is not part of a hunk");
                }
                lines.next();
            }
            changes.push(FileChange::Update {
                path,
                move_to,
                old,
                new,
            });
        } else if line.trim().is_empty() {
        } else {
            return Err("The apply_patch text has a line that is not a file operation");
        }
    }
    if !ended {
        return Err("The apply_patch text has no `*** End Patch` line");
    }
    if changes.is_empty() {
        return Err("The apply_patch text changes no file");
    }
    Ok(changes)
}

fn file_path(raw: &str) -> Result<String, &'static str> {
    let path = raw.trim();
    if path.is_empty() {
        return Err("The apply_patch text names an empty file path");
    }
    Ok(path.to_string())
}

/// The patch as calls in toolgate's model.
pub fn calls(text: &str) -> Result<Vec<ToolCall>, &'static str> {
    Ok(parse(text)?
        .into_iter()
        .flat_map(|change| match change {
            FileChange::Add { path, content } => {
                vec![ToolCall::new(
                    "Write",
                    json!({"file_path": path, "content": content}),
                )]
            }
            FileChange::Delete { path } => {
                vec![ToolCall::new(
                    "Write",
                    json!({"file_path": path, "content": ""}),
                )]
            }
            FileChange::Update {
                path,
                move_to,
                old,
                new,
            } => {
                let mut out = vec![ToolCall::new(
                    "Edit",
                    json!({"file_path": path, "old_string": old, "new_string": new}),
                )];
                if let Some(dest) = move_to {
                    out.push(ToolCall::new(
                        "Write",
                        json!({"file_path": dest, "content": new}),
                    ));
                }
                out
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_is_read() {
        let text = "*** Begin Patch\n*** Add File: a.txt\n+one\n+two\n*** Delete File: b.txt\n\
                    *** Update File: c.rs\n*** Move to: d.rs\n@@ fn x\n ctx\n-old\n+new\n\
                    *** End of File\n*** End Patch\n";
        assert_eq!(
            parse(text).unwrap(),
            vec![
                FileChange::Add {
                    path: "a.txt".into(),
                    content: "one\ntwo\n".into()
                },
                FileChange::Delete {
                    path: "b.txt".into()
                },
                FileChange::Update {
                    path: "c.rs".into(),
                    move_to: Some("d.rs".into()),
                    old: "ctx\nold\n".into(),
                    new: "ctx\nnew\n".into()
                },
            ]
        );
        let calls = calls(text).unwrap();
        let names: Vec<&str> = calls.iter().map(|c| c.tool_name.as_str()).collect();
        assert_eq!(names, ["Write", "Write", "Edit", "Write"]);
        assert_eq!(calls[3].input["file_path"], "d.rs");
    }

    #[test]
    fn a_heredoc_wrapper_is_read() {
        let text =
            "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: x\n+y\n*** End Patch\nEOF\n";
        assert_eq!(calls(text).unwrap().len(), 1);
    }

    #[test]
    fn malformed_patches_are_refused() {
        for text in [
            "",
            "*** Add File: x\n+y\n",
            "*** Begin Patch\n*** Add File: x\n+y\n",
            "*** Begin Patch\n*** End Patch\n",
            "*** Begin Patch\n*** Frobnicate: x\n*** End Patch\n",
            "*** Begin Patch\n*** Update File: x\n?what\n*** End Patch\n",
            "*** Begin Patch\n*** Add File:  \n+y\n*** End Patch\n",
        ] {
            assert!(parse(text).is_err(), "{text:?}");
        }
    }
}
