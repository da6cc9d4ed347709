#!/bin/sh
# t6011-site-skynet-sacctmgr: skynet as t6010, with database.method
# sacctmgr (what the lab uses on Slurm 24.11): from nothing, the partition
# QoS 'debug' exists only once sacctmgr added it, so apply must start
# slurmctld after the accounting phase, not before (slurmctld exits on a
# partition QOS it cannot find).
. "$(dirname "$0")/test-lib.sh"
. "$TOP/tests/t/lib-lab.sh"
. "$TOP/tests/t/lib-site.sh"

LAB_ACCT_METHOD=sacctmgr
export LAB_ACCT_METHOD
site_test skynet
test_done
