/*
 * add_user_req.h: one request of "clusterctl add-user": a user, its
 * accounts (names, or association mappings as the inventory writes them)
 * and settings, checked against an inventory before any edit. Errors are
 * printed on stderr as add-user's ("clusterctl: add-user: ...").
 */
#ifndef CLUSTERCTL_ADD_USER_REQ_H
#define CLUSTERCTL_ADD_USER_REQ_H

#include "base/compat.h"

#include "inventory/model.h"

struct add_user_req {
	const char *inventory, *name;
	struct str_list entries, qos;	/* items are argv strings or strdup'd */
	/* entries loaded as the inventory would: account names, associations */
	struct model *probe;
	const struct user *user;	/* the probe's only user */
	struct str_list accounts;	/* user's account names (borrowed) */
	const char *default_account;
	const char *admin_level;
	/* a site file's entry: the clusters: it writes (argv's; n == 0: none) */
	struct str_list clusters;
	bool apply;
	char **owned;			/* pieces of split "A,B" arguments */
	size_t n_owned, alloc_owned;
	size_t alloc_entries, alloc_qos;
};

/* Adds --account's value: "A,B" is two accounts, "{account: A, ...}" one association. */
void add_user_req_account(struct add_user_req *r, const char *arg);

/* Adds --qos's value: "Q,R" is two. */
void add_user_req_qos(struct add_user_req *r, const char *arg);

/*
 * Loads the --account entries with the inventory's own loader, as the
 * accounts: of one user (r->probe, r->user, r->accounts): names and
 * per-association settings as the edited inventory will hold them. 0, or
 * -1 after the loader's messages.
 */
int add_user_req_load(struct add_user_req *r);

/*
 * Checks the request against m: its accounts and QoS exist (with a "did
 * you mean"), the default account is one of them, the admin level is
 * known. 0, or -1 after the messages.
 */
int add_user_req_check(const struct add_user_req *r, const struct model *m);

/* True if u already is what r asks for, settings (and clusters:) and all. */
bool add_user_req_matches(const struct add_user_req *r, const struct user *u);

void add_user_req_release(struct add_user_req *r);

#endif
