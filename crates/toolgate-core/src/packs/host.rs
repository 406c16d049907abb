//! The `host` pack in the catalog: taking the machine down or weakening it.

use super::{Pack, deny, review};

pub(super) const PACK: Pack = Pack {
    name: "host",
    summary: "taking the machine down or weakening it",
    rules: &[
        deny(
            "TG-HOST-POWER",
            "Shutting down or rebooting the machine",
            "shutdown, reboot, halt, poweroff, init 0|1|6, telinit 1|s, systemctl poweroff|reboot|rescue|emergency, systemctl isolate rescue|emergency|poweroff.target, writes to /proc/sysrq-trigger",
        ),
        review(
            "TG-HOST-SERVICE-STOP",
            "Stopping, disabling, masking or killing system services and the daemons the host depends on",
            "systemctl stop|disable|mask|kill, service NAME stop, launchctl unload of a system daemon, launchctl bootout|disable system/…, killall sshd, pkill -f systemd-journald, kill $(pidof sshd), pgrep dockerd | xargs kill",
        ),
        deny(
            "TG-HOST-KILL-ALL",
            "Killing every process (of the machine or of a user), or init",
            "kill -9 -1, kill -KILL -1, kill 1, killall5, pkill -u USER, killall -u USER, pkill -P 1",
        ),
        deny(
            "TG-HOST-USER-DELETE",
            "Deleting users or their passwords",
            "userdel, deluser, passwd -d",
        ),
        deny(
            "TG-HOST-FIREWALL-OFF",
            "Turning off the firewall, mandatory access control or the system's own protections",
            "ufw disable, iptables -F, nft flush ruleset, setenforce 0, aa-teardown, spctl --master-disable, csrutil disable, socketfilterfw --setglobalstate off, pfctl -d, netsh advfirewall set … state off",
        ),
        deny(
            "TG-HOST-CRONTAB-REMOVE",
            "Removing a user's crontab",
            "crontab -r",
        ),
        review(
            "TG-HOST-CRONTAB-REPLACE",
            "Replacing a crontab installs scheduled commands",
            "crontab FILE, crontab -, … | crontab",
        ),
        review(
            "TG-HOST-HISTORY-CLEAR",
            "Clearing shell history hides what was run",
            "history -c, > ~/.bash_history, unset HISTFILE",
        ),
        review(
            "TG-HOST-SWAP-OFF",
            "Turning swap off can exhaust memory",
            "swapoff -a",
        ),
        deny(
            "TG-HOST-CORE-PACKAGE-REMOVE",
            "Removing core system packages breaks the machine",
            "apt remove systemd|libc6|coreutils|bash|sudo, dnf remove glibc, pacman -R linux|base, snap remove core|snapd, emerge -C glibc, xbps-remove, nix-env -e nix",
        ),
        review(
            "TG-HOST-CHATTR",
            "Changing file attributes (immutable, append-only)",
            "chattr +i, chattr -i",
        ),
        review(
            "TG-HOST-SSH-KEYGEN-OVERWRITE",
            "Generating a key over an existing SSH key loses it",
            "ssh-keygen -f ~/.ssh/id_ed25519, yes | ssh-keygen",
        ),
        review(
            "TG-HOST-KERNEL-CHANGE",
            "Changing the running kernel's settings or modules can crash or weaken the machine",
            "sysctl -w KEY=VALUE, writes to /proc/sys and /sys, rmmod, modprobe -r, insmod",
        ),
        review(
            "TG-HOST-NETWORK-DOWN",
            "Taking interfaces down, flushing routes, removing the default route or dropping all traffic cuts the machine off, this session included",
            "ip link set DEV down, ip route flush, ip route del default, route delete default, ifconfig DEV down, ifdown, nmcli networking off, iptables -P INPUT DROP",
        ),
        review(
            "TG-HOST-ACCOUNT-LOCK",
            "Locking or expiring an account locks its user out",
            "usermod -L|-e DATE, passwd -l, chage -E DATE",
        ),
        review(
            "TG-HOST-LOG-DELETE",
            "Vacuuming the system journal deletes its records for good",
            "journalctl --vacuum-time|--vacuum-size|--vacuum-files",
        ),
        review(
            "TG-HOST-PRIVILEGE-GRANT",
            "Granting root-equivalent rights (a setuid program, file capabilities, an administrators' group, account passwords) leaves a way in for later",
            "chmod u+s|4755 FILE, setcap CAP+ep FILE, usermod -aG sudo|wheel USER, gpasswd -a USER sudo, adduser USER sudo, chpasswd",
        ),
        deny(
            "TG-HOST-MOUNT-CRITICAL",
            "Unmounting, remounting read-only, mounting over or binding elsewhere a file system the system runs from, or a home directory",
            "umount -l /, umount /boot|/proc|/home, umount -a, umount -l /dev/DEVICE, mount -o remount,ro /, mount --bind DIR /etc, mount -t tmpfs none ~, mount --bind / DIR",
        ),
        deny(
            "TG-HOST-VM-DELETE",
            "Deleting a virtual machine or system container with its disks, or a hypervisor's storage",
            "virsh undefine --remove-all-storage|--storage, virsh vol-delete|vol-wipe|pool-delete, VBoxManage unregistervm --delete, VBoxManage closemedium --delete, qm destroy, pct destroy, lxc-destroy, lxc|incus delete, multipass delete --purge, multipass purge, prlctl delete",
        ),
        review(
            "TG-HOST-DEV-VM-DELETE",
            "Deleting a local development machine or cluster deletes what was built and stored in it",
            "vagrant destroy, minikube delete, kind delete cluster, k3d cluster delete, limactl delete, colima delete, podman machine rm|reset, docker-machine rm, lando destroy",
        ),
        review(
            "TG-HOST-BOOT-CHANGE",
            "Installing, removing or reordering the boot loader or the firmware's boot entries can leave the machine unable to boot",
            "grub-install, efibootmgr -B|--delete-bootnum|-o|-A, bootctl install|remove",
        ),
        review(
            "TG-HOST-CREDENTIAL-LOSS",
            "Deleting or overwriting a private key or credentials file loses it",
            "rm ~/.ssh/id_ed25519, > ~/.aws/credentials, truncate -s0 ~/.netrc, mv ~/.kube/config …, cp … ~/.docker/config.json",
        ),
    ],
};
