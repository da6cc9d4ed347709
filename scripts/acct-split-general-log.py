#!/usr/bin/env python3
"""acct-split-general-log.py GENERAL_LOG OUTDIR COMMANDS_TSV

Cuts a MariaDB general query log into one file per captured command.
scripts/acct-capture-sql.sh brackets each command with two marker queries
from its own root client, "SELECT 'CAPMARK <name> BEGIN'" and "... END";
every statement of the other connections between the two markers goes, in
log order, into OUTDIR/<name>.sql under a header naming the command (from
COMMANDS_TSV: name, description, exit status, output). Nothing is filtered:
reads, writes and transaction control are all there, as slurmdbd sent them.
"""
import re
import sys

HEAD = re.compile(r'^(?:\d{6}\s+\d{1,2}:\d\d:\d\d)?\s+(\d+)\s+([A-Z][a-z]+(?: [A-Za-z]+)?)\t(.*)$')
MARK = re.compile(r"SELECT 'CAPMARK (\S+) (BEGIN|END)'")


def entries(path):
    out = []
    with open(path, encoding='utf-8', errors='replace') as fh:
        for line in fh:
            line = line.rstrip('\n')
            m = HEAD.match(line)
            if m:
                out.append([int(m.group(1)), m.group(2), m.group(3)])
            elif out and not line.startswith(('Tcp port:', 'Time ', 'Time\t')) \
                    and 'started with:' not in line:
                out[-1][2] += '\n' + line
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    log, outdir, tsv = sys.argv[1:]
    cmds = {}
    order = []
    with open(tsv) as fh:
        for line in fh:
            f = line.rstrip('\n').split('\t')
            cmds[f[0]] = f[1:]
            order.append(f[0])
    ents = entries(log)
    marker = {tid for tid, cmd, arg in ents if MARK.search(arg)}
    cur = None
    got = {n: [] for n in order}
    for tid, cmd, arg in ents:
        m = MARK.search(arg)
        if m:
            cur = m.group(1) if m.group(2) == 'BEGIN' else None
            continue
        if cur is None or tid in marker or cur not in got:
            continue
        if cmd == 'Query':
            got[cur].append('-- [%d]\n%s;' % (tid, arg.strip()))
        elif cmd in ('Connect', 'Quit'):
            got[cur].append('-- [%d] %s %s' % (tid, cmd, arg.strip()))
    for n in order:
        descr, rc = (cmds[n] + ['', ''])[:2]
        with open('%s/%s.sql' % (outdir, n), 'w') as fh:
            fh.write('-- %s\n-- exit status %s\n-- [N] is the MariaDB connection id\n\n'
                     % (descr, rc or '-'))
            fh.write('\n'.join(got[n]) + '\n')


if __name__ == '__main__':
    main()
