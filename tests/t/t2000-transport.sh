#!/bin/sh
# t2000-transport: the libssh transport and the executor against real sshd
# lab hosts (scripts/lab.sh), through the tests/tools/sshprobe driver: bytes,
# owner and mode of pushed files, atomic overwrite with backup, host key
# refusal (unknown, changed), unreachable host, full disk, fanout, commands.
. "$(dirname "$0")/test-lib.sh"

. "$TOP/tests/t/lib-lab.sh"

lab_begin
lab_hosts_up t1 t2 t3
L=$CLUSTERCTL_LAB
case "$CLUSTERCTL" in *build-san*) SANITIZE=address,undefined; export SANITIZE ;; esac
sh "$TOP/tests/tools/build-sshprobe.sh" "$TRASH/sshprobe" || test_skip_or_die "cannot build sshprobe"

probe() { "$TRASH/sshprobe" -F "$L/ssh/config" -t 3 "$@"; }
on() { lab_exec "$@"; }
# stat_of HOST PATH: "mode uid gid size inode"
stat_of() { on "$1" stat -c '%a %u %g %s %i' "$2"; }

head -c 15000 /dev/urandom | base64 >slurm.conf        # ~20 KB
head -c 1024 /dev/urandom >munge.key
printf 'CgroupPlugin=cgroup/v1\n' >cgroup.conf

test_expect_success 'push lands the right bytes, owner and mode on every host' '
	probe -m /etc/slurm -p slurm.conf=/etc/slurm/slurm.conf,0644,0,0 \
		-p munge.key=/etc/munge/munge.key,0400,4242,4243 t1 t2 t3 >out &&
	grep -c ": ok$" out >n && echo 3 >expect && test_cmp expect n &&
	for h in t1 t2 t3; do
		on $h cat /etc/slurm/slurm.conf >got && cmp slurm.conf got &&
		on $h cat /etc/munge/munge.key >got && cmp munge.key got &&
		stat_of $h /etc/slurm/slurm.conf | cut -d" " -f1-4 >st &&
		echo "644 0 0 $(wc -c <slurm.conf)" >expect && test_cmp expect st &&
		stat_of $h /etc/munge/munge.key | cut -d" " -f1-4 >st &&
		echo "400 4242 4243 1024" >expect && test_cmp expect st || return 1
	done
'

test_expect_success 'the push did not touch the machine outside the hosts' '
	! grep -q "$(head -c 40 slurm.conf)" /etc/slurm/slurm.conf 2>/dev/null
'

test_expect_success 'overwrite is atomic: new inode, backup keeps the old file, no temp files' '
	old_ino=$(stat_of t1 /etc/slurm/slurm.conf | cut -d" " -f5) &&
	head -c 9000 /dev/urandom | base64 >slurm2.conf &&
	probe -b -p slurm2.conf=/etc/slurm/slurm.conf,0640,0,0 t1 >out &&
	grep "^t1: ok$" out &&
	on t1 cat /etc/slurm/slurm.conf >got && cmp slurm2.conf got &&
	new=$(stat_of t1 /etc/slurm/slurm.conf) &&
	test "$(echo $new | cut -d" " -f5)" != "$old_ino" &&
	test "$(echo $new | cut -d" " -f1)" = 640 &&
	on t1 cat /etc/slurm/slurm.conf.clusterctl-old >got && cmp slurm.conf got &&
	test "$(stat_of t1 /etc/slurm/slurm.conf.clusterctl-old | cut -d" " -f5)" = "$old_ino" &&
	on t1 ls -a /etc/slurm >ls && ! grep clusterctl- ls | grep -v "^slurm.conf.clusterctl-old$"
'

test_expect_success 'a second backup replaces the first' '
	probe -b -p slurm.conf=/etc/slurm/slurm.conf,0644,0,0 t1 >out &&
	grep "^t1: ok$" out &&
	on t1 cat /etc/slurm/slurm.conf.clusterctl-old >got && cmp slurm2.conf got &&
	on t1 cat /etc/slurm/slurm.conf >got && cmp slurm.conf got
'

addr_of() { awk -v n="$1" '$1 == n { print $2 }' "$L/hosts.tsv"; }

test_expect_success 'without ssh config: explicit address, identity file and known_hosts' '
	"$TRASH/sshprobe" -F /dev/null -k "$L/ssh/known_hosts" -i "$L/ssh/id_ed25519" -u root \
		-r hostname "t1=$(addr_of t1)" >out &&
	grep "^t1: ok$" out && grep "^stdout t1$" out
'

test_expect_success 'a key the host does not accept is refused with a clear message' '
	ssh-keygen -q -t ed25519 -N "" -f "$TRASH/other_key" &&
	test_must_fail --exit=4 "$TRASH/sshprobe" -F /dev/null -k "$L/ssh/known_hosts" \
		-i "$TRASH/other_key" -r true "t1=$(addr_of t1)" >out &&
	grep "^t1: failed: '\''t1'\'': authentication refused (publickey)$" out &&
	grep "^t1: kind auth$" out
'

test_expect_success 'ssh-agent is used when no identity is given' '
	eval "$(ssh-agent -s)" >/dev/null &&
	ssh-add -q "$L/ssh/id_ed25519" 2>/dev/null &&
	HOME=$TRASH "$TRASH/sshprobe" -F /dev/null -k "$L/ssh/known_hosts" -r true "t2=$(addr_of t2)" >out; rc=$?
	kill "$SSH_AGENT_PID"; test "$rc" = 0 && grep "^t2: ok$" out
'

test_expect_success 'an unknown host key is refused, and nothing is written there' '
	grep -v "^t2," "$L/ssh/known_hosts" >kh &&
	test_must_fail --exit=4 probe -k "$PWD/kh" -p cgroup.conf=/etc/slurm/cgroup.conf t1 t2 t3 >out &&
	grep "^t1: ok$" out && grep "^t3: ok$" out &&
	grep "^t2: failed: host key for '\''t2'\'' is not known (SHA256:[A-Za-z0-9+/]*): refusing" out &&
	grep "^t2: kind host_key_unknown$" out &&
	test_must_fail on t2 test -e /etc/slurm/cgroup.conf
'

test_expect_success 'an unknown host key is accepted with the opt-in and recorded' '
	probe -a -k "$PWD/kh" -p cgroup.conf=/etc/slurm/cgroup.conf t2 >out &&
	grep "^t2: ok$" out && on t2 cat /etc/slurm/cgroup.conf >got && cmp cgroup.conf got &&
	test "$(wc -l <kh)" = 3 &&
	probe -k "$PWD/kh" -r true t2 >out && grep "^t2: ok$" out
'

test_expect_success 'a changed host key is refused even with the opt-in, nothing written' '
	lab host-rekey t3 >lab.log 2>&1 &&
	cp "$L/ssh/known_hosts" kh3 &&
	test_must_fail --exit=4 probe -a -k "$PWD/kh3" -p munge.key=/etc/slurm/new.key,0400,0,0 t1 t3 >out &&
	grep "^t1: ok$" out &&
	grep "^t3: failed: host key for '\''t3'\'' has changed (SHA256:[A-Za-z0-9+/]*): refusing$" out &&
	grep "^t3: kind host_key_changed$" out &&
	test_must_fail on t3 test -e /etc/slurm/new.key &&
	cmp "$L/ssh/known_hosts" kh3
'

test_expect_success 'an unreachable host fails fast with a clear message, others succeed' '
	lab host-stop t3 >lab.log 2>&1 &&
	start=$(date +%s) &&
	test_must_fail --exit=4 probe -p cgroup.conf=/etc/slurm/cgroup2.conf t1 t2 t3 >out &&
	end=$(date +%s) &&
	test $((end - start)) -le 7 &&  # below the 10 s connect timeout, with room for a loaded machine
	grep "^t1: ok$" out && grep "^t2: ok$" out &&
	grep "^t3: failed: '\''t3'\'': cannot connect: " out &&
	grep "^t3: kind unreachable$" out &&
	on t2 cat /etc/slurm/cgroup2.conf >got && cmp cgroup.conf got
'

test_expect_success 'a full disk keeps the old file intact and says so' '
	on t1 mkdir -p /etc/tiny &&
	on t1 mount -t tmpfs -o size=16k tmpfs /etc/tiny &&
	probe -p cgroup.conf=/etc/tiny/slurm.conf t1 >out && grep "^t1: ok$" out &&
	head -c 60000 /dev/urandom >big &&
	test_must_fail --exit=4 probe -b -p big=/etc/tiny/slurm.conf t1 >out &&
	grep "^t1: failed: '\''t1'\'': cannot write '\''/etc/tiny/.slurm.conf.clusterctl-[A-Za-z0-9]*'\'': no space left on device$" out &&
	grep "^t1: kind refused$" out &&
	on t1 cat /etc/tiny/slurm.conf >got && cmp cgroup.conf got &&
	on t1 ls -a /etc/tiny >ls && printf ".\n..\nslurm.conf\n" >expect && test_cmp expect ls &&
	on t1 umount /etc/tiny
'

test_expect_success 'fanout bounds the hosts in flight' '
	probe -f 1 -d 100 -r true t1 t2 >out && grep "^max_active 1$" out &&
	probe -f 8 -d 300 -r true t1 t2 >out && grep "^max_active 2$" out
'

test_expect_success 'run collects stdout and stderr apart, with the exit status' '
	probe -r "echo out; echo err >&2; hostname; exit 7" t2 >out &&
	cat >expect <<-\EOF &&
	t2: ok
	status 7
	stdout out
	t2
	stderr err
	max_active 1
	EOF
	test_cmp expect out
'

test_expect_success 'a command past its timeout fails with a clear message' '
	start=$(date +%s) &&
	test_must_fail --exit=4 probe -c 1 -r "sleep 10" t2 >out &&
	end=$(date +%s) && test $((end - start)) -le 7 &&  # the sleep is 10 s
	grep "^t2: timed out: '\''t2'\'': command timed out after 1 s$" out
'

test_expect_success 'the watchdog aborts a host past its command timeout, others go on' '
	test_must_fail --exit=4 probe -c 1 -d 2500 -p cgroup.conf=/etc/slurm/late.conf t2 >out &&
	grep "^t2: timed out: '\''t2'\'': timed out after 1 s (" out &&
	test_must_fail on t2 test -e /etc/slurm/late.conf
'

test_expect_success 'progress is drawn on a TTY only, and cleared' '
	probe -d 300 -r true t1 t2 2>err >out &&
	! test -s err &&
	if command -v script >/dev/null; then
		script -qec "$TRASH/sshprobe -F $L/ssh/config -d 300 -r true t1 t2" /dev/null >tty &&
		grep -a "/2 hosts done" tty && grep -a "$(printf "\033\\[K")" tty
	fi
'

test_expect_success 'read reports mode, owner and size; an absent file is not an error' '
	probe -R /etc/munge/munge.key t2 >out && grep "^read 1024 bytes mode 0400 owner 4242:4243$" out &&
	probe -R /etc/nope t2 >out && grep "^read absent$" out
'

test_expect_success 'set-id bits survive the chown (mode applied after owner)' '
	probe -p cgroup.conf=/var/lib/suid,6755,4242,4243 t2 >out && grep "^t2: ok$" out &&
	stat_of t2 /var/lib/suid | cut -d" " -f1-3 >st && echo "6755 4242 4243" >expect && test_cmp expect st
'

test_expect_success 'mkdir -p makes nested directories with the mode' '
	probe -m /var/lib/ct/a/b -p cgroup.conf=/var/lib/ct/a/b/c.conf t2 >out && grep "^t2: ok$" out &&
	on t2 stat -c %a /var/lib/ct/a >m && echo 755 >expect && test_cmp expect m
'

test_done
