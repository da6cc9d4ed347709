# lib-multi.sh: make demo SITE=multi (scripts/multi-demo.sh) in this
# test's own lab, for t6050 and t6060. Source it after test-lib.sh and
# lib-lab.sh, then:
#
#   multi_demo_run     the demo (MULTI_SITE_FILE, LAB_ACCT_METHOD as the
#                      caller exports them) in a private lab (lab_begin's
#                      addresses and MariaDB port, Slurm's ports of both
#                      clusters in this test's block), its whole output in
#                      demo.out, its report lines as TAP comments, its exit
#                      code in $multi_rc; skips (or dies in CI) when the lab
#                      does not come up
#   multi_demo_checks N
#                      a test that the demo reported N checks, one test
#                      per check line (ok / FAIL), and one that it exits 0
#
# SITE is the site file the demo applied.

multi_demo_run() {
	lab_begin
	XDG_RUNTIME_DIR=$TRASH
	export XDG_RUNTIME_DIR
	# 6817-6819 (b's slurmctld is 6818) and three slurmd from 6831
	lab_pick_port_shift 3
	export LAB_PORT_SHIFT
	SITE=$CLUSTERCTL_LAB/multi/${MULTI_SITE_FILE:-site.yaml}
	multi_rc=0
	bash "$TOP/scripts/multi-demo.sh" >demo.out 2>&1 || multi_rc=$?
	grep -q '^lab up in' demo.out ||
		test_skip_or_die "the lab did not come up: $(tail -n 3 demo.out | tr '\n' ' ')"
	grep '^\(ok   \|FAIL\|apply:\|plan:\|multi:\)' demo.out | sed 's/^/# /'
}

multi_demo_checks() {
	grep '^\(ok   \|FAIL\) ' demo.out >checks
	test_expect_success "every check of the demo ran ($1)" '
		test $(wc -l <checks) = '"$1"'
	'
	_md_n=0
	while IFS= read -r _md_line; do
		_md_n=$((_md_n + 1))
		printf '%s\n' "$_md_line" >check.$_md_n
		_md_what=$(printf '%s' "$_md_line" | sed 's/^\(ok   \|FAIL\) *//; s/ -- .*//')
		test_expect_success "$_md_what" 'cat check.'"$_md_n"'; grep -q "^ok " check.'"$_md_n"
	done <checks
	test_expect_success 'the demo exits 0' 'test "$multi_rc" = 0'
}
