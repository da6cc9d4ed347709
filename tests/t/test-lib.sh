# test-lib.sh: a small TAP library for the shell integration tests (after
# git's t/test-lib.sh and MUNGE's sharness). Source it from tests/t/tNNNN-*.sh.
#
#   test_expect_success 'description' 'commands'
#   test_must_fail [--exit=N] cmd...    (fails unless cmd exits non-zero / N)
#   test_cmp expected actual            (diff -u)
#   test_skip_or_die 'reason'           (skip, or fail when CLUSTERCTL_TEST_DAEMONS=true)
#   test_skip 'name' 'reason'           (one test known not to work here)
#   wait_for SECONDS cmd...             (until cmd succeeds, polling every 0.2 s)
#   slurm_at_least 23.11                (SLURM_VERSION, the release under test, is it)
#   test_done
#
# Every test file gets its own scratch directory $TRASH (removed at the end
# unless the file failed) and starts there. $CLUSTERCTL is the binary under test;
# $TOP is the repository root.

set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
: "${CLUSTERCTL:=$TOP/clusterctl}"
export CLUSTERCTL TOP
# The example inventories keep their secrets where a site would, outside
# inventories/: no test allows a directory it does not name itself.
unset CLUSTERCTL_ALLOW_PATH
test_name=$(basename "$0" .sh)
TRASH=$(mktemp -d "${TMPDIR:-/tmp}/clusterctl-$test_name.XXXXXX")
export TRASH
# apply's local lock (per cluster name, in XDG_RUNTIME_DIR or /run/clusterctl)
# is this file's own: files running side by side (run.sh) each have a lab of
# their own, all of them with a cluster named "lab"
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR
test_count=0
# run.sh names the release in every test line of a file it runs per release
test_release=${CLUSTERCTL_TEST_RELEASE:+ [Slurm $CLUSTERCTL_TEST_RELEASE]}
test_failed=0
test_skipped=0
cd "$TRASH" || exit 1

say() { printf '%s\n' "$*"; }

test_expect_success() {
	test_count=$((test_count + 1))
	if (eval "$2") >"$TRASH/.out.$test_count" 2>&1; then
		say "ok $test_count - $1$test_release"
	else
		test_failed=$((test_failed + 1))
		say "not ok $test_count - $1$test_release"
		sed 's/^/#   /' "$TRASH/.out.$test_count"
	fi
}

# test_skip NAME REASON: a test that is known not to work here, said as such
# (TAP "ok N # SKIP"; run.sh counts it as skipped, never as passed)
test_skip() {
	test_count=$((test_count + 1))
	test_skipped=$((test_skipped + 1))
	say "ok $test_count - $1$test_release # SKIP $2"
}

test_must_fail() {
	want=
	case "${1:-}" in --exit=*) want=${1#--exit=}; shift ;; esac
	"$@"
	rc=$?
	if [ -n "$want" ]; then
		[ "$rc" -eq "$want" ] && return 0
		echo "test_must_fail: '$*' exited $rc, expected $want" >&2
		return 1
	fi
	if [ "$rc" -eq 0 ]; then
		echo "test_must_fail: '$*' succeeded" >&2
		return 1
	fi
	if [ "$rc" -gt 128 ] && [ "$rc" -lt 160 ]; then
		echo "test_must_fail: '$*' died of signal $((rc - 128))" >&2
		return 1
	fi
	return 0
}

test_cmp() { diff -u "$1" "$2"; }

# The Slurm release the daemon tests run (scripts/lab.sh SLURM_VERSION).
: "${SLURM_VERSION:=22.05}"
export SLURM_VERSION

slurm_at_least() {
	[ "$(printf '%s\n%s\n' "$1" "$SLURM_VERSION" | sort -V | head -n 1)" = "$1" ]
}

wait_for() {
	_wf_end=$(($(date +%s) + $1))
	shift
	until "$@"; do
		[ "$(date +%s)" -lt "$_wf_end" ] || return 1
		sleep 0.2
	done
}

test_skip_or_die() {
	if [ "${CLUSTERCTL_TEST_DAEMONS:-}" = true ]; then
		say "Bail out! $1 (CLUSTERCTL_TEST_DAEMONS=true)"
		exit 1
	fi
	say "1..0 # SKIP $1"
	cd / && rm -rf "$TRASH"
	exit 0
}

test_done() {
	say "1..$test_count"
	cd /
	if [ "$test_failed" -eq 0 ]; then
		rm -rf "$TRASH"
		exit 0
	fi
	say "# failed $test_failed of $test_count (scratch kept in $TRASH)"
	exit 1
}
