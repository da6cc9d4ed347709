# clusterctl: one non-recursive Makefile (after git's).
#
#   make                      build ./clusterctl
#   make check                unit + golden + integration (real daemons) + short fuzz
#   make SANITIZE=address,undefined check
#   make fuzz                 long fuzz runs (FUZZ_SECONDS per target)
#   make bench                benchmarks under bench/ (see bench/README.md)
#   make demo                 bring up the lab and apply inventories/lab.yaml
#   make demo SITE=skynet     a seed site (aicloud, lri-spice, gcp-g2) and its guide's checks
#   make demo SITE=lab-configless   the lab in configless mode (each slurmd fetches from slurmctld)
#   make demo SITE=multi      two clusters on one slurmdbd (inventories/multi, docs/site.md)
#   make demo SITE=multi MULTI_SITE_FILE=federation.yaml   the two as a Slurm federation
#   make demo SLURM_VERSION=24.11   the same on Slurm 24.11 or 26.05 (22.05 is the default)
#   make demo CLUSTERCTL=/usr/bin/clusterctl   the demo driving an installed clusterctl
#   make install PREFIX=/usr/local DESTDIR=
#   make deb                  clusterctl_VERSION_amd64.deb (dpkg-buildpackage, from HEAD)
#   make dist                 clusterctl-VERSION.tar.gz (git archive of HEAD)
#   make check-package        build, install and run the package in fresh Debian 12 and 13 roots

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/clusterctl
COMPLETIONDIR ?= $(PREFIX)/share/bash-completion/completions
DOCDIR ?= $(PREFIX)/share/doc/clusterctl
# the documented home of site secrets (inventories name /etc/clusterctl/...)
SYSCONFDIR ?= /etc

# debian/changelog is the one place the version is written: the binary
# (clusterctl version), the man page, the package and the tarball take it here.
VERSION := $(shell awk 'NR == 1 { gsub(/[()]/, "", $$2); print $$2; exit }' debian/changelog)
VERSION_DEF := -DCLUSTERCTL_VERSION='"$(VERSION)"'

CC ?= cc
PKG_CONFIG ?= pkg-config
PKGS := yaml-0.1 jansson libssh libmariadb
# Read once, when make reads this file. On a fresh machine the libraries are
# not there yet: the targets that install them first (test, demo, bench) run
# a second make after `deps`, and any other build stops at `need-libs` with a
# clear word instead of a compiler error.
PKG_CFLAGS := $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null)
PKG_OK := $(shell $(PKG_CONFIG) --exists $(PKGS) 2>/dev/null && echo yes)
CRITERION_LIBS := $(shell $(PKG_CONFIG) --libs criterion 2>/dev/null)

# The lab (namespaces, daemons) needs root: ourselves when root, else sudo,
# keeping the knobs the scripts read. Builds stay the caller's.
ifeq ($(shell id -u),0)
AS_ROOT :=
else
AS_ROOT := sudo --preserve-env=CLUSTERCTL,CLUSTERCTL_TOOLS,CLUSTERCTL_TEST_DAEMONS,SLURM_VERSION,SITE,N
endif

CFLAGS ?= -O2 -g
WARN := -std=c17 -Wall -Wextra -Werror
DEV_WARN := -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wformat=2 \
	-Wwrite-strings -Wvla
ifdef DEVELOPER
WARN += $(DEV_WARN)
endif

BUILD := build
ifdef SANITIZE
BUILD := build-san
SAN_FLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
endif

ALL_CFLAGS = $(WARN) $(CPPFLAGS) $(CFLAGS) $(SAN_FLAGS) $(VERSION_DEF) $(PKG_CFLAGS) -Isrc -I$(BUILD) -MMD -MP
ALL_LDFLAGS = $(LDFLAGS) $(SAN_FLAGS)
LIBS = $(PKG_LIBS) -lpthread

# src/ is built in wings (src/WING/*.c, src/WING/SUB/*.c: docs/architecture.md);
# sources are found, never listed, and each object lands at its source's
# path under $(BUILD).
MAIN_SRC := src/cli/main.c
ALL_SRCS := $(sort $(wildcard src/*/*.c src/*/*/*.c))
HEADERS := $(sort $(wildcard src/*/*.h src/*/*/*.h))
LIB_SRCS := $(filter-out $(MAIN_SRC),$(ALL_SRCS))
LIB_OBJS := $(patsubst src/%.c,$(BUILD)/%.o,$(LIB_SRCS)) $(BUILD)/templates_gen.o
TEMPLATES := $(sort $(wildcard templates/*.mustache))
UNIT_SRCS := $(sort $(wildcard tests/unit/*/*_test.c))
UNIT_OBJS := $(patsubst tests/unit/%.c,$(BUILD)/unit/%.o,$(UNIT_SRCS))

BIN := $(BUILD)/clusterctl

.PHONY: all test deps need-libs check check-layers check-first-run check-unit check-golden check-integration check-fuzz fuzz \
	bench demo install clean hdr-check check-dev deb dist check-package

all: clusterctl

# ./clusterctl is the default build's binary; other BUILD dirs keep their own
clusterctl: $(BIN)
ifeq ($(BUILD),build)
	cp $(BIN) clusterctl
endif

$(BIN): $(patsubst src/%.c,$(BUILD)/%.o,$(MAIN_SRC)) $(LIB_OBJS)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS)

$(BUILD)/%.o: src/%.c | $(BUILD) need-libs
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# a new changelog entry rebuilds what prints the version
$(BUILD)/cli/cmd_version.o: debian/changelog

need-libs:
ifneq ($(PKG_OK),yes)
	@echo "clusterctl: the build libraries are missing ($(PKGS) via $(PKG_CONFIG));" \
		"'make deps' installs them (make test and make demo do it first)" >&2; exit 1
endif

# Templates are compiled into the binary so an installed clusterctl needs no
# data files; a site may still point cluster.template_dir at its own.
$(BUILD)/templates_gen.c: $(TEMPLATES) scripts/embed-templates.sh | $(BUILD)
	@# a temp name per make process: two makes in one tree must not write one file
	sh scripts/embed-templates.sh $(TEMPLATES) > $@.tmp.$$$$ && mv $@.tmp.$$$$ $@

$(BUILD)/templates_gen.o: $(BUILD)/templates_gen.c
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/unit/%.o: tests/unit/%.c | $(BUILD) need-libs
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(BUILD)/unit-tests: $(UNIT_OBJS) $(LIB_OBJS)
	$(CC) $(ALL_LDFLAGS) -o $@ $^ $(LIBS) $(CRITERION_LIBS)

$(BUILD):
	@mkdir -p $(BUILD)

# The one test command (README, .ci/run): installs what it needs, then runs
# every suite with a normal build and again under ASan+UBSan, whose
# integration pass runs the daemon files on the newest release only.
test: deps
	$(AS_ROOT) bash scripts/lab-root.sh ensure 24.11 >/dev/null
	$(AS_ROOT) bash scripts/lab-root.sh ensure 26.05 >/dev/null
	$(MAKE) check-first-run
	$(MAKE) check
	$(MAKE) SANITIZE=address,undefined SLURM_VERSIONS=26.05 check-unit check-golden check-integration
	$(MAKE) check-package

deps:
	sh scripts/install-deps.sh

check: check-layers hdr-check check-dev check-unit check-golden check-integration check-fuzz

# README's first command in a new minimal Debian 12 root (debootstrap), as
# root and as a user with sudo: what a newcomer meets (tests/fresh/first-run.sh)
check-first-run:
	$(AS_ROOT) sh tests/fresh/first-run.sh root user

check-unit: $(BUILD)/unit-tests
	$(BUILD)/unit-tests --jobs 2

check-golden: $(BIN)
	CLUSTERCTL=$(abspath $(BIN)) sh tests/golden/check.sh

# Small C drivers used by the integration tests (tests/tools/NAME.c ->
# $(BUILD)/tools/NAME), linked with the library objects.
TOOL_SRCS := $(sort $(wildcard tests/tools/*.c))
TOOLS := $(patsubst tests/tools/%.c,$(BUILD)/tools/%,$(TOOL_SRCS))

$(BUILD)/tools/%: tests/tools/%.c $(LIB_OBJS)
	@mkdir -p $(BUILD)/tools
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(LIB_OBJS) $(LIBS)

tools: $(TOOLS)

check-integration: $(BIN) $(TOOLS)
	$(AS_ROOT) env CLUSTERCTL=$(abspath $(BIN)) CLUSTERCTL_TOOLS=$(abspath $(BUILD)/tools) \
		$(if $(SLURM_VERSIONS),SLURM_VERSIONS="$(SLURM_VERSIONS)") \
		$(if $(SANITIZE),CLUSTERCTL_SANITIZE="$(SANITIZE)") sh tests/t/run.sh

FUZZ_SECONDS ?= 10
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_BUILD := build-fuzz
FUZZ_CC ?= clang
FUZZ_FLAGS := -std=c17 -g -O1 -fsanitize=fuzzer,address,undefined \
	-fno-sanitize-recover=all -Isrc -I$(FUZZ_BUILD) $(PKG_CFLAGS) $(VERSION_DEF) -MMD -MP
FUZZ_LIB_OBJS := $(patsubst src/%.c,$(FUZZ_BUILD)/%.o,$(LIB_SRCS)) \
	$(FUZZ_BUILD)/templates_gen.o

$(FUZZ_BUILD)/%.o: src/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(subst fuzzer$(,),fuzzer-no-link$(,),$(FUZZ_FLAGS)) -c -o $@ $<

$(FUZZ_BUILD)/templates_gen.o: $(BUILD)/templates_gen.c
	@mkdir -p $(FUZZ_BUILD)
	$(FUZZ_CC) $(subst fuzzer$(,),fuzzer-no-link$(,),$(FUZZ_FLAGS)) -c -o $@ $<

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB_OBJS)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $(filter %.c %.o,$^) $(LIBS)

, := ,

# keep the instrumented library objects between fuzz builds
.PRECIOUS: $(FUZZ_BUILD)/%.o $(FUZZ_BUILD)/templates_gen.o

check-fuzz: $(addprefix $(FUZZ_BUILD)/fuzz_,$(FUZZ_TARGETS))
	FUZZ_SECONDS=$(FUZZ_SECONDS) sh tests/fuzz/run.sh $(FUZZ_TARGETS)

fuzz:
	$(MAKE) check-fuzz FUZZ_SECONDS=$${FUZZ_SECONDS:-600}

# deps first, then a second make that reads the installed libraries' flags
bench: deps
	$(MAKE) all
	$(AS_ROOT) env CLUSTERCTL=$(abspath $(BIN)) sh bench/run.sh

# CLUSTERCTL=/usr/bin/clusterctl: the demo drives that binary (an installed
# package) and builds nothing
demo: deps
ifeq ($(origin CLUSTERCTL),undefined)
	$(MAKE) all
	$(AS_ROOT) env CLUSTERCTL=$(abspath $(BIN)) bash scripts/demo.sh
else
	$(AS_ROOT) env CLUSTERCTL=$(CLUSTERCTL) bash scripts/demo.sh
endif

# The wings of src/ against their floor table (src/FLOORS): a cycle, an
# edge up a floor the table does not allow, a header that declares another
# module's functions, or docs/architecture.md's table out of date fails,
# naming the file and the name (docs/architecture.md).
check-layers:
	python3 scripts/include-graph.py --quiet

# Each header compiles alone (git's hdr-check).
hdr-check: | need-libs
	@for h in $(HEADERS); do \
		echo "#include \"$${h#src/}\"" | \
		$(CC) $(WARN) $(DEV_WARN) $(PKG_CFLAGS) $(VERSION_DEF) -Isrc -x c -fsyntax-only - || exit 1; \
	done

# What "make DEVELOPER=1" would refuse, over every source (the program,
# the unit tests, the test tools) without building anything: seconds, so
# every "make check" runs it.
check-dev: | need-libs
	$(CC) $(WARN) $(DEV_WARN) $(PKG_CFLAGS) $(VERSION_DEF) -Isrc -fsyntax-only \
		$(ALL_SRCS) $(UNIT_SRCS) $(TOOL_SRCS)

# The layout of the Debian package (debian/rules runs this with PREFIX=/usr):
# nothing of the lab (scripts/, tests/) is installed.
EXAMPLES := $(sort $(wildcard inventories/*.yaml))
EXAMPLE_OVERLAYS := $(sort $(wildcard inventories/lab/*.yaml))

install: $(BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/templates \
		$(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(COMPLETIONDIR) \
		$(DESTDIR)$(DOCDIR)/docs $(DESTDIR)$(DOCDIR)/docs/ci \
		$(DESTDIR)$(DOCDIR)/examples/lab
	install -d -m 0700 $(DESTDIR)$(SYSCONFDIR)/clusterctl
	install -m 0755 $(BIN) $(DESTDIR)$(BINDIR)/clusterctl
	install -m 0644 $(TEMPLATES) $(DESTDIR)$(DATADIR)/templates/
	sed '1s/"clusterctl [^"]*"/"clusterctl $(VERSION)"/' doc/clusterctl.1 \
		>$(DESTDIR)$(MANDIR)/man1/clusterctl.1
	chmod 0644 $(DESTDIR)$(MANDIR)/man1/clusterctl.1
	install -m 0644 scripts/clusterctl.bash-completion $(DESTDIR)$(COMPLETIONDIR)/clusterctl
	install -m 0644 README.md CHANGELOG.md $(DESTDIR)$(DOCDIR)/
	install -m 0644 docs/*.md $(DESTDIR)$(DOCDIR)/docs/
	install -m 0644 docs/ci/*.yml $(DESTDIR)$(DOCDIR)/docs/ci/
	install -m 0644 $(EXAMPLES) $(DESTDIR)$(DOCDIR)/examples/
	install -m 0644 $(EXAMPLE_OVERLAYS) $(DESTDIR)$(DOCDIR)/examples/lab/

# The source tarball of the commit HEAD (not of uncommitted changes): what a
# release is built from, and what make deb and check-package build.
DIST := clusterctl-$(VERSION).tar.gz
dist:
	@git rev-parse --git-dir >/dev/null 2>&1 || \
		{ echo "make dist: needs a git checkout (git archive HEAD)" >&2; exit 1; }
	@git diff --quiet HEAD -- || echo "make dist: note: uncommitted changes are left out (HEAD is archived)" >&2
	git archive --format=tar --prefix=clusterctl-$(VERSION)/ HEAD | gzip -n >$(DIST).tmp
	mv $(DIST).tmp $(DIST)

# dpkg-buildpackage in a copy of that tarball (so the tree here stays as it
# is and the .deb lands here, not in ..); SOURCE_DATE_EPOCH is the commit's
# time, so two builds of one commit are the same bytes.
DEB = clusterctl_$(VERSION)_$(shell dpkg --print-architecture 2>/dev/null).deb
deb: dist
	rm -rf $(BUILD)/deb && mkdir -p $(BUILD)/deb
	tar -xzf $(DIST) -C $(BUILD)/deb
	cd $(BUILD)/deb/clusterctl-$(VERSION) && \
		SOURCE_DATE_EPOCH=$$(git -C $(CURDIR) log -1 --format=%ct) dpkg-buildpackage -us -uc -b
	mv $(BUILD)/deb/$(DEB) .
	@echo "make deb: $(DEB)"

# Builds, lintian, two builds compared, apt install and the installed
# clusterctl run, in fresh Debian 12 and 13 roots (tests/package/check.sh).
check-package: dist
	$(AS_ROOT) bash tests/package/check.sh $(DIST)

clean:
	rm -rf build build-san build-fuzz clusterctl clusterctl-*.tar.gz clusterctl_*.deb

-include $(shell find $(BUILD) $(FUZZ_BUILD) -name '*.d' 2>/dev/null)
