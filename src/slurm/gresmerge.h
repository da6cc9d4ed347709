/*
 * gresmerge.h: the GRES slurmd registers for one node: the items of the
 * node's Gres= (slurm.conf) merged with the gres.conf records for it, as
 * slurmd merges them before it registers (src/interfaces/gres.c, in
 * src/common/ before 23.02: _merge_config(), _merge_gres(), _merge_gres2(),
 * _match_type(); the same from 22.05 to 26.05):
 *   - a name's items are merged type by type, in the order Gres= names
 *     them; a name with no typed item is merged once, untyped, for the
 *     sum of its counts (an untyped item beside typed ones of its name is
 *     not merged at all);
 *   - a typed item takes the records of its name and type, an untyped
 *     one every record of its name (slurmd drops their Type=, "to match
 *     18.08 stylings"), in file order, until its count is reached: the
 *     last record taken is cut to the count left, its File= to as many
 *     files (the first ones, _set_file_subset());
 *   - what the records do not cover is one more device record of the
 *     rest of the count, without a file: what a gres.conf "Count=" line
 *     says, for a GRES gres.conf has no line for;
 *   - a record no item takes is ignored (slurmd: "WARNING: A line in
 *     gres.conf for GRES ... has N more configured than expected in
 *     slurm.conf. Ignoring extra GRES.").
 * AutoDetect adds devices only slurmd finds: the records here are what
 * the files say.
 *
 * Ownership: struct gresmerge owns its items and devices; the records
 * they point to are the struct slurmgres's. gresmerge_release().
 */
#ifndef CLUSTERCTL_GRESMERGE_H
#define CLUSTERCTL_GRESMERGE_H

#include "base/compat.h"

#include <stddef.h>
#include <stdint.h>

#include "slurm/slurmread.h"

/* One item of a Gres= value: gpu:a100:2 is name gpu, type a100, count 2. */
struct gresmerge_item {
	char *name;
	char *type;		/* NULL: untyped */
	uint64_t count;
};

/* One device record slurmd ends up with. */
struct gresmerge_dev {
	size_t item;		/* the first item of its name and type */
	const struct slurmgres_rec *rec;	/* NULL: the rest of the count, no line */
	uint64_t count;		/* devices: rec's count, or fewer (cut) */
	size_t files;		/* how many of rec's files it keeps, from the first */
};

struct gresmerge {
	struct gresmerge_item *items;
	size_t n_items, alloc_items;
	struct gresmerge_dev *devs;
	size_t n_devs, alloc_devs;
	const struct slurmgres_rec **ignored;	/* records for the node none takes */
	size_t n_ignored;
};

/*
 * Parses item s of a Gres= value into g (owned; gresmerge_item_release):
 * "gpu", "gpu:2", "gpu:a100", "gpu:a100:2", counts with Slurm's suffixes.
 * 0, or -1 when s is none of these (a socket list, a bad count).
 */
int gresmerge_item_parse(const char *s, struct gresmerge_item *g);
void gresmerge_item_release(struct gresmerge_item *g);

/*
 * The merge for node, whose Gres= value is gres (NULL or "": none), with
 * the records of g. 0, or -1 + *cause (newly allocated) when an item of
 * gres does not parse.
 */
int gresmerge_node(const struct slurmgres *g, const char *node, const char *gres,
		   struct gresmerge *out, char **cause);

/* True when d keeps fewer devices than its record says. */
bool gresmerge_cut(const struct gresmerge_dev *d);

/*
 * One kind of device (a name and a type) the node registers, after slurmd
 * drops the GPUs it has no device file for ("Ignoring file-less GPU",
 * unless AutoDetect may find them): its count, files, and each line's
 * Cores=, Links=, Flags=, MultipleFiles= per device, as runs ("0-9*2;10-19"
 * for two devices with 0-9 then one with 10-19), so a line per device and
 * one line for several say the same; "" when no device has one.
 */
struct gresmerge_kind {
	const struct gresmerge_item *item;	/* its first item: name and type */
	uint64_t count;
	char *files;				/* comma-separated */
	char *cores, *links, *flags, *multiple_files;
};

/*
 * m's kinds, in the order of their first item (kinds with no device
 * registered included, count 0). detects: AutoDetect is on (not off) for
 * the node. Returns how many; *out owned (gresmerge_kinds_release).
 */
size_t gresmerge_kinds(const struct gresmerge *m, bool detects, struct gresmerge_kind **out);
void gresmerge_kinds_release(struct gresmerge_kind *k, size_t n);

void gresmerge_release(struct gresmerge *m);

#endif
