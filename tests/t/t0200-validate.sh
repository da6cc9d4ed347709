#!/bin/sh
# t0200-validate: "clusterctl validate" from the command line. Every
# tests/unit/data/bad inventory prints exactly its .err lines on stdout
# (diagnostics, each error's source line and caret) and exits 3 with a
# summary on stderr; good ones and inventories/ exit 0; --json is valid JSON
# with the same diagnostics and no excerpts; --help, usage errors;
# docs/inventory-keys.md is exactly what --list-keys prints (no drift).
. "$(dirname "$0")/test-lib.sh"

DATA=$TOP/tests/unit/data

test_expect_success 'bad inventories print exactly their .err lines, exit 3' '
	cd "$DATA/bad" &&
	for f in *.yaml; do
		test_must_fail --exit=3 "$CLUSTERCTL" validate "$f" >"$TRASH/out" 2>"$TRASH/err" &&
		test_cmp "${f%.yaml}.err" "$TRASH/out" &&
		grep -q "^$f: [1-9][0-9]* errors\{0,1\}, [0-9]* warnings\{0,1\}\$" "$TRASH/err" || {
			echo "failed on $f"; cat "$TRASH/err"; return 1; }
	done
'

test_expect_success 'good test inventories are valid' '
	cd "$DATA/good" &&
	for f in *.yaml; do
		"$CLUSTERCTL" validate "$f" >"$TRASH/out" 2>"$TRASH/err" &&
		test_cmp /dev/null "$TRASH/out" &&
		echo "$f: 0 errors, 0 warnings" >"$TRASH/want" &&
		test_cmp "$TRASH/want" "$TRASH/err" || return 1
	done
'

test_expect_success 'every inventory in inventories/ is valid' '
	for f in "$TOP"/inventories/*.yaml; do
		"$CLUSTERCTL" validate "$f" || return 1
	done
'

test_expect_success '--json prints the same diagnostics as JSON, no excerpts' '
	cd "$DATA/bad" &&
	grep -v "^ *[0-9]* |" duplicate-key.err | grep -v "^ *| " >"$TRASH/want" &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --json duplicate-key.yaml >"$TRASH/out.json" &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
lines = []
for e in d:
    lines.append(\"%s:%d:%d: %s: %s\" % (e[\"file\"], e[\"line\"], e[\"col\"], e[\"level\"], e[\"message\"]))
sys.stdout.write(\"\".join(l + \"\\n\" for l in lines))
" "$TRASH/out.json" >"$TRASH/out.txt" &&
	test_cmp "$TRASH/want" "$TRASH/out.txt"
'

test_expect_success '--json on a valid inventory prints an empty array' '
	"$CLUSTERCTL" validate --json "$DATA/good/minimal.yaml" >out &&
	echo "[]" >want &&
	test_cmp want out
'

test_expect_success 'excerpts copy tabs into the caret line; last line without newline' '
	printf "cluster:\t{name: x,\tbogus: 1}" >tab.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate tab.yaml >out 2>err &&
	grep -A2 "^tab.yaml:1:20: error: unknown key .bogus. in cluster\$" out >got &&
	printf "tab.yaml:1:20: error: unknown key '"'"'bogus'"'"' in cluster\n" >want &&
	printf "    1 | cluster:\t{name: x,\tbogus: 1}\n" >>want &&
	printf "      |         \t         \t^\n" >>want &&
	test_cmp want got
'

test_expect_success 'an unreadable file is an invalid inventory' '
	test_must_fail --exit=3 "$CLUSTERCTL" validate "$TRASH/nope.yaml" >out 2>err &&
	grep -q "^error: cannot read .*nope.yaml.: No such file or directory\$" out
'

test_expect_success '--help prints usage and exit codes on stdout' '
	"$CLUSTERCTL" validate --help >out &&
	grep -q "^usage: clusterctl validate INVENTORY" out &&
	grep -q "^  3   invalid inventory" out
'

test_expect_success 'usage errors exit 64' '
	test_must_fail --exit=64 "$CLUSTERCTL" validate 2>err &&
	grep -q "^usage: " err &&
	test_must_fail --exit=64 "$CLUSTERCTL" validate a.yaml b.yaml 2>/dev/null &&
	test_must_fail --exit=64 "$CLUSTERCTL" validate --bogus a.yaml 2>/dev/null &&
	test_must_fail --exit=64 "$CLUSTERCTL" validate --list-keys a.yaml 2>/dev/null
'

test_expect_success 'docs/inventory-keys.md is what --list-keys prints' '
	"$CLUSTERCTL" validate --list-keys >keys.md &&
	test_cmp "$TOP/docs/inventory-keys.md" keys.md
'

test_done
