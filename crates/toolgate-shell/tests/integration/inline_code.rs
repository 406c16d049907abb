//! Commands interpreter code builds at run time: a literal given to a call that runs a shell
//! command, continued by concatenation, formatting or interpolation, is read with a word only
//! known at run time in each such place (as the shell reads `rm -rf "$x"`); a call whose
//! command is not a literal at all is indeterminate (as `eval "$1"`). The working directory
//! is a project inside the home directory `/home/me`.

use toolgate_shell::IndeterminateKind;

use crate::support::{check_in_project as check, kind};

/// Everyday one-liners: none of them is denied.
const EVERYDAY: &[&str] = &[
    "python3 -c \"import os; print(os.getcwd())\"",
    "node -e \"console.log(require('fs').readdirSync('.'))\"",
    "python -c \"import subprocess; subprocess.run(['ls','-la'])\"",
    "perl -pi -e 's/a/b/' file",
    "awk '{print $1}' f",
    "ruby -e 'puts Dir.pwd'",
    // An operand only known at run time of a harmless program.
    "python3 -c \"import os; d='x'; os.system('ls ' + d)\"",
    "python3 -c \"import os,sys; os.system('echo ' + sys.argv[1])\" hi",
    "python3 -c \"import os; d='build'; os.system(f'ls {d}')\"",
    "python3 -c \"import subprocess,sys; subprocess.run(['git','status', sys.argv[1]])\" x",
    "ruby -e 'puts `ls #{Dir.pwd}`'",
    "awk 'BEGIN{system(\"ls \" d)}'",
    // Strings that no call runs.
    "python3 -c \"print('hello %s' % 'world')\"",
    "python3 -c \"print('{} items'.format(3))\"",
    "python3 -c \"x=1; print(f'value {x}')\"",
    "node -e \"console.log('a' + process.argv[1])\" b",
    "ruby -e 'puts \"home #{Dir.home}\"'",
    "perl -e 'print \"x\" . $ENV{HOME} . \"\\n\"'",
    "awk '{print \"rm -rf \" $1}' f",
    "lua -e 'print(\"hi \" .. os.getenv(\"HOME\"))'",
    // Commands the code names as literals, bound or looped over.
    "python3 -c \"import subprocess; cmd='ls -la'; subprocess.run(cmd, shell=True)\"",
    "python3 -c \"import os; [os.system(c) for c in ['ls', 'pwd']]\"",
    "python3 <<'EOF'\nimport subprocess\ndef run(cmd):\n    return subprocess.run(cmd, shell=True).stdout\nprint(run('git status'))\nEOF",
    // Calls of the same names that run nothing.
    "python3 -c \"import asyncio; asyncio.run(main())\"",
    "node -e \"const m=/a(b)/.exec(process.argv[1]); console.log(m)\" ab",
    "perl -e 'eval { die \"x\" }; print $@'",
    "python3 -c \"exec(open('setup.py').read())\"",
    "python3 -c \"import os,sys; os.execv(sys.executable, [sys.executable, '-V'])\"",
    "ruby -e 'system(\"git\", \"status\", chdir: Dir.pwd)'",
    "python3 -c \"import subprocess; subprocess.run(['git','log','-n','3'], check=True)\"",
    "perl -e 'system(\"rm\", \"-rf\", \"build\")'",
    "python3 -c \"exec('print(1)')\"",
    "python3 -c \"import os; os.system(' '.join(['ls', '-la']))\"",
    "perl -e 'print qx(ls -la)'",
    "ruby -e 'puts %x(git status)'",
    "python3 -c \"import subprocess; cmds = ['make', 'make test']; [subprocess.run(c, shell=True) for c in cmds]\"",
    "ruby -e '[\"ls\", \"pwd\"].each { |c| system(c) }'",
    "perl -e 'for my $c (\"ls\", \"pwd\") { system($c) }'",
    "perl -e 'my @a = (\"ls\", \"-la\"); system(@a)'",
    "node -e \"for (const c of ['ls','pwd']) require('child_process').execSync(c)\"",
    "node -e \"const fs=require('fs'); eval(fs.readFileSync('x.js','utf8'))\"",
];

#[test]
fn joined_and_formatted_commands_keep_their_run_time_part() {
    check(
        EVERYDAY,
        &[
            "python3 -c \"import os,sys; os.system('rm -rf ' + sys.argv[1])\" ~",
            "python3 -c \"import os; os.system('rm -rf %s' % os.path.expanduser('~'))\"",
            "python3 -c \"import os; os.system('rm -rf {}'.format(os.path.expanduser('~')))\"",
            "python3 -c \"import os; d='/'; os.system(f'rm -rf {d}')\"",
            "python3 -c \"import os; h=os.environ['HOME']; os.system(\\\"rm -rf '\\\" + h + \\\"'\\\")\"",
            "ruby -e 'system(\"rm -rf #{Dir.home}\")'",
            "ruby -e 'puts `rm -rf #{Dir.home}`'",
            "perl -e 'system(\"rm -rf \" . $ENV{HOME})'",
            "perl -e 'system(\"rm -rf '\\''$d'\\''\")'",
            "php -r 'system(\"rm -rf \" . getenv(\"HOME\"));'",
            "awk -v d=/home/me 'BEGIN{system(\"rm -rf \" d)}'",
            "awk '{system(\"rm -rf \" $1)}' list.txt",
            "node -e \"require('child_process').execSync('rm -rf '+process.env.HOME)\"",
            "node -e 'require(\"child_process\").execSync(`rm -rf ${process.env.HOME}`)'",
            "lua -e 'os.execute(\"rm -rf \" .. os.getenv(\"HOME\"))'",
            "lua -e 'os.execute(string.format(\"rm -rf %s\", os.getenv(\"HOME\")))'",
            "python3 <<'EOF'\nimport os\nh = os.path.expanduser('~')\nos.system(\"rm -rf \" + h)\nEOF",
            "python3 -c \"import os; c = 'rm -rf ' + os.environ['HOME']; os.system(c)\"",
            // Appended to, joined, or run by another runner call.
            "python3 -c \"import os; c='rm -rf '; c += os.environ['HOME']; os.system(c)\"",
            "node -e \"let c='rm -rf '; c += process.env.HOME; require('child_process').execSync(c)\"",
            "perl -e 'my $c = \"rm -rf \"; $c .= $ENV{HOME}; system($c)'",
            "python3 -c \"import os; h=os.environ['HOME']; os.system(' '.join(['rm', '-rf', h]))\"",
            "python3 -c \"import os; os.system('rm -rf '\n    + os.environ['HOME'])\"",
            "perl -e 'print qx(rm -rf $ENV{HOME})'",
            "ruby -e 'puts %x(rm -rf #{Dir.home})'",
            "ruby -e 'IO.popen(\"rm -rf \" + Dir.home)'",
            "ruby -e 'require \"open3\"; Open3.capture2(\"rm -rf \" + ENV[\"HOME\"])'",
            "python3 -c \"import os; os.popen('rm -rf ' + os.getenv('HOME')).read()\"",
            "python3 -c \"import subprocess,os; subprocess.Popen(['bash','-c','rm -rf ' + os.environ['HOME']])\"",
            "node -e \"require('child_process').spawnSync('sh', ['-c', 'rm -rf ' + process.env.HOME])\"",
        ],
    );
}

#[test]
fn argument_lists_keep_their_run_time_arguments() {
    check(
        EVERYDAY,
        &[
            "perl -e 'system(\"rm\",\"-rf\",$ENV{HOME})'",
            "perl -e 'exec \"rm\",\"-rf\",$ENV{HOME}'",
            "ruby -e 'system(\"rm\",\"-rf\",Dir.home)'",
            "python3 -c \"import subprocess,os; subprocess.run(['rm','-rf',os.path.expanduser('~')])\"",
            "python3 -c \"import subprocess,sys; subprocess.run(['rm','-rf'] + sys.argv[1:])\" ~",
            "perl -e 'system qw(rm -rf /home/me)'",
            "perl -e 'system(qw(rm -rf /home/me))'",
        ],
    );
}

#[test]
fn commands_only_known_at_run_time_are_indeterminate() {
    let dynamic = [
        "python3 -c \"import os,sys; os.system(sys.argv[1])\" 'rm -rf ~'",
        "python3 -c \"import os,sys; c = sys.argv[1]; os.system(c)\" 'rm -rf ~'",
        "python3 -c \"import subprocess,sys; subprocess.run(sys.argv[1:])\" rm -rf /home/me",
        "python3 -c \"import subprocess,sys; subprocess.run(f'{sys.argv[1]} -rf ~', shell=True)\" rm",
        "node -e \"require('child_process').execSync(process.argv[1])\" 'rm -rf ~'",
        "ruby -e 'system(ARGV[0])' 'rm -rf ~'",
        "perl -e 'system(@ARGV)' rm -rf /home/me",
        "python3 -c \"import os; os.system(input())\" <<< 'rm -rf ~'",
        "python3 -c \"import os,base64; os.system(base64.b64decode('cm0gLXJmIH4=').decode())\"",
        "awk '{system($0)}' cmds.txt",
        "python3 -c \"import sys; exec(sys.argv[1])\" 'print(1)'",
        "php -r 'eval($argv[1]);' x",
        "python3 -c \"import os,sys; os.system(' '.join(sys.argv[1:]))\" rm -rf /",
        "python3 -c \"import shlex,subprocess,sys; subprocess.run(shlex.split(sys.argv[1]))\" 'rm -rf ~'",
        "python3 -c \"import os,sys; [os.system(c) for c in sys.argv[1:]]\" 'rm -rf ~'",
        "python3 -c \"import subprocess,sys; cmds = sys.argv[1:]; [subprocess.run(c, shell=True) for c in cmds]\" x",
        "ruby -e 'ARGV.each { |c| system(c) }' 'rm -rf ~'",
        "perl -e 'for my $c (@ARGV) { system($c) }' 'rm -rf ~'",
        "node -e \"for (const c of process.argv.slice(1)) require('child_process').execSync(c)\" x",
    ];
    for cmd in dynamic {
        assert_eq!(
            kind(cmd),
            Some(IndeterminateKind::DynamicScript),
            "{cmd} must be indeterminate"
        );
    }
    check(EVERYDAY, &dynamic);
}

#[test]
fn code_given_to_exec_or_eval_is_read_as_code() {
    check(
        EVERYDAY,
        &[
            "python3 -c \"exec('import os; os.system(\\\"rm -rf ~\\\")')\"",
            "node -e \"eval('require(\\\"child_process\\\").execSync(\\\"rm -rf ~\\\")')\"",
            "python3 -c \"exec('import shutil; shutil.rmtree(\\\"/\\\")')\"",
        ],
    );
}

#[test]
fn nested_exec_is_read_in_bounded_stack() {
    // Each `exec("…")` level is scanned as code of its own: bounded by the nesting depth.
    let mut code = "import os; os.system('rm -rf ~')".to_string();
    for _ in 0..20 {
        code = format!(
            "exec(\"{}\")",
            code.replace('\\', "\\\\").replace('"', "\\\"")
        );
    }
    let cmd = format!("python3 - <<'EOF'\n{code}\nEOF");
    let denied = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || crate::support::denied_in_project(&cmd))
        .expect("spawn")
        .join()
        .expect("analysis thread");
    assert!(denied);
}

/// Regression (fuzzing): a runner call whose string is not closed read past the end of the
/// code (a panic, which the hook turns into a deny, but no analysis).
#[test]
fn an_unclosed_string_in_a_runner_call_is_read_to_the_end() {
    let cmd = "chmod a+x C /tmp && python -c \"import os; os.system('rm -rf foo#)\"omputeDate col printdirections";
    let analysis = toolgate_shell::analyze(cmd);
    assert!(analysis.commands.iter().any(|c| c.program == "python"));
    // A string closed by the wrong quote inside an argument list.
    toolgate_shell::analyze("perl -e \"system('rm -rf /home'user'!\"");
    for code in [
        "os.system('rm -rf x",
        "os.system(\"ls",
        "subprocess.run(['rm', '-rf",
    ] {
        let cmd = format!("python3 -c \"{}\"", code.replace('"', "\\\""));
        toolgate_shell::analyze(&cmd);
    }
}
