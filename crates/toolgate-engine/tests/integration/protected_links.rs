//! A file tool's write is judged by where its path really leads: a link made in an earlier
//! call (`ln -s .claude/settings.json notes.json`, a linked directory) does not hide a guard
//! file. Real links in a directory of this test's own.

use std::path::PathBuf;
use std::sync::Arc;

use serde_json::json;
use toolgate_engine::{CallContext, Guard};
use toolgate_policy::Policy;

/// A fresh project directory with `.claude/settings.json`, removed when dropped.
struct Project(PathBuf);

impl Project {
    fn new(name: &str) -> Project {
        let dir =
            std::env::temp_dir().join(format!("toolgate-links-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join(".claude")).unwrap();
        std::fs::create_dir_all(dir.join("src")).unwrap();
        std::fs::write(dir.join(".claude/settings.json"), "{}").unwrap();
        Project(dir)
    }
}

impl Drop for Project {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn rules(guard: &Guard, project: &Project, tool: &str, path: &str) -> Vec<String> {
    let cx = CallContext {
        cwd: Some(project.0.clone()),
        ..CallContext::default()
    };
    let input = json!({ "file_path": path, "content": "{}", "old_string": "a", "new_string": "b" });
    guard.check_tool_call_in(tool, &input, &cx).rule_ids
}

#[cfg(unix)]
#[test]
fn writes_through_links_to_guard_files_are_protected_writes() {
    let guard = Guard::new(Arc::new(Policy::builtin()));
    let project = Project::new("write");
    let dir = &project.0;
    std::os::unix::fs::symlink(dir.join(".claude/settings.json"), dir.join("notes.json")).unwrap();
    std::os::unix::fs::symlink(".claude", dir.join("cfg")).unwrap();
    for (tool, path) in [
        ("Write", "notes.json".to_string()),
        ("Edit", dir.join("notes.json").display().to_string()),
        ("Write", "cfg/settings.json".to_string()),
        ("Write", "cfg/settings.local.json".to_string()),
    ] {
        assert!(
            rules(&guard, &project, tool, &path).contains(&"TG-FILE-PROTECTED".to_string()),
            "{tool} {path}"
        );
    }
    for path in [
        "src/main.rs",
        "notes.md",
        "cfg/commands/x.md",
        "new/dir/file.txt",
    ] {
        assert!(
            rules(&guard, &project, "Write", path).is_empty(),
            "{path}: {:?}",
            rules(&guard, &project, "Write", path)
        );
    }
}
