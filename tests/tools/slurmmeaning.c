/*
 * slurmmeaning.c: what a slurm.conf (with what it includes) and gres.conf
 * mean to slurmctld and slurmd, read through slurmread.h, printed one fact
 * a line in sorted order, so two configurations can be compared with
 * comm(1) whatever their layout (test driver, not installed):
 *
 *   slurmmeaning SLURM_CONF [GRES_CONF]
 *
 *   set KEY=VALUE              a setting (key lowercased; SlurmctldHost
 *                              numbered: slurmctldhost.0, .1)
 *   node NAME KEY=VALUE        each key of each node, DEFAULTs applied
 *   gres NODE NAME[:TYPE] count=N files=F cores=C links=L flags=G
 *                              the devices of one kind slurmd registers
 *                              for the node: its Gres= merged with the
 *                              gres.conf lines as slurmd merges them
 *                              (slurm/gresmerge.h: lines cut to the count,
 *                              the rest without a file, lines of no item
 *                              ignored, an untyped item's untyped; a GPU
 *                              without a device file dropped, unless
 *                              AutoDetect may find it); C, L,
 *                              G per device, as runs ("0-9*4;10-19*4"),
 *                              whatever the lines (multiplefiles=M when
 *                              some line has it)
 *   gres NODE autodetect=A     the AutoDetect in force on the node (one
 *                              with a Gres=)
 *   part NAME nodes=N1,N2,...  each partition's nodes, expanded, sorted
 *   part NAME KEY=VALUE        each other key of each partition
 *
 * Comma lists whose order Slurm ignores (Features, Gres, Allow*, Deny*)
 * are sorted; ClusterName is lowercased, as slurmctld does; booleans are
 * YES or NO however written; only the last partition with Default=YES
 * is the default, as slurmctld takes it; a password is "(secret)" (the
 * value goes in at apply); an Include (or gres.conf's) of a path under
 * a Slurm config directory is read beside the given file when it is
 * there (a copy of /etc/slurm: slurmread_copy()); NodeAddr and
 * NodeHostname are each node's own; SocketsPerBoard is Sockets (times
 * Boards); a value equal to Slurm's own default (slurm.conf(5): AuthType,
 * the ports, the timers, a partition's Default=NO and State=UP,
 * AutoDetect=off, ...) is left out on both sides, so writing a default
 * out does not count as a change; AccountingStorageHost naming a host
 * whose address the file gives (SlurmctldHost=name(addr), NodeAddr=) is
 * that address.
 * Exit: 0, 1 when a file cannot be read, 64 usage.
 */
#include "base/compat.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/gresmerge.h"
#include "slurm/hostlist.h"
#include "slurm/slurmconf.h"
#include "slurm/slurmdiff.h"
#include "slurm/slurmkeys.h"
#include "slurm/slurmread.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

struct facts {
	char **v;
	size_t n, alloc;
};

static void fact(struct facts *f, const char *fmt, ...) ATTR_PRINTF(2, 3);

static void fact(struct facts *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	XGROW(f->v, f->alloc, f->n + 1);
	f->v[f->n++] = xvasprintf(fmt, ap);
	va_end(ap);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *lower(const char *s)
{
	char *d = xstrdup(s);

	for (char *p = d; *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return d;
}

/*
 * "PREFIX KEY=VALUE" for every word of l after its own but skip; k: the
 * node's index on the line.
 */
static void words(struct facts *f, const char *where, const char *prefix,
		  const struct slurmconf_line *l, size_t k, const char *const *skip)
{
	for (size_t i = 1; i < l->n; i++) {
		const char *key = l->kv[i].key;
		bool skipped = false;
		char *lk, *v;

		for (size_t s = 0; skip && skip[s]; s++)
			skipped |= !strcasecmp(key, skip[s]);
		if (skipped || slurmdiff_is_default(where, key, l->kv[i].value))
			continue;
		if (!strcasecmp(key, "SocketsPerBoard")) {
			const char *b = slurmconf_get(l, "Boards");

			key = "Sockets";
			v = xasprintf("%lld", strtoll(l->kv[i].value, NULL, 10) *
				      (b ? strtoll(b, NULL, 10) : 1));
		} else {
			v = slurmdiff_node_value(key, l->kv[i].value, k);
		}
		lk = lower(key);
		fact(f, "%s %s=%s", prefix, lk, v);
		free(lk);
		free(v);
	}
}

/* The address c gives host name (SlurmctldHost=name(addr) or NodeAddr=), or NULL. */
static char *address_of(const struct slurmconf *c, const char *name)
{
	size_t n = strlen(name);

	for (size_t i = 0; i < c->n; i++) {
		const struct slurmconf_line *l = &c->lines[i];
		const char *v = l->kv[0].value, *a;

		if (!strcasecmp(l->kv[0].key, "SlurmctldHost") && !strncmp(v, name, n) &&
		    v[n] == '(')
			return xstrndup(v + n + 1, strcspn(v + n + 1, ")"));
		if (!strcasecmp(l->kv[0].key, "NodeName") && !strcmp(v, name) &&
		    (a = slurmconf_get(l, "NodeAddr")))
			return xstrdup(a);
	}
	return NULL;
}

/* Each node and its Gres= value ("" without one), in file order. */
struct nodes {
	struct hostlist names;
	struct facts gres;
};

static int conf_facts(const struct slurmconf *c, struct facts *f, struct nodes *nodes)
{
	static const char *const part_skip[] = { "Nodes", NULL };
	/* Default=YES before the last one's is undone (slurmread.h) */
	static const char *const undone_skip[] = { "Nodes", "Default", NULL };
	const struct slurmconf_line *dflt = slurmread_default_partition(c);
	size_t hosts = 0;

	for (size_t i = 0; i < c->n; i++) {
		const struct slurmconf_line *l = &c->lines[i];
		struct hostlist hl = HOSTLIST_INIT;
		char *cause = NULL;
		bool named;

		if (!strcasecmp(l->kv[0].key, "NodeName")) {
			if (hostlist_expand(l->kv[0].value, &hl, &cause) < 0)
				goto bad;
			for (size_t k = 0; k < hl.n; k++) {
				char *prefix = xasprintf("node %s", hl.names[k]);

				const char *g = slurmconf_get(l, "Gres");

				words(f, "node", prefix, l, k, NULL);
				hostlist_push(&nodes->names, hl.names[k]);
				fact(&nodes->gres, "%s", g ? g : "");
				free(prefix);
			}
		} else if (!strcasecmp(l->kv[0].key, "PartitionName")) {
			const char *v = slurmconf_get(l, "Nodes");
			char *prefix = xasprintf("part %s", l->kv[0].value);

			if (v && slurmread_nodes(c, v, &hl, &named, &cause) < 0) {
				free(prefix);
				goto bad;
			}
			xqsort(hl.names, hl.n, sizeof(*hl.names), cmp_str);
			fact(f, "%s nodes=", prefix);
			for (size_t k = 0; k < hl.n; k++) {
				char *old = f->v[f->n - 1];

				f->v[f->n - 1] = xasprintf("%s%s%s", old, k ? "," : "", hl.names[k]);
				free(old);
			}
			words(f, "part", prefix, l, 0, l == dflt ? part_skip : undone_skip);
			free(prefix);
		} else if (!strcasecmp(l->kv[0].key, "SlurmctldHost")) {
			fact(f, "set slurmctldhost.%zu=%s", hosts++, l->kv[0].value);
		} else if (strcasecmp(l->kv[0].key, "NodeSet") &&
			   !slurmdiff_is_default("set", l->kv[0].key, l->kv[0].value)) {
			char *k = lower(l->kv[0].key), *v = slurmdiff_value(l->kv[0].key, l->kv[0].value);

			/* a password goes in at apply: that there is one is what a render can say */
			if (slurmkeys_is_secret(l->kv[0].key)) {
				free(v);
				v = xstrdup("(secret)");
			}
			char *a = strcasecmp(k, "AccountingStorageHost") ? NULL : address_of(c, v);

			if (a) {
				free(v);
				v = a;
			}

			fact(f, "set %s=%s", k, v);
			free(k);
			free(v);
		}
		hostlist_release(&hl);
		continue;
bad:
		fprintf(stderr, "slurmmeaning: %s:%u: %s\n", l->path, l->lineno, cause);
		free(cause);
		hostlist_release(&hl);
		return -1;
	}
	return 0;
}

/*
 * The gres facts of one node: what slurmd registers (gresmerge.h), its
 * devices of each kind; an untyped Gres= item's untyped, whatever the
 * lines' Type=, as slurmd drops it.
 */
static void node_gres(const struct slurmgres *g, const char *node, const char *gres,
		      struct facts *f)
{
	const char *ad = slurmgres_autodetect(g, node);
	bool detects = ad && strcasecmp(ad, "off");
	struct gresmerge_kind *k;
	struct gresmerge m;
	char *cause = NULL;
	size_t n;

	/* a node without Gres= schedules no GRES, whatever slurmd detects */
	if (detects && *gres)
		fact(f, "gres %s autodetect=%s", node, ad);
	if (gresmerge_node(g, node, gres, &m, &cause) < 0) {
		fact(f, "gres %s unreadable: %s", node, cause);
		free(cause);
		return;
	}
	n = gresmerge_kinds(&m, detects, &k);
	for (size_t i = 0; i < n; i++) {
		char *name = lower(k[i].item->name);
		const char *t = k[i].item->type;

		fact(f, "gres %s %s%s%s count=%llu files=%s cores=%s%s%s%s%s%s%s", node, name,
		     t ? ":" : "", t ? t : "", (unsigned long long)k[i].count, k[i].files,
		     k[i].cores, *k[i].links || *k[i].flags ? " links=" : "",
		     *k[i].links || *k[i].flags ? k[i].links : "",
		     *k[i].links || *k[i].flags ? " flags=" : "",
		     *k[i].links || *k[i].flags ? k[i].flags : "",
		     *k[i].multiple_files ? " multiplefiles=" : "", k[i].multiple_files);
		free(name);
	}
	gresmerge_kinds_release(k, n);
	gresmerge_release(&m);
}

int main(int argc, char **argv)
{
	struct slurmconf c = { 0 };
	struct slurmgres g = { 0 };
	struct facts f = { 0 };
	struct nodes nodes = { HOSTLIST_INIT, { 0 } };
	char *cause = NULL, *text = NULL;
	size_t len = 0;
	int rc = 1;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: slurmmeaning SLURM_CONF [GRES_CONF]\n");
		return 64;
	}
	/* a copy of a host's config directory: what it includes is read there */
	if (slurmread_conf(argv[1], slurmread_copy, argv[1], &c, &cause) < 0 ||
	    (argc == 3 && (slurmread_local(NULL, argv[2], &text, &len, &cause) < 0 ||
			   slurmread_gres(argv[2], text, len, slurmread_copy, argv[2], &g,
					  &cause) < 0))) {
		fprintf(stderr, "slurmmeaning: %s\n", cause);
		goto out;
	}
	if (conf_facts(&c, &f, &nodes) < 0)
		goto out;
	for (size_t i = 0; argc == 3 && i < nodes.names.n; i++)
		node_gres(&g, nodes.names.names[i], nodes.gres.v[i], &f);
	xqsort(f.v, f.n, sizeof(*f.v), cmp_str);
	for (size_t i = 0; i < f.n; i++)
		printf("%s\n", f.v[i]);
	rc = 0;
out:
	for (size_t i = 0; i < f.n; i++)
		free(f.v[i]);
	free(f.v);
	free(cause);
	free(text);
	hostlist_release(&nodes.names);
	for (size_t i = 0; i < nodes.gres.n; i++)
		free(nodes.gres.v[i]);
	free(nodes.gres.v);
	slurmconf_release(&c);
	slurmgres_release(&g);
	return rc;
}
