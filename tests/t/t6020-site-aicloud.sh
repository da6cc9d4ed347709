#!/bin/sh
# t6020-site-aicloud: inventories/aicloud.yaml as a running cluster on the lab
# (make demo SITE=aicloud): a real apply from nothing with
# inventories/lab/aicloud.overlay.yaml on top, an empty second plan, and every
# check of scripts/site-checks/aicloud.sh (the site guide) on live Slurm.
# slurm-releases: 22.05 24.11 (accounting by sql on 22.05, by sacctmgr on 24.11)
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-site.sh"

site_test aicloud
test_done
