#!/usr/bin/env python3
"""reform.py KIND < FILE > FILE: the same Slurm config in another form, for
t4010-plan-meaning: comments added, keys in another case with blanks around
'=', slurm.conf nodes through a NodeName=DEFAULT line and a partition split
over a continuation line, gres.conf File= ranges as one line per device.
KIND: slurm.conf or gres.conf. A test helper, not installed."""
import re
import sys


def words(line):
    return [w.split('=', 1) for w in line.split()]


def slurm_conf(lines):
    out = ['# rewritten by hand: the same cluster in a site\'s style', '']
    nodes = [words(l) for l in lines if l.startswith('NodeName=')]
    common = None
    for n in nodes:
        kv = dict((k, v) for k, v in n[1:])
        common = kv if common is None else \
            {k: v for k, v in common.items() if kv.get(k) == v}
    for l in lines:
        if l.startswith('NodeName='):
            if common is not None:
                out.append('NodeName=DEFAULT ' +
                           ' '.join('='.join(kv) for kv in common.items()))
                common = None
            w = words(l)
            out.append(' '.join('='.join((k, v)) for k, v in w
                                if k == 'NodeName' or k not in nodes_common))
        elif l.startswith('PartitionName='):
            w = words(l)
            out.append(' '.join('='.join(kv) for kv in w[:2]) + ' \\')
            out.append('    ' + ' '.join('='.join(kv) for kv in w[2:]) +
                       '   # limits')
        elif '=' in l:
            k, v = l.split('=', 1)
            out.append('%s = %s' % (k.lower(), v))
    return out


def gres_conf(lines):
    out = ['# one line per GPU']
    for l in lines:
        m = re.search(r'File=(\S*)\[(\d+)-(\d+)\]', l)
        if not m:
            out.append(l)
            continue
        for i in range(int(m.group(2)), int(m.group(3)) + 1):
            one = l[:m.start()] + 'File=%s%d' % (m.group(1), i) + l[m.end():]
            out.append(re.sub(r'(\w+)=', lambda k: k.group(1).lower() + '=',
                              one))
    return out


text = [l for l in (x.split('#', 1)[0].strip()
                    for x in sys.stdin.read().splitlines()) if l]
nodes_common = set()
if sys.argv[1] == 'slurm.conf':
    ns = [dict((k, v) for k, v in words(l)[1:])
          for l in text if l.startswith('NodeName=')]
    if ns:
        nodes_common = {k for k, v in ns[0].items()
                        if all(n.get(k) == v for n in ns)}
    res = slurm_conf(text)
else:
    res = gres_conf(text)
print('\n'.join(res))
