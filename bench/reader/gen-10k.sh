#!/bin/sh
# gen-10k.sh DIR [N]: a slurm.conf of N (10000) nodes in the style large
# sites write (one NodeName= line per node with its address, DEFAULT
# lines, 40 settings, partitions by hostlist), and a gres.conf with one
# line per GPU node.
set -e
dir=$1 n=${2:-10000}
mkdir -p "$dir"
awk -v n="$n" 'BEGIN {
	print "ClusterName=big"
	print "SlurmctldHost=head(10.0.0.1)"
	print "SlurmctldHost=head2(10.0.0.2)"
	print "AccountingStorageType=accounting_storage/slurmdbd"
	print "AccountingStorageHost=head"
	for (i = 0; i < 36; i++)
		printf "SchedulerParameter%d=x\n", i
	print "NodeName=DEFAULT CPUs=128 RealMemory=515000 Features=cpu State=UNKNOWN"
	for (i = 1; i <= n; i++) {
		if (i == n / 2 + 1)
			print "NodeName=DEFAULT CPUs=64 Gres=gpu:a100:4 Features=gpu"
		printf "NodeName=n%05d NodeAddr=10.%d.%d.%d\n", i, int(i / 65536) + 1,
			int(i / 256) % 256, i % 256
	}
	printf "PartitionName=DEFAULT MaxTime=2-00:00:00\n"
	printf "PartitionName=cpu Nodes=n[00001-%05d] Default=YES\n", n / 2
	printf "PartitionName=gpu Nodes=n[%05d-%05d]\n", n / 2 + 1, n
}' | sed 's/^SchedulerParameter\([0-9]*\)=x/SlurmctldParameters=p\1/' >"$dir/slurm.conf"
awk -v n="$n" 'BEGIN {
	print "AutoDetect=off"
	printf "NodeName=n[%05d-%05d] Name=gpu Type=a100 File=/dev/nvidia[0-3]\n", n / 2 + 1, n
}' >"$dir/gres.conf"
