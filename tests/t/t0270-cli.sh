#!/bin/sh
# t0270-cli: every option of every command works where the documents show
# it, and the documents cannot drift from the code. Each command's --help
# lists its options ("  -o, --output DIR   ..." lines); from that:
#   - each option is accepted before and after the operands (no usage
#     error), and "--" ends the options;
#   - the bash completion (plain bash, no extglob) offers exactly those
#     options and exactly the commands of "clusterctl --help";
#   - doc/clusterctl.1's SYNOPSIS shows exactly each command's long options;
#   - README.md's Commands tables show only options the commands have.
# The hosts and the database of the inventory used are closed loopback
# ports: plan and apply fail fast (exit 4), nothing is changed anywhere.
. "$(dirname "$0")/test-lib.sh"

CMDS="validate render plan diff apply add-user export-sacctmgr import accounting hostlist template version"
n=0

# help_opts CMD: the options --help explains, one per line, sorted
help_opts() {
	"$CLUSTERCTL" "$1" --help | awk '/^  -/ {
		sub(/^  /, ""); split($0, a, /  +/); n = split(a[1], b, /, /)
		for (i = 1; i <= n; i++) { split(b[i], c, / /); print c[1] } }' | sort -u
}

# help_groups CMD: one line per option of --help, with its aliases ("-o --output")
help_groups() {
	"$CLUSTERCTL" "$1" --help | awk '/^  -/ {
		sub(/^  /, ""); split($0, a, /  +/); n = split(a[1], b, /, /); line = ""
		for (i = 1; i <= n; i++) { split(b[i], c, / /); line = line (i > 1 ? " " : "") c[1] }
		print line }'
}

# comp WORD...: what the completion offers for the last word, sorted
comp() {
	bash -c 'shopt -u extglob; unset -f _init_completion
		. "$1"; shift
		COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _clusterctl
		printf "%s\n" "${COMPREPLY[@]}"' sh "$TOP/scripts/clusterctl.bash-completion" \
		clusterctl "$@" | sort -u
}

test_expect_success 'every command explains its options in --help' '
	for c in $CMDS; do
		help_opts $c >opts.$c &&
		grep -qx -- --help opts.$c &&
		"$CLUSTERCTL" $c --help >h &&
		grep -q "^usage: clusterctl $c" h && grep -qx "options:" h &&
		test "$(sed -n "/^\$/,/^options:/p" h | wc -l)" -gt 3 || { echo "$c"; cat h; return 1; }
	done &&
	grep -qx -- --accept-new-host-keys opts.plan &&
	grep -qx -- --dry-run opts.apply && grep -qx -- --json opts.apply
'

test_expect_success 'the completion offers the commands of --help' '
	"$CLUSTERCTL" --help | awk "/^commands:/ { on = 1; next } on && /^  [a-z]/ { print \$1 }
		on && /^\$/ { on = 0 }" | sort >want &&
	test_cmp "$(printf "%s\n" $CMDS | sort >cmds; echo cmds)" want &&
	{ cat want; printf "%s\n" help --help --version; } | sort >want2 &&
	comp "" >got && test_cmp want2 got
'

test_expect_success 'the completion offers exactly the options of --help, without extglob' '
	for c in $CMDS; do
		case $c in accounting) pre="plan" ;; *) pre="" ;; esac
		comp $c $pre - >got &&
		grep -vx -- -h opts.$c >want &&
		test_cmp want got || { echo "for $c"; return 1; }
	done &&
	comp accounting "" >got && printf "apply\nplan\n" >want && test_cmp want got
'

test_expect_success 'the completion knows no --template-dir' '
	! grep -q template-dir "$TOP/scripts/clusterctl.bash-completion" &&
	! grep -q "@(" "$TOP/scripts/clusterctl.bash-completion"
'

# man_opts: "CMD OPTION" for every option in doc/clusterctl.1's SYNOPSIS
man_opts() {
	awk '/^\.SH SYNOPSIS/ { on = 1; next } /^\.SH / { on = 0 }
		on { gsub(/\\-/, "-") }
		on && /^\.B clusterctl / { cmd = $3; first = 4 }
		on && !/^\.B clusterctl / { first = 2 }
		on { for (i = first; i <= NF; i++) {
			w = $i; gsub(/[][]/, "", w)
			if (w ~ /^--?[a-z]/) print cmd, w } }' "$TOP/doc/clusterctl.1" | sort -u
}

test_expect_success 'the man page SYNOPSIS shows each option of each command' '
	man_opts >man.all &&
	test -s man.all &&
	for c in $CMDS; do
		awk -v c=$c "\$1 == c { print \$2 }" man.all >man.$c
		help_groups $c | grep -v -- "--help" >groups.$c
		while read -r names; do
			found=
			for o in $names; do grep -qx -- "$o" man.$c && found=1; done
			test -n "$found" || { echo "man: $c lacks $names"; return 1; }
		done <groups.$c &&
		for o in $(cat man.$c); do
			grep -qx -- "$o" opts.$c || { echo "man: $c has $o, --help not"; return 1; }
		done || return 1
	done
'

# readme_opts: "CMD OPTION" for every option README.md's Commands section
# names: a command row's own options, and each common option for every
# command its row lists
readme_opts() {
	awk -F'|' '/^## / { sec = ($0 == "## Commands") } !sec || !/^\| `/ { next }
		{ c1 = $2; gsub(/`/, "", c1); n = split(c1, w, " ") }
		w[1] ~ /^--/ { m = split($3, cs, ","); for (j = 1; j <= m; j++) {
				c = cs[j]; gsub(/^ +| +$/, "", c)
				if (c !~ /^[a-z-]+$/) continue
				for (i = 1; i <= n; i++) if (w[i] ~ /^--?[a-z]/) print c, w[i] }
			next }
		{ for (i = 2; i <= n; i++) { o = w[i]; gsub(/[][]/, "", o)
			if (o ~ /^--?[a-z]/) print w[1], o } }' "$TOP/README.md" | sort -u
}

test_expect_success 'README shows only options the commands have' '
	readme_opts >readme.all &&
	test "$(wc -l <readme.all)" -ge 20 &&
	while read -r c o; do
		grep -qx -- "$o" opts.$c || { echo "README: $c $o"; return 1; }
	done <readme.all
'

# lab.yaml with every host and the database on closed loopback ports
sed -e "s/^  connect_timeout: 5\$/  connect_timeout: 2\\n  port: 1/" \
    -e "s/127\\.0\\.10\\./127.0.0./g" -e "s/^  port: 3307\$/  port: 1/" \
    "$TOP/inventories/lab.yaml" >closed.yaml
printf 'Hello {{name}}\n' >t.mustache
printf 'cluster: {}\n' >overlay.yaml
printf '{"name": "<x>"}\n' >data.json
printf "Cluster - 'lab'\n" >dump.cfg

# value CMD OPTION: the value of an option that takes one ("" if none)
value() {
	case $2 in
	--fanout) echo 2 ;;
	--only) echo files ;;
	--limit) echo ctl ;;
	--account|--default-account) echo physics ;;
	--qos) echo normal ;;
	--admin-level) echo none ;;
	--exec-via) echo true ;;
	-d|--data) echo data.json ;;
	-o|--output) echo "$TRASH/out.$n" ;;
	--dump) echo dump.cfg ;;
	--allow-path) echo "$TRASH" ;;
	--overlay) echo overlay.yaml ;;
	--cluster) echo lab ;;
	--site) echo "$TRASH/site.$n" ;;
	--ssh-config) echo ssh_config ;;
	--files-dir) echo "$TRASH/files.$n" ;;
	--base-ref) echo HEAD ;;
	esac
}

# operands and options a command always needs, apart from the one tested
needs() {
	case $1 in
	render) case $2 in -o|--output) ;; *) echo "-o $TRASH/out.$n" ;; esac ;;
	apply) case $2 in --json) echo --dry-run ;; esac ;;
	add-user) case $2 in --account) ;; *) echo "--account physics" ;; esac ;;
	import) case $2 in --dump|--site) ;; *) echo "--dump dump.cfg" ;; esac ;;
	esac
}
operands() {
	case $1 in
	validate|render|plan|apply|export-sacctmgr) echo closed.yaml ;;
	diff) echo closed.yaml closed.yaml ;;
	add-user) cp closed.yaml "u.$n.yaml"; echo "u.$n.yaml newbie$n" ;;
	accounting) echo plan closed.yaml ;;
	import) case ${2:-} in --site) echo cluster 127.0.0.1:1 ;; *) echo accounting ;; esac ;;
	hostlist) echo expand "n[1-2]" ;;
	template) echo t.mustache ;;
	esac
}

# try CMD ARGS...: no usage error
try() {
	"$CLUSTERCTL" "$@" >try.out 2>try.err
	rc=$?
	if [ "$rc" = 64 ] || grep -q "^usage:\|unknown option\|needs a value" try.err; then
		echo "usage error ($rc): clusterctl $*"; cat try.err; return 1
	fi
}

test_expect_success 'every option works before and after the operands' '
	n=0 &&
	for c in $CMDS; do
		for o in $(cat opts.$c); do
			case $o in -h|--help) continue ;; esac
			if [ "$c $o" = "validate --list-keys" ]; then
				try validate --list-keys || return 1; continue
			fi
			n=$((n + 1))
			v=$(value $c $o)
			try $c $o $v $(needs $c $o) $(operands $c $o) || return 1
			n=$((n + 1))
			try $c $(operands $c $o) $(needs $c $o) $o $v || return 1
		done
	done &&
	test "$n" -gt 40
'

test_expect_success '--help and -h work anywhere, exit 0' '
	for c in $CMDS; do
		"$CLUSTERCTL" $c --help >/dev/null && "$CLUSTERCTL" $c -h >/dev/null &&
		"$CLUSTERCTL" $c closed.yaml --help >/dev/null &&
		"$CLUSTERCTL" help $c >/dev/null || { echo "$c"; return 1; }
	done
'

test_expect_success 'unknown options, missing values and stray operands exit 64' '
	for c in $CMDS; do
		test_must_fail --exit=64 "$CLUSTERCTL" $c $(operands $c) --no-such-option 2>err &&
		grep -q "^clusterctl: $c: unknown option .--no-such-option.\$" err &&
		grep -q "^usage: clusterctl $c" err || { echo "$c"; cat err; return 1; }
	done &&
	test_must_fail --exit=64 "$CLUSTERCTL" plan closed.yaml --fanout 2>err &&
	grep -q "option .--fanout. needs a value" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" render closed.yaml extra.yaml -o out.x 2>err &&
	grep -q "too many arguments" err
'

test_expect_success '"--" ends the options: an operand may start with a dash' '
	"$CLUSTERCTL" render closed.yaml -o "$TRASH/-r" >/dev/null &&
	cp closed.yaml ./-inv.yaml &&
	"$CLUSTERCTL" validate -- -inv.yaml 2>err &&
	grep -q "^-inv.yaml: 0 errors" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" validate -inv.yaml 2>/dev/null
'

test_expect_success 'a plan that reaches no host says so, never "no changes"' '
	test_must_fail --exit=4 "$CLUSTERCTL" plan closed.yaml >out 2>err &&
	tail -1 out | grep -x "plan: no host reached (4 hosts not observed): nothing was compared" &&
	! grep -q "no changes" out &&
	test_must_fail --exit=4 "$CLUSTERCTL" plan closed.yaml --limit ctl >out 2>err &&
	tail -1 out | grep -x "plan: no host reached (1 host not observed): nothing was compared"
'

test_expect_success 'help of an unknown command is the usage error of one, exit 64' '
	test_must_fail --exit=64 "$CLUSTERCTL" help nosuch >out 2>err &&
	test_cmp /dev/null out &&
	grep -q "^clusterctl: unknown command .nosuch.\$" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" nosuch 2>err2 &&
	test_cmp err err2 &&
	"$CLUSTERCTL" help >out && grep -q "^exit codes:" out
'

# exit_codes: "CODE meaning" lines from --help's table, each entry one line
exit_codes_help() {
	"$CLUSTERCTL" --help | awk '/^exit codes:/ { on = 1; next }
		on && /^  [0-9]/ { if (l != "") print l; sub(/^  /, ""); l = $0; sub(/ +/, " ", l); next }
		on && /^      / { sub(/^ +/, ""); l = l " " $0 }
		END { print l }'
}

test_expect_success 'one table of exit codes: --help, README.md and the man page say the same' '
	exit_codes_help >help.codes &&
	test "$(wc -l <help.codes)" = 6 &&
	sed -n "/^## Exit codes/,/^## /p" "$TOP/README.md" |
		sed -n "s/^| \([0-9][0-9]*\) | \(.*\) |\$/\1 \2/p" | tr -d "\`" >readme.codes &&
	test_cmp help.codes readme.codes &&
	sed -n "/^\.SH EXIT STATUS/,/^\.SH FILES/p" "$TOP/doc/clusterctl.1" | awk '"'"'
		/^\.B [0-9]/ { if (l != "") print l; l = $2; next }
		/^\.(TP|SH)/ { next }
		{ l = l " " $0 }
		END { print l }'"'"' >man.codes &&
	test_cmp help.codes man.codes
'

test_done
