#!/bin/sh
# t6020-site-aicloud: inventories/aicloud.yaml as a running cluster on the lab
# (make demo SITE=aicloud): a real apply from nothing with
# inventories/lab/aicloud.overlay.yaml on top, an empty second plan, and every
# check of scripts/site-checks/aicloud.sh (the site guide) on live Slurm;
# then the same from nothing seeded by the sacctmgr method (aicloud has no
# partition QoS, so slurmdbd can seed it after slurmctld registered
# gres/gpu): the guide's checks, its GPU-QoS job outcomes (MaxTRESPerUser,
# MaxWall, a 16-GPU job), end alike with either seed.
# slurm-releases: 22.05 24.11 26.05 (accounting by the site's method, auto: from nothing that is sql on all three)
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-site.sh"

site_seeds_test aicloud
test_done
