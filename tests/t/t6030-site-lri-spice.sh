#!/bin/sh
# t6030-site-lri-spice: inventories/lri-spice.yaml as a running cluster on the lab
# (make demo SITE=lri-spice): a real apply from nothing with
# inventories/lab/lri-spice.overlay.yaml on top, an empty second plan, and every
# check of scripts/site-checks/lri-spice.sh (the site guide) on live Slurm;
# then the same from nothing seeded by the sacctmgr method, staged as an
# admin must (the partition QoS 'default' limits gres/gpu, which slurmctld
# registers only once it runs): the guide's checks, its GPU-QoS job
# outcomes (a 5th GPU held by the partition QoS, preemption), end alike.
# gpu[04-06] are declared only (managed: false): never contacted.
# slurm-releases: 22.05 24.11 26.05 (accounting by the site's method, auto: from nothing that is sql on all three)
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-site.sh"

site_seeds_test lri-spice

# the lab runs four of the seven GPU nodes: the plan names the other three
# (managed: false in the overlay) and counts only the five hosts it reaches;
# an apply that contacted them would have failed above (no sshd there)
test_expect_success 'lri-spice: the plan names gpu[04-06] as not managed, counts 5 hosts' '
	grep "^not managed: gpu\[04-06\] (managed: false" "$TRASH/site.out" &&
	grep "^plan: no changes ([0-9]* files on 5 hosts checked)" "$TRASH/site.out"
'
test_done
