/*
 * hwtruth.c: what slurmd finds on a host (slurmd -C, and slurmd -G with the
 * rendered files) against what the inventory declares for it.
 *
 * What Slurm does with each mismatch, measured on the lab with Slurm 22.05.8
 * and 24.11.5 (both behave alike; slurmctld's registration check):
 * - CPUs or sockets x cores x threads declared above what slurmd -C finds:
 *   slurmctld sets the node INVAL and DRAIN ("Low socket*core*thread count,
 *   Low CPUs"). With SlurmdParameters=config_overrides slurmd reports the
 *   declared values and the node runs (jobs get CPUs it lacks).
 * - fewer CPUs declared, or the same count in another sockets/cores/threads
 *   layout: the node runs on the declared layout; slurmd logs "Node
 *   configuration differs from hardware".
 * - RealMemory above what slurmd -C finds: INVAL and DRAIN ("Low
 *   RealMemory"); not with config_overrides. Below it: the node runs and
 *   Slurm hands out only RealMemory.
 * - fewer GPUs of a type than declared in slurmd -G's list: INVAL and DRAIN
 *   ("gres/gpu count reported lower than configured"), config_overrides or
 *   not; a type slurmd -G does not report counts as 0 of it. More: slurmd
 *   ignores the extra ones ("Ignoring extra GRES").
 * - a GPU file that does not exist: slurmd waits about 19 s ("Waiting for
 *   gres.conf file"), then exits (fatal: can't stat gres.conf file); the
 *   probe checks the files itself so a plan never waits for that.
 * - a GPU file that exists but is no device: slurmd logs "is not a valid
 *   character or block device" and still counts it; the node runs.
 * 24.11's slurmd -G also needs munged (auth init) and the slurm user
 * ("Unable to process configuration file" on a host before its first
 * apply): the GPUs are then "not checked", a note, never a refusal.
 */
#include "base/compat.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "slurm/hostlist.h"
#include "observe/hwtruth.h"
#include "transport/transport_exec.h"
#include "base/xalloc.h"
#include "base/strbuf.h"
#include "inventory/model.h"
#include "render/render.h"

#define HW_EOF "CLUSTERCTL_HWTRUTH_EOF"

/* ---- memory ---- */

static void hw_strv_free(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void hwtruth_obs_release(struct hw_obs *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n_gres; i++) {
		free(o->gres[i].name);
		free(o->gres[i].type);
		free(o->gres[i].file);
	}
	free(o->gres);
	free(o->g_error);
	free(o->c_error);
	hw_strv_free(o->missing, o->n_missing);
	hw_strv_free(o->notdev, o->n_notdev);
	memset(o, 0, sizeof(*o));
}

void hwtruth_findings_release(struct hw_findings *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++)
		free(f->items[i].text);
	free(f->items);
	memset(f, 0, sizeof(*f));
}

bool hwtruth_has_error(const struct hw_findings *f)
{
	for (size_t i = 0; f && i < f->n; i++)
		if (f->items[i].level == HW_ERROR)
			return true;
	return false;
}

const char *hwtruth_level_name(enum hw_level l)
{
	return l == HW_ERROR ? "error" : l == HW_WARNING ? "warning" : "note";
}

ATTR_PRINTF(3, 4)
static void hw_add(struct hw_findings *f, enum hw_level level,
		   const char *fmt, ...)
{
	struct strbuf sb = STRBUF_INIT;
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	if (f->n == f->alloc) {
		f->alloc = f->alloc ? 2 * f->alloc : 4;
		f->items = xreallocarray(f->items, f->alloc, sizeof(*f->items));
	}
	f->items[f->n++] = (struct hw_finding){ level, strbuf_detach(&sb, NULL) };
}

static void hw_push(char ***v, size_t *n, const char *s, size_t len)
{
	*v = xreallocarray(*v, *n + 1, sizeof(**v));
	(*v)[(*n)++] = xstrndup(s, len);
}

/* ---- the probe ---- */

bool hwtruth_probes(const struct model *m, size_t idx)
{
	return m->hosts[idx].type != NULL;
}

/* The files of hostlist files (may be NULL) as words of cmd. */
static void hw_probe_words(struct strbuf *cmd, const char *files)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *cause = NULL;

	if (files && !hostlist_expand(files, &hl, &cause))
		for (size_t k = 0; k < hl.n; k++) {
			strbuf_addch(cmd, ' ');
			transport_shell_quote(cmd, hl.names[k]);
		}
	free(cause);
	hostlist_release(&hl);
}

/* Whether the node type's GRES besides the GPUs name files. */
static bool hw_gres_files(const struct node_type *nt)
{
	for (size_t i = 0; i < nt->n_gres; i++)
		if (nt->gres[i].files)
			return true;
	return false;
}

/*
 * Every device file the node type's GPUs and other GRES name, one "f" per
 * line of the loop: slurmd stats each File= of gres.conf.
 */
static void hw_probe_files(struct strbuf *cmd, const struct node_type *nt)
{
	strbuf_addstr(cmd, "for f in");
	for (size_t i = 0; i < nt->n_gpus; i++) {
		hw_probe_words(cmd, nt->gpus[i].files);
		hw_probe_words(cmd, nt->gpus[i].multiple_files);
	}
	for (size_t i = 0; i < nt->n_gres; i++)
		hw_probe_words(cmd, nt->gres[i].files);
	strbuf_addstr(cmd, "; do if [ -c \"$f\" ] || [ -b \"$f\" ]; then :; "
		      "elif [ -e \"$f\" ]; then echo \"@@HW notdev $f\"; "
		      "else echo \"@@HW missing $f\"; m=1; fi; done\n");
}

/* A here-document can carry b unless a line of it is the terminator. */
static bool hw_heredoc_ok(const struct rendered_blob *b)
{
	size_t n = strlen(HW_EOF);

	for (const char *p = b->bytes, *end = b->bytes + b->len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t l = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (l == n && !memcmp(p, HW_EOF, n))
			return false;
		if (memchr(p, '\0', l))
			return false;
		p += l + 1;
	}
	return true;
}

static void hw_probe_write(struct strbuf *cmd, const char *base,
			   const struct rendered_blob *b)
{
	strbuf_addf(cmd, "cat >\"$d/%s\" <<'" HW_EOF "'\n", base);
	strbuf_add(cmd, b->bytes, b->len);
	if (b->len && b->bytes[b->len - 1] != '\n')
		strbuf_addch(cmd, '\n');
	strbuf_addstr(cmd, HW_EOF "\n");
}

/* slurmd -G with the rendered files; only when every GPU file exists. */
static void hw_probe_gres(struct strbuf *cmd, const struct model *m, size_t idx,
			  const struct rendered_set *rs, size_t from, size_t to)
{
	const struct rendered_blob *conf = rendered_conf_blob(m, rs, from, to, "slurm.conf");
	const struct rendered_blob *gres = rendered_conf_blob(m, rs, from, to, "gres.conf");
	const struct rendered_blob *cg = rendered_conf_blob(m, rs, from, to, "cgroup.conf");

	if (!conf || !gres || !hw_heredoc_ok(conf) || !hw_heredoc_ok(gres) ||
	    (cg && !hw_heredoc_ok(cg))) {
		strbuf_addstr(cmd, "echo '@@HW G-skipped no rendered slurm.conf and gres.conf'\n");
		return;
	}
	hw_probe_write(cmd, "slurm.conf", conf);
	hw_probe_write(cmd, "gres.conf", gres);
	if (cg)
		hw_probe_write(cmd, "cgroup.conf", cg);
	strbuf_addstr(cmd, "if [ $m = 0 ]; then slurmd -G -f \"$d/slurm.conf\" -N ");
	transport_shell_quote(cmd, m->hosts[idx].name);
	strbuf_addstr(cmd, " </dev/null >\"$d/g\" 2>&1; echo \"@@HW G $?\"; "
		      "sed 's/^/@@HG /' \"$d/g\"; fi\n");
}

void hwtruth_probe(struct strbuf *cmd, const struct model *m, size_t idx,
		   const struct rendered_set *rs, size_t from, size_t to)
{
	const struct node_type *nt = m->hosts[idx].type;

	if (!hwtruth_probes(m, idx))
		return;
	strbuf_addstr(cmd, "\necho '@@HW begin'\n"
		      "if ! command -v slurmd >/dev/null 2>&1; then echo '@@HW no-slurmd'\n"
		      "elif d=$(mktemp -d 2>/dev/null); then m=0\n"
		      "slurmd -C </dev/null >\"$d/c\" 2>&1; echo \"@@HW C $?\"; "
		      "sed 's/^/@@HC /' \"$d/c\"\n");
	if (nt->n_gpus || hw_gres_files(nt))
		hw_probe_files(cmd, nt);
	if (nt->n_gpus)
		hw_probe_gres(cmd, m, idx, rs, from, to);
	strbuf_addstr(cmd, "rm -rf \"$d\"\nfi\necho '@@HW end'\n");
}

/* ---- parsers ---- */

/* The value of KEY= among the words of line[0 .. len), or NULL. */
static const char *hw_word(const char *line, size_t len, const char *key,
			   size_t *vlen)
{
	size_t kl = strlen(key);

	for (const char *p = line, *end = line + len; p < end;) {
		const char *sp = memchr(p, ' ', (size_t)(end - p));
		size_t wl = sp ? (size_t)(sp - p) : (size_t)(end - p);

		if (wl > kl && !strncmp(p, key, kl) && p[kl] == '=') {
			*vlen = wl - kl - 1;
			return p + kl + 1;
		}
		p += wl + 1;
	}
	return NULL;
}

/* KEY=<decimal> among the words; -1 when absent or not a number. */
static long long hw_num(const char *line, size_t len, const char *key)
{
	size_t vl;
	const char *v = hw_word(line, len, key, &vl);
	long long n = 0;

	if (!v || !vl || vl > 15)
		return -1;
	for (size_t i = 0; i < vl; i++) {
		if (v[i] < '0' || v[i] > '9')
			return -1;
		n = n * 10 + (v[i] - '0');
	}
	return n;
}

int hwtruth_parse_c(const char *text, struct hw_obs *o)
{
	for (const char *p = text; *p;) {
		const char *eol = strchrnul(p, '\n');
		size_t len = (size_t)(eol - p);
		long long boards = hw_num(p, len, "Boards");
		long long spb = hw_num(p, len, "SocketsPerBoard");

		if (!strncmp(p, "NodeName=", 9) && hw_num(p, len, "CPUs") >= 0) {
			o->cpus = hw_num(p, len, "CPUs");
			o->sockets = (boards > 0 ? boards : 1) * (spb > 0 ? spb : 1);
			o->cores = hw_num(p, len, "CoresPerSocket");
			o->threads = hw_num(p, len, "ThreadsPerCore");
			o->memory_mb = hw_num(p, len, "RealMemory");
			if (o->cores >= 0 && o->threads >= 0 && o->memory_mb >= 0 &&
			    spb >= 0) {
				o->has_c = true;
				return 0;
			}
		}
		p = *eol ? eol + 1 : eol;
	}
	free(o->c_error);
	o->c_error = xstrdup("slurmd -C printed no NodeName line with CPUs, "
			     "SocketsPerBoard, CoresPerSocket, ThreadsPerCore "
			     "and RealMemory");
	return -1;
}

static char *hw_dup_value(const char *line, size_t len, const char *key)
{
	size_t vl;
	const char *v = hw_word(line, len, key, &vl);

	if (!v || (vl == 6 && !memcmp(v, "(null)", 6)))
		return NULL;
	return xstrndup(v, vl);
}

/*
 * slurmd's log prefix is dropped; a Gres line is then "Gres ...". 22.05 and
 * 24.11 print "slurmd: " on stderr, 26.05 a timestamp ("[2026-...] ").
 */
static const char *hw_unprefix(const char *p, size_t *len)
{
	const char *end = *len > 0 && *p == '[' ? memchr(p, ']', *len) : NULL;

	if (end && (size_t)(end - p) + 2 <= *len && end[1] == ' ') {
		*len -= (size_t)(end - p) + 2;
		return end + 2;
	}
	if (*len >= 8 && !strncmp(p, "slurmd: ", 8)) {
		*len -= 8;
		return p + 8;
	}
	return p;
}

static void hw_add_gres(struct hw_obs *o, const char *l, size_t len)
{
	struct hw_gres g = { 0 };

	g.name = hw_dup_value(l, len, "Name");
	g.count = hw_num(l, len, "Count");
	if (!g.name || g.count < 0) {
		free(g.name);
		return;
	}
	g.type = hw_dup_value(l, len, "Type");
	g.file = hw_dup_value(l, len, "File");
	o->gres = xreallocarray(o->gres, o->n_gres + 1, sizeof(*o->gres));
	o->gres[o->n_gres++] = g;
}

int hwtruth_parse_g(const char *text, struct hw_obs *o)
{
	size_t before = o->n_gres;

	for (const char *p = text; *p;) {
		const char *eol = strchrnul(p, '\n');
		size_t len = (size_t)(eol - p);
		const char *l = hw_unprefix(p, &len);

		if (len > 5 && !strncmp(l, "Gres ", 5))
			hw_add_gres(o, l + 5, len - 5);
		else if ((len > 7 && !strncmp(l, "error: ", 7)) ||
			 (len > 7 && !strncmp(l, "fatal: ", 7))) {
			free(o->g_error);
			o->g_error = xstrndup(l, len);
		}
		p = *eol ? eol + 1 : eol;
	}
	if (o->n_gres > before)
		return 0;
	if (!o->g_error)
		o->g_error = xstrdup("slurmd -G printed no Gres line");
	return -1;
}

/* One "@@HW ..." status line. */
static void hw_parse_status(const char *l, size_t len, struct hw_obs *o)
{
	if (len == 5 && !strncmp(l, "begin", 5))
		o->probed = true;
	else if (len == 9 && !strncmp(l, "no-slurmd", 9))
		o->no_slurmd = true;
	else if (len > 2 && !strncmp(l, "C ", 2))
		o->c_rc = atoi(l + 2);
	else if (len > 2 && !strncmp(l, "G ", 2)) {
		o->g_run = true;
		o->g_rc = atoi(l + 2);
	} else if (len > 8 && !strncmp(l, "missing ", 8))
		hw_push(&o->missing, &o->n_missing, l + 8, len - 8);
	else if (len > 7 && !strncmp(l, "notdev ", 7))
		hw_push(&o->notdev, &o->n_notdev, l + 7, len - 7);
}

void hwtruth_parse(const char *out, struct hw_obs *o)
{
	struct strbuf c = STRBUF_INIT, g = STRBUF_INIT;

	hwtruth_obs_release(o);
	for (const char *p = out; p && *p;) {
		const char *eol = strchrnul(p, '\n');
		size_t len = (size_t)(eol - p);

		if (len >= 5 && !strncmp(p, "@@HW ", 5))
			hw_parse_status(p + 5, len - 5, o);
		else if (len >= 5 && !strncmp(p, "@@HC ", 5)) {
			strbuf_add(&c, p + 5, len - 5);
			strbuf_addch(&c, '\n');
		} else if (len >= 5 && !strncmp(p, "@@HG ", 5)) {
			strbuf_add(&g, p + 5, len - 5);
			strbuf_addch(&g, '\n');
		}
		p = *eol ? eol + 1 : eol;
	}
	if (o->probed && !o->no_slurmd)
		hwtruth_parse_c(c.buf, o);
	if (o->g_run)
		hwtruth_parse_g(g.buf, o);
	strbuf_release(&c);
	strbuf_release(&g);
}

/* ---- the check ---- */

/* SlurmdParameters=config_overrides: slurmd reports slurm.conf's values. */
static bool hw_config_overrides(const struct model *m)
{
	const struct kv_list *kv = &m->cluster.slurm_conf;

	for (size_t i = 0; i < kv->n; i++)
		if (!strcasecmp(kv->items[i].key, "SlurmdParameters") &&
		    kv->items[i].value && strstr(kv->items[i].value, "config_overrides"))
			return true;
	return false;
}

static long long hw_or1(long long v)
{
	return v == MODEL_UNSET ? 1 : v;
}


static void hw_check_cpus(const struct node_type *nt, const struct hw_obs *o,
			  bool overrides, struct hw_findings *f)
{
	bool topo = nt->sockets != MODEL_UNSET || nt->cores_per_socket != MODEL_UNSET ||
		    nt->threads_per_core != MODEL_UNSET;
	long long s = hw_or1(nt->sockets), c = hw_or1(nt->cores_per_socket);
	long long t = hw_or1(nt->threads_per_core);
	long long want = nt->cpus != MODEL_UNSET ? nt->cpus : topo ? s * c * t : MODEL_UNSET;
	struct strbuf d = STRBUF_INIT;

	if (want == MODEL_UNSET)
		return;
	if (topo)	/* the layout, when the inventory declares one */
		strbuf_addf(&d, " (%lld x %lld x %lld)", s, c, t);
	if (want > o->cpus || (topo && s * c * t > o->sockets * o->cores * o->threads))
		hw_add(f, overrides ? HW_WARNING : HW_ERROR,
		       "CPUs: %lld declared%s, slurmd -C finds %lld (%lld sockets x "
		       "%lld cores x %lld threads): %s", want, d.buf, o->cpus, o->sockets,
		       o->cores, o->threads, overrides ?
		       "slurmd reports the declared ones (config_overrides), "
		       "jobs get CPUs the host lacks" :
		       "slurmctld drains it (Low CPUs)");
	else if (want < o->cpus)
		hw_add(f, HW_WARNING, "CPUs: %lld declared, slurmd -C finds %lld: "
		       "Slurm uses %lld", want, o->cpus, want);
	else if (topo && (s != o->sockets || c != o->cores || t != o->threads))
		hw_add(f, HW_WARNING, "CPU layout: %lld sockets x %lld cores x %lld "
		       "threads declared, slurmd -C finds %lld x %lld x %lld: Slurm "
		       "runs it on the declared layout", s, c, t, o->sockets,
		       o->cores, o->threads);
	strbuf_release(&d);
}

static void hw_check_memory(const struct node_type *nt, const struct hw_obs *o,
			    bool overrides, struct hw_findings *f)
{
	if (nt->memory_mb == MODEL_UNSET || nt->memory_mb == o->memory_mb)
		return;
	if (nt->memory_mb > o->memory_mb)
		hw_add(f, overrides ? HW_WARNING : HW_ERROR,
		       "memory: RealMemory %lld MB declared, slurmd -C finds %lld MB: %s",
		       nt->memory_mb, o->memory_mb, overrides ?
		       "slurmd reports the declared size (config_overrides), "
		       "jobs may get memory the host lacks" :
		       "slurmctld drains it (Low RealMemory)");
	else
		hw_add(f, HW_WARNING, "memory: RealMemory %lld MB declared, slurmd -C "
		       "finds %lld MB: Slurm hands out %lld MB", nt->memory_mb,
		       o->memory_mb, nt->memory_mb);
}

/* GPUs slurmd -G reports of this type (every type for an untyped spec). */
static long long hw_gpus_of(const struct hw_obs *o, const char *type)
{
	long long n = 0;

	for (size_t i = 0; i < o->n_gres; i++)
		if (!strcmp(o->gres[i].name, "gpu") &&
		    (!type || (o->gres[i].type && !strcasecmp(o->gres[i].type, type))))
			n += o->gres[i].count;
	return n;
}

/* Folds a list of paths for one line ("/dev/nvidia[0-3]"). */
static char *hw_fold(char **v, size_t n)
{
	return hostlist_compress((const char *const *)v, n);
}

static void hw_check_files(const struct hw_obs *o, struct hw_findings *f)
{
	char *s;

	if (o->n_missing) {
		s = hw_fold(o->missing, o->n_missing);
		hw_add(f, HW_ERROR, "GRES files missing: %s: slurmd does not start "
		       "(can't stat gres.conf file)", s);
		free(s);
	}
	if (o->n_notdev) {
		s = hw_fold(o->notdev, o->n_notdev);
		hw_add(f, HW_WARNING, "GRES files that are no device: %s: slurmd "
		       "logs an error and counts them anyway", s);
		free(s);
	}
}

static void hw_check_gpus(const struct node_type *nt, const struct hw_obs *o,
			  struct hw_findings *f)
{
	hw_check_files(o, f);
	if (o->n_missing)
		return;		/* slurmd -G did not run: it would wait, then die */
	if (!o->g_run || o->g_rc || !o->n_gres) {
		hw_add(f, HW_NOTE, "GPUs not checked: slurmd -G %s%s%s",
		       o->g_run ? "exited with an error" : "did not run",
		       o->g_error ? ": " : "", o->g_error ? o->g_error : "");
		return;
	}
	/* a type's entries together, as Gres= declares them */
	for (size_t i = 0; i < nt->n_gpus; i++) {
		const struct gpu_spec *g = &nt->gpus[i];
		long long have = hw_gpus_of(o, g->type), want;

		if (!model_gpu_first_of_type(nt, i))
			continue;
		want = model_gpu_type_count(nt, i);
		if (!want || have == want)
			continue;
		if (have < want)
			hw_add(f, HW_ERROR, "GPUs: %lld%s%s%s declared, slurmd -G finds "
			       "%lld: slurmctld drains it (gres/gpu count reported "
			       "lower than configured)", want, g->type ? " '" : "",
			       g->type ? g->type : "", g->type ? "'" : "", have);
		else
			hw_add(f, HW_WARNING, "GPUs: %lld%s%s%s declared, slurmd -G finds "
			       "%lld: Slurm uses %lld", want, g->type ? " '" : "",
			       g->type ? g->type : "", g->type ? "'" : "", have, want);
	}
}

void hwtruth_check(const struct model *m, size_t idx, const struct hw_obs *o,
		   struct hw_findings *f)
{
	const struct node_type *nt = m->hosts[idx].type;
	bool overrides = hw_config_overrides(m);

	if (!o->probed || !nt)
		return;
	if (o->no_slurmd) {
		hw_add(f, HW_NOTE, "hardware not checked: slurmd is not installed");
		return;
	}
	if (!o->has_c)
		hw_add(f, HW_NOTE, "CPUs and memory not checked: slurmd -C %s",
		       o->c_error ? o->c_error : "failed");
	else {
		hw_check_cpus(nt, o, overrides, f);
		hw_check_memory(nt, o, overrides, f);
	}
	if (nt->n_gpus)
		hw_check_gpus(nt, o, f);
	else
		hw_check_files(o, f);
}
