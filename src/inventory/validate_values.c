/*
 * validate_values.c: values checked as the inventory's Slurm release reads
 * them (see validate_values.h). Pass-through values go to slurmvalues.h's
 * tables; what the model renders is checked here: partitions whose
 * DefaultTime exceeds MaxTime (slurmctld drops the DefaultTime) or that
 * have no nodes, memory 0 (RealMemory left at 1 MB), a device file under
 * two GPU entries (slurmd counts it twice), host names DNS cannot carry
 * and names with invisible or direction-changing characters (Slurm takes
 * them; a reader sees another name), gres.conf AutoDetect words, and the
 * slurm.conf keys that Slurm refuses apart (PreemptType without a
 * PreemptMode, FirstJobId above MaxJobId, ...).
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/xalloc.h"
#include "inventory/model_defaults.h"
#include "inventory/validate_values.h"
#include "slurm/hostlist.h"
#include "slurm/slurmtime.h"
#include "slurm/slurmvalues.h"

static const char *release(const struct vctx *v)
{
	return v->m->cluster.slurm_version ? v->m->cluster.slurm_version : "22.05";
}

/* "PREFIX: Slurm 22.05 ..." for a value slurmvalues_check() found wanting. */
static void report(struct vctx *v, const struct src_loc *loc, const char *prefix,
		   const struct slurmvalue_check *ck)
{
	if (ck->verdict == SLURMVALUE_WARN)
		diag_warning(v->dl, loc, "%s: Slurm %s starts, but logs an error and "
			     "uses another value; it takes %s", prefix, release(v),
			     ck->accepts);
	else if (ck->why[0])
		diag_error(v->dl, loc, "%s: Slurm %s refuses it: %s", prefix, release(v),
			   ck->why);
	else if (ck->item[0])
		diag_error(v->dl, loc, "%s: Slurm %s has no '%s' there; it takes %s",
			   prefix, release(v), ck->item, ck->accepts);
	else
		diag_error(v->dl, loc, "%s: Slurm %s takes %s", prefix, release(v),
			   ck->accepts);
}

void validate_value(struct vctx *v, const struct kv *e, enum slurmkeys_table table,
		    const char *what)
{
	struct slurmvalue_check ck;
	size_t n = strlen(e->value);
	char *prefix, *value;

	if (e->password_file)
		return;		/* the value is the file's, read by apply */
	if (!n) {
		diag_error(v->dl, &e->value_loc, "%s %s has an empty value, which "
			   "Slurm refuses (a parse error): give one or remove the key",
			   what, e->key);
		return;
	}
	/* Slurm reads "a b" as a b; blanks outside quotes are validate_keys.c's */
	if (n >= 2 && e->value[0] == '"' && e->value[n - 1] == '"' &&
	    !memchr(e->value + 1, '"', n - 2))
		value = xstrndup(e->value + 1, n - 2);
	else if (strchr(e->value, ' '))
		return;
	else
		value = xstrdup(e->value);
	if (slurmvalues_check(table, e->key, value, v->version, &ck) != SLURMVALUE_OK) {
		prefix = xasprintf("%s %s=%s", what, e->key, e->value);
		report(v, &e->value_loc, prefix, &ck);
		free(prefix);
	}
	slurmvalue_check_release(&ck);
	free(value);
}

void validate_value_at(struct vctx *v, enum slurmkeys_table table, const char *key,
		       const char *value, const struct src_loc *loc, const char *owner,
		       const char *name)
{
	struct slurmvalue_check ck;
	char *prefix;

	if (!value)
		return;
	if (slurmvalues_check(table, key, value, v->version, &ck) != SLURMVALUE_OK) {
		prefix = xasprintf("%s: %s '%s'", owner, name, value);
		report(v, loc, prefix, &ck);
		free(prefix);
	}
	slurmvalue_check_release(&ck);
}

/* ------------------------------------------------------------------ */
/* partitions                                                          */

/* slurmctld sets a DefaultTime above MaxTime aside ("DefaultTime exceeds MaxTime"). */
static void check_partition_times(struct vctx *v, const struct partition *p)
{
	long long def, max;

	if (!p->default_time || !p->max_time ||
	    slurmtime_minutes(p->default_time, &def) < 0 ||
	    slurmtime_minutes(p->max_time, &max) < 0 || max == SLURMTIME_INFINITE)
		return;
	if (def == SLURMTIME_INFINITE || def > max) {
		diag_error(v->dl, &p->default_time_loc, "partition '%s': default_time "
			   "'%s' is above max_time '%s': slurmctld would drop the "
			   "DefaultTime and give jobs MaxTime", p->name, p->default_time,
			   p->max_time);
		diag_note(v->dl, &p->max_time_loc, "max_time set here");
	}
}

/* nodes: "" renders no Nodes=: a partition where no job can run. */
static void check_partition_nodes_given(struct vctx *v, const struct partition *p)
{
	if (p->nodes && !p->nodes[strspn(p->nodes, " ,\t")])
		diag_error(v->dl, &p->nodes_loc, "partition '%s' has no nodes: Slurm "
			   "would run it empty (name its nodes, ALL, or remove it)",
			   p->name);
}

/* ------------------------------------------------------------------ */
/* names                                                               */

/*
 * The code point at *p (advanced past it), or -1 (one byte skipped) for
 * bytes that are not UTF-8.
 */
static long next_code_point(const unsigned char **p)
{
	const unsigned char *s = *p;
	int n = s[0] < 0x80 ? 0 : (s[0] & 0xe0) == 0xc0 ? 1 :
		(s[0] & 0xf0) == 0xe0 ? 2 : (s[0] & 0xf8) == 0xf0 ? 3 : -1;
	long cp = n == 0 ? s[0] : n == 1 ? s[0] & 0x1f : n == 2 ? s[0] & 0x0f : s[0] & 0x07;

	*p = s + 1;
	if (n < 0)
		return -1;
	for (int i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	*p = s + n + 1;
	return cp;
}

/* Controls, and the characters that hide or reorder text (bidi, zero-width). */
static bool invisible(long cp)
{
	return cp < 0 || cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0xad ||
	       (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x202a && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff;
}

/* The first code point of name that fails ok(), or 0 when all pass. */
static long first_bad(const char *name, bool (*ok)(long cp))
{
	const unsigned char *p = (const unsigned char *)name;

	while (*p) {
		long cp = next_code_point(&p);

		if (!ok(cp))
			return cp < 0 ? 0xfffd : cp;
	}
	return 0;
}

static bool visible(long cp)
{
	return !invisible(cp);
}

/* A host name's characters (RFC 1123, and '_' that /etc/hosts takes). */
static bool dns_char(long cp)
{
	return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') ||
	       (cp >= '0' && cp <= '9') || cp == '-' || cp == '.' || cp == '_';
}

static void check_host_name(struct vctx *v, const struct host *h)
{
	long cp = first_bad(h->name, dns_char);

	if (cp)
		diag_error(v->dl, &h->loc, "host name '%s' has U+%04lX, which a host "
			   "name cannot carry in DNS or /etc/hosts (ASCII letters, "
			   "digits, '-', '_' and '.')", h->name, cp);
	else if (h->name[0] == '-' || h->name[0] == '.')
		diag_error(v->dl, &h->loc, "host name '%s' starts with '%c', which a "
			   "host name cannot", h->name, h->name[0]);
}

static void check_names(struct vctx *v)
{
	size_t last = SIZE_MAX;

	for (size_t i = 0; i < model_n_declared(v->m); i++) {
		const struct host *h = &v->m->hosts[i];

		/* one report per host entry; validate.c reports blanks and '=' */
		if (h->entry == last || !validate_conf_name_ok(h->name))
			continue;
		if (first_bad(h->name, dns_char) || h->name[0] == '-' || h->name[0] == '.') {
			check_host_name(v, h);
			last = h->entry;
		}
	}
	for (size_t i = 0; i < v->m->n_partitions; i++) {
		const struct partition *p = &v->m->partitions[i];
		long cp = first_bad(p->name, visible);

		if (cp)
			diag_error(v->dl, &p->loc, "partition name '%s' has U+%04lX, an "
				   "invisible or direction-changing character: Slurm "
				   "takes it, and a reader sees another name", p->name, cp);
	}
}

/* ------------------------------------------------------------------ */
/* node types                                                          */

/* A device file and the gpu entry that names it. */
struct device_of {
	const char *file;
	size_t entry;
};

static int device_cmp(const void *a, const void *b)
{
	const struct device_of *x = a, *y = b;
	int c = strcmp(x->file, y->file);

	return c ? c : (x->entry > y->entry) - (x->entry < y->entry);
}

/* The device files of nt's gpu entries, each with its entry, in *out (sorted). */
static size_t gather_devices(struct vctx *v, const struct node_type *nt,
			     struct hostlist *names, struct device_of **out)
{
	size_t n = 0, alloc = 0, filed = 0;

	for (size_t g = 0; g < nt->n_gpus; g++)
		filed += nt->gpus[g].files != NULL;
	*out = NULL;
	/* only two entries can name one file: expand nothing for one */
	for (size_t g = 0; filed > 1 && g < nt->n_gpus; g++) {
		struct hostlist files = HOSTLIST_INIT;
		char *cause = NULL;

		if (!nt->gpus[g].files ||
		    validate_expand(v, nt->gpus[g].files, &files, &cause)) {
			free(cause);
			continue;
		}
		for (size_t f = 0; f < files.n; f++) {
			XGROW(names->names, names->alloc, names->n + 1);
			names->names[names->n++] = files.names[f];
			XGROW(*out, alloc, n + 1);
			(*out)[n++] = (struct device_of){ files.names[f], g };
		}
		free(files.names);	/* the strings now belong to names */
	}
	if (n)
		qsort(*out, n, sizeof(**out), device_cmp);
	return n;
}

/* Each device file under one gpu entry: slurmd counts one twice, or refuses it. */
static void check_gpu_devices(struct vctx *v, const struct node_type *nt)
{
	struct hostlist names = HOSTLIST_INIT;
	struct device_of *d;
	size_t n = gather_devices(v, nt, &names, &d);

	for (size_t i = 1; i < n; i++) {
		const struct gpu_spec *o = &nt->gpus[d[i - 1].entry], *s = &nt->gpus[d[i].entry];

		if (strcmp(d[i].file, d[i - 1].file))
			continue;
		diag_error(v->dl, &s->files_loc, "node type '%s': device '%s' is under "
			   "gpu type '%s' and '%s': one device is one GPU, which slurmd "
			   "would count twice", nt->name, d[i].file,
			   o->type ? o->type : "(none)", s->type ? s->type : "(none)");
		diag_note(v->dl, &o->files_loc, "first listed here");
		break;
	}
	free(d);
	hostlist_release(&names);
}

static void check_node_types(struct vctx *v)
{
	for (size_t i = 0; i < v->m->n_node_types; i++) {
		const struct node_type *nt = &v->m->node_types[i];

		if (nt->memory_mb == 0)
			diag_error(v->dl, &nt->memory_loc, "node type '%s': memory 0 "
				   "leaves RealMemory at Slurm's 1 MB: give the node's "
				   "memory (MB, or with a unit)", nt->name);
		check_gpu_devices(v, nt);
		for (size_t g = 0; g < nt->n_gpus; g++) {
			const struct gpu_spec *s = &nt->gpus[g];
			const char *words = s->autodetect ?
				slurmvalues_autodetect(s->autodetect, v->version) : NULL;

			if (words)
				diag_error(v->dl, &s->autodetect_loc, "node type '%s': gpu "
					   "autodetect '%s': Slurm %s takes %s",
					   nt->name, s->autodetect, release(v), words);
		}
	}
}

/* ------------------------------------------------------------------ */
/* slurm.conf keys that Slurm refuses apart                            */

static const struct kv *conf(const struct vctx *v, const char *key)
{
	return kv_find_nocase(&v->m->cluster.slurm_conf, key);
}

/* e's value as an unsigned number (Slurm's base-0 reading), or dflt. */
static unsigned long long conf_number(const struct kv *e, unsigned long long dflt)
{
	char *end;
	unsigned long long n;

	if (!e)
		return dflt;
	n = strtoull(e->value, &end, 0);
	return *end == 'k' || *end == 'K' ? n * 1024 : n;
}

/* The cores slurm.conf gives a node of type nt (its CPUs without a topology). */
static long long node_cores(const struct node_type *nt)
{
	if (nt->sockets == MODEL_UNSET || nt->cores_per_socket == MODEL_UNSET)
		return nt->cpus;
	return (nt->boards == MODEL_UNSET ? 1 : nt->boards) * nt->sockets *
	       nt->cores_per_socket;
}

/* e holds a plain number (validate_value reports any other value). */
static bool plain_number(const struct kv *e)
{
	return e && e->value[0] >= '0' && e->value[0] <= '9';
}

/*
 * What Slurm's NodeName= reader resets with an error: a CoreSpecCount of
 * every core or more (to 1), a MemSpecLimit of all the memory or more (to
 * 0); extra is the node type's or a host entry's.
 */
static void check_node_spec(struct vctx *v, const struct node_type *nt,
			    const struct kv_list *extra)
{
	const struct kv *cs = kv_find_nocase(extra, "CoreSpecCount");
	const struct kv *ms = kv_find_nocase(extra, "MemSpecLimit");
	long long cores = node_cores(nt);

	if (plain_number(cs) && cores > 0 && conf_number(cs, 0) >= (unsigned long long)cores)
		diag_warning(v->dl, &cs->value_loc, "NodeName CoreSpecCount=%s reserves "
			     "all %lld cores of node type '%s': Slurm logs an error and "
			     "uses 1", cs->value, cores, nt->name);
	if (plain_number(ms) && nt->memory_mb > 0 &&
	    conf_number(ms, 0) >= (unsigned long long)nt->memory_mb)
		diag_warning(v->dl, &ms->value_loc, "NodeName MemSpecLimit=%s reserves "
			     "all %lld MB of node type '%s': Slurm logs an error and "
			     "uses 0", ms->value, nt->memory_mb, nt->name);
}

static void check_node_specs(struct vctx *v)
{
	for (size_t i = 0; i < v->m->n_node_types; i++)
		check_node_spec(v, &v->m->node_types[i], &v->m->node_types[i].extra);
	for (size_t i = 0; i < model_n_declared(v->m); i++) {
		const struct host *h = &v->m->hosts[i];

		/* one report per host entry: its hosts share their extra */
		if (h->type && (i == 0 || v->m->hosts[i - 1].entry != h->entry))
			check_node_spec(v, h->type, &h->extra);
	}
}

/* job_container/tmpfs needs PrologFlags=Contain (fatal without). */
static void check_job_container(struct vctx *v)
{
	const struct kv *jc = conf(v, "JobContainerType"), *pf = conf(v, "PrologFlags");

	if (!jc || strcasecmp(jc->value, "job_container/tmpfs") ||
	    (pf && (strcasestr(pf->value, "contain") || strcasestr(pf->value, "x11") ||
		    strcasestr(pf->value, "runinjob"))))
		return;
	diag_error(v->dl, &jc->value_loc, "slurm.conf JobContainerType=job_container/tmpfs "
		   "without PrologFlags=Contain, which Slurm refuses");
}

/* FirstJobId above MaxJobId: "FirstJobId > MaxJobId", fatal. */
static void check_job_ids(struct vctx *v)
{
	const struct kv *first = conf(v, "FirstJobId"), *max = conf(v, "MaxJobId");

	if ((first || max) && conf_number(first, 1) > conf_number(max, 0x03ff0000))
		diag_error(v->dl, first ? &first->value_loc : &max->value_loc,
			   "slurm.conf FirstJobId %s is above MaxJobId %s, which Slurm "
			   "refuses", first ? first->value : "1",
			   max ? max->value : "67043328");
}

/* True when a word of the comma-separated mode is none of allowed's. */
static bool mode_beyond(const char *mode, const char *const *allowed, size_t n)
{
	while (*mode) {
		size_t len = strcspn(mode, ","), i;

		for (i = 0; i < n; i++)
			if (strlen(allowed[i]) == len && !strncasecmp(mode, allowed[i], len))
				break;
		if (len && i == n)
			return true;
		mode += len + (mode[len] == ',');
	}
	return false;
}

/*
 * PreemptType and PreemptMode together (fatal apart): preempt/none (also
 * Slurm's default) takes OFF or GANG only; preempt/qos and
 * preempt/partition_prio need a mode that preempts.
 */
static void check_preempt(struct vctx *v)
{
	static const char *const off[] = { "off", "cluster", "gang", "within", "priority" };
	const struct kv *type = conf(v, "PreemptType"), *mode = conf(v, "PreemptMode");
	const char *t = type ? type->value : "preempt/none", *md = mode ? mode->value : "OFF";
	struct slurmvalue_check ck;
	bool bad;

	/* a value Slurm refuses alone is reported as such (validate_value) */
	if ((mode && slurmvalues_check(SLURMKEYS_CONF, "PreemptMode", md, v->version, &ck)) ||
	    (type && slurmvalues_check(SLURMKEYS_CONF, "PreemptType", t, v->version, &ck))) {
		slurmvalue_check_release(&ck);
		return;
	}
	if (!strcasecmp(t, "preempt/none"))
		bad = mode_beyond(md, off, 3);
	else if (!strcasecmp(t, "preempt/qos") || !strcasecmp(t, "preempt/partition_prio"))
		bad = !mode_beyond(md, off, ARRAY_SIZE(off));
	else
		return;
	if (bad)
		diag_error(v->dl, type ? &type->value_loc : &mode->value_loc,
			   "slurm.conf PreemptType=%s with PreemptMode=%s: Slurm refuses "
			   "them together (preempt/none takes OFF or GANG, preempt/qos and "
			   "preempt/partition_prio need CANCEL, REQUEUE or SUSPEND)", t, md);
}

/* A key that Slurm refuses without another (fatal at start). */
static void check_needs(struct vctx *v, const char *key, const char *needs,
			const char *unless)
{
	const struct kv *e = conf(v, key), *other = conf(v, needs);

	if (e && !other && (!unless || strcasecmp(e->value, unless)))
		diag_error(v->dl, &e->value_loc, "slurm.conf %s=%s without %s, "
			   "which Slurm refuses", key, e->value, needs);
}

/* select/linear takes no CR_CPU, CR_Core or CR_Socket (fatal). */
static void check_select(struct vctx *v)
{
	const struct kv *type = conf(v, "SelectType");
	const char *params = model_select_type_parameters(v->m);

	if (!type || strcasecmp(type->value, "select/linear") || !params)
		return;
	if (strcasestr(params, "CR_CPU") || strcasestr(params, "CR_Core") ||
	    strcasestr(params, "CR_Socket"))
		diag_error(v->dl, &type->value_loc, "slurm.conf SelectType=select/linear "
			   "with SelectTypeParameters=%s%s, which Slurm refuses (it "
			   "takes CR_Memory or none)", params, conf(v, "SelectTypeParameters") ?
			   "" : " (clusterctl's default)");
}

/* ConstrainDevices=yes does nothing without task/cgroup to apply it. */
static void check_device_confinement(struct vctx *v)
{
	const struct kv *tp = conf(v, "TaskPlugin");
	const struct kv *cd = kv_find_nocase(&v->m->cluster.cgroup_conf, "ConstrainDevices");
	const char *plugins = model_task_plugin(v->m);

	if (!model_constrains_devices(v->m) || (plugins && strcasestr(plugins, "cgroup")))
		return;
	diag_warning(v->dl, tp ? &tp->value_loc : cd ? &cd->value_loc : &v->m->cluster.loc,
		     "cgroup.conf constrains devices (ConstrainDevices=yes) but "
		     "TaskPlugin=%s has no task/cgroup to do it: every job can open "
		     "every GPU and device of its node (add task/cgroup, or set cgroup_conf "
		     "ConstrainDevices: \"no\" to say so)", plugins ? plugins : "task/none");
}

static void check_conf_together(struct vctx *v)
{
	check_job_ids(v);
	check_preempt(v);
	check_select(v);
	check_needs(v, "SlurmSchedLogLevel", "SlurmSchedLogFile", "0");
	check_needs(v, "MCSParameters", "MCSPlugin", NULL);
	check_job_container(v);
	check_node_specs(v);
	check_device_confinement(v);
}

void validate_values(struct vctx *v)
{
	if (v->version < 0)
		return;
	for (size_t i = 0; i < v->m->n_partitions; i++) {
		check_partition_times(v, &v->m->partitions[i]);
		check_partition_nodes_given(v, &v->m->partitions[i]);
	}
	check_names(v);
	check_node_types(v);
	check_conf_together(v);
}
