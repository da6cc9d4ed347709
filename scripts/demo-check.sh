# demo-check.sh: the report line of one check, shared by scripts/site-demo.sh
# and scripts/multi-demo.sh (sourced; bash). t6xxx tests read these lines.
#   check DESCRIPTION FUNCTION [ARGS...]: "ok    DESCRIPTION", or "FAIL
#   DESCRIPTION -- " and the last lines the function wrote; counts PASS and
#   FAIL; then runs check_after (when the demo defines one)
PASS=0 FAIL=0
check() {
	local what=$1 out; shift
	if out=$("$@" 2>&1); then
		printf 'ok    %s\n' "$what"; PASS=$((PASS + 1))
	else
		printf 'FAIL  %s -- %s\n' "$what" "$(printf '%s' "$out" | tail -n 3 | tr '\n' ' ')"
		FAIL=$((FAIL + 1))
	fi
	if declare -F check_after >/dev/null; then check_after; fi
}
