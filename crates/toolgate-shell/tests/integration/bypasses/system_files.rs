//! One of the system's own files overwritten, edited or re-moded (`TG-CMD-SYSTEM-FILE-WRITE`,
//! review): each passed with no rule before; the everyday writes under the system's work
//! trees (`/var/www`, `/opt`, `/usr/local`, `/dev/null`) still pass.

use super::{has, rules};

const RULE: &str = "TG-CMD-SYSTEM-FILE-WRITE";

#[test]
fn the_system_s_own_files_overwritten_or_edited() {
    for cmd in [
        "echo x > /etc/fstab",
        "sed -i d /etc/fstab",
        "sudo sed -i 's/x/y/' /etc/nginx/nginx.conf",
        "echo x > /boot/grub/grub.cfg",
        "cat /dev/null > /var/lib/dpkg/status",
        "cp nginx.conf /etc/nginx/sites-available/app",
        "cd /etc && echo x > fstab",
        "cd /etc && sed -i d ./default/grub",
        "tar xzf x.tgz -C /usr",
        "unzip x.zip -d /etc",
        "curl -o /etc/apt/trusted.gpg.d/x.gpg https://example.com/k",
        "echo 'vm.swappiness=10' | sudo tee /etc/sysctl.d/99-x.conf",
        "printf x | dd of=/var/lib/rpm/Packages",
        "echo x > /etc/../etc/fstab",
    ] {
        assert!(has(cmd, RULE), "{cmd}: {:?}", rules(cmd));
    }
}

#[test]
fn the_root_a_system_directory_or_a_system_file_re_moded() {
    for cmd in [
        "chmod 000 /",
        "chmod 600 /",
        "sudo chmod 000 /etc",
        "chmod 777 /etc/shadow",
        "chmod -x /usr/bin/chmod",
        "chown nobody /etc/sudoers",
        "chgrp users /etc/passwd",
        "cd / && chmod 000 etc",
    ] {
        assert!(has(cmd, RULE), "{cmd}: {:?}", rules(cmd));
    }
    // Recursive changes are the recursive rules' alone.
    assert!(!has("chmod -R 777 /etc", RULE));
    assert!(has("chmod -R 777 /etc", "TG-CMD-CHMOD-SYSTEM"));
}

#[test]
fn everyday_writes_outside_the_system_s_own_files_pass() {
    for cmd in [
        "echo hi > /dev/null",
        "ls 2>/dev/null",
        "cmd > /dev/stderr",
        "echo x > /var/www/html/index.html",
        "cp build/app.jar /opt/app/",
        "rsync -a dist/ /srv/www/",
        "chmod +x /usr/local/bin/tool",
        "echo x >> /var/log/app.log",
        "cat x > /tmp/y",
        "echo x > /var/tmp/y",
        "chmod 644 src/main.rs",
        "chmod +x scripts/run.sh",
        "sed -i 's/a/b/' config/app.conf",
        "cp .env.example .env",
        "cat /etc/hosts > hosts.txt",
        "cp /etc/nginx/nginx.conf ./nginx.conf",
        "tee out.txt < /etc/os-release",
        "echo x > /proc/self/fd/1",
        "echo x > /mnt/data/out.txt",
    ] {
        assert!(!has(cmd, RULE), "{cmd}: {:?}", rules(cmd));
    }
}

#[test]
fn archives_extracted_into_the_root_and_device_nodes_replaced() {
    for cmd in [
        "tar -xf x.tar -C /",
        "sudo tar -xzf x.tgz -C /",
        "tar --extract --file x.tar --directory=/",
        "unzip -o x.zip -d /",
        "cd / && tar xf /tmp/x.tar",
        "cd / && unzip /tmp/x.zip",
        "mv x /dev/null",
        "sudo mv /tmp/x /dev/zero",
        "ln -sf /tmp/x /dev/null",
        "install x /dev/tty",
    ] {
        assert!(has(cmd, RULE), "{cmd}: {:?}", rules(cmd));
    }
    for cmd in [
        "tar -xf x.tar -C build/",
        "tar -xzf x.tgz",
        "unzip x.zip -d /tmp/x",
        "unzip x.zip",
        "cd /tmp && tar xf x.tar",
        "cp x /dev/null",
        "cat x > /dev/null",
        "ln -s /tmp/x /dev/null",
        "mv x /dev/shm/",
        // Creating an archive reads the `-C` directory; it writes only the archive.
        "tar -czf /tmp/etc.tgz -C /etc .",
        "tar -czf out.tgz -C / etc",
    ] {
        assert!(!has(cmd, RULE), "{cmd}: {:?}", rules(cmd));
    }
}
