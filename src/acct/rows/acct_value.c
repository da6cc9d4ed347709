/*
 * acct_value.c: canonical forms of accounting values. sacctmgr and
 * slurmdbd accept several spellings (100G, 102400; 1-00:00:00, 1440;
 * DenyOnLimit, denyonlimit); the diff needs one, so both the model and the
 * database side are brought to the forms documented in acct_state.h.
 */
#include "base/compat.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "inventory/inventory.h"
#include "slurm/slurmtime.h"
#include "base/strbuf.h"
#include "base/xalloc.h"
#include "inventory/inventory_scalar.h"
#include "acct/rows/acct_value.h"

char *acct_lower(char *s)
{
	for (char *p = s; p && *p; p++)
		*p = (char)tolower((unsigned char)*p);
	return s;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

char *acct_names_join(const char *const *names, size_t n)
{
	const char **v;
	struct strbuf sb = STRBUF_INIT;

	if (!n)
		return NULL;
	v = xmalloc(n * sizeof(*v));
	memcpy(v, names, n * sizeof(*v));
	xqsort(v, n, sizeof(*v), cmp_str);
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(v[i], v[i - 1]))
			continue;
		if (sb.len)
			strbuf_addch(&sb, ',');
		strbuf_addstr(&sb, v[i]);
	}
	free(v);
	return strbuf_detach(&sb, NULL);
}

bool acct_tres_name_ok(const char *name)
{
	static const char *const plain[] = {
		"cpu", "mem", "energy", "node", "billing", "fs/disk", "vmem",
		"pages",
	};
	static const char *const prefixed[] = { "gres/", "license/", "bb/", "fs/", "ic/" };

	for (size_t i = 0; i < ARRAY_SIZE(plain); i++)
		if (!strcmp(name, plain[i]))
			return true;
	for (size_t i = 0; i < ARRAY_SIZE(prefixed); i++) {
		size_t l = strlen(prefixed[i]);
		if (!strncmp(name, prefixed[i], l) && name[l])
			return true;
	}
	return false;
}

/* "100G" -> MB for mem (as validate reads it); a plain count for the rest. -2 = unlimited. */
static int tres_count(const char *name, const char *v, long long *out)
{
	char *end;
	long long n;

	if (!strcasecmp(v, "UNLIMITED") || !strcmp(v, "-1")) {
		*out = -2;
		return 0;
	}
	if (!strcmp(name, "mem"))
		return inventory_parse_memory(v, out);
	errno = 0;
	n = strtoll(v, &end, 10);
	if (errno || end == v || n < 0 || *end)
		return -1;
	*out = n;
	return 0;
}

int acct_tres_from_kv(const struct kv_list *kv, char **out, char **cause)
{
	const char **parts;
	size_t np = 0;

	*out = NULL;
	if (!kv || !kv->n)
		return 0;
	parts = xcalloc(kv->n, sizeof(*parts));
	for (size_t i = 0; i < kv->n; i++) {
		long long c;

		if (!acct_tres_name_ok(kv->items[i].key) ||
		    tres_count(kv->items[i].key, kv->items[i].value, &c) < 0) {
			*cause = xasprintf("bad TRES limit '%s=%s'", kv->items[i].key,
					   kv->items[i].value);
			while (np)
				free((char *)parts[--np]);
			free(parts);
			return -1;
		}
		if (c != -2)
			parts[np++] = xasprintf("%s=%lld", kv->items[i].key, c);
	}
	*out = acct_names_join(parts, np);
	while (np)
		free((char *)parts[--np]);
	free(parts);
	return 0;
}

int acct_time_minutes(const char *s, long long *out)
{
	return slurmtime_minutes(s, out);
}

/* QoS flags by bit (slurmdb.h, 22.05; Relative from 23.11). */
static const char *const qos_flag_names[] = {
	"PartitionMinNodes", "PartitionMaxNodes", "PartitionTimeLimit",
	"EnforceUsageThreshold", "NoReserve", "RequiresReservation",
	"DenyOnLimit", "OverPartQOS", "NoDecay", "UsageFactorSafe", "Relative",
};

char *acct_qos_flags_from_bits(unsigned bits)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < ARRAY_SIZE(qos_flag_names); i++) {
		if (!(bits & (1u << i)))
			continue;
		if (sb.len)
			strbuf_addch(&sb, ',');
		strbuf_addstr(&sb, qos_flag_names[i]);
	}
	return sb.len ? strbuf_detach(&sb, NULL) : NULL;
}

static int flag_bit(const char *name, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(qos_flag_names); i++)
		if (strlen(qos_flag_names[i]) == len &&
		    !strncasecmp(qos_flag_names[i], name, len))
			return (int)i;
	return -1;
}

unsigned acct_qos_flags_bits(const char *canon)
{
	unsigned bits = 0;

	while (canon && *canon) {
		size_t len = strcspn(canon, ",");
		int b = flag_bit(canon, len);

		if (b >= 0)
			bits |= 1u << b;
		canon += len + (canon[len] == ',');
	}
	return bits;
}

int acct_qos_flags_canon(const struct str_list *flags, char **out, char **cause)
{
	unsigned bits = 0;

	for (size_t i = 0; flags && i < flags->n; i++) {
		int b = flag_bit(flags->items[i], strlen(flags->items[i]));

		if (b < 0) {
			*cause = xasprintf("unknown QoS flag '%s'", flags->items[i]);
			return -1;
		}
		bits |= 1u << b;
	}
	*out = acct_qos_flags_from_bits(bits);
	return 0;
}

/* Preempt modes (slurm.h): suspend 1, requeue 2, cancel 8, gang 0x8000. */
static const struct {
	const char *name;
	unsigned bit;
} pmodes[] = {
	{ "suspend", 0x1 }, { "requeue", 0x2 }, { "cancel", 0x8 }, { "gang", 0x8000 },
};

char *acct_pmode_from_bits(unsigned bits)
{
	struct strbuf sb = STRBUF_INIT;

	for (size_t i = 0; i < ARRAY_SIZE(pmodes); i++) {
		if (!(bits & pmodes[i].bit))
			continue;
		if (sb.len)
			strbuf_addch(&sb, ',');
		strbuf_addstr(&sb, pmodes[i].name);
	}
	return sb.len ? strbuf_detach(&sb, NULL) : NULL;
}

unsigned acct_pmode_bits(const char *canon)
{
	unsigned bits = 0;

	while (canon && *canon) {
		size_t len = strcspn(canon, ",");

		for (size_t i = 0; i < ARRAY_SIZE(pmodes); i++)
			if (strlen(pmodes[i].name) == len &&
			    !strncasecmp(pmodes[i].name, canon, len))
				bits |= pmodes[i].bit;
		canon += len + (canon[len] == ',');
	}
	return bits;
}

int acct_pmode_canon(const char *mode, char **out, char **cause)
{
	unsigned bits = 0;
	const char *p = mode;

	*out = NULL;
	while (p && *p) {
		size_t len = strcspn(p, ",");
		unsigned b = 0;

		for (size_t i = 0; i < ARRAY_SIZE(pmodes); i++)
			if (strlen(pmodes[i].name) == len && !strncasecmp(pmodes[i].name, p, len))
				b = pmodes[i].bit;
		if (!b && !(len == 3 && !strncasecmp(p, "off", 3)) &&
		    !(len == 7 && !strncasecmp(p, "cluster", 7))) {
			*cause = xasprintf("unknown preempt mode '%.*s'", (int)len, p);
			return -1;
		}
		bits |= b;
		p += len + (p[len] == ',');
	}
	*out = acct_pmode_from_bits(bits);
	return 0;
}

const char *acct_admin_name(int level)
{
	switch (level) {
	case 2: return "Operator";
	case 3: return "Administrator";
	default: return "None";
	}
}

/* slurmdb.h: CLUSTER_FED_STATE_ACTIVE 1, _INACTIVE 2, flags _DRAIN 0x10, _REMOVE 0x20 */
/*
 * A draining cluster's slurmctld makes it inactive once its federated jobs
 * are done (fed_mgr.c): "drained" is where "drain" ends, no change to make.
 */
static const struct { long v; const char *name; } fed_states[] = {
	{ 1, "active" }, { 2, "inactive" }, { 0x11, "drain" }, { 0x12, "drain" },
	{ 0x31, "drain+remove" }, { 0x32, "drain+remove" },
};

const char *acct_fed_state_name(long state)
{
	for (size_t i = 0; i < ARRAY_SIZE(fed_states); i++)
		if (fed_states[i].v == state)
			return fed_states[i].name;
	return NULL;
}

long acct_fed_state_value(const char *name)
{
	for (size_t i = 0; name && i < ARRAY_SIZE(fed_states); i++)
		if (!strcmp(fed_states[i].name, name))
			return fed_states[i].v;
	return 0;
}

int acct_admin_level(const char *name)
{
	if (name && !strcmp(name, "Operator"))
		return 2;
	if (name && !strcmp(name, "Administrator"))
		return 3;
	return 1;
}
