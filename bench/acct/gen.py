#!/usr/bin/env python3
"""gen.py USERS ACCOUNTS: the qos:, accounts: and users: sections of a large
inventory: GPU QoS gpu1/gpu2/gpu4/gpu8 (MaxTRESPerUser gres/gpu=N), ACCOUNTS
accounts (a tenth of them top level, the rest spread under those), USERS
users each in one leaf account (every tenth user in a second one) with an
explicit QoS list. Deterministic."""
import sys

users, accounts = int(sys.argv[1]), int(sys.argv[2])
top = max(1, accounts // 10)
print("qos:")
print("  - {name: normal, description: normal, priority: 0}")
for n in (1, 2, 4, 8):
    print("  - {name: gpu%d, description: up to %d GPUs per user, priority: %d,"
          " max_tres_per_user: {gres/gpu: %d}, max_wall: \"2-00:00:00\"}" % (n, n, 10 * n, n))
print("accounts:")
leaves = []
per = (accounts - top) // top
extra = (accounts - top) % top
for t in range(top):
    print("  - name: dept%03d" % t)
    print("    description: Department %d" % t)
    print("    organization: campus")
    kids = per + (1 if t < extra else 0)
    if kids:
        print("    children:")
    for k in range(kids):
        name = "grp%03d_%02d" % (t, k)
        leaves.append(name)
        print("      - {name: %s, fairshare: %d, grp_tres: {gres/gpu: %d}, qos: [normal, gpu1, gpu2, gpu4, gpu8]}"
              % (name, 1 + k % 5, 8 + k % 3 * 8))
if not leaves:
    leaves = ["dept%03d" % t for t in range(top)]
print("users:")
for u in range(users):
    accts = [leaves[u % len(leaves)]]
    if u % 10 == 0 and len(leaves) > 1:
        accts.append(leaves[(u + 1) % len(leaves)])
    q = "gpu%d" % (1, 2, 4, 8)[u % 4]
    print("  - {name: u%05d, accounts: [%s], qos: [normal, %s], default_qos: normal}"
          % (u, ", ".join(accts), q))
