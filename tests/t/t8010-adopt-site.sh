#!/bin/sh
# slurm-releases: 22.05 24.11 26.05
# t8010-adopt-site: t8000 with the gres.conf most hand-made sites write:
# AutoDetect=off and a line per GPU without NodeName=, the same file on
# every host (each slurmd takes the lines for itself). Issue 30's proof:
# one import cluster and apply change no setting, restart no daemon, need
# no hand edit and take under 10 s; a GPU job runs; the next plan is empty.
ADOPT_GRES=global
. "$(dirname "$0")/t8000-adopt.sh"
