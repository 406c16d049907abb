//! The destination handlers a program row can name (the code is in `facts::destinations`).

/// Where a program's destinations are read from (see `dest.rs`). Each handler reads the
/// options listed by [`Destinations::reads`], which the program's spec must know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Destinations {
    /// curl: operands and `--url` are URLs; proxies, `--resolve`, `--connect-to`, configs.
    Curl,
    /// wget, wget2: operands are URLs; `-i` lists, `-e` settings.
    Wget,
    /// lwp-request (`GET`, `POST`): operands are URLs; `-p` proxies.
    LwpRequest,
    /// HTTPie and xh: `[METHOD] URL`.
    Httpie,
    /// aria2c and fetch: URLs or bare hosts.
    Aria2c,
    /// ssh: the destination, jumps, forwards, `-o` settings.
    Ssh,
    /// mosh: the destination.
    Mosh,
    /// scp: `[user@]host:path` operands.
    Scp,
    /// sftp: like scp, or a bare host.
    Sftp,
    /// rsync: remote shell and daemon forms.
    Rsync,
    /// telnet: `host [port]`.
    Telnet,
    /// ftp, tftp: `host [port]`.
    Ftp,
    /// nc / ncat / netcat: `host port` unless listening.
    Netcat,
    /// socat: connecting address operands.
    Socat,
    /// git: remotes, config URLs, proxies.
    Git,
    /// pip, uv: indexes, find-links, URL requirements.
    Pip,
    /// npm and friends: registries, URL package specs.
    Npm,
    /// docker, podman, nerdctl: the daemon, registries.
    Docker,
    /// helm: repository and chart URLs.
    Helm,
    /// go get / install / run: module hosts.
    Go,
    /// cargo: `--git`, `--index`.
    Cargo,
    /// gem: sources, proxies.
    Gem,
    /// nmap, masscan, zmap: every target (ranges checked by their special-purpose parts).
    Scanner,
    /// openssl: the server of `s_client` / `s_time` (`-connect`, `-host`, an operand),
    /// `-proxy`, and `ocsp`'s responder (`-url`, `-host`).
    Openssl,
    /// dig, kdig, delv, drill (`@SERVER`), nslookup and host (`NAME SERVER`), whois (`-h
    /// SERVER`): the server a lookup is sent to. The names looked up are not destinations
    /// (the system's resolver answers them); the exfiltration pack reads what they carry.
    NameServer,
    /// ping, traceroute, tracepath, mtr, arping: the host their packets go to.
    Probe,
    /// Text browsers and downloaders (lynx, w3m, links, elinks, axel): operands are URLs or
    /// bare hosts.
    Browser,
    /// yt-dlp, youtube-dl: URL operands, `--proxy`, `-a`/`--batch-file` lists.
    MediaDownloader,
    /// ffmpeg, ffprobe, ffplay: inputs (`-i URL`) and outputs that are URLs, `-http_proxy`.
    Media,
    /// Mercurial: repository URLs among operands and option values (`--config
    /// paths.default=URL`), proxies in settings, `-e`/`--ssh` remote shells.
    Hg,
    /// Subversion: repository URLs among operands, proxies in `--config-option` settings.
    Svn,
    /// Tools whose channels, sources and mirrors are URLs among their words (deno, conda,
    /// mamba, poetry, composer, bundle): every URL named there.
    NamedUrls,
    /// skopeo: `docker://REGISTRY/…` images, `login REGISTRY`.
    Skopeo,
    /// smbclient: `//server/share`, `-L`, `-I`, `-M`.
    Smb,
    /// lftp: the site operand, `open` and URLs in `-c`/`-e` commands, `-f` scripts.
    Lftp,
    /// kubectl, oc: `--server`, manifests and kustomizations given as URLs.
    Kubectl,
    /// gh: `--hostname`, `gh api URL`, `gh repo clone URL`.
    Gh,
    /// psql: `-h` hosts, connection URLs and `host=` settings in `-d` or the database operand.
    Postgres,
    /// mysql, mariadb: `-h`/`--host`, `-P`.
    Mysql,
    /// redis-cli, valkey-cli: `-h`, `-p`, `-u URI`.
    Redis,
    /// mongosh, mongo: `--host`, `--port`, a connection URL or `host[:port]/db` operand.
    Mongo,
}

impl Destinations {
    /// Whether the program's operands are its destinations (`curl URL`, `ssh HOST`), so that
    /// operands read from input at run time (`xargs curl`) are unknown destinations.
    pub(crate) fn operands_are_destinations(self) -> bool {
        use Destinations as D;
        matches!(
            self,
            D::Curl
                | D::Wget
                | D::LwpRequest
                | D::Httpie
                | D::Aria2c
                | D::Ssh
                | D::Mosh
                | D::Scp
                | D::Sftp
                | D::Telnet
                | D::Ftp
                | D::Netcat
                | D::Socat
                | D::Scanner
                | D::Probe
                | D::Browser
                | D::MediaDownloader
                | D::Smb
                | D::Lftp
        )
    }

    /// The options (as written: `-x`, `--proxy`) whose values this handler reads.
    #[cfg(test)]
    pub(crate) fn reads(self) -> &'static [&'static str] {
        match self {
            Destinations::Curl => &[
                "--url",
                "--doh-url",
                "-x",
                "--proxy",
                "--preproxy",
                "--socks4",
                "--socks4a",
                "--socks5",
                "--socks5-hostname",
                "--proxy1.0",
                "--resolve",
                "--connect-to",
                "--dns-servers",
                "-K",
                "--config",
                "--unix-socket",
                // The request's method.
                "-X",
                "--request",
                "-T",
                "--upload-file",
                "-d",
                "--data",
                "--data-ascii",
                "--data-binary",
                "--data-raw",
                "--data-urlencode",
                "-F",
                "--form",
                "--form-string",
                "--json",
                "--head",
                "--get",
            ],
            Destinations::Wget => &[
                "-i",
                "--input-file",
                "--config",
                "-e",
                "--execute",
                "--method",
                "--post-data",
                "--post-file",
            ],
            Destinations::LwpRequest => &["-p", "-m"],
            Destinations::Httpie => &["--default-scheme", "--proxy", "--raw"],
            Destinations::Aria2c => &[
                "-i",
                "--input-file",
                "--all-proxy",
                "--http-proxy",
                "--https-proxy",
                "--ftp-proxy",
            ],
            Destinations::Ssh => &["-p", "-J", "-o", "-F", "-W", "-R"],
            Destinations::Mosh => &["--ssh"],
            Destinations::Scp => &["-P", "-J", "-o", "-F", "-S"],
            Destinations::Sftp => &["-P", "-J", "-o", "-F", "-S", "-D"],
            Destinations::Rsync => &["--port", "-e", "--rsh"],
            Destinations::Telnet | Destinations::Ftp | Destinations::Socat => &[],
            Destinations::Netcat => &["-x", "--proxy"],
            Destinations::Git
            | Destinations::Npm
            | Destinations::Docker
            | Destinations::Helm
            | Destinations::Go => &[],
            Destinations::Pip => &[
                "--index",
                "--default-index",
                "-e",
                "--editable",
                "--from",
                "--with",
                "-i",
                "--index-url",
                "--extra-index-url",
                "-f",
                "--find-links",
                "--trusted-host",
                "--proxy",
            ],
            Destinations::Cargo => &["--git", "--index"],
            Destinations::Gem => &["-s", "--source", "-p", "--http-proxy"],
            // Reads its own arguments (`facts::destinations::scanners`).
            Destinations::Scanner => &[],
            Destinations::Openssl => &["--connect", "--host", "--port", "--proxy", "--url"],
            // Each program's own options, by its name (`facts::destinations::lookups`).
            Destinations::NameServer | Destinations::Probe => &[],
            Destinations::Browser => &[],
            Destinations::MediaDownloader => &["--proxy", "-a", "--batch-file"],
            Destinations::Media => &["-i", "--http_proxy"],
            Destinations::Hg => &["-e", "--ssh"],
            Destinations::Svn => &[],
            // Every URL among the words; subcommand specs are the handler's own.
            Destinations::NamedUrls | Destinations::Skopeo => &[],
            Destinations::Smb => &[
                "-L",
                "--list",
                "-I",
                "--ip-address",
                "-M",
                "--message",
                "-p",
                "--port",
            ],
            Destinations::Lftp => &["-c", "-e", "-f", "-p"],
            Destinations::Kubectl => &["-s", "--server", "-f", "--filename", "-k", "--kustomize"],
            Destinations::Gh => &["--hostname"],
            Destinations::Postgres => &["-h", "--host", "-p", "--port", "-d", "--dbname"],
            Destinations::Mysql => &["-h", "--host", "-P", "--port"],
            Destinations::Redis => &["-h", "-p", "-u"],
            Destinations::Mongo => &["--host", "--port"],
        }
    }
}
