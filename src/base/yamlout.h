/*
 * yamlout.h: small helpers for writing YAML text by hand (the import
 * commands write inventory YAML as a person would lay it out, which
 * libyaml's emitter does not do): scalars quoted only when a plain scalar
 * would read back differently.
 */
#ifndef CLUSTERCTL_YAMLOUT_H
#define CLUSTERCTL_YAMLOUT_H

#include "base/compat.h"

#include "base/strbuf.h"

/* True when s reads back as the same string written plain. */
bool yamlout_plain_ok(const char *s);

/* Appends s as a plain scalar when that is safe, else double-quoted. */
void yamlout_scalar(struct strbuf *out, const char *s);

/* Appends the comma list "a,b" as a flow sequence "[a, b]". */
void yamlout_list(struct strbuf *out, const char *csv);

#endif
