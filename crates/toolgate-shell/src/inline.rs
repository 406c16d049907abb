//! Interpreter one-liners: destructive file APIs, shell strings and URLs in the code.

/// What the scan of inline code found.
#[derive(Debug, Default)]
pub struct InlineFindings {
    /// Destructive API names found (fixed labels, never input text).
    pub hits: Vec<&'static str>,
    /// String literals, to be analysed as shell commands.
    pub strings: Vec<String>,
    /// String literals that are URLs.
    pub urls: Vec<String>,
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
];

/// Scans interpreter code.
pub fn scan(code: &str) -> InlineFindings {
    let mut f = InlineFindings::default();
    for (needle, label) in DESTRUCTIVE {
        if code.contains(needle) && !f.hits.contains(label) {
            f.hits.push(label);
        }
    }
    let chars: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let q = chars[i];
        if q == '\'' || q == '"' || q == '`' {
            let mut s = String::new();
            let mut j = i + 1;
            while j < chars.len() && chars[j] != q {
                if chars[j] == '\\' && j + 1 < chars.len() {
                    j += 1;
                }
                s.push(chars[j]);
                j += 1;
            }
            if s.starts_with("http://") || s.starts_with("https://") {
                f.urls.push(s.clone());
            }
            if !s.trim().is_empty() && f.strings.len() < 64 {
                f.strings.push(s);
            }
            i = j + 1;
        } else {
            i += 1;
        }
    }
    f
}
