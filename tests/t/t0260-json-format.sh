#!/bin/sh
# t0260-json-format: the JSON outputs against docs/json-format.md, in both
# directions (tests/t/json-keys.py): every key an output holds is
# documented with its type, every "always" key is there, and the documents
# made here cover every documented key of validate, render and diff. plan is
# checked on hosts that refuse connections (every host unobserved, the
# database unreachable); t2010-ssh-lab checks a plan with changes and
# accounting plan against a real lab. Every output starts with
# "format_version": 1 and modes are "0644" strings everywhere.
. "$(dirname "$0")/test-lib.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
DOC=$TOP/docs/json-format.md
DATA=$TOP/tests/unit/data
keys() { python3 "$TOP/tests/t/json-keys.py" "$DOC" "$@"; }
first_key() { # FILE: the first key of the document is format_version, 1
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
k = next(iter(d))
assert (k, d[k]) == ('format_version', 1), (k, d[k])
" "$1"
}

test_expect_success 'validate --json matches the documented keys' '
	test_must_fail --exit=3 "$CLUSTERCTL" validate --json "$DATA/bad/duplicate-key.yaml" >v1.json &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --json "$DATA/bad/memory.yaml" >v2.json &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --json nope.yaml >v3.json &&
	"$CLUSTERCTL" validate --json "$TOP/inventories/lab.yaml" >v4.json &&
	keys validate --cover v1.json v2.json v3.json v4.json &&
	for f in v1 v2 v3 v4; do first_key $f.json || return 1; done
'

test_expect_success 'render --json matches the documented keys, modes as "0644"' '
	"$CLUSTERCTL" render "$TOP/inventories/lab.yaml" -o out --json >r.json &&
	keys render --cover r.json &&
	first_key r.json && cmp r.json out/manifest.json &&
	grep -q "\"mode\": \"0644\"" r.json && grep -q "\"mode\": \"0400\"" r.json
'

# lab.yaml with every host and the database on closed loopback ports
sed -e "s/^  connect_timeout: 5\$/  connect_timeout: 2\\n  port: 1/" \
    -e "s/127\\.0\\.10\\./127.0.0./g" -e "s/^  port: 3307\$/  port: 1/" \
    "$TOP/inventories/lab.yaml" >closed.yaml

test_expect_success 'plan --json with nothing reachable matches the documented keys' '
	grep -q "^  port: 1\$" closed.yaml &&
	test_must_fail --exit=4 "$CLUSTERCTL" plan closed.yaml --json >p.json 2>err &&
	keys plan p.json && first_key p.json &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"unobserved_hosts\"] == \"ctl,gpu[01-03]\", d
assert [u[\"kind\"] for u in d[\"unobserved\"]] == [\"unreachable\"] * 4, d[\"unobserved\"]
assert \"error\" in d[\"accounting\"] and \"error\" in d[\"munge_key\"], d
" p.json
'

test_expect_success 'apply --dry-run --json prints the same document' '
	test_must_fail --exit=4 "$CLUSTERCTL" apply closed.yaml --dry-run --json >a.json 2>err &&
	test_cmp p.json a.json
'

# diff --json of the review test's pairs (tests/unit/data/review), and of
# configless lab inventories, cover every key of its table
test_expect_success 'diff --json matches the documented keys, all of them' '
	cp -r "$DATA/review" rev &&
	sed "s|munge_key_source: files/munge.key|munge_key_source: /etc/clusterctl/rev.key|" \
		rev/newctl.yaml >rev/outside.yaml &&
	sed -e "s/\"gpu\[01-03\]\", addresses: \"127.0.10.\[2-4\]\"/\"gpu[01-04]\", addresses: \"127.0.10.[2-5]\"/" \
		"$TOP/inventories/lab-configless.yaml" >rev/configless-node.yaml &&
	grep -q "gpu\[01-04\]" rev/configless-node.yaml &&
	n=0 &&
	for pair in "base maxtime-node" "base loss" "base newctl" "newctl outside" \
		"epilog-base epilog-head" "base base"; do
		set -- $pair; n=$((n + 1))
		"$CLUSTERCTL" diff --json rev/$1.yaml rev/$2.yaml >d$n.json
		test $? -le 2 || return 1
	done &&
	for pair in "lab lab-configless" "lab-configless configless-node"; do
		set -- $pair; n=$((n + 1))
		f=$TOP/inventories/$2.yaml; test -f "$f" || f=rev/$2.yaml
		test_must_fail --exit=2 "$CLUSTERCTL" diff --json "$TOP/inventories/$1.yaml" "$f" >d$n.json || return 1
	done &&
	keys diff --cover d*.json &&
	for f in d*.json; do first_key $f || return 1; done
'

test_expect_success 'the checker catches an undocumented key and a missing one' '
	sed "s/\"valid\"/\"valid_not\"/" v1.json >bad.json &&
	test_must_fail keys validate bad.json >why &&
	grep -q "key .valid_not. is not documented" why &&
	grep -q "always. key .valid. is missing" why
'

test_done
