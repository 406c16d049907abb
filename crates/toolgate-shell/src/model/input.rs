//! What the walker reads from the syntax tree: words after quote removal, what a command
//! reads on stdin, and a simple command before unwrapping.

/// A word after quote removal, as the walker hands it over.
#[derive(Debug, Clone, Default)]
pub struct Arg {
    /// Unquoted text (run-time parts keep their source text).
    pub text: String,
    /// Part of it is only known at run time.
    pub dynamic: bool,
    /// A run-time part is not protected by double quotes (or is `"$@"`): it may expand to
    /// several words, or none. Implies `dynamic`.
    pub splits: bool,
    /// It comes from a substitution that downloads (`$(curl …)`, `<(wget …)`).
    pub from_download: bool,
    /// The whole word is one substitution of a setup program printing its shell setup code
    /// (`"$(ssh-agent -s)"`, `<(kubectl completion bash)`).
    pub setup_code: bool,
    /// The whole word is one substitution that only prints data read from files
    /// (`$(cat .env | xargs)`).
    pub file_data: bool,
    /// Glob characters outside quotes: the shell expands it to matching file names.
    pub glob: bool,
    /// The whole word is one substitution of `find` (`$(find . -name '*.pyc')`): it expands
    /// to paths at or under these start paths (`None` when they are only known at run time
    /// or the word is something else).
    pub listed_roots: Option<Vec<String>>,
    /// The whole word is one substitution of a command whose output its own text fixes
    /// (`$(echo ls)`, `<(echo x=1)`): that output (a command substitution's without its
    /// trailing newlines). Only the program name and sourced scripts use it; elsewhere the
    /// word stays only known at run time.
    pub printed: Option<String>,
    /// A `$` or backtick in the text is a literal character (quoted or escaped): a shell that
    /// re-reads the text (`bash -c "$x; "'$y'`) expands it, not this one.
    pub literal_dollar: bool,
    /// For a word with both this shell's expansions and a literal `$`: the names of each.
    pub mixed: Option<Box<MixedWord>>,
}

/// The variables of a word that mixes this shell's expansions with literal `$`s
/// (`"cd $dir && "'rm "$f"'`), for a shell that re-reads it.
#[derive(Debug, Clone, Default)]
pub struct MixedWord {
    /// Names this shell expands.
    pub expanded_here: Vec<String>,
    /// Names after a literal `$`, which the shell that re-reads the text expands.
    pub left_literal: Vec<String>,
}

impl Arg {
    /// Every run-time part of the text was expanded by this shell before a program got it
    /// (`bash -c "rm $d"`): a shell that re-reads the text finds no expansion of its own.
    /// `false` for a word with literal `$` too (`bash -c "$x; "'rm "$d"'`): which of its
    /// parts is whose is not kept, so the other shell's reading is the one judged.
    pub fn expanded_here(&self) -> bool {
        self.dynamic && !self.literal_dollar
    }
}

#[cfg(test)]
impl Arg {
    /// Plain, fully known words (`["rm", "-rf", "x"]`), for tests of the option reader.
    pub(crate) fn words(ws: &[&str]) -> Vec<Arg> {
        ws.iter()
            .map(|w| Arg {
                text: w.to_string(),
                ..Arg::default()
            })
            .collect()
    }
}

/// What a command reads on stdin from a heredoc, a here-string or `< <(…)`.
#[derive(Debug, Clone, Default)]
pub struct Stdin {
    /// The text.
    pub text: String,
    /// A heredoc subject to expansion (its substitutions run).
    pub expand: bool,
    /// Only known at run time.
    pub dynamic: bool,
    /// Comes from a download.
    pub from_download: bool,
    /// Read from a named file (`bash < script.sh`): it runs that file, as `bash script.sh`
    /// does, so it is no more unknown than a script operand.
    pub from_file: bool,
    /// The text is a template: each `{}` in it stands for data from input (a path, a
    /// line), as in `find … -printf 'mv %p %p.bak\n' | sh` (analysed as `xargs` commands are).
    pub template: bool,
    /// Its run-time parts are only file names or file contents as they were before the
    /// command ran (`find`'s listing, a file's lines, such lines filtered), never text the
    /// command itself wrote: a template may take it as data (`{}`).
    pub data: bool,
    /// When the data are paths `find` lists: its start paths (`Some(None)` when they are only
    /// known at run time), as `xargs` arguments after `find` have them.
    pub listed_roots: Option<Option<Vec<String>>>,
}

/// A simple command before unwrapping.
#[derive(Debug, Clone, Default)]
pub struct RawCommand {
    /// The words: program first.
    pub args: Vec<Arg>,
    /// Prefix assignments.
    pub env: Vec<(String, String)>,
    /// Output redirect targets.
    pub writes: Vec<String>,
    /// Heredoc / here-string.
    pub stdin: Option<Stdin>,
}
