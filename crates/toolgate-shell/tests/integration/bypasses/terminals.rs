//! Terminal emulators, session managers and build tools run the command they are given in a
//! window, pane or session of their own: `xterm -e CMD`, `gnome-terminal -- CMD`, `kitty
//! CMD`, `zellij run -- CMD`, `dtach -n SOCKET CMD`, `mvn exec:exec -Dexec.executable=…`,
//! `launchctl submit -- CMD`.
//! Each of the attack forms below passed with no rule before.

use toolgate_shell::{IndeterminateKind, analyze};

use super::{denied, has, rules};

#[test]
fn terminal_emulators_run_their_commands() {
    for cmd in [
        "xterm -e rm -rf /",
        "xterm -e 'rm -rf /'",
        "xterm -T x -geometry 80x24 -e rm -rf /",
        "xterm +sb -xrm 'XTerm*saveLines: 1' -e rm -rf /",
        "xterm -fullscreen -e rm -rf /",
        "uxterm -hold -e rm -rf /",
        "urxvt -cd src -e rm -rf /",
        "x-terminal-emulator -e rm -rf /",
        "gnome-terminal -- rm -rf /",
        "gnome-terminal --tab --title t -- bash -c 'rm -rf /'",
        "gnome-terminal -e 'rm -rf /'",
        "gnome-terminal -x rm -rf /",
        "xfce4-terminal -e 'rm -rf /'",
        "xfce4-terminal --command='rm -rf /'",
        "xfce4-terminal --hold -x rm -rf /",
        "mate-terminal --execute rm -rf /",
        "terminator -x rm -rf /",
        "tilix -e 'rm -rf /'",
        "lxterminal -e 'rm -rf /'",
        "konsole --noclose -e rm -rf /",
        "qterminal -e rm -rf /",
        "alacritty -e rm -rf /",
        "alacritty --working-directory src --command rm -rf /",
        "alacritty msg create-window -e rm -rf /",
        "kitty rm -rf /",
        "kitty --title t rm -rf /",
        "kitty @ launch --type=tab rm -rf /",
        "kitten @ launch --type=os-window rm -rf /",
        "foot rm -rf /",
        "foot -e rm -rf /",
        "wezterm start -- rm -rf /",
        "wezterm start --cwd . rm -rf /",
        "wezterm cli spawn -- rm -rf /",
        "st -e rm -rf /",
        "st rm -rf /",
        "sakura -x rm -rf /",
        "guake -e 'rm -rf /'",
        "tilda -c 'rm -rf /'",
        "ghostty -e rm -rf /",
        "xdg-terminal-exec rm -rf /",
        "nohup xterm -e rm -rf / &",
        "sudo xterm -e rm -rf /",
    ] {
        assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}: {:?}", rules(cmd));
    }
}

/// An option a terminal's row does not know may take the next word: the command after it is
/// not guessed.
#[test]
fn an_unknown_terminal_option_before_a_command_fails_closed() {
    for cmd in ["kitty --odd x rm -rf /", "foot --odd x rm -rf /"] {
        let a = analyze(cmd);
        assert_eq!(
            a.indeterminate.as_ref().map(|i| i.kind),
            Some(IndeterminateKind::ParseError),
            "{cmd}"
        );
    }
}

#[test]
fn terminals_opened_for_everyday_work_pass() {
    for cmd in [
        "xterm -T Example",
        "xterm -fullscreen",
        "nohup xterm -e java -jar start.jar &",
        "gnome-terminal -- ls",
        "gnome-terminal --tab",
        "gnome-terminal --tab -t 'title'",
        "kitty --title 'title'",
        "kitty +kitten themes",
        "kitty --directory src cargo test",
        "konsole --noclose -e 'ls'",
        "konsole --workdir src",
        "konsole --new-tab",
        "alacritty --daemon",
        "alacritty msg create-window",
        "alacritty --working-directory src",
        "wezterm cli list",
        "wezterm cli split-pane --left --cells 5",
        "foot -s",
        "foot ls",
        "urxvt -cd src",
        "urxvt --hold -e ls",
        "xfce4-terminal --initial-title 'initial_title'",
        "xfce4-terminal --command 'make test'",
        "lxterminal -e 'ls'",
        "xdg-terminal-exec ls arg1 arg2",
        "xdg-terminal-exec --hold ls",
        "ptyxis -x ls",
        "ptyxis --tab",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

#[test]
fn session_managers_and_readline_wrappers_run_their_commands() {
    for cmd in [
        "zellij run -- rm -rf /",
        "zellij run -f -- rm -rf /",
        "zellij -s dev run rm -rf /",
        "byobu new-session 'rm -rf /'",
        "byobu-tmux new-window 'rm -rf /'",
        "dtach -n /tmp/s rm -rf /",
        "dtach -A /tmp/s -z rm -rf /",
        "abduco -c s rm -rf /",
        "abduco -A -r s rm -rf /",
        "rlwrap rm -rf /",
        "rlwrap -H hist -a rm -rf /",
    ] {
        assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "zellij",
        "zellij attach dev",
        "zellij run -f -- htop",
        "zellij run --cwd src -- cargo test",
        "byobu",
        "dtach -a /tmp/s",
        "abduco",
        "abduco -A myapp bash",
        "abduco -Ar myapp",
        "rlwrap -H hist sqlite3 x.db",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// Maven's exec plugin runs `exec.executable` with `exec.args`.
#[test]
fn maven_exec_runs_its_executable() {
    for cmd in [
        "mvn exec:exec -Dexec.executable=rm -Dexec.args='-rf /'",
        "mvn exec:exec@run -D exec.executable=rm -D exec.args='-rf /'",
        "./mvnw -q org.codehaus.mojo:exec-maven-plugin:3.1.0:exec -Dexec.executable=sh \
         \"-Dexec.args=-c 'rm -rf /'\"",
    ] {
        assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}: {:?}", rules(cmd));
    }
    // A program only known at run time is not taken for a literal name.
    let cmd = "mvn exec:exec -Dexec.executable=\"$X\" -Dexec.args=-la";
    assert!(denied(cmd), "{cmd}: {:?}", rules(cmd));
    for cmd in [
        "mvn exec:exec -Dexec.executable=ls -Dexec.args=-la",
        "mvn exec:java -Dexec.mainClass=x.Main",
        "mvn clean install -DskipTests",
        "mvn help:evaluate -Dexpression=project.version",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}

/// `launchctl submit -- CMD` makes launchd run the command as a job: the command is read
/// (the job itself is the persistence pack's, see the engine's pack fixtures).
#[test]
fn launchd_submits_run_their_commands() {
    let cmd = "launchctl submit -l x -- rm -rf /";
    assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}: {:?}", rules(cmd));
    let cmd = "launchctl submit -l build -o /tmp/out -- make test";
    assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
}
