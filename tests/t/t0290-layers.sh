#!/bin/sh
# t0290-layers: the layering check of `make check` (scripts/include-graph.py
# against src/FLOORS) passes on the tree as it is, and fails, naming the file
# and the name, on each thing it must refuse: a new cycle between two
# modules, an edge up to a higher floor (by an include and by a call), a
# header that declares another module's function, a .c without a header, a
# file in no wing, a wing README that says other uses than its code has,
# and docs/architecture.md's floor table out of date. An
# edge the table allows by name ("allow A -> B: why") passes. Each case runs
# on a copy of src/ and docs/, so the repository is never touched.
. "$(dirname "$0")/test-lib.sh"

command -v python3 >/dev/null 2>&1 || test_skip_or_die 'python3 missing'

# copy: a fresh copy of the tree the check reads, in $TRASH/tree
copy() {
	rm -rf tree && mkdir -p tree/scripts &&
	cp -r "$TOP/src" "$TOP/docs" tree/ &&
	cp "$TOP/scripts/include-graph.py" tree/scripts/
}

# check: the check in the copy; its output in out, its status returned
check() { (cd tree && python3 scripts/include-graph.py) >out 2>&1; }

test_expect_success 'the tree as it is passes' '
	copy && check && grep -q "0 problems" out
'

test_expect_success 'a cycle between two modules fails, naming both and what ties them' '
	copy &&
	printf "\n#include \"base/diag.h\"\n" >>tree/src/base/strbuf.c &&
	! check && grep "^cycle: " out >c &&
	grep -q "src/base/diag.c" c && grep -q "src/base/strbuf.c" c &&
	grep -q "includes \"base/diag.h\"" c
'

test_expect_success 'an include up a floor fails, naming the file, the header and both wings' '
	copy &&
	printf "\n#include \"decide/plan.h\"\n" >>tree/src/slurm/hostlist.c &&
	! check &&
	grep -q "^upward: src/slurm/hostlist.c (slurm) -> src/decide/plan.c (decide): includes \"decide/plan.h\"" out
'

test_expect_success 'a call up a floor fails, naming the function' '
	copy &&
	printf "\nvoid up(void);\nvoid up(void) { plan_free(0); }\n" >>tree/src/render/tmpl.c &&
	! check &&
	grep -q "^upward: src/render/tmpl.c (render) -> src/decide/plan.c (decide): names plan_free" out
'

test_expect_success 'an edge the table allows by name passes, and is counted' '
	copy &&
	printf "int probe(void);\n" >tree/src/base/probe.h &&
	printf "#include \"base/probe.h\"\n#include \"decide/plan_classify.h\"\nint probe(void) { return 0; }\n" \
		>tree/src/base/probe.c &&
	! check && grep -q "^upward: src/base/probe.c (base) -> src/decide/plan_classify.c (decide)" out &&
	printf "allow src/base/probe.c -> src/decide/plan_classify.c: a test\n" >>tree/src/FLOORS &&
	sed -i "s/Today it uses: nothing but the C library\./Today it uses: decide./" tree/src/base/README.md &&
	(cd tree && python3 scripts/include-graph.py --write-doc) >out 2>&1 &&
	check && grep -q "0 problems, 1 allowed upward edges" out &&
	grep -q "src/base/probe.c. -> .src/decide/plan_classify.c.: a test" tree/docs/architecture.md
'

test_expect_success 'a header that declares another module'"'"'s function fails' '
	copy &&
	printf "size_t hostlist_count_words(const char *s);\n" >decl &&
	sed -i "/^#endif/e cat decl" tree/src/base/strbuf.h &&
	printf "\nsize_t hostlist_count_words(const char *s) { return *s; }\n" >>tree/src/slurm/hostlist.c &&
	! check &&
	grep -q "^header: src/base/strbuf.h declares hostlist_count_words, defined in src/slurm/hostlist.c" out
'

test_expect_success 'a .c without a header of its own fails' '
	copy &&
	printf "int lonely(void);\nint lonely(void) { return 0; }\n" >tree/src/base/lonely.c &&
	! check && grep -q "^header: src/base/lonely.c has no header of its own" out
'

test_expect_success 'a file in no wing fails' '
	copy &&
	mkdir tree/src/attic && cp tree/src/base/die.c tree/src/base/die.h tree/src/attic/ &&
	! check && grep -q "^no wing: src/attic/die.c" out
'

test_expect_success 'the floor table of docs/architecture.md out of date fails' '
	copy &&
	sed -i "s/^render  /render    /" tree/src/FLOORS &&
	sed -i "s/the files each host gets:/what each host gets:/" tree/src/FLOORS &&
	! check && grep -q "^doc: docs/architecture.md: the floor table differs" out
'

test_expect_success 'a wing whose README says other uses than its code, or no README, fails' '
	copy &&
	sed -i "s/Today it uses: base, slurm, inventory\./Today it uses: base, inventory./" tree/src/render/README.md &&
	! check &&
	grep -q "^readme: src/render/README.md says it uses base, inventory; it uses base, slurm, inventory" out &&
	rm tree/src/observe/README.md && ! check &&
	grep -q "^readme: src/observe/README.md is missing" out
'

test_expect_success 'make check runs it' '
	grep -q "^check: check-layers " "$TOP/Makefile" &&
	grep -q "scripts/include-graph.py" "$TOP/Makefile"
'

test_done
