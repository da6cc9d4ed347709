#!/bin/sh
# t0300-review-ci: the CI examples of docs/ci run. Each example's review
# script is read out of its YAML as the CI reads it (GitLab's job
# script:, the GitHub workflow's "validate, diff, comment" step with its
# env:) and run the way that CI runs it (bash -e; bash -eo pipefail) in a
# fresh git repository with a base commit and a head commit, the base
# named as that CI names it (CI_MERGE_REQUEST_DIFF_BASE_SHA; the
# pull_request event's base.sha). The posting step is replaced by the
# examples' own CLUSTERCTL_COMMENT_FILE: the comment body lands in a file,
# and the test asserts it and the job's exit code:
#   - the issue's example (one MaxTime change, one node added): exit 0,
#     the comment has the settings, what each needs and no repeated hunk;
#   - HEAD invalid: exit 3, the comment has validate's error;
#   - HEAD takes capacity away: exit 4, the comment names the loss;
#   - nothing changes: exit 0, "no change".
# No daemon is needed.
. "$(dirname "$0")/test-lib.sh"

command -v git >/dev/null || test_skip_or_die "git is not installed"
python3 -c "import yaml" 2>/dev/null ||
	test_skip_or_die "python3-yaml is not installed (scripts/install-deps.sh)"

# clusterctl on PATH, as the examples' install step leaves it
mkdir bin && ln -s "$CLUSTERCTL" bin/clusterctl
mkdir home

# script NAME: the review script of example NAME, and its CI's environment
# (KEY=VALUE lines; ${{ }} of the GitHub step resolved for commit $2).
python3 - "$TOP/docs/ci" <<'EOF'
import sys, yaml
d = sys.argv[1]
gl = yaml.safe_load(open(d + "/gitlab-ci.yml"))["clusterctl-review"]
open("gitlab.sh", "w").write("\n".join(gl["script"]) + "\n")
open("gitlab.env", "w").write("".join("%s=%s\n" % kv for kv in gl["variables"].items()))
gh = yaml.safe_load(open(d + "/github-workflow.yml"))["jobs"]["review"]
step = [s for s in gh["steps"] if s.get("name") == "validate, diff, comment"][0]
assert step.get("shell") == "bash", step
open("github.sh", "w").write(step["run"])
open("github.env", "w").write("".join("%s=%s\n" % kv for kv in step["env"].items()))
EOF
test -s gitlab.sh && test -s github.sh || { echo "Bail out! cannot read docs/ci"; exit 1; }

# repo: a fresh repository, inventories/site.yaml = lab.yaml at its base
# commit; commit MSG SED...: the next commit with site.yaml edited by SED
git init -q repo
git -C repo config user.name test && git -C repo config user.email test@example.com
mkdir repo/inventories && cp "$TOP/inventories/lab.yaml" repo/inventories/site.yaml
git -C repo add . && git -C repo commit -qm base
BASE=$(git -C repo rev-parse HEAD)
commit() {
	msg=$1; shift
	git -C repo checkout -q "$BASE" && git -C repo checkout -q -B mr &&
	sed -i "$@" repo/inventories/site.yaml && git -C repo commit -qam "$msg"
}

# run CI: that CI's script on the repository's head, as it runs it; $rc
run() {
	rm -f comment.md
	env_file=$TRASH/$1.env
	(
		cd repo &&
		while IFS='=' read -r k v; do
			case $v in
			*github.event.pull_request.base.sha*) v=$BASE ;;
			*github.event.pull_request.number*) v=7 ;;
			*'${{'*) v=unused ;;
			esac
			export "$k=$v"
		done <"$env_file" &&
		export HOME="$TRASH/home" PATH="$TRASH/bin:$PATH" GITHUB_REPOSITORY=site/cluster \
			CI_MERGE_REQUEST_DIFF_BASE_SHA=$BASE CLUSTERCTL_COMMENT_FILE="$TRASH/comment.md" &&
		case $1 in
		gitlab) bash -e "$TRASH/gitlab.sh" ;;
		github) bash --noprofile --norc -eo pipefail "$TRASH/github.sh" ;;
		esac
	) >out 2>&1
	rc=$?
}

for ci in gitlab github; do

test_expect_success "$ci: the example (MaxTime, one node) is a comment, exit 0" '
	commit "maxtime and gpu04" -e "s/max_time: \"1-00:00:00\",\$/max_time: \"2-00:00:00\",/" \
		-e "s/\"gpu\[01-03\]\", addresses: \"127.0.10.\[2-4\]\"/\"gpu[01-04]\", addresses: \"127.0.10.[2-5]\"/" \
		-e "s/nodes: \"gpu\[01-03\]\"/nodes: \"gpu[01-04]\"/g" &&
	run '$ci' && cat out &&
	test "$rc" = 0 &&
	grep -q "^### clusterctl diff: cluster \`lab\`, Slurm 22.05\$" comment.md &&
	grep -q "^\`$BASE:inventories/site.yaml\` → \`inventories/site.yaml\`" comment.md &&
	grep -qx -- "- \`+ host gpu04: type fake2; roles compute\`" comment.md &&
	grep -qx -- "- \`partition gpu: MaxTime 1-00:00:00 -> 2-00:00:00\`: reconfigure" comment.md &&
	grep -q -- "^- \`gpu04: new node: .*\`: restart slurmctld, slurmd\$" comment.md &&
	grep -q "^<details><summary><code>ctl,gpu\[01-03\]</code>: 1 file, 4 settings" comment.md &&
	grep -q "^<details><summary><code>ctl</code>: 1 file, 1 setting" comment.md &&
	test "$(grep -c "^+PartitionName=gpu " comment.md)" = 1 &&
	test "$(grep -c "^@@ " comment.md)" = 3 &&
	grep -qx "no loss" comment.md
'

test_expect_success "$ci: HEAD invalid: validate's error is the comment, exit 3" '
	commit "typo" -e "s/^  slurm_version:/  slurm_versoin:/" &&
	run '$ci' &&
	test "$rc" = 3 &&
	grep -q "^### clusterctl: \`inventories/site.yaml\` is not valid\$" comment.md &&
	grep -q "inventories/site.yaml:[0-9]*:[0-9]*: error: unknown key .slurm_versoin." comment.md
'

test_expect_success "$ci: HEAD takes capacity away: the comment names it, exit 4" '
	commit "gpu03 gone" \
		-e "s/\"gpu\[01-03\]\", addresses: \"127.0.10.\[2-4\]\"/\"gpu[01-02]\", addresses: \"127.0.10.[2-3]\"/" \
		-e "s/nodes: \"gpu\[01-03\]\"/nodes: \"gpu[01-02]\"/g" &&
	run '$ci' &&
	test "$rc" = 4 &&
	grep -qx -- "- \*\*lost\*\*: \`node gpu03 removed\`" comment.md &&
	grep -qx -- "- \`- host gpu03: type fake2; roles compute\`" comment.md
'

test_expect_success "$ci: nothing changes: no change, exit 0" '
	commit "comment only" -e "1s/^/# a comment\\n/" &&
	run '$ci' &&
	test "$rc" = 0 &&
	grep -q "^\*\*no change\*\*\$" comment.md
'

done

test_expect_success 'the examples post only where CLUSTERCTL_COMMENT_FILE is unset' '
	grep -q "if \[ -n \"\${CLUSTERCTL_COMMENT_FILE:-}\" \]" gitlab.sh &&
	grep -q "merge_requests/\$CI_MERGE_REQUEST_IID/notes" gitlab.sh &&
	grep -q "if \[ -n \"\${CLUSTERCTL_COMMENT_FILE:-}\" \]" github.sh &&
	grep -q "gh pr comment" github.sh
'

test_done
