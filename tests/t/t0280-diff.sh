#!/bin/sh
# t0280-diff: "clusterctl diff BASE HEAD" from the command line, offline.
#   - the issue's example on inventories/lab.yaml (one MaxTime change, one
#     node added): where render twice and diff -r print a page per host,
#     diff fits on one screen, says what each setting needs, repeats no
#     line, and --files shows no hunk twice; README and
#     docs/reviewing-changes.md show exactly what it prints;
#   - exit codes: 0 no change, 2 changes, 3 a side invalid, 4 with
#     --fail-on-capacity-loss, 64 usage errors;
#   - --base-ref REF reads BASE, the files it includes, its template_dir,
#     its files: sources and the --overlay file from REF in one step (each
#     one changed in the work tree is a change diff reports), names REF's
#     files REF:PATH in diagnostics, and leaves no temporary files;
#   - --json is valid JSON with format_version; no secret in any output.
# No daemon is needed.
. "$(dirname "$0")/test-lib.sh"

LAB=$TOP/inventories/lab.yaml
mkdir b h tmp
TMPDIR=$TRASH/tmp
export TMPDIR
cp "$LAB" b/lab.yaml
sed -e 's/max_time: "1-00:00:00",$/max_time: "2-00:00:00",/' \
    -e 's/"gpu\[01-03\]", addresses: "127.0.10.\[2-4\]"/"gpu[01-04]", addresses: "127.0.10.[2-5]"/' \
    -e 's/nodes: "gpu\[01-03\]"/nodes: "gpu[01-04]"/g' "$LAB" >h/lab.yaml

test_expect_success 'the example: render twice + diff -r is pages, diff is one screen' '
	"$CLUSTERCTL" render b/lab.yaml -o rb >/dev/null &&
	"$CLUSTERCTL" render h/lab.yaml -o rh >/dev/null &&
	diff -r rb rh >render.diff; test $? = 1 &&
	test "$(wc -l <render.diff)" -gt 80 &&
	test_must_fail --exit=2 "$CLUSTERCTL" diff b/lab.yaml h/lab.yaml >out &&
	cat out && test "$(wc -l <out)" -le 24 &&
	test "$(sort out | uniq -d | wc -l)" = 0 &&
	grep -qx "  + host gpu04: type fake2; roles compute" out &&
	grep -qx "    partition gpu: MaxTime 1-00:00:00 -> 2-00:00:00  \[reconfigure\]" out &&
	grep -qx "    partition gpu: Nodes gpu\[01-03\] -> gpu\[01-04\]  \[reconfigure\]" out &&
	grep -q "^    gpu04: new node: CoresPerSocket=2 CPUs=2 .*  \[restart slurmctld, slurmd\]\$" out &&
	grep -qx "  ctl,gpu\[01-03\]: /etc/slurm/slurm.conf" out &&
	grep -qx "  gpu04 (new host): munge.key, cgroup.conf, gres.conf, slurm.conf (as ctl,gpu\[01-03\] get them)" out &&
	grep -qx "  ctl: restart slurmctld (gres.conf: gres)" out &&
	grep -qx "accounting: no change; capacity: no loss; munge key: unchanged" out
'

test_expect_success 'README and docs/reviewing-changes.md show what diff prints' '
	(cd "$TOP" && test_must_fail --exit=2 "$CLUSTERCTL" diff inventories/lab.yaml "$TRASH/h/lab.yaml") |
		sed "s|$TRASH/h/lab.yaml|/tmp/lab-head.yaml|" >printed &&
	for doc in README.md docs/reviewing-changes.md; do
		awk "/^diff inventories\/lab.yaml -> \/tmp\/lab-head.yaml/,/^diff: /" "$TOP/$doc" >shown &&
		test_cmp shown printed || return 1
	done
'

test_expect_success '--files: each hunk once, under the hosts that have it' '
	test_must_fail --exit=2 "$CLUSTERCTL" diff --files b/lab.yaml h/lab.yaml >files &&
	test "$(grep -c "^@@ " files)" = 2 &&
	test "$(grep -c "^+PartitionName=gpu Nodes=gpu\[01-04\] .*MaxTime=2-00:00:00" files)" = 1 &&
	grep -qx "# ctl,gpu\[01-03\]: /etc/slurm/slurm.conf" files &&
	grep -qx "# gpu04: /etc/slurm/slurm.conf: new, the same bytes as ctl,gpu\[01-03\] get" files &&
	grep -qx "# gpu04: /etc/munge/munge.key: the munge key (never shown)" files
'

test_expect_success 'exit codes: 0 no change, 3 invalid, 4 capacity lost when asked' '
	"$CLUSTERCTL" diff b/lab.yaml "$LAB" >out && grep -qx "diff: no change" out &&
	printf "cluster: {name: x}\n" >bad.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" diff b/lab.yaml bad.yaml >out 2>err &&
	grep -q "^bad.yaml:1:10: error: missing required key" err && test ! -s out &&
	test_must_fail --exit=3 "$CLUSTERCTL" diff bad.yaml b/lab.yaml 2>err &&
	test_must_fail --exit=3 "$CLUSTERCTL" diff nosuch.yaml b/lab.yaml 2>err &&
	grep -q "^nosuch.yaml: error: cannot read" err &&
	sed -e "s/max_time: \"1-00:00:00\",\$/max_time: \"12:00:00\",/" "$LAB" >loss.yaml &&
	test_must_fail --exit=2 "$CLUSTERCTL" diff b/lab.yaml loss.yaml >out &&
	grep -qx "capacity: partition gpu lowers MaxTime (1-00:00:00 -> 12:00:00)" out &&
	test_must_fail --exit=4 "$CLUSTERCTL" diff --fail-on-capacity-loss b/lab.yaml loss.yaml >out &&
	grep -q "lowers MaxTime" out &&
	test_must_fail --exit=2 "$CLUSTERCTL" diff --fail-on-capacity-loss b/lab.yaml h/lab.yaml
'

test_expect_success 'usage errors: exit 64' '
	test_must_fail --exit=64 "$CLUSTERCTL" diff 2>err && grep -q "missing BASE and HEAD" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" diff b/lab.yaml 2>err && grep -q "missing HEAD" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" diff a b c 2>err && grep -q "too many arguments" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" diff --json --markdown a b 2>err &&
	grep -q "exclude each other" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" diff --base-ref 2>err
'

test_expect_success '--json: format_version, every section, the same count' '
	test_must_fail --exit=2 "$CLUSTERCTL" diff --json b/lab.yaml h/lab.yaml >out.json &&
	python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d[\"format_version\"] == 1, d
for k in (\"base\", \"head\", \"changes\", \"capacity_lost\", \"inventory\", \"files\",
          \"users\", \"services\", \"accounting\", \"capacity_losses\", \"munge_key\", \"summary\"):
    assert k in d, k
assert d[\"base\"][\"inventory\"] == \"b/lab.yaml\", d[\"base\"]
s = [s for f in d[\"files\"] for s in f.get(\"settings\", []) if s[\"key\"] == \"MaxTime\"]
assert s and s[0][\"old\"] == \"1-00:00:00\" and s[0][\"new\"] == \"2-00:00:00\", s
assert s[0][\"needs\"] == {\"reconfigure\": True, \"restart\": []}, s
assert d[\"inventory\"] == [{\"kind\": \"host\", \"op\": \"added\", \"name\": \"gpu04\",
    \"old\": None, \"new\": \"type fake2; roles compute\"}], d[\"inventory\"]
" out.json
'

# site/: a repository whose inventory includes a file, names a template_dir
# and a files: source, with an overlay beside it; committed, then each of
# them edited in the work tree
mkdir -p site/inv/parts site/inv/tpl site/inv/files
sed -e "s/^  name: lab\$/  name: lab\\n  template_dir: tpl/" \
    -e "/^partitions:/,/^qos:/{/^partitions:/d;/^  - /d;/^     /d}" "$LAB" >site/inv/site.yaml
printf 'include: [parts/parts.inc]\n' >>site/inv/site.yaml
cat >>site/inv/site.yaml <<'EOF'
files:
  - {path: /etc/slurm/epilog.sh, source: files/epilog.sh, mode: "0755", roles: [compute]}
EOF
cat >site/inv/parts/parts.inc <<'EOF'
partitions:
  - {name: gpu, nodes: "gpu[01-03]", default: true, max_time: "1-00:00:00"}
EOF
cp "$TOP/templates/cgroup.conf.mustache" site/inv/tpl/
printf '#!/bin/sh\nexit 0\n' >site/inv/files/epilog.sh
printf 'cluster:\n  slurm_conf: {ReturnToService: 1}\n' >site/inv/staging.yaml

test_expect_success '--base-ref: BASE and all it names from the revision, in one step' '
	git init -q site && git -C site add . &&
	git -C site -c user.name=t -c user.email=t@t commit -qm base &&
	(cd site && "$CLUSTERCTL" diff --base-ref HEAD --overlay inv/staging.yaml inv/site.yaml) >out &&
	grep -qx "diff: no change" out &&
	sed -i "s/max_time: \"1-00:00:00\"/max_time: \"2-00:00:00\"/" site/inv/parts/parts.inc &&
	printf "# the site s own\n" >>site/inv/tpl/cgroup.conf.mustache &&
	printf "logger done\n" >>site/inv/files/epilog.sh &&
	printf "cluster:\n  slurm_conf: {ReturnToService: 2}\n" >site/inv/staging.yaml &&
	(cd site && test_must_fail --exit=2 "$CLUSTERCTL" diff --base-ref HEAD \
		--overlay inv/staging.yaml inv/site.yaml) >out &&
	cat out &&
	grep -q "^diff HEAD:inv/site.yaml -> inv/site.yaml: cluster lab, Slurm 22.05, offline$" out &&
	grep -qx "    partition gpu: MaxTime 1-00:00:00 -> 2-00:00:00  \[reconfigure\]" out &&
	grep -qx "    ReturnToService: 1 -> 2  \[reconfigure\]" out &&
	grep -qx "  ctl,gpu\[01-03\]: /etc/slurm/cgroup.conf: formatting only \[nothing restarts\]" out &&
	grep -qx "  gpu\[01-03\]: /etc/slurm/epilog.sh: modified (diff --files shows it)  \[nothing restarts\]" out &&
	test -z "$(ls tmp)"
'

test_expect_success '--base-ref: REF:PATH in diagnostics of BASE, with excerpts' '
	sed -i "s/^  slurm_version:/  slurm_versoin:/" site/inv/site.yaml &&
	git -C site -c user.name=t -c user.email=t@t commit -qam broken &&
	git -C site checkout -q HEAD~1 -- inv/site.yaml &&
	(cd site && test_must_fail --exit=3 "$CLUSTERCTL" diff --base-ref HEAD inv/site.yaml) 2>err &&
	grep -q "^HEAD:inv/site.yaml:[0-9]*:3: error: unknown key .slurm_versoin." err &&
	grep -q "^ *[0-9]* |   slurm_versoin: \"22.05\"" err &&
	(cd site && test_must_fail --exit=1 "$CLUSTERCTL" diff --base-ref nosuch inv/site.yaml) 2>err &&
	grep -q "^clusterctl: diff: --base-ref nosuch: .nosuch. names no commit" err &&
	test_must_fail --exit=1 "$CLUSTERCTL" diff --base-ref HEAD b/lab.yaml 2>err &&
	grep -q "is in no git work tree" err &&
	test -z "$(ls tmp)"
'

test_expect_success 'no secret in any output; the munge key by fingerprint' '
	mkdir s && printf "db-password-never-shown\n" >s/db.pass &&
	printf "MUNGE-KEY-BYTES-never-shown-0123456789abcdef0123456789\n" >s/munge.key &&
	sed -e "s|password_file: .*|password_file: db.pass|" \
	    -e "s|^  name: lab\$|  name: lab\\n  munge_key_source: munge.key|" \
	    -e "s|    ReturnToService: 2|    ReturnToService: 2\\n    AccountingStoragePass: old-secret-pass|" "$LAB" >s/base.yaml &&
	sed -e "s/old-secret-pass/new-secret-pass/" \
	    -e "s/{names: ctl, address: 127.0.10.1, roles: \[controller, dbd, login\]}/{names: ctl9, address: 127.0.10.9, roles: [controller, dbd, login]}/" \
	    -e "s/controller: ctl\$/controller: ctl9/" -e "s/accounting_host: ctl\$/accounting_host: ctl9/" s/base.yaml >s/head.yaml &&
	for mode in "" --json --markdown --files; do
		test_must_fail --exit=2 "$CLUSTERCTL" diff $mode s/base.yaml s/head.yaml >>all 2>&1 || return 1
	done &&
	! grep -i "secret-pass\|db-password\|MUNGE-KEY-BYTES" all &&
	grep -q "slurm_conf.AccountingStoragePass: (a secret) -> (another secret)" all &&
	grep -q "a new key on every host: .* (SHA256:[A-Za-z0-9+/]\{43\})" all
'

test_done
