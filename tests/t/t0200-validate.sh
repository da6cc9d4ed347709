#!/bin/sh
# t0200-validate: "clusterctl validate" from the command line. Every
# tests/unit/data/bad inventory prints exactly its .err lines on stdout
# (diagnostics, each error's source line and caret) and exits 3 with a
# summary on stderr; good ones and inventories/ exit 0; --json is valid JSON
# with the same diagnostics and no excerpts; a file that cannot be read is
# one "cannot read" line and exit 3, for validate and the other commands
# that load an inventory; --help, usage errors; docs/inventory-keys.md is
# exactly what --list-keys prints (no drift).
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

test_expect_success '--json prints the same diagnostics as JSON, notes inside their error' '
	cd "$DATA/bad" &&
	grep -v "^ *[0-9]* |" duplicate-key.err | grep -v "^ *| " >"$TRASH/want" &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --json duplicate-key.yaml >"$TRASH/out.json" &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"format_version\"] == 1 and d[\"valid\"] is False, d
assert d[\"errors\"] == 5 and d[\"warnings\"] == 0, d
lines = []
for e in d[\"diagnostics\"]:
    lines.append(\"%s:%d:%d: %s: %s\" % (e[\"file\"], e[\"line\"], e[\"col\"], e[\"level\"], e[\"message\"]))
    for n in e[\"notes\"]:
        lines.append(\"%s:%d:%d: note: %s\" % (n[\"file\"], n[\"line\"], n[\"col\"], n[\"message\"]))
sys.stdout.write(\"\".join(l + \"\\n\" for l in lines))
" "$TRASH/out.json" >"$TRASH/out.txt" &&
	test_cmp "$TRASH/want" "$TRASH/out.txt"
'

test_expect_success '--json on a valid inventory: no diagnostics' '
	"$CLUSTERCTL" validate --json "$DATA/good/minimal.yaml" >out &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d == {\"format_version\": 1, \"clusterctl_version\": sys.argv[3],
             \"file\": sys.argv[2], \"valid\": True,
             \"errors\": 0, \"warnings\": 0, \"diagnostics\": []}, d
" out "$DATA/good/minimal.yaml" "$("$CLUSTERCTL" version | sed "s/^clusterctl //")"
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

# "FILE REASON": validate prints the one line on stdout, nothing else
check_unreadable() {
	test_must_fail --exit=3 "$CLUSTERCTL" validate "$1" >out 2>err &&
	echo "$1: error: cannot read: $2" >want &&
	test_cmp want out &&
	test_cmp /dev/null err &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --json "$1" >out.json 2>err &&
	test_cmp /dev/null err &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"diagnostics\"] == [{\"level\": \"error\", \"file\": sys.argv[2], \"line\": 0,
	      \"col\": 0, \"message\": \"cannot read: \" + sys.argv[3], \"notes\": []}], d
assert d[\"valid\"] is False and d[\"errors\"] == 1, d
" out.json "$1" "$2"
}

test_expect_success 'a missing file is one cannot-read line, exit 3' '
	check_unreadable nope.yaml "No such file or directory" &&
	check_unreadable "$TRASH/no/such/dir.yaml" "No such file or directory"
'

test_expect_success 'a directory is one cannot-read line, exit 3' '
	mkdir -p adir.yaml &&
	check_unreadable adir.yaml "Is a directory"
'

test_expect_success 'a file without read permission is one cannot-read line, exit 3' '
	mkdir -p locked && echo "cluster: {}" >locked/inv.yaml &&
	chmod 755 "$TRASH" locked && chmod 000 locked/inv.yaml &&
	if test "$(id -u)" != 0; then
		check_unreadable locked/inv.yaml "Permission denied"
	elif command -v setpriv >/dev/null; then
		test_must_fail --exit=3 setpriv --reuid=65534 --regid=65534 --clear-groups \
			"$CLUSTERCTL" validate locked/inv.yaml >out 2>err &&
		echo "locked/inv.yaml: error: cannot read: Permission denied" >want &&
		test_cmp want out && test_cmp /dev/null err
	else
		echo "# root without setpriv: permission not checked"
	fi
'

test_expect_success 'the other commands say the same one line on stderr, exit 3' '
	mkdir -p adir.yaml &&
	for f in nope.yaml adir.yaml; do
		for cmd in "render -o $TRASH/r" plan apply "apply --dry-run" \
			   "accounting plan" "accounting apply" export-sacctmgr; do
			test_must_fail --exit=3 "$CLUSTERCTL" $cmd $f >out 2>err &&
			test_cmp /dev/null out &&
			grep -x "$f: error: cannot read: .*" err >got &&
			test_cmp got err || { echo "failed: $cmd $f"; cat err; return 1; }
		done &&
		test_must_fail --exit=3 "$CLUSTERCTL" add-user $f bob --account a >out 2>err &&
		test_cmp /dev/null out &&
		grep -x "$f: error: cannot read: .*" err >got &&
		test_cmp got err || return 1
	done
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
