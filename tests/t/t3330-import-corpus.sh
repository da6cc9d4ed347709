#!/bin/sh
# t3330-import-corpus: "clusterctl import nodes" of real slurm.conf and
# gres.conf files published by sites (tests/data/slurm-corpus, sources in
# its SOURCES: universities, national labs, Slurm's own examples, from
# the FastSchedule era to now), without daemons. Each goes import ->
# validate (the YAML as printed) -> render, and the rendered slurm.conf
# and gres.conf are read back with the same reader (tests/tools/slurmmeaning:
# nodes with their CPUs, memory, GRES devices as slurmd registers them and
# features, partitions and their limits, every global setting, Slurm's
# defaults left out on both sides) and compared with the originals. EXPECT
# says for each: exact (exit 0, same meaning), refused (exit 4, and every
# fact the render lost is named on stderr: what slurmctld itself stops
# on), invalid (exit 1: slurmctld would not run it either). GPU facts are
# compared per device (tests/tools/slurmmeaning), so a line per GPU and
# one line for several say the same. An entry's other files are what its
# slurm.conf includes (absolute Includes of /etc/slurm read beside it, as
# from a copy of /etc/slurm). Every comment of the site's files is in the
# imported YAML. The per-node gres.conf files (no NodeName=) are imported
# with a one-node slurm.conf of the same GPU count.
. "$(dirname "$0")/test-lib.sh"

CORPUS=$TOP/tests/data/slurm-corpus
MEANING=${CLUSTERCTL_TOOLS:-$TOP/build/tools}/slurmmeaning
test -x "$MEANING" || test_skip_or_die "no $MEANING (make tools)"

# lost_named DIR: each fact in DIR/lost is named in DIR/err (its key, or
# Gres for a node's GRES, SlurmctldHost for a controller)
lost_named() {
	while read -r kind a b; do
		case $kind in
		set) word=${a%%=*}; word=${word%.[0-9]} ;;
		node) word=${b%%=*}; [ "$word" = gres ] && word="Gres '" ;;
		gres) word="Gres" ;;
		part) word=${b%%=*} ;;
		esac
		grep -qi -- "$word" "$1/err" || { echo "lost but not named: $kind $a $b"; return 1; }
	done <"$1/lost"
}

# roundtrip NAME: import, validate, render, compare; prints the outcome
roundtrip() {
	d=$CORPUS/$1 w=$TRASH/$1 g=
	mkdir -p "$w"
	[ -f "$d/gres.conf" ] && g=$d/gres.conf
	"$CLUSTERCTL" import nodes "$d/slurm.conf" $g >"$w/inv.yaml" 2>"$w/err"
	rc=$?
	if [ $rc = 1 ]; then
		echo invalid
		return 0
	fi
	[ $rc = 0 ] || [ $rc = 4 ] || { echo "import exit $rc"; return 1; }
	"$CLUSTERCTL" validate "$w/inv.yaml" >"$w/validate" 2>&1 || { cat "$w/validate"; return 1; }
	"$CLUSTERCTL" render "$w/inv.yaml" -o "$w/out" >/dev/null || return 1
	etc=$w/out/$(sed -n "s/^  controller: *//p" "$w/inv.yaml" | head -n 1)/etc/slurm
	rg=
	[ -n "$g" ] && rg=$etc/gres.conf
	"$MEANING" "$d/slurm.conf" $g >"$w/a" && "$MEANING" "$etc/slurm.conf" $rg >"$w/b" || return 1
	comm -23 "$w/a" "$w/b" >"$w/lost"
	comm -13 "$w/a" "$w/b" >"$w/added"
	if [ $rc = 0 ] && [ ! -s "$w/lost" ]; then
		echo exact
	elif [ $rc = 4 ]; then
		lost_named "$w" && echo refused
	else
		echo "exit 0 but the render lost:"
		cat "$w/lost"
	fi
}

grep -v '^#' "$CORPUS/EXPECT" >expect
test_expect_success 'the corpus holds 40+ slurm.conf files, each file in SOURCES, each site in EXPECT' '
	ls "$CORPUS"/*/slurm.conf | wc -l >n &&
	test "$(cat n)" -ge 40 &&
	for f in "$CORPUS"/*/*; do
		rel=${f#$CORPUS/} &&
		grep -q "^$rel github.com/" "$CORPUS/SOURCES" || { echo "$rel not in SOURCES"; exit 1; }
	done &&
	for f in "$CORPUS"/*/slurm.conf; do
		n=$(basename "$(dirname "$f")") &&
		grep -q "^$n " expect || { echo "$n not in EXPECT"; exit 1; }
	done
'

while read -r name want; do
	test_expect_success "corpus $name: $want" "
		roundtrip $name >got &&
		echo $want >want &&
		test_cmp want got
	"
done <expect

# issue 21: GPU sites carry every GPU fact (per-device Cores= (CPUs=),
# GPUs without a gres.conf line), also one refused for keys of other kinds
# (yyuzhongpv: a controller address; arlk and lyulyul were refused for
# FastSchedule=1 until it counted as the no-op it is)
test_expect_success 'GPU sites refused for other keys lose no GPU fact' '
	for n in arlk_lambda-slurm lyulyul_shine-cluster yyuzhongpv_gpu-cluster-configuration; do
		test -s "$n/a" && grep -q "gres=gpu" "$n/a" &&
		! grep "^gres \|^node [^ ]* gres=" "$n/lost" || return 1
	done
'

test_expect_success 'corpus summary: exact, refused by name, invalid' '
	for o in exact refused invalid; do
		printf "%s %s\n" "$(grep -c " $o\$" expect)" $o
	done >&2 &&
	for f in */added; do
		[ -s "$f" ] && printf "%s adds %s\n" "${f%/added}" "$(tr "\n" " " <"$f")"
	done >&2; true
'

# comments NAME: the comment lines of NAME's files, as text
comments() {
	for f in "$CORPUS/$1"/*; do
		sed -n "s/^[ \t]*#[ \t]*\(.*[^ \t\r]\)[ \t\r]*\$/\1/p" "$f"
		echo	# a last line without its newline
	done | sed "/^\$/d" | sort -u
}

test_expect_success 'every comment of the files an import reads is in its YAML (sitecomments)' '
	grep -v " invalid\$" expect | while read -r name want; do
		comments "$name" >c.want &&
		while IFS= read -r c; do
			grep -qF -- "$c" "$name/inv.yaml" || { echo "$name: lost comment: $c"; exit 1; }
		done <c.want || exit 1
	done
'

# the per-node files (no NodeName=) of one site, each on a node of its own
for d in "$CORPUS"/*/; do
	[ -f "$d/slurm.conf" ] && continue
	name=$(basename "$d")
	test_expect_success "per-node gres.conf $name: every line is the node's GPU" "
		n=\$(grep -c '^Name=gpu File=' '$d/gres.conf') &&
		mkdir -p $name &&
		printf 'ClusterName=c\nSlurmctldHost=h\nNodeName=n1 CPUs=4 Gres=gpu:%s\nPartitionName=p Nodes=n1 Default=YES\n' \$n >$name/slurm.conf &&
		\"\$CLUSTERCTL\" import nodes $name/slurm.conf '$d/gres.conf' >$name/inv.yaml &&
		\"\$MEANING\" $name/slurm.conf '$d/gres.conf' | grep '^gres n1 gpu ' >$name/a &&
		grep \"count=\$n \" $name/a &&
		\"\$CLUSTERCTL\" render $name/inv.yaml -o $name/out >/dev/null &&
		\"\$MEANING\" $name/out/h/etc/slurm/slurm.conf $name/out/h/etc/slurm/gres.conf |
			grep '^gres n1 gpu ' >$name/b &&
		test_cmp $name/a $name/b
	"
done

test_done
