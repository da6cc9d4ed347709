#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (the lab itself on each release: its root's sshd, munged and MariaDB)
# t0500-lab: the test lab itself (scripts/lab.sh): hosts are private (hostname,
# /etc, users), reachable over ssh with strict host keys, stop and start, a
# changed host key is refused, lab-service runs munged and so does the hosts'
# systemctl (systemd's words and exit codes), the DB takes the slurm user's
# password, and nothing keeps running afterwards.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

lab_begin
lab_hosts_up a1 a2 a3
L=$CLUSTERCTL_LAB

test_expect_success 'ssh to each host (strict host key checking) shows its own hostname' '
	for h in a1 a2 a3; do
		echo "$h" >expect &&
		lab_ssh "$h" hostname >actual &&
		test_cmp expect actual || return 1
	done
'

test_expect_success 'hosts answer on 127.0.N.<position>:22, known_hosts has name and address' '
	for i in 1 2 3; do
		echo "a$i" >expect &&
		lab_ssh "$LAB_NET.$i" cat /etc/hostname >actual &&
		test_cmp expect actual &&
		grep -q "^a$i,$LAB_NET.$i ssh-ed25519 " "$L/ssh/known_hosts" || return 1
	done &&
	printf "a1\t$LAB_NET.1\t" >expect && grep "^a1	" "$L/hosts.tsv" | cut -f1-2 | tr "\n" "\t" >actual &&
	test_cmp expect actual
'

test_expect_success '/etc is private: a file written in one host is seen nowhere else' '
	lab_ssh a1 "echo one >/etc/lab-probe" &&
	echo one >expect &&
	lab_ssh a1 cat /etc/lab-probe >actual &&
	test_cmp expect actual &&
	test_must_fail lab_ssh a2 test -e /etc/lab-probe &&
	! test -e /etc/lab-probe &&
	test "$(hostname)" != a1
'

test_expect_success 'hosts start without slurm/munge users and with empty /etc/slurm, /etc/munge' '
	for h in a1 a2; do
		test_must_fail lab_exec "$h" getent passwd slurm &&
		test_must_fail lab_exec "$h" getent group munge &&
		lab_exec "$h" find /etc/slurm /etc/munge -mindepth 1 >actual &&
		test_cmp /dev/null actual &&
		lab_exec "$h" getent passwd root >/dev/null || return 1
	done
'

test_expect_success '/root has the stock dot files, /run is 0755' '
	lab_ssh a2 cat .bashrc >actual &&
	test_cmp /etc/skel/.bashrc actual &&
	echo 755 >expect &&
	lab_exec a2 stat -c %a /run >actual &&
	test_cmp expect actual
'

test_expect_success 'exec runs inside the host namespaces' '
	echo a3 >expect &&
	lab_exec a3 hostname >actual &&
	test_cmp expect actual &&
	lab_exec a3 findmnt -n -o FSTYPE /etc >actual &&
	echo overlay >expect &&
	test_cmp expect actual
'

test_expect_success 'put copies a file with mode and owner' '
	printf "x=1\n" >f &&
	lab put a1 f /etc/slurm/x.conf 0600 root:root &&
	echo "600 root" >expect &&
	lab_exec a1 stat -c "%a %U" /etc/slurm/x.conf >actual &&
	test_cmp expect actual &&
	lab_exec a1 cat /etc/slurm/x.conf >actual &&
	test_cmp f actual
'

test_expect_success 'add-unix-user adds the user with its uid on every host' '
	lab add-unix-user alice 5001 &&
	for h in a1 a2 a3; do
		echo "alice:x:5001:5001::/tmp:/bin/sh" >expect &&
		lab_exec "$h" getent passwd alice >actual &&
		test_cmp expect actual || return 1
	done &&
	test_must_fail getent passwd alice
'

test_expect_success 'hosts-up is idempotent and adds hosts at the next address' '
	p1=$(cat "$L/hosts/a1/holder.pid") &&
	lab hosts-up a1 a4 &&
	test "$(cat "$L/hosts/a1/holder.pid")" = "$p1" &&
	echo a4 >expect &&
	lab_ssh "$LAB_NET.4" hostname >actual &&
	test_cmp expect actual &&
	grep "^a4	$LAB_NET.4	[0-9]" "$L/hosts.tsv" &&
	lab_exec a1 getent hosts a4 >actual &&
	grep "^$LAB_NET.4 *a4\$" actual &&
	echo "alice:x:5001:5001::/tmp:/bin/sh" >expect &&
	lab_exec a4 getent passwd alice >actual &&
	test_cmp expect actual
'

test_expect_success 'hosts-up refuses an address another lab holds, at once' '
	test_must_fail env CLUSTERCTL_LAB="$TRASH/other" LAB_NET=$LAB_NET bash "$LAB_SH" hosts-up z1 2>err &&
	grep "$LAB_NET.1:22 is in use" err &&
	! ps -eo args | grep "^clusterctl-lab-host z1 "
'

test_expect_success 'hosts-up restarts the sshd of a running host that lost it' '
	p=$(cat "$L/hosts/a1/holder.pid") &&
	sp=$(cat "$L/hosts/a1/run/sshd.pid") && kill $sp &&
	i=0 && while test -e /proc/$sp && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done &&
	test_must_fail lab_ssh -o ConnectTimeout=2 a1 true &&
	lab hosts-up a1 &&
	test "$(cat "$L/hosts/a1/holder.pid")" = "$p" &&
	lab_ssh a1 true
'

test_expect_success 'LAB_ETC=copy: a plain copy of /etc where overlayfs is not available' '
	net=${LAB_NET%.*}.$((${LAB_NET##*.} + 5)) &&
	other="$TRASH/copy-lab" &&
	trap "CLUSTERCTL_LAB=\"$other\" bash \"$LAB_SH\" wipe" EXIT &&
	CLUSTERCTL_LAB=$other LAB_NET=$net LAB_ETC=copy bash "$LAB_SH" hosts-up c1 &&
	echo copy >expect && test_cmp expect "$other/etc-mode" &&
	CLUSTERCTL_LAB=$other bash "$LAB_SH" exec c1 sh -c "
		test \$(hostname) = c1 &&
		test \$(findmnt -n -o FSTYPE /etc) != overlay &&
		! getent passwd slurm && ! getent group munge &&
		test -z \"\$(ls -A /etc/slurm /etc/munge | grep -v : | grep .)\" &&
		echo c >/etc/copy-probe" &&
	! test -e /etc/copy-probe
'

test_expect_success 'gc stops the hosts of a lab whose directory is gone' '
	net=${LAB_NET%.*}.$((${LAB_NET##*.} + 6)) &&
	orphan="$TRASH/orphan-lab" &&
	CLUSTERCTL_LAB=$orphan LAB_NET=$net bash "$LAB_SH" hosts-up o1 &&
	pid=$(cat "$orphan/hosts/o1/holder.pid") &&
	rm -rf "$orphan" &&
	lab gc 2>err &&
	# this file run on another release beside it may have an orphan of its
	# own for this gc, or its gc may have stopped ours: the pid tells
	grep "gc: stopped [0-9]* orphaned host" err &&
	i=0 && while test -e /proc/$pid && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done &&
	! test -e /proc/$pid &&
	! ps -eo args | grep -F "$orphan/" | grep -v grep &&
	test -e "$L/hosts/a1/holder.pid" && lab_ssh a1 true
'

test_expect_success 'exec gives a root login environment, not the caller'"'"'s' '
	SLURM_CONF=/nowhere lab_exec a1 sh -c "echo \${SLURM_CONF:-unset} \$HOME" >actual &&
	echo "unset /root" >expect &&
	test_cmp expect actual
'

# in_ns NS: "PID STARTTIME" of each process in mount namespace NS. A
# namespace's inode number is reused once it is gone (another job's lab
# host may get it), so what host-stop must end is these processes, each
# known by its pid and start time, not "whatever is in NS now".
# started PID: the process's start time (field 22 of /proc/PID/stat)
started() { sed "s/.*) //" /proc/$1/stat 2>/dev/null | cut -d" " -f20; }
in_ns() {
	for p in /proc/[0-9]*; do
		[ "$(readlink $p/ns/mnt 2>/dev/null)" = "$1" ] &&
			echo "${p#/proc/} $(started ${p#/proc/})"
	done
	return 0
}
# none_left FILE [print]: no process of FILE (in_ns's lines) runs any more
# (killed processes may take a moment to be reaped); "print" names those left
none_left() {
	while read -r pid start; do
		if [ "$(started $pid)" = "$start" ]; then
			[ "${2:-}" = print ] && echo "left: $pid $(tr '\0' ' ' </proc/$pid/cmdline 2>/dev/null)"
			return 1
		fi
	done <"$1"
}

test_expect_success 'host-stop kills the host and everything in it; host-start brings it back' '
	pid=$(cat "$L/hosts/a2/holder.pid") &&
	ns=$(readlink /proc/$pid/ns/mnt) &&
	lab_ssh a2 "echo kept >/etc/kept" &&
	in_ns "$ns" >procs && grep -q "^$pid " procs &&
	lab host-stop a2 &&
	! test -e "/proc/$pid" &&
	{ wait_for 15 none_left procs || { none_left procs print; false; }; } &&
	test_must_fail lab_ssh -o ConnectTimeout=3 a2 true &&
	{ lab status >status; test $? = 1; } &&
	grep "^a2 .* down" status &&
	lab host-start a2 &&
	echo kept >expect &&
	lab_ssh a2 cat /etc/kept >actual &&
	test_cmp expect actual
'

test_expect_success 'a changed host key is refused by ssh, even after other lab commands' '
	lab host-rekey a3 &&
	test_must_fail lab_ssh a3 true 2>err &&
	grep -i "host identification has changed" err &&
	lab host-stop a2 && lab host-start a2 &&
	test_must_fail lab_ssh a3 true 2>err &&
	grep -i "host identification has changed" err
'

test_expect_success 'host-trust puts the new key into known_hosts' '
	lab host-trust a3 &&
	echo a3 >expect &&
	lab_ssh a3 hostname >actual &&
	test_cmp expect actual
'

test_expect_success 'lab-service runs munged; credentials from one host decode on another' '
	head -c 1024 /dev/urandom >key &&
	for h in a1 a2; do
		lab put "$h" key /etc/munge/munge.key 0400 root:root &&
		lab_exec "$h" lab-service munge start || return 1
	done &&
	lab_exec a1 lab-service munge status &&
	lab_exec a1 munge -n | lab_exec a2 unmunge >out &&
	# the tail a re-executed Slurm daemon leaves in its pid file (23.11+
	# rewrites it without truncating): only the first line is the pid
	pid=$(lab_exec a1 head -n 1 /run/munge/munged.pid) && test -n "$pid" &&
	printf "%s\n7\n" "$pid" | lab_exec a1 sh -c "cat >/run/munge/munged.pid" &&
	lab_exec a1 lab-service munge status >st && grep "^munged running (pid $pid)" st &&
	grep "^ENCODE_HOST: *a1 " out &&
	lab_exec a1 lab-service munge stop &&
	test_must_fail --exit=3 lab_exec a1 lab-service munge status
'

# What a real host's admin, and clusterctl's default service commands, run
test_expect_success 'systemctl drives the daemons over SSH, with systemctl'\''s words and exit codes' '
	test_must_fail --exit=3 lab_ssh a1 systemctl is-active --quiet munge &&
	lab_ssh a1 systemctl is-active munge.service >st; test "$(cat st)" = inactive &&
	lab_ssh a1 systemctl start munge &&
	lab_ssh a1 systemctl is-active --quiet munge &&
	lab_ssh a1 systemctl is-active munge >st && test "$(cat st)" = active &&
	pid=$(lab_exec a1 lab-service munge status | sed -n "s/.*(pid \([0-9]*\))\$/\1/p") &&
	lab_ssh a1 systemctl status munge >st && grep "Active: active (running)" st &&
	grep "Main PID: $pid (munged)" st &&
	lab_ssh a1 systemctl restart munge &&
	lab_pid_moved a1 munge "$pid" &&
	test_must_fail --exit=1 lab_ssh a1 systemctl reload munge 2>err &&
	grep "Job type reload is not applicable for unit munge.service" err &&
	lab_ssh a1 systemctl daemon-reload &&
	test_must_fail --exit=5 lab_ssh a1 systemctl start nosuch 2>err &&
	grep "Unit nosuch.service not found" err &&
	test_must_fail --exit=4 lab_ssh a1 systemctl status nosuch &&
	lab_ssh a1 systemctl stop munge &&
	test_must_fail --exit=3 lab_ssh a1 systemctl status munge >st &&
	grep "Active: inactive (dead)" st &&
	test_must_fail --exit=3 lab_exec a1 lab-service munge status
'

test_expect_success 'systemctl is-active mariadb: not before db-up' '
	test_must_fail --exit=3 lab_ssh a1 systemctl is-active --quiet mariadb
'

test_expect_success 'db-up: the slurm user logs in with the password from db.pass' '
	lab db-up &&
	echo 600 >expect && stat -c %a "$L/secrets/db.pass" >actual && test_cmp expect actual &&
	MYSQL_PWD=$(cat "$L/secrets/db.pass") mariadb -h 127.0.0.1 -P "$LAB_DB_PORT" -u slurm \
		-N -e "select count(*) from information_schema.tables where table_schema=\"slurm_acct_db\"" >actual &&
	echo 0 >expect &&
	test_cmp expect actual &&
	test_must_fail env MYSQL_PWD=wrong mariadb -h 127.0.0.1 -P "$LAB_DB_PORT" -u slurm -e "select 1" &&
	lab db-sql -N -e "select @@innodb_lock_wait_timeout" >actual &&
	echo 900 >expect &&
	test_cmp expect actual &&
	lab_ssh a2 systemctl is-active --quiet mariadb
'

# inner.sh: a test that brings up a host with munged in it, then fails (exit 1)
# or waits to be killed (wait); the lib-lab trap must leave nothing running
cat >inner.sh <<EOF
TOP=$TOP TRASH=\$(mktemp -d) test_name=inner test_failed=0
say() { printf '%s\\n' "\$*"; }
test_skip_or_die() { echo "skip: \$1"; exit 77; }
. "\$TOP/tests/t/lib-lab.sh"
lab_begin
echo "\$CLUSTERCTL_LAB" >"\$1.lab"
lab_hosts_up i1
head -c 1024 /dev/urandom >"\$TRASH/key"
lab put i1 "\$TRASH/key" /etc/munge/munge.key 0400 root:root
lab_exec i1 lab-service munge start >/dev/null || exit 2
rm -rf "\$TRASH"
echo ready >"\$1.ready"
case \$1 in fail) exit 1 ;; wait) sleep 20 & wait \$! ;; esac
EOF

# left_over LABDIR: processes of that lab still running
# holders_alive LAB: the holders of LAB's hosts that still run, known by the
# CLUSTERCTL_LAB each carries in its environment (other labs, such as this
# file's run on another release beside it, have holders of the same names)
holders_alive() {
	for _p in $(pgrep -f "^clusterctl-lab-host "); do
		tr '\0' '\n' <"/proc/$_p/environ" 2>/dev/null |
			grep -qx "CLUSTERCTL_LAB=$1" && echo "holder $_p of $1 still runs"
	done
	return 0
}
left_over() {
	{ ps -eo args | grep -F "$1/" | grep -v grep; holders_alive "$1"; } | grep .
}

test_expect_success 'a failing or killed test leaves no lab process behind (lib-lab trap)' '
	test_must_fail --exit=1 env -u LAB_NET -u CLUSTERCTL_LAB sh inner.sh fail >inner.out 2>&1 &&
	test -f fail.ready && d=$(cat fail.lab) &&
	! left_over "$d" &&
	test -d "$d" &&
	rm -rf "$d" &&
	{ env -u LAB_NET -u CLUSTERCTL_LAB sh inner.sh wait >inner.out 2>&1 & } &&
	pid=$! && i=0 &&
	while ! test -f wait.ready && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done &&
	kill -TERM $pid && { wait $pid; test $? = 143; } &&
	d=$(cat wait.lab) &&
	! left_over "$d" &&
	rm -rf "$d"
'

test_expect_success 'down stops everything: no holder, sshd, munged or mariadbd of this lab is left' '
	holders_alive "$L" | grep -q . &&
	lab down &&
	! ps -eo args | grep -F "$L/" | grep -v grep &&
	! holders_alive "$L" | grep . &&
	{ lab status >status; test $? = 1; } &&
	grep "^db: down" status
'

test_done
