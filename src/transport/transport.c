/*
 * transport.c: the names of the transport's failure kinds (transport.h),
 * as machines read them in plan --json and people in the apply summary.
 */
#include "base/compat.h"

#include "transport/transport.h"

const char *transport_err_name(int err)
{
	switch (err) {
	case 0: return "ok";
	case TRANSPORT_ERR_UNREACHABLE: return "unreachable";
	case TRANSPORT_ERR_HOST_KEY_UNKNOWN: return "host_key_unknown";
	case TRANSPORT_ERR_HOST_KEY_CHANGED: return "host_key_changed";
	case TRANSPORT_ERR_AUTH: return "auth";
	case TRANSPORT_ERR_REFUSED: return "refused";
	case TRANSPORT_ERR_INVALID: return "invalid";
	case TRANSPORT_ERR_TIMEOUT: return "timeout";
	default: return "failed";
	}
}
