#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (its applies start slurmdbd, slurmctld and slurmd)
# t4100-apply-symlink: the munge user (which owns /etc/munge, as on Debian)
# tries to make apply, running as root, hand /etc/shadow to it. A symlink
# put at munge.key on the controller (whose key apply reads and owner/mode
# it fixes) or on a compute node, and a loop swapping apply's temp files for
# symlinks while apply runs: /etc/shadow stays exactly as it was, the host
# with the symlink fails and is named, and the others are still applied.
# Also: terminal escapes in a node's file are shown as \xNN by plan.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

HOSTS="ctl gpu01"
lab_begin
INV=$TRASH/inv.yaml
XDG_RUNTIME_DIR=$TRASH	# apply's local lock: other tests' "lab" clusters stay apart
export XDG_RUNTIME_DIR

lab_inventory "$TOP/inventories/lab.yaml" "$INV"
sed -i -e 's/gpu\[01-03\]/gpu01/g' -e "s/\\($LAB_NET\\.\\)\\[2-4\\]/\\12/" "$INV"
lab_slurm_ports "$INV" 1
"$CLUSTERCTL" validate "$INV" >/dev/null 2>&1 || test_skip_or_die "the 2-host inventory does not validate"
lab_hosts_up $HOSTS
lab_db_up

on() { lab_exec "$@"; }
cc() { "$CLUSTERCTL" "$@"; }
# as_munge HOST SCRIPT: runs SCRIPT as the munge user (uid 64031) on HOST
as_munge() { on "$1" setpriv --reuid=64031 --regid=64031 --clear-groups sh -c "$2"; }
# shadow HOST: what must not change about /etc/shadow
shadow() { on "$1" stat -c '%F %a %u %g %s' /etc/shadow && on "$1" sha256sum /etc/shadow; }

test_expect_success 'first apply converges; /etc/munge belongs to munge' '
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	for h in $HOSTS; do
		on $h chown 64031:64031 /etc/munge && on $h chmod 0700 /etc/munge &&
		shadow $h >shadow.$h || return 1
	done &&
	on ctl sha256sum /etc/munge/munge.key | cut -d" " -f1 >key.sum &&
	cc plan "$INV" >out && grep "^plan: no changes" out
'

# A compromised node may answer with terminal escapes (set the title, clear
# the screen): the plan shows them as \xNN, never sends them to the terminal.
test_expect_success 'escapes in a file on a node reach the plan as \xNN, never raw' '
	on gpu01 sh -c "printf \"\\033]0;pwned\\007\\033[2J# hi\\n\" >>/etc/slurm/slurm.conf" &&
	on gpu01 tail -n 1 /etc/slurm/slurm.conf | od -c | grep -q 033 &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	! grep -q "$(printf "\033")" out && ! grep -q "$(printf "\007")" out &&
	grep -F -- "-\x1b]0;pwned\x07\x1b[2J# hi" out &&
	cc apply "$INV" >out 2>&1 && cc plan "$INV" >/dev/null
'

test_expect_success 'munge.key on a node replaced by a symlink to /etc/shadow: that host fails, shadow untouched' '
	as_munge gpu01 "rm -f /etc/munge/munge.key && ln -s /etc/shadow /etc/munge/munge.key" &&
	test_must_fail --exit=4 cc apply "$INV" >out 2>err; cat out err &&
	grep "^apply: .*; failed: gpu01$" out &&
	grep "^gpu01: .*/etc/munge/munge.key.* is a symbolic link: refusing to follow it" err &&
	shadow gpu01 >now && test_cmp shadow.gpu01 now &&
	on gpu01 test -L /etc/munge/munge.key
'

test_expect_success 'with the link gone, a rerun puts the cluster key back on the node' '
	on gpu01 rm -f /etc/munge/munge.key &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	on gpu01 sha256sum /etc/munge/munge.key | cut -d" " -f1 >now && test_cmp key.sum now &&
	shadow gpu01 >now && test_cmp shadow.gpu01 now
'

# The controller's key is the cluster's: apply reads it, and a key that
# reads the same but has another owner or mode is an owner/mode-only fix.
test_expect_success 'munge.key on the controller replaced by a symlink: refused, shadow untouched, key not spread' '
	as_munge ctl "rm -f /etc/munge/munge.key && ln -s /etc/shadow /etc/munge/munge.key" &&
	test_must_fail cc apply "$INV" >out 2>err; cat out err &&
	grep "ctl.*/etc/munge/munge.key.* is a symbolic link: refusing to follow it" err &&
	shadow ctl >now && test_cmp shadow.ctl now &&
	on gpu01 sha256sum /etc/munge/munge.key | cut -d" " -f1 >now && test_cmp key.sum now
'

test_expect_success 'an owner/mode-only fix replaces the file, never chmods through a name' '
	on ctl rm -f /etc/munge/munge.key &&
	on gpu01 cat /etc/munge/munge.key >key &&
	lab put ctl key /etc/munge/munge.key 0400 64031:64031 &&
	as_munge ctl "chmod 0644 /etc/munge/munge.key" &&
	test_must_fail --exit=2 cc plan "$INV" >out && cat out &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out; test "$rc" = 0 &&
	echo "400 64031 64031" >expect && on ctl stat -c "%a %u %g" /etc/munge/munge.key >actual &&
	test_cmp expect actual && shadow ctl >now && test_cmp shadow.ctl now
'

# While apply runs, the munge user swaps every temp file that shows up in
# /etc/munge for a symlink to /etc/shadow (the window between creating the
# temp file and setting its owner is short: this can miss on old code, the
# two symlink tests above cannot).
test_expect_success 'temp files swapped for symlinks while apply runs: shadow untouched' '
	as_munge gpu01 "rm -f /etc/munge/munge.key && head -c 1024 /dev/urandom >/etc/munge/munge.key" &&
	as_munge gpu01 "while [ ! -e /etc/munge/stop ]; do for f in /etc/munge/.munge.key.clusterctl-*; do
		[ -e \"\$f\" ] || continue; mv -f \"\$f\" /etc/munge/stolen; ln -s /etc/shadow \"\$f\"; done; done" &
	sleep 0.3 &&
	cc apply "$INV" >out 2>&1; rc=$?; cat out
	on gpu01 touch /etc/munge/stop; wait; on gpu01 rm -f /etc/munge/stop
	test "$rc" = 0 &&
	shadow gpu01 >now && test_cmp shadow.gpu01 now &&
	on gpu01 sha256sum /etc/munge/munge.key | cut -d" " -f1 >now && test_cmp key.sum now &&
	! on gpu01 test -e /etc/munge/stolen
'

test_done
