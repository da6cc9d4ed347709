#!/usr/bin/env python3
"""dbnorm.py CLUSTER SQLCMD...: prints the accounting tables of the database
reached by SQLCMD (a mariadb client command line reading SQL on stdin, e.g.
"scripts/lab.sh db-sql") with timestamps, ids and lft/rgt removed and QoS/TRES
ids replaced by names, rows sorted: two seeds of the same inventory must
print the same. With --nested it instead checks that lft/rgt of the cluster's
associations form a valid nested set consistent with parent_acct/acct and
prints "nested set ok" (exit 1 and the first problem otherwise). On Slurm
23.11+ (a lineage column), id_parent prints as the parent row's
acct/user/partition, and --nested also checks every live row's lineage and
id_parent against its parent row; rows with lft = rgt = 0 (new rows on a
cluster a 23.11+ slurmctld registered) are left out of the nested set, which
then says "lineage ok (N rows flat)"; from 25.05 (no lft/rgt columns) every
row is."""
import subprocess
import sys

DROP = {"creation_time", "mod_time", "id", "id_assoc", "lft", "rgt", "timestamp"}


def query(cmd, sql):
    out = subprocess.run(cmd + ["-B", "slurm_acct_db"], input=sql, text=True,
                         capture_output=True, check=True).stdout
    lines = out.rstrip("\n").split("\n") if out.strip() else []
    if not lines:
        return [], []
    head = lines[0].split("\t")
    return head, [dict(zip(head, l.split("\t"))) for l in lines[1:]]


def idlist(s, names):
    parts = [p for p in s.split(",") if p]
    out = []
    for p in parts:
        sign = p[0] if p[0] in "+-" else ""
        i = p[len(sign):]
        out.append(sign + names.get(i, "#" + i))
    return ",".join(sorted(out))


def tres(s, names):
    parts = [p.split("=", 1) for p in s.split(",") if "=" in p]
    return ",".join(sorted(names.get(k, "#" + k) + "=" + v for k, v in parts))


def dump(cluster, cmd):
    _, q = query(cmd, "select id, name from qos_table")
    qn = {r["id"]: r["name"] for r in q}
    _, t = query(cmd, "select id, type, name from tres_table")
    tn = {r["id"]: r["type"] + ("/" + r["name"] if r["name"] else "") for r in t}
    tables = ["acct_table", "user_table", "acct_coord_table", "qos_table",
              "tres_table", "cluster_table", '"%s_assoc_table"' % cluster]
    for table in tables:
        head, rows = query(cmd, "set session sql_mode='ANSI_QUOTES'; select * from %s" % table)
        parent_of = {}
        if "id_parent" in head:
            parent_of = {r["id_assoc"]: "%s/%s/%s" % (r["acct"], r["user"], r["partition"])
                         for r in rows}
        keep = [h for h in head if h not in DROP and not h.startswith(("control_", "last_port",
                                                                      "rpc_", "dimensions", "plugin_", "flags"))
                or (table == "qos_table" and h == "flags")]
        out = []
        for r in rows:
            vals = []
            for h in keep:
                v = r[h]
                if h in ("qos", "delta_qos", "preempt"):
                    v = idlist(v, qn)
                elif h == "id_parent":
                    v = parent_of.get(v, "#" + v) if v != "0" else "0"
                elif h == "def_qos_id" and v != "NULL":
                    v = qn.get(v, "#" + v)
                elif "tres" in h and v not in ("", "NULL"):
                    v = tres(v, tn)
                vals.append("%s=%s" % (h, v))
            out.append(" ".join(vals))
        for line in sorted(out):
            print("%s: %s" % (table.strip('"'), line))


def lineage(rows):
    """None when every live row's lineage and id_parent follow its parent row."""
    live = [r for r in rows if r["deleted"] == "0"]
    by_id = {r["id_assoc"]: r for r in rows}
    acct = {r["acct"]: r for r in live if not r["user"]}
    for r in live:
        if r["acct"] == "root" and not r["user"]:
            want, par = "/", None
        else:
            par = acct.get(r["acct"] if r["user"] else r["parent_acct"])
            if not par:
                return "no parent row for %s/%s" % (r["acct"], r["user"])
            want = par["lineage"] + ("0-%s/" % r["user"] if r["user"] else r["acct"] + "/")
            if r["partition"]:
                want += r["partition"] + "/"
        if r["lineage"] != want:
            return "lineage of %s/%s is %s, not %s" % (r["acct"], r["user"], r["lineage"], want)
        got = by_id.get(r["id_parent"])
        if (par is None) != (r["id_parent"] == "0") or (par is not None and got is not par):
            return "id_parent of %s/%s is %s" % (r["acct"], r["user"], r["id_parent"])
    return None


def nested(cluster, cmd):
    head, rows = query(cmd, 'set session sql_mode=\'ANSI_QUOTES\'; select * from "%s_assoc_table"'
                       % cluster)
    if "lineage" in head:
        err = lineage(rows)
        if err:
            return err
        if "lft" not in head:   # 25.05+: the tree is lineage alone
            return ("lineage ok (%d rows flat)" % len(rows), )
        flat = [r for r in rows if r["lft"] == "0" and r["rgt"] == "0"]
        rows = [r for r in rows if not (r["lft"] == "0" and r["rgt"] == "0")]
        if flat:
            return nested_rows(rows, True) or ("lineage ok (%d rows flat)" % len(flat), )
    return nested_rows(rows, False)


def nested_rows(rows, partial):
    """None when lft/rgt of rows form a valid nested set of their tree (only
    among themselves when partial: other rows of the tree are flat)."""
    iv = [(int(r["lft"]), int(r["rgt"]), r) for r in rows]
    ends = [x for l, g, _ in iv for x in (l, g)]
    if len(set(ends)) != len(ends):
        return "lft/rgt values are not distinct"
    for l, g, r in iv:
        if l >= g:
            return "lft >= rgt for %s/%s" % (r["acct"], r["user"])
    stack = []
    for l, g, r in sorted(iv, key=lambda x: x[0]):
        while stack and stack[-1][1] < l:
            stack.pop()
        if stack and stack[-1][1] < g:
            return "intervals overlap: %s/%s and %s/%s" % (stack[-1][2]["acct"], stack[-1][2]["user"],
                                                            r["acct"], r["user"])
        stack.append((l, g, r))
    acct = {r["acct"]: (l, g) for l, g, r in iv if not r["user"] and r["deleted"] == "0"}
    for l, g, r in iv:
        if r["deleted"] != "0":
            continue
        parent = r["acct"] if r["user"] else r["parent_acct"]
        if not parent:
            continue
        if parent not in acct:
            if partial:
                continue
            return "no parent row '%s' for %s/%s" % (parent, r["acct"], r["user"])
        pl, pg = acct[parent]
        if not (pl < l and g < pg):
            return "%s/%s is not inside its parent %s" % (r["acct"], r["user"], parent)
        inner = [x for x in acct.values() if x[0] < l and g < x[1] and pl < x[0]]
        if inner:
            return "%s/%s is nested deeper than under its parent %s" % (r["acct"], r["user"], parent)
    return None


def main():
    args = sys.argv[1:]
    if args and args[0] == "--nested":
        err = nested(args[1], args[2:])
        if isinstance(err, tuple):
            print(err[0])
        elif err:
            print(err)
            sys.exit(1)
        else:
            print("nested set ok")
        return
    dump(args[0], args[1:])


main()
