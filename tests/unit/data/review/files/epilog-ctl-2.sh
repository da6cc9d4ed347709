#!/bin/sh
# epilog for ctl
logger "epilog step 1"
logger "epilog step 2"
logger "epilog step 3"
logger "epilog step 4"
logger "epilog step 5"
logger "epilog step 6"
logger "epilog step 7"
logger "epilog step 8"
rm -rf "/tmp/job.$SLURM_JOB_ID"
exit 0
