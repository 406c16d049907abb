//! Policy diagnostics: errors and warnings with file, line, column and a hint.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::document::Position;
use crate::environment::EnvironmentError;

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    /// Usable but suspicious.
    Warning,
    /// The policy is unusable: every check denies.
    Error,
}

/// One finding about a policy file.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub level: Level,
    /// A stable, kebab-case code (`unknown-key`, `wrong-type`, `invalid-pattern`, …).
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// Where (unknown for built-in defaults).
    #[serde(skip_serializing_if = "is_unknown", serialize_with = "ser_line")]
    pub line: Position,
    /// What to write instead.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// The file the diagnostic is about, when it is not the main policy file (a constitution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<PathBuf>,
}

fn is_unknown(p: &Position) -> bool {
    !p.is_known()
}

fn ser_line<S: serde::Serializer>(p: &Position, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeStruct;
    let mut st = s.serialize_struct("Position", 2)?;
    st.serialize_field("line", &p.line)?;
    st.serialize_field("column", &p.column)?;
    st.end()
}

impl Diagnostic {
    /// An error at `position`.
    pub fn error(code: &'static str, position: Position, message: impl Into<String>) -> Self {
        Diagnostic {
            level: Level::Error,
            code,
            message: message.into(),
            line: position,
            hint: None,
            file: None,
        }
    }

    /// A warning at `position`.
    pub fn warning(code: &'static str, position: Position, message: impl Into<String>) -> Self {
        Diagnostic {
            level: Level::Warning,
            ..Diagnostic::error(code, position, message)
        }
    }

    /// Adds a hint: what to write instead.
    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    /// Marks the diagnostic as being about another file.
    pub fn in_file(mut self, file: impl Into<PathBuf>) -> Self {
        self.file = Some(file.into());
        self
    }

    /// The position of the diagnostic.
    pub fn position(&self) -> Position {
        self.line
    }
}

/// Everything found while loading one policy, with the source text for rendering.
#[derive(Debug, Clone, Default)]
pub struct Diagnostics {
    items: Vec<Diagnostic>,
}

impl Diagnostics {
    /// No diagnostics.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.items.push(d);
    }

    /// Adds an error.
    pub fn error(&mut self, code: &'static str, position: Position, message: impl Into<String>) {
        self.push(Diagnostic::error(code, position, message));
    }

    /// Adds a warning.
    pub fn warning(&mut self, code: &'static str, position: Position, message: impl Into<String>) {
        self.push(Diagnostic::warning(code, position, message));
    }

    /// Adds an error with a hint.
    pub fn error_hint(
        &mut self,
        code: &'static str,
        position: Position,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.push(Diagnostic::error(code, position, message).with_hint(hint));
    }

    /// Adds a warning with a hint.
    pub fn warning_hint(
        &mut self,
        code: &'static str,
        position: Position,
        message: impl Into<String>,
        hint: impl Into<String>,
    ) {
        self.push(Diagnostic::warning(code, position, message).with_hint(hint));
    }

    /// All diagnostics, in the order found.
    pub fn items(&self) -> &[Diagnostic] {
        &self.items
    }

    /// Moves all of `other` in.
    pub fn extend(&mut self, other: Diagnostics) {
        self.items.extend(other.items);
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| d.level == Level::Error)
    }

    /// The warnings.
    pub fn warnings(&self) -> impl Iterator<Item = &Diagnostic> {
        self.items.iter().filter(|d| d.level == Level::Warning)
    }

    /// Whether any error was found.
    pub fn has_errors(&self) -> bool {
        self.errors().next().is_some()
    }

    /// Sorted by file, then position, errors first on the same spot.
    pub fn sort(&mut self) {
        self.items.sort_by(|a, b| {
            (a.file.as_ref(), a.line, std::cmp::Reverse(a.level)).cmp(&(
                b.file.as_ref(),
                b.line,
                std::cmp::Reverse(b.level),
            ))
        });
    }
}

/// Renders diagnostics rustc/miette style:
///
/// ```text
/// error[unknown-key]: unknown key `alow` in `network`
///   --> .toolgate.yaml:3:3
///    |
///  3 |   alow: ["x"]
///    |   ^
///    = help: did you mean `allow`?
/// ```
///
/// `source` is the main file's text; diagnostics about another file (`Diagnostic::file`) are
/// rendered without a snippet unless `other_sources` has its text.
pub fn render(
    diagnostics: &[Diagnostic],
    path: Option<&Path>,
    source: Option<&str>,
    other_sources: &[(PathBuf, String)],
) -> String {
    let mut out = String::new();
    for d in diagnostics {
        let level = match d.level {
            Level::Error => "error",
            Level::Warning => "warning",
        };
        let _ = writeln!(out, "{level}[{}]: {}", d.code, d.message);
        let (file, text) = match &d.file {
            Some(f) => (
                Some(f.as_path()),
                other_sources
                    .iter()
                    .find(|(p, _)| p == f)
                    .map(|(_, t)| t.as_str()),
            ),
            None => (path, source),
        };
        let name = file.map_or_else(
            || "<built-in policy>".to_string(),
            |p| p.display().to_string(),
        );
        let pos = d.line;
        if EnvironmentError::ALL.iter().any(|e| e.code() == d.code) {
            // About the process environment, not about a file.
            let _ = writeln!(out, "  --> <environment>");
        } else if pos.is_known() {
            let _ = writeln!(out, "  --> {name}:{}:{}", pos.line, pos.column);
            if let Some(line_text) = text.and_then(|t| t.lines().nth(pos.line as usize - 1)) {
                let num = pos.line.to_string();
                let pad = " ".repeat(num.len());
                let caret_pad: String = line_text
                    .chars()
                    .take(pos.column.saturating_sub(1) as usize)
                    .map(|c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                let _ = writeln!(out, " {pad} |");
                let _ = writeln!(out, " {num} | {line_text}");
                let _ = writeln!(out, " {pad} | {caret_pad}^");
            }
        } else {
            let _ = writeln!(out, "  --> {name}");
        }
        if let Some(hint) = &d.hint {
            let _ = writeln!(out, "   = help: {hint}");
        }
        out.push('\n');
    }
    out
}
