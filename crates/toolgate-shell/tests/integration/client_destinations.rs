//! Destinations of the network clients read by `facts::destinations::clients` and
//! `facts::destinations::databases`: what each form reaches, exactly, and the forms that reach
//! nothing (local files, sockets, loopback database servers, settings keys).

use toolgate_shell::Destination;

use super::destinations::{dests, host, unknown, url};

#[track_caller]
fn exactly(cmd: &str, expected: &[Destination]) {
    assert_eq!(dests(cmd), expected, "{cmd}");
}

#[test]
fn browsers_downloaders_and_media_tools() {
    exactly(
        "lynx -dump -width 200 https://a.example/x",
        &[url("https://a.example/x", "lynx")],
    );
    exactly("lynx a.example", &[url("http://a.example", "lynx")]);
    exactly("lynx -dump index.html", &[]);
    exactly(
        "links -dump https://a.example/",
        &[url("https://a.example/", "links")],
    );
    exactly(
        "elinks -dump -dump-color-mode 1 https://a.example/",
        &[url("https://a.example/", "elinks")],
    );
    exactly("w3m -o display_link=1 -T text/html -dump", &[]);
    exactly(
        "axel -n 5 -o out.tar.gz https://a.example/f",
        &[url("https://a.example/f", "axel")],
    );
    exactly(
        "yt-dlp -o '%(title)s.%(ext)s' -f best --proxy p.example:3128 https://a.example/v",
        &[
            url("https://a.example/v", "yt-dlp"),
            host("p.example", Some(3128), "yt-dlp"),
        ],
    );
    exactly("yt-dlp -a urls.txt", &[unknown("yt-dlp")]);
    exactly("youtube-dl BaW_jenozKc", &[]);
    exactly(
        "ffmpeg -re -i https://a.example/v.mp4 -c copy -f flv rtmp://b.example:1935/live",
        &[
            url("https://a.example/v.mp4", "ffmpeg"),
            host("b.example", Some(1935), "ffmpeg"),
        ],
    );
    exactly("ffmpeg -i in.mp4 -vf scale=-1:720 out.mp4", &[]);
    exactly("ffmpeg -i \"$f\" out.mp4", &[]);
    exactly("ffmpeg -i file:///tmp/in.mp4 out.mp4", &[]);
}

#[test]
fn repositories_and_named_urls() {
    exactly(
        "hg clone https://a.example/r dest",
        &[url("https://a.example/r", "hg")],
    );
    exactly(
        "hg pull ssh://hg@a.example:2222/r",
        &[host("a.example", Some(2222), "hg")],
    );
    exactly(
        "hg clone --config http_proxy.host=p.example:3128 r",
        &[host("p.example", Some(3128), "hg")],
    );
    exactly("hg clone \"$SRC\"", &[unknown("hg")]);
    exactly("hg st -R \"$path\"", &[]);
    exactly(
        "hg clone -e 'ssh -p 2222' ssh://a.example/r",
        &[host("a.example", None, "hg")],
    );
    exactly(
        "svn co svn://a.example/r",
        &[host("a.example", None, "svn")],
    );
    exactly("svn co file:///srv/r", &[]);
    exactly("svn co \"$URL\"", &[unknown("svn")]);
    exactly("svn add \"$f\"", &[]);
    exactly(
        "deno run --allow-net https://a.example/x.ts",
        &[url("https://a.example/x.ts", "deno")],
    );
    exactly("deno run jsr:@std/http main.ts", &[]);
    exactly(
        "bundle config mirror.https://gems.example https://a.example/m",
        &[url("https://a.example/m", "bundle")],
    );
    exactly(
        "composer config repositories.x '{\"type\": \"vcs\", \"url\": \"https://a.example/r\"}'",
        &[url("https://a.example/r", "composer")],
    );
    exactly("conda install -c conda-forge numpy", &[]);
    exactly(
        "poetry add git+https://a.example/x.git",
        &[url("https://a.example/x.git", "poetry")],
    );
    exactly(
        "skopeo copy docker://a.example:5000/x:1 docker://nginx:1.25",
        &[host("a.example", Some(5000), "skopeo")],
    );
}

#[test]
fn file_transfers_clusters_and_forges() {
    exactly(
        "tftp a.example 69 -c get x",
        &[host("a.example", Some(69), "tftp")],
    );
    exactly(
        "smbclient -U alice -p 4445 //a.example/share",
        &[host("a.example", Some(4445), "smbclient")],
    );
    exactly(
        "smbclient -L a.example -N",
        &[host("a.example", None, "smbclient")],
    );
    exactly(
        "lftp -p 2121 -u alice,pw a.example",
        &[host("a.example", Some(2121), "lftp")],
    );
    exactly(
        "lftp -c 'open -u a,b -p 21 a.example; get http://b.example/f'",
        &[
            host("a.example", Some(21), "lftp"),
            url("http://b.example/f", "lftp"),
        ],
    );
    exactly("lftp -f script", &[unknown("lftp")]);
    exactly(
        "kubectl -s a.example:6443 get pods",
        &[url("https://a.example:6443", "kubectl")],
    );
    exactly("kubectl logs -f web-0", &[]);
    exactly(
        "kubectl apply -k a.example/org/repo//dir",
        &[url("https://a.example/org/repo//dir", "kubectl")],
    );
    exactly("kubectl apply -k overlays/prod", &[]);
    exactly(
        "gh api -X POST --hostname a.example /user",
        &[url("https://a.example", "gh")],
    );
    exactly("gh api repos/o/r -X GET", &[]);
    exactly("gh repo clone o/r", &[]);
    exactly(
        "gh project item-add 5 --owner o --url https://a.example",
        &[],
    );
}

#[test]
fn database_clients_reach_other_machines_only() {
    for local in [
        "psql",
        "psql mydb",
        "psql -d mydb -U app",
        "psql -h localhost",
        "psql -h /var/run/postgresql",
        "psql postgresql://u@localhost:5432/db",
        "psql 'postgresql://u@%2Fvar%2Frun%2Fpostgresql/db'",
        "psql 'host=127.0.0.1 dbname=x'",
        "mysql -u root -p app",
        "mysql -h 127.0.0.1 -P 3307",
        "mysql --socket=/tmp/m.sock",
        "redis-cli",
        "redis-cli -h ::1 ping",
        "redis-cli -s /tmp/r.sock",
        "mongosh",
        "mongosh mydb",
        "mongo localhost:27017/db",
    ] {
        exactly(local, &[]);
    }
    exactly(
        "psql -h a.example,b.example -p 5433",
        &[
            host("a.example", Some(5433), "psql"),
            host("b.example", Some(5433), "psql"),
        ],
    );
    exactly(
        "psql 'postgresql://u:pw@a.example:6432/db?sslmode=require'",
        &[host("a.example", Some(6432), "psql")],
    );
    exactly(
        "psql -d 'postgresql:///db?host=a.example'",
        &[host("a.example", None, "psql")],
    );
    exactly(
        "psql 'host=a.example port=5432 dbname=x'",
        &[host("a.example", None, "psql")],
    );
    exactly("psql \"$DATABASE_URL\"", &[unknown("psql")]);
    exactly(
        "mysql -ha.example -P 3307 app",
        &[host("a.example", Some(3307), "mysql")],
    );
    exactly(
        "redis-cli -u rediss://:pw@a.example:6380/0",
        &[host("a.example", Some(6380), "redis-cli")],
    );
    exactly(
        "mongo --host rs0/a.example:27017,localhost:27018",
        &[host("a.example", Some(27017), "mongo")],
    );
    exactly(
        "mongosh 'mongodb+srv://u:p@a.example/db'",
        &[host("a.example", None, "mongosh")],
    );
    exactly("mongosh --host \"$H\"", &[unknown("mongosh")]);
}
