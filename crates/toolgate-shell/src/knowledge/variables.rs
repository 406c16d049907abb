//! Shell variables whose values toolgate knows without running anything.

/// The variables the system sets to an absolute directory (the home directory, the temporary
/// directory). Expanded, such a value starts with `/`, so it is never an option: `rm
/// $HOME/notes.txt` deletes one file, where `rm $X` may be `rm -rf …`. A value the command
/// line gives one of them itself (`HOME='-rf /'; rm $HOME`) is read as any other value.
pub(crate) const SYSTEM_DIRECTORIES: &[&str] = &["HOME", "TMPDIR"];

/// Variables the environment gives a shell when it starts: already exported, so a value the
/// command line gives one reaches the processes it starts without `export` (`HOME=/x; bash -c
/// …`). Any other variable the command line sets is taken as not exported unless it says so.
pub(crate) const ENVIRONMENT_GIVEN: &[&str] = &[
    "HOME", "TMPDIR", "PWD", "OLDPWD", "PATH", "USER", "LOGNAME", "SHELL", "LANG", "TERM",
];

/// The variable a word starts with (`$NAME` or `${NAME}`), and the text after it; `None` for
/// a word that does not start with a plain variable (`$1`, `$(…)`, `${X:-y}`, text).
pub(crate) fn leading_variable(word: &str) -> Option<(&str, &str)> {
    let after = word.strip_prefix('$')?;
    let (name, rest) = match after.strip_prefix('{') {
        Some(braced) => braced.split_once('}')?,
        None => after.split_at(
            after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len()),
        ),
    };
    let is_name = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    is_name.then_some((name, rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_leading_variable_is_read_to_the_end_of_its_name() {
        assert_eq!(leading_variable("$HOME/x"), Some(("HOME", "/x")));
        assert_eq!(leading_variable("${HOME}/x"), Some(("HOME", "/x")));
        assert_eq!(leading_variable("$HOME"), Some(("HOME", "")));
        assert_eq!(leading_variable("$HOMEX/a"), Some(("HOMEX", "/a")));
        assert_eq!(leading_variable("${HOME:-/}"), None);
        assert_eq!(leading_variable("$1"), None);
        assert_eq!(leading_variable("$(pwd)"), None);
        assert_eq!(leading_variable("${HOME"), None);
        assert_eq!(leading_variable("home"), None);
    }

    #[test]
    fn the_system_directories_are_variable_names() {
        for name in SYSTEM_DIRECTORIES.iter().chain(ENVIRONMENT_GIVEN) {
            assert_eq!(leading_variable(&format!("${name}")), Some((*name, "")));
        }
    }
}
