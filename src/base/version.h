/*
 * version.h: the program's version string, and the version of the JSON
 * documents it prints.
 */
#ifndef CLUSTERCTL_VERSION_H
#define CLUSTERCTL_VERSION_H

/*
 * Written once, in debian/changelog: the Makefile reads it from there and
 * passes -DCLUSTERCTL_VERSION, so the binary, the man page and the package
 * cannot disagree. A build without it is a build outside the Makefile.
 */
#ifndef CLUSTERCTL_VERSION
#error "CLUSTERCTL_VERSION is not defined: build with make (it reads debian/changelog)"
#endif

/*
 * Every JSON document clusterctl prints carries this "format_version"
 * first (docs/json-format.md). It grows when a key changes meaning or
 * goes away; new keys do not change it.
 */
#define CL_JSON_FORMAT_VERSION 1

#endif
