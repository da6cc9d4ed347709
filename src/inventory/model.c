/*
 * model.c: the model's pool allocator, its defaults and its lookups. The
 * pool is a chain of blocks; the whole model goes in one model_free().
 * Also the one owner of the model's questions: who runs what (roles),
 * who owns what (service users' ids), and the database password
 * (db_password()).
 */
#include "base/compat.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "base/fileio.h"
#include "inventory/model.h"
#include "slurm/passfile.h"
#include "slurm/slurmkeys.h"
#include "base/strbuf.h"
#include "base/xalloc.h"

struct pool_block {
	struct pool_block *next;
	size_t used, size;
	max_align_t data[];
};

#define POOL_BLOCK_SIZE (64 * 1024)

void *pool_alloc(struct pool *p, size_t size)
{
	struct pool_block *b = p->head;
	size_t align = _Alignof(max_align_t);
	size_t need = (size + align - 1) / align * align;
	void *res;

	if (!need)
		need = align;
	if (!b || b->size - b->used < need) {
		size_t bsize = need > POOL_BLOCK_SIZE ? need : POOL_BLOCK_SIZE;

		b = xmalloc(sizeof(*b) + bsize);
		b->used = 0;
		b->size = bsize;
		/* a big one-off block goes behind the head so the head keeps its room */
		if (p->head && need > POOL_BLOCK_SIZE) {
			b->next = p->head->next;
			p->head->next = b;
		} else {
			b->next = p->head;
			p->head = b;
		}
	}
	res = (char *)b->data + b->used;
	b->used += need;
	memset(res, 0, size);
	return res;
}

char *pool_strndup(struct pool *p, const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *d = pool_alloc(p, len + 1);

	memcpy(d, s, len);
	d[len] = '\0';
	return d;
}

char *pool_strdup(struct pool *p, const char *s)
{
	return s ? pool_strndup(p, s, strlen(s)) : NULL;
}

char *pool_printf(struct pool *p, const char *fmt, ...)
{
	va_list ap;
	char *tmp, *res;

	va_start(ap, fmt);
	tmp = xvasprintf(fmt, ap);
	va_end(ap);
	res = pool_strdup(p, tmp);
	free(tmp);
	return res;
}

void pool_release(struct pool *p)
{
	struct pool_block *b = p->head;

	while (b) {
		struct pool_block *next = b->next;

		free(b);
		b = next;
	}
	p->head = NULL;
}

bool str_list_has(const struct str_list *l, const char *s)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->items[i], s))
			return true;
	return false;
}

const struct kv *kv_find(const struct kv_list *kv, const char *key)
{
	size_t i;

	for (i = 0; i < kv->n; i++)
		if (!strcmp(kv->items[i].key, key))
			return &kv->items[i];
	return NULL;
}

const struct kv *kv_find_nocase(const struct kv_list *kv, const char *key)
{
	for (size_t i = 0; i < kv->n; i++)
		if (!strcasecmp(kv->items[i].key, key))
			return &kv->items[i];
	return NULL;
}

const char *kv_get(const struct kv_list *kv, const char *key)
{
	const struct kv *e = kv_find(kv, key);

	return e ? e->value : NULL;
}

static const char *const service_names[SVC_COUNT] = {
	[SVC_MUNGE] = "munge",
	[SVC_SLURMCTLD] = "slurmctld",
	[SVC_SLURMD] = "slurmd",
	[SVC_SLURMDBD] = "slurmdbd",
	[SVC_SACKD] = "sackd",
};

const char *service_kind_name(enum service_kind k)
{
	return k < SVC_COUNT ? service_names[k] : "?";
}

static void set_systemd_defaults(struct model *m)
{
	int k;

	for (k = 0; k < SVC_COUNT; k++) {
		struct service_cmds *s = &m->cluster.services[k];
		const char *n = service_names[k];

		s->start = pool_printf(&m->pool, "systemctl start %s", n);
		s->stop = pool_printf(&m->pool, "systemctl stop %s", n);
		s->restart = pool_printf(&m->pool, "systemctl restart %s", n);
		s->reconfigure = NULL;
	}
	m->cluster.services[SVC_SLURMCTLD].reconfigure =
		pool_strdup(&m->pool, "scontrol reconfigure");
}

struct model *model_new(void)
{
	struct model *m = xcalloc(1, sizeof(*m));
	struct cluster *c = &m->cluster;

	m->dir = ".";
	c->slurm_version = "22.05";
	c->config_mode = CONFIG_PUSH;
	c->config_dir = "/etc/slurm";
	c->munge_key_path = "/etc/munge/munge.key";
	c->slurm_user = (struct svc_user){ .name = "slurm", .group = "slurm",
					   .uid = MODEL_UNSET, .gid = MODEL_UNSET };
	c->munge_user = (struct svc_user){ .name = "munge", .group = "munge",
					   .uid = MODEL_UNSET, .gid = MODEL_UNSET };
	c->slurmctld_port = c->slurmd_port = c->slurmdbd_port = MODEL_UNSET;
	c->slurmctld_port_last = MODEL_UNSET;
	set_systemd_defaults(m);

	/* user and port unset: ssh_config's, else root and 22 (transport.h) */
	m->ssh = (struct ssh_settings){ .port = MODEL_UNSET, .fanout = 64,
					.connect_timeout = 10,
					.command_timeout = 300 };
	m->db = (struct db_settings){ .port = MODEL_DB_PORT, .name = MODEL_DB_NAME,
				      .user = MODEL_DB_USER, .method = DB_METHOD_AUTO };
	return m;
}

void model_free(struct model *m)
{
	if (!m)
		return;
	pool_release(&m->pool);
	free(m);
}

#define DEFINE_FIND(fn, type, arr, count)                                 \
	DEFINE_FIND_(fn, type, arr, count, )
#define DEFINE_FIND_(fn, type, arr, count, storage)                        \
	storage const struct type *fn(const struct model *m, const char *name)     \
	{                                                                  \
		size_t i;                                                  \
		for (i = 0; i < m->count; i++)                             \
			if (m->arr[i].name && !strcmp(m->arr[i].name, name)) \
				return &m->arr[i];                         \
		return NULL;                                               \
	}

struct placed_host {
	struct host h;
	size_t pos;		/* where it was: equal seqs keep their order */
};

static int placed_host_cmp(const void *pa, const void *pb)
{
	const struct placed_host *a = pa, *b = pb;
	bool ua = a->h.scope != HOST_MANAGED, ub = b->h.scope != HOST_MANAGED;

	if (ua != ub)
		return ua ? 1 : -1;
	if (a->h.seq != b->h.seq)
		return a->h.seq < b->h.seq ? -1 : 1;
	return a->pos < b->pos ? -1 : a->pos > b->pos;
}

void model_split_hosts(struct model *m)
{
	size_t i, total = model_n_declared(m);
	struct placed_host *tmp;

	if (!total)
		return;
	tmp = xcalloc(total, sizeof(*tmp));
	for (i = 0; i < total; i++)
		tmp[i] = (struct placed_host){ m->hosts[i], i };
	xqsort(tmp, total, sizeof(*tmp), placed_host_cmp);
	m->n_unmanaged = 0;
	for (i = 0; i < total; i++) {
		m->hosts[i] = tmp[i].h;
		m->n_unmanaged += tmp[i].h.scope != HOST_MANAGED;
	}
	m->n_hosts = total - m->n_unmanaged;
	free(tmp);
	if (m->host_index)
		model_index_hosts(m);
}

int model_limit_hosts(struct model *m, const char *const *names, size_t n,
		      char **cause)
{
	size_t i, total = model_n_declared(m);
	bool *keep = xcalloc(total + 1, sizeof(*keep));
	int rc = 0;

	*cause = NULL;
	for (i = 0; i < n && !rc; i++) {
		const struct host *h = model_find_host(m, names[i]);

		if (!h)
			*cause = xasprintf("'%s' is not a host of the inventory",
					   names[i]);
		else if (h->scope == HOST_DECLARED)
			*cause = xasprintf("host '%s' is declared with "
					   "managed: false", names[i]);
		else
			keep[h - m->hosts] = true;
		rc = *cause ? -1 : 0;
	}
	for (i = 0; i < total && !rc; i++) {
		struct host *h = &m->hosts[i];

		if (h->scope == HOST_MANAGED && !keep[i] &&
		    model_central_daemon(m, h) == SVC_COUNT)
			h->scope = HOST_OUTSIDE_LIMIT;
	}
	if (!rc)
		model_split_hosts(m);
	free(keep);
	return rc;
}

static int host_ptr_cmp(const void *pa, const void *pb)
{
	const struct host *a = *(const struct host *const *)pa;
	const struct host *b = *(const struct host *const *)pb;
	int c = strcmp(a->name, b->name);

	/* equal names keep definition order: first defined first */
	if (c)
		return c;
	if (a->seq != b->seq)
		return a->seq < b->seq ? -1 : 1;
	return a < b ? -1 : a > b;
}

void model_index_hosts(struct model *m)
{
	const struct host **idx;
	size_t i, n = model_n_declared(m);

	idx = pool_alloc(&m->pool, (n ? n : 1) * sizeof(*idx));
	for (i = 0; i < n; i++)
		idx[i] = &m->hosts[i];
	xqsort(idx, n, sizeof(*idx), host_ptr_cmp);
	m->host_index = idx;
	m->n_host_index = n;
}

static const struct host *find_host_indexed(const struct model *m,
					    const char *name)
{
	size_t lo = 0, hi = m->n_host_index;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(m->host_index[mid]->name, name);

		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < m->n_host_index && !strcmp(m->host_index[lo]->name, name))
		return m->host_index[lo];
	return NULL;
}

static const struct host *find_host_linear(const struct model *m,
					   const char *name)
{
	size_t i;

	for (i = 0; i < model_n_declared(m); i++)
		if (m->hosts[i].name && !strcmp(m->hosts[i].name, name))
			return &m->hosts[i];
	return NULL;
}

const struct host *model_find_host(const struct model *m, const char *name)
{
	if (m->host_index && m->n_host_index == model_n_declared(m))
		return find_host_indexed(m, name);
	return find_host_linear(m, name);
}

DEFINE_FIND(model_find_node_type, node_type, node_types, n_node_types)
DEFINE_FIND(model_find_partition, partition, partitions, n_partitions)
DEFINE_FIND(model_find_qos, qos, qos, n_qos)
DEFINE_FIND(model_find_account, account, accounts, n_accounts)
DEFINE_FIND(model_find_user, user, users, n_users)
DEFINE_FIND(model_fed_member, fed_member, fed_members, n_fed_members)

const char *user_default_account(const struct user *u)
{
	if (u->default_account)
		return u->default_account;
	return u->accounts.n ? u->accounts.items[0] : NULL;
}

/* ---- roles and owners ---- */

size_t model_controller(const struct model *m)
{
	const char *ctl = m->cluster.controller;
	size_t i;

	for (i = 0; ctl && i < m->n_hosts; i++)
		if (!strcmp(m->hosts[i].name, ctl))
			return i;
	for (i = 0; i < m->n_hosts; i++)
		if (m->hosts[i].roles & ROLE_CONTROLLER)
			return i;
	return SIZE_MAX;
}

static bool named(const char *name, const struct host *h)
{
	return name && !strcmp(name, h->name);
}

bool model_host_runs(const struct model *m, const struct host *h,
		     enum service_kind k)
{
	const struct cluster *c = &m->cluster;

	switch (k) {
	case SVC_MUNGE:
		return true;
	case SVC_SLURMCTLD:
		return (h->roles & (ROLE_CONTROLLER | ROLE_BACKUP)) ||
		       named(c->controller, h) || named(c->backup_controller, h);
	case SVC_SLURMD:
		return h->roles & ROLE_COMPUTE;
	case SVC_SLURMDBD:
		return (h->roles & ROLE_DBD) || named(c->accounting_host, h);
	case SVC_SACKD:
		/*
		 * A login host with no slurmd has no cache for its client
		 * commands unless sackd (23.11+) fetches one; before 23.11
		 * it keeps the files pushed to it.
		 */
		return c->config_mode == CONFIG_CONFIGLESS &&
		       (h->roles & ROLE_LOGIN) && !(h->roles & ROLE_COMPUTE) &&
		       !model_host_runs(m, h, SVC_SLURMCTLD) &&
		       slurmkeys_has(c->slurm_version, SLURM_SACKD);
	default:
		return false;
	}
}

bool model_host_fetches(const struct model *m, const struct host *h)
{
	return m->cluster.config_mode == CONFIG_CONFIGLESS &&
	       !model_host_runs(m, h, SVC_SLURMCTLD) &&
	       (model_host_runs(m, h, SVC_SLURMD) ||
		model_host_runs(m, h, SVC_SACKD));
}

const char *model_role_name(unsigned i)
{
	static const char *const names[] = { "controller", "backup", "dbd",
					     "compute", "login", "storage" };

	return i < ARRAY_SIZE(names) ? names[i] : NULL;
}

bool model_pass_file_for(const struct pass_file *f, const struct host *h,
			 bool named)
{
	return (!f->roles && !f->hosts) || (f->roles & h->roles) || named;
}

bool model_has_gpus(const struct model *m)
{
	size_t i;

	for (i = 0; i < model_n_declared(m); i++) {
		const struct host *h = &m->hosts[i];
		const struct node_type *nt = h->type ? h->type :
			h->type_name ? model_find_node_type(m, h->type_name) : NULL;

		if (nt && nt->n_gpus)
			return true;
	}
	return false;
}

/* Two GRES types (NULL: untyped) as Slurm compares them: any case. */
static bool same_gres_type(const char *a, const char *b)
{
	return a ? b && !strcasecmp(a, b) : !b;
}

static bool gpu_same_type(const struct gpu_spec *a, const struct gpu_spec *b)
{
	return same_gres_type(a->type, b->type);
}

bool model_gpu_first_of_type(const struct node_type *nt, size_t g)
{
	for (size_t i = 0; i < g; i++)
		if (gpu_same_type(&nt->gpus[i], &nt->gpus[g]))
			return false;
	return true;
}

long long model_gpu_type_count(const struct node_type *nt, size_t g)
{
	long long n = 0;

	for (size_t i = 0; i < nt->n_gpus; i++)
		if (gpu_same_type(&nt->gpus[i], &nt->gpus[g]) && nt->gpus[i].count > 0)
			n += nt->gpus[i].count;
	return n;
}

static bool gres_same_kind(const struct gres_spec *a, const struct gres_spec *b)
{
	return !strcasecmp(a->name, b->name) && same_gres_type(a->type, b->type);
}

bool model_gres_first_of_kind(const struct node_type *nt, size_t g)
{
	for (size_t i = 0; i < g; i++)
		if (gres_same_kind(&nt->gres[i], &nt->gres[g]))
			return false;
	return true;
}

long long model_gres_kind_count(const struct node_type *nt, size_t g)
{
	long long n = 0;

	for (size_t i = 0; i < nt->n_gres; i++)
		if (gres_same_kind(&nt->gres[i], &nt->gres[g]) && nt->gres[i].count > 0)
			n += nt->gres[i].count;
	return n;
}

bool model_gres_is_shared(const char *name)
{
	return name && (!strcasecmp(name, "shard") || !strcasecmp(name, "mps"));
}

enum service_kind model_central_daemon(const struct model *m,
				       const struct host *h)
{
	if (model_host_runs(m, h, SVC_SLURMCTLD))
		return SVC_SLURMCTLD;
	if (model_host_runs(m, h, SVC_SLURMDBD))
		return SVC_SLURMDBD;
	return SVC_COUNT;
}

const struct host *model_dbd_host(const struct model *m)
{
	size_t i;

	if (m->cluster.accounting_host)
		return model_find_host(m, m->cluster.accounting_host);
	for (i = 0; i < m->n_hosts; i++)
		if (m->hosts[i].roles & ROLE_DBD)
			return &m->hosts[i];
	return NULL;
}

const char *svc_user_group(const struct svc_user *u)
{
	return u->group ? u->group : u->name;
}

const struct svc_user *model_svc_user(const struct model *m,
				      enum svc_ident who)
{
	return who == IDENT_SLURM ? &m->cluster.slurm_user :
		&m->cluster.munge_user;
}

long long model_uid_of(const struct model *m, const char *owner)
{
	const struct cluster *c = &m->cluster;

	if (!strcmp(owner, "root"))
		return 0;
	if (c->slurm_user.name && !strcmp(owner, c->slurm_user.name))
		return c->slurm_user.uid;
	if (c->munge_user.name && !strcmp(owner, c->munge_user.name))
		return c->munge_user.uid;
	return -1;
}

long long model_gid_of(const struct model *m, const char *group)
{
	const struct cluster *c = &m->cluster;

	if (!strcmp(group, "root"))
		return 0;
	if (c->slurm_user.name && !strcmp(group, svc_user_group(&c->slurm_user)))
		return c->slurm_user.gid;
	if (c->munge_user.name && !strcmp(group, svc_user_group(&c->munge_user)))
		return c->munge_user.gid;
	return -1;
}

/* ---- the database ---- */

long long db_port(const struct db_settings *s)
{
	return s->port > 0 ? s->port : MODEL_DB_PORT;
}

const char *db_name(const struct db_settings *s)
{
	return s->name ? s->name : MODEL_DB_NAME;
}

const char *db_user(const struct db_settings *s)
{
	return s->user ? s->user : MODEL_DB_USER;
}

const char *db_storage_host(const struct db_settings *s)
{
	return s->storage_host ? s->storage_host : s->host;
}

/* ---- the database password ---- */

/* The file's bytes without the line break at its end (wipe after use). */
static char *secret_file(const char *path, const char *what, char **cause)
{
	struct strbuf sb = STRBUF_INIT;
	char buf[256];
	ssize_t n;
	/* a FIFO is refused, not waited on (fileio.h) */
	int fd = fileio_open_regular(path, NULL);

	if (fd < 0) {
		*cause = xasprintf("cannot read the %s password file '%s': %s", what,
				   path, fileio_strerror(errno));
		return NULL;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		strbuf_add(&sb, buf, (size_t)n);
	explicit_bzero(buf, sizeof(buf));
	if (n < 0) {
		*cause = xasprintf("cannot read the %s password file '%s': %s", what,
				   path, strerror(errno));
		close(fd);
		explicit_bzero(sb.buf, sb.len);
		strbuf_release(&sb);
		return NULL;
	}
	close(fd);
	while (sb.len && (sb.buf[sb.len - 1] == '\n' || sb.buf[sb.len - 1] == '\r'))
		sb.buf[--sb.len] = '\0';
	return strbuf_detach(&sb, NULL);
}

char *db_password(const struct db_settings *s, char **cause)
{
	const char *v;

	*cause = NULL;
	if (s->password)	/* import's, from slurmdbd.conf: never an inventory's */
		return xstrdup(s->password);
	/* no precedence, no fall-back (model.h says why) */
	if (s->password_file && s->password_env) {
		*cause = xstrdup("database.password_file and database.password_env "
				 "are both set");
		return NULL;
	}
	if (s->password_file)
		return secret_file(s->password_file, "database", cause);
	if (!s->password_env)
		return NULL;
	if (!(v = getenv(s->password_env))) {
		*cause = xasprintf("environment variable '%s' (database.password_env) "
				   "is not set", s->password_env);
		return NULL;
	}
	return xstrdup(v);
}

char *kv_secret(const struct kv *e, char **cause)
{
	*cause = NULL;
	return e->password_file ? secret_file(e->password_file, e->key, cause) :
				  xstrdup(e->value);
}

/* A user built without entries (tests, add-user) has no assocs: all unset. */
static const struct user_assoc *assoc_of(const struct user *u, size_t i)
{
	static const struct user_assoc none = {
		.grp_jobs = MODEL_UNSET, .grp_submit_jobs = MODEL_UNSET,
		.max_jobs = MODEL_UNSET, .max_submit_jobs = MODEL_UNSET,
	};

	return u->assocs ? &u->assocs[i] : &none;
}

#define PICK(field, unset) (a->field != (unset) ? a->field : u->field)

void user_assoc_resolve(const struct user *u, size_t i, struct user_assoc *out)
{
	const struct user_assoc *a = assoc_of(u, i);

	*out = *a;
	out->account = u->accounts.items[i];
	out->fairshare = PICK(fairshare, NULL);
	out->qos = a->qos.n ? a->qos : u->qos;
	out->default_qos = PICK(default_qos, NULL);
	out->grp_tres = a->grp_tres.n ? a->grp_tres : u->grp_tres;
	out->max_tres_per_job = a->max_tres_per_job.n ? a->max_tres_per_job :
		u->max_tres_per_job;
	out->grp_jobs = PICK(grp_jobs, MODEL_UNSET);
	out->grp_submit_jobs = PICK(grp_submit_jobs, MODEL_UNSET);
	out->max_jobs = PICK(max_jobs, MODEL_UNSET);
	out->max_submit_jobs = PICK(max_submit_jobs, MODEL_UNSET);
	out->max_wall = PICK(max_wall, NULL);
	if (!a->default_qos)
		out->default_qos_loc = u->default_qos_loc;
	if (!a->fairshare)
		out->fairshare_loc = u->fairshare_loc;
}

static bool same_str(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static bool same_names(const struct str_list *a, const struct str_list *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (!str_list_has(b, a->items[i]))
			return false;
	return true;
}

static bool same_kv(const struct kv_list *a, const struct kv_list *b)
{
	if (a->n != b->n)
		return false;
	for (size_t i = 0; i < a->n; i++)
		if (strcmp(a->items[i].key, b->items[i].key) ||
		    strcmp(a->items[i].value, b->items[i].value))
			return false;
	return true;
}

bool user_assoc_same(const struct user *u, size_t i, const struct user *v, size_t j)
{
	const struct user_assoc *a = assoc_of(u, i), *b = assoc_of(v, j);

	return !strcmp(u->accounts.items[i], v->accounts.items[j]) &&
	       same_str(a->partition, b->partition) && same_str(a->fairshare, b->fairshare) &&
	       same_names(&a->qos, &b->qos) && same_str(a->default_qos, b->default_qos) &&
	       same_kv(&a->grp_tres, &b->grp_tres) &&
	       same_kv(&a->max_tres_per_job, &b->max_tres_per_job) &&
	       a->grp_jobs == b->grp_jobs && a->grp_submit_jobs == b->grp_submit_jobs &&
	       a->max_jobs == b->max_jobs && a->max_submit_jobs == b->max_submit_jobs &&
	       same_str(a->max_wall, b->max_wall);
}

char *model_conf_path(const struct model *m, const char *base)
{
	return fileio_join(m->cluster.config_dir, base);
}

bool model_is_conf_path(const struct model *m, const char *path, const char *base)
{
	return fileio_in_dir(path, m->cluster.config_dir) &&
	       !strcmp(fileio_basename(path), base);
}

unsigned model_host_fetcher(const struct model *m, const struct host *h)
{
	if (!model_host_fetches(m, h))
		return 0;
	return model_host_runs(m, h, SVC_SLURMD) ? PASSFILE_SLURMD : PASSFILE_SACKD;
}
