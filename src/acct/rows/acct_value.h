/*
 * acct_value.h: canonical forms of accounting values (acct_value.c).
 */
#ifndef CLUSTERCTL_ACCT_VALUE_H
#define CLUSTERCTL_ACCT_VALUE_H

#include "base/compat.h"

#include "acct/rows/acct_state.h"
#include "inventory/model.h"

/* kv TRES map -> "name=count,..." sorted by name (mem in MB); NULL if empty. */
int acct_tres_from_kv(const struct kv_list *kv, char **out, char **cause);

/* Slurm time ("1-00:00:00", "2:00:00", "90", "UNLIMITED") -> minutes; -1 unlimited
 * (slurmtime_minutes(): rounded up, as Slurm reads it). */
int acct_time_minutes(const char *s, long long *out);

/* Sorted, de-duplicated, comma-joined; NULL if n == 0. */
char *acct_names_join(const char *const *names, size_t n);

/* QoS flag names (any case) -> canonical names; -1 + *cause on unknown. */
int acct_qos_flags_canon(const struct str_list *flags, char **out, char **cause);

unsigned acct_qos_flags_bits(const char *canon);

char *acct_qos_flags_from_bits(unsigned bits);

/* Preempt mode words ("cancel", "requeue,gang") -> canonical; NULL = off. */
int acct_pmode_canon(const char *mode, char **out, char **cause);

unsigned acct_pmode_bits(const char *canon);

char *acct_pmode_from_bits(unsigned bits);

const char *acct_admin_name(int level);

/*
 * A cluster's fed_state (cluster_table) by name: "active", "inactive",
 * "drain" (active and draining), "drain+remove"; NULL for 0 (in no
 * federation) or a state sacctmgr cannot set. acct_fed_state_value() is
 * the number of a name, 0 for none of them.
 */
const char *acct_fed_state_name(long state);
long acct_fed_state_value(const char *name);

int acct_admin_level(const char *name);

/* Lowercases in place and returns s. */
char *acct_lower(char *s);

/* True when TRES name is one Slurm knows (cpu, mem, gres/..., ...). */
bool acct_tres_name_ok(const char *name);

#endif
