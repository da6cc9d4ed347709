/*
 * review_obs.h: BASE as an observation, so that HEAD can be planned
 * against it offline (review.h): what each host would hold and run.
 */
#ifndef CLUSTERCTL_REVIEW_OBS_H
#define CLUSTERCTL_REVIEW_OBS_H

#include "base/compat.h"

#include "inventory/model.h"
#include "observe/obs.h"
#include "render/render.h"

/*
 * obs[0 .. head->n_hosts) as the hosts would be under BASE: a host BASE
 * manages holds BASE's rendered files (brs), its service users with
 * BASE's ids and runs BASE's daemons (stopped: the others); a host new
 * in HEAD has nothing. A file with the bytes HEAD renders for it (hrs)
 * matches; the others borrow brs's bytes, which must outlive obs. The
 * munge key is key_fp everywhere BASE has it; HEAD's controller sees
 * BASE's nodes and partitions (capacity.h). Release with
 * review_observe_release().
 */
struct obs_host *review_observe(const struct model *base,
				const struct rendered_set *brs,
				const struct model *head, const struct rendered_set *hrs,
				const char *key_fp);

/* Frees obs (n hosts) without touching the bytes it borrowed. NULL-safe. */
void review_observe_release(struct obs_host *obs, size_t n);

#endif
