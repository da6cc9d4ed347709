/*
 * inventory_scalar.c: the scalar syntaxes an inventory writes that are not
 * plain YAML types: memory sizes (190G, 1.5T) and Slurm times (D-HH:MM:SS).
 * They live apart from the loader because validate_acct.c checks memory
 * sizes written as free-form TRES values too, and because they need no
 * libyaml.
 */
#include "base/compat.h"

#include <string.h>
#include <strings.h>

#include "slurm/slurmtime.h"
#include "inventory/inventory_scalar.h"

static long long memory_unit_mb_scale(char u, bool *kilo)
{
	*kilo = false;
	switch (u) {
	case 'K': case 'k':
		*kilo = true;
		return 1;
	case 'M': case 'm':
		return 1;
	case 'G': case 'g':
		return 1024;
	case 'T': case 't':
		return 1024LL * 1024;
	case 'P': case 'p':
		return 1024LL * 1024 * 1024;
	}
	return 0;
}

int inventory_parse_memory(const char *s, long long *mb)
{
	long long whole = 0, frac = 0, frac_div = 1, scale = 1;
	bool kilo = false;
	const char *p = s;

	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (whole > (1LL << 53) / 10)
			return -1;
		whole = whole * 10 + (*p - '0');
	}
	if (*p == '.') {
		for (p++; *p >= '0' && *p <= '9'; p++) {
			if (frac_div < 1000000) {
				frac = frac * 10 + (*p - '0');
				frac_div *= 10;
			}
		}
	}
	if (*p) {
		scale = memory_unit_mb_scale(*p++, &kilo);
		if (!scale)
			return -1;
		if (*p == 'i' && p[1] == 'B')
			p += 2;
		else if (*p == 'B')
			p++;
	} else if (frac_div > 1) {
		return -1;	/* "1.5" MB makes no sense: RealMemory is whole MB */
	}
	if (*p || whole > (1LL << 53) / scale)
		return -1;
	*mb = whole * scale + frac * scale / frac_div;
	if (kilo)
		*mb /= 1024;
	return 0;
}

bool inventory_valid_time(const char *s)
{
	long long secs;

	return slurmtime_seconds(s, &secs) == 0;
}
