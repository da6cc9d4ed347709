/*
 * slurmread-bench.c: how long slurmread.h takes to read a slurm.conf (and
 * a gres.conf), best of N runs, file reading included (bench driver, not
 * installed; bench/reader/run.sh):
 *
 *   slurmread-bench [-n RUNS] SLURM_CONF [GRES_CONF]
 *
 * Prints "lines L nodes N best_ms B median_ms M". Exit: 0, 1 when a file
 * cannot be read, 64 usage.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "slurm/slurmconf.h"
#include "slurm/slurmread.h"
#include "base/xalloc.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One read of both files; 0, or -1 + *cause. *lines, *nodes: what it read. */
static int read_once(const char *conf, const char *gres, size_t *lines, size_t *nodes,
		     char **cause)
{
	struct slurmconf c = { 0 };
	struct slurmgres g = { 0 };
	char *text = NULL;
	size_t len = 0;
	int rc = -1;

	if (slurmread_conf(conf, slurmread_local, NULL, &c, cause) < 0)
		goto out;
	if (gres && (slurmread_local(NULL, gres, &text, &len, cause) < 0 ||
		     slurmread_gres(gres, text, len, slurmread_local, NULL, &g, cause) < 0))
		goto out;
	*lines = c.n;
	*nodes = 0;
	for (size_t i = 0; i < c.n; i++)
		*nodes += !strcasecmp(c.lines[i].kv[0].key, "NodeName");
	rc = 0;
out:
	free(text);
	slurmconf_release(&c);
	slurmgres_release(&g);
	return rc;
}

int main(int argc, char **argv)
{
	int runs = 20, opt;
	double *ms;
	size_t lines = 0, nodes = 0;
	char *cause = NULL;

	while ((opt = getopt(argc, argv, "n:")) != -1) {
		if (opt != 'n' || (runs = atoi(optarg)) < 1) {
			fprintf(stderr, "usage: slurmread-bench [-n RUNS] SLURM_CONF [GRES_CONF]\n");
			return 64;
		}
	}
	if (optind >= argc || argc - optind > 2) {
		fprintf(stderr, "usage: slurmread-bench [-n RUNS] SLURM_CONF [GRES_CONF]\n");
		return 64;
	}
	ms = xcalloc((size_t)runs, sizeof(*ms));
	for (int i = 0; i < runs; i++) {
		double t0 = now_ms();

		if (read_once(argv[optind], argc - optind == 2 ? argv[optind + 1] : NULL, &lines,
			      &nodes, &cause) < 0) {
			fprintf(stderr, "slurmread-bench: %s\n", cause);
			free(cause);
			free(ms);
			return 1;
		}
		ms[i] = now_ms() - t0;
	}
	qsort(ms, (size_t)runs, sizeof(*ms), cmp_double);
	printf("lines %zu nodes %zu best_ms %.2f median_ms %.2f\n", lines, nodes, ms[0],
	       ms[runs / 2]);
	free(ms);
	return 0;
}
