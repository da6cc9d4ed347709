#!/bin/sh
# slurm-releases: 22.05 24.11 26.05 (each release's slurmctld reads the corpus and its renders)
# t3335-corpus-slurmctld: t3330's corpus check done by slurmctld itself. For
# every entry tests/data/slurm-corpus/EXPECT marks exact (read here, at run
# time), a real slurmctld of the lab's release starts twice in one lab host:
# on the site's slurm.conf (and gres.conf), then on the slurm.conf and
# gres.conf `clusterctl render` writes from `clusterctl import nodes` of
# them. What it reports must be the same both times: `scontrol show node`
# (CPUs, boards, sockets, cores, threads, memory, GRES, features, weight,
# addresses, state, TRES), `scontrol show partition` (nodes, limits,
# defaults, state) and `scontrol show config` (every global setting), less
# what changes from one start to the next (the normalise_* functions). No
# slurmd runs: slurmctld reports the configured values of its UNKNOWN nodes
# (so gres.conf's File=, Cores= and AutoDetect, which only slurmd reads and
# reports, are t4200's: slurmd -G on the render of imported gres.conf forms).
# A file this release's slurmctld refuses is no failure of clusterctl when
# the render is refused with the same fatal error: the test says so in its
# name and asserts that both refusals are the same.
#
# The lab host is not the site's controller, so some settings of the site's
# file are replaced, by the same rule on both sides (override.awk below):
#   SlurmctldHost, ControlMachine, ControlAddr, BackupController, BackupAddr
#       -> SlurmctldHost=ctl(<lab address>): slurmctld runs only on a host
#       its file names. What they said is kept (as name(addr) per controller)
#       and compared between the sides: a controller the render changes fails.
#   AccountingStorageHost, AccountingStorageBackupHost -> the lab host, where
#       slurmdbd runs (slurmctld stops when accounting goes to a slurmdbd it
#       cannot reach: no TRES); what they said is kept and compared, as above.
#   SlurmctldAddr -> left out: commands reach slurmctld at SlurmctldHost's
#       lab address; what it said is kept and compared, as above.
#   PluginDir -> left out (the lab's Slurm has its plugins where it was
#       built to find them); what it said is kept and compared, as above.
#   SlurmctldPort, AccountingStoragePort -> moved by LAB_PORT_SHIFT (6817 and
#       6819 moved when unset): other labs share this machine's network. A
#       move keeps a difference a difference.
#   StateSaveLocation, SlurmctldPidFile, SlurmctldLogFile, SlurmSchedLogFile,
#       JobCompLoc outside the lab host's private /etc, /run, /root and
#       /var/{run,spool,log,lib} -> the same path under /var/lib/ctldcorpus:
#       slurmctld writes there, and elsewhere it would write on the machine.
#       The prefix keeps a difference a difference.
# A password (AccountingStoragePass) is in the render as clusterctl's
# placeholder: it gets the site's value, as apply puts the inventory's
# there. The files an entry's slurm.conf includes go beside it.
# Nothing else is changed. What the files need is provided instead: the
# SlurmUser they name exists in the host (slurm with lab.yaml's uid), every
# node name resolves (to an address where nothing listens: no slurmd
# answers), munged runs with a key, and slurmdbd (rendered from lab.yaml)
# runs on the lab's MariaDB with the file's cluster added. Only slurm.conf
# and gres.conf go to the host: the corpus has no cgroup.conf to compare.
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"

CORPUS=$TOP/tests/data/slurm-corpus
"$CLUSTERCTL" import --help >/dev/null 2>&1 || test_skip_or_die "clusterctl import is not built"
lab_begin
LAB_INV=$TRASH/lab.yaml
lab_inventory "$TOP/inventories/lab.yaml" "$LAB_INV"
lab_slurm_ports "$LAB_INV" 0
ADDR=$LAB_NET.1			# the lab host ctl: slurmctld and slurmdbd
NOWHERE=$LAB_NET.254		# where the corpus's node names resolve: no slurmd there
SLURM_UID=$(sed -n 's/^ *slurm_user: *{name: *slurm, *uid: *\([0-9]*\),.*/\1/p' "$LAB_INV")

cat >override.awk <<'EOF'
# awk -v ctl=HOST -v addr=ADDR -v shift=N -v rec=FILE -f override.awk slurm.conf
function private(p) { return p ~ /^\/(etc|run|root)\// || p ~ /^\/var\/(run|spool|log|lib)\// }
function pair(h, a) { return (a == "" || a == h) ? h : h "(" a ")" }
function moved(v,   r) { return split(v, r, "-") == 2 ? (r[1] + shift) "-" (r[2] + shift) : v + shift }
BEGIN {
	printf "" >rec
	split("statesavelocation slurmctldpidfile slurmctldlogfile slurmschedlogfile jobcomploc", w, " ")
	for (i in w) writes[w[i]] = 1
}
{
	line = $0
	cr = sub(/\r$/, "", line) ? "\r" : ""
	sub(/#.*/, "", line)
	if (tolower(line) ~ /^[ \t]*(nodename|partitionname|nodeset|downnodes|frontendname|switchname)[ \t]*=/) { print; next }
	n = split(line, t, /[ \t]+/)
	out = ""
	for (i = 1; i <= n; i++) {
		if (t[i] == "") continue
		eq = index(t[i], "=")
		k = tolower(substr(t[i], 1, eq - 1)); v = substr(t[i], eq + 1)
		if (k == "slurmctldhost") { ctlhost[++nctl] = v; continue }
		if (k == "controlmachine") { cm = v; continue }
		if (k == "controladdr") { ca = v; continue }
		if (k == "backupcontroller") { bc = v; continue }
		if (k == "backupaddr") { ba = v; continue }
		if (k == "accountingstoragehost" || k == "accountingstoragebackuphost") { acct[k] = v; continue }
		if (k == "plugindir") { plugindir = v; continue }
		if (k == "slurmctldaddr") { ctladdr = v; continue }
		if (k == "slurmctldport") { ctlport = 1; t[i] = "SlurmctldPort=" moved(v) }
		else if (k == "accountingstorageport") { acctport = 1; t[i] = "AccountingStoragePort=" moved(v) }
		else if (k in writes && v ~ /^\// && !private(v)) t[i] = substr(t[i], 1, eq) "/var/lib/ctldcorpus" v
		out = out (out == "" ? "" : " ") t[i]
	}
	print out cr
}
END {
	if (cm != "") ctlhost[++nctl] = pair(cm, ca)
	if (bc != "") ctlhost[++nctl] = pair(bc, ba)
	for (i = 1; i <= nctl; i++) {
		v = ctlhost[i]
		if (match(v, /^[^(]*\(/)) {
			h = substr(v, 1, RLENGTH - 1); a = substr(v, RLENGTH + 1); sub(/\)$/, "", a)
			v = pair(h, a)
		}
		print "controller " i " " v >rec
	}
	split("accountingstoragehost accountingstoragebackuphost", w, " ")
	for (i = 1; i <= 2; i++) if (w[i] in acct) print w[i] " " acct[w[i]] >rec
	if (plugindir != "") print "plugindir " plugindir >rec
	if (ctladdr != "") print "slurmctldaddr " ctladdr >rec
	close(rec)
	print "SlurmctldHost=" ctl "(" addr ")"
	print "AccountingStorageHost=" addr
	if (!ctlport) print "SlurmctldPort=" 6817 + shift
	if (!acctport) print "AccountingStoragePort=" 6819 + shift
}
EOF

# conf_values FILE KEY: every value of KEY in a Slurm config, in order
conf_values() {
	awk -v k="$2" '{ sub(/\r$/, ""); sub(/#.*/, "")
		for (i = 1; i <= NF; i++) {
			eq = index($i, "=")
			if (eq && tolower(substr($i, 1, eq - 1)) == tolower(k)) print substr($i, eq + 1)
		} }' "$1"
}

# conf_value FILE KEY DEFAULT: the value of KEY that counts (the last)
conf_value() { v=$(conf_values "$1" "$2" | tail -n 1); echo "${v:-$3}"; }

# resolvable CONF...: every node name (NodeName, NodeHostname, NodeAddr
# that is no address) of the CONFs resolves in the host, to $NOWHERE
resolvable() {
	for c; do
		conf_values "$c" NodeName; conf_values "$c" NodeHostname; conf_values "$c" NodeAddr
	done | grep -v -e '^DEFAULT$' -e '^[0-9.]*$' -e '^[0-9a-fA-F:]*:[0-9a-fA-F:]*$' | sort -u >names &&
	: >names.hosts &&
	while read -r expr; do
		"$CLUSTERCTL" hostlist expand "$expr" | sed "s/^/$NOWHERE	/" >>names.hosts || return 1
	done <names &&
	cat "$TRASH/hosts.lab" names.hosts | lab_exec ctl sh -c 'cat >/etc/hosts'
}

# slurm_user CONF: its SlurmUser exists in the host
slurm_user() {
	u=$(conf_value "$1" SlurmUser root)
	lab_exec ctl getent passwd "$u" >/dev/null && return 0
	lab add-unix-user "$u" $((SLURM_UID + 100))
}

# cluster_known CONF: its cluster is in the lab's slurmdbd, when it has one
# (sacctmgr reads the slurm.conf in the host)
cluster_known() {
	c=$(conf_value "$1" ClusterName "" | tr A-Z a-z)
	[ -n "$c" ] && [ "$(conf_value "$1" AccountingStorageType "")" = accounting_storage/slurmdbd ] || return 0
	lab_exec ctl sacctmgr -n -P show cluster format=cluster | grep -qx "$c" ||
		lab_exec ctl sacctmgr -i add cluster "$c" >/dev/null
}

# writable CONF: the files and the state directory slurmctld writes (after
# the overrides) exist and are its SlurmUser's, as a site made them
writable() {
	u=$(conf_value "$1" SlurmUser root)
	for k in StateSaveLocation SlurmctldLogFile SlurmSchedLogFile SlurmctldPidFile JobCompLoc; do
		v=$(conf_value "$1" "$k" "")
		case $v in /*) ;; *) continue ;; esac
		if [ "$k" = StateSaveLocation ]; then
			lab_exec ctl sh -c "mkdir -p \"\$1\" && chown \"\$2\" \"\$1\"" sh "$v" "$u"
		else
			lab_exec ctl sh -c "mkdir -p \"\${1%/*}\" && touch \"\$1\" && chown \"\$2\" \"\$1\"" \
				sh "$v" "$u"
		fi || return 1
	done
}

# wipe_state CONF: no state of an earlier start is read by the next one
wipe_state() {
	d=$(conf_value "$1" StateSaveLocation "")
	[ -z "$d" ] || lab_exec ctl sh -c 'test ! -d "$1" || find "$1" -mindepth 1 -delete' sh "$d"
}

# Fields that change from one start to the next, or with the time slurmctld
# has run (its pings of slurmd that never answer): left out on both sides.
normalise_node() {
	sed -e 's/ \(BootTime\|SlurmdStartTime\|LastBusyTime\|ResumeAfterTime\|CPULoad\|FreeMem\)=[^ ]*//g' \
	    -e 's/\(State=[A-Z_+]*\)\*/\1/' -e 's/+NOT_RESPONDING//' \
	    -e 's/ Reason=Not responding \[[^]]*\]//' -e 's/  */ /g'
}
normalise_part() { sed -e 's/  */ /g'; }
normalise_config() {
	sed -e '/^Configuration data as of /d' -e '/^BOOT_TIME /d' -e '/^Slurmctld(primary) at /d' \
	    -e 's/  */ /g'
}

# refusal: the errors and the fatal error of a foreground slurmctld that
# stopped, without timestamps (nothing when it said nothing fatal); not
# the error slurmctld logs for a key it ignores (FastSchedule=1), which
# import leaves out on purpose, nor for a setting written twice (the render
# has it once), nor the machine's load (a slow gettimeofday)
refusal() {
	sed -n -e 's/^\[[^]]*\] *//' -e 's/^slurmctld: *//' -e '/^error: Ignoring obsolete /d' \
	    -e '/ specified more than once, latest value used$/d' \
	    -e '/^error: High latency for [0-9]* calls to gettimeofday/d' \
	    -e '/^\(error\|fatal\):/p' >refusal.all
	! grep -q '^fatal:' refusal.all || cat refusal.all
}

# passwords SITE RENDER: RENDER with each password placeholder replaced by
# SITE's value of its key (what apply does with the inventory's), on stdout
passwords() {
	cp "$2" pw.conf &&
	for k in $(sed -n "s/.*@clusterctl:secret:\([A-Za-z]*\)@.*/\1/p" "$2"); do
		v=$(conf_value "$1" "$k" "") &&
		sed -i "s|@clusterctl:secret:$k@|$v|" pw.conf || return 1
	done &&
	cat pw.conf
}

# ctld_run SIDE CONF [GRES]: slurmctld on CONF (and GRES) with the lab's
# overrides; what it reports in SIDE.node, SIDE.part and SIDE.config, or,
# when it does not start, its fatal error in SIDE.refused
ctld_run() {
	awk -v ctl=ctl -v addr="$ADDR" -v shift="$LAB_PORT_SHIFT" -v rec="$1.rec" \
		-f "$TRASH/override.awk" "$2" >"$1.conf" || return 1
	slurm_user "$1.conf" && writable "$1.conf" && wipe_state "$1.conf" &&
	lab put ctl "$1.conf" /etc/slurm/slurm.conf 0644 root:root && cluster_known "$1.conf" || return 1
	# the files it includes, as a copy of /etc/slurm has them
	for f in "$(dirname "$2")"/*; do
		case ${f##*/} in slurm.conf|gres.conf) continue ;; esac
		lab put ctl "$f" "/etc/slurm/${f##*/}" 0644 root:root || return 1
	done
	if [ -n "${3:-}" ]; then
		lab put ctl "$3" /etc/slurm/gres.conf 0644 root:root
	else
		lab_exec ctl rm -f /etc/slurm/gres.conf
	fi || return 1
	if lab_exec ctl lab-service slurmctld start >"$1.start" 2>&1; then
		lab_exec ctl scontrol -o show node >"$1.node.raw" &&
		lab_exec ctl scontrol -o show partition >"$1.part.raw" &&
		lab_exec ctl scontrol show config >"$1.config.raw"
		rc=$?
		lab_exec ctl lab-service slurmctld stop
		normalise_node <"$1.node.raw" | sort >"$1.node"
		normalise_part <"$1.part.raw" | sort >"$1.part"
		normalise_config <"$1.config.raw" >"$1.config"
		wipe_state "$1.conf"
		return $rc
	fi
	lab_exec ctl lab-service slurmctld stop &&
	lab_exec ctl timeout 30 slurmctld -D -i >"$1.fg" 2>&1
	echo "exit $?" >>"$1.fg"
	refusal <"$1.fg" >"$1.refused"
	test -s "$1.refused" && return 0
	echo "slurmctld did not start and said no fatal error:"
	cat "$1.start" "$1.fg"
	return 1
}

# entry NAME: import, validate, render, and slurmctld on both sides, in NAME/
entry() {
	d=$CORPUS/$1 g=
	mkdir -p "$1" && cd "$1" || return 1
	[ -f "$d/gres.conf" ] && g=$d/gres.conf
	"$CLUSTERCTL" import nodes "$d/slurm.conf" $g >inv.yaml 2>import.err &&
	"$CLUSTERCTL" validate inv.yaml >validate.out 2>&1 &&
	"$CLUSTERCTL" render inv.yaml -o out >/dev/null ||
		{ echo "import, validate or render failed:"; cat import.err validate.out; cd ..; return 1; }
	etc=out/$(sed -n "s/^  controller: *//p" inv.yaml | head -n 1)/etc/slurm
	rg=
	[ -n "$g" ] && rg=$etc/gres.conf
	resolvable "$d/slurm.conf" "$etc/slurm.conf" &&
	passwords "$d/slurm.conf" "$etc/slurm.conf" >"$etc/slurm.pw.conf" &&
	ctld_run orig "$d/slurm.conf" $g &&
	mkdir -p rendered && mv "$etc/slurm.pw.conf" rendered/slurm.conf &&
	ctld_run render rendered/slurm.conf $rg
	rc=$?
	cd ..
	return $rc
}

# same NAME: both sides started and slurmctld reports the same
same() {
	for s in orig render; do
		if test -s "$1/$s.refused"; then echo "slurmctld refused the $s only:"; cat "$1/$s.refused"; return 1; fi
	done
	conf_values "$1/orig.conf" NodeName | grep -vx DEFAULT | xargs "$CLUSTERCTL" hostlist expand |
		sort -u | wc -l >"$1/n.want" &&
	wc -l <"$1/orig.node" >"$1/n.got" &&
	test_cmp "$1/n.want" "$1/n.got" && test -s "$1/orig.part" &&
	test "$(wc -l <"$1/orig.config")" -gt 100 &&
	test_cmp "$1/orig.rec" "$1/render.rec" &&
	test_cmp "$1/orig.node" "$1/render.node" &&
	test_cmp "$1/orig.part" "$1/render.part" &&
	test_cmp "$1/orig.config" "$1/render.config"
}

grep -v '^#' "$CORPUS/EXPECT" | awk '$2 == "exact" { print $1 }' >exact

test_expect_success 'EXPECT marks some corpus entries exact' '
	test -s exact && cat exact
'

lab_hosts_up ctl
lab_db_up

test_expect_success 'ctl: munged, the slurm user, slurmdbd from the render of lab.yaml' '
	test -n "$SLURM_UID" &&
	"$CLUSTERCTL" render "$LAB_INV" -o lab >/dev/null &&
	sed "s/@clusterctl:db-password@/$(cat "$CLUSTERCTL_LAB/secrets/db.pass")/" \
		lab/ctl/etc/slurm/slurmdbd.conf >dbd.conf &&
	lab add-unix-user slurm "$SLURM_UID" &&
	lab put ctl dbd.conf /etc/slurm/slurmdbd.conf 0600 slurm:slurm &&
	head -c 1024 /dev/urandom >munge.key &&
	lab put ctl munge.key /etc/munge/munge.key 0400 root:root &&
	lab_exec ctl lab-service munge start &&
	lab_exec ctl lab-service slurmdbd start &&
	lab_exec ctl cat /etc/hosts >hosts.lab
'

while read -r name; do
	entry "$name" >"$name.run" 2>&1
	echo "entry exit $?" >>"$name.run"
	if [ -s "$name/orig.refused" ] && [ -s "$name/render.refused" ]; then
		why=$(grep -B 1 -m 1 '^fatal:' "$name/orig.refused" | tr '\n' ' ')
		test_expect_success "corpus $name: slurmctld $SLURM_VERSION refuses the site's file and the render alike: ${why% }" "
			cat $name.run && grep -qx 'entry exit 0' $name.run &&
			test_cmp $name/orig.refused $name/render.refused
		"
	else
		test_expect_success "corpus $name: slurmctld reports the same nodes, partitions and settings" "
			cat $name.run && grep -qx 'entry exit 0' $name.run &&
			same $name
		"
	fi
done <exact

test_done
