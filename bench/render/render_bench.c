/*
 * render_bench.c: times render_cluster() in memory on one inventory (the
 * "render every host's files" figure of bench/render/RESULTS.md). Loading
 * and validating the inventory is timed apart, since plan and apply pay it
 * once whatever they render. Built by bench/render/run.sh against the
 * library objects of a normal build.
 *
 *   render_bench INVENTORY [ITERATIONS]
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "inventory/inventory.h"
#include "inventory/validate.h"
#include "render/render.h"
#include "base/diag.h"
#include "inventory/model.h"

static double ms_of(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Wall time, and CPU time: the latter holds still on a busy machine. */
static double now_ms(void)
{
	return ms_of(CLOCK_MONOTONIC);
}

static double cpu_ms(void)
{
	return ms_of(CLOCK_PROCESS_CPUTIME_ID);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* NodeName lines of the first slurm.conf in the set. */
static size_t node_lines(const struct rendered_set *set)
{
	size_t i, n = 0;

	for (i = 0; i < set->n_files; i++) {
		const char *p;

		if (!strstr(set->files[i].path, "/slurm.conf"))
			continue;
		for (p = rendered_file_blob(set, &set->files[i])->bytes;
		     (p = strstr(p, "\nNodeName=")); p++)
			n++;
		break;
	}
	return n;
}

int main(int argc, char **argv)
{
	struct diag_list dl = DIAG_LIST_INIT;
	struct rendered_set set = RENDERED_SET_INIT;
	struct rusage ru;
	struct model *m;
	double t0, c0, load_ms, *runs, *cpu;
	int i, iters = argc > 2 ? atoi(argv[2]) : 30;

	if (argc < 2 || iters < 1) {
		fprintf(stderr, "usage: render_bench INVENTORY [ITERATIONS]\n");
		return 64;
	}
	t0 = now_ms();
	m = validate_load(argv[1], &dl);
	load_ms = now_ms() - t0;
	if (!m) {
		diag_print(&dl, stderr);
		return 3;
	}
	runs = calloc((size_t)iters, sizeof(*runs));
	cpu = calloc((size_t)iters, sizeof(*cpu));
	for (i = 0; i < iters; i++) {
		rendered_set_release(&set);
		t0 = now_ms();
		c0 = cpu_ms();
		if (render_cluster(m, &set, &dl) < 0) {
			diag_print(&dl, stderr);
			return 1;
		}
		cpu[i] = cpu_ms() - c0;
		runs[i] = now_ms() - t0;
	}
	qsort(runs, (size_t)iters, sizeof(*runs), cmp_double);
	qsort(cpu, (size_t)iters, sizeof(*cpu), cmp_double);
	getrusage(RUSAGE_SELF, &ru);
	printf("hosts=%zu files=%zu blobs=%zu nodename_lines=%zu load_ms=%.2f "
	       "render_min_ms=%.2f render_median_ms=%.2f render_max_ms=%.2f "
	       "render_cpu_median_ms=%.2f maxrss_kb=%ld\n",
	       m->n_hosts, set.n_files, set.n_blobs, node_lines(&set), load_ms,
	       runs[0], runs[iters / 2], runs[iters - 1], cpu[iters / 2],
	       ru.ru_maxrss);
	free(runs);
	free(cpu);
	rendered_set_release(&set);
	diag_release(&dl);
	model_free(m);
	return 0;
}
