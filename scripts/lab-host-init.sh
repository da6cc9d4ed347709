# lab-host-init.sh LAB NAME - the first process of a lab host, run by lab.sh as
# `unshare --mount --uts ... bash lab-host-init.sh LAB NAME` (kept apart from
# lab.sh so that starting 100 hosts does not parse lab.sh 100 times). Inside the
# new namespaces: private /etc (overlay, or a bind of a copy), /etc/hosts, /run
# (emptied: a start is a reboot), /var/{spool,log,lib}, /root, lab-service in
# /usr/local/sbin, the hostname, then sshd. A lab of another Slurm generation
# ($LAB/slurm-root not empty: a Debian root made by lab-root.sh) gets that
# root's /usr (the machine's /bin, /lib, /sbin link into /usr) and its
# ld.so.cache, so every program of the host, sshd included, is the root's.
# Then it becomes the namespace holder (`clusterctl-lab-host NAME`, pid in
# holder.pid). Any failure exits before the holder exists; sshd refuses a bad
# config before it forks.
set -eu
LAB=$1 name=$2 h=$1/hosts/$2

if [ "$(<"$LAB/etc-mode")" = overlay ]; then
	mount -t overlay overlay -o "lowerdir=/etc,upperdir=$h/etc,workdir=$h/.etc-work" /etc
	[ "$(findmnt -n -o FSTYPE /etc)" = overlay ]
else
	mount --bind "$h/etc" /etc
fi
mount --bind "$LAB/etc-hosts" /etc/hosts
root=$(cat "$LAB/slurm-root" 2>/dev/null || true)
if [ -n "$root" ]; then
	[ -f "$root/.clusterctl-root" ] || { echo "no Slurm root at $root"; exit 1; }
	mount --bind "$root/usr" /usr
	mount --bind "$root/etc/ld.so.cache" /etc/ld.so.cache
fi
find "$h/run" -mindepth 1 -delete
mount --bind "$h/run" /run
chmod 0755 /run
mkdir -m 0755 /run/sshd /run/lock
for d in var/spool var/log var/lib root; do mount --bind "$h/$d" "/$d"; done
mount --bind "$LAB/sbin" /usr/local/sbin
hostname "$name"
/usr/sbin/sshd -f "$h/sshd_config" -E /var/log/sshd.log
set +e
# sshd forks before it binds: its pid file says it listens
for ((i = 0; i < 100; i++)); do
	[ -s /run/sshd.pid ] && break
	grep -q 'Cannot bind' /var/log/sshd.log 2>/dev/null && break
	sleep 0.05
done
[ -s /run/sshd.pid ] || { tail -n 2 /var/log/sshd.log; exit 1; }
echo $$ >"$h/holder.pid"
exec -a "clusterctl-lab-host $name " sleep infinity
