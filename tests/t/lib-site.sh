# lib-site.sh: one seed site as a running cluster (scripts/site-demo.sh) in
# this test's own lab. Source it after test-lib.sh and lib-lab.sh, then
#
#   site_test NAME     runs `make demo SITE=NAME`'s script in a private lab
#                      (lab_begin's addresses and MariaDB port, and
#                      lab_pick_port_shift's Slurm ports), then makes one test of the
#                      cold apply, one of the empty second plan and one of
#                      every check line of scripts/site-checks/NAME.sh; the
#                      count of check lines must be the file's, so a check
#                      that never ran fails too
#
#   site_seeds_test NAME
#                      site_test NAME with database.method sql, then the
#                      same demo once more in a fresh lab with
#                      database.method sacctmgr (slurmdbd seeds it; staged
#                      as site-demo.sh's SITE_DEMO_STAGED=1 when partitions
#                      name a QoS); the guide's checks, GPU-QoS job outcomes
#                      among them, must give the same lines
#
# The demo's whole output is in $TRASH/site.out (kept when a test fails),
# the sacctmgr seed's in $TRASH/site-sacctmgr.out.

# site_run OUT: site-demo.sh $site in this test's lab, its output in OUT
site_run() {
	_sr_rc=0
	CLUSTERCTL_LAB=$CLUSTERCTL_LAB bash "$TOP/scripts/site-demo.sh" "$site" >"$1" 2>&1 || _sr_rc=$?
	grep -q '^lab up in' "$1" ||
		test_skip_or_die "the lab did not come up: $(tail -n 3 "$1" | tr '\n' ' ')"
	grep '^\(ok   \|FAIL\|staged apply:\|apply:\|plan:\|.*checks hold\|.*database: {method:\)' "$1" |
		sed 's/^/# /'
	return "$_sr_rc"
}

# site_converges OUT WHAT: the apply of OUT converged, its second plan is empty
site_converges() {
	out=$1
	test_expect_success "$site$2: apply from nothing converges (validate, plan, apply)" '
		grep "^apply: .* hosts, " "$out" && ! grep "^apply: .*failed:" "$out"
	'
	test_expect_success "$site$2: the second plan has nothing to change" '
		grep "^plan: no changes" "$out"
	'
}

site_test() {
	site=$1
	lab_begin
	# apply's local lock lives here: other tests' clusters stay apart
	XDG_RUNTIME_DIR=$TRASH
	export XDG_RUNTIME_DIR
	# Slurm's ports as every other test picks them (lib-lab.sh): run.sh's
	# jobs get disjoint blocks; a site runs up to 18 slurmd (6831-6848)
	lab_pick_port_shift 18
	export LAB_PORT_SHIFT
	site_rc=0
	site_run "$TRASH/site.out" || site_rc=$?
	site_converges "$TRASH/site.out" ""
	grep '^\(ok   \|FAIL\) ' "$TRASH/site.out" >"$TRASH/site.checks"
	want=$(grep -c '^[[:space:]]*check "' "$TOP/scripts/site-checks/$site.sh")
	got=$(wc -l <"$TRASH/site.checks")
	test_expect_success "$site: all $want checks of the guide ran ($got reported)" '
		test "$got" -eq "$want"
	'
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		printf '%s\n' "$line" >"$TRASH/check.$n"
		what=$(printf '%s' "$line" | sed 's/^\(ok   \|FAIL\) *//; s/ -- .*//')
		test_expect_success "$site: $what" 'cat "$TRASH/check.$n"; grep -q "^ok " "$TRASH/check.$n"'
	done <"$TRASH/site.checks"
	test_expect_success "$site: site-demo exits 0" 'test "$site_rc" = 0'
}

site_seeds_test() {
	site=$1
	# the first seed named, not left to auto (which picks sql from nothing)
	LAB_ACCT_METHOD=sql
	export LAB_ACCT_METHOD
	site_test "$site"
	lab wipe >/dev/null 2>&1
	site_rc=0
	LAB_ACCT_METHOD=sacctmgr SITE_DEMO_STAGED=1
	export SITE_DEMO_STAGED
	site_run "$TRASH/site-sacctmgr.out" || site_rc=$?
	unset LAB_ACCT_METHOD SITE_DEMO_STAGED
	site_converges "$TRASH/site-sacctmgr.out" " (sacctmgr seed)"
	test_expect_success "$site: the seeds were sql, then sacctmgr" '
		grep -q "database: {method: sql}" "$TRASH/site.out" &&
		grep -q "database: {method: sacctmgr}" "$TRASH/site-sacctmgr.out"
	'
	grep '^\(ok   \|FAIL\) ' "$TRASH/site-sacctmgr.out" >"$TRASH/site-sacctmgr.checks"
	test_expect_success "$site: seeded by sql and by sacctmgr, the guide's checks (GPU-QoS jobs among them) end alike" '
		test -s "$TRASH/site.checks" && test_cmp "$TRASH/site.checks" "$TRASH/site-sacctmgr.checks" &&
		! grep -q "^FAIL" "$TRASH/site-sacctmgr.checks"
	'
	test_expect_success "$site: site-demo exits 0 (sacctmgr seed)" 'test "$site_rc" = 0'
}
