//! Options read with the programs' specs by the one option reader (issue 12): an option's
//! value is no operand, an operand is no option's value, and options written in any form the
//! program accepts (clusters, glued values, old-style bundles, global options before a
//! subcommand) are read alike.

use crate::support::{check_in_project as check, rules_in};

#[test]
fn values_of_awk_options_are_no_program() {
    check(
        &[
            "awk -v x=1 '{print > \"out.txt\"}' data.txt",
            "awk -F , '{print > \"out.txt\"}' data.txt",
        ],
        &[
            // The program comes after `-v NAME=VALUE` / `-F SEP`: its redirect is read.
            "awk -v x=1 '{print > \".claude/settings.json\"}' data.txt",
            "awk -F , '{print > \".claude/settings.json\"}' data.txt",
            "awk -i inplace '{print}' .claude/settings.json",
        ],
    );
}

#[test]
fn tar_bundles_and_values() {
    check(
        &[
            "tar czf out.tgz src",
            "tar -czf out.tgz --exclude .claude src",
        ],
        &[
            // Old-style bundle: `f` takes `out.tgz`, `C` takes `.claude`.
            "tar xfC a.tar .claude",
            "tar cf .claude/settings.json src",
            "tar -x -f a.tar -C /tmp .claude/settings.json",
        ],
    );
}

#[test]
fn output_options_of_downloaders_and_patch() {
    check(
        &[
            "curl -sSLo out.json https://x.example/settings.json",
            "patch -p 1 -o out.c file.c fix.patch",
        ],
        &[
            "curl -sSLo .claude/settings.json https://x.example/a",
            "curl --output-dir .claude -O https://x.example/settings.json",
            "wget -P .claude https://x.example/settings.json",
            "http -d https://x.example/settings.json --output .claude/settings.json",
            "patch -p 1 -o .claude/settings.json file.c fix.patch",
        ],
    );
}

#[test]
fn perl_switches_without_values_still_find_in_place() {
    // (Perl reading a protected file is denied anyway: its code may write any file.)
    check(
        &["perl -lpi -e 's/a/b/' notes.txt"],
        &[
            "perl -lpi -e 's/a/b/' .claude/settings.json",
            "perl -0777 -pi.bak -e 's/a/b/' .claude/settings.json",
        ],
    );
}

#[test]
fn kubectl_commands_after_global_options_are_analysed() {
    let rules = rules_in("kubectl -n prod exec -it web -- rm -rf /", None);
    assert!(!rules.is_empty(), "the command run in the pod is analysed");
    assert!(rules_in("kubectl -n prod exec -it web -- ls /", None).is_empty());
}

#[test]
fn find_options_before_the_start_paths() {
    check(
        &[
            "find -L . -name '*.pyc' -delete",
            "find -D tree . -name '*.pyc' -delete",
            "find . -name '-fprint' -print",
        ],
        &[
            // The start path after `-L` is read as one: `/` is deleted.
            "find -L / -name '*.pyc' -delete",
            "find -O3 /etc -delete",
            "find . -fprintf .claude/settings.json '%p'",
        ],
    );
}
