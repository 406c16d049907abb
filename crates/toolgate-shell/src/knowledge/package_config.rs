//! Configuration keys of the JavaScript package managers (npm, pnpm, yarn) whose value is a
//! program they run later, or code they load into every script: `npm config set
//! script-shell /tmp/x` makes every `npm run` start that program, and `node-options
//! "--require /tmp/x.js"` loads the file into every script's node. Set once, it runs in
//! every later session, as a git hook does.

/// The keys (as `npm config set KEY VALUE` and `KEY=VALUE` write them) whose program runs
/// without being asked for: scripts, installs of git and native dependencies, `npm exec`,
/// `npm init`. (`browser`, `viewer` and `editor` run only on the command that opens them,
/// and `browser true` names no program.)
pub(crate) const PROGRAM_KEYS: &[&str] = &[
    "script-shell",
    "shell",
    "git",
    "node-options",
    "init-module",
    "onload-script",
    "node-gyp",
    // Yarn (2 and later): the release file every `yarn` command runs.
    "yarnpath",
];

/// The package managers' configuration files, by name: a line of one that sets a program
/// key (`script-shell=/tmp/x` in `.npmrc`, `yarnPath: ./x.cjs` in `.yarnrc.yml`) is the
/// file form of `npm config set`.
pub(crate) const CONFIG_FILES: &[&str] = &[".npmrc", ".yarnrc", ".yarnrc.yml"];

/// Whether `text`, written into one of [`CONFIG_FILES`], has a line that sets a program key
/// (`KEY=VALUE`, `KEY VALUE` or `KEY: VALUE`).
pub(crate) fn sets_program_key(text: &str) -> bool {
    text.lines().any(|line| {
        let line = line.trim_start().trim_start_matches(['"', '\'']);
        let key = line
            .split(|c: char| c == '=' || c == ':' || c.is_whitespace() || c == '"')
            .next()
            .unwrap_or("");
        !key.is_empty() && is_program_key(key)
    })
}

/// Whether `key` (a `KEY` or `KEY=VALUE` word, any case) names a program key.
pub(crate) fn is_program_key(word: &str) -> bool {
    let key = word.split_once('=').map_or(word, |(k, _)| k);
    PROGRAM_KEYS.iter().any(|k| k.eq_ignore_ascii_case(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_lower_case_and_found_in_both_spellings() {
        for k in PROGRAM_KEYS {
            assert_eq!(*k, k.to_ascii_lowercase());
            assert!(is_program_key(k));
            assert!(is_program_key(&format!("{k}=/tmp/x")));
        }
        assert!(!is_program_key("registry"));
        assert!(sets_program_key(
            "registry=https://r.example/\nscript-shell=/tmp/x\n"
        ));
        assert!(sets_program_key("yarnPath: .yarn/releases/x.cjs"));
        assert!(sets_program_key("node-options \"--require /tmp/x.js\""));
        assert!(!sets_program_key("//npm.example/:_authToken=${NPM_TOKEN}"));
        assert!(!sets_program_key("save-exact=true\nengine-strict=true"));
        assert!(!is_program_key("fund=false"));
    }
}
