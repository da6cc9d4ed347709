#!/bin/sh
# t6030-site-lri-spice: inventories/lri-spice.yaml as a running cluster on the lab
# (make demo SITE=lri-spice): a real apply from nothing with
# inventories/lab/lri-spice.overlay.yaml on top, an empty second plan, and every
# check of scripts/site-checks/lri-spice.sh (the site guide) on live Slurm;
# then the same from nothing seeded by the sacctmgr method, staged as an
# admin must (the partition QoS 'default' limits gres/gpu, which slurmctld
# registers only once it runs): the guide's checks, its GPU-QoS job
# outcomes (a 5th GPU held by the partition QoS, preemption), end alike.
# slurm-releases: 22.05 24.11 (accounting by the site's method, auto: from nothing that is sql on both)
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-site.sh"

site_seeds_test lri-spice
test_done
