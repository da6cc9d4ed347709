#!/usr/bin/env python3
# json-keys.py DOC SECTION [--cover] JSON...: checks real JSON outputs
# against the key tables of docs/json-format.md (section "## SECTION"):
#   - every key in every output is documented, with the documented type
#     (null is accepted for any type);
#   - every key documented "always" is present wherever its parent is;
#   - with --cover, every documented key appears in at least one output.
# Prints what disagrees and exits 1, else exits 0 silently.
import json
import re
import sys

TYPES = {"integer": int, "string": str, "boolean": bool, "array": list,
         "object": dict}


def doc_keys(doc, section):
    keys, inside = {}, False
    for line in open(doc, encoding="utf-8"):
        if line.startswith("## "):
            inside = line[3:].strip() == section
            continue
        m = re.match(r"^\| `([^`]+)` \| (\w+) \| ([^|]+) \|", line)
        if inside and m:
            keys[m.group(1)] = (m.group(2), m.group(3).strip())
    if not keys:
        sys.exit("json-keys: no key table under '## %s' in %s" % (section, doc))
    return keys


def walk(v, path, out):
    if path:
        out.setdefault(path, []).append(v)
    if isinstance(v, dict):
        for k, x in v.items():
            walk(x, path + "." + k if path else k, out)
    elif isinstance(v, list):
        for x in v:
            if isinstance(x, dict):
                walk(x, path + "[]", out)


def normalise(path, keys):
    """changes[].attrs.MaxJobs -> changes[].attrs.* when the table has that"""
    for k in keys:
        prefix = k[:-1]
        if k.endswith(".*") and path.startswith(prefix) and \
                not re.search(r"[.\[]", path[len(prefix):]):
            return k
    return path


def parent(path):
    return path[:path.rfind(".")] if "." in path else ""


def main():
    args = sys.argv[1:]
    cover = "--cover" in args
    args = [a for a in args if a != "--cover"]
    doc, section, files = args[0], args[1], args[2:]
    keys = doc_keys(doc, section)
    problems, seen = [], set()
    for f in files:
        found = {}
        walk(json.load(open(f, encoding="utf-8")), "", found)
        paths = {}
        for p, vals in found.items():
            paths.setdefault(normalise(p, keys), []).extend(vals)
        for p, vals in paths.items():
            seen.add(p)
            if p.endswith("[]"):
                continue	# an array's elements: their keys are checked
            if p not in keys:
                problems.append("%s: key '%s' is not documented" % (f, p))
                continue
            want = TYPES[keys[p][0]]
            for v in vals:
                ok = v is None or (isinstance(v, want) and
                                   not (want is int and isinstance(v, bool)))
                if not ok:
                    problems.append("%s: '%s' is %s, documented %s" %
                                    (f, p, type(v).__name__, keys[p][0]))
                    break
        for k, (_, when) in keys.items():
            if when == "always" and k not in paths and \
                    (parent(k) == "" or parent(k) in paths):
                problems.append("%s: documented 'always' key '%s' is missing" % (f, k))
    if cover:
        for k in keys:
            if k not in seen:
                problems.append("documented key '%s' is in none of the outputs" % k)
    for p in problems:
        print("json-keys: %s: %s" % (section, p))
    sys.exit(1 if problems else 0)


main()
