#!/bin/sh
# t6000-overlay: --overlay FILE from the command line (docs/overlays.md).
# Every lab overlay in inventories/lab/ validates on its site; what it
# changes shows in the render and nothing else does; an overlay naming a
# host the site lacks, or a key the schema lacks, is an error at its
# file:line:col, the site's own errors keep theirs; a fake GPU count that
# disagrees with its device files stops plan (exit 3) before any host is
# contacted; every command that loads an inventory takes --overlay.
. "$(dirname "$0")/test-lib.sh"

INV=$TOP/inventories

test_expect_success 'every lab overlay validates on its site' '
	for o in "$INV"/lab/*.overlay.yaml; do
		site=$(basename "$o" .overlay.yaml)
		"$CLUSTERCTL" validate --overlay "$o" "$INV/$site.yaml" >out 2>err &&
		test_cmp /dev/null out &&
		echo "$INV/$site.yaml: 0 errors, 0 warnings" >want && test_cmp want err || return 1
	done
'

test_expect_success 'the overlay changes what it writes, and nothing else' '
	"$CLUSTERCTL" render "$INV/lri-spice.yaml" -o site >/dev/null &&
	"$CLUSTERCTL" render --overlay "$INV/lab/lri-spice.overlay.yaml" "$INV/lri-spice.yaml" -o lab >/dev/null &&
	grep "^NodeName=citronelle NodeAddr=10.0.0.10 CPUs=12 .*Gres=gpu:pascal:2\$" site/master/etc/slurm/slurm.conf &&
	grep "^NodeName=citronelle NodeAddr=127.0.10.2 CPUs=12 .*Gres=gpu:pascal:2 Port=6831\$" lab/master/etc/slurm/slurm.conf &&
	grep "^NodeName=citronelle,gpu\[01-06\] Name=gpu Type=pascal File=/dev/nvidia\[0-1\]\$" site/citronelle/etc/slurm/gres.conf &&
	grep "^NodeName=citronelle,gpu\[01-06\] Name=gpu Type=pascal File=/dev/tty\[1-2\]\$" lab/citronelle/etc/slurm/gres.conf &&
	grep "^PartitionName=debug .*QOS=default" lab/master/etc/slurm/slurm.conf &&
	grep "^MailProg=/usr/bin/mail\$" lab/master/etc/slurm/slurm.conf &&
	grep "^ProctrackType=proctrack/linuxproc\$" lab/master/etc/slurm/slurm.conf &&
	grep "^ProctrackType=proctrack/cgroup\$" site/master/etc/slurm/slurm.conf &&
	! grep "^ProctrackType=proctrack/cgroup" lab/master/etc/slurm/slurm.conf
'

cat >bad.overlay.yaml <<'EOT'
cluster:
  colour: blue
hosts:
  - {names: "citronelle,gpu07", addresses: "127.0.0.[2-3]"}
EOT

test_expect_success 'an unknown host or key in an overlay: its file:line:col, exit 3' '
	test_must_fail --exit=3 "$CLUSTERCTL" validate --overlay bad.overlay.yaml "$INV/lri-spice.yaml" >out 2>err &&
	cat >want <<-EOT &&
	bad.overlay.yaml:2:3: error: unknown key '"'"'colour'"'"' in cluster
	    2 |   colour: blue
	      |   ^
	bad.overlay.yaml:4:6: error: overlay names host '"'"'gpu07'"'"', which the inventory does not have
	    4 |   - {names: "citronelle,gpu07", addresses: "127.0.0.[2-3]"}
	      |      ^
	EOT
	test_cmp want out
'

test_expect_success 'validate of site + overlay names each file with its errors' '
	sed "s/cores_per_socket: 6/cores_per_sockt: 6/" "$INV/lri-spice.yaml" >site.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate --overlay bad.overlay.yaml site.yaml >out 2>err &&
	grep "^bad.overlay.yaml:2:3: error: unknown key" out &&
	grep "^bad.overlay.yaml:4:6: error: overlay names host" out &&
	grep "^site.yaml:[0-9]*:5: error: unknown key '"'"'cores_per_sockt'"'"' in node type" out &&
	test "$(grep -c ": error: " out)" = 3
'

test_expect_success 'a fake GPU count that disagrees with its files stops plan before any host' '
	cat >gpu.overlay.yaml <<-EOT &&
	node_types:
	  pascal2: {gpus: {type: pascal, count: 2, files: /dev/tty1}}
	hosts:
	  - {names: master, address: 192.0.2.1}
	EOT
	test_must_fail --exit=3 "$CLUSTERCTL" plan --overlay gpu.overlay.yaml "$INV/lri-spice.yaml" >out 2>err &&
	grep "^gpu.overlay.yaml:2:19: error: node type '"'"'pascal2'"'"': gpu count 2 disagrees with 1 device file" err &&
	! grep -i "connect\|192.0.2.1" out err
'

test_expect_success 'later overlays win; KEY: ~ deletes a pass-through key' '
	printf "cluster:\n  slurm_conf: {MailProg: ~, KillWait: 10}\n" >one.yaml &&
	printf "cluster:\n  slurm_conf: {KillWait: 20}\n" >two.yaml &&
	"$CLUSTERCTL" render --overlay one.yaml --overlay two.yaml "$INV/lri-spice.yaml" -o r >/dev/null &&
	! grep "^MailProg" r/master/etc/slurm/slurm.conf &&
	grep -x "KillWait=20" r/master/etc/slurm/slurm.conf
'

test_expect_success 'every command that loads an inventory takes --overlay' '
	"$CLUSTERCTL" export-sacctmgr --overlay bad.overlay.yaml "$INV/lri-spice.yaml" >out 2>err;
	test $? = 3 && grep "^bad.overlay.yaml:4:6:" err &&
	for cmd in "render -o x" plan apply "accounting plan" "import accounting"; do
		"$CLUSTERCTL" $cmd --overlay bad.overlay.yaml "$INV/lri-spice.yaml" >out 2>err;
		rc=$?; test $rc = 3 && grep -q "^bad.overlay.yaml:4:6:" err ||
			{ echo "$cmd: exit $rc"; cat err; return 1; }
	done &&
	cp "$INV/lri-spice.yaml" edit.yaml &&
	"$CLUSTERCTL" add-user --overlay bad.overlay.yaml edit.yaml bob --account test >out 2>err;
	test $? = 3 && cmp edit.yaml "$INV/lri-spice.yaml"
'

test_expect_success 'an overlay that cannot be read is one error, exit 3' '
	test_must_fail --exit=3 "$CLUSTERCTL" validate --overlay nosuch.yaml "$INV/lri-spice.yaml" >out 2>err &&
	grep "nosuch.yaml" out
'

test_done
