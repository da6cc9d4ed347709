#!/bin/sh
# compose.sh BASE.yaml OTHER.yaml: BASE's cluster, hosts, database and
# partitions with OTHER's qos:, accounts: and users: sections (the accounting
# part of any inventory, seeded into the lab cluster). Partition QoS
# references are dropped: OTHER need not define them.
base=$1 other=$2
awk '/^(qos|accounts|users):/ { skip = 1; next }
     /^[a-z_]+:/ { skip = 0 }
     !skip' "$base" | sed -e 's/, *qos: *[a-z0-9_]*}/}/'
awk '/^(qos|accounts|users):/ { keep = 1; print; next }
     /^[a-z_]+:/ { keep = 0 }
     keep' "$other"
