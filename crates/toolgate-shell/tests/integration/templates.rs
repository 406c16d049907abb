//! Generated scripts piped into a shell: the lines a generator writes are analysed when they
//! are a template fixed by the command's own text and the data filled in are file names or
//! file contents the command found (issue 12's false positives); every way for text the
//! command wrote to reach the shell instead stays denied.

use crate::support::check_in_project as check;

#[test]
fn templates_over_listed_paths_are_analysed() {
    check(
        &[
            "find . -name \"*.txt\" | sed \"s/\\.txt$//\" | xargs -i echo mv {}.txt {}.bak | sh",
            "find -type f -name '*.au' | awk '{printf \"sox %s %s\\n\",$0,$0\".wav\" }' | bash",
            "find /home/folder1/*.txt -type f | awk -F '.txt' '{printf \"ln -s %s %s_CUSTOM_TEXT.txt\\n\", $0, $1}' | sh",
            "find . -name '*.log' -print0 | xargs -0 -n1 echo rm | sh -x",
            "find dir -name \\*~ | xargs echo rm | ksh -s",
            "find . -printf 'mv %p %p.bak\\n' | sh",
            "find . -name '*.tmp' | awk '{print \"rm -rf \" $0}' | sh",
            "find . -name '*.jpg' | sed 's/^\\(.*\\)\\.jpg$/convert & \\1.png/' | sh",
        ],
        &[
            "find / | xargs echo rm | sh",
            // Nothing narrows the listing: every entry of the working directory.
            "find . -type f -print0 | xargs -0 -n1 echo rm | sh -x",
            "find . | awk '{print \"rm -rf \" $0}' | sh",
            "find ~ -printf 'rm %p\\n' | sh",
            "find / | awk '{print \"rm -rf \" $0}' | sh",
            "find . -name '*.txt' | xargs -I{} echo rm -rf ~/{} | sh",
            // Parts of a path are no longer under its start path.
            "find . -printf 'rm -rf %P/..\\n' | sh",
            "find . -printf 'rm %f\\n' | sh",
            "find . | awk '{printf \"rm -rf %s\\n\", $0\"/../..\"}' | sh",
            "find . -maxdepth 1 | sed 's/^\\.//' | xargs echo rm -rf | sh",
            "find / -type f | awk '{print \"rm \" $1}' | sh",
        ],
    );
}

#[test]
fn text_the_command_wrote_never_passes_as_data() {
    check(
        &[],
        &[
            // Known text fed to a generator.
            "echo 'rm -rf ~' | sed 's/x/y/' | sh",
            "echo 'a; rm -rf ~' | sed 's/^/ls /' | sh",
            "echo 'a; rm -rf ~' | xargs echo ls | sh",
            "xargs echo ls <<< '; rm -rf ~' | sh",
            "echo 'x; rm -rf ~' | awk '{print \"echo \" $0}' | sh",
            // Known text transformed by a program whose output is not followed.
            "echo OyBybSAtcmYgfg== | base64 -d | xargs echo ls | sh",
            // A template's own text carries shell syntax into the next generator.
            "find . -printf '; rm -rf ~\\n' | xargs echo ls | sh",
            "find . | sed 's/$/; rm -rf ~/' | xargs echo ls | sh",
            "find . | awk '{printf \"rm -rf %s\\n\", \"; rm -rf ~\"}' | sh",
            // File names the command itself creates.
            "touch 'x; rm -rf ~'; find . -printf 'ls %p\\n' | sh",
            "touch a | find . -printf 'ls %p\\n' | sh",
            "touch a; find . | xargs echo rm | sh",
            // Lines sed leaves unmatched run as they are.
            "find / -maxdepth 1 | sed 's/x/y/' | sh",
            "find / -maxdepth 1 | sed 's/^/rm -rf /' | sh",
            "find rm | sed 's/x/y/' | sh",
            "cd /; find . | sed 's/x/y/' | sh",
            "some_prog | sed 's/x/y/' | sh",
            // sed read exactly: escaped delimiters, flags that execute, more commands.
            "find . | sed 's/a\\/b/rm -rf ~\\/x/' | sh",
            "find . | sed 's/.*/rm -rf ~/e' | sh",
            "find . | sed 's/^/ls /;s/$/; rm -rf ~/' | sh",
            // awk strings with escapes run as the lines they print.
            "find . | awk '{print \"echo hi\\nrm -rf ~\"}' | sh",
            "find . | awk '{printf \"rm \\\"-rf\\\" ~ %s\\n\", $0}' | sh",
            // What xargs runs prints its input words too.
            "echo 'rm -rf ~' | xargs echo | sh",
            // A template written to a file and run is not analysed as data.
            "find . -printf 'rm -rf %p\\n' > t.sh; bash t.sh",
        ],
    );
}

#[test]
fn every_command_of_a_compound_element_writes_to_the_pipe() {
    check(
        &["{ echo ls; echo pwd; } | sh", "(echo 'git status') | bash"],
        &[
            "{ echo \"rm -rf /\"; true; } | sh",
            "for i in 1; do echo \"rm -rf ~\"; true; done | sh",
            "(echo \"rm -rf ~\"; :) | bash",
            "if true; then echo 'rm -rf ~'; fi | sh",
            "{ echo ls; some_prog; } | sh",
        ],
    );
}

#[test]
fn yes_repeats_a_known_script() {
    check(
        &[
            "yes 'c=(╱ ╲);printf ${c[RANDOM%2]}'|bash",
            "yes 'printf \\\\u$[2571+RANDOM%2]'|bash",
            "yes | sh",
        ],
        &[
            "yes 'rm -rf ~' | bash",
            "yes \"$CMD\" | bash",
            "yes 'cd ..; rm -rf x' | sh",
        ],
    );
}
