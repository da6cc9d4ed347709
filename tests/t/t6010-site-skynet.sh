#!/bin/sh
# t6010-site-skynet: inventories/skynet.yaml as a running cluster on the lab
# (make demo SITE=skynet): a real apply from nothing with
# inventories/lab/skynet.overlay.yaml on top, an empty second plan, and every
# check of scripts/site-checks/skynet.sh (the site guide) on live Slurm;
# then the same from nothing seeded by the sacctmgr method, staged as an
# admin must (debug's partition QoS limits gres/gpu, which slurmctld
# registers only once it runs): the guide's checks, its GPU-QoS job
# outcomes (the 5-GPU cap, preemption, GPU types), end alike.
# slurm-releases: 22.05 24.11 26.05 (accounting by the site's method, auto: from nothing that is sql on all three)
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-site.sh"

site_seeds_test skynet
test_done
