/* version.h: the program's version string. */
#ifndef CLUSTERCTL_VERSION_H
#define CLUSTERCTL_VERSION_H

#define CLUSTERCTL_VERSION "0.1.0"

#endif
