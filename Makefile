# sudokit build.  `make` builds the libraries, the tool and its man page
# ($(B)/sudokit.1, written by the tool: cli/man.c); `make test` runs
# every test; `make demo` runs the tool on the bundled examples.
#
#   make SAN=1 ...    the same targets built with -fsanitize=address,undefined
#                     into build-san/ (used by .ci/run)
#   make TSAN=1 test-threads   the multithreaded tests under ThreadSanitizer
#                     (build-tsan/)
#   make fuzz         builds the libFuzzer targets of fuzz/ with clang and
#                     runs each for FUZZ_TIME seconds (fuzz/README.md)
#   make stress       a million puzzles streamed in bounded memory (slow)
#   make valgrind     the command-line tests, one run of the tool in three under
#                     valgrind (VALGRIND_EVERY=1: every run; tests/valgrind.sh)
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

# sanitizer builds at -O1, as the sanitizers advise: they compile in a
# third of the time -O2 takes (engine_9x9.c's tests: 32 -> 7 s), which is
# most of what CI spends on them
ifeq ($(filter 1,$(SAN) $(TSAN)),1)
OPT      ?= -O1
endif
OPT      ?= -O2
WARN     := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS   ?= $(OPT) -g
ALLCFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L $(WARN) $(CFLAGS) -Iinclude -pthread
LDLIBS   += -pthread -lm

ifeq ($(SAN),1)
B        := build-san
ALLCFLAGS += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDFLAGS  += -fsanitize=address,undefined
else ifeq ($(TSAN),1)
B        := build-tsan
ALLCFLAGS += -fsanitize=thread -fno-omit-frame-pointer
LDFLAGS  += -fsanitize=thread
else
B        ?= build
endif

LIB_SRC  := $(sort $(wildcard src/*.c src/*/*.c))
LIB_HDR  := include/sudokit.h $(wildcard src/*.h src/*/*.h)
CLI_SRC  := $(sort $(wildcard cli/*.c))
TEST_SRC := $(sort $(wildcard tests/unit/test_*.c))
LIB_OBJ  := $(LIB_SRC:src/%.c=$(B)/obj/lib/%.o)
PIC_OBJ  := $(LIB_SRC:src/%.c=$(B)/obj/pic/%.o)
# the man page's template, compiled into the tool (cli/man.c prints it)
MAN_GEN  := $(B)/gen/man_template.c
CLI_OBJ  := $(CLI_SRC:cli/%.c=$(B)/obj/cli/%.o) $(B)/obj/gen/man_template.o
TEST_BIN := $(TEST_SRC:tests/unit/%.c=$(B)/tests/%)
FUZZ_SRC := $(sort $(wildcard fuzz/fuzz_*.c))
# each fuzz target linked with fuzz/replay.c: replays the committed corpus
FUZZ_REPLAY := $(FUZZ_SRC:fuzz/%.c=$(B)/fuzz/%)
# the same targets linked with libFuzzer (clang), for `make fuzz`
FUZZERS  := $(FUZZ_SRC:fuzz/%.c=$(B)/fuzzer/%)
FUZZ_CC  ?= clang
FUZZ_TIME ?= 60
FUZZ_FLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -g -Iinclude -Isrc -pthread \
	-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_OBJ := $(LIB_SRC:src/%.c=$(B)/fuzzer/obj/%.o)
# allocation-failure builds: every malloc/calloc/realloc/free of the
# library and the tool goes through tests/alloc_wrap.h
ALLOC_WRAP := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free

STATIC   := $(B)/libsudokit.a
SHARED   := $(B)/libsudokit.so.$(VERSION)
TOOL     := $(B)/sudokit
MANPAGE  := $(B)/sudokit.1

.PHONY: all lib tool tests test demo install uninstall clean bench bench-variants bench-rate bench-generate wasm test-wasm bench-wasm bench-web web serve FORCE \
	fuzz fuzzers stress valgrind test-threads python test-python
all: $(STATIC) $(SHARED) $(TOOL) $(MANPAGE)

lib: $(STATIC) $(SHARED)
tool: $(TOOL)

$(B)/obj/lib/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c $< -o $@

$(B)/obj/pic/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -fPIC -fvisibility=hidden -DSK_BUILD_SHARED -c $< -o $@

$(B)/obj/cli/%.o: cli/%.c include/sudokit.h $(wildcard cli/*.h)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c $< -o $@

# docs/sudokit.1.in as a C array of lines, with backslash, '"' and '?' (trigraphs)
# escaped.
$(MAN_GEN): docs/sudokit.1.in
	@mkdir -p $(@D)
	{ echo '/* Generated from docs/sudokit.1.in by the Makefile: edit that file. */'; \
	  echo '#include <stddef.h>'; \
	  echo 'extern const char *const cli_man_template[];'; \
	  echo 'const char *const cli_man_template[] = {'; \
	  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/?/\\?/g' -e 's/^/    "/' -e 's/$$/",/' $<; \
	  echo '    NULL,'; \
	  echo '};'; } > $@.tmp && mv $@.tmp $@

$(B)/obj/gen/%.o: $(B)/gen/%.c
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -c $< -o $@

# The man page: the template with the sections the tool writes from its
# tables (cli/man.c).
$(MANPAGE): $(TOOL)
	./$(TOOL) help --man > $@.tmp && mv $@.tmp $@

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

# test_9x9_generic compiles test_9x9.c again (with the engine's source).
$(B)/tests/test_9x9_generic: tests/unit/test_9x9.c src/engine_9x9.c

# test_rules_memo compiles test_rules.c and the propagation's source again.
$(B)/tests/test_rules_memo: tests/unit/test_rules.c src/propagate.c src/propagate.h

# test_cdcl_reasons compiles the cdcl engine's source into itself.
$(B)/tests/test_cdcl_reasons: src/engine_cdcl.c src/rules/rules.h

# test_logic_reach compiles the chains' source into itself.
$(B)/tests/test_logic_reach: src/logic_chain.c src/logic.h

# The allocation-failure test and tool are linked with the wrappers.
$(B)/tests/test_alloc: tests/unit/test_alloc.c tests/unit/check.h tests/alloc_wrap.h $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Isrc $(LDFLAGS) $(ALLOC_WRAP) -o $@ $< $(STATIC) $(LDLIBS)

$(B)/tests/sudokit-alloc: tests/alloc_tool.c tests/alloc_wrap.h $(CLI_OBJ) $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) $(LDFLAGS) $(ALLOC_WRAP) -o $@ $< $(CLI_OBJ) $(STATIC) $(LDLIBS)

$(B)/fuzz/%: fuzz/%.c fuzz/replay.c fuzz/fuzz.h $(STATIC)
	@mkdir -p $(@D)
	$(CC) $(ALLCFLAGS) -Isrc $(LDFLAGS) -o $@ $< fuzz/replay.c $(STATIC) $(LDLIBS)

tests: $(TEST_BIN) $(TOOL) $(FUZZ_REPLAY) $(B)/tests/sudokit-alloc

# One command runs every layer and ends with "N passed, N failed".
test: all tests
	@sh tests/deps.sh
	@B=$(B) CC="$(CC)" SAN=$(SAN) sh tests/run.sh

# The Python package (python/): it loads the shared library of this build
# when SUDOKIT_LIB names it (build/ is found without it).
python: $(SHARED)
	@echo "use: SUDOKIT_LIB=$$(pwd)/$(B)/libsudokit.so PYTHONPATH=$$(pwd)/python python3"

test-python: $(SHARED) $(TOOL)
	@sh tests/python.sh $(B)

# Fuzzing (clang with libFuzzer: Debian package libclang-rt-14-dev).
$(B)/fuzzer/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(B)/fuzzer/%: fuzz/%.c fuzz/fuzz.h $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) -lm

fuzzers: $(FUZZERS)

fuzz: $(FUZZERS)
	@sh fuzz/run.sh $(B)/fuzzer $(FUZZ_TIME) $(FUZZ_TARGETS)

stress: $(TOOL)
	@sh tests/stress.sh $(TOOL)

valgrind: $(TOOL)
	@sh tests/valgrind.sh $(TOOL)

# Run with TSAN=1: the tests that start threads.
# Of the unit tests only test_engine starts threads (tests/threads.sh).
test-threads: $(B)/tests/test_engine $(TOOL)
	@B=$(B) sh tests/threads.sh

demo: $(TOOL)
	@sh examples/demo.sh $(TOOL)

# make bench BENCH_ARGS="--solver NAME 'FIRST CMD' 'UNIQUE CMD'" adds a reference
bench: $(TOOL)
	@sh bench/run.sh $(TOOL) $(BENCH_ARGS)

# variant puzzles against ISS (a checkout outside this repository) and CaDiCaL
bench-variants: $(TOOL)
	@python3 bench/variants/run.py $(TOOL) $(if $(ISS),--iss $(ISS)) $(VARIANTS_ARGS)

# the logical solver's ratings against a reference rater outside this repository:
#   make bench-rate SERATE='/path/to/rater -n' [RATE_ARGS='--ref FILE --sample 0']
bench-rate: $(STATIC)
	@sh bench/rate.sh $(TOOL) $(if $(SERATE),--serate '$(SERATE)') $(RATE_ARGS)

# the generator against qqwing (Debian package), and on large grids and hard ratings
bench-generate: $(TOOL)
	@sh bench/generate.sh $(TOOL) $(GENERATE_ARGS)

# The WebAssembly build (emscripten): the library and web/glue.c as an ES
# module, with the hand-written API, worker and types, laid out as an npm
# package in $(WASM_DIR).  Debian's emcc runs its tools under the node on
# PATH, which needs Debian's node modules (acorn) on NODE_PATH.
EMCC     ?= emcc
WASM_DIR ?= build-wasm/sudokit
WASM_OBJ := $(LIB_SRC:src/%.c=build-wasm/obj/%.o) build-wasm/obj/glue.o
WASM_EXPORTS := _skw_restate,_skw_solve,_skw_candidates,_skw_rate,_skw_explain,_skw_describe,_skw_generate,_skw_free,_skw_symmetry,_skw_technique,_skw_version,_malloc,_free
WASM_FLAGS := -O3 -msimd128 -std=c11 -D_POSIX_C_SOURCE=200809L -Iinclude
WEB_FILES := web/sudokit.mjs web/worker.mjs web/sudokit.d.ts web/package.json web/README.md
EMENV    := NODE_PATH=$${NODE_PATH:-/usr/share/nodejs}

build-wasm/obj/%.o: src/%.c $(LIB_HDR)
	@mkdir -p $(dir $@)
	$(EMENV) $(EMCC) $(WASM_FLAGS) -c $< -o $@

build-wasm/obj/glue.o: web/glue.c include/sudokit.h
	@mkdir -p $(dir $@)
	$(EMENV) $(EMCC) $(WASM_FLAGS) -c $< -o $@

$(WASM_DIR)/sudokit-core.mjs: $(WASM_OBJ)
	@mkdir -p $(WASM_DIR)
	$(EMENV) $(EMCC) -O3 -msimd128 $(WASM_OBJ) -o $@ -sMODULARIZE -sEXPORT_ES6 -sENVIRONMENT=web,worker \
	    -sALLOW_MEMORY_GROWTH -sEXPORTED_FUNCTIONS=$(WASM_EXPORTS) \
	    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8

wasm: $(WASM_DIR)/sudokit-core.mjs $(WEB_FILES)
	cp $(WEB_FILES) $(WASM_DIR)/

test-wasm: wasm
	@sh tests/web.sh $(WASM_DIR)

# the web page: the package and web/page/ as static files; `make serve`
# serves them on http://127.0.0.1:8000/
SITE_DIR ?= build-wasm/site
web: wasm web/page/index.html web/page/app.mjs web/page/style.css
	@mkdir -p $(SITE_DIR)
	cp $(WASM_DIR)/sudokit.mjs $(WASM_DIR)/worker.mjs $(WASM_DIR)/sudokit-core.mjs \
	    $(WASM_DIR)/sudokit-core.wasm web/page/index.html web/page/app.mjs \
	    web/page/style.css $(SITE_DIR)/

serve: web
	node web/serve.mjs $(SITE_DIR) $(or $(PORT),8000)

# the page's answer times in headless Chromium (puppeteer-core from npm)
bench-web: web
	@[ -d build-wasm/browser/node_modules/puppeteer-core ] || \
	    npm install --prefix build-wasm/browser --no-save --no-audit --no-fund --silent puppeteer-core@21
	@node bench/wasm/page.mjs $(SITE_DIR) build-wasm/browser $(CHROMIUM)

bench-wasm: wasm $(TOOL)
	@sh bench/wasm.sh $(TOOL) $(WASM_DIR)

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
	install -m 644 $(MANPAGE) $(DESTDIR)$(MANDIR)/man1/

uninstall:
	rm -f $(DESTDIR)$(INCDIR)/sudokit.h $(DESTDIR)$(LIBDIR)/libsudokit.* \
	    $(DESTDIR)$(BINDIR)/sudokit $(DESTDIR)$(PKGDIR)/sudokit.pc \
	    $(DESTDIR)$(MANDIR)/man1/sudokit.1

clean:
	rm -rf build build-san build-tsan build-wasm
