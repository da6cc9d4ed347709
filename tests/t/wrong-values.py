#!/usr/bin/env python3
"""wrong-values.py: one case of tests/data/wrong-values/corpus.tsv made into
what t1540-wrong-values.sh feeds to validate and to the daemons.

    wrong-values.py BASE.yaml WHERE KEY VALUE OUTDIR

BASE.yaml is the two-host lab inventory (ctl, gpu01) that lab_two_hosts
writes. VALUE may hold \\uXXXX escapes (invisible characters stay visible in
the corpus). Writes in OUTDIR:
  case.yaml    BASE with the case's value
  case.line    the line of case.yaml that holds the value (0: none)
  ctl.sh       shell run in host ctl: the same value in its rendered files
  gpu01.sh     the same in host gpu01
  daemons      the daemons that read it, in start order: ctld, d, dbd

WHERE is where the value goes: conf (cluster.slurm_conf), cgroup
(cluster.cgroup_conf), dbd (cluster.slurmdbd_conf), node (the node type's
extra: NodeName= lines), part (partition debug's extra: its PartitionName=
line), or inv: KEY names what the model renders from an inventory key
(default_time, nodes, memory, gpu_files, host_name, partition_name).
"""
import re
import shlex
import sys

CONF = "/etc/slurm/"


def yq(value):
    """value as a YAML double-quoted scalar"""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def append(path, line):
    return "printf '%%s\\n' %s >>%s\n" % (shlex.quote(line), CONF + path)


def sed(path, expr):
    return "sed -i %s %s\n" % (shlex.quote(expr), CONF + path)


def sed_repl(text):
    """text for the replacement side of a sed s|||"""
    return text.replace("\\", "\\\\").replace("&", "\\&").replace("|", "\\|")


def insert_after(text, anchor, lines):
    i = text.index(anchor) + len(anchor)
    return text[:i] + "".join(l + "\n" for l in lines) + text[i:]


def block_key(text, block, key, value):
    """key: value in the block mapping that starts with line `block`"""
    line = "    %s: %s" % (key, yq(value))
    start = text.index(block + "\n") + len(block) + 1
    end = start
    while text[end:].startswith("    "):
        end = text.index("\n", end) + 1
    body = text[start:end]
    m = re.search(r"^    %s:.*\n" % re.escape(key), body, re.I | re.M)
    if m:
        body = body[:m.start()] + line + "\n" + body[m.end():]
    else:
        body += line + "\n"
    return text[:start] + body + text[end:]


def passthrough(base, where, key, value):
    slurm_line = "%s=%s" % (key, value)
    if where == "conf":
        text = block_key(base, "  slurm_conf:", key, value)
        edits = {h: append("slurm.conf", slurm_line) for h in ("ctl", "gpu01")}
        return text, edits, "ctld d"
    if where == "cgroup":
        return (block_key(base, "  cgroup_conf:", key, value),
                {"gpu01": append("cgroup.conf", slurm_line)}, "d")
    if where == "dbd":
        return (block_key(base, "  slurmdbd_conf:", key, value),
                {"ctl": append("slurmdbd.conf", slurm_line)}, "dbd")
    if where == "node":
        text = insert_after(base, "    features: [fake]\n",
                            ["    extra: {%s: %s}" % (key, yq(value))])
        e = sed("slurm.conf", "/^NodeName=/s|$| %s|" % sed_repl(slurm_line))
        return text, {"ctl": e, "gpu01": e}, "ctld d"
    if where == "part":
        old = "priority_tier: 2}"
        text = base.replace(old, "priority_tier: 2, extra: {%s: %s}}" % (key, yq(value)), 1)
        e = sed("slurm.conf", "/^PartitionName=debug /s|$| %s|" % sed_repl(slurm_line))
        return text, {"ctl": e, "gpu01": e}, "ctld d"
    raise SystemExit("unknown WHERE %s" % where)


def modelled(base, key, value):
    """what the model renders from an inventory key: the inventory, the files"""
    both = ("ctl", "gpu01")
    if key == "default_time":
        text = base.replace('max_time: "00:30:00"', 'max_time: "00:30:00", default_time: %s' % yq(value), 1)
        e = sed("slurm.conf", "/^PartitionName=debug /s|$| DefaultTime=%s|" % sed_repl(value))
        return text, {h: e for h in both}, "ctld d"
    if key == "nodes":
        text = base.replace('{name: debug, nodes: "gpu01"', "{name: debug, nodes: %s" % yq(value), 1)
        e = sed("slurm.conf", "s|^\\(PartitionName=debug\\) Nodes=[^ ]*|\\1|")
        return text, {h: e for h in both}, "ctld d"
    if key == "memory":
        text = base.replace("memory_mb: 2000", "memory: %s" % yq(value), 1)
        e = sed("slurm.conf", "s| RealMemory=[0-9]*||")
        return text, {h: e for h in both}, "ctld d"
    if key == "gpu_files":
        old = 'gpus: {type: fake, count: 2, files: "/dev/tty[1-2]"}'
        new = ('gpus: [{type: fake, count: 2, files: "/dev/tty[1-2]"}, '
               '{type: other, count: 1, files: %s}]' % yq(value))
        e = sed("slurm.conf", "s|Gres=gpu:fake:2|Gres=gpu:fake:2,gpu:other:1|")
        g = e + append("gres.conf", "NodeName=gpu01 Name=gpu Type=other File=" + value)
        return base.replace(old, new, 1), {"ctl": e, "gpu01": g}, "ctld d"
    if key == "host_name":
        text = insert_after(base, "\nhosts:\n", [
            "  - {names: %s, address: 127.0.0.99, type: fake2, roles: [compute], "
            "managed: false}" % yq(value)])
        e = ("sed -n 's|^NodeName=gpu01 NodeAddr=[^ ]*|NodeName=%s NodeAddr=127.0.0.99|p' "
             "%sslurm.conf >>%sslurm.conf\n" % (sed_repl(value), CONF, CONF))
        return text, {h: e for h in both}, "ctld d"
    if key == "partition_name":
        text = base.replace("{name: debug,", "{name: %s," % yq(value), 1)
        e = sed("slurm.conf", "s|^PartitionName=debug |PartitionName=%s |" % sed_repl(value))
        return text, {h: e for h in both}, "ctld d"
    raise SystemExit("unknown inventory key %s" % key)


def main():
    base_path, where, key, value, out = sys.argv[1:6]
    value = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value)
    base = open(base_path, encoding="utf-8").read()
    if where == "inv":
        text, edits, daemons = modelled(base, key, value)
        needle = value
    else:
        text, edits, daemons = passthrough(base, where, key, value)
        needle = yq(value)
    if text == base:
        raise SystemExit("case %s %s: the inventory did not change" % (where, key))
    line = 0
    if needle:
        for n, l in enumerate(text.splitlines(), 1):
            if needle in l and l not in base.splitlines():
                line = n
                break
    with open(out + "/case.yaml", "w", encoding="utf-8") as f:
        f.write(text)
    with open(out + "/case.line", "w") as f:
        f.write("%d\n" % line)
    for h in ("ctl", "gpu01"):
        with open("%s/%s.sh" % (out, h), "w", encoding="utf-8") as f:
            f.write(edits.get(h, ""))
    with open(out + "/daemons", "w") as f:
        f.write(daemons + "\n")


main()
