#!/bin/sh
# t0210-add-user: "clusterctl add-user" edits the inventory in place. For
# every inventory in inventories/ and for test inventories in each list
# style, "diff old new" is exactly the new user's lines; refusals (unknown
# account or QoS, a name Slurm would reject, a conflicting user, --apply)
# leave the file byte for byte; a repeat is a no-op; mode is kept; a
# symlinked inventory is edited where it points.
. "$(dirname "$0")/test-lib.sh"

BASE='cluster: {name: t, controller: head, accounting_host: head}
hosts: [{names: head, roles: [controller, dbd]}, {names: n1, type: s}]
node_types: {s: {cpus: 1, memory: 1G}}
partitions: [{name: p, nodes: n1, default: true}]
accounts: [{name: lab}, {name: ops}]
qos: [{name: normal}]'

# mk FILE TAIL: the base inventory followed by TAIL (printf format)
mk() { printf '%s\n'"$2" "$BASE" >"$1" && cp "$1" "$1.orig"; }

# added FILE LINE...: diff old new adds exactly these lines, nothing else
added() {
	f=$1; shift
	diff "$f.orig" "$f" >diff.out
	grep -v '^[0-9,]*a[0-9,]*$' diff.out >diff.lines
	: >diff.want
	for l in "$@"; do printf '> %s\n' "$l" >>diff.want; done
	test_cmp diff.want diff.lines &&
	test "$(grep -c '^[0-9,]*a[0-9,]*$' diff.out)" -eq 1
}

first_account() {
	awk '/^accounts:/ { on = 1; next } on && /name:/ {
		sub(/.*name: */, ""); sub(/[,} ].*/, ""); print; exit }' "$1"
}

test_expect_success 'each inventory in inventories/ gains exactly one line' '
	for inv in "$TOP"/inventories/*.yaml; do
		f=$(basename "$inv") &&
		cp "$inv" "$f" && cp "$inv" "$f.orig" &&
		a=$(first_account "$f") && test -n "$a" &&
		"$CLUSTERCTL" add-user "$f" newperson --account "$a" >out &&
		grep -q "^added user .newperson. to $f\$" out &&
		{ diff "$f.orig" "$f" >d; test $? -eq 1; } &&
		test "$(grep -c "^> " d)" -eq 1 &&
		test "$(grep -c "^[<-]" d)" -eq 0 &&
		grep -q "^> .*name: newperson, accounts: \[$a\]" d &&
		"$CLUSTERCTL" validate "$f" >/dev/null 2>&1 || { echo "failed on $f"; cat d; return 1; }
	done
'

test_expect_success 'block list of flow mappings, comments kept' '
	mk a.yaml "users:\n  - {name: x, accounts: [lab]}   # first\n\n# after the list\nssh: {user: root}\n" &&
	"$CLUSTERCTL" add-user a.yaml bob --account ops --qos normal >/dev/null &&
	added a.yaml "  - {name: bob, accounts: [ops], qos: [normal]}"
'

test_expect_success 'block list of block mappings: same indentation and key order' '
	mk b.yaml "users:\n- name: x\n  admin_level: none\n  accounts:\n  - lab\n" &&
	"$CLUSTERCTL" add-user b.yaml bob --account lab --account ops \
		--default-account ops --admin-level operator >/dev/null &&
	added b.yaml "- name: bob" "  admin_level: operator" "  accounts: [lab, ops]" \
		"  default_account: ops"
'

test_expect_success 'multi-line flow list: one entry per line, inner spaces kept' '
	mk c.yaml "users: [\n    { name: x, accounts: [lab] }\n]\n" &&
	"$CLUSTERCTL" add-user c.yaml bob --account lab >/dev/null &&
	printf "%s\n" "$BASE" "users: [" "    { name: x, accounts: [lab] }," \
		"    { name: bob, accounts: [lab] }" "]" >want &&
	test_cmp want c.yaml
'

test_expect_success 'one-line flow list grows on its line' '
	mk d.yaml "users: [{name: x, accounts: [lab]}]\n" &&
	"$CLUSTERCTL" add-user d.yaml bob --account lab >/dev/null &&
	printf "%s\n" "$BASE" "users: [{name: x, accounts: [lab]}, {name: bob, accounts: [lab]}]" >want &&
	test_cmp want d.yaml
'

test_expect_success 'no users: section yet, or an empty one' '
	mk e.yaml "" &&
	"$CLUSTERCTL" add-user e.yaml bob --account lab >/dev/null &&
	added e.yaml "users:" "  - {name: bob, accounts: [lab]}" &&
	mk f.yaml "users: []\n" &&
	"$CLUSTERCTL" add-user f.yaml bob --account lab >/dev/null &&
	printf "%s\n" "$BASE" "users: [{name: bob, accounts: [lab]}]" >want &&
	test_cmp want f.yaml
'

test_expect_success 'CRLF files get CRLF lines' '
	mk g.yaml "users:\n  - {name: x, accounts: [lab]}\n" &&
	sed "s/\$/\r/" g.yaml >g2.yaml && mv g2.yaml g.yaml && cp g.yaml g.yaml.orig &&
	"$CLUSTERCTL" add-user g.yaml bob --account lab >/dev/null &&
	printf "  - {name: bob, accounts: [lab]}\r\n" >want &&
	tail -n 1 g.yaml >got && test_cmp want got &&
	test "$(diff g.yaml.orig g.yaml | grep -c "^>")" -eq 1
'

test_expect_success 'users in an included file: that file is edited' '
	mkdir -p inc &&
	printf "users:\n  - {name: x, accounts: [lab]}\n" >inc/people.yaml &&
	cp inc/people.yaml inc/people.yaml.orig &&
	mk h.yaml "include: [inc/people.yaml]\n" &&
	"$CLUSTERCTL" add-user h.yaml bob --account lab >out &&
	grep -q "to inc/people.yaml\$" out &&
	test_cmp h.yaml.orig h.yaml &&
	added inc/people.yaml "  - {name: bob, accounts: [lab]}"
'

test_expect_success 'the same user again changes nothing' '
	mk i.yaml "users:\n  - {name: x, accounts: [lab]}\n" &&
	"$CLUSTERCTL" add-user i.yaml x --account lab >out &&
	grep -q "already in i.yaml with these settings; nothing to do" out &&
	test_cmp i.yaml.orig i.yaml
'

test_expect_success 'refusals leave the file untouched' '
	mk j.yaml "users:\n  - {name: x, accounts: [lab]}\n" &&
	test_must_fail --exit=1 "$CLUSTERCTL" add-user j.yaml x --account ops 2>err &&
	grep -q "user .x. already exists with other settings at j.yaml:8:6" err &&
	# what the inventory could not hold is invalid (3), a bad name or a reference
	test_must_fail --exit=3 "$CLUSTERCTL" add-user j.yaml bob --account lba 2>err &&
	grep -q "unknown account .lba. (did you mean .lab.?)" err &&
	test_must_fail --exit=3 "$CLUSTERCTL" add-user j.yaml bob --account lab --qos nromal 2>err &&
	grep -q "unknown QoS .nromal. (did you mean .normal.?)" err &&
	test_must_fail --exit=3 "$CLUSTERCTL" add-user j.yaml bob --account lab --default-account ops 2>err &&
	test_must_fail --exit=3 "$CLUSTERCTL" add-user j.yaml bob --account lab --admin-level root 2>err &&
	test_must_fail --exit=3 "$CLUSTERCTL" add-user j.yaml Bob --account lab 2>err &&
	grep -q "user name .Bob. has uppercase letters" err &&
	test_must_fail --exit=1 "$CLUSTERCTL" add-user j.yaml bob --account lab --apply 2>err &&
	grep -q "the inventory has no database: section" err &&
	test_cmp j.yaml.orig j.yaml &&
	test "$(ls -a | grep -c clusterctl-)" -eq 0
'

test_expect_success 'an invalid inventory is refused before any edit' '
	mk k.yaml "users:\n  - {name: x, accounts: [nope]}\n" &&
	test_must_fail --exit=3 "$CLUSTERCTL" add-user k.yaml bob --account lab 2>err &&
	grep -q "unknown account .nope." err &&
	test_cmp k.yaml.orig k.yaml
'

test_expect_success 'mode is kept' '
	mk l.yaml "" && chmod 0640 l.yaml &&
	"$CLUSTERCTL" add-user l.yaml bob --account lab >/dev/null &&
	test "$(stat -c %a l.yaml)" = 640
'

# issue 9: the link was replaced by a regular file, the real file unchanged
test_expect_success 'a symlinked inventory: the target is edited, the link stays' '
	mkdir -p repo links &&
	mk repo/m.yaml "" && chmod 0604 repo/m.yaml &&
	ln -s ../repo/m.yaml links/m.yaml && ln -s links/m.yaml m2.yaml &&
	"$CLUSTERCTL" add-user m2.yaml bob --account lab >out &&
	grep -q "^added user .bob. to m2.yaml\$" out &&
	test -L m2.yaml && test -L links/m.yaml &&
	test "$(readlink links/m.yaml)" = ../repo/m.yaml &&
	added repo/m.yaml "users:" "  - {name: bob, accounts: [lab]}" &&
	test "$(stat -c %a repo/m.yaml)" = 604 &&
	test "$(ls -a repo links . | grep -c clusterctl-)" -eq 0
'

test_expect_success 'a dangling link is a read error, nothing written' '
	ln -s nowhere.yaml dangling.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" add-user dangling.yaml bob --account lab 2>err &&
	test -L dangling.yaml && test ! -e nowhere.yaml
'

test_expect_success 'options and operands in any order, -- ends the options' '
	mk o.yaml "" &&
	"$CLUSTERCTL" add-user --account lab o.yaml --qos normal bob >/dev/null &&
	added o.yaml "users:" "  - {name: bob, accounts: [lab], qos: [normal]}" &&
	test_must_fail --exit=64 "$CLUSTERCTL" add-user o.yaml -- carol --account lab 2>err &&
	grep -q "too many arguments" err
'

test_expect_success 'usage' '
	"$CLUSTERCTL" add-user --help >out && grep -q "^usage: clusterctl add-user" out &&
	! grep -q "not wired" out && grep -q "accounting database" out &&
	test_must_fail --exit=64 "$CLUSTERCTL" add-user 2>/dev/null &&
	test_must_fail --exit=64 "$CLUSTERCTL" add-user x.yaml bob 2>/dev/null &&
	test_must_fail --exit=64 "$CLUSTERCTL" add-user x.yaml --account a 2>/dev/null
'

test_done
