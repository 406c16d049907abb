//! The host pack's runlevels, daemons, default routes and mounts: the attack forms and the
//! everyday forms beside them.

use std::path::Path;

use crate::analyze;
use crate::model::CommandContext;
use crate::rules::packs::evaluate_packs;

fn rules(cmd: &str) -> Vec<&'static str> {
    let cx = CommandContext::new(
        Some(Path::new("/home/dev/proj")),
        Some(Path::new("/home/dev")),
    );
    evaluate_packs(&analyze(cmd), &cx)
        .into_iter()
        .map(|m| m.rule_id)
        .collect()
}

fn only(rule: &str, cmds: &[&str]) {
    for cmd in cmds {
        assert_eq!(rules(cmd), [rule], "{cmd}");
    }
}

fn none(cmds: &[&str]) {
    for cmd in cmds {
        assert!(rules(cmd).is_empty(), "{cmd}: {:?}", rules(cmd));
    }
}

#[test]
fn runlevels_that_stop_services_and_logins() {
    only(
        "TG-HOST-POWER",
        &[
            "systemctl isolate rescue.target",
            "sudo systemctl isolate rescue",
            "systemctl isolate emergency.target",
            "systemctl isolate poweroff.target",
            "systemctl isolate halt",
            "systemctl isolate reboot.target",
            "systemctl isolate runlevel0.target",
            "systemctl isolate runlevel1",
            "systemctl isolate runlevel6.target",
            "systemctl --no-block isolate rescue.target",
            "systemctl rescue",
            "systemctl emergency",
            "init 1",
            "telinit 1",
            "telinit s",
            "telinit S",
            "telinit single",
        ],
    );
    none(&[
        "systemctl isolate graphical.target",
        "systemctl isolate multi-user.target",
        "systemctl isolate runlevel3.target",
        "systemctl get-default",
        "systemctl status rescue.target",
        "systemctl cat emergency.target",
        "telinit q",
        "init u",
        "runlevel",
    ]);
}

#[test]
fn killing_the_hosts_daemons_by_name() {
    only(
        "TG-HOST-SERVICE-STOP",
        &[
            "killall sshd",
            "sudo killall sshd",
            "pkill sshd",
            "pkill -9 -x sshd",
            "pkill -x -9 sshd",
            "pkill -f sshd",
            "pkill -f /usr/sbin/sshd",
            "pkill -f 'sshd -D'",
            "pkill ssh",
            "pkill '[s]shd'",
            "pkill -STOP sshd",
            "pkill -SIGKILL systemd-journald",
            "pkill --signal KILL dockerd",
            "killall -9 systemd-journald",
            "killall /usr/sbin/sshd",
            "killall -s KILL NetworkManager",
            "killall -r 'ssh.*'",
            "killall -I networkmanager",
            "pkill -i networkmanager",
            "pkill containerd",
            "killall kubelet cron",
            "pkill -f 'node|sshd'",
            "systemctl kill sshd",
            "sudo systemctl kill -s KILL nginx",
            "systemctl kill --signal=SIGKILL docker.service",
        ],
    );
    none(&[
        "pkill node",
        "pkill -f vite",
        "pkill -f \"vite\"",
        "killall python3",
        "pkill -f postgres",
        "pkill -f 'node server.js'",
        "pkill -f 'npm run login'",
        "pkill -x ssh",
        "pkill networkmanager",
        "killall ssh",
        "killall -HUP sshd",
        "pkill -HUP sshd",
        "killall -s HUP rsyslogd",
        "pkill -USR1 dockerd",
        "pkill -0 sshd",
        "sudo killall -HUP mDNSResponder",
        "killall Dock",
        "killall -l",
        "pkill -f \"$SERVER\"",
        "systemctl kill -s HUP nginx",
        "systemctl kill -s help",
        "systemctl kill --signal=help",
        "systemctl --user kill my-app",
        "systemctl status sshd",
        "pgrep sshd",
    ]);
}

#[test]
fn killing_the_hosts_daemons_by_looked_up_ids() {
    only(
        "TG-HOST-SERVICE-STOP",
        &[
            "kill $(pidof sshd)",
            "kill `pidof sshd`",
            "sudo kill -9 $(pgrep -f systemd-journald)",
            "kill -s KILL $(pgrep -x dockerd)",
            "pgrep sshd | xargs kill",
            "pidof dockerd | xargs kill -9",
            "pgrep -f /usr/sbin/sshd | xargs -r sudo kill",
            "P=$(pidof containerd); kill $P",
        ],
    );
    none(&[
        "kill $(pgrep -f myserver)",
        "kill $(pidof node)",
        "pgrep -f 'node server' | xargs kill",
        "kill -HUP $(pidof sshd)",
        "kill -0 $(pidof sshd)",
        "kill -USR1 $(pgrep dockerd)",
        "kill $(cat app.pid)",
        "kill $(lsof -t -i :3000)",
        "pidof sshd",
        "echo $(pidof sshd)",
        "kill -l",
    ]);
}

#[test]
fn core_packages_of_other_package_managers() {
    only(
        "TG-HOST-CORE-PACKAGE-REMOVE",
        &[
            "pacman -Rns linux",
            "sudo pacman -R glibc",
            "pacman -Rdd base",
            "snap remove core",
            "sudo snap remove core22",
            "snap remove snapd",
            "emerge --unmerge sys-libs/glibc",
            "emerge -C portage",
            "xbps-remove -R base-system",
            "nix-env -e nix",
            "nix-env --uninstall nix",
        ],
    );
    none(&[
        "pacman -Rns vim",
        "pacman -S linux",
        "pacman -Syu",
        "snap remove firefox",
        "snap refresh core",
        "snap install core22",
        "emerge -C vim",
        "emerge --pretend --unmerge glibc",
        "emerge -av glibc",
        "xbps-remove -n base-system",
        "xbps-remove vim",
        "xbps-install -Su",
        "nix-env -e hello",
        "nix-env -iA nixpkgs.nix",
        "brew uninstall git",
    ]);
}

#[test]
fn boot_loader_changes() {
    only(
        "TG-HOST-BOOT-CHANGE",
        &[
            "grub-install /dev/sda",
            "sudo grub-install --target=x86_64-efi --efi-directory=/boot/efi",
            "grub2-install /dev/vda",
            "efibootmgr -b 0000 -B",
            "efibootmgr --delete-bootnum --bootnum 0003",
            "efibootmgr -o 0001,0000",
            "efibootmgr -A -b 0002",
            "bootctl remove",
            "sudo bootctl install",
        ],
    );
    none(&[
        "update-grub",
        "grub-install --version",
        "efibootmgr",
        "efibootmgr -v",
        "efibootmgr -n 0001",
        "bootctl status",
        "bootctl list",
        "bootctl update",
    ]);
}

#[test]
fn killing_every_child_of_init() {
    only(
        "TG-HOST-KILL-ALL",
        &[
            "pkill -P 1",
            "sudo pkill -9 -P 1",
            "pkill --parent 1",
            "pkill -P 2,1",
        ],
    );
    none(&["pkill -P 1234", "pkill -P 1 my-worker", "pgrep -P 1"]);
}

#[test]
fn removing_the_default_route() {
    only(
        "TG-HOST-NETWORK-DOWN",
        &[
            "ip route del default",
            "sudo ip route delete default",
            "ip -6 route del default",
            "ip r d default",
            "ip ro del default via 10.0.0.1 dev eth0",
            "ip route del 0.0.0.0/0",
            "route del default",
            "route delete default",
            "route -n delete default",
            "route del -net 0.0.0.0 netmask 0.0.0.0",
            "route delete 0.0.0.0",
            "route -A inet6 del default",
        ],
    );
    none(&[
        "ip route add default via 10.0.0.1",
        "ip route show",
        "ip route",
        "ip r",
        "ip route del 10.1.0.0/16",
        "ip route get 1.1.1.1",
        "route -n",
        "route",
        "route add default gw 10.0.0.1",
        "route del -net 10.1.0.0 netmask 255.255.0.0",
        "netstat -rn",
    ]);
}

#[test]
fn mounts_the_system_runs_from() {
    only(
        "TG-HOST-MOUNT-CRITICAL",
        &[
            "umount -l /",
            "sudo umount /",
            "umount /boot",
            "umount /boot/efi",
            "umount -f /home",
            "umount /proc",
            "umount /sys",
            "umount /usr",
            "umount -a",
            "umount --all -t nfs",
            "umount -R /",
            "umount ~",
            "umount /home/dev",
            "umount ..",
            "umount /b*",
            "mount -o remount,ro /",
            "mount -o ro,remount /usr",
            "mount -r -o remount /",
            "mount --options remount,ro /home",
            "mount -ur /",
            "mount --bind /tmp/x /etc",
            "mount -B x /usr/bin",
            "mount --rbind /tmp/x /etc/ssh",
            "mount -o bind /tmp/passwd /etc/passwd",
            "mount -t tmpfs none /home/dev",
            "mount -t tmpfs tmpfs ~",
            "mount /dev/sdb1 /",
            "mount /dev/sdb1 /boot",
            "mount --source /dev/sdb1 --target /usr",
            "mount --move /mnt/x /var",
            "mount -t tmpfs none /var/log",
            // Where a device is mounted is not known; lazily, even the root's goes.
            "umount -l /dev/sda1",
            "umount --lazy /dev/nvme0n1p2",
        ],
    );
    none(&[
        "mount",
        "mount | grep sdb",
        "mount -l",
        "findmnt",
        "mount /dev/sdb1 /mnt",
        "mount /dev/sdb1 /mnt/usb",
        "sudo mount -t tmpfs tmpfs /tmp/x",
        "mount -o remount,rw /",
        "mount -uw /",
        "mount -o remount,ro /mnt/usb",
        "mount /home",
        "mount -a",
        "mount --bind ./src ./build/mnt",
        "mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc",
        "mount -t debugfs none /sys/kernel/debug",
        "mount -t proc proc /proc",
        "mount -t linprocfs none /proc",
        "mount --bind /dev /mnt/chroot/dev",
        "mount -o remount,size=4G /dev/shm",
        "mount -n -o remount /",
        "mount -o loop disk.img /media/img",
        "mount -t nfs server:/export /srv/data",
        "mount -t tmpfs -o size=1g tmpfs /home/dev/proj/cache",
        "umount /mnt/usb",
        "umount ./build/mnt",
        "umount -R /mnt/chroot",
        "umount /dev/sdb1",
        "umount /dev/sda1",
        "umount -l /mnt/usb",
        "umount \"$MNT\"",
        "umount --help",
    ]);
}
