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
# The demo's whole output is in $TRASH/site.out (kept when a test fails).

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
	CLUSTERCTL_LAB=$CLUSTERCTL_LAB bash "$TOP/scripts/site-demo.sh" "$site" \
		>"$TRASH/site.out" 2>&1 || site_rc=$?
	grep -q '^lab up in' "$TRASH/site.out" ||
		test_skip_or_die "the lab did not come up: $(tail -n 3 "$TRASH/site.out" | tr '\n' ' ')"
	grep '^\(ok   \|FAIL\|apply:\|plan:\|.*checks hold\)' "$TRASH/site.out" | sed 's/^/# /'

	test_expect_success "$site: apply from nothing converges (validate, plan, apply)" '
		grep "^apply: .* hosts, " "$TRASH/site.out" && ! grep "^apply: .*failed:" "$TRASH/site.out"
	'
	test_expect_success "$site: the second plan has nothing to change" '
		grep "^plan: no changes" "$TRASH/site.out"
	'
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
