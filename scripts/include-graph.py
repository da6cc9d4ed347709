#!/usr/bin/env python3
"""include-graph.py [--floors] [SRC_DIR]: the module graph of src/ from
its `#include "..."` lines; prints the include cycles and the upward
dependencies, then one line "include-graph: N cycles, N upward". With
--floors, prints the modules of each floor instead.

A module is one .c file. Module A depends on module B when A.c includes
(directly or through another header) a header that declares a function B.c defines and A.c names it
(universal-ctags finds declarations and definitions), so a private header
shared by two .c files (validate_priv.h) makes each depend on the other
when each calls the other's functions; a header that declares no function
(compat.h, acct_state.h) is a module of its own. A cycle is a strongly connected set of modules; an
upward dependency is an edge from a module to one on a higher floor
(FLOORS below, the floors of docs/architecture.md). Exit status 1 when a
module has no floor.
"""
import os
import re
import subprocess
import sys

# floor of each module (first matching prefix wins): lower floors never
# need higher ones
FLOORS = [
    (0, 'base', ['compat', 'die', 'xalloc', 'strbuf', 'sha256', 'diff',
                 'hostlist', 'diag', 'yamlout', 'embedded', 'version',
                 'pathtrust', 'fileio']),
    (1, 'model', ['model', 'slurmkeys', 'slurmconf', 'slurmread', 'sitecomments',
               'slurmdiff', 'mungekey']),
    (2, 'inventory', ['inventory', 'overlay', 'validate', 'yaml_splice',
                      'add_user_req']),
    (3, 'render', ['render', 'view', 'tmpl']),
    (4, 'reach', ['transport', 'exec', 'hosttarget', 'lock', 'db']),
    (5, 'observe', ['obs', 'observe', 'hwtruth', 'capacity', 'acct_observe', 'acct_idmap',
                    'acct_obj', 'acct_value', 'acct_state',
                    'acct_db', 'acct_nset', 'acct_convert', 'acct_remote',
                    'import']),
    (6, 'decide', ['plan', 'acct_plan', 'acct_dump', 'acct_desired', 'acct_print',
                   'acct_sacctmgr', 'acct']),
    # the lock, the observation round handed to decide, the verify round
    (7, 'session', ['session']),
    # the sql writer and the read-back after writing act on the database
    (8, 'act', ['apply', 'keeporig', 'acct_apply', 'acct_sql', 'acct_sqlw', 'acct_dbd', 'acct_batch',
                'acct_readback']),
    (9, 'command', ['cmd', 'main']),
]


def floor_of(mod):
    best = None
    for n, _, prefixes in FLOORS:
        for p in prefixes:
            if (mod == p or mod.startswith(p + '_')) and \
                    (best is None or len(p) > best[1]):
                best = (n, len(p))
    return best[0] if best else None


def tags(paths, kinds):
    out = subprocess.run(['ctags', '-x', '--c-kinds=' + kinds,
                          '--language-force=C'] + paths,
                         capture_output=True, text=True, check=True).stdout
    res = []
    for line in out.splitlines():
        f = line.split()
        res.append((f[0], f[3]))
    return res


def main():
    args = sys.argv[1:]
    floors = args[:1] == ['--floors']
    if floors:
        args = args[1:]
    src = args[0] if args else 'src'
    files = sorted(f for f in os.listdir(src) if f.endswith(('.c', '.h')))
    if floors:
        return print_floors(files)
    cfiles = [f for f in files if f.endswith('.c')]
    defined = {}
    for name, path in tags([os.path.join(src, f) for f in cfiles], 'f'):
        defined.setdefault(name, set()).add(os.path.basename(path)[:-2])
    owners = {}
    for h in (f for f in files if f.endswith('.h')):
        own = set()
        for name, _ in tags([os.path.join(src, h)], 'p'):
            own |= defined.get(name, set())
        if h[:-2] + '.c' in cfiles:
            own.add(h[:-2])
        owners[h] = own or {h[:-2]}
    inc = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
    declared = {}
    for h in owners:
        for name, _ in tags([os.path.join(src, h)], 'p'):
            declared.setdefault(h, set()).add(name)
    word = re.compile(r'[A-Za-z_][A-Za-z0-9_]*')
    includes = {}
    for f in files:
        with open(os.path.join(src, f)) as fh:
            includes[f] = [m.group(1) for m in map(inc.match, fh)
                           if m and m.group(1) in owners]
    comment = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"', re.S)
    edges = {}
    for f in cfiles:
        a = f[:-2]
        text = open(os.path.join(src, f)).read()
        used = set(word.findall(comment.sub(' ', text)))
        seen, todo = set(), list(includes[f])
        while todo:		# what f sees: its includes and theirs
            h = todo.pop()
            if h not in seen:
                seen.add(h)
                todo += includes[h]
        for h in seen:
            # a function header: the modules whose functions a uses; a
            # header of types alone, included by f itself: that header
            if h in declared:
                bs = set()
                for name in declared[h] & used:
                    bs |= defined.get(name, set())
            else:
                bs = owners[h] if h in includes[f] else set()
            for b in bs - {a}:
                edges.setdefault(a, set()).add(b)
    nodes = sorted(set(edges) | {b for s in edges.values() for b in s} |
                   {f[:-2] for f in cfiles})
    cycles = sccs(nodes, edges)
    for c in cycles:
        print('cycle: ' + ' '.join(sorted(c)))
    unplaced = [n for n in nodes if floor_of(n) is None]
    for n in unplaced:
        print('no floor: ' + n)
    upward = 0
    for a in nodes:
        for b in sorted(edges.get(a, ())):
            fa, fb = floor_of(a), floor_of(b)
            if fa is not None and fb is not None and fb > fa:
                upward += 1
                print('upward: %s (%s) -> %s (%s)' %
                      (a, FLOORS[fa][1], b, FLOORS[fb][1]))
    print('include-graph: %d cycles, %d upward' % (len(cycles), upward))
    return 1 if unplaced else 0


def print_floors(files):
    by = {}
    for m in sorted({f[:-2] for f in files}):
        by.setdefault(floor_of(m), []).append(m)
    for n, name, _ in FLOORS:
        print('%d %s: %s' % (n, name, ' '.join(by.get(n, []))))
    for m in by.get(None, []):
        print('no floor: ' + m)
    return 1 if None in by else 0


def sccs(nodes, edges):
    """Tarjan's strongly connected components of more than one node."""
    index, low, stack, on, res = {}, {}, [], set(), []
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                res.append(comp)
    for v in nodes:
        if v not in index:
            visit(v)
    return res


if __name__ == '__main__':
    sys.exit(main())
