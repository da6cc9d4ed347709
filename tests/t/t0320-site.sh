#!/bin/sh
# t0320-site: a site file's commands offline (docs/site.md), on
# inventories/multi: validate checks it whole, and an error only a site
# makes names both places on the command line too (error and note, each
# with its file:line:col); --cluster picks clusters (an unknown one is a
# usage error naming the site's); render writes DIR/a and DIR/b, cluster
# b's slurm.conf pointing at a's slurmdbd; a one-cluster command asks for
# --cluster (diff: its load error, exit 3); diff --cluster compares one
# cluster of two sites; add-user on the site file adds the entry with
# clusters:; the site as a federation (federation.yaml) validates, diff
# shows its rows, and a member that is no cluster of the site or a
# feature listed twice is an error at its file:line:col. No host, no
# database.
. "$(dirname "$0")/test-lib.sh"

cp "$TOP/inventories/multi/site.yaml" "$TOP/inventories/multi/a.yaml" \
	"$TOP/inventories/multi/b.yaml" "$TOP/inventories/multi/federation.yaml" .

test_expect_success 'validate: the site of two clusters is valid' '
	"$CLUSTERCTL" validate site.yaml 2>err &&
	grep -q "site.yaml: 0 errors" err
'

test_expect_success 'a partition association for a cluster without the partition: both places' '
	mkdir -p bad && cp site.yaml a.yaml b.yaml bad/ &&
	sed -i "s/{account: hep, partition: big, clusters: \[a\]}/{account: hep, partition: big}/" bad/site.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate bad/site.yaml >out 2>&1 &&
	grep -q "^bad/site.yaml:[0-9]*:[0-9]*: error: user .carol.: its association with account .hep. partition .big. is for cluster .b." out &&
	grep -q "^bad/b.yaml:[0-9]*:[0-9]*: note: cluster .b..s partitions are here" out
'

test_expect_success 'a host in two clusters: both places' '
	mkdir -p bad2 && cp site.yaml a.yaml b.yaml bad2/ &&
	sed -i "s/names: gpu-b01, address: \(127.0.10.5\)/names: gpu-a02, address: 127.0.10.9/; s/nodes: gpu-b01/nodes: gpu-a02/" bad2/b.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate bad2/site.yaml >out 2>&1 &&
	grep -q "^bad2/b.yaml:[0-9]*:[0-9]*: error: host .gpu-a02. is in cluster .a. and in cluster .b." out &&
	grep -q "^bad2/a.yaml:[0-9]*:[0-9]*: note: cluster .a. has it here" out
'

test_expect_success '--cluster: an unknown cluster is a usage error naming the site'"'"'s' '
	test_must_fail --exit=64 "$CLUSTERCTL" validate site.yaml --cluster c 2>err &&
	grep -q "no such cluster in the site (its clusters: a, b)" err
'

test_expect_success 'render: DIR/a and DIR/b; b points at a'"'"'s slurmdbd and has no slurmdbd.conf' '
	"$CLUSTERCTL" render site.yaml -o rendered >render.out &&
	test -f rendered/a/ctl-a/etc/slurm/slurmdbd.conf &&
	test -f rendered/b/ctl-b/etc/slurm/slurm.conf && ! test -e rendered/b/ctl-a &&
	grep -qx "AccountingStorageHost=ctl-a" rendered/b/ctl-b/etc/slurm/slurm.conf &&
	grep -qx "AccountingStoragePort=6819" rendered/b/ctl-b/etc/slurm/slurm.conf &&
	grep -qx "ClusterName=b" rendered/b/ctl-b/etc/slurm/slurm.conf
'

test_expect_success 'a one-cluster command on a site of two asks for --cluster' '
	test_must_fail --exit=64 "$CLUSTERCTL" export-sacctmgr site.yaml 2>err &&
	grep -q "is site .multi. of clusters a, b: name one with --cluster NAME" err &&
	"$CLUSTERCTL" export-sacctmgr site.yaml --cluster b >b.cfg &&
	grep -q "^Cluster - .b." b.cfg && grep -q "^User - .carol." b.cfg &&
	! grep -q "^User - .bob." b.cfg
'

test_expect_success 'diff --cluster b: one cluster of two sites' '
	mkdir -p head && cp site.yaml a.yaml b.yaml head/ &&
	sed -i "s/max_time: \"1-00:00:00\", qos: normal}/max_time: \"2-00:00:00\", qos: normal}/" head/b.yaml &&
	test_must_fail --exit=2 "$CLUSTERCTL" diff site.yaml head/site.yaml --cluster b >d.out &&
	grep -q "MaxTime" d.out &&
	"$CLUSTERCTL" diff site.yaml head/site.yaml --cluster a >same.out &&
	grep -q "^diff: no change\$" same.out &&
	test_must_fail --exit=3 "$CLUSTERCTL" diff site.yaml head/site.yaml 2>err &&
	grep -q "^error: .site.yaml. is site .multi. of clusters a, b: name one with --cluster NAME" err
'

test_expect_success 'add-user on the site file: the entry with clusters:, only its lines added' '
	cp site.yaml site.before &&
	"$CLUSTERCTL" add-user site.yaml erin --account chem --cluster b >au.out &&
	diff site.before site.yaml | grep "^>" >added &&
	echo "> $(printf "  - {name: erin, accounts: [chem], clusters: [b]}")" >want &&
	test_cmp want added &&
	test_must_fail "$CLUSTERCTL" add-user site.yaml frank --account chem 2>err &&
	grep -q "that is cluster .a. of the site" err
'

test_expect_success 'federation.yaml: the site as a federation validates; diff shows its rows' '
	"$CLUSTERCTL" validate federation.yaml 2>err &&
	grep -q "federation.yaml: 0 errors" err &&
	test_must_fail --exit=2 "$CLUSTERCTL" diff site.yaml federation.yaml --cluster b >fd.out &&
	grep -q "^  + federation .multi.\$" fd.out &&
	grep -q "^  + cluster .b. in federation .multi.\$" fd.out &&
	grep -q "^      features = gpu,small\$" fd.out
'

test_expect_success 'federation: a member that is no cluster of the site, a feature twice: file:line:col' '
	mkdir -p badfed && cp site.yaml a.yaml b.yaml federation.yaml badfed/ &&
	sed -i "s/{name: b, features: \[gpu, small\]}/{name: c, features: [gpu, small]}/; s/\[big, gpu\]/[big, gpu, GPU]/" badfed/federation.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate badfed/federation.yaml >out 2>&1 &&
	cat out &&
	grep -q "^badfed/federation.yaml:15:8: error: federation .multi.: .c. is no cluster of the site (its clusters: a, b)\$" out &&
	grep -q "^badfed/site.yaml:[0-9]*:1: note: the site.s clusters are listed here" out &&
	grep -q "^badfed/federation.yaml:14:38: error: federation cluster .a.: feature .GPU. is listed twice\$" out &&
	grep -q "^badfed/federation.yaml:14:33: note: it is first listed here" out
'

test_expect_success 'federation: in a cluster'"'"'s inventory, an error pointing at the site'"'"'s' '
	mkdir -p badfed2 && cp site.yaml a.yaml b.yaml federation.yaml badfed2/ &&
	echo "federation: {name: x, clusters: [{name: b}]}" >>badfed2/b.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate badfed2/federation.yaml >out 2>&1 &&
	grep -q "^badfed2/b.yaml:[0-9]*:1: error: federation: belongs in the site file" out &&
	grep -q "^badfed2/federation.yaml:11:1: note: the site.s federation: is here" out
'

test_done
