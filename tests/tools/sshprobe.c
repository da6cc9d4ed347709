/*
 * sshprobe.c: a test and benchmark driver for the transport and executor
 * (not installed). It pushes files to N hosts the way apply does: phase 1
 * connects and stages every file beside its target (verified), phase 2
 * commits them all (backup + atomic rename), then optional phases run a
 * command or read a file back. Each host's result is printed whole, one
 * block per host in host order, so the shell tests can assert on it.
 *
 *   sshprobe [-F ssh_config] [-k known_hosts] [-i identity] [-u user]
 *            [-P port] [-a] [-f fanout] [-t connect_s] [-c command_s]
 *            [-b] [-p LOCAL=REMOTE[,MODE[,UID[,GID]]]]... [-r CMD]
 *            [-R REMOTE] [-m DIR] [-d DELAY_MS] HOST[=ADDRESS]...
 *
 * -a accepts unknown host keys, -b keeps REMOTE.clusterctl-old backups,
 * -m makes DIR first, -d sleeps in the task (for timeout tests).
 * Exit: 0 all hosts ok, 4 some failed, 64 usage.
 */
#include "base/compat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "transport/exec.h"
#include "base/strbuf.h"
#include "transport/transport.h"
#include "transport/transport_exec.h"
#include "transport/transport_sftp.h"
#include "base/xalloc.h"

struct push_file {
	char *remote;
	struct strbuf data;
	unsigned mode, uid, gid;
};

struct probe {
	struct push_file *files;
	size_t n_files, alloc_files;
	const char *run_cmd, *read_path, *mkdir_path;
	bool backup;
	int delay_ms;
	struct strbuf *out;	/* one per host */
	char ***staged;		/* [host][file] */
};

static int read_local(const char *path, struct strbuf *sb)
{
	char buf[65536];
	size_t n;
	FILE *f = fopen(path, "rb");

	if (!f)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(sb, buf, n);
	fclose(f);
	return 0;
}

static int parse_push(struct probe *pr, char *spec)
{
	char *eq = strchr(spec, '='), *comma;
	struct push_file *pf;

	if (!eq)
		return -1;
	*eq = '\0';
	XGROW(pr->files, pr->alloc_files, pr->n_files + 1);
	pf = &pr->files[pr->n_files];
	memset(pf, 0, sizeof(*pf));
	strbuf_init(&pf->data);
	pf->mode = 0644;
	if (read_local(spec, &pf->data)) {
		fprintf(stderr, "sshprobe: cannot read '%s'\n", spec);
		return -1;
	}
	comma = strchr(eq + 1, ',');
	if (comma) {
		*comma = '\0';
		sscanf(comma + 1, "%o,%u,%u", &pf->mode, &pf->uid, &pf->gid);
	}
	pf->remote = xstrdup(eq + 1);
	pr->n_files++;
	return 0;
}

/*
 * A failed host keeps no temp files: drop what is still staged. Returns
 * rc, the failure's kind (enum transport_err), for the executor to record.
 */
static int drop_staged(struct probe *pr, size_t idx, struct transport *tr, int rc)
{
	for (size_t f = 0; f < pr->n_files; f++) {
		if (pr->staged[idx][f])
			transport_remove(tr, pr->staged[idx][f], NULL);
		free(pr->staged[idx][f]);
		pr->staged[idx][f] = NULL;
	}
	return rc;
}

static int task_stage(size_t idx, struct transport *tr, void *cookie,
		      char **cause)
{
	struct probe *pr = cookie;
	int rc;

	if (pr->delay_ms)
		usleep((useconds_t)pr->delay_ms * 1000);
	if (pr->mkdir_path && (rc = transport_mkdir_p(tr, pr->mkdir_path, 0755, cause)))
		return rc;
	for (size_t f = 0; f < pr->n_files; f++) {
		struct push_file *pf = &pr->files[f];

		if ((rc = transport_stage_file(tr, pf->remote, pf->data.buf,
					       pf->data.len, pf->mode, pf->uid,
					       pf->gid, &pr->staged[idx][f], cause)))
			return drop_staged(pr, idx, tr, rc);
	}
	return 0;
}

static int task_commit(size_t idx, struct transport *tr, void *cookie,
		       char **cause)
{
	struct probe *pr = cookie;

	for (size_t f = 0; f < pr->n_files; f++) {
		char *bak = pr->backup ?
			xasprintf("%s.clusterctl-old", pr->files[f].remote) : NULL;
		int rc = transport_commit_file(tr, pr->staged[idx][f],
					       pr->files[f].remote, bak, cause);

		free(bak);
		free(pr->staged[idx][f]);
		pr->staged[idx][f] = NULL;	/* renamed, or removed on failure */
		if (rc)
			return drop_staged(pr, idx, tr, rc);
	}
	return 0;
}

static int task_run(size_t idx, struct transport *tr, void *cookie,
		    char **cause)
{
	struct probe *pr = cookie;
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	int status, rc;

	rc = transport_run(tr, pr->run_cmd, &out, &err, &status, cause);
	if (rc == 0) {
		strbuf_addf(&pr->out[idx], "status %d\nstdout %s%sstderr %s%s",
			    status, out.buf,
			    !out.len || out.buf[out.len - 1] != '\n' ? "\n" : "",
			    err.buf,
			    !err.len || err.buf[err.len - 1] != '\n' ? "\n" : "");
	}
	strbuf_release(&out);
	strbuf_release(&err);
	return rc;
}

static int task_read(size_t idx, struct transport *tr, void *cookie,
		     char **cause)
{
	struct probe *pr = cookie;
	struct strbuf content = STRBUF_INIT;
	struct remote_stat st;
	int rc = transport_read_file(tr, pr->read_path, &content, &st, cause);

	if (rc == 0 && !st.exists)
		strbuf_addf(&pr->out[idx], "read absent\n");
	else if (rc == 0)
		strbuf_addf(&pr->out[idx], "read %llu bytes mode %04o owner %u:%u\n",
			    st.size, st.mode, st.uid, st.gid);
	strbuf_release(&content);
	return rc;
}

static void usage(void)
{
	fputs("usage: sshprobe [-F cfg] [-k known_hosts] [-i id] [-u user] [-P port] [-a]\n"
	      "                [-f fanout] [-t connect_s] [-c command_s] [-b] [-m dir]\n"
	      "                [-p LOCAL=REMOTE[,MODE[,UID[,GID]]]]... [-r cmd] [-R path]\n"
	      "                [-d delay_ms] HOST[=ADDRESS]...\n", stderr);
}

static int report(struct exec_pool *pool, struct transport_target *t,
		  size_t n, struct probe *pr)
{
	size_t failed = 0;

	for (size_t i = 0; i < n; i++) {
		const struct exec_result *r = exec_pool_result(pool, i);

		if (r->state == EXEC_DONE)
			printf("%s: ok\n", t[i].host);
		else
			printf("%s: %s: %s\n%s: kind %s\n", t[i].host,
			       exec_state_name(r->state), r->error, t[i].host,
			       transport_err_name(r->err));
		fputs(pr->out[i].buf, stdout);
		failed += r->state != EXEC_DONE;
	}
	printf("max_active %zu\n", exec_pool_max_active(pool));
	return failed ? 4 : 0;
}

int main(int argc, char **argv)
{
	struct transport_target base = { 0 }, *targets;
	struct probe pr = { 0 };
	struct exec_pool *pool;
	size_t n, fanout = 0;
	int opt, rc;

	while ((opt = getopt(argc, argv, "F:k:i:u:P:af:t:c:bp:r:R:m:d:")) != -1) {
		switch (opt) {
		case 'F': base.ssh_config = optarg; break;
		case 'k': base.known_hosts = optarg; break;
		case 'i': base.identity = optarg; break;
		case 'u': base.user = optarg; break;
		case 'P': base.port = atoi(optarg); break;
		case 'a': base.accept_new_host_keys = true; break;
		case 'f': fanout = (size_t)atol(optarg); break;
		case 't': base.connect_timeout = atoi(optarg); break;
		case 'c': base.command_timeout = atoi(optarg); break;
		case 'b': pr.backup = true; break;
		case 'p': if (parse_push(&pr, optarg)) { usage(); return 64; } break;
		case 'r': pr.run_cmd = optarg; break;
		case 'R': pr.read_path = optarg; break;
		case 'm': pr.mkdir_path = optarg; break;
		case 'd': pr.delay_ms = atoi(optarg); break;
		default: usage(); return 64;
		}
	}
	n = (size_t)(argc - optind);
	if (n == 0) {
		usage();
		return 64;
	}
	targets = xcalloc(n, sizeof(*targets));
	pr.out = xcalloc(n, sizeof(*pr.out));
	pr.staged = xcalloc(n, sizeof(*pr.staged));
	for (size_t i = 0; i < n; i++) {
		char *eq = strchr(argv[optind + i], '=');

		targets[i] = base;
		if (eq) {
			*eq = '\0';
			targets[i].address = eq + 1;
		}
		targets[i].host = argv[optind + i];
		strbuf_init(&pr.out[i]);
		pr.staged[i] = xcalloc(pr.n_files + 1, sizeof(char *));
	}
	pool = exec_pool_new(targets, n, fanout);
	exec_pool_run(pool, task_stage, &pr, true);
	if (pr.n_files)
		exec_pool_run(pool, task_commit, &pr, true);
	if (pr.run_cmd)
		exec_pool_run(pool, task_run, &pr, true);
	if (pr.read_path)
		exec_pool_run(pool, task_read, &pr, true);
	rc = report(pool, targets, n, &pr);
	exec_pool_free(pool);
	for (size_t i = 0; i < n; i++) {
		for (size_t f = 0; f < pr.n_files; f++)
			free(pr.staged[i][f]);
		free(pr.staged[i]);
		strbuf_release(&pr.out[i]);
	}
	for (size_t f = 0; f < pr.n_files; f++) {
		free(pr.files[f].remote);
		strbuf_release(&pr.files[f].data);
	}
	free(pr.files);
	free(pr.staged);
	free(pr.out);
	free(targets);
	return rc;
}
