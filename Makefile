# sudokit build.  `make` builds the libraries and the tool; `make test` runs
# every test; `make demo` runs the tool on the bundled examples.
#
#   make SAN=1 ...    the same targets built with -fsanitize=address,undefined
#                     into build-san/ (used by .ci/run)
#   make install PREFIX=/usr/local DESTDIR=

CC       ?= cc
PREFIX   ?= /usr/local
LIBDIR   ?= $(PREFIX)/lib
INCDIR   ?= $(PREFIX)/include
BINDIR   ?= $(PREFIX)/bin
MANDIR   ?= $(PREFIX)/share/man
PKGDIR   ?= $(LIBDIR)/pkgconfig

VERSION  := $(shell sed -n 's/^\#define SK_VERSION "\(.*\)"/\1/p' include/sudokit.h)
SOMAJOR  := 0

OPT      ?= -O2
WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS   ?= $(OPT) -g
ALLCFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) -Iinclude -pthread
LDLIBS   += -pthread -lm

ifeq ($(SAN),1)
B        := build-san
ALLCFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS  += -fsanitize=address,undefined
else
B        ?= build
endif

LIB_SRC  := $(sort $(wildcard src/*.c))
CLI_SRC  := $(sort $(wildcard cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
LIB_OBJ  := $(LIB_SRC:src/%.c=$(B)/obj/lib/%.o)
PIC_OBJ  := $(LIB_SRC:src/%.c=$(B)/obj/pic/%.o)
CLI_OBJ  := $(CLI_SRC:cli/%.c=$(B)/obj/cli/%.o)
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(B)/tests/%)

STATIC   := $(B)/libsudokit.a
SHARED   := $(B)/libsudokit.so.$(VERSION)
TOOL     := $(B)/sudokit

.PHONY: all lib tool tests test demo install uninstall clean bench FORCE
all: $(STATIC) $(SHARED) $(TOOL)

lib: $(STATIC) $(SHARED)
tool: $(TOOL)

$(B)/obj/lib/%.o: src/%.c include/sudokit.h $(wildcard src/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c $< -o $@

$(B)/obj/pic/%.o: src/%.c include/sudokit.h $(wildcard src/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -fPIC -fvisibility=hidden -DSK_BUILD_SHARED -c $< -o $@

$(B)/obj/cli/%.o: cli/%.c include/sudokit.h $(wildcard cli/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c $< -o $@

$(STATIC): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(SHARED): $(PIC_OBJ)
	$(CC) -shared -Wl,-soname,libsudokit.so.$(SOMAJOR) $(LDFLAGS) -o $@ $^ $(LDLIBS)
	ln -sf libsudokit.so.$(VERSION) $(B)/libsudokit.so.$(SOMAJOR)
	ln -sf libsudokit.so.$(VERSION) $(B)/libsudokit.so

$(TOOL): $(CLI_OBJ) $(STATIC)
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(STATIC) $(LDLIBS)

# Unit tests see the library's internal headers too.
$(B)/tests/%: tests/unit/%.c $(wildcard tests/unit/*.h) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Isrc $(LDFLAGS) -o $@ $< $(STATIC) $(LDLIBS)

tests: $(TEST_BIN) $(TOOL)

# One command runs every layer and ends with "N passed, N failed".
test: all tests
	@sh tests/deps.sh
	@B=$(B) CC="$(CC)" SAN=$(SAN) sh tests/run.sh

demo: $(TOOL)
	@sh examples/demo.sh $(TOOL)

bench: $(TOOL)
	@sh bench/run.sh $(TOOL)

# Written on every install, so that a new PREFIX is never stale.
$(B)/sudokit.pc: sudokit.pc.in include/sudokit.h FORCE
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCDIR@|$(INCDIR)|' -e 's|@VERSION@|$(VERSION)|' $< > $@
FORCE:

install: all $(B)/sudokit.pc
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCDIR) $(DESTDIR)$(BINDIR) \
	    $(DESTDIR)$(PKGDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 644 include/sudokit.h $(DESTDIR)$(INCDIR)/
	install -m 644 $(STATIC) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SHARED) $(DESTDIR)$(LIBDIR)/
	ln -sf libsudokit.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsudokit.so.$(SOMAJOR)
	ln -sf libsudokit.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libsudokit.so
	install -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/
	install -m 644 $(B)/sudokit.pc $(DESTDIR)$(PKGDIR)/
	install -m 644 docs/sudokit.1 $(DESTDIR)$(MANDIR)/man1/

uninstall:
	rm -f $(DESTDIR)$(INCDIR)/sudokit.h $(DESTDIR)$(LIBDIR)/libsudokit.* \
	    $(DESTDIR)$(BINDIR)/sudokit $(DESTDIR)$(PKGDIR)/sudokit.pc \
	    $(DESTDIR)$(MANDIR)/man1/sudokit.1

clean:
	rm -rf build build-san
