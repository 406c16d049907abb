//! Bypasses that must be caught: wrappers, arguments only known at run time, aliases, writes to
//! protected files, block devices and wipe tools, and long wrapper chains.

use toolgate_shell::{IndeterminateKind, analyze};

use crate::support::rules_in;

fn rules(cmd: &str) -> Vec<String> {
    rules_in(cmd, Some("/home/me/proj"))
}

/// Denied: a rule matched or the analysis is indeterminate.
fn denied(cmd: &str) -> bool {
    analyze(cmd).indeterminate.is_some() || !rules(cmd).is_empty()
}

fn has(cmd: &str, id: &str) -> bool {
    rules(cmd).iter().any(|r| r == id)
}

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
fn arguments_only_known_at_run_time_are_the_worst_case() {
    for cmd in [
        "X=-rf; rm $X /",
        "f(){ rm \"$@\"; }; f -rf /",
        "set -- -rf /; rm \"$@\"",
        "rm -rf $(cat f)",
        "rm -rf \"$DIR\"/",
        "rm `cat flags` /",
        "chmod $MODE /etc",
        "dd if=/dev/zero of=$DISK",
    ] {
        assert!(denied(cmd), "{cmd}");
    }
    assert!(has("git push $ARGS", "TG-CMD-GIT-PUSH-FORCE"));
    assert!(has("git reset \"$@\"", "TG-CMD-GIT-RESET-HARD"));
    assert!(has("git clean $OPTS", "TG-CMD-GIT-CLEAN"));
    // A value of an option is not an option.
    assert!(rules("git commit -m \"$MSG\"").is_empty());
    assert!(rules("rm -f build/app.o").is_empty());
}

#[test]
fn a_quoted_run_time_word_is_one_word() {
    // Alone it cannot be both the options and the target.
    for cmd in ["rm -f \"$tmpfile\"", "rm \"$OUT\"", "rm -- \"$(mktemp)\""] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
    // Unquoted it may split into options and targets; quoted beside another operand it may
    // be the options; `"$@"` is many words even quoted.
    for cmd in [
        "rm -f $tmpfile",
        "rm \"$X\" /",
        "rm -f \"$@\"",
        "rm ${FLAGS} ~",
    ] {
        assert!(denied(cmd), "{cmd}");
    }
    let a = analyze("rm -f \"$a\" $b \"$@\"");
    assert_eq!(a.commands[0].dynamic_args, [1, 2, 3]);
    assert_eq!(a.commands[0].split_args, [2, 3]);
}

#[test]
fn alias_bodies_are_analysed() {
    // A definition runs nothing; the body is analysed where the alias or function is used.
    assert!(has("alias x='rm -rf /'; x", "TG-CMD-RM-ROOT"));
    assert!(has(
        "alias x=\"git push --force\"; x",
        "TG-CMD-GIT-PUSH-FORCE"
    ));
    assert!(has("alias rmr='rm -rf'; rmr /", "TG-CMD-RM-ROOT"));
    assert!(rules("alias x=\"git push --force\"").is_empty());
    assert!(rules("alias ll='ls -l'; ll").is_empty());
    assert!(has("f() { rm -rf /; }; f", "TG-CMD-RM-ROOT"));
    assert!(has(
        "cleanup() { rm -rf ~; }; trap cleanup EXIT",
        "TG-CMD-RM-HOME"
    ));
    assert!(rules("f() { rm -rf /; }").is_empty());
    assert!(has(":(){ :|:& };:", "TG-CMD-FORK-BOMB"));
}

#[test]
fn writes_to_protected_files() {
    for cmd in [
        "> .claude/settings.json",
        "X=1 > .toolgate.yaml",
        "exec 3>.claude/settings.json",
        ": > .claude/settings.local.json",
        "cd .claude && tee settings.json",
        "cd .claude; echo '{}' > settings.local.json",
        "cd ~/.config/toolgate && echo x > policy.yaml",
        "echo x > .clau*/settings.json",
        "echo x > .claude/set*",
        "echo x > .claude/settings.*",
        "echo x > .CLAUDE/Settings.JSON",
        "echo x > .Toolgate.YAML",
        "cp x .claude/settings.json",
        "cp -t .claude settings.json",
        "mv x .claude/settings.local.json",
        "install -m 644 x .toolgate.yaml",
        "ln -sf /dev/null .claude/settings.json",
        "curl -o .claude/settings.json https://example.com/x",
        "curl -sSLo .claude/settings.json https://example.com/x",
        "wget -O .toolgate.yaml https://example.com/x",
        "tar -xf a.tar -C .claude",
        "tar -C ~/.config/toolgate -xzf a.tgz",
        "tar -cf .toolgate.yaml src",
        "sponge .claude/settings.json",
        "patch .claude/settings.json fix.diff",
        "unzip a.zip -d .claude",
        "rsync a .claude/settings.json",
        "dd if=x of=.claude/settings.json",
        "sed -i s/a/b/ .claude/settings.json",
        "perl -i -pe s/a/b/ .claude/settings.json",
        "truncate -s 0 .toolgate.yaml",
        "echo x > /etc/claude-code/managed-settings.json",
        "cp x /usr/local/bin/toolgate",
    ] {
        assert!(has(cmd, "TG-CMD-PROTECTED-WRITE"), "{cmd}");
    }
    for cmd in [
        "cat .claude/settings.json",
        "cp .claude/settings.json backup.json",
        "echo x > .claude/agents/reviewer.md",
        "cd .vscode && echo '{}' > settings.json",
        "rm -rf /tmp/*",
        "tar -xf a.tar -C build",
    ] {
        assert!(!has(cmd, "TG-CMD-PROTECTED-WRITE"), "{cmd}");
    }
}

#[test]
fn block_devices_and_wipe_tools() {
    for cmd in [
        "cat /dev/zero > /dev/sda",
        "tee /dev/nvme0n1",
        "cp /dev/zero /dev/sda",
        "dd if=/dev/zero of=//dev/sda",
        "dd if=/dev/zero of=/dev/../dev/sda",
        "dcfldd if=/dev/zero of=/dev/sda",
        "echo x >> /dev/disk/by-id/ata-x",
    ] {
        assert!(
            rules(cmd).iter().any(|r| r == "TG-CMD-BLOCK-DEVICE-WRITE"),
            "{cmd}"
        );
    }
    for cmd in [
        "ddrescue /dev/sda /dev/sdb",
        "cryptsetup luksFormat /dev/sda",
        "nvme format /dev/nvme0",
        "blkdiscard /dev/sda",
        "sgdisk --zap-all /dev/sda",
        "lvremove vg/lv",
        "vgremove vg",
        "zpool destroy tank",
        "zfs destroy tank/data",
        "mkdosfs /dev/sdb1",
        "mke2fs /dev/sdb1",
        "mkswap /dev/sdb1",
        "hdparm --security-erase p /dev/sda",
        "hdparm --security-erase-enhanced p /dev/sda",
        "diskutil eraseDisk JHFS+ x disk2",
        "mv ~ x",
        "mv /etc x",
        "mv / x",
        "mv /home/other /tmp/x",
        "rsync -a --delete empty/ /",
        "rsync -a --delete-before empty/ ~",
        "chown -R x /",
        "chmod -R 000 ~",
        "chmod -R 000 $HOME",
    ] {
        assert!(!rules(cmd).is_empty(), "{cmd}");
    }
    for cmd in [
        "echo hi > /dev/null",
        "cat x > /dev/stderr",
        "echo x > /dev/tty",
        "mv a.txt b.txt",
        "mv ~/a.txt ~/b.txt",
        "rsync -a --delete src/ build/",
        "chmod -R u+w ~/proj/build",
        "cryptsetup status root",
        "nvme list",
        "zfs list",
        "hdparm -I /dev/sda",
        "diskutil list",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}");
    }
}

#[test]
fn fork_bombs_renamed() {
    assert!(has("bomb(){ bomb|bomb& };bomb", "TG-CMD-FORK-BOMB"));
    assert!(has("f(){ f & }; f", "TG-CMD-FORK-BOMB"));
    assert!(has("g() { g & g; }; g", "TG-CMD-FORK-BOMB"));
    assert!(has("while true; do bash & done", "TG-CMD-FORK-BOMB"));
    assert!(has("while :; do sleep 1 & done", "TG-CMD-FORK-BOMB"));
    assert!(has("until false; do sh -c x & done", "TG-CMD-FORK-BOMB"));
    assert!(has("(while :; do sleep 1 & done) &", "TG-CMD-FORK-BOMB"));
    assert!(has("while :; do sleep 1 & done &", "TG-CMD-FORK-BOMB"));
    // One loop run in the background starts one process, not one per turn.
    for cmd in [
        "(while true; do date; sleep 1; done &)",
        "while :; do tail -1 log; sleep 5; done &",
        "(while :; do tail f | grep -o x; done | zenity --progress --auto-close &); 7z a o.zip in",
    ] {
        assert!(!has(cmd, "TG-CMD-FORK-BOMB"), "{cmd}");
    }
    // Bounded loops and plain background jobs are fine.
    assert!(rules("for f in *.log; do gzip \"$f\" & done; wait").is_empty());
    assert!(rules("while true; do sleep 1; done").is_empty());
    assert!(rules("server & sleep 1").is_empty());
    assert!(rules("f(){ echo hi; }; f &").is_empty());
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
fn audit_round_protected_writes() {
    for cmd in [
        "perl -pi -e 's/deny/allow/' .claude/settings.json",
        "perl -0777 -pi -e 's/deny/allow/' .toolgate.yaml",
        "ruby -i -pe 'gsub(/a/,\"b\")' .claude/settings.json",
        "mv -t .claude /tmp/settings.json",
        "mv --target-directory .claude /tmp/settings.json",
        "echo x >&.claude/settings.json",
        "cp -r /tmp/stage/.claude .",
        "cp /tmp/stage/.toolgate.yaml ./",
        "mv /tmp/stage/.toolgate.yaml .",
        "rsync -a /tmp/stage/.claude ./",
        "curl -O https://example.com/.toolgate.yaml",
        "curl --remote-name https://example.com/.toolgate.yaml",
        "wget https://example.com/.toolgate.yaml",
        "git clone https://example.com/r .claude",
        "sort -o .claude/settings.json /tmp/x",
        "uniq /tmp/x .claude/settings.json",
        "yq -i '.a = 1' .toolgate.yaml",
        "python3 -m json.tool /tmp/x .claude/settings.json",
        "vim -c '%d|wq' .claude/settings.json",
        "git mv notes.json .claude/settings.json",
        "git rm .claude/settings.json",
        "tar xf /tmp/x.tar .claude/settings.json",
        "cp /bin/true /usr/local/bin/toolgate",
        "http -o .claude/settings.json https://x.example/s",
        "aria2c -o .toolgate.yaml https://x.example/p",
        "xxd -r /tmp/x .claude/settings.json",
    ] {
        assert!(
            has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    // Reading protected files, naming the package, and toolgate's own read-only commands.
    for cmd in [
        "cat .claude/settings.json",
        "cp .claude/settings.json backup.json",
        "jq .hooks .claude/settings.json",
        "git diff .claude/settings.json",
        "git add .claude/settings.json",
        "cargo build -p toolgate",
        "cargo install --path crates/toolgate",
        "toolgate validate .toolgate.yaml",
        "ls 2>&1",
        "make >&2",
        "rsync -a src/ dest/",
    ] {
        assert!(
            !has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
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
fn audit_round_commands() {
    // parallel runs its line through a shell.
    assert!(has("parallel 'rm -rf {}' ::: /", "TG-CMD-RM-ROOT"));
    assert!(has("parallel 'rm -rf' ::: /", "TG-CMD-RM-ROOT"));
    assert!(rules("parallel gzip ::: a b").is_empty());
    // find over a tree outside the cwd removes or changes that tree.
    assert!(has("find / -type f -exec rm -f {} +", "TG-CMD-RM-ROOT"));
    assert!(has("find ~ -exec chmod 777 {} +", "TG-CMD-CHMOD-CRITICAL"));
    for cmd in [
        "find . -name '*.pyc' -exec rm {} +",
        "find src -name '*.o' -exec rm -f {} +",
        "find /etc -name x -exec cat {} +",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}: {:?}", rules(cmd));
    }
    // Paths no branch can be named.
    for cmd in [
        "git checkout .",
        "git checkout ./src",
        "git checkout '*.rs'",
    ] {
        assert!(has(cmd, "TG-CMD-GIT-CHECKOUT-DISCARD"), "{cmd}");
    }
    for cmd in [
        "git checkout feature/x",
        "git checkout main",
        "git checkout -b new",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}");
    }
}

#[test]
fn variables_set_earlier_fill_in_targets() {
    for cmd in [
        "f=.claude/settings.json; cp /tmp/e \"$f\"",
        "d=.claude; cp /tmp/e $d/settings.json",
        "rm \"$(which toolgate)\"",
        "cp /bin/true \"$(command -v toolgate)\"",
    ] {
        assert!(
            has(cmd, "TG-CMD-PROTECTED-WRITE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    assert!(has("TMPDIR=/; rm -rf \"$TMPDIR\"", "TG-CMD-RM-ROOT"));
    assert!(has("export TMPDIR=~; rm -rf $TMPDIR", "TG-CMD-RM-HOME"));
    assert!(rules("OUT=build/x; cp a \"$OUT\"").is_empty());
}

#[test]
fn command_lines_in_environment_variables_are_analysed() {
    for cmd in [
        "PAGER='rm -rf ~' man ls",
        "VISUAL='rm -rf ~' git commit",
        "export EDITOR='rm -rf ~'; crontab -e",
        "RSYNC_RSH='rm -rf ~' rsync a h:/b",
    ] {
        assert!(has(cmd, "TG-CMD-RM-HOME"), "{cmd}: {:?}", rules(cmd));
    }
    assert!(rules("EDITOR=vim git commit").is_empty());
}

#[test]
fn a_system_directory_variable_is_one_path_unless_the_script_gives_it_a_value() {
    // `$HOME` and `$TMPDIR` expand to absolute directories, never to options: deleting one
    // file under them is not a recursive delete.
    for cmd in [
        "rm $HOME/notes.txt",
        "rm -f ${HOME}/notes.txt",
        "rm $TMPDIR/build.log",
        "rm -r $TMPDIR/build",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
    // A value the script gives them is read as any value: options, words and globs
    // (`HOME='-rf /*'; rm $HOME` is `rm -rf /bin /boot …`), or a directory that is
    // somewhere else.
    for cmd in [
        "HOME=\"-rf /\"; rm $HOME",
        "export HOME='-rf /*'; rm $HOME",
        "HOME='-rf /'; rm $HOME/x",
        "TMPDIR='-rf /'; rm $TMPDIR",
        "export TMPDIR='/ -rf'; rm -f $TMPDIR",
        "HOME=/ rm -r $HOME/etc",
        "rm -rf $HOME",
        "rm $HOME/a $X",
        "rm $HOMEDIR/x",
        "rm -r $HOME/$X",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
    // `$HOMEX` is another variable, not the home directory.
    assert!(!has("rm -r $HOMEX/a", "TG-CMD-RM-HOME"));
    assert!(has("rm -r $HOMEX/a", "TG-CMD-RM-OUTSIDE-CWD"));
}

#[test]
fn node_deleters_are_rm_rf() {
    // rimraf deletes trees whatever its options say; shx runs ShellJS's rm.
    for cmd in [
        "npx rimraf ~",
        "npx -y rimraf /",
        "pnpm dlx rimraf ~/",
        "bunx rimraf $HOME",
        "npm exec -- rimraf /etc",
        "rimraf --impl=native ~",
        "npx shx rm -rf ~",
        "shx --silent rm -rf /",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
    assert!(has("npx rimraf ~", "TG-CMD-RM-HOME"));
    assert!(has("npx shx rm -rf /", "TG-CMD-RM-ROOT"));
    for cmd in [
        "npx rimraf node_modules",
        "npx rimraf dist build coverage",
        "rimraf -g 'dist/**'",
        "npx shx rm -rf dist",
        "npx shx cp -r src dist",
    ] {
        assert!(!denied(cmd), "{cmd}: {:?}", rules(cmd));
    }
}

#[test]
fn rsync_deleting_outside_the_project_asks() {
    for cmd in [
        "rsync -a --delete /src/ /dest/",
        "rsync -a --delete-after dist/ user@host:/srv/www/",
        "rsync -a --delete-excluded src/ $DEST",
        "rsync -av --delete ../htmlguide ~/src/",
        "rsync -a --remove-source-files /var/data/ /backup/",
    ] {
        assert!(
            has(cmd, "TG-CMD-RSYNC-DELETE-OUTSIDE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    for cmd in [
        "rsync -a --delete src/ build/",
        "rsync -a --delete --dry-run dist/ /srv/www/",
        "rsync -a dist/ /srv/www/",
        "rsync -a --remove-source-files src/test/ dest",
        "rsync -a --delete user@host:/srv/www/ ./mirror/",
    ] {
        assert!(
            !has(cmd, "TG-CMD-RSYNC-DELETE-OUTSIDE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
}

#[test]
fn yarn_run_and_bun_x_run_the_program_they_name() {
    for cmd in [
        "yarn run rimraf /etc",
        "bun x rimraf /etc",
        "bun x --bun rimraf ~",
    ] {
        assert!(denied(cmd), "{cmd} must be denied");
    }
    for cmd in [
        "yarn run build",
        "yarn run test --watch",
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
