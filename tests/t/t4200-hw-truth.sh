#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (tests/t/run.sh runs it once per release)
# t4200-hw-truth: plan compares what slurmd finds on each compute host
# (slurmd -C; the GPU files and slurmd -G with the host's rendered
# slurm.conf and gres.conf) with the inventory. Lab hosts share this
# machine's CPUs and memory; their fake GPUs are /dev/tty1 and /dev/tty2.
# Declared as slurmd finds them: no finding. Declared with more CPUs and
# memory (gpu02) or a GPU file that does not exist (gpu03): plan names them
# as errors (exit 4), apply refuses those two and applies the others
# (summary names them). With SlurmdParameters=config_overrides Slurm runs
# such nodes: warnings, folded over the hosts, nothing refused.
# Imported gres.conf forms (issue 21) and per-device gpus: entries: this
# release's slurmd -G finds in the render what it finds in the site files.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die "needs python3"
lab_begin
BASE=$TRASH/base.yaml
lab_inventory "$TOP/inventories/lab.yaml" "$BASE"
lab_slurm_ports "$BASE" 4	# the 4th slurmd port: ctl as a node below
lab_hosts_up ctl gpu01 gpu02 gpu03
lab_db_up
cc() { "$CLUSTERCTL" "$@"; }
on() { lab_exec "$@"; }

# what slurmd -C says here (every lab host has this machine's hardware)
on gpu01 slurmd -C >hw 2>&1 || test_skip_or_die "slurmd -C fails: $(cat hw)"
num() { sed -n "s/.* $1=\\([0-9]*\\).*/\\1/p" hw | head -n 1; }
CPUS=$(num CPUs) BOARDS=$(num Boards) SPB=$(num SocketsPerBoard)
CORES=$(num CoresPerSocket) THREADS=$(num ThreadsPerCore) MEM=$(num RealMemory)
SOCKETS=$((BOARDS * SPB))
test -n "$CPUS" && test -n "$MEM" || test_skip_or_die "cannot read slurmd -C: $(cat hw)"

# mkinv OUT OVERRIDES TYPE01 TYPE02 TYPE03: the lab inventory with one node
# type per gpu host (truth, bigger: 2 more cores and 1000 MB more, nofile:
# a third GPU file that does not exist) and config_overrides kept or not
mkinv() {
	python3 "$TOP/tests/t/lab-types.py" "$BASE" "$1" "$2" "$TRASH/hw" \
		"$3" "$4" "$5" <<-\EOF
	node_types:
	  truth:
	    HW
	    gpus: {type: fake, count: 2, files: "/dev/tty[1-2]"}
	    features: [fake]
	  bigger:
	    HW+2+1000
	    gpus: {type: fake, count: 2, files: "/dev/tty[1-2]"}
	    features: [fake]
	  nofile:
	    HW
	    gpus: {type: fake, count: 3, files: "/dev/tty[1-2],/dev/clusterctl-nogpu0"}
	    features: [fake]
	EOF
}

test_expect_success 'inventories: the truth, and lies' '
	mkinv truth.yaml no truth truth truth &&
	mkinv lies.yaml no truth bigger nofile &&
	mkinv lies-ovr.yaml yes truth bigger bigger &&
	for f in truth lies lies-ovr; do cc validate $f.yaml || return 1; done
'

# before the first apply 24.11's slurmd -G cannot run (no munged, no slurm
# user yet): a note says the GPUs were not checked, no warning, no error
test_expect_success 'the truth applied: exit 0, no warning or error' '
	cc apply truth.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	! grep "^  [^ ]*: \(warning\|error\): " out && ! grep refused out
'

test_expect_success 'the truth planned: exit 0, nothing reported, JSON hardware empty' '
	cc plan truth.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	! grep -i "hardware\|refused\|warning\|error" out &&
	cc plan --json truth.yaml >plan.json &&
	python3 -c "import json,sys; d=json.load(open(\"plan.json\")); sys.exit(d[\"hardware\"] != [] or \"refused_hosts\" in d)"
'

test_expect_success 'lies planned: errors per host, refused, exit 4' '
	cc plan lies.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 4 &&
	grep "^hardware (slurmd -C, slurmd -G):" out &&
	grep "^  gpu02: error: CPUs: $((SOCKETS * (CORES + 2) * THREADS)) declared (.*), slurmd -C finds $CPUS (.*): slurmctld drains it (Low CPUs)\$" out &&
	grep "^  gpu02: error: memory: RealMemory $((MEM + 1000)) MB declared, slurmd -C finds $MEM MB: slurmctld drains it (Low RealMemory)\$" out &&
	grep "^  gpu03: error: GRES files missing: /dev/clusterctl-nogpu0: slurmd does not start" out &&
	grep "^refused: gpu\\[02-03\\]: " out &&
	! grep "gpu01: error" out && ! grep "^not observed" out &&
	grep "^  ctl,gpu01: /etc/slurm/slurm.conf: modify" out &&
	! grep "gpu0[23].*/etc/slurm/slurm.conf: modify" out
'

test_expect_success 'lies in JSON: hardware[] with hosts and levels, refused_hosts' '
	test_must_fail --exit=4 cc plan --json lies.yaml >lies.json &&
	python3 "$TOP/tests/t/json-keys.py" "$TOP/docs/json-format.md" plan lies.json &&
	python3 - lies.json <<-\EOF
	import json, sys
	d = json.load(open(sys.argv[1]))
	hw = d["hardware"]
	assert d["refused_hosts"] == "gpu[02-03]", d.get("refused_hosts")
	assert {(h["hosts"], h["level"]) for h in hw} == {("gpu02", "error"), ("gpu03", "error")}, hw
	assert len(hw) == 3 and all(h["finding"] for h in hw), hw
	assert d["unobserved"] == [], d["unobserved"]
	EOF
'

test_expect_success 'lies applied: gpu02 and gpu03 refused, ctl and gpu01 applied, exit 4' '
	on gpu02 cat /etc/slurm/slurm.conf >gpu02.before &&
	cc apply lies.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 4 &&
	grep "^apply: 4 hosts, .*; refused (hardware): gpu\\[02-03\\]\$" out &&
	on ctl cat /etc/slurm/slurm.conf >ctl.after &&
	on gpu01 cat /etc/slurm/slurm.conf >gpu01.after &&
	cmp ctl.after gpu01.after &&
	grep "^NodeName=gpu02 .*CoresPerSocket=$((CORES + 2)) " ctl.after &&
	on gpu02 cat /etc/slurm/slurm.conf >gpu02.after &&
	cmp gpu02.before gpu02.after &&
	on gpu03 cat /etc/slurm/slurm.conf >gpu03.after &&
	! cmp -s ctl.after gpu03.after
'

test_expect_success 'config_overrides: Slurm runs them, warnings folded, nothing refused' '
	cc plan lies-ovr.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 2 &&
	grep "^  gpu\\[02-03\\]: warning: CPUs: .*(config_overrides)" out &&
	grep "^  gpu\\[02-03\\]: warning: memory: .*(config_overrides)" out &&
	! grep ": error: " out && ! grep "^refused" out
'

# the controller refused: every slurm.conf follows the controller's, so none moves
test_expect_success 'a controller Slurm would refuse: apply changes nothing anywhere (exit 1)' '
	port=$(sed -n "s/.*names: gpu03, .*slurmd_port: \([0-9]*\)}/\1/p" truth.yaml) &&
	sed "s/^  - {names: ctl, address: \([0-9.]*\), roles: \[controller, dbd, login\]}\$/  - {names: ctl, address: \1, type: bigger, roles: [controller, dbd, login, compute], slurmd_port: $((port + 1))}/" \
		truth.yaml >ctl-lies.yaml &&
	grep "names: ctl, .*type: bigger" ctl-lies.yaml &&
	cc plan ctl-lies.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 4 &&
	grep "^  ctl: error: CPUs: " out && grep "^refused: ctl: " out &&
	on gpu01 cat /etc/slurm/slurm.conf >before &&
	# gpu02 goes back to its true CPUs here, a loss slurmctld would see;
	# what is tested is the controller refused
	cc apply --allow-capacity-loss ctl-lies.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 1 &&
	grep "^clusterctl: apply: the controller .ctl. is refused for its hardware (see the plan): nothing was changed\$" err &&
	on gpu01 cat /etc/slurm/slurm.conf >after && cmp before after
'

test_expect_success 'back to the truth: applied everywhere, then nothing reported' '
	# slurmctld runs gpu02 with the CPUs the lies gave it: the truth takes
	# them away, which apply names and refuses until the admin says so
	cc apply truth.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 4 &&
	grep "^capacity: node gpu02 loses " out &&
	grep "^clusterctl: apply: refused: the plan takes capacity away" err &&
	cc apply --allow-capacity-loss truth.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	! grep refused out &&
	cc plan truth.yaml >out 2>err; rc=$?; cat out err; test "$rc" = 0 &&
	! grep -i "hardware\|refused" out
'

# issue 10: every seed inventory, with its lab overlay (fake GPUs on /dev/tty*
# in place of /dev/nvidia*) and rendered for this release, passes this
# release's slurmd -G on a lab host (munged and the slurm user are there since
# the apply above), which finds every GPU its node declares (lri-spice's
# gpu[04-06], declared managed: false, with the files the others get)
printf 'cluster: {slurm_version: "%s"}\n' "$SLURM_VERSION" >release.yaml
for site in skynet aicloud lri-spice gcp-g2; do
	test_expect_success "$site: slurmd -G accepts its rendered files, every GPU found" '
		cc render --overlay "$TOP/inventories/lab/$site.overlay.yaml" --overlay release.yaml \
			"$TOP/inventories/$site.yaml" -o "r-$site" >/dev/null &&
		conf=$(ls -d r-$site/*/etc/slurm/slurm.conf | head -n 1) &&
		grep "^NodeName=.* Gres=gpu" "$conf" >nodes && test -s nodes &&
		n=0 &&
		while read -r line; do
			names=${line#NodeName=} && names=${names%% *} &&
			gres=$(printf "%s\n" "$line" | sed -n "s/.* Gres=gpu:\([^: ]*\):\([0-9]*\).*/\1 \2/p") &&
			type=${gres% *} && want=${gres#* } && test -n "$want" &&
			for h in $(cc hostlist expand "$names"); do
				# a host declared managed: false gets no files of its own:
				# slurm.conf and gres.conf are the same on every host
				f=$TRASH/r-$site/$h/etc/slurm/slurm.conf
				test -e "$f" || f=$TRASH/$conf
				on gpu01 slurmd -G -f "$f" -N "$h" >g 2>&1 ||
					{ cat g; return 1; }
				got=$(sed -n "s/.*Gres Name=gpu Type=$type Count=\([0-9]*\) .*/\1/p" g |
					awk "{ s += \$1 } END { print s + 0 }") &&
				echo "$h: $type $got of $want" &&
				test "$got" = "$want" || { cat g; return 1; }
				n=$((n + 1))
			done || return 1
		done <nodes &&
		test "$n" -gt 0
	'
done

# issue 21: gres.conf in the forms sites write, imported, then rendered:
# this release's slurmd -G finds in the render what it finds in the site's
# own files (device files moved to /dev/tty1N, which the lab has), for
# the corpus files import now carries whole, and for a lab node type with
# per-device cores, links, flags and a MultipleFiles= GPU
gresG() { # gresG SLURM_CONF NODE: slurmd -G's GRES lines, sorted
	on gpu01 slurmd -G -f "$1" -N "$2" >g.raw 2>&1 || { cat g.raw; return 1; }
	sed -n "s/.*\(Gres Name=.*\)/\1/p" g.raw | sort
}
perdev() { # perdev: gresG's lines one per device (a File= range is its devices)
	while read -r _ name type count _ _ file rest; do
		case $file in
		File=*)
			for f in $(cc hostlist expand "${file#File=}"); do
				echo "$name $type $f ${rest#CoreCnt=* }"
			done ;;
		*) echo "$name $type $count" ;;
		esac
	done | sort
}
for site in ashaneason_hpclab3-config ladominguez_panda-cluster-tools; do
	test_expect_success "corpus $site: slurmd -G finds in the render what it finds in the site files" '
		mkdir -p "c-$site" && cd "c-$site" &&
		cp "$TOP/tests/data/slurm-corpus/$site/slurm.conf" . &&
		sed "s|/dev/nvidia\([0-9]\)|/dev/tty1\1|" \
			"$TOP/tests/data/slurm-corpus/$site/gres.conf" >gres.conf &&
		cc import nodes slurm.conf gres.conf >inv.yaml &&
		# AutoDetect=nvidia is 24.11 and later: slurmd 22.05 logs "unknown
		# autodetect flag" and detects nothing, so render refuses it there,
		# and without it renders what that slurmd reads in the site files
		if test "$SLURM_VERSION" = 22.05 && grep -q "autodetect: nvidia" inv.yaml; then
			test_must_fail cc render --overlay ../release.yaml inv.yaml -o r 2>err &&
			grep "gpu autodetect .nvidia.: Slurm 22.05 takes nvml" err &&
			sed -i "s/, autodetect: nvidia//" inv.yaml
		fi &&
		cc render --overlay ../release.yaml inv.yaml -o r >/dev/null &&
		ctl=$(sed -n "s/^  controller: *//p" inv.yaml | head -n 1) &&
		# a node of Count= GPUs only: slurmd -G lists none either way
		for n in $(sed -n "s/^NodeName=\([^ ]*\) .*Gres=.*/\1/p" slurm.conf); do
			gresG "$TRASH/c-$site/slurm.conf" "$n" | perdev >want &&
			gresG "$TRASH/c-$site/r/$ctl/etc/slurm/slurm.conf" "$n" | perdev >got &&
			test_cmp want got && cat want >>all || return 1
		done &&
		test -s all
	'
done

# a NUMA site's line per GPU with its socket's CPUs= (the site's files
# import exactly: EXPECT, t3330)
test_expect_success 'corpus yyuzhongpv: slurmd -G finds each device with its site cores in the render' '
	site=yyuzhongpv_gpu-cluster-configuration &&
	sed "s|/dev/nvidia\([0-9]\)|/dev/tty1\1|" "$TOP/tests/data/slurm-corpus/$site/gres.conf" >y-gres.conf &&
	cc import nodes "$TOP/tests/data/slurm-corpus/$site/slurm.conf" y-gres.conf >y.yaml 2>y.err &&
	! grep "Gres" y.err &&
	# its select/cons_res is gone since 23.11: the render for this release
	printf "cluster: {slurm_version: \"%s\", slurm_conf: {SelectType: select/cons_tres}}\n" \
		"$SLURM_VERSION" >y-release.yaml &&
	cc render --overlay y-release.yaml y.yaml -o r-y >/dev/null &&
	sed -n "s/^Name=gpu \(File=[^ ]*\) CPUs=\([^ ]*\).*/\1 Cores=\2/p" y-gres.conf | sort >want &&
	test "$(wc -l <want)" = 8 &&
	gresG "$TRASH/r-y/master/etc/slurm/slurm.conf" dgx1 |
		sed -n "s/.* \(File=[^ ]*\) \(Cores=[^ ]*\) .*/\1 \2/p" | sort >got &&
	test_cmp want got
'

test_expect_success 'gpus: entries per device: slurmd -G finds each line as written' '
	sed "/^    gpus:/d; s/^  fake2:\$/  fake2:\n    gpus:\n      - {type: fake, count: 1, files: \/dev\/tty1, cores: \"0\", flags: nvidia_gpu_env}\n      - {type: fake, count: 1, files: \/dev\/tty2, cores: \"0\", links: \"-1,2\"}\n      - {type: mig, count: 1, multiple_files: \"\/dev\/tty3,\/dev\/tty4\"}/" \
		"$BASE" >entries.yaml &&
	grep -c "^      - {type:" entries.yaml >n && test "$(cat n)" = 3 &&
	cc validate entries.yaml &&
	cc render --overlay release.yaml entries.yaml -o r-entries >/dev/null &&
	f=$(ls r-entries/gpu01/etc/slurm/slurm.conf) &&
	grep "^NodeName=gpu.* Gres=gpu:fake:2,gpu:mig:1 " "$f" &&
	gresG "$TRASH/$f" gpu01 >got &&
	grep "^Gres Name=gpu Type=fake Count=1 .*File=/dev/tty1 Cores=0 " got &&
	grep "^Gres Name=gpu Type=fake Count=1 .*File=/dev/tty2 Cores=0 .*Links=-1,2" got &&
	grep "^Gres Name=gpu Type=mig Count=1 .*File=/dev/tty3,/dev/tty4" got
'

test_done
