#!/usr/bin/env python3
"""hostile.py DIR [NAME...] | hostile.py --names: writes hostile inputs for
t0285-hostile-input.sh: one directory DIR/NAME per case with the files it
reads, and DIR/cases, one line per case: NAME, the bytes of its input files
(what the memory bound is measured against), the clusterctl arguments (run
from the case's directory; OUT is a fresh output directory). --names lists
the cases, one per line. Every case is an
inventory, template or command line a merge request could carry: alias
bombs, wide and deep YAML, long values, huge hostlists, many includes,
runaway templates, many errors; the largest are at the 64 MB file limit.
"""
import os
import sys

MB = 1 << 20
LIMIT = 64 * MB - 4096          # just under the loader's 64 MB
HEAD = """cluster: {name: tiny, controller: head}
hosts:
  - {names: head, roles: [controller]}
  - {names: "n[1-2]", type: small}
node_types:
  small: {cpus: 4, memory: 8G}
partitions:
  - {name: main, nodes: "n[1-2]", default: true}
"""
# HEAD without the sections a case writes itself
HEAD_NO_TYPES = HEAD.replace("node_types:\n  small: {cpus: 4, memory: 8G}\n", "")
HEAD_NO_PARTS = HEAD.replace('partitions:\n  - {name: main, nodes: "n[1-2]", default: true}\n', "")
ACCT_HEAD = HEAD.replace("controller: head}", "controller: head, accounting_host: head}") \
    .replace("roles: [controller]}", "roles: [controller, dbd]}")

CASES = {}


def case(args="validate inv.yaml"):
    def wrap(fn):
        CASES[fn.__name__.replace("_", "-")] = (fn, args)
        return fn
    return wrap


def fill(unit, size=LIMIT):
    """unit repeated to about size bytes."""
    return unit * max(1, size // len(unit))


def lines(fmt, size=LIMIT - 1024):
    """fmt % 0, fmt % 1, ... while they fit in size bytes."""
    out, n, i = [], 0, 0
    while True:
        line = fmt % i
        if n + len(line) > size:
            return "".join(out)
        out.append(line)
        n += len(line)
        i += 1


# ---- alias bombs ----------------------------------------------------------

def alias_types(n):
    feats = ",".join("f%d" % i for i in range(500))
    return {"inv.yaml": HEAD_NO_TYPES + "node_types:\n  small: &nt {cpus: 4, memory: 8G, features: [%s]}\n" % feats
            + "".join("  t%d: *nt\n" % i for i in range(n))}


@case()
def alias_types_20k():
    """issue 29: 20,000 aliases of a node type of 500 features (305 KB: 3.8 s, 876 MB)"""
    return alias_types(20000)


@case()
def alias_types_50k():
    """issue 29: the same, 50,000 aliases (755 KB: 26 s, 5.2 GB)"""
    return alias_types(50000)


@case()
def laughs_accounts():
    """billion laughs where the loader walks: account children, 10 x 9 levels"""
    s = ACCT_HEAD + "x0: &a0 {name: a, children: [%s]}\n" % ",".join(["{name: b}"] * 10)
    for i in range(1, 9):
        s += "x%d: &a%d {name: a%d, children: [%s]}\n" % (i, i, i, ",".join(["*a%d" % (i - 1)] * 10))
    return {"inv.yaml": s + "accounts: [*a8]\n"}


@case()
def laughs_unwalked():
    """billion laughs under keys the loader never walks"""
    s = HEAD + "x0: &a0 [lol,lol,lol,lol,lol,lol,lol,lol,lol,lol]\n"
    for i in range(1, 12):
        s += "x%d: &a%d [%s]\n" % (i, i, ",".join(["*a%d" % (i - 1)] * 10))
    return {"inv.yaml": s}


@case()
def alias_long_value():
    """a 1 MB value repeated 100,000 times by an alias"""
    return {"inv.yaml": HEAD_NO_TYPES + "node_types:\n  small: {cpus: 4, memory: 8G, features: [&v %s%s]}\n"
            % ("v" * MB, ", *v" * 100000)}


@case()
def alias_cycle():
    """an alias inside the node it names"""
    return {"inv.yaml": ACCT_HEAD + "accounts: &a [{name: x, children: *a}]\n"}


@case()
def anchors_many():
    """64 MB of distinct anchors"""
    return {"inv.yaml": HEAD + "junk:\n" + lines("  - &a%d x\n")}


# ---- wide -----------------------------------------------------------------

@case()
def wide_slurm_conf():
    """75,000 keys in one mapping (slurm_conf), as many as the node budget allows"""
    return {"inv.yaml": HEAD.replace("controller: head}", "controller: head,\n  slurm_conf: {%s}}"
                                     % ", ".join("K%d: v" % i for i in range(75000)))}


@case()
def wide_node_types():
    """25,000 node types"""
    return {"inv.yaml": HEAD_NO_TYPES + "node_types:\n  small: {cpus: 4, memory: 8G}\n"
            + "".join("  t%d: {cpus: 4, memory: 1G}\n" % i for i in range(25000))}


@case()
def wide_duplicate_keys():
    """the same key 75,000 times in one mapping"""
    return {"inv.yaml": HEAD.replace("controller: head}", "controller: head,\n  slurm_conf: {%s}}"
                                     % ", ".join(["K: v"] * 75000))}


@case()
def wide_unknown_keys():
    """75,000 unknown keys: as many errors"""
    return {"inv.yaml": HEAD.replace("controller: head}", "controller: head,\n%s}"
                                     % "".join("  bogus%d: 1,\n" % i for i in range(75000)))}


@case()
def flat_flow_64m():
    """a flow list of one-letter values, 64 MB"""
    return {"inv.yaml": HEAD + "junk: [" + fill("a,", LIMIT - 300) + "a]\n"}


@case()
def flat_block_64m():
    """a block list of one-letter values, 64 MB"""
    return {"inv.yaml": HEAD + "junk:\n" + fill("- a\n", LIMIT - 300)}


@case()
def many_users():
    """users, each with an account, until the file limit"""
    return {"inv.yaml": ACCT_HEAD + "accounts: [{name: acc}]\nusers:\n"
            + lines("  - {name: u%d, accounts: [acc]}\n")}


@case()
def many_hosts():
    """host entries of one host each, until the file limit"""
    return {"inv.yaml": HEAD.replace("hosts:\n", "hosts:\n" + lines("  - {names: h%d, type: small}\n"))}


@case()
def fit_users():
    """26,500 users, as many as the node budget allows"""
    return {"inv.yaml": ACCT_HEAD + "accounts: [{name: acc}]\nusers:\n"
            + "".join("  - {name: u%d, accounts: [acc]}\n" % i for i in range(26500))}


@case()
def fit_hosts():
    """31,000 host entries, as many as the node budget allows"""
    return {"inv.yaml": HEAD.replace("hosts:\n", "hosts:\n" + "".join(
        "  - {names: h%d, type: small}\n" % i for i in range(31000)))}


@case()
def unknown_refs():
    """15,000 users naming accounts that do not exist, among 15,000 that do"""
    return {"inv.yaml": ACCT_HEAD + "accounts:\n" + "".join("  - {name: acc%d}\n" % i for i in range(15000))
            + "users:\n" + "".join("  - {name: u%d, accounts: [ac%dx]}\n" % (i, i) for i in range(15000))}


@case()
def unknown_types():
    """30,000 host entries of a node type that does not exist"""
    return {"inv.yaml": HEAD.replace("hosts:\n", "hosts:\n" + "".join(
        "  - {names: h%d, type: nosuch}\n" % i for i in range(30000)))}


# ---- deep -----------------------------------------------------------------

@case()
def deep_flow_64m():
    """'[' 64 million times"""
    return {"inv.yaml": HEAD + "junk: " + "[" * (LIMIT - 300) + "\n"}


@case()
def deep_flow_maps():
    """{a: {a: ... 100,000 deep"""
    return {"inv.yaml": HEAD + "junk: " + "{a: " * 100000 + "1" + "}" * 100000 + "\n"}


@case()
def deep_block():
    """block mappings 8,000 deep (32 MB of indentation)"""
    return {"inv.yaml": HEAD + "junk:\n" + "".join(" " * i + "a:\n" for i in range(1, 8000)) + " " * 8000 + "a: 1\n"}


@case()
def deep_accounts():
    """accounts nested 2,000 deep through children"""
    s = "accounts:\n"
    for i in range(2000):
        s += "  " * (2 * i + 1) + "- name: a%d\n" % i + "  " * (2 * i + 2) + "children:\n"
    return {"inv.yaml": ACCT_HEAD + s + "  " * 4001 + "- name: last\n"}


# ---- long values ----------------------------------------------------------

@case()
def long_name_64m():
    """a cluster name of 64 MB"""
    return {"inv.yaml": HEAD.replace("name: tiny", "name: " + "x" * (LIMIT - 300))}


@case()
def long_enum_64m():
    """a 64 MB value where one of a few words is expected (did-you-mean)"""
    return {"inv.yaml": HEAD.replace("controller: head}", "controller: head, config_mode: %s}"
                                     % ("p" * (LIMIT - 300)))}


@case()
def long_key_64m():
    """an explicit key of 64 MB"""
    return {"inv.yaml": HEAD + "? " + "k" * (LIMIT - 300) + "\n: 1\n"}


@case()
def long_line_errors():
    """one 60 MB line of 2,000,000 unknown keys, each an error with an excerpt"""
    return {"inv.yaml": HEAD.replace("controller: head}", "controller: head, %s}"
                                     % ", ".join("b%07d: 1" % i for i in range(2000000)))}


@case()
def long_hostlist():
    """a hostlist of 4 million names"""
    return {"inv.yaml": HEAD.replace('"n[1-2]", type', '"%s", type' % ",".join("n%d" % i for i in range(4000000)))}


# ---- hostlists ------------------------------------------------------------

@case()
def hostlist_range():
    """names: gpu[0-99999999]"""
    return {"inv.yaml": HEAD.replace('"n[1-2]", type', '"gpu[0-99999999]", type')}


@case()
def hostlist_partitions():
    """20,000 partitions, each naming its own 120,000 hosts"""
    return {"inv.yaml": HEAD_NO_PARTS + "partitions:\n" + "".join(
        '  - {name: p%d, nodes: "x%d[0-59999],y%d[0-59999]"}\n' % (i, i, i) for i in range(20000))}


@case()
def hostlist_gpu_files():
    """5,000 node types whose GPUs name 60,000 device files each"""
    return {"inv.yaml": HEAD_NO_TYPES + "node_types:\n  small: {cpus: 4, memory: 8G}\n" + "".join(
        '  t%d: {cpus: 4, memory: 1G, gpus: {count: 8, files: "/dev/g%d[0-59999]"}}\n' % (i, i)
        for i in range(5000))}


@case("hostlist expand gpu[0-99999999]")
def hostlist_cmd_range():
    """clusterctl hostlist gpu[0-99999999]"""
    return {}


@case("hostlist expand a[0-999][0-999][0-999]")
def hostlist_cmd_product():
    """clusterctl hostlist of a product of ranges: a billion names"""
    return {}


# ---- includes -------------------------------------------------------------

@case()
def includes_many():
    """1,000 included files"""
    files = {"inc%d.yaml" % i: "qos: [{name: q%d}]\n" % i for i in range(1000)}
    files["inv.yaml"] = ACCT_HEAD + "include: [%s]\n" % ", ".join(sorted(files))
    return files


@case()
def includes_same():
    """one file included 500,000 times"""
    return {"a.yaml": "qos: [{name: q}]\n", "inv.yaml": ACCT_HEAD + "include: [%s]\n" % ", ".join(["a.yaml"] * 500000)}


@case()
def includes_missing():
    """500,000 includes of files that do not exist"""
    return {"inv.yaml": HEAD + "include: [%s]\n" % ", ".join("no%d.yaml" % i for i in range(500000))}


@case()
def includes_bombs():
    """16 included files, each a 4 MB alias bomb at its limit"""
    bomb = "qos: [{name: q}]\nx0: &a0 [%s]\n" % ",".join(["l"] * 10)
    for i in range(1, 8):
        bomb += "x%d: &a%d [%s]\n" % (i, i, ",".join(["*a%d" % (i - 1)] * 10))
    files = {"inc%d.yaml" % i: bomb + "pad: " + "p" * (4 * MB) + "\n" for i in range(16)}
    files["inv.yaml"] = ACCT_HEAD + "include: [%s]\n" % ", ".join(sorted(files))
    return files


# ---- templates and files --------------------------------------------------

TMPL_HEAD = HEAD.replace("controller: head}", "controller: head, template_dir: t}") \
    .replace('"n[1-2]", type', '"n[1-1000]", type').replace('"n[1-2]", default', '"n[1-1000]", default')


@case("render inv.yaml -o OUT")
def template_loops():
    """slurm.conf.mustache looping over 2,000 partitions three times over"""
    return {"inv.yaml": TMPL_HEAD + "".join('  - {name: p%d, nodes: "n[1-1000]"}\n' % i for i in range(2000)),
            "t/slurm.conf.mustache": "{{#partition_lines}}{{#partition_lines}}{{#partition_lines}}"
            "{{name}}{{/partition_lines}}{{/partition_lines}}{{/partition_lines}}\n"}


@case("render inv.yaml -o OUT")
def template_partials():
    """a partial that includes itself"""
    return {"inv.yaml": TMPL_HEAD, "t/slurm.conf.mustache": "{{> loop.mustache}}\n",
            "t/loop.mustache": "x{{> loop.mustache}}{{> loop.mustache}}\n"}


@case("render inv.yaml -o OUT")
def template_deep():
    """sections nested 100,000 deep"""
    return {"inv.yaml": TMPL_HEAD, "t/slurm.conf.mustache": "{{#a}}" * 100000 + "{{/a}}" * 100000}


@case("render inv.yaml -o OUT")
def template_64m():
    """a template of 64 MB of tags"""
    return {"inv.yaml": TMPL_HEAD, "t/slurm.conf.mustache": fill("{{cluster.name}}", LIMIT)}


@case("template t.mustache --data c.json")
def template_cmd_loops():
    """clusterctl template: a 10,000-element context looped over three deep"""
    return {"t.mustache": "{{#a}}{{#a}}{{#a}}{{.}}{{/a}}{{/a}}{{/a}}\n",
            "c.json": '{"a": [%s]}' % ",".join(["1"] * 10000)}


@case("render inv.yaml -o OUT")
def files_same_source():
    """200 files: entries naming one 16 MB source"""
    return {"big.bin": "b" * (16 * MB - 1),
            "inv.yaml": HEAD + "files:\n" + "".join(
                "  - {path: /etc/slurm/f%d, source: big.bin, hosts: head}\n" % i for i in range(200))}


@case("render inv.yaml -o OUT")
def files_host_ranges():
    """2,000 files: entries, each for its own 120,000 hosts"""
    return {"f": "x\n", "inv.yaml": HEAD + "files:\n" + "".join(
        '  - {path: /etc/slurm/f%d, source: f, hosts: "x%d[0-59999],y%d[0-59999]"}\n' % (i, i, i) for i in range(2000))}


@case("render inv.yaml -o OUT")
def hosts_range_render():
    """65,536 hosts (the most an inventory may hold), rendered"""
    return {"inv.yaml": HEAD.replace('"n[1-2]", type', '"n[1-32768],m[1-32767]", type')}


@case()
def hosts_range_validate():
    """65,536 hosts, 2,000 partitions naming all but a few"""
    return {"inv.yaml": HEAD_NO_PARTS.replace('"n[1-2]", type', '"n[1-32768],m[1-32767]", type') + "partitions:\n" + "".join(
        '  - {name: p%d, nodes: "n[1-%d],m[1-32767]"}\n' % (i, 32768 - i) for i in range(2000))}


def main():
    if sys.argv[1] == "--names":
        print("\n".join(CASES))
        return
    out = sys.argv[1]
    names = sys.argv[2:] or list(CASES)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "cases"), "w") as manifest:
        for name in names:
            fn, args = CASES[name]
            files = fn()
            d = os.path.join(out, name)
            size = 0
            for rel, text in files.items():
                path = os.path.join(d, rel)
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
                size += len(text.encode())
            os.makedirs(d, exist_ok=True)
            manifest.write("%s\t%d\t%s\n" % (name, size, args))


if __name__ == "__main__":
    main()
