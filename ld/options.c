// options.c: GNU ld's command line, as compilers pass it.
//
// Everything gcc and clang pass for a static link is accepted.  Options
// that only matter for dynamic linking are accepted and ignored where GNU
// ld would accept them in a static link; anything mld does not know is an
// error rather than silently ignored.

#include "options.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static const char usage[] =
    "Usage: mld [options] file...\n"
    "A static linker for x86-64 and AArch64 Linux, command-line compatible\n"
    "with GNU ld.  A long option may be cut to a unique prefix, as in\n"
    "GNU ld.\n"
    "\n"
    "Options:\n"
    "  -o FILE, --output=FILE      Write the executable to FILE (a.out)\n"
    "  -r, -i, --relocatable       Write a relocatable object instead (a\n"
    "                              partial link, as GNU ld's -r)\n"
    "  -Ur                         -r, with __start_SEC and __stop_SEC\n"
    "                              defined\n"
    "  --force-group-allocation    -r: section groups' members placed as\n"
    "                              other sections, no groups kept\n"
    "  -d, -dc, -dp                -r: COMMON symbols get room in .bss\n"
    "  -L DIR, --library-path=DIR  Search DIR for -l libraries\n"
    "  -l NAME, --library=NAME     Link libNAME.a (-l:FILE links FILE)\n"
    "  -e SYM, --entry=SYM         Start execution at SYM (_start)\n"
    "  -u SYM, --undefined=SYM     Treat SYM as undefined (pulls archive "
    "members)\n"
    "  --require-defined=SYM       As -u, and an error if SYM is not defined\n"
    "  --unresolved-symbols=METHOD Report undefined references (report-all,\n"
    "                              ignore-in-shared-libs) or not, as 0\n"
    "                              (ignore-all, ignore-in-object-files)\n"
    "  --warn-unresolved-symbols, --error-unresolved-symbols\n"
    "                              Report them as warnings (and link), or\n"
    "                              errors (the default)\n"
    "  --warn-once                 Show one place for each undefined symbol\n"
    "  --ignore-unresolved-symbol=SYM\n"
    "                              SYM undefined is 0, and not reported\n"
    "  -w, --no-warnings           Silence the warnings GNU ld's -w silences\n"
    "  -a archive|shared|default   -Bstatic, -Bdynamic (HP-UX's spelling)\n"
    "  --noinhibit-exec            Write the output despite undefined\n"
    "                              symbols (0), duplicates (the first wins)\n"
    "                              and relocations out of range (low bits)\n"
    "  -y SYM, --trace-symbol=SYM  Print each file that defines or refers\n"
    "                              to SYM\n"
    "  --print-memory-usage        Print the use of MEMORY regions (none in\n"
    "                              the built-in layout: the header only)\n"
    "  -t, --trace                 Print each input file as it is opened\n"
    "                              (twice: archive members too)\n"
    "  -m EMULATION                elf_x86_64, aarch64linux, aarch64elf\n"
    "  -s, --strip-all             Omit .symtab and .strtab\n"
    "  -S, --strip-debug           Omit debugging sections\n"
    "  -q, --emit-relocs           Keep the inputs' relocations in the\n"
    "                              output (.rela.SECTION), as for BOLT\n"
    "  --retain-symbols-file=FILE  Keep only the symbols FILE names in\n"
    "                              .symtab (a later -s or -S undoes it)\n"
    "  -x, --discard-all           Omit the inputs' local symbols\n"
    "  -X, --discard-locals        Omit local labels (.L...) of the inputs\n"
    "  --discard-none              Keep every local symbol (default: omit\n"
    "                              local labels of mergeable sections)\n"
    "  --sort-common[=descending|ascending]\n"
    "                              Place COMMON symbols by alignment\n"
    "  --sort-section=name|alignment\n"
    "                              Sort the inputs of each script statement\n"
    "  -T FILE, --script=FILE      Lay out the output by linker script FILE\n"
    "                              (SECTIONS, MEMORY, PHDRS, INSERT,\n"
    "                              OVERLAY, ...)\n"
    "  -dT FILE, --default-script=FILE\n"
    "                              Linker script FILE, unless -T gives one\n"
    "  -Ttext=ADDR, -Tdata=ADDR, -Tbss=ADDR\n"
    "                              Put .text, .data or .bss at ADDR (hex)\n"
    "  --section-start=SECTION=ADDR\n"
    "                              Put output section SECTION at ADDR (hex)\n"
    "  -Ttext-segment=ADDR         Start the image at ADDR (hex), not 0x400000\n"
    "  -pie, --pic-executable      With --no-dynamic-linker: a static PIE,\n"
    "                              linked at 0, relocated by the C library's\n"
    "                              start-up code (what gcc's static PIE is)\n"
    "  --no-pie                    Undo -pie (the default)\n"
    "  --no-dynamic-linker         No program interpreter (a static PIE)\n"
    "  -E, --export-dynamic        Every global symbol in .dynsym (with -pie\n"
    "                              or --no-dynamic-linker)\n"
    "  --dynamic-list=FILE         The symbols FILE names in .dynsym (same)\n"
    "  --export-dynamic-symbol=GLOB\n"
    "                              Those GLOB matches in .dynsym (same)\n"
    "  --export-dynamic-symbol-list=FILE\n"
    "                              As --dynamic-list\n"
    "  --dynamic-list-data         The data objects in .dynsym (same)\n"
    "  --hash-style=sysv|gnu|both  .dynsym's .hash, .gnu.hash or both (default)\n"
    "  --spare-dynamic-tags=N      DT_NULL entries ending .dynamic (5)\n"
    "  --hash-size=N               GNU ld's symbol table size, which orders\n"
    "                              the GOT and the like (default 4051)\n"
    "  --reduce-memory-overheads   Its size 1021, and -Map lists symbols in\n"
    "                              the table's order\n"
    "  -n, --nmagic                Not demand-paged: one RWX PT_LOAD, headers\n"
    "                              not loaded (so no __ehdr_start, which\n"
    "                              static glibc needs)\n"
    "  -N, --omagic                The same, .text writable, the data right\n"
    "                              after the read-only data\n"
    "  --no-omagic                 Undo -N and -n (the default)\n"
    "  --build-id[=STYLE]          sha1 (default), md5, uuid, 0xHEX, none\n"
    "  --start-group, -( ... --end-group, -)\n"
    "                              Rescan the archives between until no "
    "member is added\n"
    "  --whole-archive, --no-whole-archive\n"
    "                              Link every member of the archives "
    "between\n"
    "  -Bstatic, -static, -dn, -non_shared\n"
    "                              -l finds libNAME.a only (the default)\n"
    "  -Bdynamic, -dy, -call_shared\n"
    "                              -l tries libNAME.so first (refused: a\n"
    "                              static link cannot use it, as in GNU ld)\n"
    "  --push-state, --pop-state   Save and restore --whole-archive and -B\n"
    "  --oformat=binary            Write a raw image: the loaded sections at\n"
    "                              their load addresses, no headers\n"
    "  -b binary, --format=binary  Link the files after it as raw bytes:\n"
    "                              .data and _binary_FILE_start, _end,\n"
    "                              _size (-b default: objects again)\n"
    "  -plugin FILE                Load the compiler's LTO plugin when an\n"
    "                              object holds bytecode (gcc passes it)\n"
    "  -plugin-opt=OPT             An option for that plugin\n"
    "  --exclude-libs=LIB,...      Hide the symbols of these archives (ALL)\n"
    "  --orphan-handling=place|warn|error|discard\n"
    "                              Sections no script statement names:\n"
    "                              placed, also reported, refused, dropped\n"
    "  --eh-frame-hdr, --no-eh-frame-hdr\n"
    "                              Make .eh_frame_hdr and PT_GNU_EH_FRAME\n"
    "  --gc-sections, --no-gc-sections\n"
    "                              Drop sections nothing refers to (with\n"
    "                              -r: from -e or -u symbols)\n"
    "  --gc-keep-exported          With --gc-sections, keep what every\n"
    "                              global not hidden refers to\n"
    "  -Map=FILE, -M, --print-map  Write a map of the output (GNU ld's\n"
    "                              layout) to FILE (DIR/OUTPUT.map for a\n"
    "                              directory) or standard output\n"
    "  --cref                      Print GNU ld's cross reference table\n"
    "                              (on standard output, or after the map)\n"
    "  --print-map-discarded, --no-print-map-discarded\n"
    "                              List the inputs left out in the map, or\n"
    "                              not\n"
    "  --why-extract=FILE          Write which reference pulled in each\n"
    "                              archive member (lld's format; - for\n"
    "                              standard output)\n"
    "  --demangle[=STYLE], --no-demangle\n"
    "                              Show C++ names demangled (the default,\n"
    "                              with libstdc++'s demangler) or not\n"
    "  --print-gc-sections, --no-print-gc-sections\n"
    "                              List the sections dropped\n"
    "  --no-relax, --relax         x86-64: keep GOT loads (no relaxation);\n"
    "                              relax them (the default)\n"
    "  --ld-generated-unwind-info, --no-ld-generated-unwind-info\n"
    "                              x86-64 static PIE: describe .plt and\n"
    "                              .plt.got in .eh_frame (the default), or\n"
    "                              not\n"
    "  --compress-debug-sections=none|zlib|zlib-gabi|zlib-gnu|zstd\n"
    "                              Compress .debug_* sections (libz.so.1 or\n"
    "                              libzstd.so.1 loaded when needed)\n"
    "  --icf=none|safe|all         Fold identical functions of .text into\n"
    "                              one (safe: not those whose address is\n"
    "                              taken)\n"
    "  --print-icf-sections, --no-print-icf-sections\n"
    "                              List the sections --icf folds\n"
    "  --package-metadata=JSON     FDO's .note.package with JSON (checked as\n"
    "                              GNU ld checks it)\n"
    "  --defsym=SYM=EXPR           Define SYM as EXPR, a GNU ld expression\n"
    "                              (no location counter)\n"
    "  --warn-common               Warn where COMMON symbols meet each other\n"
    "                              or a definition\n"
    "  --allow-multiple-definition, -z muldefs\n"
    "                              The first of several definitions wins\n"
    "  --wrap=SYM                  SYM means __wrap_SYM, __real_SYM means SYM\n"
    "  -z KEYWORD                  relro, norelro, separate-code,\n"
    "                              noseparate-code, execstack, noexecstack,\n"
    "                              max-page-size=N, common-page-size=N,\n"
    "                              stack-size=N (PT_GNU_STACK's size), muldefs,\n"
    "                              now (.got.plt joins .got, read-only), lazy;\n"
    "                              text (a PIE's text relocation: error),\n"
    "                              notext (DT_TEXTREL, no warning);\n"
    "                              start-stop-visibility=V (__start_SEC's);\n"
    "                              unique-symbol (locals NAME.N),\n"
    "                              nounique-symbol;\n"
    "                              common, nocommon (-r: COMMON's type);\n"
    "                              origin, global, interpose, nodump,\n"
    "                              loadfltr, nodefaultlib, globalaudit,\n"
    "                              initfirst, nodelete, nodlopen (.dynamic's\n"
    "                              DT_FLAGS_1), unique (DT_GNU_FLAGS_1);\n"
    "                              x86-64: ibt, shstk, lam-u48, lam-u57\n"
    "                              (features forced on), ibtplt (IBT IPLT),\n"
    "                              cet-report=, lam-report=, lam-u48-report=,\n"
    "                              lam-u57-report= (none|warning|error),\n"
    "                              x86-64-baseline|v2|v3|v4 (ISA needed);\n"
    "                              AArch64: force-bti (BTI forced on),\n"
    "                              pac-plt (PLT entries authenticate)\n"
    "  --warn-execstack, --no-warn-execstack\n"
    "                              Warn of an executable stack also for -z\n"
    "                              execstack; never warn of one\n"
    "  --warn-textrel              Warn of a PIE's DT_TEXTREL (x86-64 does\n"
    "                              unless -z notext)\n"
    "  --warn-rwx-segments, --no-warn-rwx-segments\n"
    "                              Warn (default) of RWX LOAD segments\n"
    "  --fix-cortex-a53-843419[=full|adr|adrp]\n"
    "                              AArch64: work around erratum 843419\n"
    "                              (adr: ADR only; adrp: veneers only)\n"
    "  --fix-cortex-a53-835769     AArch64: work around erratum 835769\n"
    "  --sysroot=DIR               Root for =DIR and $SYSROOT/DIR in -L,\n"
    "                              file names and input scripts\n"
    "  -nostdlib                   Ignore SEARCH_DIR in input scripts\n"
    "  --unique[=SECTION]          An output section for each input section\n"
    "                              matching the pattern (each orphan)\n"
    "  --fatal-warnings            Treat warnings as errors (no output)\n"
    "  --no-fatal-warnings         Undo --fatal-warnings (the default)\n"
    "  --stats, --no-stats         Print per-pass times, counts and memory\n"
    "  --threads[=N], --no-threads Use N threads (default: one per online\n"
    "                              processor, up to 256); output is the same\n"
    "  --dependency-file=FILE      Write a make rule naming every input\n"
    "  @FILE                       Read options from FILE\n"
    "  -v, --version               Print the version\n"
    "  -V                          Print the version and the emulations\n"
    "  --print-output-format       Print the output's BFD format name\n"
    "  --print-sysroot             Print the --sysroot directory\n"
    "  --target-help               Print the options of each target\n"
    "  --verbose                   Print the version, the emulations and\n"
    "                              the built-in layout, then link\n"
    "  --help                      Print this help\n"
    "\n"
    "Accepted without effect, as GNU ld for a static executable:\n"
    "  --as-needed, --no-as-needed, -E, --export-dynamic (without -pie or\n"
    "  --no-dynamic-linker),\n"
    "  --no-export-dynamic, --[no-]copy-dt-needed-entries,\n"
    "  --enable-new-dtags, --disable-new-dtags, --warn-shared-textrel,\n"
    "  -dynamic-linker FILE,\n"
    "  -rpath DIR, -rpath-link DIR, -soname NAME, -g,\n"
    "  -O LEVEL (with a PIE's exports it sizes the hash tables),\n"
    "  -Bsymbolic, -Bsymbolic-functions, -Bno-symbolic,\n"
    "  --version-script=FILE, and without -pie or --no-dynamic-linker\n"
    "  --dynamic-list=FILE,\n"
    "  --export-dynamic-symbol-list=FILE (their files are read, and\n"
    "  rejected where GNU ld rejects them), --dynamic-list-data,\n"
    "  --dynamic-list-cpp-new, --dynamic-list-cpp-typeinfo,\n"
    "  --export-dynamic-symbol=SYM, --undefined-version,\n"
    "  --no-undefined-version, --default-symver,\n"
    "  --default-imported-symver, --version-exports-section=SYM,\n"
    "  --no-undefined, -EL (the only byte\n"
    "  order), -flto, -flto-partition=, -fuse-ld=,\n"
    "  --oformat naming the target's ELF format,\n"
    "  -d, -dc, -dp (without -r), --check-sections,\n"
    "  --strip-discarded, --[no-]allow-shlib-undefined,\n"
    "  -init SYM, -fini SYM,\n"
    "  --audit, --depaudit/-P, other systems' options\n"
    "  (-assert, -A, -G, -Qy, -qmagic, --embedded-relocs, ...), the -z\n"
    "  keywords of dynamic linking (text, defs, combreloc, ... and those\n"
    "  of DT_FLAGS_1 without .dynamic); other -z keywords get a warning\n"
    "  that they are ignored, as in GNU ld; --enable-non-contiguous-regions\n"
    "  (an error where a region overflows).  Refused: -z nocombreloc with\n"
    "  a PIE's dynamic relocations, and a version script with -E or a\n"
    "  dynamic list and .dynamic\n"
    "\n"
    // GNU ld's last lines, which libtool's probes read.
    "mld: supported targets: elf64-x86-64 elf64-littleaarch64\n"
    "mld: supported emulations: elf_x86_64 aarch64linux\n";

// --target-help: what is particular to each target.
static const char target_help[] =
    "elf_x86_64:\n"
    "  -z ibt, -z shstk, -z cet-report=none|warning|error\n"
    "  -z ibtplt, -z lam-u48, -z lam-u57, -z lam-report=..., "
    "-z lam-u48-report=...,\n  -z lam-u57-report=...\n"
    "  -z x86-64-baseline|x86-64-v2|x86-64-v3|x86-64-v4\n"
    "  --no-relax (GOT loads kept)\n"
    "aarch64linux:\n"
    "  --fix-cortex-a53-843419[=full|adr|adrp]\n"
    "  --fix-cortex-a53-835769\n"
    "  -z force-bti, -z pac-plt\n"
    "  range-extension veneers for calls and jumps beyond 128 MiB\n";

struct args {
  char **v;
  u32 n, cap;
};

static void push_arg(struct args *a, char *s) {
  if (a->n == a->cap) {
    a->cap = a->cap ? a->cap * 2 : 64;
    a->v = realloc(a->v, a->cap * sizeof(char *));
    if (!a->v) {
      fputs("mld: error: out of memory\n", stderr);
      exit(1);
    }
  }
  a->v[a->n++] = s;
}

static void expand(struct ctx *ctx, struct args *out, char *arg, int depth);

// @FILE: whitespace-separated words, with '...', "..." and \ quoting.
static void read_response_file(struct ctx *ctx, struct args *out,
                               const char *path, int depth) {
  if (depth > 16)
    fatal(ctx, "@%s: response files nested too deeply", path);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    fatal(ctx, "cannot open response file %s: %s", path, strerror(errno));
  struct stat st;
  if (fstat(fd, &st) < 0)
    fatal(ctx, "cannot read %s: %s", path, strerror(errno));
  char *buf = arena_alloc(ctx, st.st_size + 1);
  u64 got = 0;
  while (got < (u64)st.st_size) {
    ssize_t r = read(fd, buf + got, st.st_size - got);
    if (r <= 0)
      break;
    got += r;
  }
  close(fd);
  buf[got] = 0;
  char *word = arena_alloc(ctx, got + 1);
  char *p = buf;
  for (;;) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
      p++;
    if (!*p)
      break;
    u64 n = 0;
    char quote = 0;
    while (*p && (quote || !(*p == ' ' || *p == '\t' || *p == '\n' ||
                             *p == '\r'))) {
      if (quote && *p == quote) {
        quote = 0;
        p++;
      } else if (!quote && (*p == '\'' || *p == '"')) {
        quote = *p++;
      } else if (*p == '\\' && p[1]) {
        word[n++] = p[1];
        p += 2;
      } else {
        word[n++] = *p++;
      }
    }
    expand(ctx, out, arena_strndup(ctx, word, n), depth + 1);
  }
}

static void expand(struct ctx *ctx, struct args *out, char *arg, int depth) {
  if (arg[0] == '@' && arg[1])
    read_response_file(ctx, out, arg + 1, depth);
  else
    push_arg(out, arg);
}

static void add_input(struct ctx *ctx, enum input_kind k, const char *arg) {
  struct input_spec *in = arena_alloc(ctx, sizeof(*in));
  in->kind = k;
  in->arg = arg;
  vec_push(ctx, &ctx->cfg.inputs, in);
}

// C's isspace() in the C locale, as libiberty's ISSPACE.
static bool is_space(char ch) {
  return ch == ' ' || (ch >= '\t' && ch <= '\r');
}

static bool hex_digit(char c, u8 *v) {
  if (c >= '0' && c <= '9') *v = c - '0';
  else if (c >= 'a' && c <= 'f') *v = c - 'a' + 10;
  else if (c >= 'A' && c <= 'F') *v = c - 'A' + 10;
  else return false;
  return true;
}

static void set_build_id(struct ctx *ctx, const char *style) {
  struct config *c = &ctx->cfg;
  if (!style || !strcmp(style, "sha1") || !strcmp(style, "tree"))
    c->build_id = BUILD_ID_SHA1;
  else if (!strcmp(style, "md5"))
    c->build_id = BUILD_ID_MD5;
  else if (!strcmp(style, "uuid"))
    c->build_id = BUILD_ID_UUID;
  else if (!strcmp(style, "none"))
    c->build_id = BUILD_ID_NONE;
  else if (style[0] == '0' && (style[1] == 'x' || style[1] == 'X')) {
    const char *h = style + 2;
    u32 n = 0;
    while (h[0]) {
      u8 hi, lo;
      if (h[0] == '-' || h[0] == ':') {
        h++;
        continue;
      }
      if (!hex_digit(h[0], &hi) || !hex_digit(h[1], &lo) ||
          n >= sizeof(c->build_id_hex))
        fatal(ctx, "--build-id: bad hex string '%s'", style);
      c->build_id_hex[n++] = hi << 4 | lo;
      h += 2;
    }
    if (!n)
      fatal(ctx, "--build-id: empty hex string");
    c->build_id = BUILD_ID_HEX;
    c->build_id_hex_len = n;
  } else {
    fatal(ctx, "--build-id: unknown style '%s'", style);
  }
}

static u64 parse_number(struct ctx *ctx, const char *opt, const char *s) {
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (!*s || *end || errno)
    fatal(ctx, "%s: bad number '%s'", opt, s);
  return v;
}

// An address as GNU ld reads those of -Ttext and the like (bfd_scan_vma,
// base 16): hexadecimal, 0x or not, maybe after spaces and a sign, with
// nothing after; a number too large for 64 bits saturates.
static u64 hex_address(struct ctx *ctx, const char *s) {
  char *end;
  unsigned long long v = strtoull(s, &end, 16);
  if (*end)
    fatal(ctx, "invalid hex number `%s'", s);
  return v;
}

// -Ttext=ADDR, -Tdata, -Tbss, --section-start=NAME=ADDR: one entry per
// name, in the order names first appear (GNU ld makes their output
// sections in that order), with the last address given.
static void section_start(struct ctx *ctx, const char *name,
                          const char *value) {
  u64 addr = hex_address(ctx, value);
  struct vec *v = &ctx->cfg.section_starts;
  for (u32 i = 0; i < v->len; i++) {
    struct section_start *s = v->v[i];
    if (!strcmp(s->name, name)) {
      s->addr = addr;
      return;
    }
  }
  struct section_start *s = arena_alloc(ctx, sizeof(*s));
  s->name = name;
  s->addr = addr;
  vec_push(ctx, v, s);
}

static u8 report_level(struct ctx *ctx, const char *kw, const char *v) {
  if (!strcmp(v, "none"))
    return 0;
  if (!strcmp(v, "warning"))
    return 1;
  if (!strcmp(v, "error"))
    return 2;
  fatal(ctx, "invalid option for -z %.*s: %s", (int)(v - kw), kw, v);
}

// x86-64's -z keywords of .note.gnu.property and the IPLT.  Kept for the
// target (known once the inputs are read): GNU ld for AArch64 warns that
// each is ignored.
static void x86_z_option(struct ctx *ctx, const char *kw) {
  struct config *c = &ctx->cfg;
  vec_push(ctx, &c->z_x86, (void *)kw);
  if (!strcmp(kw, "ibt"))
    c->z_ibt = true;
  else if (!strcmp(kw, "shstk"))
    c->z_shstk = true;
  else if (!strcmp(kw, "ibtplt"))
    c->z_ibtplt = true;
  else if (!strcmp(kw, "lam-u48"))
    c->z_lam_u48 = c->z_lam_u57 = true;
  else if (!strcmp(kw, "lam-u57"))
    c->z_lam_u57 = true;
  else if (!strncmp(kw, "cet-report=", 11))
    c->z_cet_report = report_level(ctx, kw, kw + 11);
  else if (!strncmp(kw, "lam-report=", 11))
    c->z_lam_u48_report = c->z_lam_u57_report =
        report_level(ctx, kw, kw + 11);
  else if (!strncmp(kw, "lam-u48-report=", 15))
    c->z_lam_u48_report = report_level(ctx, kw, kw + 15);
  else if (!strncmp(kw, "lam-u57-report=", 15))
    c->z_lam_u57_report = report_level(ctx, kw, kw + 15);
  else {
    static const char *const levels[] = {"baseline", "v2", "v3", "v4"};
    u32 k = 0;
    while (k < 4 && strcmp(kw + 7, levels[k]))
      k++;
    if (k == 4)
      fatal(ctx, "invalid option for -z x86-64-: %s", kw + 7);
    c->z_isa_level = k + 1;
  }
}

// -z call-nop=PADDING (GNU ld's emulparams/call_nop.sh): prefix-addr,
// suffix-nop, or prefix-N / suffix-N with the byte N.
static void parse_call_nop(struct ctx *ctx, const char *kw) {
  struct config *c = &ctx->cfg;
  const char *v = kw + 9;
  if (!strcmp(v, "prefix-addr") || !strcmp(v, "suffix-nop")) {
    c->z_call_nop_suffix = v[0] == 's';
    c->z_call_nop = 0x100 | (v[0] == 's' ? 0x90 : 0x67);
  } else if (!strncmp(v, "prefix-", 7) || !strncmp(v, "suffix-", 7)) {
    char *end;
    c->z_call_nop = 0x100 | (u8)strtoul(v + 7, &end, 0);
    if (*end)
      fatal(ctx, "invalid number for -z call-nop=%.7s: %s", v, v + 7);
    c->z_call_nop_suffix = v[0] == 's';
  } else {
    fatal(ctx, "unsupported option: -z %s", kw);
  }
}

// The DT_FLAGS_1 bit of a -z keyword that sets one in an output with
// .dynamic (a static PIE), or 0.
static u32 z_flag_1(const char *kw) {
  static const struct {
    const char *kw;
    u32 flag;
  } bits[] = {
      {"origin", DF_1_ORIGIN},     {"global", DF_1_GLOBAL},
      {"interpose", DF_1_INTERPOSE}, {"nodump", DF_1_NODUMP},
      {"loadfltr", DF_1_LOADFLTR}, {"nodefaultlib", DF_1_NODEFLIB},
      {"globalaudit", DF_1_GLOBAUDIT},
  };
  for (u32 i = 0; i < sizeof(bits) / sizeof(*bits); i++)
    if (!strcmp(kw, bits[i].kw))
      return bits[i].flag;
  return 0;
}

// -z KEYWORD: the ones that change a static executable, the rest of GNU
// ld 2.40's keywords as it treats them (no effect, or a warning that the
// keyword is ignored), and those mld refuses.
static void z_option(struct ctx *ctx, const char *kw) {
  struct config *c = &ctx->cfg;
  if (!strcmp(kw, "execstack"))
    c->z_execstack = 1;
  else if (!strcmp(kw, "noexecstack"))
    c->z_execstack = 0;
  else if (!strcmp(kw, "relro"))
    c->z_norelro = false;
  else if (!strcmp(kw, "norelro"))
    c->z_norelro = true;
  else if (!strcmp(kw, "separate-code")) {
    c->z_noseparate_code = false;
    c->z_separate_code = true;
  } else if (!strcmp(kw, "noseparate-code")) {
    c->z_noseparate_code = true;
    c->z_separate_code = false;
  } else if (!strncmp(kw, "max-page-size=", 14)) {
    c->max_page_size = parse_number(ctx, "-z max-page-size", kw + 14);
    if (!is_pow2(c->max_page_size))
      fatal(ctx, "-z max-page-size: %s is not a power of two", kw + 14);
  } else if (!strcmp(kw, "ibt") || !strcmp(kw, "shstk") ||
             !strcmp(kw, "ibtplt") || !strcmp(kw, "lam-u48") ||
             !strcmp(kw, "lam-u57") || !strncmp(kw, "cet-report=", 11) ||
             !strncmp(kw, "lam-report=", 11) ||
             !strncmp(kw, "lam-u48-report=", 15) ||
             !strncmp(kw, "lam-u57-report=", 15) ||
             !strncmp(kw, "x86-64-", 7)) {
    x86_z_option(ctx, kw);
  } else if (!strcmp(kw, "combreloc") || !strcmp(kw, "nocombreloc")) {
    c->z_nocombreloc = kw[0] == 'n';
  } else if (!strcmp(kw, "unique") || !strcmp(kw, "nounique")) {
    c->z_unique = kw[0] == 'u';
  } else if (!strcmp(kw, "initfirst") || !strcmp(kw, "nodelete") ||
             !strcmp(kw, "nodlopen")) {
    c->z_flags_1_masked = true;
  } else if (z_flag_1(kw)) {
    c->z_flags_1 |= z_flag_1(kw);
    c->z_origin |= !strcmp(kw, "origin");
  } else if (!strcmp(kw, "now") || !strcmp(kw, "lazy")) {
    c->z_now = kw[0] == 'n';
  } else if (!strcmp(kw, "text") || !strcmp(kw, "notext") ||
             !strcmp(kw, "textoff")) {
    c->z_text = kw[0] == 't' && kw[4] == 0;
    c->z_notext = !c->z_text;
  } else if (!strcmp(kw, "pack-relative-relocs") ||
             !strcmp(kw, "nopack-relative-relocs")) {
    // x86-64 only in GNU ld 2.40 (AArch64's warns that it is ignored, as
    // for the other x86-64 keywords).
    c->pack_relative_relocs = kw[0] == 'p';
    vec_push(ctx, &c->z_x86, (void *)kw);
  } else if (!strcmp(kw, "unique-symbol") ||
             !strcmp(kw, "nounique-symbol")) {
    c->z_unique_symbol = kw[0] == 'u';
  } else if (!strcmp(kw, "muldefs")) {
    c->allow_multiple_definition = true;
  } else if (!strcmp(kw, "start-stop-gc") || !strcmp(kw, "nostart-stop-gc")) {
    c->z_start_stop_gc = kw[0] == 's';
  } else if (!strncmp(kw, "stack-size=", 11)) {
    c->z_stack_size = parse_number(ctx, "-z stack-size", kw + 11);
  } else if (!strcmp(kw, "common") || !strcmp(kw, "nocommon")) {
    // A -r output's COMMON symbols: STT_COMMON or STT_OBJECT (an
    // executable has none).
    c->z_stt_common = kw[0] == 'c' ? STT_COMMON : STT_OBJECT;
  } else if (!strncmp(kw, "common-page-size=", 17)) {
    c->common_page_size = parse_number(ctx, "-z common-page-size", kw + 17);
    if (!is_pow2(c->common_page_size))
      fatal(ctx, "-z common-page-size: %s is not a power of two", kw + 17);
  } else {
    // Keywords GNU ld 2.40 accepts that change nothing in a static
    // executable (its output is the same with and without them)...
    static const char *const no_effect[] = {
        "defs", "undefs", "nocopyreloc",
    };
    // ... the x86-64 ones (GNU ld for AArch64 warns that they are ignored;
    // noreloc-overflow has an effect in a PIE, kept in the config)
    static const char *const x86_no_effect[] = {
        "noextern-protected-data", "dynamic-undefined-weak",
        "nodynamic-undefined-weak", "noreloc-overflow",
        "noindirect-extern-access",
    };
    // ... and those that change it, which mld does not implement yet.
    static const char *const x86_refused[] = {
        "indirect-extern-access", "report-relative-reloc",
    };
    for (u32 i = 0; i < sizeof(no_effect) / sizeof(*no_effect); i++)
      if (!strcmp(kw, no_effect[i]))
        return;
    if (!strncmp(kw, "start-stop-visibility=", 22)) {
      static const char *const vis[] = {"default", "internal", "hidden",
                                        "protected"};
      for (u32 i = 0; i < 4; i++)
        if (!strcmp(kw + 22, vis[i])) {
          c->start_stop_visibility = i + 1;
          return;
        }
      fatal(ctx, "invalid visibility in `-z %s'; must be default, "
            "internal, hidden, or protected", kw);
    }
    bool x86 = !c->arch || c->arch == &arch_x86_64;
    bool aarch64 = !c->arch || c->arch == &arch_aarch64;
    // Kept for the target, as x86_z_option's keywords are.
    for (u32 i = 0; x86 && i < sizeof(x86_no_effect) / sizeof(char *); i++)
      if (!strcmp(kw, x86_no_effect[i])) {
        vec_push(ctx, &c->z_x86, (void *)kw);
        c->z_noreloc_overflow |= !strcmp(kw, "noreloc-overflow");
        return;
      }
    if (x86 && !strncmp(kw, "call-nop=", 9)) {
      parse_call_nop(ctx, kw);
      vec_push(ctx, &c->z_x86, (void *)kw);
      return;
    }
    for (u32 i = 0; x86 && i < sizeof(x86_refused) / sizeof(char *); i++)
      if (!strcmp(kw, x86_refused[i]))
        fatal(ctx, "-z %s: not implemented yet", kw);
    // AArch64's (GNU ld for x86-64 warns that it is ignored).
    if (aarch64 && !strcmp(kw, "force-bti")) {
      c->z_force_bti = true;
      return;
    }
    if (aarch64 && !strcmp(kw, "pac-plt")) {
      c->z_pac_plt = true;
      return;
    }
    warn(ctx, "-z %s ignored", kw);
  }
}

static void defsym_ref(struct ctx *ctx, struct expr *node, const char *name,
                       void *arg) {
  (void)node;
  (void)arg;
  add_input(ctx, IN_DEFSYM_REF, name);
}

// --defsym=SYM=EXPR, EXPR one of GNU ld's expressions (lib/expr.c).
static void defsym(struct ctx *ctx, const char *arg) {
  const char *eq = strchr(arg, '=');
  if (!eq || eq == arg || !eq[1])
    fatal(ctx, "--defsym: expected SYMBOL=EXPRESSION, got '%s'", arg);
  struct defsym *d = arena_alloc(ctx, sizeof(*d));
  const char *n = arg, *ne = eq;
  while (*n == ' ')
    n++;
  while (ne > n && ne[-1] == ' ')
    ne--;
  d->name = arena_strndup(ctx, n, ne - n);
  d->text = arena_printf(ctx, "--defsym %s", arg);
  d->expr = parse_expr(ctx, eq + 1, d->text);
  d->after_scripts = ctx->cfg.scripts;
  vec_push(ctx, &ctx->cfg.defsyms, d);
  // As in GNU ld, the expression references its symbols where the option
  // stands: only archives after it (or in its group) are searched for them.
  expr_symbols(ctx, d->expr, defsym_ref, NULL);
}

// --retain-symbols-file=FILE: .symtab keeps only the symbols FILE names,
// locals and FILE symbols included.  As in GNU ld the file is read where
// the option stands: names separated by any white space, no comments;
// a later -s or -S takes over again, and a second list is an error.
static void retain_symbols_file(struct ctx *ctx, const char *path) {
  struct config *c = &ctx->cfg;
  if (c->strip == STRIP_SOME)
    error(ctx, "duplicate retain-symbols-file");
  u32 errors = ctx->errors;
  struct mapping *m = map_file(ctx, path, false);
  if (!m) {
    if (ctx->errors == errors)   // it could not be opened
      error(ctx, "%s: %s", path, strerror(errno));
    return;
  }
  // The names stay in the mapping, as symbol names do.
  memset(&c->retain, 0, sizeof(c->retain));
  const char *text = (const char *)m->data;
  for (u64 i = 0; i < m->size;) {
    if (is_space(text[i])) {
      i++;
      continue;
    }
    u64 start = i;
    while (i < m->size && !is_space(text[i]))
      i++;
    table_intern(ctx, &c->retain, text + start, i - start, NULL);
  }
  // GNU ld says so, not as a warning.
  if (c->strip != STRIP_NONE)
    fputs("mld: `-retain-symbols-file' overrides `-s' and `-S'\n", stderr);
  c->strip = STRIP_SOME;
}

static void set_emulation(struct ctx *ctx, const char *m) {
  if (!strcmp(m, "elf_x86_64"))
    ctx->cfg.arch = &arch_x86_64;
  else if (!strcmp(m, "aarch64linux") || !strcmp(m, "aarch64elf"))
    ctx->cfg.arch = &arch_aarch64;
  else
    fatal(ctx, "unrecognised emulation mode: %s (supported: elf_x86_64 "
          "aarch64linux aarch64elf)", m);
}

// Options that take an argument: "-X ARG", "-XARG", "--long=ARG",
// "--long ARG".  Returns the argument, or NULL if a is not this option.
static const char *arg_of(struct ctx *ctx, struct args *a, u32 *i,
                          const char *shortopt, const char *longopt) {
  const char *s = a->v[*i];
  if (shortopt && !strcmp(s, shortopt)) {
    if (*i + 1 >= a->n)
      fatal(ctx, "option %s requires an argument", s);
    return a->v[++*i];
  }
  if (shortopt && strlen(shortopt) == 2 && !strncmp(s, shortopt, 2) && s[2])
    return s + 2;
  for (int dashes = 1; dashes <= 2 && longopt; dashes++) {
    const char *l = s;
    int k = 0;
    while (k < dashes && *l == '-') {
      l++;
      k++;
    }
    if (k != dashes)
      continue;
    u64 n = strlen(longopt);
    if (!strncmp(l, longopt, n)) {
      if (l[n] == '=')
        return l + n + 1;
      if (l[n] == 0) {
        if (*i + 1 >= a->n)
          fatal(ctx, "option %s requires an argument", s);
        return a->v[++*i];
      }
    }
  }
  return NULL;
}

static bool is(const char *s, const char *opt);

// OPT gives 1, no-OPT 0, anything else -1.
static int yes_no(const char *s, const char *opt) {
  char no[64];
  if (is(s, opt))
    return 1;
  snprintf(no, sizeof(no), "no-%s", opt);
  return is(s, no) ? 0 : -1;
}

static bool is(const char *s, const char *opt) {
  // -opt and --opt are the same option, as in GNU ld.
  if (s[0] != '-')
    return false;
  if (s[1] == '-' && !strcmp(s + 2, opt))
    return true;
  return !strcmp(s + 1, opt);
}

// The long options GNU ld 2.40 takes for elf_x86_64 and aarch64linux
// (from its --help: the generic, ELF and target sections) and mld's own,
// so that a unique prefix of one is that option, as GNU ld's getopt takes
// it ("--gc-sec" is --gc-sections; "--warn-c" is two options, and so
// unknown).  Kept sorted.
static const char *const long_options[] = {
    "Bdynamic", "Bgroup", "Bno-symbolic", "Bshareable", "Bstatic",
    "Bsymbolic", "Bsymbolic-functions", "EB", "EL", "Map", "Qy", "Tbss",
    "Tdata", "Tldata-segment", "Trodata-segment", "Ttext", "Ttext-segment",
    "Ur", "accept-unknown-input-arch", "allow-multiple-definition",
    "allow-shlib-undefined", "architecture", "as-needed", "assert", "audit",
    "auxiliary", "build-id", "call_shared", "check-sections",
    "compress-debug-sections", "copy-dt-needed-entries", "cref",
    "ctf-share-types", "ctf-variables", "dT", "dc", "default-imported-symver",
    "default-script", "default-symver", "defsym", "demangle", "depaudit",
    "dependency-file", "disable-multiple-abs-defs", "disable-new-dtags",
    "discard-all", "discard-locals", "discard-none", "dn", "dp", "dy",
    "dynamic-linker", "dynamic-list", "dynamic-list-cpp-new",
    "dynamic-list-cpp-typeinfo", "dynamic-list-data", "eh-frame-hdr",
    "embedded-relocs", "emit-relocs", "enable-new-dtags",
    "enable-non-contiguous-regions", "enable-non-contiguous-regions-warnings",
    "end-group", "entry", "error-handling-script", "error-unresolved-symbols",
    "exclude-libs", "export-dynamic", "export-dynamic-symbol",
    "export-dynamic-symbol-list", "fatal-warnings", "filter", "fini",
    "fix-cortex-a53-835769", "fix-cortex-a53-843419", "flto",
    "flto-partition", "force-exe-suffix", "force-group-allocation", "format",
    "fuse-ld", "gc-keep-exported", "gc-sections", "gpsize", "hash-size",
    "hash-style", "help", "icf", "ignore-unresolved-symbol", "init",
    "just-symbols", "ld-generated-unwind-info", "library", "library-path",
    "map-whole-files", "max-cache-size", "mri-script", "nmagic",
    "no-accept-unknown-input-arch", "no-allow-shlib-undefined",
    "no-apply-dynamic-relocs", "no-as-needed", "no-check-sections",
    "no-copy-dt-needed-entries", "no-ctf-variables", "no-define-common",
    "no-demangle", "no-dynamic-linker", "no-eh-frame-hdr",
    "no-enum-size-warning", "no-export-dynamic", "no-fatal-warnings",
    "no-gc-sections", "no-keep-memory", "no-ld-generated-unwind-info",
    "no-map-whole-files", "no-omagic", "no-pie", "no-print-gc-sections",
    "no-print-icf-sections", "no-print-map-discarded", "no-relax", "no-stats",
    "no-strip-discarded", "no-threads", "no-undefined",
    "no-undefined-version", "no-warn-execstack", "no-warn-mismatch",
    "no-warn-rwx-segments", "no-warn-search-mismatch", "no-warnings",
    "no-wchar-size-warning", "no-whole-archive", "noinhibit-exec",
    "non_shared", "nostdlib", "oformat", "omagic", "orphan-handling",
    "out-implib", "output", "package-metadata", "pic-executable",
    "pic-veneer", "pie", "plugin", "plugin-opt", "pop-state",
    "print-gc-sections", "print-icf-sections", "print-map",
    "print-map-discarded", "print-memory-usage", "print-output-format",
    "print-sysroot", "push-state", "qmagic", "reduce-memory-overheads",
    "relax", "relocatable", "require-defined", "retain-symbols-file", "rpath",
    "rpath-link", "script", "section-start", "shared", "soname",
    "sort-common", "sort-section", "spare-dynamic-tags", "split-by-file",
    "split-by-reloc", "start-group", "static", "stats", "strip-all",
    "strip-debug", "strip-discarded", "stub-group-size", "sysroot",
    "target-help", "task-link", "thread-count", "threads", "trace",
    "trace-symbol", "traditional-format", "undefined", "undefined-version",
    "unique", "unresolved-symbols", "verbose", "version",
    "version-exports-section", "version-script", "warn-alternate-em",
    "warn-common", "warn-constructors", "warn-execstack", "warn-multiple-gp",
    "warn-once", "warn-rwx-segments", "warn-section-align", "warn-textrel",
    "warn-unresolved-symbols", "whole-archive", "why-extract", "wrap",
};

// Long options GNU ld takes only with two dashes: those starting with
// "o", since -oFILE names the output, and three more.
static bool two_dashes_only(const char *name) {
  return name[0] == 'o' || !strcmp(name, "no-omagic") ||
         !strcmp(name, "undefined-version") ||
         !strncmp(name, "export-dynamic-symbol", 21);
}

// The long options GNU ld's --help spells with one dash: given so, they
// are left as written (and named so in messages).
static bool one_dash_spelling(const char *name) {
  static const char *const names[] = {
      "Bdynamic", "Bno-symbolic", "Bshareable", "Bstatic", "Bsymbolic",
      "Bsymbolic-functions", "EB", "EL", "Map", "Qy", "Tbss", "Tdata",
      "Tldata-segment", "Trodata-segment", "Ttext", "Ttext-segment", "Ur",
      "assert", "call_shared", "dT", "dc", "dn", "dp", "dy", "fini", "flto",
      "flto-partition", "fuse-ld", "init", "no-pie", "non_shared",
      "nostdlib", "pie", "plugin", "plugin-opt", "qmagic", "rpath",
      "rpath-link", "shared", "soname", "static",
  };
  for (u32 i = 0; i < sizeof(names) / sizeof(*names); i++)
    if (!strcmp(name, names[i]))
      return true;
  return false;
}

// ARG, or the long option it names or abbreviates, as "--NAME" with its
// "=VALUE".  GNU ld reads options with getopt_long_only: "-NAME" is the
// long option NAME too, or the one it is a unique prefix of
// ("-emit-relocs", "-undefined foo", "-whole"), except -lNAME, always a
// library, and the options two_dashes_only names.  A "-NAME" that begins
// no long option is a short one with its value ("-emain", "-Tfile.ld");
// one that begins several ("-ex", "-Ttex") is unknown, as in GNU ld.
static char *unabbreviate(struct ctx *ctx, char *arg) {
  if (arg[0] != '-' || !arg[1] || !arg[2])
    return arg;                  // not an option, or a short one alone
  bool one_dash = arg[1] != '-';
  if (one_dash && arg[1] == 'l')
    return arg;
  const char *name = arg + (one_dash ? 1 : 2);
  u64 n = strcspn(name, "=");
  const u32 count = sizeof(long_options) / sizeof(*long_options);
  const char *found = NULL;
  for (u32 k = 0; !found && k < count; k++)
    if (!strncmp(long_options[k], name, n) && !long_options[k][n])
      found = long_options[k];
  for (u32 k = 0; !found && k < count; k++) {
    const char *o = long_options[k];
    if (strncmp(o, name, n) || (one_dash && two_dashes_only(o)))
      continue;
    for (u32 j = k + 1; j < count; j++)
      if (!strncmp(long_options[j], name, n) &&
          !(one_dash && two_dashes_only(long_options[j]))) {
        if (one_dash)            // ambiguous: unknown, as in GNU ld
          fatal(ctx, "unknown option: %s (try --help)", arg);
        return arg;
      }
    found = o;
  }
  if (!found || (one_dash && two_dashes_only(found)) ||
      (!found[n] && (!one_dash || one_dash_spelling(found))))
    return arg;
  return arena_printf(ctx, "--%s%s", found, name + n);
}

// Options GNU ld 2.40 accepts that change nothing in a static executable:
// its output is byte-identical with and without each (checked on both
// architectures; testsuite/err/options_no_effect.sh keeps checking).
static const char *const no_effect_flags[] = {
    // only about shared libraries, which a static link has none of
    "as-needed", "no-as-needed", "copy-dt-needed-entries",
    "no-copy-dt-needed-entries", "warn-shared-textrel",
    // no dynamic symbol table, .dynamic or PT_INTERP in a static executable
    "export-dynamic", "E", "no-export-dynamic",
    "enable-new-dtags", "disable-new-dtags",
    // GNU ld ignores -g
    "g",
    // the defaults: an executable, not position-independent, undefined
    // symbols reported, COMMON allocated (-d), sections checked for
    // overlaps, discarded sections' symbols dropped
    "no-undefined", "d", "dc", "dp", "check-sections",
    "strip-discarded",
    // binding, versions and exports of dynamic symbols, which a static
    // executable has none of
    "Bsymbolic", "Bsymbolic-functions", "Bno-symbolic", "dynamic-list-data",
    "dynamic-list-cpp-new", "dynamic-list-cpp-typeinfo",
    // about shared libraries and symbol versions
    "allow-shlib-undefined", "no-allow-shlib-undefined",
    "no-undefined-version", "default-symver", "default-imported-symver",
    "no-warn-search-mismatch", "no-apply-dynamic-relocs",
    // other systems' or other targets' (SunOS, HP-UX, MIPS, PE, a.out,
    // LTO plugins) and GNU ld's own memory use
    "Qy", "qmagic", "embedded-relocs", "force-exe-suffix", "warn-multiple-gp",
    "warn-constructors", "warn-alternate-em", "no-keep-memory",
    "map-whole-files", "no-map-whole-files", "flto",
    "accept-unknown-input-arch", "no-accept-unknown-input-arch",
    // relocatable links, linker scripts and shared objects only
    "force-group-allocation", "enable-non-contiguous-regions",
    "disable-multiple-abs-defs", "split-by-reloc", "Bgroup",
    "enable-non-contiguous-regions-warnings",
    // no CTF
    "ctf-variables", "no-ctf-variables",
    // AArch64 object attributes mld does not read
    "no-enum-size-warning", "no-wchar-size-warning",
};

// Long options of one target's GNU ld alone (its emulation's): the
// other's says "unrecognized option".  Kept until the target is known
// (link.c's setup_target checks them).
static const struct {
  const char *opt;
  bool aarch64;
} target_options[] = {
    {"fix-cortex-a53-835769", true},  {"fix-cortex-a53-843419", true},
    {"no-fix-cortex-a53-843419", true}, {"no-enum-size-warning", true},
    {"no-wchar-size-warning", true},  {"no-apply-dynamic-relocs", true},
    {"ld-generated-unwind-info", false},
    {"no-ld-generated-unwind-info", false},
};

static void note_target_option(struct ctx *ctx, const char *s) {
  struct config *c = &ctx->cfg;
  for (u32 k = 0; k < sizeof(target_options) / sizeof(*target_options); k++) {
    const char *o = target_options[k].opt;
    size_t n = strlen(o);
    if (is(s, o) || (s[0] == '-' && !strncmp(s + 1 + (s[1] == '-'), o, n) &&
                     s[1 + (s[1] == '-') + n] == '=')) {
      vec_push(ctx, target_options[k].aarch64 ? &c->aarch64_options
                                              : &c->x86_options,
               (void *)s);
      return;
    }
  }
}

// The options above that GNU ld gives an effect in a static PIE (its
// dynamic symbols, or tags of .dynamic).
static bool changes_dynamic(const char *s) {
  static const char *const names[] = {
      "dynamic-list-cpp-new", "dynamic-list-cpp-typeinfo",
      "rpath", "soname", "h", "init", "fini", "audit", "P", "depaudit",
  };
  s += strspn(s, "-");
  for (u32 i = 0; i < sizeof(names) / sizeof(*names); i++) {
    size_t n = strlen(names[i]);
    if (!strncmp(s, names[i], n) && (!s[n] || s[n] == '='))
      return true;
  }
  return false;
}

// ... and those that take an argument.
static const char *const no_effect_with_arg[] = {
    "dynamic-linker", "I", "rpath",
    "rpath-link", "soname", "h", "O",
    // SunOS's -assert, the i960's -A, MIPS's -G, DT_INIT/DT_FINI and audit
    // libraries of dynamic objects, CTF, LTO and the compiler's -fuse-ld
    "assert", "A", "architecture", "G", "gpsize", "init", "fini", "audit",
    "P", "depaudit",
    "max-cache-size", "ctf-share-types", "flto-partition", "fuse-ld",
};

// Options GNU ld accepts that mld refuses, each with the reason.
static const struct refused {
  const char *opt, *why;
} refused_flags[] = {
    {"no-warn-mismatch", "mld links only inputs of one machine and ABI"},
    {"pic-veneer", "mld writes absolute veneers only"},
    {"traditional-format", "mld always edits .eh_frame (one copy of each "
                           "CIE), as GNU ld does by default"},
    {"no-check-sections", "mld always refuses overlapping sections"},
    {"no-strip-discarded", "mld leaves out the symbols of discarded "
                           "sections"},
    {"warn-section-align", "not implemented"},
    {"split-by-file", "it changes GNU ld's output sections; not supported"},
}, refused_with_arg[] = {
    {"error-handling-script", "not implemented"},
    {"stub-group-size", "mld groups stubs by GNU ld's default size only"},
    {"just-symbols", "taking another executable's symbols is not supported"},
    {"task-link", "not supported"},
    {"out-implib", "import libraries are PE's, not ELF's"},
};

void parse_options(struct ctx *ctx, int argc, char **argv) {
  struct config *c = &ctx->cfg;
  struct args a = {0};
  for (int i = 1; i < argc; i++)
    expand(ctx, &a, argv[i], 0);
  c->output = "a.out";
  c->sysroot = "";
  for (int i = 1; i < argc; i++)
    if (!strncmp(argv[i], "--sysroot=", 10))
      c->sysroot = argv[i] + 10;
  if (c->sysroot[0] == '/' && !c->sysroot[1])
    c->sysroot = "";
  c->z_execstack = -1;
  // GNU ld demangles unless COLLECT_NO_DEMANGLE is set, as collect2 does.
  c->no_demangle = getenv("COLLECT_NO_DEMANGLE") != NULL;
  c->warn_execstack = 2;
  c->build_id = BUILD_ID_NONE;
  c->hash_style = HASH_BOTH;
  c->spare_dynamic_tags = 5;
  // Options without effect in a static executable that would change a
  // static PIE's dynamic section or symbols: the first one seen.
  const char *dynamic_only = NULL;
  // -E (the last of it and --no-export-dynamic) and the first option
  // naming a dynamic list: with --no-dynamic-linker, GNU ld makes
  // .dynsym and .dynamic for them in any executable (elflink.c).
  const char *export_dynamic = NULL, *dynamic_list = NULL;
  // The last of --fatal-warnings and --no-fatal-warnings applies to the
  // whole link, warnings about the options themselves included.
  bool fatal_warnings = false;
  // A dynamic linker named without -static: a dynamic link by mistake
  // (gcc without -static), which mld cannot make.
  bool saw_static = false;
  u32 group_depth = 0;         // -( without its -) yet
  bool version_printed = false; // -v or -V
  const char *dynamic_linker = NULL;

  for (u32 i = 0; i < a.n; i++) {
    char *s = a.v[i] = unabbreviate(ctx, a.v[i]);
    note_target_option(ctx, s);
    const char *v;
    int yn;
    if (s[0] != '-' || !s[1]) {
      add_input(ctx, IN_FILE, s);
      continue;
    }
    // Without -r these change nothing; with it, what mld does not do yet
    // (relocatable.c refuses it).
    if (is(s, "split-by-reloc") || !strncmp(s, "--split-by-reloc=", 17))
      if (!c->relocatable_conflict)
        c->relocatable_conflict = s;
    if (is(s, "force-group-allocation"))
      c->force_group_allocation = true;   // -r: no groups kept
    if (is(s, "enable-non-contiguous-regions"))
      c->non_contiguous_regions = true;   // said when a region overflows
    if (is(s, "disable-new-dtags") || is(s, "enable-new-dtags"))
      c->old_dtags = is(s, "disable-new-dtags");   // with .dynamic
    if (is(s, "d") || is(s, "dc") || is(s, "dp"))
      c->define_common = true;            // -r: COMMON symbols allocated
    // Exact flags first, so "-export-dynamic" is not "-e xport-dynamic".
    bool flag = false;
    for (u32 k = 0; !flag && k < sizeof(no_effect_flags) / sizeof(char *); k++)
      flag = is(s, no_effect_flags[k]);
    if (flag) {
      if (!dynamic_only && changes_dynamic(s))
        dynamic_only = s;
      if (is(s, "E") || is(s, "export-dynamic"))
        export_dynamic = s;
      else if (is(s, "no-export-dynamic"))
        export_dynamic = NULL;
      else if (!dynamic_list && !strncmp(s + strspn(s, "-"), "dynamic-list", 12))
        dynamic_list = s;
      c->dynamic_data |= is(s, "dynamic-list-data");
      continue;
    }
    // GNU ld's own words.
    if (is(s, "no-define-common"))
      fatal(ctx, "--no-define-common may not be used without -shared");
    for (u32 k = 0; k < sizeof(refused_flags) / sizeof(*refused_flags); k++)
      if (is(s, refused_flags[k].opt))
        fatal(ctx, "%s: %s", s, refused_flags[k].why);
    // Version scripts and dynamic lists change nothing in a static
    // executable, but GNU ld reads them here and rejects what it cannot
    // parse.  GNU ld takes three of these options with two dashes only:
    // -export-dynamic-symbol=SYM is -e xport-dynamic-symbol=SYM, and
    // -undefined-version is -u ndefined-version.
    bool two_dashes = s[1] == '-';
    if ((v = arg_of(ctx, &a, &i, NULL, "version-script"))) {
      read_version_script(ctx, v, false, fatal_warnings);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "dynamic-list")) ||
        (two_dashes &&
         (v = arg_of(ctx, &a, &i, NULL, "export-dynamic-symbol-list")))) {
      read_version_script(ctx, v, true, fatal_warnings);
      dynamic_list = dynamic_list ? dynamic_list : s;
      continue;
    }
    if (two_dashes &&
        (v = arg_of(ctx, &a, &i, NULL, "export-dynamic-symbol"))) {
      add_dynamic_pattern(ctx, v);
      dynamic_list = dynamic_list ? dynamic_list : s;
      continue;
    }
    if (arg_of(ctx, &a, &i, NULL, "version-exports-section") ||
        !strcmp(s, "--undefined-version"))
      continue;
    if (is(s, "static") || is(s, "Bstatic") || is(s, "dn") ||
        is(s, "non_shared")) {
      add_input(ctx, IN_BSTATIC, NULL);
      saw_static = true;
      continue;
    }
    if (is(s, "Bdynamic") || is(s, "dy") || is(s, "call_shared")) {
      add_input(ctx, IN_BDYNAMIC, NULL);
      continue;
    }
    if (is(s, "push-state") || is(s, "pop-state")) {
      add_input(ctx, s[strspn(s, "-")] == 'p' && s[strspn(s, "-") + 1] == 'u'
                         ? IN_PUSH_STATE
                         : IN_POP_STATE,
                NULL);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-y", "trace-symbol"))) {
      vec_push(ctx, &c->trace_symbols, (void *)v);
      continue;
    }
    if (is(s, "print-memory-usage")) {
      c->print_memory_usage = true;
      continue;
    }
    if (is(s, "warn-common")) {
      c->warn_common = true;
      continue;
    }
    if (is(s, "allow-multiple-definition")) {
      c->allow_multiple_definition = true;
      continue;
    }
    if ((yn = yes_no(s, "relax")) >= 0) {
      c->no_relax = !yn;
      continue;
    }
    if ((yn = yes_no(s, "ld-generated-unwind-info")) >= 0) {
      c->no_ld_unwind = !yn;
      continue;
    }
    if (is(s, "threads")) {
      c->threads = 0;
      continue;
    }
    if (is(s, "no-threads")) {
      c->threads = 1;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "threads")) ||
        (v = arg_of(ctx, &a, &i, NULL, "thread-count"))) {
      u64 n = parse_number(ctx, "--threads", v);
      if (n < 1 || n > MAX_THREADS)
        fatal(ctx, "--threads: %s is not between 1 and %u", v, MAX_THREADS);
      c->threads = n;
      continue;
    }
    if (is(s, "demangle") || !strncmp(s, "--demangle=", 11) ||
        !strncmp(s, "-demangle=", 10)) {
      c->no_demangle = false;
      c->demangle_explicit = true;
      continue;
    }
    if (is(s, "cref")) {
      c->cref = true;
      continue;
    }
    if (is(s, "no-demangle")) {
      c->no_demangle = true;
      continue;
    }
    if ((yn = yes_no(s, "print-map-discarded")) >= 0) {
      c->no_print_map_discarded = !yn;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "why-extract"))) {
      c->why_extract = v;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "Map"))) {
      c->map_file = v;
      continue;
    }
    if (!strcmp(s, "-M") || is(s, "print-map")) {
      c->map_file = "-";
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "sort-section"))) {
      if (!strcmp(v, "name"))
        c->sort_section = SORT_SECTION_NAME;
      else if (!strcmp(v, "alignment"))
        c->sort_section = SORT_SECTION_ALIGNMENT;
      else
        fatal(ctx, "invalid section sorting option: %s", v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "exclude-libs"))) {
      vec_push(ctx, &c->exclude_libs, (void *)v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "dependency-file"))) {
      c->dependency_file = v;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "compress-debug-sections"))) {
      static const struct {
        const char *name;
        enum compress_kind kind;
      } kinds[] = {{"none", COMPRESS_NONE},
                   {"zlib", COMPRESS_ZLIB},
                   {"zlib-gabi", COMPRESS_ZLIB},
                   {"zlib-gnu", COMPRESS_ZLIB_GNU},
                   {"zstd", COMPRESS_ZSTD}};
      u32 k = 0;
      while (k < sizeof(kinds) / sizeof(*kinds) && strcmp(v, kinds[k].name))
        k++;
      if (k == sizeof(kinds) / sizeof(*kinds))
        fatal(ctx, "invalid --compress-debug-sections option: `%s'", v);
      c->compress_debug = kinds[k].kind;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "icf"))) {
      if (!strcmp(v, "none"))
        c->icf = ICF_NONE;
      else if (!strcmp(v, "safe"))
        c->icf = ICF_SAFE;
      else if (!strcmp(v, "all"))
        c->icf = ICF_ALL;
      else
        fatal(ctx, "unknown --icf value: %s (none, safe or all)", v);
      continue;
    }
    if (is(s, "print-icf-sections") || is(s, "no-print-icf-sections")) {
      c->print_icf_sections = s[strspn(s, "-")] == 'p';
      continue;
    }
    if (is(s, "help")) {
      fputs(usage, stdout);
      exit(0);
    }
    if (is(s, "verbose") || !strncmp(s, "--verbose=", 10)) {
      // GNU ld's --verbose: version, emulations, the default layout; then
      // the link goes on (or ends here without inputs).
      printf("mld %s (compatible with GNU ld)\n  Supported emulations:\n"
             "   elf_x86_64\n   aarch64linux\n   aarch64elf\n",
             PACKAGE_VERSION_STR);
      puts("using internal layout:\n"
           "==================================================");
      print_layout(stdout, c->arch ? c->arch : &arch_x86_64);
      puts("==================================================");
      fflush(stdout);
      c->verbose = true;
      continue;
    }
    if (is(s, "v") || is(s, "V") || is(s, "version")) {
      printf("mld %s (compatible with GNU ld)\n", PACKAGE_VERSION_STR);
      if (is(s, "V"))
        printf("  Supported emulations:\n   elf_x86_64\n   aarch64linux\n"
               "   aarch64elf\n");
      if (is(s, "version"))
        exit(0);
      version_printed = true;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-o", "output"))) {
      c->output = v;
      c->output_given = true;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-L", "library-path"))) {
      vec_push(ctx, &c->lib_paths, (void *)v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-l", "library"))) {
      add_input(ctx, IN_LIB, v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-e", "entry"))) {
      c->entry = v;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-u", "undefined"))) {
      vec_push(ctx, &c->undefined, (void *)v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "unresolved-symbols"))) {
      // Without shared libraries, only object files have references.
      if (!strcmp(v, "ignore-all") || !strcmp(v, "ignore-in-object-files"))
        c->unresolved_ignore = true;
      else if (!strcmp(v, "report-all") ||
               !strcmp(v, "ignore-in-shared-libs"))
        c->unresolved_ignore = false;
      else
        fatal(ctx, "bad --unresolved-symbols option: %s", v);
      continue;
    }
    if (is(s, "warn-unresolved-symbols") ||
        is(s, "error-unresolved-symbols")) {
      c->warn_unresolved = s[strspn(s, "-")] == 'w';
      continue;
    }
    if (is(s, "noinhibit-exec")) {
      c->noinhibit_exec = true;
      continue;
    }
    if (is(s, "warn-once")) {
      c->warn_once = true;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "require-defined"))) {
      vec_push(ctx, &c->undefined, (void *)v);
      vec_push(ctx, &c->require_defined, (void *)v);
      continue;
    }
    if (!strcmp(s, "-t") || is(s, "trace")) {
      if (c->trace < 255)
        c->trace++;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-m", NULL))) {
      set_emulation(ctx, v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, "-z", NULL))) {
      z_option(ctx, v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "defsym"))) {
      defsym(ctx, v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "wrap"))) {
      vec_push(ctx, &c->wrap, (void *)v);
      continue;
    }
    if ((yn = yes_no(s, "warn-execstack")) >= 0) {
      c->warn_execstack = yn;
      continue;
    }
    if (is(s, "warn-textrel")) {
      c->warn_textrel = true;
      continue;
    }
    if ((yn = yes_no(s, "warn-rwx-segments")) >= 0) {
      c->no_warn_rwx_segments = !yn;
      continue;
    }
    if (is(s, "unique")) {
      c->unique_orphans = true;
      continue;
    }
    if (!strncmp(s, "--unique=", 9) || !strncmp(s, "-unique=", 8)) {
      vec_push(ctx, &c->unique, strchr(s, '=') + 1);
      continue;
    }
    // GNU ld takes the sysroot from its own arguments before anything
    // else, and only in the form --sysroot=DIR (not from @files); the
    // option's other forms are accepted and do nothing.
    if (arg_of(ctx, &a, &i, NULL, "sysroot"))
      continue;
    if (is(s, "nostdlib")) {
      c->nostdlib = true;
      continue;
    }
    if (is(s, "EL")) {
      c->endian_little = true;
      continue;
    }
    if (is(s, "s") || is(s, "strip-all")) {
      c->strip = STRIP_ALL;
      continue;
    }
    if (is(s, "q") || is(s, "emit-relocs")) {
      c->emit_relocs = true;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "retain-symbols-file"))) {
      retain_symbols_file(ctx, v);
      continue;
    }
    if (is(s, "X") || is(s, "discard-locals")) {
      c->discard = DISCARD_LOCALS;
      continue;
    }
    if (is(s, "x") || is(s, "discard-all")) {
      c->discard = DISCARD_ALL;
      continue;
    }
    if (is(s, "sort-common")) {
      c->sort_common = SORT_COMMON_DESCENDING;
      continue;
    }
    if (!strncmp(s, "--sort-common=", 14) || !strncmp(s, "-sort-common=", 13)) {
      const char *how = strchr(s, '=') + 1;
      if (!strcmp(how, "descending"))
        c->sort_common = SORT_COMMON_DESCENDING;
      else if (!strcmp(how, "ascending"))
        c->sort_common = SORT_COMMON_ASCENDING;
      else
        fatal(ctx, "invalid common section sorting option: %s", how);
      continue;
    }
    if (is(s, "discard-none")) {
      c->discard = DISCARD_NONE;
      continue;
    }
    if (is(s, "S") || is(s, "strip-debug")) {
      c->strip = STRIP_DEBUG;
      continue;
    }
    if (is(s, "build-id")) {
      set_build_id(ctx, NULL);
      continue;
    }
    if (!strncmp(s, "--build-id=", 11) || !strncmp(s, "-build-id=", 10)) {
      set_build_id(ctx, strchr(s, '=') + 1);
      continue;
    }
    if (is(s, "start-group") || !strcmp(s, "-(")) {
      group_depth++;
      add_input(ctx, IN_GROUP_START, NULL);
      continue;
    }
    if (is(s, "end-group") || !strcmp(s, "-)")) {
      if (!group_depth--)
        fatal(ctx, "group ended before it began (--help for usage)");
      add_input(ctx, IN_GROUP_END, NULL);
      continue;
    }
    if (is(s, "whole-archive")) {
      add_input(ctx, IN_WHOLE_ARCHIVE, NULL);
      continue;
    }
    if (is(s, "no-whole-archive")) {
      add_input(ctx, IN_NO_WHOLE_ARCHIVE, NULL);
      continue;
    }
    if ((yn = yes_no(s, "gc-sections")) >= 0) {
      c->gc_sections = yn;
      continue;
    }
    if (is(s, "gc-keep-exported")) {
      c->gc_keep_exported = true;
      continue;
    }
    if ((yn = yes_no(s, "print-gc-sections")) >= 0) {
      c->print_gc_sections = yn;
      continue;
    }
    if ((yn = yes_no(s, "fatal-warnings")) >= 0) {
      fatal_warnings = yn;
      continue;
    }
    // gcc passes its LTO plugin (lto.c loads it when an object holds
    // bytecode); GNU ld with a plugin loaded also resolves a few things
    // differently (warnings.c).  Its options follow it.
    if ((v = arg_of(ctx, &a, &i, NULL, "plugin-opt"))) {
      if (!c->plugin)
        fatal(ctx, "%s: no -plugin before it to take the option", s);
      vec_push(ctx, &c->plugin_opts, (void *)v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "plugin"))) {
      if (c->plugin && strcmp(c->plugin, v))
        fatal(ctx, "-plugin %s: mld loads one linker plugin (%s given "
              "before)", v, c->plugin);
      c->plugin = v;
      continue;
    }
    if ((yn = yes_no(s, "stats")) >= 0) {
      c->stats = yn;
      continue;
    }
    if ((yn = yes_no(s, "eh-frame-hdr")) >= 0) {
      c->eh_frame_hdr = yn;
      continue;
    }
    if (!strncmp(s + strspn(s, "-"), "fix-cortex-a53-843419=", 22)) {
      // =full is the plain option; =adr and =adrp limit the fix to one
      // of its two forms, as GNU ld's.
      v = s + strspn(s, "-") + 22;
      if (!strcmp(v, "full"))
        c->fix_cortex_a53_843419 = FIX_843419_ADR | FIX_843419_ADRP;
      else if (!strcmp(v, "adr"))
        c->fix_cortex_a53_843419 = FIX_843419_ADR;
      else if (!strcmp(v, "adrp"))
        c->fix_cortex_a53_843419 = FIX_843419_ADRP;
      else
        fatal(ctx, "--fix-cortex-a53-843419=%s: expected full, adr or adrp",
              v);
      continue;
    }
    if (is(s, "w") || is(s, "no-warnings")) {
      c->no_warnings = true;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "ignore-unresolved-symbol"))) {
      vec_push(ctx, &c->ignore_unresolved, (void *)v);
      continue;
    }
    // HP-UX's -a: archive is -Bstatic, shared and default -Bdynamic.
    if (!strcmp(s, "-a") || !strcmp(s, "-aarchive") || !strcmp(s, "-ashared") ||
        !strcmp(s, "-adefault")) {
      v = s[2] ? s + 2 : arg_of(ctx, &a, &i, "-a", NULL);
      if (!strcmp(v, "archive"))
        add_input(ctx, IN_BSTATIC, NULL);
      else if (!strcmp(v, "shared") || !strcmp(v, "default"))
        add_input(ctx, IN_BDYNAMIC, NULL);
      else
        fatal(ctx, "-a %s: expected archive, shared or default", v);
      continue;
    }
    // Input and output formats: ELF for the target only.
    // (-bTARGET: a BFD name; "-build-id" and the like are not -b.)
    bool b_target = !strcmp(s, "-b") || !strncmp(s, "-belf", 5) ||
                    !strcmp(s, "-bdefault") || !strcmp(s, "-bbinary");
    if ((b_target && (v = arg_of(ctx, &a, &i, "-b", NULL))) ||
        (v = arg_of(ctx, &a, &i, NULL, "format")) ||
        (v = arg_of(ctx, &a, &i, NULL, "oformat"))) {
      bool out = strstr(s, "oformat") != NULL;
      if (!out && (!strcmp(v, "binary") || !strcmp(v, "default") ||
                   !strcmp(v, "elf64-x86-64") ||
                   !strcmp(v, "elf64-littleaarch64"))) {
        add_input(ctx, strcmp(v, "binary") ? IN_FORMAT_ELF : IN_FORMAT_BINARY,
                  NULL);
        continue;
      }
      if (out && !strcmp(v, "binary")) {
        c->oformat_binary = c->oformat_given = true;
        continue;
      }
      if (out)
        c->oformat_given = true, c->oformat_binary = false;
      if (strcmp(v, "default") && strcmp(v, "elf64-x86-64") &&
          strcmp(v, "elf64-littleaarch64"))
        fatal(ctx, "%s %s: mld %s", out ? "--oformat" : "--format", v,
              out ? "writes ELF executables (elf64-x86-64, "
                    "elf64-littleaarch64) and raw images (binary) only"
                  : "reads ELF objects, archives and binary files only");
      continue;
    }
    // --package-metadata=JSON (the value only after "="): a note, if the
    // text is JSON; GNU ld's warning and no note otherwise.
    if (is(s, "package-metadata") ||
        !strncmp(s + strspn(s, "-"), "package-metadata=", 17)) {
      const char *json = strchr(s, '=') ? strchr(s, '=') + 1 : "";
      const char *why;
      c->package_metadata = NULL;
      if (*json && json_valid(ctx, json, &why))
        c->package_metadata = json;
      else if (*json)
        warn(ctx, "--package-metadata=%s does not contain valid JSON, "
             "ignoring: %s", json, why);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "orphan-handling"))) {
      static const char *const how[] = {"place", "warn", "error", "discard"};
      u32 k = 0;
      while (k < 4 && strcmp(v, how[k]))
        k++;
      if (k == 4)
        fatal(ctx, "invalid argument to option \"--orphan-handling\"");
      c->orphan_handling = (u8)k;
      continue;
    }
    if (is(s, "print-output-format")) {
      c->print_output_format = true;
      continue;
    }
    if (is(s, "print-sysroot")) {
      printf("%s\n", c->sysroot);
      exit(0);
    }
    if (is(s, "target-help")) {
      fputs(target_help, stdout);
      exit(0);
    }
    // -f, -F: filters and auxiliaries of shared objects; -R FILE: another
    // executable's symbols, or, for a directory, -rpath (no effect).
    if (!strcmp(s, "-f") || !strncmp(s, "-F", 2) ||
        !strncmp(s, "--auxiliary", 11) || !strncmp(s, "--filter", 8))
      fatal(ctx, "%.2s may not be used without -shared",
            s[1] == '-' ? (s[2] == 'a' ? "-f" : "-F") : s);
    if ((v = arg_of(ctx, &a, &i, "-R", NULL))) {
      struct stat st;
      if (stat(v, &st) == 0 && S_ISDIR(st.st_mode))
        continue;
      fatal(ctx, "-R %s: taking another executable's symbols is not "
            "supported", v);
    }
    // --split-by-reloc=COUNT: relocatable links only.  (--split-by-file
    // splits output sections even here.)
    if (!strncmp(s, "--split-by-file=", 16))
      fatal(ctx, "--split-by-file: it changes GNU ld's output sections; not "
            "supported");
    if (!strncmp(s, "--split-by-reloc=", 17))
      continue;
    if ((v = arg_of(ctx, &a, &i, "-Y", NULL)))
      fatal(ctx, "-Y %s: Solaris's default library path is not supported; "
            "use -L %s", v, v);
    if (is(s, "fix-cortex-a53-835769")) {
      c->fix_cortex_a53_835769 = true;
      continue;
    }
    if ((yn = yes_no(s, "fix-cortex-a53-843419")) >= 0) {
      c->fix_cortex_a53_843419 = yn ? FIX_843419_ADR | FIX_843419_ADRP : 0;
      continue;
    }
    if (is(s, "r") || is(s, "relocatable") || is(s, "i")) {
      c->relocatable = true;
      c->build_constructors = false;
      continue;
    }
    // -Ur: -r, and __start_SEC and __stop_SEC defined as in a link
    // (GNU ld's build_constructors, the only difference for ELF).
    if (is(s, "Ur")) {
      c->relocatable = true;
      c->build_constructors = true;
      continue;
    }
    // -pie with --no-dynamic-linker and no shared library: a static PIE
    // (gcc -static-pie passes -static -pie --no-dynamic-linker -z text).
    if (is(s, "pie") || is(s, "pic-executable")) {
      c->pie = true;
      continue;
    }
    if (is(s, "no-pie")) {
      c->pie = false;
      continue;
    }
    if (is(s, "no-dynamic-linker")) {
      c->no_dynamic_linker = true;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "hash-style"))) {
      if (!strcmp(v, "sysv"))
        c->hash_style = HASH_SYSV;
      else if (!strcmp(v, "gnu"))
        c->hash_style = HASH_GNU;
      else if (!strcmp(v, "both"))
        c->hash_style = HASH_BOTH;
      else
        fatal(ctx, "invalid hash style `%s'", v);
      continue;
    }
    // GNU ld's symbol table size, which orders the GOT, .symtab's
    // linker-made locals and the like (strtoul's number: what follows
    // digits is ignored, as in GNU ld).
    if ((v = arg_of(ctx, &a, &i, NULL, "hash-size"))) {
      u64 n = strtoull(v, NULL, 0);
      if (!n)
        fatal(ctx, "--hash-size needs a numeric argument");
      c->hash_size = bfd_table_size(n);
      continue;
    }
    if (is(s, "reduce-memory-overheads")) {
      c->reduce_memory_overheads = true;
      if (!c->hash_size)
        c->hash_size = bfd_table_size(1021);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "spare-dynamic-tags"))) {
      c->spare_dynamic_tags = parse_number(ctx, "--spare-dynamic-tags", v);
      continue;
    }
    if (is(s, "static-pie"))
      fatal(ctx, "%s: not an option of GNU ld; gcc -static-pie passes "
            "-static -pie --no-dynamic-linker", s);
    if (is(s, "shared") || is(s, "Bshareable")) {
      fatal(ctx, "%s: mld makes static executables only", s);
    }
    // -Ttext=ADDR and the like set section addresses; -T FILE is a script.
    if ((v = arg_of(ctx, &a, &i, NULL, "Ttext"))) {
      section_start(ctx, ".text", v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "Tdata"))) {
      section_start(ctx, ".data", v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "Tbss"))) {
      section_start(ctx, ".bss", v);
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "section-start"))) {
      const char *eq = strchr(v, '=');
      if (!eq)
        fatal(ctx, "invalid argument to option \"--section-start\"");
      if (!eq[1])
        fatal(ctx, "missing argument(s) to option \"--section-start\"");
      section_start(ctx, arena_strndup(ctx, v, eq - v), eq + 1);
      continue;
    }
    if (!strcmp(s, "-N") || is(s, "omagic")) {
      c->omagic = true;
      c->nmagic = false;
      continue;
    }
    if (!strcmp(s, "-n") || is(s, "nmagic")) {
      c->nmagic = true;
      c->omagic = false;
      continue;
    }
    if (is(s, "no-omagic")) {
      c->omagic = c->nmagic = false;
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "Ttext-segment"))) {
      c->text_segment = hex_address(ctx, v);
      c->text_segment_set = true;
      continue;
    }
    // The default scripts name no such segment on AArch64; on x86-64 they
    // would move .rodata and .lrodata.
    static const char *const t_segment[] = {"rodata-segment",
                                            "ldata-segment"};
    for (u32 k = 0; k < sizeof(t_segment) / sizeof(*t_segment); k++) {
      u64 n = strlen(t_segment[k]);
      const char *t = s + 1 + (s[1] == '-');
      if (t[0] == 'T' && !strncmp(t + 1, t_segment[k], n) &&
          (t[1 + n] == '=' || !t[1 + n]))
        fatal(ctx, "%s: not implemented yet", s);
    }
    // -T FILE: a linker script, read here among the inputs (its INPUT
    // and GROUP files come at this place); -dT FILE stands for GNU ld's
    // default script, and so counts only without -T.
    if ((v = arg_of(ctx, &a, &i, "-T", "script"))) {
      add_input(ctx, IN_SCRIPT, v);
      c->scripts++;
      continue;
    }
    if (!strncmp(s, "-dT=", 4) || !strncmp(s, "--dT=", 5)) {
      c->default_script = strchr(s, '=') + 1;  // getopt_long_only's form
      continue;
    }
    if ((v = arg_of(ctx, &a, &i, NULL, "dT")) ||
        (v = arg_of(ctx, &a, &i, NULL, "default-script"))) {
      c->default_script = v;
      continue;
    }
    if (is(s, "EB"))
      fatal(ctx, "-EB: big-endian output is not supported");

    bool done = false;
    // -O: GNU ld's bucket counts of .hash and .gnu.hash (dynsym.c).
    if (!strncmp(s, "-O", 2) && s[2] >= '0' && s[2] <= '9' && !s[3]) {
      c->optimize = s[2] != '0';
      done = true;
    }
    for (u32 k = 0; k < sizeof(refused_with_arg) / sizeof(*refused_with_arg);
         k++) {
      u32 save = i;
      if (arg_of(ctx, &a, &i, NULL, refused_with_arg[k].opt))
        fatal(ctx, "--%s: %s", refused_with_arg[k].opt,
              refused_with_arg[k].why);
      i = save;
    }
    for (u32 k = 0; !done && k < sizeof(no_effect_with_arg) / sizeof(char *);
         k++) {
      const char *o = no_effect_with_arg[k];
      char shortopt[8] = "";
      if (strlen(o) == 1)
        snprintf(shortopt, sizeof(shortopt), "-%s", o);
      u32 save = i;
      if ((v = arg_of(ctx, &a, &i, shortopt[0] ? shortopt : NULL,
                      strlen(o) > 1 ? o : NULL))) {
        done = true;
        if (!dynamic_only && changes_dynamic(o))
          dynamic_only = s;
        if (!strcmp(o, "dynamic-linker"))
          dynamic_linker = v;
        if (!strcmp(o, "O"))
          c->optimize = strtoul(v, NULL, 0) != 0;
        // DT_INIT and DT_FINI name none in a static executable, but
        // --gc-sections keeps the functions (gc.c).
        if (!strcmp(o, "init"))
          c->init_name = v;
        if (!strcmp(o, "fini"))
          c->fini_name = v;
      } else {
        i = save;
      }
    }
    if (done)
      continue;
    fatal(ctx, "unknown option: %s (try --help)", s);
  }
  free(a.v);
  if (c->print_output_format)
    // The target's BFD name, as GNU ld prints it.
    puts(c->arch ? c->arch->output_format : arch_x86_64.output_format);
  // -v, -V, --verbose and --print-output-format without an input file
  // print and succeed, as in GNU ld, whatever else the line holds (the
  // probes of Kbuild and U-Boot run `ld OPTION -v`).
  if (version_printed || c->verbose || c->print_output_format) {
    bool inputs = false;
    for (u32 k = 0; k < c->inputs.len; k++) {
      enum input_kind kind = ((struct input_spec *)c->inputs.v[k])->kind;
      inputs |= kind == IN_FILE || kind == IN_LIB;
    }
    if (!inputs)
      exit(0);
  }
  // gcc without -static passes -dynamic-linker: with no shared object
  // among the inputs GNU ld writes a static executable all the same
  // (TF-A links so); one that comes is refused (object.c).  gcc -r
  // passes it too; an object has no PT_INTERP.
  if (dynamic_linker && !saw_static && !c->relocatable)
    c->dynamic_linker = dynamic_linker;
  if (c->pie && c->relocatable)
    fatal(ctx, "-r and -pie may not be used together");
  // A PIE gets a program interpreter unless --no-dynamic-linker says
  // not, with -static too (-static is -Bstatic to GNU ld): U-Boot and
  // TF-A link so, and discard .interp in their scripts.  With no shared
  // input it is the static PIE with PT_INTERP and PT_PHDR added.
  if (c->pie && !c->no_dynamic_linker) {
    c->interp = dynamic_linker ? dynamic_linker : "";
    c->interp_search_shared = !saw_static;
  }
  // A PIE exports what -E or the dynamic lists name (dynsym.c); so does
  // an executable with --no-dynamic-linker, which then gets .dynamic
  // and .dynsym as GNU ld makes them (they do not make it dynamic).
  c->export_dynamic = export_dynamic != NULL;
  c->dynamic_list = dynamic_list != NULL || c->dynamic_data;
  c->dynamic = c->pie || (!c->relocatable && c->no_dynamic_linker &&
                          (c->export_dynamic || c->dynamic_list));
  if (c->dynamic && dynamic_only)
    fatal(ctx, "%s: with %s it changes the dynamic section or symbols, "
          "which mld does not make for a static %s", dynamic_only,
          c->pie ? "-pie" : "--no-dynamic-linker",
          c->pie ? "PIE" : "executable");
  // -r -s is -r -S -x, as GNU ld takes it (the relocations need the
  // globals; a -X or --discard-none given stays).
  if (c->relocatable && c->strip == STRIP_ALL) {
    c->strip = STRIP_DEBUG;
    if (c->discard == DISCARD_SEC_MERGE)
      c->discard = DISCARD_ALL;
  }
  // GNU ld 2.40 fails on -q -s ("final link failed: invalid operation").
  if (c->emit_relocs && c->strip == STRIP_ALL)
    error(ctx, "--emit-relocs with --strip-all: the relocations need "
          ".symtab (GNU ld fails too)");
  // GNU ld places compressed sections and their relocations in its own
  // order; mld does not reproduce it yet.
  if (c->emit_relocs && c->compress_debug != COMPRESS_NONE)
    error(ctx, "--emit-relocs with --compress-debug-sections: not "
          "implemented yet");
  // GNU ld adds the symbols relocations name to those the file lists.
  if (c->emit_relocs && c->strip == STRIP_SOME)
    error(ctx, "--emit-relocs with --retain-symbols-file: not "
          "implemented yet");
  c->fatal_warnings = fatal_warnings;
  if (fatal_warnings && ctx->warnings)
    error(ctx, "%u warning%s treated as error%s (--fatal-warnings)",
          ctx->warnings, ctx->warnings > 1 ? "s" : "",
          ctx->warnings > 1 ? "s" : "");
}
