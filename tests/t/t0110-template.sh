#!/bin/sh
# t0110-template: "clusterctl template FILE --data DATA.json": partials
# from FILE's directory (name.mustache before name), standalone partial
# indentation, HTML escaping off by default and on with --html-escape,
# errors as FILE:line:col, refused partial names, -o, stdin data, usage.
. "$(dirname "$0")/test-lib.sh"

mkdir tpl
cat >tpl/gres.mustache <<'EOF'
{{> header}}
{{#nodes}}
  {{> line}}
{{/nodes}}
{{! a comment line disappears }}
Escaped? {{note}} / {{{note}}} / {{&note}}
EOF
printf '# {{cluster}} gres.conf\n' >tpl/header.mustache
# "line" without extension, and a decoy "line.txt" that must not be used
printf 'NodeName={{name}} Name=gpu Type={{type}} File={{file}}\n' >tpl/line
printf 'WRONG\n' >tpl/line.txt
cat >data.json <<'EOF'
{"cluster": "skynet", "note": "a<b & \"c\"",
 "nodes": [{"name": "gpu[01-04]", "type": "a100", "file": "/dev/nvidia[0-7]"},
           {"name": "gpu[05-08]", "type": "h100", "file": "/dev/nvidia[0-3]"}]}
EOF

test_expect_success 'renders with partials, indentation, no escaping by default' '
	"$CLUSTERCTL" template tpl/gres.mustache --data data.json >out &&
	cat >expect <<-\EOF &&
	# skynet gres.conf
	  NodeName=gpu[01-04] Name=gpu Type=a100 File=/dev/nvidia[0-7]
	  NodeName=gpu[05-08] Name=gpu Type=h100 File=/dev/nvidia[0-3]
	Escaped? a<b & "c" / a<b & "c" / a<b & "c"
	EOF
	test_cmp expect out
'

test_expect_success '--html-escape escapes {{x}} only' '
	"$CLUSTERCTL" template --html-escape tpl/gres.mustache --data data.json >out &&
	tail -n 1 out >last &&
	echo "Escaped? a&lt;b &amp; &quot;c&quot; / a<b & \"c\" / a<b & \"c\"" >expect &&
	test_cmp expect last
'

test_expect_success 'name.mustache wins over name' '
	printf "{{>p}}" >tpl/both.mustache &&
	printf "with extension" >tpl/p.mustache &&
	printf "without" >tpl/p &&
	"$CLUSTERCTL" template tpl/both.mustache >out &&
	printf "with extension" >expect &&
	test_cmp expect out
'

test_expect_success '-o writes the file, --data - reads stdin' '
	"$CLUSTERCTL" template tpl/gres.mustache --data - -o written <data.json >stdout &&
	test ! -s stdout &&
	"$CLUSTERCTL" template tpl/gres.mustache --data data.json >expect &&
	test_cmp expect written
'

test_expect_success 'a missing partial renders as nothing, with a warning' '
	printf "a{{> nothere}}b\n" >tpl/miss.mustache &&
	"$CLUSTERCTL" template tpl/miss.mustache >out 2>err &&
	echo ab >expect &&
	test_cmp expect out &&
	grep -q "^tpl/miss.mustache: warning: partial .nothere. not found" err
'

test_expect_success 'parse errors are FILE:line:col: error: ..., exit 1' '
	printf "ok\n{{#nodes}}\n  {{name}}\n" >tpl/unclosed.mustache &&
	test_must_fail --exit=1 "$CLUSTERCTL" template tpl/unclosed.mustache 2>err &&
	echo "tpl/unclosed.mustache:4:1: error: unclosed section '"'"'nodes'"'"' opened at 2:1" >expect &&
	test_cmp expect err &&
	printf "{{#a}}\n {{/b}}\n" >tpl/mismatch.mustache &&
	test_must_fail --exit=1 "$CLUSTERCTL" template tpl/mismatch.mustache 2>err &&
	grep -q "^tpl/mismatch.mustache:2:2: error: mismatched closing tag .b.: section .a. opened at 1:1 is still open$" err
'

test_expect_success 'an error inside a partial names the partial file and the include' '
	printf "x\n  {{> broken}}\n" >tpl/inc.mustache &&
	printf "{{#open}}\n" >tpl/broken.mustache &&
	test_must_fail --exit=1 "$CLUSTERCTL" template tpl/inc.mustache >out 2>err &&
	cat >expect <<-\EOF &&
	tpl/broken.mustache:2:1: error: unclosed section '"'"'open'"'"' opened at 1:1
	tpl/inc.mustache:2:3: note: partial '"'"'broken'"'"' included here
	EOF
	test_cmp expect err
'

test_expect_success 'partial names with / or .. are refused' '
	echo secret >outside &&
	printf "[{{> ../outside}}]" >tpl/escape.mustache &&
	test_must_fail --exit=1 "$CLUSTERCTL" template tpl/escape.mustache >out 2>err &&
	grep -q "partial name .\.\./outside. refused" err &&
	! grep -q secret out &&
	printf "[{{> /etc/passwd}}]" >tpl/abs.mustache &&
	test_must_fail --exit=1 "$CLUSTERCTL" template tpl/abs.mustache 2>err &&
	grep -q "partial name ./etc/passwd. refused" err
'

test_expect_success 'bad JSON data is reported with its line and column' '
	printf "{\"a\": 1,\n  \"b\": }\n" >bad.json &&
	test_must_fail --exit=1 "$CLUSTERCTL" template tpl/header.mustache --data bad.json 2>err &&
	grep -q "^bad.json:2:[0-9]*: error: bad JSON: " err
'

test_expect_success 'unreadable template or data exit 1' '
	test_must_fail --exit=1 "$CLUSTERCTL" template nothere.mustache 2>err &&
	grep -q "cannot read .nothere.mustache." err &&
	test_must_fail --exit=1 "$CLUSTERCTL" template tpl/header.mustache --data nothere.json 2>err &&
	grep -q "cannot read .nothere.json." err
'

test_expect_success 'usage errors exit 64, --help exits 0' '
	test_must_fail --exit=64 "$CLUSTERCTL" template 2>err &&
	grep -q "^usage: clusterctl template FILE" err &&
	test_must_fail --exit=64 "$CLUSTERCTL" template a b 2>err &&
	test_must_fail --exit=64 "$CLUSTERCTL" template --bogus a 2>err &&
	"$CLUSTERCTL" template --help >out &&
	grep -q "^usage: clusterctl template FILE" out
'

test_done
