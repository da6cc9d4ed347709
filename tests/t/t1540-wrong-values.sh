#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t1540-wrong-values: what validate passes, Slurm starts. Each case of
# tests/data/wrong-values/corpus.tsv (a value for a key of slurm.conf, of
# cgroup.conf, of slurmdbd.conf, of a NodeName= or PartitionName= line, or
# what the inventory renders from one of its own keys) goes
#   - into the two-host lab inventory, to validate: error, warning or ok;
#   - into the files apply wrote on the lab's hosts (wrong-values.py makes
#     both), to the real daemons that read it, killed and started again:
#     slurmctld then slurmd, slurmd alone (cgroup.conf), or slurmdbd. A
#     daemon refuses (it exits), starts, or logs (it starts, with an error
#     in its log that names the key: it used another value).
# Both must be what the corpus recorded for this release, and agree:
#   - every value a daemon refuses is an error of validate;
#   - every value validate passes starts every daemon with no error;
#   - every value a daemon logs is at least a warning of validate.
# WRONG_VALUES_RECORD=FILE: what this release did, one line per case, for
# refreshing the corpus's column of a release (the agreement still holds);
# WRONG_VALUES_CORPUS=FILE: another corpus (a few cases, while working).
# Under a sanitizer build (CLUSTERCTL_SANITIZE) each case goes to the
# sanitized validate alone, which must say what the corpus recorded: the
# daemons are Debian's, not instrumented, and the normal pass has just
# fed them every case (about 9 of the sanitizer pass's minutes saved).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

CORPUS=${WRONG_VALUES_CORPUS:-$TOP/tests/data/wrong-values/corpus.tsv}
CASE=$TOP/tests/t/wrong-values.py
case $SLURM_VERSION in
22.05) col=4 ;;
24.11) col=5 ;;
26.05) col=6 ;;
*) test_skip_or_die "the corpus records 22.05, 24.11 and 26.05, not $SLURM_VERSION" ;;
esac
command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
BASE=$TRASH/base.yaml
lab_begin_two "$BASE"
lab_hosts_up ctl gpu01
lab_db_up

on() { lab_exec "$@"; }

# host.sh save|restore|kill PIDFILE NAME: the files apply wrote, kept aside and
# put back, with slurmctld's state as a clean stop saved it; a daemon
# stopped at once (SIGKILL), and slurmctld's state put back, without which
# 26.05's refuses to start ("No Assoc usage file"): a clean stop of 26.05's
# slurmctld takes seconds, for each of some 150 cases
cat >host.sh <<'EOF'
cd /etc/slurm || exit 1
state=/var/lib/slurm/slurmctld
case $1 in
save) for f in slurm.conf slurmdbd.conf cgroup.conf gres.conf; do
	[ ! -f $f ] || cp -p $f $f.t1540; done
	[ ! -d $state ] || { rm -rf $state.t1540 && cp -a $state $state.t1540; } ;;
restore) for f in slurm.conf slurmdbd.conf cgroup.conf gres.conf; do
	[ ! -f $f.t1540 ] || cp -p $f.t1540 $f; done ;;
kill) p=$(head -n 1 "$2" 2>/dev/null | tr -dc 0-9)
	[ -z "$p" ] || kill -KILL "$p" 2>/dev/null
	i=0; while [ -n "$p" ] && [ -d /proc/$p ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	rm -f "$2"
	[ "$3" != slurmctld ] || { rm -rf $state && cp -a $state.t1540 $state; } ;;
esac
EOF

test_expect_success 'the lab runs the two-host inventory, clean' '
	"$CLUSTERCTL" validate "$BASE" >out 2>&1; cat out &&
	grep " 0 errors, 0 warnings" out &&
	"$CLUSTERCTL" apply --only files,users,munge,services "$BASE" >out 2>&1; rc=$?; cat out; test $rc = 0 &&
	on ctl lab-service slurmctld stop &&
	on ctl sh "$TRASH/host.sh" save && on gpu01 sh "$TRASH/host.sh" save &&
	on ctl lab-service slurmctld start && on gpu01 lab-service slurmd status &&
	on ctl lab-service slurmdbd status
'

# daemon HOST NAME PIDFILE LOG KEY: NAME restarted on HOST; prints refuses,
# logs or starts (see above), and what it said
daemon() {
	off=$(on "$1" sh -c "wc -c <$4 2>/dev/null || echo 0")
	on "$1" sh "$TRASH/host.sh" kill "$3" "$2"
	if ! on "$1" lab-service "$2" start >svc.out 2>&1 ||
	   ! { sleep 0.3; on "$1" lab-service "$2" status >/dev/null 2>&1; }; then
		echo refuses
		grep -v "^lab-service:" svc.out | grep -iE "error|fatal" | tail -n 2
		return
	fi
	on "$1" tail -c +$((off + 1)) "$4" | grep -iE "error:|fatal:" |
		grep -v "more than once" | grep -iF -- "$5" >said
	if [ -s said ]; then echo logs; head -n 2 said; else echo starts; fi
}

# slurm_outcome KEY: the daemons of ./daemons, in order, until one refuses
slurm_outcome() {
	worst=starts
	for d in $(cat c/daemons); do
		case $d in
		ctld) daemon ctl slurmctld /run/slurmctld.pid /var/log/slurm/slurmctld.log "$1" ;;
		d) daemon gpu01 slurmd /run/slurmd.pid /var/log/slurm/slurmd.log "$1" ;;
		dbd) daemon ctl slurmdbd /run/slurmdbd.pid /var/log/slurm/slurmdbd.log "$1" ;;
		esac >daemon.out
		cat daemon.out >&2
		got=$(head -n 1 daemon.out)
		[ "$got" = starts ] || worst=$got
		[ "$worst" = refuses ] && break
	done
	echo "$worst"
}

# validate_outcome: error, warning or ok; a diagnostic is at the value's
# line when wrong-values.py found one
validate_outcome() {
	"$CLUSTERCTL" validate c/case.yaml >val.out 2>&1
	cat val.out >&2
	line=$(cat c/case.line)
	for v in error warning; do
		grep -q ": $v: " val.out || continue
		if [ "$line" != 0 ] && ! grep -q "^c/case.yaml:$line:[0-9]*: $v: " val.out; then
			echo "$v, not at line $line"
			return
		fi
		echo $v
		return
	done
	echo ok
}

# one_case WHERE KEY VALUE WANT: the case through validate and the daemons
one_case() {
	rm -rf c && mkdir c &&
	python3 "$CASE" "$BASE" "$1" "$2" "$3" c || return 1
	if [ -n "${CLUSTERCTL_SANITIZE:-}" ]; then
		v=$(validate_outcome) || return 1
		echo "$1	$2	$3	$v" >>outcomes
		echo "validate: $v (corpus: $4; daemons not run: $CLUSTERCTL_SANITIZE build)"
		test "$v" = "${4%%/*}"
		return
	fi
	for h in ctl gpu01; do
		on $h sh "$TRASH/host.sh" restore && on $h sh "$TRASH/c/$h.sh" || return 1
	done
	v=$(validate_outcome) && s=$(slurm_outcome "$2") || return 1
	echo "$1	$2	$3	$v/$s" >>outcomes
	echo "validate: $v; Slurm $SLURM_VERSION: $s (corpus: $4)"
	case $v/$s in
	error/*|warning/starts|warning/logs|ok/starts) ;;
	*) echo "validate and Slurm disagree: $v/$s"; return 1 ;;
	esac
	[ -n "${WRONG_VALUES_RECORD:-}" ] || test "$v/$s" = "$4"
}

# read splits at runs of tabs (tab is white space to IFS): an empty VALUE
# would shift the columns, so cut takes each field
while IFS= read -r line <&3; do
	case $line in ''|'#'*) continue ;; esac
	where=$(printf '%s\n' "$line" | cut -f 1)
	key=$(printf '%s\n' "$line" | cut -f 2)
	value=$(printf '%s\n' "$line" | cut -f 3)
	want=$(printf '%s\n' "$line" | cut -f $col)
	test_expect_success "$where $key=$value: $want" \
		'one_case "$where" "$key" "$value" "$want" </dev/null'
done 3<"$CORPUS"

test_expect_success 'every case of the corpus ran' '
	test "$(grep -c "^[a-z]" "$CORPUS")" = "$(wc -l <outcomes)" &&
	if [ -n "${WRONG_VALUES_RECORD:-}" ]; then cp outcomes "$WRONG_VALUES_RECORD"; fi
'

for h in ctl gpu01; do on $h sh "$TRASH/host.sh" restore; done
test_done
