#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t6050-site-multi: make demo SITE=multi (scripts/multi-demo.sh) in this
# test's own lab: two clusters on one slurmdbd (inventories/multi,
# docs/site.md; cluster a: ctl-a with slurmctld and the site's slurmdbd,
# gpu-a01, gpu-a02, the login host; cluster b: ctl-b, gpu-b01; Slurm's
# ports of both in this test's block) come up from nothing by one
# `clusterctl apply` of the site, a second plan is empty, and every check
# of the demo holds: both clusters registered, a GPU job under the GPU QoS
# in each, sbatch -M b from cluster a's login host, sacct -M all. Then a
# second apply has nothing to do, --cluster b plans b alone, and b's
# plan leaves cluster a's slurmdbd host alone as another cluster's;
# add-user on one cluster; import accounting of the whole site, planned
# again from its output with nothing to change; import cluster of both
# controllers as a site that validates.
# Runs about 40 seconds (2 cores).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-multi.sh"

multi_demo_run

test_expect_success 'one apply of the site brings both clusters up from nothing' '
	test $(grep -c "^apply: .* hosts, " demo.out) = 2 &&
	! grep -q "^apply: .*failed:" demo.out &&
	grep -q "^apply: 4 hosts, .*accounting change" demo.out &&
	grep -q "^apply: 2 hosts, .*accounting change" demo.out
'

test_expect_success 'the second plan has nothing to change on either cluster' '
	test $(grep -c "^plan: no changes" demo.out) = 2
'

multi_demo_checks 5

test_expect_success 'a second apply of the site has nothing to do' '
	"$CLUSTERCTL" apply "$SITE" >again.out 2>&1 || { cat again.out; false; } &&
	test $(grep -c "^apply: nothing to do" again.out) = 2
'

test_expect_success '--cluster b plans cluster b alone, and leaves a'"'"'s slurmdbd host to a' '
	"$CLUSTERCTL" plan "$SITE" --cluster b >b.out 2>&1 || { cat b.out; false; } &&
	! grep -q "^== cluster" b.out &&
	grep -q "^not managed: ctl-a (cluster .a..s slurmdbd host): another cluster.s" b.out &&
	grep -q "^plan: no changes (10 files on 2 hosts checked)" b.out
'

test_expect_success 'add-user --cluster b --apply: the user in the site file, its rows on b alone' '
	cp "$SITE" site.before &&
	"$CLUSTERCTL" add-user "$SITE" erin --account chem --cluster b --apply >au.out 2>&1 ||
		{ cat au.out; false; } &&
	grep -q "^  - {name: erin, accounts: \[chem\], clusters: \[b\]}\$" "$SITE" &&
	test $(diff site.before "$SITE" | grep -c "^>") = 1 &&
	lab_exec ctl-a sacctmgr -n -P show assoc user=erin format=Cluster,Account,User >erin &&
	echo "b|chem|erin" >expect && test_cmp expect erin &&
	"$CLUSTERCTL" plan "$SITE" >after.out 2>&1 &&
	test $(grep -c "^plan: no changes" after.out) = 2
'

test_expect_success 'add-user on the site: an account its cluster lacks is refused, the file untouched' '
	cp "$SITE" site.before &&
	test_must_fail "$CLUSTERCTL" add-user "$SITE" frank --account chem 2>frank.err &&
	grep -q "cluster .a. of the site" frank.err &&
	test_cmp site.before "$SITE"
'

test_expect_success 'import accounting SITE: every cluster of the database, as a site file; planned again, nothing to change' '
	"$CLUSTERCTL" import accounting "$SITE" >imported.yaml 2>import.err || { cat import.err; false; } &&
	grep -q "^  - {name: erin, accounts: \[chem\], clusters: \[b\]}\$" imported.yaml &&
	grep -q "^  - {name: bob, accounts: \[physics\], admin_level: operator, clusters: \[a\]}\$" imported.yaml &&
	grep -q "^  - name: chem\$" imported.yaml && grep -q "^    clusters: \[b\]\$" imported.yaml &&
	mkdir -p again && cp "$CLUSTERCTL_LAB/multi/a.yaml" again/ &&
	sed "/^qos:/,\$d" "$CLUSTERCTL_LAB/multi/b.yaml" >again/b.yaml &&
	{ sed "/^qos:/,\$d" "$SITE" && cat imported.yaml; } >again/site.yaml &&
	"$CLUSTERCTL" accounting plan again/site.yaml >again.plan 2>&1 || { cat imported.yaml again.plan; false; }
'

test_expect_success 'import cluster ctl-a ctl-b --site: both clusters of the database as a site that validates, its accounting in site.yaml' '
	"$CLUSTERCTL" import cluster ctl-a ctl-b --site imported-site \
		--ssh-config "$CLUSTERCTL_LAB/ssh/config" >imp.out 2>imp.err || { cat imp.out imp.err; false; } &&
	grep -q "^imported 2 clusters as a site: " imp.out &&
	grep -q "^clusters: \[a.yaml, b.yaml\]\$" imported-site/site.yaml &&
	grep -q "^database:\$" imported-site/site.yaml && grep -q "^qos:\$" imported-site/site.yaml &&
	grep -q "^  - {name: erin, accounts: \[chem\], clusters: \[b\]}\$" imported-site/site.yaml &&
	grep -q "^    clusters: \[b\]\$" imported-site/site.yaml &&
	! grep -q "^database:\|^qos:\|^accounts:\|^users:" imported-site/a.yaml imported-site/b.yaml &&
	grep -q "^  accounting_host: ctl-a\$" imported-site/a.yaml &&
	! grep -q "accounting_host\|slurmdbd_conf\|names: ctl-a" imported-site/b.yaml &&
	test "$(stat -c %a imported-site/slurmdbd.pass)" = 600 &&
	"$CLUSTERCTL" validate imported-site/site.yaml &&
	"$CLUSTERCTL" accounting plan imported-site/site.yaml >imp.plan 2>&1 || { cat imp.plan; false; } &&
	test $(grep -c "^  no changes\$" imp.plan) = 2
'

test_expect_success 'import cluster --site names a cluster of the database no controller was given for' '
	test_must_fail --exit=4 "$CLUSTERCTL" import cluster ctl-a --site one-site \
		--ssh-config "$CLUSTERCTL_LAB/ssh/config" >one.out 2>one.err &&
	grep -q "cluster .b. of the database is not imported: give its controller too" one.err
'

test_done
