#!/bin/sh
# t0285-hostile-input: an inventory, template or command line nobody has
# reviewed yet (a merge request's pipeline, issue 29) is bounded: each case
# hostile.py writes (alias bombs, wide and deep YAML, values and lines of
# 64 MB, hostlists of a billion names, thousands of includes, runaway
# templates, hundreds of thousands of errors) finishes in at most 5 s of
# CPU with a peak RSS of at most 64 MB plus 4 times its input's bytes, and
# is never killed by a signal. The figures are printed as TAP comments
# ("# NAME: cpu ... rss ..."). The refusals say where and why, naming the
# alias. A FIFO, socket or device is refused, never waited on, wherever a
# file is read: include:, --overlay, a template in template_dir, a files:
# source, the password file, import's --dump and --qos and slurm.conf, the
# template command's template and partials, a previous render's manifest,
# the ssh identity, known_hosts and ssh config.
# T0285_CASES="NAME..." runs only those cases. Under a sanitizer build
# (CLUSTERCTL_SANITIZE, set by make SANITIZE=...) the bounds are printed,
# not asserted (ASan's shadow memory and checks are the cost measured
# then), and each case must end with no sanitizer report. No daemon.
. "$(dirname "$0")/test-lib.sh"

HOSTILE="$TOP/tests/t/hostile.py"
# render -o writes one directory per host: on tmpfs when there is one, so
# that what is measured is clusterctl and not ext4's inode allocator
OUTROOT=$TRASH
test -d /dev/shm && test -w /dev/shm && OUTROOT=$(mktemp -d /dev/shm/clusterctl-t0285.XXXXXX)
trap 'rm -rf "$OUTROOT"' EXIT

if ! test -x /usr/bin/time; then
	test_skip 'hostile inputs stay within 5 s and 64 MB + 4x their size' \
		'/usr/bin/time is not installed'
else
	# run_case NAME: generates the case, runs it under /usr/bin/time and
	# checks the bounds; its files are removed after (some are 64 MB)
	run_case() {
		rm -rf "$TRASH/h" && python3 "$HOSTILE" "$TRASH/h" "$1" &&
		IFS='	' read -r name bytes args <"$TRASH/h/cases" &&
		out="$OUTROOT/out-$name" &&
		args=$(echo "$args" | sed "s|OUT|$out|g") &&
		(cd "$TRASH/h/$name" && timeout -s KILL 120 /usr/bin/time -f "%U %S %e %M" \
			-o "$TRASH/time" "$CLUSTERCTL" $args >"$TRASH/out" 2>"$TRASH/err" </dev/null)
		rc=$?
		rm -rf "$out"
		set -- $(tail -1 "$TRASH/time")
		if grep -q "Sanitizer\|runtime error:" "$TRASH/err"; then
			echo "a sanitizer report"; return 1
		fi
		awk -v n="$name" -v b="$bytes" -v rc="$rc" -v u="$1" -v s="$2" \
			-v e="$3" -v m="$4" -v san="${CLUSTERCTL_SANITIZE:-}" 'BEGIN {
			bound = 64 * 1024 + 4 * b / 1024	# KB
			printf "# %s: %.1f KB in, exit %d, cpu %.2f s, wall %.2f s, rss %.1f MB (bound %.1f MB%s)\n",
				n, b / 1024, rc, u + s, e, m / 1024, bound / 1024,
				san == "" ? "" : ", not asserted: " san " build"
			if (rc >= 128) { print "killed by a signal"; exit 1 }
			if (san != "") exit 0
			if (u + s > 5) { print "over 5 s of CPU"; exit 1 }
			if (m > bound) { print "over the memory bound"; exit 1 }
		}'
	}

	for name in ${T0285_CASES:-$(python3 "$HOSTILE" --names)}; do
		test_expect_success "hostile input $name: within 5 s and 64 MB + 4x" "
			run_case $name || { head -c 2000 \"\$TRASH/err\"; head -c 2000 \"\$TRASH/out\"; false; }
		"
		# the measurement, for the log that the bench and the report read
		sed -n 's/^#/#/p' "$TRASH/.out.$test_count"
	done
fi

# --- what the refusals say ---------------------------------------------

test_expect_success 'an alias bomb is one error at the alias, naming it' '
	python3 "$HOSTILE" gen alias-types-20k >/dev/null &&
	cd gen/alias-types-20k &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate inv.yaml >out 2>err &&
	grep -q "^inv.yaml:[0-9]*:[0-9]*: error: alias .\*nt. repeats 507 YAML nodes and takes the inventory past the [0-9]* it may hold" out &&
	test "$(grep -c ": error: " out)" = 1
'

test_expect_success 'an alias inside what it names is refused, not walked' '
	printf "cluster: {name: c, controller: h}\naccounts: &a [{name: x, children: *a}]\n" >cyc.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate cyc.yaml >out &&
	grep -x "cyc.yaml:2:35: error: alias .\*a. is inside the node it names: it would repeat without end" out
'

test_expect_success 'more errors than a screen: 100 shown, the rest counted' '
	{ echo "cluster: {name: c, controller: h,"; i=0
	  while [ $i -lt 250 ]; do echo "  bogus$i: 1,"; i=$((i + 1)); done; echo "}"; } >many.yaml &&
	test_must_fail --exit=3 "$CLUSTERCTL" validate many.yaml >out 2>err &&
	test "$(grep -c "^many.yaml:.* error: " out)" = 100 &&
	tail -1 out | grep -x "and 15[0-9] more errors" &&
	grep "^many.yaml: 25[0-9] errors, 1 warning$" err
'

# --- FIFOs, sockets and devices -----------------------------------------

SITE='cluster: {name: tiny, controller: head, accounting_host: head}
hosts:
  - {names: head, roles: [controller, dbd]}
  - {names: "n[1-2]", type: small}
node_types:
  small: {cpus: 4, memory: 8G}
partitions:
  - {name: main, nodes: "n[1-2]", default: true}'

# refused CMD...: fails within 10 s (a FIFO waited on would hang), saying
# of a path that it is a FIFO (each test checks which path)
refused() {
	timeout -s KILL 10 "$@" >"$TRASH/out" 2>"$TRASH/err"
	rc=$?
	cp "$TRASH/out" out 2>/dev/null; cp "$TRASH/err" err 2>/dev/null
	test $rc -ne 0 && test $rc -lt 124 &&
	grep -q "a FIFO, not a regular file" "$TRASH/out" "$TRASH/err" || {
		echo "exit $rc"; cat "$TRASH/out" "$TRASH/err"; return 1; }
}

test_expect_success 'include: of a FIFO is an error at the include' '
	mkdir -p f1 && cd f1 && mkfifo fifo.yaml &&
	{ printf "%s\n" "$SITE"; echo "include: [fifo.yaml]"; } >inv.yaml &&
	refused "$CLUSTERCTL" validate inv.yaml &&
	grep -q "^inv.yaml:9:11: error: cannot read .*/fifo.yaml.: a FIFO, not a regular file" out
'

test_expect_success 'the inventory itself, or an --overlay, as a FIFO' '
	mkdir -p f2 && cd f2 && mkfifo fifo.yaml && printf "%s\n" "$SITE" >inv.yaml &&
	refused "$CLUSTERCTL" validate fifo.yaml &&
	refused "$CLUSTERCTL" validate --overlay fifo.yaml inv.yaml
'

test_expect_success 'a template in template_dir that is a FIFO: refused, not the embedded one' '
	mkdir -p f3/t && cd f3 && mkfifo t/fifo.mustache &&
	mkfifo t/slurm.conf.mustache &&
	printf "%s\n" "$SITE" | sed "s/accounting_host: head}/accounting_host: head, template_dir: t}/" >inv.yaml &&
	refused "$CLUSTERCTL" render inv.yaml -o "$TRASH/r3" &&
	grep -q "slurm.conf.mustache" err && ! test -e "$TRASH/r3/head"
'

test_expect_success 'a files: source that is a FIFO, a socket or a device' '
	mkdir -p f4 && cd f4 && mkfifo fifo && printf "%s\n" "$SITE" >base.yaml &&
	{ cat base.yaml; echo "files: [{path: /etc/slurm/x, source: fifo}]"; } >inv.yaml &&
	refused "$CLUSTERCTL" render inv.yaml -o "$TRASH/r4" &&
	grep -q "^inv.yaml:9:30: error: source: .fifo.: a FIFO, not a regular file" err &&
	python3 -c "import socket; s = socket.socket(socket.AF_UNIX); s.bind(\"sock\")" &&
	{ cat base.yaml; echo "files: [{path: /etc/slurm/x, source: sock}]"; } >inv.yaml &&
	test_must_fail "$CLUSTERCTL" render inv.yaml -o "$TRASH/r4" >out 2>err &&
	grep -q "sock.*a socket, not a regular file" out err &&
	ln -s /dev/zero zero &&
	{ cat base.yaml; echo "files: [{path: /etc/slurm/x, source: zero}]"; } >inv.yaml &&
	test_must_fail timeout -s KILL 10 "$CLUSTERCTL" render --allow-path /dev inv.yaml \
		-o "$TRASH/r4" >out 2>err &&
	grep -q "zero.: a device, not a regular file" out err
'

test_expect_success 'the database password file as a FIFO: an error, not a wait' '
	mkdir -p f5 && cd f5 && mkfifo fifo &&
	{ printf "%s\n" "$SITE"; echo "database: {host: 127.0.0.1, port: 1, user: slurm, password_file: fifo}"; } >inv.yaml &&
	refused "$CLUSTERCTL" accounting plan inv.yaml
'

for k in identity known_hosts config; do
	test_expect_success "ssh $k of a FIFO: the hosts fail naming it, no wait" '
		mkdir -p "f-$k" && cd "f-$k" && mkfifo fifo &&
		{ printf "%s\n" "$SITE"; echo "ssh: {$k: fifo, connect_timeout: 2}"; } >inv.yaml &&
		refused "$CLUSTERCTL" plan inv.yaml &&
		grep -q "^  head: .*fifo.: a FIFO, not a regular file" out &&
		grep -q "^plan: no host reached" out
	'
done

test_expect_success 'ssh known_hosts: /dev/null is taken (the hosts fail on their names), /dev/zero is not' '
	mkdir -p f-null && cd f-null &&
	{ printf "%s\n" "$SITE"; echo "ssh: {known_hosts: /dev/null, connect_timeout: 2}"; } >inv.yaml &&
	timeout -s KILL 20 "$CLUSTERCTL" plan inv.yaml >out 2>err; test $? = 4 &&
	grep -q "^  head: " out && ! grep -q "regular file" out err &&
	sed "s|/dev/null|/dev/zero|" inv.yaml >zero.yaml &&
	timeout -s KILL 20 "$CLUSTERCTL" plan zero.yaml >out 2>err; test $? = 4 &&
	grep -q "^  head: known_hosts ./dev/zero.: a device, not a regular file" out
'

test_expect_success 'import accounting --dump and --qos, import nodes of a FIFO' '
	mkdir -p f6 && cd f6 && mkfifo fifo && echo "Cluster - '"'"'c'"'"'" >dump &&
	refused "$CLUSTERCTL" import accounting --dump fifo &&
	refused "$CLUSTERCTL" import accounting --dump dump --qos fifo &&
	refused "$CLUSTERCTL" import nodes fifo
'

test_expect_success 'the template command: its template, context and partials' '
	mkdir -p f7 && cd f7 && mkfifo fifo fifo.mustache &&
	refused "$CLUSTERCTL" template fifo &&
	echo "x" >t.mustache &&
	refused "$CLUSTERCTL" template t.mustache --data fifo &&
	echo "{{> fifo}}" >p.mustache &&
	refused "$CLUSTERCTL" template p.mustache
'

test_expect_success 'a FIFO where a previous render left its manifest' '
	mkdir -p f8/out && cd f8 && printf "%s\n" "$SITE" >inv.yaml &&
	mkfifo out/manifest.json &&
	refused "$CLUSTERCTL" render inv.yaml -o out &&
	grep -q "out/manifest.json.: a FIFO" "$TRASH/err"
'

test_done
