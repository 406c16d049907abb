//! Programs whose output is shell code that sets up the current shell: completion scripts,
//! environment exports and hooks, meant for `eval "$(X …)"` or `source <(X …)`.
//!
//! Running such output adds nothing to what running `X` itself does: `X` is analysed as any
//! command is, and what it prints is its own fixed setup code (functions, `export`s,
//! `complete` calls). Output of any other program run this way stays indeterminate: it may be
//! anything, a file the agent wrote or a download.

use crate::SimpleCommand;

/// One entry: the program and the leading words of its arguments that ask for setup code.
struct Setup {
    program: &'static str,
    words: &'static [&'static str],
}

const fn setup(program: &'static str, words: &'static [&'static str]) -> Setup {
    Setup { program, words }
}

/// The table. Each entry prints only code of its own making.
const SETUP_PROGRAMS: &[Setup] = &[
    // Agent processes: print the variables that locate the agent's socket.
    setup("ssh-agent", &[]),
    setup("gpg-agent", &["--daemon"]),
    setup("keychain", &["--eval"]),
    // Shell hooks of environment managers: functions that run the manager itself.
    setup("direnv", &["hook"]),
    setup("direnv", &["export"]),
    setup("pyenv", &["init"]),
    setup("pyenv", &["virtualenv-init"]),
    setup("rbenv", &["init"]),
    setup("nodenv", &["init"]),
    setup("goenv", &["init"]),
    setup("jenv", &["init"]),
    setup("plenv", &["init"]),
    setup("fnm", &["env"]),
    setup("mise", &["activate"]),
    setup("zoxide", &["init"]),
    setup("starship", &["init"]),
    setup("oh-my-posh", &["init"]),
    setup("cs", &["java"]),
    setup("atuin", &["init"]),
    setup("mcfly", &["init"]),
    setup("thefuck", &["--alias"]),
    setup("brew", &["shellenv"]),
    setup("opam", &["env"]),
    setup("luarocks", &["path"]),
    setup("dircolors", &[]),
    setup("conda", &["shell.bash", "hook"]),
    setup("conda", &["shell.zsh", "hook"]),
    setup("micromamba", &["shell", "hook"]),
    // A virtual environment's activation script, printed by the tool that made it.
    setup("poetry", &["env", "activate"]),
    // Completion scripts: `complete` definitions for the program itself.
    setup("kubectl", &["completion"]),
    setup("helm", &["completion"]),
    setup("gh", &["completion"]),
    setup("docker", &["completion"]),
    setup("minikube", &["completion"]),
    setup("kind", &["completion"]),
    setup("oc", &["completion"]),
    setup("eksctl", &["completion"]),
    setup("flux", &["completion"]),
    setup("argocd", &["completion"]),
    setup("ng", &["completion"]),
    setup("gcrane", &["completion"]),
    setup("npm", &["completion"]),
    setup("pip", &["completion"]),
    setup("pip3", &["completion"]),
    setup("poetry", &["completions"]),
    setup("rustup", &["completions"]),
    setup("uv", &["generate-shell-completion"]),
    setup("register-python-argcomplete", &[]),
    setup("fzf", &["--bash"]),
    setup("fzf", &["--zsh"]),
];

/// Whether `cmd` is a setup program asked for its setup code.
pub(crate) fn prints_setup_code(cmd: &SimpleCommand) -> bool {
    let program = cmd.program_lower();
    SETUP_PROGRAMS.iter().any(|s| {
        s.program == program
            && s.words.len() <= cmd.args.len()
            && s.words.iter().zip(&cmd.args).all(|(w, a)| w == a)
            && cmd.dynamic_args.is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::SETUP_PROGRAMS;

    #[test]
    fn entries_are_lower_case_and_unique() {
        for (i, s) in SETUP_PROGRAMS.iter().enumerate() {
            assert_eq!(s.program, s.program.to_ascii_lowercase());
            assert!(
                SETUP_PROGRAMS[i + 1..]
                    .iter()
                    .all(|o| o.program != s.program || o.words != s.words),
                "{}",
                s.program
            );
        }
    }
}
