/*
 * version.h: the program's version string, and the version of the JSON
 * documents it prints.
 */
#ifndef CLUSTERCTL_VERSION_H
#define CLUSTERCTL_VERSION_H

#define CLUSTERCTL_VERSION "0.1.0"

/*
 * Every JSON document clusterctl prints carries this "format_version"
 * first (docs/json-format.md). It grows when a key changes meaning or
 * goes away; new keys do not change it.
 */
#define CL_JSON_FORMAT_VERSION 1

#endif
