//! Conditions too specific for a matcher's table ([`Check`]), what they may look at
//! ([`Seen`]), and which pack's code decides each.

use std::cell::OnceCell;

use crate::model::{CommandAnalysis, CommandContext, SimpleCommand};

use super::{View, Words};
// The packs whose own code decides a check.
use super::{
    agents, cloud, clusters, containers, databases, exfiltration, host, hosting, persistence,
};

/// Conditions too specific for a table, each written in its pack's file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    /// `docker rm` of every container: `$(docker ps -aq)`, `docker ps -aq | xargs docker rm`.
    EveryContainer,
    /// `docker rmi` of every image: `$(docker images -q)`, `docker images -q | xargs docker rmi`.
    EveryImage,
    /// `kill` of process -1 (every process the user may signal) or of init (process 1).
    KillEveryProcess,
    /// `chattr` changing an attribute (`+i`, `-i`, `=a`; read from the words, as `-i` is
    /// no option there).
    ChattrAttributes,
    /// `ssh-keygen` generating a key over an existing SSH key.
    SshKeyOverwrite,
    /// No `--when cancel` (systemctl's cancel of a scheduled shutdown).
    NotCancel,
    /// The command reads its stdin from a pipeline (`… | crontab`).
    FedByPipe,
    /// A systemctl preset that may enable units: any mode but `--preset-mode disable-only`.
    PresetMayEnable,
    /// An operand names a shell history file (`rm ~/.bash_history`).
    HistoryOperand,
    /// Output is redirected to a shell history file (`> ~/.bash_history`), by any program.
    HistoryWrite,
    /// The statements or commands a database client is given lose data of a kind this rule
    /// (its id) stops (`databases::LOSSES`).
    Loses(&'static str),
    /// [`Check::Loses`] for code (ORM calls, the SQL it executes), unless the command works on
    /// a framework's test database.
    CodeLoses(&'static str),
    /// redis-cli deleting keys that a full listing feeds it (`redis-cli KEYS '*' | xargs
    /// redis-cli DEL`).
    EveryRedisKey,
    /// A package manager's `config set` of a key whose value it runs (the operand after this
    /// many is the key).
    PackageConfigProgram(usize),
    /// Text that sets such a key written into a package manager's configuration file
    /// (`echo 'script-shell=/tmp/x' >> .npmrc`).
    PackageConfigFileProgram,
    /// The command works on a framework's test database (`RAILS_ENV=test`, `MIX_ENV=test`),
    /// which its test runs rebuild anyway: it holds no data to lose.
    NotTestDatabase,
    /// A shell reads its commands from, or writes its output to, a network connection.
    ShellOnSocket,
    /// netcat runs a shell on its connection (`-e`, `--exec`, `-c`, `--sh-exec`).
    NetcatRunsShell,
    /// socat joins a shell (`EXEC:`, `SYSTEM:`) to a network address.
    SocatRunsShell,
    /// Inline interpreter code wires a shell to a socket.
    InlineReverseShell,
    /// gawk runs commands read from a network special file.
    AwkSocketShell,
    /// A file server on every interface serving a home or credential directory.
    PublicServer,
    /// The command's output reaches the agent's terminal: not sent to a file, taken by a
    /// substitution or given to a program that keeps it (through printers it still does).
    ShownToTerminal,
    /// `kubectl get secret` printing the values (`-o yaml|json|jsonpath=…`) to the terminal.
    SecretValuesShown,
    /// `git add` naming a secret file (a credential, a private key, a `.env`).
    SecretStaged,
    /// `git config KEY VALUE` storing a key whose value git runs as a program.
    GitConfigProgram,
    /// A sync into remote storage: its destination (the operand at this index, the
    /// subcommand path counted, or one after it) starts with one of these prefixes (`s3://`,
    /// ignoring case) or is only known at run time (`cloud::syncs_into_remote`).
    SyncInto(usize, Words),
    /// `gh api` whose method (`-X`, `--method`) is DELETE.
    ApiDelete,
    /// An HTTP request that deletes a search engine's indices or documents.
    SearchDataDelete,
    /// An HTTP request that deletes a code host's or hosting provider's resource.
    ProviderApiDelete,
    /// The Jenkins CLI run with a command that deletes.
    JenkinsCliDelete,
    /// The command puts content into a file matching one of the first globs and none of the
    /// second (`*` crosses `/`): by a redirect, `tee`, or a copy's destination.
    ContentInto(Words, Words),
    /// An account gets an expiry date (`usermod -e DATE`, `chage -E DATE`).
    ExpiresAccount,
    /// The last of these options is given with a value one of these globs matches (ignoring
    /// case).
    AlsoValue(Words, Words),
    /// The last of these options is not given with a value one of these globs matches
    /// (ignoring case): it is absent, so the program's default stands, or has another value.
    NotValue(Words, Words),
    /// One of these options is given too (besides the matcher's `any`).
    AlsoAny(Words),
    /// One of these options, any time it is given, has a value one of these globs matches
    /// (ignoring case): for options given more than once (`--disable a --disable b`).
    AnyValue(Words, Words),
    /// `kubectl delete -f` of a directory of manifests (`clusters::names_manifest_directory`).
    ManifestDirectory,
    /// `claude --setting-sources` leaving out a source whose hooks may run toolgate.
    LeavesOutSettingSource,
    /// A coding agent run with an environment variable that switches its hooks off or moves
    /// its settings.
    HooksOffByEnvironment,
    /// The first operand is none of these words (a program's management subcommands, whose
    /// own operands may carry another program's options: `gemini mcp add x npx -y pkg`).
    FirstOperandNot(Words),
    /// `chmod` sets the setuid bit (`u+s`, `4755`).
    SetuidMode,
    /// `setcap` grants a capability (`cap_setuid+ep`).
    CapabilityGrant,
    /// An account joins an administrators' group or gets user id 0.
    AdminGroup,
    /// `pkill` or `killall` of a daemon the host depends on (`knowledge::daemons`), or
    /// `systemctl kill`, with a signal that stops it.
    KillsHostDaemon,
    /// `kill` of the process ids `pidof` or `pgrep` looks up for such a daemon (`kill $(pidof
    /// sshd)`, `pgrep sshd | xargs kill`).
    KillsLookedUpDaemon,
    /// `umount` of a system mount point, `mount` remounting one read-only or mounting over
    /// one (`knowledge::system_files::SYSTEM_MOUNT_POINTS`) or over a home directory.
    SystemMount,
    /// The resource policy given with one of these options may grant anyone access
    /// (`cloud::policy_may_grant_anyone`).
    PolicyMayGrantAnyone(Words),
    /// A cloud CLI's operation deletes what this names (`knowledge::cloud_clis`).
    CloudDelete(cloud::CloudDeletes),
    /// A cloud CLI's operation stops running compute or sizes it to nothing
    /// (`knowledge::cloud_clis`).
    CloudStop,
}

/// What a [`Check`] may look at.
pub(crate) struct Seen<'a> {
    /// The command.
    pub(crate) cmd: &'a SimpleCommand,
    /// Its arguments as the matcher read them.
    pub(crate) view: &'a View,
    /// The whole analysis (pipelines, substitutions).
    pub(crate) analysis: &'a CommandAnalysis,
    /// The command's index in `analysis.commands`.
    pub(crate) index: usize,
    /// Where the command runs.
    pub(crate) cx: &'a CommandContext<'a>,
    /// What the analysis's pipes connect, computed on first use.
    pub(crate) pipes: &'a OnceCell<exfiltration::PipeFacts>,
    /// Per command, whether its output reaches the agent's terminal, computed on first use.
    pub(crate) terminal: &'a OnceCell<Vec<bool>>,
    /// The destinations the command reaches, read on first use (`requests`).
    pub(crate) requests: &'a OnceCell<Vec<crate::model::Destination>>,
}

impl Check {
    pub(super) fn holds(self, seen: &Seen<'_>) -> bool {
        match self {
            Check::EveryContainer => containers::every_container(seen),
            Check::EveryImage => containers::every_image(seen),
            Check::KillEveryProcess => host::kills_every_process(seen.cmd),
            Check::ChattrAttributes => host::changes_attributes(seen.cmd),
            Check::SshKeyOverwrite => host::overwrites_ssh_key(seen),
            Check::NotCancel => host::not_a_cancel(seen),
            Check::FedByPipe => host::fed_by_pipe(seen),
            Check::PresetMayEnable => persistence::preset_may_enable(seen),
            Check::PackageConfigFileProgram => persistence::writes_package_config_program(seen),
            Check::HistoryOperand => seen
                .view
                .operands()
                .any(crate::knowledge::history::is_shell_history),
            Check::HistoryWrite => seen
                .cmd
                .writes
                .iter()
                .any(|w| crate::knowledge::history::is_shell_history(w)),
            Check::EveryRedisKey => databases::deletes_every_key(seen),
            Check::PackageConfigProgram(after) => persistence::sets_program_key(seen.view, after),
            Check::NotTestDatabase => !databases::on_test_database(seen.cmd),
            Check::SyncInto(destination, remote) => {
                cloud::syncs_into_remote(seen.view, destination, remote)
            }
            Check::ApiDelete => hosting::api_deletes(seen.view),
            Check::SearchDataDelete => databases::deletes_search_data(seen),
            Check::ProviderApiDelete => hosting::deletes_provider_resource(seen),
            Check::JenkinsCliDelete => hosting::jenkins_cli_deletes(seen.view),
            Check::AlsoAny(options) => seen.view.has(options),
            Check::AnyValue(options, values) => seen
                .view
                .values(options)
                .any(|v| values.iter().any(|g| crate::rules::glob_match_ci(g, v))),
            Check::ManifestDirectory => clusters::names_manifest_directory(seen.view),
            Check::LeavesOutSettingSource => agents::leaves_out_setting_source(seen.view),
            Check::HooksOffByEnvironment => agents::hooks_off_by_environment(seen.cmd),
            Check::FirstOperandNot(words) => seen
                .view
                .operands()
                .next()
                .is_none_or(|first| !words.iter().any(|w| w.eq_ignore_ascii_case(first))),
            Check::AlsoValue(options, values) => seen
                .view
                .value(options)
                .is_some_and(|v| values.iter().any(|g| crate::rules::glob_match_ci(g, v))),
            Check::NotValue(options, values) => !seen
                .view
                .value(options)
                .is_some_and(|v| values.iter().any(|g| crate::rules::glob_match_ci(g, v))),
            Check::ContentInto(paths, spared) => host::content_into(seen.cmd, paths, spared),
            Check::ExpiresAccount => host::expires_account(seen.view),
            Check::SetuidMode => host::sets_setuid(seen.view),
            Check::CapabilityGrant => host::grants_capability(seen.view),
            Check::AdminGroup => host::joins_admin_group(seen),
            Check::KillsHostDaemon => host::kills_host_daemon(seen),
            Check::KillsLookedUpDaemon => host::kills_looked_up_daemon(seen),
            Check::SystemMount => host::changes_system_mount(seen),
            Check::PolicyMayGrantAnyone(options) => {
                cloud::policy_may_grant_anyone(seen.view, options)
            }
            Check::CloudDelete(kind) => {
                cloud::cloud_deletes(&seen.cmd.program_lower(), seen.view, kind)
            }
            Check::CloudStop => cloud::cloud_stops(seen.cmd),
            Check::Loses(rule) => {
                let stops = databases::losses_of(rule);
                seen.cmd.data_losses.iter().any(|l| stops.contains(l))
            }
            Check::CodeLoses(rule) => {
                Check::Loses(rule).holds(seen) && !databases::on_test_database(seen.cmd)
            }
            Check::ShellOnSocket => exfiltration::shell_on_socket(seen),
            Check::NetcatRunsShell => exfiltration::netcat_runs_shell(seen),
            Check::SocatRunsShell => exfiltration::socat_runs_shell(seen),
            Check::InlineReverseShell => exfiltration::inline_reverse_shell(seen.cmd),
            Check::AwkSocketShell => exfiltration::awk_socket_shell(seen.cmd),
            Check::PublicServer => exfiltration::public_server(seen),
            Check::ShownToTerminal => exfiltration::shown_to_terminal(seen),
            Check::SecretValuesShown => exfiltration::secret_values_shown(seen),
            Check::GitConfigProgram => persistence::stores_program(seen.cmd),
            Check::SecretStaged => exfiltration::secret_staged(seen),
        }
    }
}
