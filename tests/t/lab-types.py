#!/usr/bin/env python3
# lab-types.py BASE OUT OVERRIDES HW TYPE01 TYPE02 TYPE03
# (the node types' YAML on stdin): the lab inventory BASE (lab.yaml made by
# lab.sh) with its node_types: replaced by stdin's and gpu[01-03] split into
# one host entry each, of TYPE01, TYPE02, TYPE03 in turn; config_overrides
# kept only when OVERRIDES is "yes". In stdin a line "    HW" is the
# hardware slurmd -C finds (its output in the file HW), "    HW+C+M" the same
# with C more cores per socket and M more MB of memory. Used by t4200 and
# t4210.
import re
import sys

base, out, overrides, hw, types = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:]
found = dict(re.findall(r"(\w+)=(\d+)", open(hw).read()))
sockets = int(found.get("Boards", 1)) * int(found["SocketsPerBoard"])
cores, threads, mem = (int(found[k]) for k in ("CoresPerSocket", "ThreadsPerCore", "RealMemory"))


def hw_lines(m):
    more_cores, more_mem = int(m.group(1) or 0), int(m.group(2) or 0)
    c = cores + more_cores
    return ("    cpus: %d\n    sockets: %d\n    cores_per_socket: %d\n"
            "    threads_per_core: %d\n    memory_mb: %d\n"
            % (sockets * c * threads, sockets, c, threads, mem + more_mem))


s = open(base).read()
if overrides != "yes":
    s = s.replace("    SlurmdParameters: config_overrides\n", "")
node_types = re.sub(r"    HW(?:\+(\d+)\+(\d+))?\n", hw_lines, sys.stdin.read())
s, n = re.subn(r"node_types:\n(  .*\n|    .*\n)*", lambda _: node_types, s)
assert n == 1, "node_types"
m = re.search(r'  - \{names: "gpu\[01-03\]", addresses: "([0-9.]+)\.\[2-4\]", type: fake2,\n'
              r' *roles: \[compute\], slurmd_port: (\d+)\}\n', s)
assert m, "hosts"
net, port = m.group(1), int(m.group(2))
hosts = "".join('  - {names: gpu%02d, address: %s.%d, type: %s, roles: [compute], '
                'slurmd_port: %d}\n' % (i + 1, net, i + 2, t, port + i)
                for i, t in enumerate(types))
open(out, "w").write(s[:m.start()] + hosts + s[m.end():])
