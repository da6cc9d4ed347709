#!/bin/sh
# t6040-site-gcp-g2: inventories/gcp-g2.yaml as a running cluster on the lab
# (make demo SITE=gcp-g2): a real apply from nothing with
# inventories/lab/gcp-g2.overlay.yaml on top, an empty second plan, and every
# check of scripts/site-checks/gcp-g2.sh (the site guide) on live Slurm.
# slurm-releases: 22.05 24.11 26.05 (accounting by the site's method, auto: from nothing that is sql on all three)
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-site.sh"

site_test gcp-g2
test_done
