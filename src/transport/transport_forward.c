/*
 * transport_forward.c: direct-tcpip channels over libssh (transport_forward.h),
 * for the database tunnel (tunnel.c). The session stays in blocking mode:
 * a write waits for the peer's window; reads never wait (the tunnel's
 * thread polls the session's socket and drains every channel each round).
 */
#include "base/compat.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>

#include "transport/transport_forward.h"
#include "transport/transport_ssh_priv.h"
#include "base/xalloc.h"

struct transport_channel {
	struct transport *tr;
	ssh_channel ch;
};

static int forward_body(struct transport *tr, const char *host, int port,
			struct transport_channel **out, char **cause)
{
	ssh_channel ch = ssh_channel_new(tr->session);

	*out = NULL;
	if (!ch)
		return transport_fail(tr, cause, "cannot open channel: %s", transport_reason(tr));
	/* the originator is named only for the far side's logs */
	if (ssh_channel_open_forward(ch, host, port, "127.0.0.1", 0) != SSH_OK) {
		transport_fail_as(tr, cause, TRANSPORT_ERR_REFUSED, "cannot reach %s:%d "
				  "through its SSH server: %s", host, port, transport_reason(tr));
		ssh_channel_free(ch);
		return -1;
	}
	*out = xcalloc(1, sizeof(**out));
	(*out)->tr = tr;
	(*out)->ch = ch;
	return 0;
}

int transport_forward(struct transport *tr, const char *host, int port,
		      struct transport_channel **out, char **cause)
{
	return transport_result(tr, forward_body(tr, host, port, out, cause));
}

int transport_socket(const struct transport *tr)
{
	return atomic_load(&tr->fd);
}

long transport_channel_to_fd(struct transport_channel *c, int fd)
{
	char buf[16384];
	long total = 0;
	int n;

	while ((n = ssh_channel_read_nonblocking(c->ch, buf, sizeof(buf), 0)) > 0) {
		for (int off = 0; off < n;) {
			/* MSG_NOSIGNAL: a reader gone is an error here, not SIGPIPE */
			ssize_t w = send(fd, buf + off, (size_t)(n - off), MSG_NOSIGNAL);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				return -1;
			off += (int)w;
		}
		total += n;
	}
	if (n == SSH_ERROR || ssh_channel_is_eof(c->ch) || ssh_channel_is_closed(c->ch))
		return -1;
	return total;
}

int transport_channel_write(struct transport_channel *c, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		uint32_t chunk = len > 32768 ? 32768 : (uint32_t)len;
		int n = ssh_channel_write(c->ch, p, chunk);

		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

void transport_channel_close(struct transport_channel *c)
{
	if (!c)
		return;
	if (!atomic_load(&c->tr->aborted) && ssh_is_connected(c->tr->session)) {
		if (!ssh_channel_is_closed(c->ch))
			ssh_channel_send_eof(c->ch);
		ssh_channel_close(c->ch);
	}
	ssh_channel_free(c->ch);
	free(c);
}
