/*
 * obs.c: the observation of one host as a value (obs.h).
 */
#include "base/compat.h"

#include <stdlib.h>
#include <string.h>

#include "observe/obs.h"
#include "base/xalloc.h"
#include "inventory/model.h"
#include "observe/capacity.h"
#include "observe/hwtruth.h"

struct obs_file *obs_add_file(struct obs_host *h,
					const char *path, bool exists,
					unsigned mode, unsigned uid,
					unsigned gid, const char *bytes,
					size_t len)
{
	struct obs_file *f;

	XGROW(h->files, h->alloc_files, h->n_files + 1);
	f = &h->files[h->n_files++];
	memset(f, 0, sizeof(*f));
	f->path = xstrdup(path);
	f->exists = exists;
	f->mode = mode & 07777;
	f->uid = uid;
	f->gid = gid;
	if (bytes) {
		f->bytes = xmalloc(len + 1);
		memcpy(f->bytes, bytes, len);
		f->bytes[len] = '\0';
		f->len = len;
	}
	return f;
}

const struct obs_file *obs_find(const struct obs_host *h,
					  const char *path)
{
	size_t i;

	for (i = 0; i < h->n_files; i++)
		if (!strcmp(h->files[i].path, path))
			return &h->files[i];
	return NULL;
}

const char *obs_release_name(int k)
{
	return k == OBS_REL_CLIENTS ? "clients" : service_kind_name((enum service_kind)k);
}

void obs_host_release(struct obs_host *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->n_files; i++) {
		free(h->files[i].path);
		/* observed slurmdbd.conf holds the password: wipe it */
		xfree_secret(h->files[i].bytes, h->files[i].len);
	}
	free(h->files);
	free(h->error);
	free(h->version_error);
	hwtruth_obs_release(&h->hw);
	capacity_view_release(&h->cap);
	memset(h, 0, sizeof(*h));
}
