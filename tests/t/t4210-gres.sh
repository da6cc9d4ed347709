#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4210-gres: GRES besides GPUs (node types' gres:) on real daemons. Three
# node types, each with the lab's two fake GPUs (/dev/tty1, /dev/tty2):
# gpu01 shares them as shards (a gres.conf line per device), gpu02 as MPS
# (one line, a count over both files), gpu03 has a site's CountOnly GRES
# besides. Declared as slurmd -C finds the host and without
# config_overrides, so slurmctld drains a node whose GRES slurmd does not
# report. slurmd -G finds every line in the render (a shard's type is its
# GPU's, a shared count is count/files per file); apply starts them;
# scontrol shows each node's Gres= and no drain; a job asking for a shard,
# for MPS and for the site's GRES runs; taking the shards away is a
# capacity loss the plan names and apply refuses.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
lab_begin
BASE=$TRASH/base.yaml
lab_inventory "$TOP/inventories/lab.yaml" "$BASE"
lab_slurm_ports "$BASE" 3
lab_hosts_up ctl gpu01 gpu02 gpu03
lab_db_up
XDG_RUNTIME_DIR=$TRASH
export XDG_RUNTIME_DIR
cc() { "$CLUSTERCTL" "$@"; }
on() { lab_exec "$@"; }
# the node types are the host as slurmd -C finds it
on gpu01 slurmd -C >hw 2>&1 && grep -q "RealMemory=[0-9]" hw ||
	test_skip_or_die "slurmd -C fails: $(cat hw)"

# mkinv OUT SHARDS: the lab with the three node types, gpu01's shards SHARDS per GPU (0: none)
mkinv() {
	{
		printf "node_types:\n"
		for t in sharded mps bw; do
			printf "  %s:\n    HW\n" $t
			printf "    gpus: {type: fake, count: 2, files: \"/dev/tty[1-2]\"}\n"
			printf "    features: [fake]\n"
			case $t in
			sharded) [ "$2" = 0 ] || printf "    gres:\n%s\n%s\n" \
				"      - {name: shard, count: $2, files: /dev/tty1}" \
				"      - {name: shard, count: $2, files: /dev/tty2}" ;;
			mps) printf "    gres: {name: mps, count: 200, files: \"/dev/tty[1-2]\"}\n" ;;
			bw) printf "    gres: {name: bandwidth, type: lustre, count: 1000, flags: CountOnly}\n" ;;
			esac
		done
	} | python3 "$TOP/tests/t/lab-types.py" "$BASE" "$1" no "$TRASH/hw" \
		sharded mps bw
}

test_expect_success 'the inventory: shard, mps and a CountOnly GRES validate' '
	mkinv gres.yaml 4 && mkinv noshard.yaml 0 &&
	cc validate gres.yaml && cc validate noshard.yaml &&
	printf "cluster: {slurm_version: \"%s\"}\n" "$SLURM_VERSION" >release.yaml &&
	cc render --overlay release.yaml gres.yaml -o r >/dev/null &&
	grep "^GresTypes=gpu,shard,mps,bandwidth\$" r/ctl/etc/slurm/slurm.conf &&
	grep "^NodeName=gpu01 .*Gres=gpu:fake:2,shard:8 " r/ctl/etc/slurm/slurm.conf &&
	grep "^NodeName=gpu02 .*Gres=gpu:fake:2,mps:200 " r/ctl/etc/slurm/slurm.conf &&
	grep "^NodeName=gpu03 .*Gres=gpu:fake:2,bandwidth:lustre:1000 " r/ctl/etc/slurm/slurm.conf
'

# gres_of NODE: its Gres= in scontrol show node -o (file nodes), sockets left out
gres_of() { sed -n "s/^NodeName=$1 .* Gres=\([^ ]*\) .*/\1/p" nodes | sed "s/([^)]*)//g"; }

test_expect_success 'applied: slurmctld has each node'"'"'s GRES, none drained' '
	cc apply gres.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	for n in 1 2 3 4 5 6 7 8 9 10; do
		on ctl scontrol show node -o >nodes &&
		test "$(grep -c "State=IDLE " nodes)" = 3 && break
		sleep 2
	done; cat nodes &&
	! grep "State=[A-Z+]*\(DRAIN\|INVAL\|DOWN\)" nodes &&
	# shard and mps are shown with their GPUs type
	test "$(gres_of gpu01)" = gpu:fake:2,shard:fake:8 &&
	test "$(gres_of gpu02)" = gpu:fake:2,mps:fake:200 &&
	test "$(gres_of gpu03)" = gpu:fake:2,bandwidth:lustre:1000
'

gresG() { # gresG NODE: slurmd -G's GRES lines for NODE with the render
	on gpu01 slurmd -G -f "$TRASH/r/$1/etc/slurm/slurm.conf" -N "$1" >g.raw 2>&1 ||
		{ cat g.raw; return 1; }
	sed -n "s/.*\(Gres Name=.*\)/\1/p" g.raw | sort >g
	cat g
}

test_expect_success 'slurmd -G: every GRES line of the render, with its count and files' '
	gresG gpu01 &&
	grep "^Gres Name=shard Type=fake Count=4 .*File=/dev/tty1" g &&
	grep "^Gres Name=shard Type=fake Count=4 .*File=/dev/tty2" g &&
	gresG gpu02 &&
	grep "^Gres Name=mps Type=fake Count=100 .*File=/dev/tty1" g &&
	grep "^Gres Name=mps Type=fake Count=100 .*File=/dev/tty2" g &&
	gresG gpu03 &&
	grep "^Gres Name=bandwidth Type=lustre Count=1000 " g &&
	grep "^Gres Name=gpu Type=fake Count=1 .*File=/dev/tty2" g
'

# why validate warns of a shard type of its own
test_expect_success 'slurmd -G: a shard type of its own is its GPU'"'"'s' '
	sed "s/{name: shard, count: 4,/{name: shard, type: mine, count: 4,/" gres.yaml >typed.yaml &&
	cc validate typed.yaml >out && cat out &&
	grep "warning: node type .sharded.: shard type .mine. is none of its gpus. types" out &&
	cc render --overlay release.yaml typed.yaml -o r-typed >/dev/null &&
	grep "^NodeName=gpu01 Name=shard Type=mine File=/dev/tty1 Count=4\$" r-typed/ctl/etc/slurm/gres.conf &&
	on gpu01 slurmd -G -f "$TRASH/r-typed/gpu01/etc/slurm/slurm.conf" -N gpu01 >g.raw 2>&1 &&
	grep "Gres Name=shard Type=fake Count=4 .*File=/dev/tty1" g.raw &&
	! grep "Type=mine" g.raw
'

# why validate refuses a shared count its files do not divide
test_expect_success 'slurmd -G: mps Count=201 over two files is 100 each' '
	mkdir -p r/odd/etc && cp -r r/gpu02/etc/slurm r/odd/etc/ &&
	sed -i "s/^\(NodeName=gpu02 Name=mps .*\)Count=200/\1Count=201/" r/odd/etc/slurm/gres.conf &&
	grep "Name=mps .*Count=201" r/odd/etc/slurm/gres.conf &&
	on gpu01 slurmd -G -f "$TRASH/r/odd/etc/slurm/slurm.conf" -N gpu02 >g.raw 2>&1 &&
	grep "Gres Name=mps Type=fake Count=100 .*File=/dev/tty1" g.raw &&
	grep "Gres Name=mps Type=fake Count=100 .*File=/dev/tty2" g.raw &&
	sed "s/{name: mps, count: 200,/{name: mps, count: 201,/" gres.yaml >odd.yaml &&
	test_must_fail cc validate odd.yaml >out &&
	grep "mps count 201 over 2 files: slurmd gives each file 100 (200 in all)" out
'

# job NODE GRES: a job on NODE asking for GRES runs and prints its node's name
job() {
	on ctl sh -c "cd /tmp && timeout 60 srun -p gpu -w $1 -N1 --gres=$2 hostname" >job 2>&1
	rc=$?; cat job; test "$rc" = 0 && grep -x "$1" job
}

test_expect_success 'jobs asking for a shard, MPS and the site GRES run' '
	job gpu01 shard:1 &&
	job gpu02 mps:50 &&
	job gpu03 bandwidth:lustre:10 &&
	! job gpu03 shard:1
'

test_expect_success 'the shards taken away: the plan names the loss, apply refuses it' '
	cc plan noshard.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 2 &&
	grep "^capacity: removes 8 gres shard on gpu01 (8 -> 0)\$" out &&
	cc apply noshard.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 4 &&
	grep "^clusterctl: apply: refused: the plan takes capacity away" err
'

test_done
