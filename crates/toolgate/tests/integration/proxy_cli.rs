//! `toolgate run` and `toolgate proxy` as processes: real curl and Python clients through
//! the proxy to loopback upstreams, names resolved by a test DNS server; SIGTERM draining.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use toolgate_nettest::{Behaviour, DnsServer, TlsIdentity, Upstream, required_tool};

const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);
const TOOLGATE: &str = env!("CARGO_BIN_EXE_toolgate");

struct World {
    dir: tempfile::TempDir,
    policy: PathBuf,
    ca: PathBuf,
    dns: DnsServer,
    tls: Upstream,
    plain: Upstream,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(
        &policy,
        "network:\n  allow: [\"good.test\", \"127.0.0.1\"]\n  deny: [\"bad.test\"]\n",
    )
    .unwrap();
    let identity = TlsIdentity::new(&["good.test", "other.test"]);
    let ca = dir.path().join("ca.pem");
    std::fs::write(&ca, identity.cert_pem()).unwrap();
    let dns = DnsServer::start();
    for name in ["good.test", "other.test", "bad.test"] {
        dns.answer(name, &[LOCAL]);
    }
    World {
        tls: Upstream::start_tls(LOCAL, "tls", Behaviour::Http, &identity),
        plain: Upstream::start(LOCAL, "plain", Behaviour::Http),
        dir,
        policy,
        ca,
        dns,
    }
}

impl World {
    /// `toolgate run --policy P --nameserver DNS -- program args…`
    fn run(&self, program: &Path, args: &[&str]) -> Output {
        Command::new(TOOLGATE)
            .arg("run")
            .arg("--policy")
            .arg(&self.policy)
            .arg("--nameserver")
            .arg(self.dns.addr().to_string())
            .arg("--")
            .arg(program)
            .args(args)
            .current_dir(self.dir.path())
            .env("HOME", self.dir.path())
            .env_remove("TOOLGATE_POLICY")
            .output()
            .unwrap()
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn curl_under_toolgate_run_reaches_allowed_hosts_only() {
    let Some(curl) = required_tool("curl") else {
        return;
    };
    let w = world();
    let ca = w.ca.to_str().unwrap();
    let https = format!("https://good.test:{}/hello", w.tls.port());
    let out = w.run(&curl, &["-sS", "-f", "--cacert", ca, &https]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "upstream tls GET /hello\n");
    let http = format!("http://good.test:{}/plain", w.plain.port());
    let out = w.run(&curl, &["-sS", "-f", &http]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "upstream plain GET /plain\n");
    let seen_tls = w.tls.seen().requests.len();
    let seen_plain = w.plain.seen().requests.len();
    // Refused: a name not allowed, a denied name, fronting to another name over an allowed
    // tunnel, and plain HTTP to a refused name.
    for args in [
        vec![format!("https://other.test:{}/x", w.tls.port())],
        vec![format!("https://bad.test:{}/x", w.tls.port())],
        vec![
            "--connect-to".into(),
            format!("other.test:{0}:good.test:{0}", w.tls.port()),
            format!("https://other.test:{}/x", w.tls.port()),
        ],
        vec![format!("http://other.test:{}/x", w.plain.port())],
    ] {
        let mut all = vec!["-sS", "-f", "--cacert", ca];
        all.extend(args.iter().map(|s| s.as_str()));
        let out = w.run(&curl, &all);
        assert_ne!(out.status.code(), Some(0), "{args:?} passed");
        assert_ne!(out.status.code(), None);
    }
    assert_eq!(
        w.tls.seen().requests.len(),
        seen_tls,
        "a refused request arrived"
    );
    assert_eq!(w.plain.seen().requests.len(), seen_plain);
}

#[test]
fn python_urllib_under_toolgate_run() {
    let Some(python) = required_tool("python3") else {
        return;
    };
    let w = world();
    let script = "import sys, ssl, urllib.request, urllib.error\n\
        ctx = ssl.create_default_context(cafile=sys.argv[1])\n\
        try:\n\
        \x20   print(urllib.request.urlopen(sys.argv[2], context=ctx, timeout=20).read().decode(), end='')\n\
        except urllib.error.HTTPError as e:\n\
        \x20   print('status', e.code); sys.exit(3)\n\
        except (urllib.error.URLError, OSError) as e:\n\
        \x20   print('refused', type(e).__name__); sys.exit(4)\n";
    let ca = w.ca.to_str().unwrap();
    let ok = format!("https://good.test:{}/py", w.tls.port());
    let out = w.run(&python, &["-c", script, ca, &ok]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert_eq!(text(&out.stdout), "upstream tls GET /py\n");
    let plain = format!("http://good.test:{}/pyplain", w.plain.port());
    let out = w.run(&python, &["-c", script, ca, &plain]);
    assert_eq!(text(&out.stdout), "upstream plain GET /pyplain\n");
    // A tunnel refused by the proxy is an OSError in urllib; plain HTTP gets the 403.
    let refused = format!("https://other.test:{}/py", w.tls.port());
    let out = w.run(&python, &["-c", script, ca, &refused]);
    assert_eq!(out.status.code(), Some(4), "{}", text(&out.stdout));
    let refused = format!("http://other.test:{}/py", w.plain.port());
    let out = w.run(&python, &["-c", script, ca, &refused]);
    assert_eq!(out.status.code(), Some(3), "{}", text(&out.stdout));
    assert_eq!(text(&out.stdout), "status 403\n");
}

#[test]
fn run_sets_the_proxy_variables_and_passes_the_exit_status() {
    let w = world();
    let sh = PathBuf::from("/bin/sh");
    let out = w.run(
        &sh,
        &["-c", "echo \"$HTTP_PROXY $http_proxy $HTTPS_PROXY $https_proxy $ALL_PROXY $all_proxy [$NO_PROXY$no_proxy]\""],
    );
    assert_eq!(out.status.code(), Some(0));
    let line = text(&out.stdout);
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 7, "{line}");
    let http = words[0];
    assert!(http.starts_with("http://127.0.0.1:"), "{line}");
    assert!(words[..4].iter().all(|w| *w == http), "{line}");
    let socks = http.replace("http://", "socks5h://");
    assert_eq!(words[4], socks);
    assert_eq!(words[5], socks);
    assert_eq!(words[6], "[]");
    let out = w.run(&sh, &["-c", "exit 7"]);
    assert_eq!(out.status.code(), Some(7));
    let out = w.run(&sh, &["-c", "kill -TERM $$"]);
    assert_eq!(out.status.code(), Some(128 + 15));
    let out = w.run(Path::new("/nonexistent/program"), &[]);
    assert_eq!(out.status.code(), Some(127));
}

#[test]
fn a_broken_policy_or_an_open_listen_address_does_not_start() {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, "network:\n  allow: [\"https://x.com/\"]\n").unwrap();
    let out = Command::new(TOOLGATE)
        .args(["run", "--policy"])
        .arg(&policy)
        .args(["--", "/bin/true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(TOOLGATE)
        .args(["proxy", "--listen", "0.0.0.0:0", "--policy"])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    std::fs::write(&policy, "network:\n  allow: [\"x.com\"]\n").unwrap();
    let out = Command::new(TOOLGATE)
        .args(["proxy", "--listen", "0.0.0.0:0", "--policy"])
        .arg(&policy)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("--allow-client"),
        "{}",
        text(&out.stderr)
    );
}

fn read_head(s: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut b = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        match s.read(&mut b) {
            Ok(1) => head.push(b[0]),
            _ => break,
        }
    }
    text(&head)
}

#[test]
fn sigterm_drains_in_flight_tunnels_then_exits() {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.yaml");
    std::fs::write(&policy, "network:\n  allow: [\"127.0.0.1\"]\n").unwrap();
    let echo = Upstream::start(LOCAL, "echo", Behaviour::Echo);
    let mut child = Command::new(TOOLGATE)
        .args(["proxy", "--listen", "127.0.0.1:0", "--policy"])
        .arg(&policy)
        .env("HOME", dir.path())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    let addr: SocketAddr = line
        .split_whitespace()
        .find_map(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    let mut tunnel = TcpStream::connect(addr).unwrap();
    tunnel
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    tunnel
        .write_all(format!("CONNECT {} HTTP/1.1\r\nHost: x\r\n\r\n", echo.addr()).as_bytes())
        .unwrap();
    assert!(read_head(&mut tunnel).starts_with("HTTP/1.1 200"));
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    // New connections are refused once the listener is closed.
    let deadline = Instant::now() + Duration::from_secs(5);
    while TcpStream::connect(addr).is_ok() {
        assert!(Instant::now() < deadline, "still accepting after SIGTERM");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The tunnel in flight still works.
    tunnel.write_all(b"still here").unwrap();
    let mut back = [0u8; 10];
    tunnel.read_exact(&mut back).unwrap();
    assert_eq!(&back, b"still here");
    assert!(
        child.try_wait().unwrap().is_none(),
        "exited before draining"
    );
    drop(tunnel);
    let deadline = Instant::now() + Duration::from_secs(10);
    let code = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code();
        }
        assert!(Instant::now() < deadline, "did not exit after draining");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(code, Some(0));
}

#[test]
fn every_proxy_decision_goes_to_the_decision_log() {
    let Some(curl) = required_tool("curl") else {
        return;
    };
    let w = world();
    std::fs::write(
        &w.policy,
        "network:\n  allow: [\"good.test\", \"127.0.0.1\"]\n  deny: [\"bad.test\"]\nlog:\n  path: decisions.jsonl\n",
    )
    .unwrap();
    let allowed = format!("http://good.test:{}/secret-path?token=abc", w.plain.port());
    let refused = format!("http://bad.test:{}/other-path", w.plain.port());
    assert_eq!(
        w.run(&curl, &["-sS", "-f", &allowed]).status.code(),
        Some(0)
    );
    assert_ne!(
        w.run(&curl, &["-sS", "-f", &refused]).status.code(),
        Some(0)
    );
    let log = w.dir.path().join("decisions.jsonl");
    let text = std::fs::read_to_string(&log).expect("the proxy wrote the decision log");
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{text}");
    for r in &records {
        assert_eq!(r["surface"], "proxy");
        assert_eq!(r["target_type"], "egress_request");
    }
    assert_eq!(records[0]["decision"], "allow");
    assert_eq!(records[0]["destinations"][0]["host"], "good.test");
    assert_eq!(records[1]["decision"], "deny");
    assert_eq!(records[1]["destinations"][0]["host"], "bad.test");
    // The request's path and query are never recorded.
    assert!(!text.contains("secret-path") && !text.contains("token=abc"));
    let verify = Command::new(TOOLGATE)
        .args(["audit", "verify"])
        .arg(&log)
        .output()
        .unwrap();
    assert_eq!(verify.status.code(), Some(0), "{}", text_of(&verify));
}

fn text_of(out: &Output) -> String {
    format!("{}{}", text(&out.stdout), text(&out.stderr))
}
