#!/bin/sh
# t3300-import: "clusterctl import" without daemons. import nodes of every
# inventory's own rendered slurm.conf and gres.conf gives an inventory that
# validates and renders them byte for byte; import accounting --dump of
# every inventory's export-sacctmgr flat file gives accounts and users that
# export the same flat file again; what the schema cannot hold (non-GPU
# GRES, dump fields without a key) is named
# on stderr with file:line and exits 4 with the YAML still printed, while a
# partition association becomes an accounts: entry of its own; unreadable
# and malformed input exits 1; usage 64.
. "$(dirname "$0")/test-lib.sh"

test_expect_success 'import --help prints usage, exit 0; usage errors exit 64' '
	"$CLUSTERCTL" import --help >out &&
	grep "^usage: clusterctl import accounting INVENTORY" out &&
	test_must_fail --exit=64 "$CLUSTERCTL" import 2>err &&
	grep "^usage:" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" import frob &&
	test_must_fail --exit=64 "$CLUSTERCTL" import nodes &&
	test_must_fail --exit=64 "$CLUSTERCTL" import nodes a b c &&
	test_must_fail --exit=64 "$CLUSTERCTL" import accounting &&
	test_must_fail --exit=64 "$CLUSTERCTL" import accounting --dump x.cfg extra
'

# controller NAME: the controller host of inventories/NAME.yaml
controller() { sed -n "s/^  controller: *//p" "$TOP/inventories/$1.yaml" | head -n 1; }

# dump_qos_named RC ERR: exit 0 and nothing on stderr, or exit 4 naming
# only the QoS whose limits a dump before 25.05 does not hold
dump_qos_named() {
	case $(cat "$1") in
	0) test_cmp /dev/null "$2" ;;
	4) grep -q "^clusterctl: import: QoS .*: the sacctmgr dump holds their names only; their limits (priority, preempt, GPU and job limits, usage factor, flags) are not imported" "$2" &&
	   test "$(grep -c . "$2")" = 2 ;;
	*) false ;;
	esac
}

for name in lab skynet gcp-g2 aicloud lri-spice; do
	test_expect_success "import nodes $name: validates and renders the same slurm.conf and gres.conf" "
		\"\$CLUSTERCTL\" render \"\$TOP/inventories/$name.yaml\" -o src-$name >/dev/null &&
		etc=src-$name/\$(controller $name)/etc/slurm &&
		\"\$CLUSTERCTL\" import nodes \$etc/slurm.conf \$etc/gres.conf >$name.yaml 2>err &&
		test_cmp /dev/null err &&
		\"\$CLUSTERCTL\" validate $name.yaml &&
		\"\$CLUSTERCTL\" render $name.yaml -o re-$name >/dev/null &&
		test_cmp \$etc/slurm.conf re-$name/\$(controller $name)/etc/slurm/slurm.conf &&
		test_cmp \$etc/gres.conf re-$name/\$(controller $name)/etc/slurm/gres.conf
	"
done

test_expect_success 'import nodes folds hostlists and infers node types with a comment' '
	grep "^  - {names: \"gpu\[01-03\]\", addresses: \"127.0.10.\[2-4\]\", type: fake_x2, slurmd_port: 6831}\$" lab.yaml &&
	grep "^# Node types inferred" skynet.yaml &&
	grep "^  - {names: \"alexa,consu\", type: a40_x8}\$" skynet.yaml &&
	grep "^    extra: {GraceTime: 300}\$" skynet.yaml &&
	grep "^    gpus: {type: l4, count: 1, autodetect: nvml}\$" gcp-g2.yaml
'

test_expect_success 'import nodes of a hand-written slurm.conf: GRES besides GPUs carried, a line slurmd ignores named' '
	cat >slurm.conf <<-\EOF &&
	ClusterName=site
	SlurmctldHost=head(10.0.0.1)
	AccountingStorageType=accounting_storage/slurmdbd
	AccountingStorageHost=head
	SlurmctldPort=7817
	MpiDefault=pmix # a comment
	NodeName=n[001-004] CPUs=8 RealMemory=64000 Gres=gpu:a100:4,mps:100 State=UNKNOWN
	NodeName=big1 CPUs=128 RealMemory=1024000 Weight=10
	NodeSet=ns Feature=x
	PartitionName=DEFAULT MaxTime=1:00:00
	PartitionName=all Nodes=n[001-004],big1 Default=YES MaxTime=INFINITE DefMemPerCPU=1000
	EOF
	cat >gres.conf <<-\EOF &&
	NodeName=n[001-004] Name=gpu Type=a100 File=/dev/nvidia[0-3]
	NodeName=n[001-004] Name=mps Count=100
	Name=qpu Count=2
	EOF
	"$CLUSTERCTL" import nodes slurm.conf gres.conf >site.yaml 2>err &&
	grep "^clusterctl: import: gres.conf:3: note: Name=qpu: no node.s Gres= names it: slurmd ignores the line: left out\$" err &&
	! grep "could not be expressed" err &&
	grep "^    gres: {name: mps, count: 100}\$" site.yaml &&
	! grep -i "nodeset:" site.yaml &&
	grep "^  slurmctld_port: 7817\$" site.yaml &&
	grep "^    MpiDefault: pmix\$" site.yaml &&
	grep "^    extra: {State: UNKNOWN}\$" site.yaml &&
	grep "^    extra: {DefMemPerCPU: 1000}\$" site.yaml &&
	grep "^    gpus: {type: a100, count: 4, files: \"/dev/nvidia\[0-3\]\"}\$" site.yaml &&
	"$CLUSTERCTL" validate site.yaml
'

test_expect_success 'import nodes: unreadable or malformed files exit 1 with the place' '
	test_must_fail --exit=1 "$CLUSTERCTL" import nodes nosuch.conf 2>err &&
	grep "^clusterctl: import: nosuch.conf: cannot read: " err &&
	printf "ClusterName=x\nthis is not a key value line\n" >bad.conf &&
	test_must_fail --exit=1 "$CLUSTERCTL" import nodes bad.conf 2>err &&
	grep "^clusterctl: import: bad.conf:2: not a Key=Value line" err &&
	printf "ClusterName=x\n" >noctl.conf &&
	test_must_fail --exit=1 "$CLUSTERCTL" import nodes noctl.conf 2>err &&
	grep "^clusterctl: import: noctl.conf: no SlurmctldHost= (or ControlMachine=) line" err
'

# flat_body FILE: a flat file without comments and sorted (sibling order aside)
flat_body() { grep -v "^#" "$1" | sort; }

# dump_qos_named RC ERR: exit 0 and nothing on stderr, or exit 4 naming
# only the QoS whose limits a dump before 25.05 does not hold
dump_qos_named() {
	case $(cat "$1") in
	0) test_cmp /dev/null "$2" ;;
	4) grep -q "^clusterctl: import: QoS .*: the sacctmgr dump holds their names only; their limits (priority, preempt, GPU and job limits, usage factor, flags) are not imported" "$2" &&
	   test "$(grep -c . "$2")" = 2 ;;
	*) false ;;
	esac
}

for name in lab skynet gcp-g2 aicloud lri-spice; do
	test_expect_success "import accounting --dump of $name's flat file exports the same flat file" "
		\"\$CLUSTERCTL\" export-sacctmgr \"\$TOP/inventories/$name.yaml\" >$name.cfg &&
		{ \"\$CLUSTERCTL\" import accounting --dump $name.cfg >$name-acct.yaml 2>err; echo \$? >rc; } &&
		dump_qos_named rc err &&
		{ sed '/^\\(qos\\|accounts\\|users\\):/,\$d' \"\$TOP/inventories/$name.yaml\" &&
		  sed -n '/^qos:/,/^[a-z]/p' \"\$TOP/inventories/$name.yaml\" | sed '/^\\(accounts\\|users\\):/,\$d' &&
		  sed -n '/^accounts:/,\$p' $name-acct.yaml; } >$name-re.yaml &&
		\"\$CLUSTERCTL\" validate $name-re.yaml &&
		\"\$CLUSTERCTL\" export-sacctmgr $name-re.yaml >$name-re.cfg &&
		flat_body $name.cfg >want && flat_body $name-re.cfg >got &&
		test_cmp want got
	"
done

test_expect_success 'import accounting --dump: fields without a key named (exit 4), a partition association kept' '
	cat >site.cfg <<-\EOF &&
	# a sacctmgr dump
	Cluster - '"'"'site'"'"':Fairshare=1:QOS='"'"'normal'"'"':GrpTRES=cpu=1000
	Parent - '"'"'root'"'"'
	User - '"'"'root'"'"':DefaultAccount='"'"'root'"'"':AdminLevel='"'"'Administrator'"'"':Fairshare=1
	User - '"'"'zed'"'"':DefaultAccount='"'"'root'"'"'
	Account - '"'"'phys'"'"':Description='"'"'physics dept'"'"':Organization='"'"'sci'"'"':Fairshare=5:GrpTRESMins=cpu=100:MaxTRES=gres/gpu:a100=2,cpu=8
	Parent - '"'"'phys'"'"'
	User - '"'"'ann'"'"':DefaultAccount='"'"'phys'"'"':Coordinator='"'"'phys'"'"':Fairshare=2:QOS='"'"'normal,high'"'"':MaxWallDurationPerJob=90
	User - '"'"'ann'"'"':Partition='"'"'debug'"'"':Fairshare=1
	EOF
	test_must_fail --exit=4 "$CLUSTERCTL" import accounting --dump site.cfg >site-acct.yaml 2>err &&
	grep "^clusterctl: import: site.cfg:2: cluster .site.: root association GrpTRES=.cpu=1000. has no key in the schema: left out\$" err &&
	grep "^clusterctl: import: site.cfg:6: Account .phys.: GrpTRESMins=.cpu=100. has no key in the schema: left out\$" err &&
	grep "^clusterctl: import: user .zed. in account .root.: the schema has no users in root: left out\$" err &&
	grep "^clusterctl: import: QoS .high., .normal.: the sacctmgr dump holds their names only; " err &&
	grep "^clusterctl: import: 4 things could not be expressed" err &&
	! grep "partition" err &&
	head -n 1 site-acct.yaml | grep "^# NOT IMPORTED: the inventory cannot express these (yet):\$" &&
	! grep "zed" site-acct.yaml | grep -v "^#" &&
	grep "^  - name: phys\$" site-acct.yaml &&
	grep "^    max_tres_per_job: {cpu: 8, gres/gpu:a100: 2}\$" site-acct.yaml &&
	grep "^    coordinators: \[ann\]\$" site-acct.yaml &&
	sed -n "/^  - name: ann\$/,/^    fairshare:/p" site-acct.yaml >ann &&
	cat >expect <<-\EOF &&
	  - name: ann
	    accounts:
	      - {account: phys, max_wall: "01:30:00", qos: [high, normal]}
	      - {account: phys, partition: debug, fairshare: 1}
	    fairshare: 2
	EOF
	test_cmp expect ann &&
	grep "^  - name: high\$" site-acct.yaml
'

test_expect_success 'import accounting --dump --qos: the QoS limits from sacctmgr show qos -P' '
	"$CLUSTERCTL" export-sacctmgr "$TOP/inventories/lab.yaml" >lab.cfg &&
	printf "%s\n" "Name|Priority|GraceTime|Preempt|PreemptMode|Flags|UsageFactor|MaxTRESPU|UsageThres" \
		"normal|0|00:00:00||cluster||1.000000||" \
		"gpu2|10|00:01:00||cluster|DenyOnLimit|2.000000|gres/gpu=2|" >qos.txt &&
	"$CLUSTERCTL" import accounting --dump lab.cfg --qos qos.txt >q.yaml 2>err &&
	test_cmp /dev/null err &&
	sed -n "/^  - name: gpu2\$/,/^  - /p" q.yaml >gpu2 &&
	grep "^    priority: 10\$" gpu2 &&
	grep "^    grace_time: 60\$" gpu2 &&
	grep "^    max_tres_per_user: {gres/gpu: 2}\$" gpu2 &&
	grep "^    usage_factor: 2\$" gpu2 &&
	sed -i "s/|\$/|0.5/" qos.txt &&
	test_must_fail --exit=4 "$CLUSTERCTL" import accounting --dump lab.cfg --qos qos.txt >/dev/null 2>err &&
	grep "^clusterctl: import: qos.txt:2: QoS .normal.: UsageThres=.0.5. has no key in the schema: left out\$" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" import accounting --qos qos.txt lab.yaml 2>err &&
	grep "qos FILE goes with --dump FILE" err
'

test_expect_success 'import accounting INVENTORY reads cluster.name and database: only' '
	printf "database:\n  host: 127.0.0.1\n  port: 1\n" >dbonly.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" import accounting dbonly.yaml 2>err &&
	grep "^dbonly.yaml:1:1: error: the inventory names no cluster (cluster: {name: NAME})" err &&
	printf "database:\n  host: 127.0.0.1\n  port: nope\ncluster: {name: lab}\n" >dbbad.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" import accounting dbbad.yaml 2>err &&
	grep "^dbbad.yaml:3:9: error: " err &&
	# no controller, no hosts, an ssh key that is not there: not read
	printf "cluster: {name: lab}\nssh: {identity: /nonexistent/key}\ndatabase:\n  host: 127.0.0.1\n  port: 1\n" >dbssh.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" import accounting dbssh.yaml 2>err &&
	! grep "error:" err &&
	grep "^clusterctl: import: .*127.0.0.1" err
'

test_expect_success 'import accounting --dump: a malformed line or no Cluster line exits 1' '
	printf "Cluster - '"'"'x'"'"'\nnonsense\n" >bad.cfg &&
	test_must_fail --exit=1 "$CLUSTERCTL" import accounting --dump bad.cfg 2>err &&
	grep "^clusterctl: import: bad.cfg:2: not a sacctmgr flat file line: .nonsense.\$" err &&
	printf "Parent - '"'"'root'"'"'\n" >nocl.cfg &&
	test_must_fail --exit=1 "$CLUSTERCTL" import accounting --dump nocl.cfg 2>err &&
	grep "^clusterctl: import: nocl.cfg: no .Cluster - . line: not a sacctmgr dump\$" err
'

test_expect_success 'import accounting: an unreachable database is one error, exit 1' '
	echo x >pass &&
	sed -e "s/^\\(  *port:  *\\)3307 *\$/\\11/" -e "s|password_file: .*|password_file: $TRASH/pass|" \
		"$TOP/inventories/lab.yaml" >down.yaml &&
	test_must_fail --exit=1 "$CLUSTERCTL" import accounting down.yaml >out 2>err &&
	test_cmp /dev/null out &&
	test $(wc -l <err) = 1 &&
	grep "^clusterctl: import: cannot connect to MariaDB at 127.0.0.1:1 as .slurm.: " err
'

test_done
