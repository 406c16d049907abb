//! Tests of the inline-code scan.

use super::scan;

fn argv(code: &str) -> Vec<Vec<String>> {
    scan(code)
        .argv_calls
        .into_iter()
        .map(|a| {
            a.into_iter()
                .map(|x| x.unwrap_or_else(|| "?".into()))
                .collect()
        })
        .collect()
}

#[test]
fn a_wide_character_before_a_call_name_is_stepped_over_whole() {
    // The fuzzer's input (analyze, a panic): the name's start was taken one byte after a
    // two-byte character, inside it.
    for code in [
        "FileUtils\u{60b}rm_rf('/x')",
        "x\u{20ac}unlink('/x')",
        "\u{1f600}rmtree('/x')",
    ] {
        let scanned = scan(code);
        assert!(scanned.strings.iter().any(|s| s == "/x"), "{code:?}");
    }
    let a = crate::analyze("ruby -e \"FileUtils\u{60b}rm_rf('/x')\"");
    assert!(!a.commands.is_empty());
}

#[test]
fn files_a_call_opens_are_no_shell_strings() {
    for code in [
        "print(open('/tmp/reboot').read())",
        "data = open( \"/var/log/shutdown\" ).read()",
        "require('fs').readFileSync('/sbin/halt')",
        "puts File.read(\"/etc/hostname\")",
        "Path('/usr/sbin/poweroff').exists()",
    ] {
        let scanned = scan(code);
        let path = |s: &String| s.starts_with('/');
        assert_eq!(
            scanned.strings.iter().filter(|s| path(s)).count(),
            1,
            "{code:?}"
        );
        assert!(!scanned.shell_strings.iter().any(path), "{code:?}");
    }
    // Strings given to anything else stay shell strings; so do pipe opens, read as the
    // command they run.
    for (code, command) in [
        ("os.system('reboot')", "reboot"),
        ("x = 'reboot'; os.system(x)", "reboot"),
        ("open(\"| rm -rf ~\")", "rm -rf ~"),
        ("open(F, \"rm -rf / |\")", "rm -rf /"),
        ("os.path.join('/a', 'reboot')", "reboot"),
    ] {
        assert!(
            scan(code).shell_strings.iter().any(|s| s == command),
            "{code:?}: {:?}",
            scan(code).shell_strings
        );
    }
}

#[test]
fn argument_list_calls() {
    let rm = vec![vec!["rm".to_string(), "-rf".into(), "/".into()]];
    assert_eq!(
        argv(r#"import subprocess; subprocess.run(["rm","-rf","/"])"#),
        rm
    );
    assert_eq!(argv(r#"subprocess.call(['rm', '-rf', '/'], cwd="x")"#), rm);
    assert_eq!(argv(r#"import os; os.execvp("rm",["rm","-rf","/"])"#), rm);
    assert_eq!(
        argv(r#"os.execl("/bin/rm","rm","-rf","/")"#)[0][1..],
        rm[0][1..]
    );
    assert_eq!(argv(r#"system("rm","-rf","/")"#), rm);
    assert_eq!(argv(r#"system "rm", "-rf", "/";"#), rm);
    assert_eq!(
        argv(r#"require("child_process").spawnSync("rm",["-rf","/"])"#),
        rm
    );
    assert_eq!(
        argv(r#"cp.execFileSync("rm", ["-rf", "/"], {stdio: "inherit"})"#),
        rm
    );
    assert_eq!(
        argv(r#"subprocess.run(["rm", x, "/"])"#),
        [vec!["rm", "?", "/"]]
    );
    assert!(argv(r#"os.system("rm -rf /")"#).is_empty());
    assert!(argv(r#"print("hi")"#).is_empty());
}

#[test]
fn files_a_call_writes_are_found() {
    for (code, file) in [
        ("open('out/x', 'w').write(s)", "out/x"),
        ("open(\"log\", 'a')", "log"),
        ("with open('f', \"r+\") as h: pass", "f"),
        ("require('fs').writeFileSync('a.json', d)", "a.json"),
        ("fs.appendFileSync(\"x\", 'y')", "x"),
        ("fs.copyFileSync('a', 'b')", "b"),
        ("Deno.writeTextFile('d.txt', t)", "d.txt"),
        ("File.write(\"r.txt\", s)", "r.txt"),
        ("FileUtils.cp('a', 'c')", "c"),
        ("shutil.copy('a', 'dst')", "dst"),
        ("os.rename('a', 'moved')", "moved"),
        ("Path('p.txt').write_text('x')", "p.txt"),
        ("pathlib.Path( \"q\" ).touch()", "q"),
        ("open(my $f, '>>', 'perl.log')", "perl.log"),
        ("open(F, \">perl.out\")", "perl.out"),
        ("file_put_contents('php.txt', $x)", "php.txt"),
    ] {
        assert!(
            scan(code).written.iter().any(|w| w == file),
            "{code}: {:?}",
            scan(code).written
        );
    }
    // Reads, a stream's own `write`, computed paths and modes.
    for code in [
        "print(open('README.md').read())",
        "open('f', 'rb')",
        "sys.stdout.write('x')",
        "f.write('/etc/passwd')",
        "open(p, 'w')",
        "open('a' + x, 'w')",
        "fs.readFileSync('x')",
        "Path('p').read_text()",
        "open(F, '<in.txt')",
    ] {
        assert!(
            scan(code).written.is_empty(),
            "{code}: {:?}",
            scan(code).written
        );
    }
}

#[test]
fn a_literal_naming_a_guard_file_counts_as_written() {
    // Any route may write it: a variable, a computed call.
    for code in [
        "p = '.claude/settings.json'; open(p, 'w')",
        "json.dump(cfg, open(\"/home/u/.claude/settings.local.json\", mode))",
        "x = '.toolgate.yaml'",
    ] {
        assert!(!scan(code).written.is_empty(), "{code}");
    }
    assert!(scan("print('settings.json')").written.is_empty());
}

/// The shell strings of `code` read as `dialect`.
fn commands(code: &str, dialect: super::Dialect) -> Vec<String> {
    super::scan_in(code, dialect).shell_strings
}

#[test]
fn run_time_parts_of_a_command_are_a_shell_word_quoted_to_fit() {
    use super::Dialect::{Awk, Perl, Python, Ruby};
    let w = super::command_text::RUNTIME_WORD;
    for (code, dialect, want) in [
        ("os.system('rm -rf ' + h)", Python, format!("rm -rf {w}")),
        (
            "os.system(\"rm -rf '\" + h + \"'\")",
            Python,
            format!("rm -rf ''\"{w}\"''"),
        ),
        (
            "os.system('rm -rf %s/x' % h)",
            Python,
            format!("rm -rf {w}/x"),
        ),
        (
            "os.system('cp {} {{x}}'.format(h))",
            Python,
            format!("cp {w} {{x}}"),
        ),
        (
            "os.system(f'rm -rf \"{h}\"')",
            Python,
            format!("rm -rf \"{w}\""),
        ),
        ("system(\"rm -rf #{h}\")", Ruby, format!("rm -rf {w}")),
        (
            "system(\"rm -rf $ENV{HOME}/x\")",
            Perl,
            format!("rm -rf {w}/x"),
        ),
        ("system('rm -rf $x')", Perl, "rm -rf $x".to_string()),
        (
            "BEGIN{system(\"rm -rf \" d \"/x\")}",
            Awk,
            format!("rm -rf {w}/x"),
        ),
    ] {
        assert!(
            commands(code, dialect).contains(&want),
            "{code}: {:?}",
            commands(code, dialect)
        );
    }
    // Outside a runner call the literal stays as written.
    assert_eq!(commands("print('rm -rf ' + h)", Python), ["rm -rf"]);
}

#[test]
fn argv_arguments_after_the_literals_are_only_known_at_run_time() {
    assert_eq!(
        argv("system(\"rm\",\"-rf\",$ENV{HOME})"),
        [["rm", "-rf", "?"]]
    );
    assert_eq!(argv("system \"rm\", \"-rf\", $d;"), [["rm", "-rf", "?"]]);
    assert_eq!(
        argv("subprocess.run(['rm','-rf'] + sys.argv[1:])"),
        [["rm", "-rf", "?"]]
    );
    assert_eq!(argv("system qw(rm -rf /x)"), [["rm", "-rf", "/x"]]);
    // Keyword arguments are no part of the argv.
    assert_eq!(
        argv("system(\"git\", \"status\", chdir: d)"),
        [["git", "status"]]
    );
    assert!(argv("subprocess.run('ls', check=True)").is_empty());
}
