/*
 * tunnel.c: a loopback port carried through an SSH session (tunnel.h).
 * One thread polls the listening socket, the accepted connections, the
 * session's socket and a pipe that says stop; bytes from a connection go
 * to its channel, what its channel received goes back. libssh may read
 * channel data into its buffers while it writes (window adjustments), so
 * every channel is drained on each round whether its socket woke the
 * poll or not, and the poll never sleeps long.
 */
#include "base/compat.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "transport/transport_forward.h"
#include "transport/transport_ssh.h"
#include "transport/tunnel.h"

/* Connector/C opens one connection per session; a few more are refused. */
#define TUNNEL_MAX_LINKS 8
#define TUNNEL_POLL_MS 50

struct tunnel_link {
	int fd;
	struct transport_channel *ch;
};

struct tunnel {
	struct transport *tr;
	char *host;
	int port;
	int listen_fd, stop[2];
	struct transport_channel *first;	/* opened by tunnel_open() */
	struct tunnel_link links[TUNNEL_MAX_LINKS];
	size_t n_links;
	pthread_t thread;
	bool running;
};

static bool same_inet(const struct sockaddr_in *a, const struct sockaddr_in *b)
{
	return a->sin_family == AF_INET && b->sin_family == AF_INET &&
		a->sin_port == b->sin_port && a->sin_addr.s_addr == b->sin_addr.s_addr;
}

/*
 * Whether the peer of the accepted fd is a socket of this process (the
 * caller's Connector/C connection): some open socket here has the peer's
 * address as its own.
 */
static bool peer_is_ours(int fd)
{
	struct sockaddr_in peer, a;
	socklen_t len = sizeof(peer);
	struct dirent *e;
	bool ours = false;
	DIR *d;

	if (getpeername(fd, (struct sockaddr *)&peer, &len) < 0 || !(d = opendir("/proc/self/fd")))
		return false;
	while (!ours && (e = readdir(d))) {
		int f = atoi(e->d_name);
		struct stat st;

		len = sizeof(a);
		if (e->d_name[0] == '.' || f == fd || fstat(f, &st) < 0 || !S_ISSOCK(st.st_mode))
			continue;
		ours = getsockname(f, (struct sockaddr *)&a, &len) == 0 && len == sizeof(a) &&
			same_inet(&a, &peer);
	}
	closedir(d);
	return ours;
}

static void link_drop(struct tunnel *t, size_t i)
{
	transport_channel_close(t->links[i].ch);
	close(t->links[i].fd);
	t->links[i] = t->links[--t->n_links];
}

/* A new connection: carried when it is ours and a channel opens for it. */
static void link_accept(struct tunnel *t)
{
	struct transport_channel *ch = NULL;
	int fd = accept4(t->listen_fd, NULL, NULL, SOCK_CLOEXEC);
	char *why = NULL;

	if (fd < 0)
		return;
	if (t->n_links == TUNNEL_MAX_LINKS || !peer_is_ours(fd)) {
		close(fd);
		return;
	}
	if (t->first) {
		ch = t->first;
		t->first = NULL;
	} else if (transport_forward(t->tr, t->host, t->port, &ch, &why) < 0) {
		/* Connector/C sees the connection end and says so */
		free(why);
		close(fd);
		return;
	}
	t->links[t->n_links++] = (struct tunnel_link){ .fd = fd, .ch = ch };
}

/* Bytes from the connection of link i to its channel; false when it ended. */
static bool link_up(struct tunnel *t, size_t i)
{
	char buf[16384];
	ssize_t n = recv(t->links[i].fd, buf, sizeof(buf), MSG_DONTWAIT);

	if (n < 0)
		return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
	return n > 0 && transport_channel_write(t->links[i].ch, buf, (size_t)n) == 0;
}

/* One round: what the poll found, then every channel drained. */
static void tunnel_round(struct tunnel *t, const struct pollfd *pfd)
{
	size_t n = t->n_links;

	if (pfd[1].revents & POLLIN)
		link_accept(t);
	/* the links accepted just now are not in pfd: they are drained only */
	for (size_t i = n; i-- > 0;)
		if ((pfd[3 + i].revents & (POLLIN | POLLHUP | POLLERR)) && !link_up(t, i))
			link_drop(t, i);
	for (size_t i = t->n_links; i-- > 0;)
		if (transport_channel_to_fd(t->links[i].ch, t->links[i].fd) < 0)
			link_drop(t, i);
}

static void *tunnel_thread(void *arg)
{
	struct tunnel *t = arg;
	struct pollfd pfd[3 + TUNNEL_MAX_LINKS];

	for (;;) {
		pfd[0] = (struct pollfd){ .fd = t->stop[0], .events = POLLIN };
		pfd[1] = (struct pollfd){ .fd = t->listen_fd, .events = POLLIN };
		pfd[2] = (struct pollfd){ .fd = transport_socket(t->tr), .events = POLLIN };
		for (size_t i = 0; i < t->n_links; i++)
			pfd[3 + i] = (struct pollfd){ .fd = t->links[i].fd, .events = POLLIN };
		if (poll(pfd, 3 + t->n_links, TUNNEL_POLL_MS) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents)
			break;
		tunnel_round(t, pfd);
		/* the session is gone: nothing more can be carried */
		if (pfd[2].revents & (POLLHUP | POLLERR | POLLNVAL))
			break;
	}
	/* every connection ends, and new ones are refused: no reader waits for
	 * bytes that will not come */
	while (t->n_links)
		link_drop(t, 0);
	close(t->listen_fd);
	t->listen_fd = -1;
	return NULL;
}

/* The listening socket on bind_addr:0 into t (and its port); 0 or -1 + *cause. */
static int tunnel_listen(struct tunnel *t, const char *bind_addr, int *port, char **cause)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	socklen_t len = sizeof(a);

	if (inet_pton(AF_INET, bind_addr, &a.sin_addr) != 1) {
		*cause = xasprintf("tunnel: '%s' is not an IPv4 address", bind_addr);
		return -1;
	}
	t->listen_fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (t->listen_fd < 0 || bind(t->listen_fd, (struct sockaddr *)&a, sizeof(a)) < 0 ||
	    listen(t->listen_fd, 4) < 0 ||
	    getsockname(t->listen_fd, (struct sockaddr *)&a, &len) < 0) {
		*cause = xasprintf("tunnel: cannot listen on %s: %s", bind_addr, strerror(errno));
		return -1;
	}
	*port = ntohs(a.sin_port);
	return 0;
}

int tunnel_open(const struct transport_target *via, const char *host, int port,
		const char *bind_addr, struct tunnel **out, int *local_port, char **cause)
{
	struct tunnel *t = xcalloc(1, sizeof(*t));

	*out = NULL;
	t->listen_fd = t->stop[0] = t->stop[1] = -1;
	t->host = xstrdup(host);
	t->port = port;
	if (transport_connect(via, &t->tr, cause) < 0 ||
	    transport_forward(t->tr, host, port, &t->first, cause) < 0 ||
	    tunnel_listen(t, bind_addr, local_port, cause) < 0)
		goto fail;
	if (pipe2(t->stop, O_CLOEXEC) < 0 ||
	    pthread_create(&t->thread, NULL, tunnel_thread, t) != 0) {
		*cause = xasprintf("tunnel: cannot start its thread: %s", strerror(errno));
		goto fail;
	}
	t->running = true;
	*out = t;
	return 0;
fail:
	tunnel_close(t);
	return -1;
}

void tunnel_close(struct tunnel *t)
{
	if (!t)
		return;
	if (t->running) {
		ssize_t w;

		do
			w = write(t->stop[1], "x", 1);
		while (w < 0 && errno == EINTR);
		pthread_join(t->thread, NULL);
	}
	while (t->n_links)
		link_drop(t, 0);
	transport_channel_close(t->first);
	transport_close(t->tr);
	for (int i = 0; i < 2; i++)
		if (t->stop[i] >= 0)
			close(t->stop[i]);
	if (t->listen_fd >= 0)
		close(t->listen_fd);
	free(t->host);
	free(t);
}
