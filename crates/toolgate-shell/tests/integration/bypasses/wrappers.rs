//! Wrappers, runners and multiplexers run the commands they are given: `su -c`, `chroot`,
//! `env -S`, `uv run`, `tmux new`, `screen -X stuff`; long chains of them end, and an option
//! a wrapper's table lacks fails closed.

use toolgate_shell::{IndeterminateKind, analyze};

use super::{denied, has, rules};
use crate::support::rules_in;

#[test]
fn su_runuser_and_parallel_run_their_commands() {
    for cmd in [
        "su root -c 'rm -rf /'",
        "su - root -c 'rm -rf /'",
        "su -l root --command='rm -rf /'",
        "su root --comm 'rm -rf /'",
        "runuser -u root -- rm -rf /",
        "runuser -u root rm -rf /",
        "runuser -l root -c 'rm -rf /'",
        "parallel rm -rf ::: /",
    ] {
        assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}");
    }
}

#[test]
fn table_wrappers_are_unwrapped() {
    for cmd in [
        "chroot /mnt rm -rf /",
        "chroot --userspec=1:1 /mnt rm -rf /",
        "setsid -f rm -rf /",
        "dbus-launch --exit-with-session rm -rf /",
        "dbus-run-session -- rm -rf /",
        "flock /tmp/l rm -rf /",
        "flock -w 5 /tmp/l rm -rf /",
        "flock /tmp/l -c 'rm -rf /'",
        "unshare -r -w / rm -rf /",
        "nsenter -t 1 -m rm -rf /",
        "systemd-run --user --working-directory=/ rm -rf /",
        "systemd-run -p MemoryMax=1G rm -rf /",
        "firejail --noprofile rm -rf /",
        "strace -f -o log rm -rf /",
        "ltrace -o log rm -rf /",
        "taskset 0x1 rm -rf /",
        "taskset -c 0 rm -rf /",
        "chrt -f 10 rm -rf /",
        "prlimit --nofile=10 rm -rf /",
        "sg wheel 'rm -rf /'",
        "sg wheel -c 'rm -rf /'",
        "pkexec --user root rm -rf /",
        "script -qc 'rm -rf /' /dev/null",
        "script --command 'rm -rf /' log",
        "busybox rm -rf /",
        "toybox rm -rf /",
        "fakeroot -- rm -rf /",
        "eatmydata rm -rf /",
        "unbuffer rm -rf /",
        "faketime '2020-01-01' rm -rf /",
        "torsocks -u u -p p rm -rf /",
        "proxychains -f conf rm -rf /",
        "proxychains4 -q rm -rf /",
        "catchsegv rm -rf /",
        "valgrind --tool=memcheck rm -rf /",
        "xvfb-run -a -s '-screen 0 1x1x8' rm -rf /",
        "dbus-run-session -- rm -rf /",
        "timeout --sig KILL 5 rm -rf /",
        "ionice -c3 rm -rf /",
        "setarch x86_64 rm -rf /",
        "numactl --cpunodebind=0 rm -rf /",
    ] {
        assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}");
    }
    // Acting on a running process: nothing runs.
    assert!(rules("taskset -p 0x1 1234").is_empty());
    assert!(rules("script log.txt").is_empty());
}

#[test]
fn wrapper_long_options_by_prefix_and_shell_modes() {
    for cmd in [
        "sudo --chd /tmp rm -rf /",
        "sudo --us root rm -rf /",
        "env --unse=X rm -rf /",
        "env --unse X rm -rf /",
        "env --split-str='rm -rf /'",
        "env -S 'rm -rf /'",
        "env -P /usr/bin rm -rf /",
        "sudo -s rm -rf /",
        "sudo -i 'rm -rf /'",
        "sudo -P rm -rf /",
    ] {
        assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}");
    }
}

#[test]
fn long_wrapper_chains_finish_and_fail_closed() {
    // Linear in the number of words: these must finish quickly in the normal test run.
    let env_chain = format!("{}rm -rf /", "env ".repeat(62_500));
    let a = analyze(&env_chain);
    assert_eq!(
        a.indeterminate.map(|i| i.kind),
        Some(IndeterminateKind::TooDeep)
    );
    let xargs_chain = format!("{}rm -rf /", "xargs ".repeat(40_000));
    assert!(analyze(&xargs_chain).indeterminate.is_some());
    let assignments = format!("env {}rm -rf /", "A=1 ".repeat(60_000));
    assert!(!rules_in(&assignments, None).is_empty());
    // A short chain is still followed.
    assert!(has(
        &format!("{}rm -rf /", "env ".repeat(40)),
        "TG-CMD-RM-ROOT"
    ));
}

#[test]
fn a_program_only_an_unread_option_could_produce_is_indeterminate() {
    // `-R /` (sudo's chroot) and `time -p --` used to leave `/` or `--` as the program.
    assert!(has("sudo -R / rm -rf ~", "TG-CMD-RM-HOME"));
    for cmd in ["time -p -- rm -rf ~", "nice -- -- rm -rf ~"] {
        assert!(denied(cmd), "{cmd}");
    }
}

#[test]
fn project_runners_run_their_commands() {
    for cmd in [
        "uv run rm -rf ~",
        "poetry run rm -rf ~",
        "npm exec -- rm -rf ~",
        "pnpm exec rm -rf ~",
        "bundle exec rm -rf ~",
        "conda run -n base rm -rf ~",
        "aws-vault exec prod -- rm -rf ~",
        "direnv exec . rm -rf ~",
        "op run -- rm -rf ~",
    ] {
        assert!(has(cmd, "TG-CMD-RM-HOME"), "{cmd}: {:?}", rules(cmd));
    }
    // Global options before the subcommand were taken for the program's own words, so
    // the command they run went unread (fail-open).
    for cmd in [
        "uv --quiet run rm -rf ~",
        "uv --directory x run rm -rf ~",
        "npm --prefix . exec -- rm -rf ~",
        "poetry -C . run rm -rf ~",
        "pnpm -C x exec rm -rf ~",
        "pnpm -r exec rm -rf ~",
        "yarn --cwd x exec rm -rf ~",
        "conda -v run -n base rm -rf ~",
        "aws-vault --backend file exec prod -- rm -rf ~",
        "hatch -e test run rm -rf ~",
        "op --account my run --env-file .env -- rm -rf ~",
        "doppler -p backend run -- rm -rf ~",
        // Runners and wrappers the tables lacked: their commands went unread.
        "pipenv run rm -rf ~",
        "pixi run rm -rf ~",
        "infisical run --env=dev -- rm -rf ~",
        "devbox run rm -rf ~",
        "asdf exec rm -rf ~",
        "pyenv exec rm -rf ~",
        "volta run --node 20 rm -rf ~",
        "fnm exec --using=20 rm -rf ~",
        "dotenvx run -f .env -- rm -rf ~",
        "mise exec node@20 -- rm -rf ~",
        "tox exec -e py -- rm -rf ~",
        "nix develop -c rm -rf ~",
        "nix develop .#ci --command rm -rf ~",
        "nix shell nixpkgs#jq -c rm -rf ~",
        "nix-shell -p jq --run 'rm -rf ~'",
        "nix-shell --pure shell.nix --command 'rm -rf ~'",
        "chronic rm -rf ~",
        // tar runs these options' values through a shell.
        "tar -xf a.tar --to-command='rm -rf ~'",
        "tar -I 'rm -rf ~' -cf x.tar .",
        "tar --use-compress-program='sh -c \"rm -rf ~\"' -xf a.tar",
        "tar -cf x.tar --checkpoint=1 --checkpoint-action=exec='rm -rf ~' .",
        "tar -cf x.tar -F 'rm -rf ~' -L 1 .",
        // zip tests the archive with `-TT`'s command.
        "zip x.zip a -T -TT 'rm -rf ~'",
        "zip x.zip a -T --unzip-command='rm -rf ~'",
        // Terminal multiplexers run their commands in a new session, window or pane.
        "tmux new -d 'rm -rf ~'",
        "tmux new-session -d -s job rm -rf ~",
        "tmux -L sock new-window -t job -n w 'cd /tmp && rm -rf ~'",
        "tmux split-window -h -l 30 'rm -rf ~'",
        "tmux run-shell -b 'rm -rf ~'",
        "tmux if-shell 'rm -rf ~' 'display ok'",
        "tmux send-keys -t job 'rm -rf ~' Enter",
        "tmux new -d -s a \\; send-keys -t a 'rm -rf ~' C-m",
        "tmux -c 'rm -rf ~'",
        "screen -dm rm -rf ~",
        "screen -dmS job bash -c 'rm -rf ~'",
        "setpriv --reuid 1000 --init-groups rm -rf ~",
    ] {
        assert!(has(cmd, "TG-CMD-RM-HOME"), "{cmd}: {:?}", rules(cmd));
    }
    // An option the table does not know may take a value: not guessed.
    assert!(denied("uv run --some-new-option x rm -rf ~"));
    assert!(denied("uv --some-new-option x run rm -rf ~"));
    assert!(denied("npm --some-new-option exec rm -rf ~"));
    assert!(denied("nix develop --some-new-option x -c rm -rf ~"));
    assert!(denied("nix develop -ic rm -rf ~"));
    assert!(denied("mise exec --some-new-option node@20 -- rm -rf ~"));
    assert!(denied("mise exec node@20 rm -rf ~"));
    for cmd in [
        "uv run pytest -q",
        "uv --directory api run pytest -q",
        "pnpm -r exec tsc --noEmit",
        "pnpm --parallel -r exec prettier --check .",
        "pipenv run pytest",
        "pixi run test",
        "nix develop",
        "nix develop -c cargo test",
        "nix shell nixpkgs#jq",
        "nix-shell -p jq --run 'jq . data.json'",
        "nix-shell",
        "mise exec node@20 -- node -v",
        "tox exec -e py312 -- pytest -q",
        "eval $(ssh-agent -s)",
        "tar -I zstd -xf release.tar.zst",
        "tar --use-compress-program=pigz -cf out.tgz src",
        "tar -xzf archive.tgz -C build",
        "tmux new -d -s dev 'npm run dev'",
        "tmux send-keys -t dev 'npm test' Enter",
        "tmux ls",
        "tmux attach -t dev",
        "tmux kill-session -t dev",
        "screen -ls",
        "screen -r job",
        "screen -dmS dev npm run dev",
        "npm --prefix web install",
        "npm install",
        "bundle exec rspec",
        "npx prettier --check .",
    ] {
        assert!(!denied(cmd), "{cmd}");
    }
}

#[test]
fn yarn_run_and_bun_x_run_the_program_they_name() {
    for cmd in [
        "yarn run rimraf /etc",
        "bun x rimraf /etc",
        "bun x --bun rimraf ~",
        // A word that is no yarn command runs as a script or binary.
        "yarn rimraf /etc",
        "yarn --cwd pkg rimraf ~",
        "yarn shx rm -rf ~",
        "yarn node -e \"require('fs').rmSync('/etc', {recursive: true})\"",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
    for cmd in [
        "yarn run build",
        "yarn run test --watch",
        "yarn",
        "yarn build",
        "yarn test",
        "yarn add lodash",
        "yarn lint --fix",
        "yarn rimraf dist",
        "yarn tsc --noEmit",
        "bun x prettier --write .",
        "bun run dev",
        "bun -e \"console.log('x')\"",
        "bun install",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
}

#[test]
fn screen_stuff_and_exec_run_in_a_window() {
    // `stuff` types keys into the window's shell (`\n`, `^M` are Enter); `exec` runs a
    // program there.
    for cmd in [
        "screen -S x -X stuff 'rm -rf ~\\n'",
        "screen -S x -p 0 -X stuff $'rm -rf ~\\n'",
        "screen -S x -X stuff 'rm -rf ~^M'",
        "screen -S x -X exec rm -rf ~",
    ] {
        assert!(has(cmd, "TG-CMD-RM-HOME"), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "screen -S x -X stuff 'npm test\\n'",
        "screen -ls",
        "screen -S x -X quit",
        "screen -dmS dev npm run dev",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
}

/// Password feeders, socksifiers, init shims, user switchers and sandboxes exec the command
/// after their options (bubblewrap's options take two or three words each); container, VM
/// and dyno runners run the one after their name; fleet tools run a command line given as
/// an option or operands. Each passed with no rule before.
#[test]
fn more_wrappers_runners_and_fleet_tools_run_their_commands() {
    for cmd in [
        "sshpass -p x rm -rf /",
        "sshpass -f pw.txt rm -rf /",
        "sshpass -e ssh host 'rm -rf /'",
        "tsocks rm -rf /",
        "with-contenv rm -rf /",
        "ifne rm -rf /",
        "tini -- rm -rf /",
        "tini -p SIGTERM -- rm -rf /",
        "dumb-init rm -rf /",
        "dumb-init --rewrite 15:2 -- rm -rf /",
        "gosu root rm -rf /",
        "su-exec root rm -rf /",
        "s6-setuidgid root rm -rf /",
        "setuidgid root rm -rf /",
        "chpst -u root rm -rf /",
        "cgexec -g cpu:grp rm -rf /",
        "systemd-inhibit --why=x rm -rf /",
        "fakechroot rm -rf /",
        "proot -b /dev rm -rf /",
        "flatpak-spawn --host rm -rf /",
        "flatpak-spawn --host --env=A=1 rm -rf /",
        "bwrap --bind / / rm -rf /",
        "bwrap --dev-bind / / --proc /proc --setenv A B rm -rf /",
        "bwrap --ro-bind /usr /usr --overlay /a /b /c --chdir /x rm -rf /",
        "toolbox run rm -rf /",
        "toolbox run -c box rm -rf /",
        "distrobox enter box -- rm -rf /",
        "distrobox-enter box -- rm -rf /",
        "lxc exec c -- rm -rf /",
        "incus exec c rm -rf /",
        "multipass exec vm -- rm -rf /",
        "limactl shell default rm -rf /",
        "heroku run rm -rf /",
        "heroku run -a app rm -rf /",
        "vagrant ssh -c 'rm -rf /'",
        "vagrant ssh web --command 'rm -rf /'",
        "fly ssh console -C 'rm -rf /'",
        "flyctl ssh console --command 'rm -rf /' -a app",
        "pssh -h hosts 'rm -rf /'",
        "parallel-ssh -H h1 -l root 'rm -rf /'",
        "salt '*' cmd.run 'rm -rf /'",
        "salt '*' cmd.run 'rm -rf /' runas=root",
        "salt-ssh web cmd.shell 'rm -rf /'",
        "salt-call cmd.run 'rm -rf /'",
        "watchexec -- rm -rf /",
        "watchexec 'rm -rf /'",
        "watchexec -e rs -w src -- rm -rf /",
        "entr rm -rf /",
        "entr -s 'rm -rf /'",
        "reflex -r x -- rm -rf /",
        "nodemon --exec 'rm -rf /'",
        "nodemon -e js -x 'rm -rf /' app.js",
        "cargo watch -s 'rm -rf /'",
        "cargo watch -x run -s 'rm -rf /'",
        "npx concurrently 'npm run web' 'rm -rf /'",
        "concurrently -n a,b 'rm -rf /'",
        "man -P 'rm -rf /' ls",
    ] {
        assert!(has(cmd, "TG-CMD-RM-ROOT"), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "sshpass -p x ssh-copy-id me@example.com",
        "tini -- node server.js",
        "dumb-init node app.js",
        "gosu app npm start",
        "bwrap --ro-bind / / --dev /dev --proc /proc bash -c 'ls'",
        "bwrap --bind / / ls",
        "systemd-inhibit --list",
        "toolbox create",
        "toolbox enter",
        "toolbox run ls",
        "distrobox enter box",
        "distrobox enter box -- ls -la",
        "lxc list",
        "lxc exec c -- ls",
        "multipass exec vm -- ls",
        "limactl shell default",
        "heroku logs --tail",
        "heroku run rails db:migrate",
        "vagrant up",
        "vagrant ssh",
        "vagrant ssh -c 'ls -la'",
        "fly deploy",
        "fly ssh console",
        "fly ssh console -C 'ls /app'",
        "pssh -h hosts uptime",
        "salt '*' test.ping",
        "salt '*' cmd.run uptime",
        "watchexec -e rs cargo test",
        "watchexec -r -- npm start",
        "watchexec -w src 'make build'",
        "ls *.go | entr -r go run .",
        "reflex -r '\\.go$' -- go run .",
        "nodemon app.js",
        "nodemon -x 'python main.py' -e py",
        "cargo watch -x test",
        "cargo watch -s 'make build'",
        "npx concurrently 'npm run api' 'npm run web'",
        "man -P cat ls",
    ] {
        assert!(!denied(cmd), "{cmd} must pass: {:?}", rules(cmd));
    }
}
