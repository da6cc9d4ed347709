/*
 * cmd_hostlist.c: "clusterctl hostlist expand|compress": the Slurm hostlist
 * syntax on the command line, so that an admin can check what a nodes:
 * entry of the inventory means, or fold a list of names for slurm.conf.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cmd.h"
#include "cli/cmd_hostlist.h"
#include "base/fileio.h"
#include "slurm/hostlist.h"

static const char *const hostlist_usage[] = {
	"clusterctl hostlist expand EXPR...",
	"   or: clusterctl hostlist compress [NAME...]",
	"",
	"The Slurm hostlist syntax, as scontrol understands it. expand prints",
	"one host name per line, in the order 'scontrol show hostnames' gives",
	"(e.g. 'gpu[01-04],login1', 'rack[1-2]-n[01-16]'). compress folds names",
	"into the fewest Slurm ranges; with no arguments it reads names from",
	"stdin, separated by blanks, newlines or commas. Its arguments may",
	"themselves be hostlist expressions.",
	NULL,
};

/* Expands every expression in argv[0..argc) into hl; prints the first error. */
static int hostlist_expand_args(int argc, char **argv, struct hostlist *hl)
{
	int i;

	for (i = 0; i < argc; i++) {
		char *cause;

		if (hostlist_expand(argv[i], hl, &cause)) {
			fprintf(stderr, "clusterctl: error: %s\n", cause);
			free(cause);
			return -1;
		}
	}
	return 0;
}

/* stdin's names; NULL after the message. Caller frees. */
static char *hostlist_read_stdin(void)
{
	size_t len;
	char *text = fileio_read_fd(STDIN_FILENO, &len);

	if (!text) {
		fprintf(stderr, "clusterctl: error: cannot read stdin\n");
		return NULL;
	}
	if (memchr(text, '\0', len)) {
		fprintf(stderr, "clusterctl: error: stdin holds a NUL byte\n");
		free(text);
		return NULL;
	}
	return text;
}

static int hostlist_do_expand(int argc, char **argv)
{
	struct hostlist hl = HOSTLIST_INIT;
	size_t i;

	if (hostlist_expand_args(argc, argv, &hl)) {
		hostlist_release(&hl);
		return CL_FATAL;
	}
	for (i = 0; i < hl.n; i++)
		printf("%s\n", hl.names[i]);
	hostlist_release(&hl);
	return CL_OK;
}

static int hostlist_do_compress(int argc, char **argv)
{
	struct hostlist hl = HOSTLIST_INIT;
	char *folded, *input = NULL;
	int ret = CL_FATAL;

	if (!argc) {
		if (!(input = hostlist_read_stdin()))
			goto out;
		argc = 1;
		argv = &input;
	}
	if (hostlist_expand_args(argc, argv, &hl))
		goto out;
	folded = hostlist_compress((const char *const *)hl.names, hl.n);
	printf("%s\n", folded);
	free(folded);
	ret = CL_OK;
out:
	free(input);
	hostlist_release(&hl);
	return ret;
}

static int cmd_hostlist_run(struct cmd_ctx *ctx)
{
	const struct cmd_args *a = &ctx->args;

	if (a->n >= 2 && !strcmp(a->operands[0], "expand"))
		return hostlist_do_expand((int)a->n - 1, a->operands + 1);
	if (a->n >= 1 && !strcmp(a->operands[0], "compress"))
		return hostlist_do_compress((int)a->n - 1, a->operands + 1);
	return cmd_usage(ctx, a->n ? NULL : "missing expand or compress");
}

const struct cmd_entry cmd_hostlist_entry = {
	.name = "hostlist",
	.summary = "expand or fold Slurm hostlist expressions",
	.usage = hostlist_usage,
	.help_col = 15,
	.run = cmd_hostlist_run,
};
