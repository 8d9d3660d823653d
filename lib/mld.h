// mld.h: the one internal header of the mld linker library.
//
// It is grouped by the file that implements each part, under banners, in
// the order lib/README lists the files: what every pass uses, then the
// passes as link.c runs them, then the targets, and link.c's struct ctx,
// which holds them all, last.  Inputs are memory-mapped and
// read in place: every field of an input goes through rd16/rd32/rd64, never
// through a dereferenced Elf64_* pointer, because archive members are only
// 2-byte aligned and a field read through memcpy is a single load anyway.

#ifndef MLD_H
#define MLD_H

#include <elf.h>

// x86-64 psABI: a large-model section (not in every <elf.h>).
#ifndef SHF_X86_64_LARGE
#define SHF_X86_64_LARGE 0x10000000
#endif
// The GNU ABI's memory-node sections and their segments (sh_info: the
// node; PT_GNU_MBIND_LO + node), not in every <elf.h>.
#ifndef SHF_GNU_MBIND
#define SHF_GNU_MBIND 0x01000000
#endif
#ifndef PT_GNU_MBIND_LO
#define PT_GNU_MBIND_LO 0x6474e555
#endif
#define PT_GNU_MBIND_NUM 4096
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t i8;
typedef int16_t i16;
typedef int32_t i32;
typedef int64_t i64;

struct ctx;
struct objfile;
struct symbol;
struct isec;
struct chunk;
struct stub_sec;
struct gnu_prop;
struct cref_ref;

#define MLD_VERSION_STRING "mld (mld static linker) " PACKAGE_VERSION_STR
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION_STR "0.1.0"
#else
#define PACKAGE_VERSION_STR PACKAGE_VERSION
#endif

//
// Byte access (little-endian hosts and targets only)
//

static inline u16 rd16(const void *p) { u16 v; __builtin_memcpy(&v, p, 2); return v; }
static inline u32 rd32(const void *p) { u32 v; __builtin_memcpy(&v, p, 4); return v; }
static inline u64 rd64(const void *p) { u64 v; __builtin_memcpy(&v, p, 8); return v; }
static inline void wr16(void *p, u16 v) { __builtin_memcpy(p, &v, 2); }
static inline void wr32(void *p, u32 v) { __builtin_memcpy(p, &v, 4); }
static inline void wr64(void *p, u64 v) { __builtin_memcpy(p, &v, 8); }

// Whether S begins with PREFIX.  Its first two bytes are compared before
// the call: most names (sections', for every section of every file)
// differ there.  (s[1] is read only if s[0] is PREFIX's, not its end.)
static inline bool starts(const char *s, const char *prefix) {
  if (prefix[0] && (s[0] != prefix[0] || (prefix[1] && s[1] != prefix[1])))
    return false;
  return !strncmp(s, prefix, strlen(prefix));
}

// Names BFD takes for debugging sections (SEC_DEBUGGING) when they are
// not allocated.
static inline bool is_debugging_name(const char *n) {
  return starts(n, ".debug") || starts(n, ".gnu.debuglto_.debug_") ||
         starts(n, ".gnu.linkonce.wi.") || starts(n, ".zdebug") ||
         starts(n, ".line") || starts(n, ".stab") || !strcmp(n, ".gdb_index");
}

static inline u64 align_up(u64 x, u64 a) { return a <= 1 ? x : (x + a - 1) & ~(a - 1); }
static inline bool is_pow2(u64 x) { return x && !(x & (x - 1)); }

// A view of one Elf64_Sym, copied out of the mapping field by field.
struct esym {
  u32 st_name;
  u8 st_info, st_other;
  u16 st_shndx;
  u64 st_value, st_size;
};

// Writes one Elf64_Sym (the reverse of rd_esym).
static inline void wr_esym(u8 *p, u32 name, u8 info, u8 other, u16 shndx,
                           u64 value, u64 size) {
  wr32(p, name);
  p[4] = info;
  p[5] = other;
  wr16(p + 6, shndx);
  wr64(p + 8, value);
  wr64(p + 16, size);
}

// A section header (Elf64_Shdr) at p.
struct shdr_fields {
  u32 name, type;
  u64 flags, addr, offset, size;
  u32 link, info;
  u64 align, entsize;
};

static inline void wr_shdr(u8 *p, const struct shdr_fields *h) {
  wr32(p + offsetof(Elf64_Shdr, sh_name), h->name);
  wr32(p + offsetof(Elf64_Shdr, sh_type), h->type);
  wr64(p + offsetof(Elf64_Shdr, sh_flags), h->flags);
  wr64(p + offsetof(Elf64_Shdr, sh_addr), h->addr);
  wr64(p + offsetof(Elf64_Shdr, sh_offset), h->offset);
  wr64(p + offsetof(Elf64_Shdr, sh_size), h->size);
  wr32(p + offsetof(Elf64_Shdr, sh_link), h->link);
  wr32(p + offsetof(Elf64_Shdr, sh_info), h->info);
  wr64(p + offsetof(Elf64_Shdr, sh_addralign), h->align);
  wr64(p + offsetof(Elf64_Shdr, sh_entsize), h->entsize);
}

// The ELF header's fields every output has: e_ident, e_type, e_machine,
// e_version, e_shoff, e_ehsize and e_shentsize.
static inline void wr_ehdr_common(u8 *e, u16 type, u16 machine, u64 shoff,
                                  bool gnu_osabi) {
  memcpy(e, ELFMAG, SELFMAG);
  e[EI_CLASS] = ELFCLASS64;
  e[EI_DATA] = ELFDATA2LSB;
  e[EI_VERSION] = EV_CURRENT;
  e[EI_OSABI] = gnu_osabi ? ELFOSABI_GNU : ELFOSABI_NONE;
  wr16(e + offsetof(Elf64_Ehdr, e_type), type);
  wr16(e + offsetof(Elf64_Ehdr, e_machine), machine);
  wr32(e + offsetof(Elf64_Ehdr, e_version), EV_CURRENT);
  wr64(e + offsetof(Elf64_Ehdr, e_shoff), shoff);
  wr16(e + offsetof(Elf64_Ehdr, e_ehsize), sizeof(Elf64_Ehdr));
  wr16(e + offsetof(Elf64_Ehdr, e_shentsize), sizeof(Elf64_Shdr));
}

static inline void rd_esym(struct esym *s, const u8 *p) {
  s->st_name = rd32(p);
  s->st_info = p[4];
  s->st_other = p[5];
  s->st_shndx = rd16(p + 6);
  s->st_value = rd64(p + 8);
  s->st_size = rd64(p + 16);
}

//
// arena.c
//

struct arena_block;

struct arena {
  struct arena_block *head;
  u64 used_bytes;
};

void *arena_alloc(struct ctx *ctx, u64 size);
void *arena_alloc_touched(struct ctx *ctx, u64 size);
void arena_join(struct arena *a, struct arena *t);
char *arena_strndup(struct ctx *ctx, const char *s, u64 len);
char *arena_strdup(struct ctx *ctx, const char *s);
char *arena_printf(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void arena_release(struct ctx *ctx);

// A growable array of pointers, grown in the arena.
struct vec {
  void **v;
  u32 len, cap;
};

void *arena_grow(struct ctx *ctx, void *v, u32 used, u32 *cap, u32 size,
                 u32 min);
void vec_push(struct ctx *ctx, struct vec *v, void *p);
// qsort of the elements; an empty vector (whose v may be NULL) is left alone.
void vec_sort(struct vec *v, int (*cmp)(const void *, const void *));

//
// error.c
//

void error(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void gnu_error(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void soft_error(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void warn(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void gnu_warning(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void warn_always(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void note(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
_Noreturn void fatal(struct ctx *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void report_error_limit(struct ctx *ctx);
void checkpoint(struct ctx *ctx);
_Noreturn void mld_exit(struct ctx *ctx, int status);
void install_signal_guards(struct ctx *ctx);
void remove_signal_guards(struct ctx *ctx);

//
// diag.c: undefined and duplicate symbols, with where they come from
//

void report_undefined(struct ctx *ctx, struct objfile *f, struct isec *is,
                      u64 offset, struct symbol *sym);
void report_undefined_symbols(struct ctx *ctx);
void warn_script_redefinition(struct ctx *ctx, struct symbol *sym,
                              const char *file, u32 line);
void report_duplicate(struct ctx *ctx, struct symbol *sym, struct objfile *f,
                      u32 symidx);
const char *gnu_place(struct ctx *ctx, struct objfile *f, u32 shndx, u64 off);

//
// dwarf.c: source lines from .debug_line, for messages
//

const char *source_line(struct ctx *ctx, struct objfile *f, u32 shndx,
                        u64 off);

//
// demangle.c
//

const char *demangled(struct ctx *ctx, const char *name);

//
// parallel.c
//

enum { MAX_THREADS = 256 };   // --threads=N's limit
// The most relocations of one section a loop item takes: the scan's and
// (non-allocated sections) the writer's.
enum { RELOC_SLICE = 1 << 15 };
u32 thread_count(struct ctx *ctx);
u32 worker_index(void);
bool hold_message(const char *text);
bool in_parallel_loop(void);
void parallel_for(struct ctx *ctx, u32 n,
                  void (*fn)(struct ctx *ctx, void *arg, u32 i), void *arg);
struct stream;
struct stream *stream_open(struct ctx *ctx,
                           void (*fn)(struct ctx *ctx, void *arg, void *item),
                           void *arg);
void stream_add(struct ctx *ctx, struct stream *s, void *item);
void stream_close(struct ctx *ctx, struct stream *s);
void abandon_speculation(void);

//
// hash.c: tables of symbols keyed by (name, length)
//

struct name_table {
  u64 *slots;                  // tagged struct symbol * (hash.c)
  u64 mask, count;             // count: symbols in the table
  u64 seen;                    // of those, met in link order so far
};

// struct symbol's seq of a name interned ahead (intern_symbols) that the
// link has not met yet.
enum { SEQ_UNSEEN = UINT32_MAX };

u64 hash_name(const char *name, u32 len);
u32 bfd_hash(const char *name, u32 len);
u64 bfd_walk_order(struct ctx *ctx, const struct symbol *sym);
u64 bfd_walk_key(struct ctx *ctx, const char *name, u32 len, u64 order);
u32 bfd_table_size(u64 n);
// Sort keys for orders GNU ld takes from its hash table (qsort with
// cmp_order_key): group, then order, then kind.
struct order_key {
  u32 group;
  u8 kind;
  u64 order;
  struct symbol *sym;
};
int cmp_order_key(const void *x, const void *y);
// An order_key's order to be filled in by bfd_walk_orders.
#define BFD_WALK UINT64_MAX
void bfd_walk_orders(struct ctx *ctx, struct order_key *k, u32 n);
struct symbol *table_find(struct name_table *t, const char *name, u32 len);
struct symbol *table_intern(struct ctx *ctx, struct name_table *t,
                            const char *name, u32 len, bool *created);
void table_reserve(struct ctx *ctx, struct name_table *t, u64 count,
                   u64 shared);
struct symbol *table_intern_shared(struct ctx *ctx, struct name_table *t,
                                   const char *name, u32 len,
                                   struct symbol **spare);
void table_see(struct name_table *t, struct symbol *s);
struct symbol *sym_intern(struct ctx *ctx, const char *name, u32 len);
u32 sym_key_len(struct ctx *ctx, const char *name, u32 len);
struct symbol *sym_find(struct ctx *ctx, const char *name, u32 len);
struct symbol *sym_find_str(struct ctx *ctx, const char *name);
struct name_count {
  const char *name;
  u32 len, n;
};
struct name_counts {
  struct name_count *slots;
  u64 mask, count;
};
u32 name_count_next(struct ctx *ctx, struct name_counts *t, const char *name,
                    u32 len);
const char *unique_local_name(struct ctx *ctx, struct name_counts *t,
                              const char *name, u32 *len);

//
// Options (filled by ld/options.c)
//

enum input_kind {
  IN_FILE,        // a path
  IN_LIB,         // -lNAME or -l:FILE
  IN_GROUP_START,
  IN_GROUP_END,
  IN_WHOLE_ARCHIVE,
  IN_NO_WHOLE_ARCHIVE,
  IN_DEFSYM_REF,  // --defsym's target symbol: referenced from here on
  IN_BSTATIC,     // -Bstatic, -static: -l finds libNAME.a only
  IN_BDYNAMIC,    // -Bdynamic: -l tries libNAME.so first in each directory
  IN_PUSH_STATE,  // --push-state: saves whole-archive and -B state
  IN_POP_STATE,   // --pop-state
  IN_SCRIPT,      // -T FILE: a linker script
  IN_FORMAT_BINARY, // -b binary: the files after it are raw bytes
  IN_FORMAT_ELF,  // -b default (or the target's ELF name): objects again
};

struct input_spec {
  enum input_kind kind;
  const char *arg;
};

// --compress-debug-sections.
enum compress_kind {
  COMPRESS_NONE,
  COMPRESS_ZLIB,               // zlib, zlib-gabi: SHF_COMPRESSED, ELFCOMPRESS_ZLIB
  COMPRESS_ZLIB_GNU,           // zlib-gnu: .zdebug_*, "ZLIB" + size
  COMPRESS_ZSTD,               // SHF_COMPRESSED, ELFCOMPRESS_ZSTD
};

enum build_id_kind {
  BUILD_ID_NONE,
  BUILD_ID_SHA1,
  BUILD_ID_MD5,
  BUILD_ID_UUID,
  BUILD_ID_HEX,
};

// -Ttext=ADDR, -Tdata, -Tbss, --section-start=NAME=ADDR.
struct section_start {
  const char *name;            // an output section
  u64 addr;
};

struct defsym {
  const char *name;
  const char *text;            // NAME=EXPR as given, for messages
  struct expr *expr;
  u32 after_scripts;           // the -T scripts given before it
};

// -s, -S and --retain-symbols-file set one mode, the last given winning,
// as GNU ld's link_info.strip.
enum strip {
  STRIP_NONE,
  STRIP_DEBUG,                 // -S: no debugging sections
  STRIP_ALL,                   // -s: no .symtab and .strtab either
  STRIP_SOME,                  // --retain-symbols-file: only the names
                               // listed in .symtab, debugging kept
};

enum discard {
  DISCARD_SEC_MERGE,           // default: internal labels of SHF_MERGE input
  DISCARD_LOCALS,              // -X: every internal label (.L...)
  DISCARD_ALL,                 // -x: every local symbol of the inputs
  DISCARD_NONE,                // --discard-none
};

// --orphan-handling=place|warn|error|discard (sections.c: orphan).
enum orphan_handling { OH_PLACE, OH_WARN, OH_ERROR, OH_DISCARD };

// --fix-cortex-a53-843419=full|adr|adrp: which of the two fixes may be
// used (GNU ld's ERRAT_ADR and ERRAT_ADRP).
enum { FIX_843419_ADR = 1, FIX_843419_ADRP = 2 };

enum { IEA_ON = 1, IEA_OFF = 2 };  // config.z_indirect_extern_access

struct config {
  const char *output;
  bool output_given;           // by -o or a script's OUTPUT
  u32 scripts;                 // -T options given
  const char *default_script;  // -dT FILE: used without -T
  const char *entry;           // -e; an input script's ENTRY yields to it
  const char *sysroot;         // the last --sysroot=DIR, "" for none or "/"
  bool nostdlib;               // -nostdlib: scripts' SEARCH_DIR ignored
  bool endian_little;          // -EL: OUTPUT_FORMAT's third name applies
  const struct arch *arch;     // from -m, else from the first ELF input
  struct vec lib_paths;        // const char *
  struct vec inputs;           // struct input_spec *
  struct vec undefined;        // const char *, from -u
  struct vec defsyms;          // struct defsym *
  struct vec wrap;             // const char *, from --wrap
  struct vec unique;           // const char *, --unique=PATTERN
  bool unique_orphans;         // --unique: an output section per orphan
  u64 max_page_size, common_page_size;   // -z ...-page-size, 0: default
  struct vec section_starts;   // struct section_start *, one per name, in
                               // the order names first appear
  u64 text_segment;            // -Ttext-segment=ADDR: the image base
  bool text_segment_set;
  bool text_segment_warned;    // its "isn't multiple" warning, once
  bool omagic, nmagic;         // -N, -n: not demand-paged (-N: .text
                               // writable, no data segment alignment)
  int z_execstack;             // -1 from the inputs, 0 no, 1 yes
  u64 z_stack_size;            // -z stack-size=N: PT_GNU_STACK's p_memsz
  int warn_execstack;          // 0 never, 1 always, 2 (default) not for -z
  bool no_warn_rwx_segments;   // --no-warn-rwx-segments
  bool no_check_sections;      // --no-check-sections
  // x86 -z keywords (arch-x86_64.c applies them; other targets warn).
  bool z_ibt, z_shstk;         // force the feature in the output
  bool z_lam_u48, z_lam_u57;   // ... (-z lam-u48 sets both, as GNU ld 2.40)
  bool z_ibtplt;               // IBT-enabled IPLT entries
  u8 z_stt_common;             // -r: COMMON symbols' type, 0 as in the
                               // input, STT_COMMON (-z common) or
                               // STT_OBJECT (-z nocommon)
  bool z_force_bti;            // AArch64 -z force-bti: BTI in the output
  bool z_pac_plt;              // AArch64 -z pac-plt: PLT entries with
                               // autia1716
  u8 orphan_handling;          // --orphan-handling: enum orphan_handling
  u8 z_isa_level;              // -z x86-64-{baseline,v2,v3,v4}: 1..4
  // -z indirect-extern-access (IEA_ON), -z noindirect-extern-access
  // (IEA_OFF), the last of them, or neither (0): GNU_PROPERTY_1_NEEDED's
  // bit set or cleared.
  u8 z_indirect_extern_access;
  // -z call-nop=: 0x100 | the byte a relaxed `call *foo@GOTPCREL(%rip)`
  // gets, before the call or after it; 0: addr32 (0x67) before it.
  u16 z_call_nop;
  bool z_call_nop_suffix;
  u8 z_cet_report;             // 0 none, 1 warning, 2 error
  u8 z_lam_u48_report, z_lam_u57_report;  // the same
  struct vec z_x86;            // const char *: the keywords as given
  // Long options only one target's GNU ld knows, as given (link.c's
  // setup_target refuses those of the other target).
  struct vec aarch64_options, x86_options;
  bool z_norelro, z_noseparate_code;
  bool z_separate_code;        // given explicitly (AArch64 defaults to no)
  enum build_id_kind build_id;
  const char *package_metadata; // --package-metadata=JSON, checked JSON
  enum compress_kind compress_debug;
  enum { ICF_NONE, ICF_SAFE, ICF_ALL } icf;
  bool print_icf_sections;
  u8 build_id_hex[64];
  u32 build_id_hex_len;
  enum strip strip;
  struct name_table retain;    // --retain-symbols-file's names (STRIP_SOME)
  enum discard discard;        // which local symbols .symtab leaves out
  enum {
    SORT_COMMON_NONE, SORT_COMMON_DESCENDING, SORT_COMMON_ASCENDING
  } sort_common;               // --sort-common[=ascending|descending]
  enum { SORT_SECTION_NONE, SORT_SECTION_NAME, SORT_SECTION_ALIGNMENT }
      sort_section;            // --sort-section=name|alignment
  bool gc_sections;
  bool gc_keep_exported;       // --gc-keep-exported: exported globals are
                               // roots (gc.c)
  const char *init_name;       // -init, -fini: roots of gc; NULL: _init,
  const char *fini_name;       // _fini
  bool emit_relocs;            // -q, --emit-relocs: .rela.SECTION kept
  bool eh_frame_hdr;
  bool stats;
  bool z_start_stop_gc;        // __start_SEC keeps no SEC alive (gc.c)
  bool z_unique_symbol;        // locals NAME.N in .symtab (hash.c)
  u8 start_stop_visibility;    // -z start-stop-visibility=: STV_* + 1;
                               // 0: protected, GNU ld 2.40's default
  u32 threads;                 // --threads=N; 0: one per online processor
  bool no_fork;                // --no-fork: the link in mld's own process
                               // (ld/main.c)
  bool no_relax;               // --no-relax: x86-64 GOT loads stay loads
  bool no_ld_unwind;           // --no-ld-generated-unwind-info
  bool allow_multiple_definition;  // -z muldefs too: the first one wins
  bool z_now;                  // -z now (-z lazy undoes it)
  // -z origin, global, interpose, nodump, loadfltr, nodefaultlib,
  // globalaudit: DF_1_* of .dynamic's DT_FLAGS_1 (origin: DF_ORIGIN in
  // DT_FLAGS too); -z unique: DT_GNU_FLAGS_1's DF_GNU_1_UNIQUE.
  u32 z_flags_1;
  bool z_origin, z_unique;
  bool z_flags_1_masked;       // -z initfirst, nodelete, nodlopen: bits GNU
                               // ld clears in an executable, but its
                               // DT_FLAGS_1 stays, 0 if nothing else
  bool z_nocombreloc;          // -z nocombreloc (-z combreloc undoes it)
  // --enable-non-contiguous-regions: an input section that would
  // overflow its output section's region goes to the next output section
  // whose statement also takes it (script_layout.c).
  bool non_contiguous_regions;
  bool old_dtags;              // --disable-new-dtags: no DT_FLAGS (a
                               // DT_BIND_NOW for -z now)
  bool pie;                    // -pie: a static PIE (dynamic.c)
  // .dynamic, .dynsym and .dynstr (dynamic.c, dynsym.c): a PIE's, or an
  // executable's that --no-dynamic-linker with -E or a dynamic list asks
  // to export symbols (GNU ld makes them; the program stays static).
  bool dynamic;
  // What a static PIE exports (dynsym.c): -E, every global; a dynamic
  // list (--dynamic-list, --export-dynamic-symbol[-list]: the patterns
  // read, ctx->dynamic_patterns) or --dynamic-list-data, those named.
  bool export_dynamic, dynamic_list, dynamic_data;
  bool optimize;               // -O1: .hash and .gnu.hash sized to fit
  bool no_dynamic_linker;      // --no-dynamic-linker
  // -dynamic-linker without -static: a dynamic link, unless no shared
  // object comes (GNU ld then writes a static executable).
  const char *dynamic_linker;
  // -pie without --no-dynamic-linker: the PIE's PT_INTERP names this, the
  // -dynamic-linker path or, if "", the target's default (GNU ld's
  // ELF_DYNAMIC_INTERPRETER).  Shared objects are refused all the same.
  const char *interp;
  bool interp_search_shared;   // and no -static: -l finds .so first
  bool z_text;                 // -z text: a text relocation is an error
  bool z_notext;               // -z notext (textoff): and no warning
  bool z_noreloc_overflow;     // x86-64 -pie: R_X86_64_32 and 32S get
                               // R_X86_64_RELATIVE, not an error
  bool warn_textrel;           // --warn-textrel
  bool pack_relative_relocs;   // -z pack-relative-relocs: DT_RELR
  bool report_relative_reloc;  // -z report-relative-reloc (x86-64)
  enum { HASH_SYSV = 1, HASH_GNU = 2, HASH_BOTH = 3 } hash_style;
  u32 spare_dynamic_tags;      // DT_NULL entries ending .dynamic
  u32 hash_size;               // --hash-size: GNU ld's first table size
                               // (0: its default, 4051)
  bool reduce_memory_overheads; // map: symbols in GNU ld's table order
  const char *map_file;        // -Map=FILE; "-" for standard output
  const char *why_extract;     // --why-extract=FILE; "-": standard output
  bool no_print_map_discarded; // --no-print-map-discarded
  bool no_demangle;            // --no-demangle, or COLLECT_NO_DEMANGLE set
  bool cref;                   // --cref
  bool verbose;                // --verbose: with no input, just the text
  u8 trace;                    // -t, --trace: how many times given
  bool unresolved_ignore;      // --unresolved-symbols=ignore-all|...
  bool warn_unresolved;        // --warn-unresolved-symbols
  bool warn_once;              // --warn-once: one place per undefined symbol
  bool noinhibit_exec;         // --noinhibit-exec: soft_error() does not
                               // fail the link
  bool warn_common;            // --warn-common
  struct vec trace_symbols;    // -y SYM, --trace-symbol=SYM: const char *
  bool print_memory_usage;     // --print-memory-usage
  struct vec require_defined;  // --require-defined=SYM: const char *
  bool demangle_explicit;      // --demangle given: say if it cannot
  struct vec exclude_libs;     // --exclude-libs=LIB,LIB:...: const char *
  const char *dependency_file; // --dependency-file=FILE
  const char *out_implib;      // --out-implib=FILE
  bool no_undefined_version;   // --no-undefined-version (versions.c)
  bool split_files;            // --split-by-file[=SIZE] (-r)
  u64 split_by_file;           // ... its SIZE
  u8 fix_cortex_a53_843419;    // FIX_843419_ADR | FIX_843419_ADRP, or 0
  bool fix_cortex_a53_835769;  // --fix-cortex-a53-835769
  bool print_gc_sections;
  bool fatal_warnings;         // --fatal-warnings: warnings are errors
  bool no_warnings;            // -w: warnings are not said
  bool print_output_format;    // --print-output-format
  struct vec ignore_unresolved; // --ignore-unresolved-symbol: const char *
  const char *plugin;          // -plugin FILE (gcc's LTO plugin)
  struct vec plugin_opts;      // -plugin-opt=OPT: const char *
  bool relocatable;            // -r, -i, --relocatable
  bool force_group_allocation; // -r: groups' members placed as others
  bool define_common;          // -d, -dc, -dp: -r allocates COMMON symbols
  bool build_constructors;     // -Ur (with relocatable): __start_SEC
  bool oformat_binary;         // --oformat binary, OUTPUT_FORMAT(binary):
                               // a raw image of the loaded sections
  bool oformat_given;          // --oformat: scripts do not change it
  const char *relocatable_conflict;  // an option -r does not support
};

//
// input.c: mapped files, deduplicated by inode
//

struct mapping {
  const char *path;
  const u8 *data;
  u64 size;
  void *map_base;              // what to munmap: data, or the guarded copy
  u64 map_len;
  dev_t dev;
  ino_t ino;
  bool stream;                 // not a regular file or block device: read
  struct objfile *obj;         // what add_file made of it, if anything
  struct archive *ar;
};

struct mapping *map_file(struct ctx *ctx, const char *path, bool must_exist);
struct mapping *map_file_after(struct ctx *ctx, const char *path, u64 head);
bool file_exists(const char *path);
enum { RELEASE_MIN = 1 << 19 };   // smaller ranges are not worth releasing
void release_pages(const void *p, u64 len);
void release_input(struct ctx *ctx, const void *p, u64 len);
const char *find_library(struct ctx *ctx, const char *name);
const char *sysroot_path(struct ctx *ctx, const char *path);
const char *find_script_input(struct ctx *ctx, const char *name,
                              const char *dir, bool sysrooted);
bool in_sysroot(struct ctx *ctx, const char *path);
void read_inputs(struct ctx *ctx);
void release_inputs(struct ctx *ctx);
void add_file(struct ctx *ctx, const char *path, bool whole,
              const char *shown);
void add_library(struct ctx *ctx, const char *name, bool whole);
void write_dependency_file(struct ctx *ctx);
struct input_entry *add_undef_entry(struct ctx *ctx, const char *name);
void add_group_marker(struct ctx *ctx, bool start);

//
// archive.c
//

struct archive {
  struct mapping *map;
  const char *name;
  bool thin;
  u32 nsyms;                   // symbol index entries
  const u8 *offsets;           // nsyms offsets, 4 or 8 bytes big-endian
  u32 offset_size;
  const char *names;           // NUL-separated names
  u64 names_size;
  const char *longnames;       // the "//" member
  u64 longnames_size;
  u64 *cache_keys;             // member offset + 1, open addressing
  struct objfile **cache_vals;
  u32 cache_mask, cache_count;
  u32 *name_off;               // the index (archive_last_entry): each
  u32 *name_next, *name_head;  // entry's name; chains of entries by name,
  struct symbol **sym_keys;    // or by symbol when entry_syms is known
  u64 name_mask;
  bool counted;                // intern.c: its names in the table's room
  struct symbol **entry_syms;  // intern.c: each entry's symbol, interned
};                             // ahead (NULL: looked up by name)

struct archive *open_archive(struct ctx *ctx, struct mapping *map);
struct objfile *archive_member(struct ctx *ctx, struct archive *ar, u64 off);
void archive_warm_member(const struct archive *ar, u64 off);
void archive_all_members(struct ctx *ctx, struct archive *ar,
                         void (*fn)(struct ctx *, struct objfile *));
u64 archive_index_offset(struct archive *ar, u32 i);
void archive_index_symbols(struct ctx *ctx, struct archive *ar);
u32 archive_last_entry(struct ctx *ctx, struct archive *ar,
                       const struct symbol *sym);
u32 archive_entry_before(struct archive *ar, u32 k);
const char *archive_entry_name(struct archive *ar, u32 k);
const u8 *archive_first_member(const struct mapping *m, u64 *size);

//
// object.c: ELF relocatable objects, viewed in place
//

struct objfile {
  const char *name;            // "path" or "archive(member)"
  const u8 *data;
  u64 size;
  u32 priority;                // order in which files joined the link
  u32 bfd_id;                  // GNU ld's number of its BFD: 2 + the
                               // objects and archives opened before
  bool live;                   // part of the link (not a lazy member)
  bool parsed;
  const u8 *shdrs;
  u32 shnum;
  const char *shstrtab;
  u64 shstrtab_size;
  const u8 *symtab;            // Elf64_Sym[nsyms]
  u32 nsyms, first_global;
  const char *strtab;
  u64 strtab_size;
  const u8 *symtab_shndx;      // SHT_SYMTAB_SHNDX contents or NULL
  struct symbol **globals;     // [nsyms - first_global]
  struct isec **isecs;         // [shnum], NULL for sections not kept
  struct isec **ahead_isecs;   // sections.c: parse_ahead's isecs, then
  u8 ahead_found;              // what it found (PF_*), whether it parsed
  bool ahead_eh;               // .eh_frame too, and the first section
  u32 ahead_warning;           // named .gnu.warning (0: none)
  bool eh_parsed;              // .eh_frame parsed (parse_eh_frame skips)
  struct symbol **locals;      // [first_global], made on demand (GOT, IPLT)
  u8 *discarded;               // [shnum] 1: in a losing COMDAT group
  u8 *script_discarded;        // [shnum] 1: /DISCARD/ or orphan-discarded
                               // (discard_input), or NULL: none
  struct symbol **lost_to;     // [shnum] the group's signature (its file
                               // and symidx: the winner's group section)
  struct isec **kept;          // [shnum] set by parse_sections: the
                               // winner's section of the same name and size
  u8 crt;                      // enum crt_kind: its .ctors/.dtors rules
  bool binary;                 // made by binary.c of a -b binary file
  bool lto;                    // claimed by the LTO plugin: data is
                               // lto.c's object of the plugin's symbols
  bool lto_output;             // made by the LTO plugin (add_input_file)
  struct input_entry *entry;   // the entry that brought it into the link
  bool reloaded;               // a member a group's or LTO's second look
                               // at its archive extracted
  const char **names;          // [shnum] or NULL: names other than the
                               // header's (a decompressed .zdebug_*)
  bool writes_contents;        // set by size_symtab: a section of it has
                               // bytes in the output (so its locals show)
  bool common_live;            // set by gc.c: a kept relocation names a
                               // COMMON symbol it gives (bfd's COMMON
                               // section of the file is kept)
  struct symtab_part {         // synthetic.c: its locals, its globals
    u32 n, at;                 // in .symtab: how many, the first's index
    u64 strbytes, stroff;      // and their names in .strtab
    u32 nfiles;
    bool gnu;
  } symtab_parts[2];
  u32 *out_locals;             // -q: [first_global] .symtab index of each
                               // local, 0: none (set by size_symtab)
};

// What GNU ld's default script makes of a file's .ctors and .dtors by its
// name (or, for an archive member, its member or archive name): those of
// *crtbegin.o, *crtbegin?.o, *crtend.o and *crtend?.o stay in output
// .ctors/.dtors, in that order, as the old scheme's list markers.
enum crt_kind { CRT_NONE, CRT_BEGIN, CRT_BEGIN_X, CRT_END };
enum crt_kind crt_kind(const char *name);

// Section header fields, read in place.
static inline const u8 *shdr_at(struct objfile *f, u32 i) {
  return f->shdrs + (u64)i * sizeof(Elf64_Shdr);
}
#define SH_NAME(p) rd32((p) + offsetof(Elf64_Shdr, sh_name))
#define SH_TYPE(p) rd32((p) + offsetof(Elf64_Shdr, sh_type))
#define SH_FLAGS(p) rd64((p) + offsetof(Elf64_Shdr, sh_flags))
#define SH_ADDR(p) rd64((p) + offsetof(Elf64_Shdr, sh_addr))
#define SH_OFFSET(p) rd64((p) + offsetof(Elf64_Shdr, sh_offset))
#define SH_SIZE(p) rd64((p) + offsetof(Elf64_Shdr, sh_size))
#define SH_LINK(p) rd32((p) + offsetof(Elf64_Shdr, sh_link))
#define SH_INFO(p) rd32((p) + offsetof(Elf64_Shdr, sh_info))
#define SH_ALIGN(p) rd64((p) + offsetof(Elf64_Shdr, sh_addralign))
#define SH_ENTSIZE(p) rd64((p) + offsetof(Elf64_Shdr, sh_entsize))

struct objfile *new_objfile(struct ctx *ctx, const char *name, const u8 *data,
                            u64 size);

bool parse_object(struct ctx *ctx, struct objfile *f);
void warm_object(const u8 *d, u64 size);
static inline void read_sym(struct objfile *f, u32 idx, struct esym *s) {
  rd_esym(s, f->symtab + (u64)idx * sizeof(Elf64_Sym));
}
// Symbol idx's type (STT_*), read in place.
static inline u32 sym_type(const struct objfile *f, u32 idx) {
  return ELF64_ST_TYPE(
      f->symtab[(u64)idx * sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_info)]);
}
u32 sym_shndx(struct objfile *f, u32 idx, const struct esym *s);
const char *sym_name(struct objfile *f, const struct esym *s);
u32 file_own_name(struct objfile *f, const char **name);
const char *section_name(struct objfile *f, u32 shndx);
bool own_string_table(struct objfile *f, u32 shndx);
bool is_elf_object(const u8 *data, u64 size);
const struct arch *arch_for_machine(u16 machine);

//
// binary.c: -b binary
//

struct objfile *binary_object(struct ctx *ctx, const char *path,
                              const char *shown);
void write_raw_image(struct ctx *ctx, int fd);

//
// compress.c: --compress-debug-sections
//

void compress_debug_sections(struct ctx *ctx);
void write_compressed(struct ctx *ctx, u8 *buf);
bool compressed_input(struct objfile *f, u32 i, const char *name,
                      u64 flags);
void decompress_inputs(struct ctx *ctx);
u64 decompressed_size(struct objfile *f, u32 i);

//
// script.c
//

enum { MAX_SCRIPT_DEPTH = 16, MAX_SCRIPT_NAME = 4096, MAX_INCLUDES = 1000 };

// A linker script given with -T (or -dT), parsed whole (script.c) and
// followed by script_layout.c.  Statements are kept in the order written:
// SECTIONS' statements and those outside it in one list.
enum stmt_kind {
  SS_ASSIGN,                   // NAME op EXPR, PROVIDE(...), HIDDEN(...)
  SS_OUTPUT,                   // an output section description
  SS_INPUT,                    // an input section description
  SS_DATA,                     // BYTE/SHORT/LONG/QUAD/SQUAD (EXPR)
  SS_FILL,                     // FILL (EXPR)
  SS_ASSERT,                   // ASSERT (EXPR, "message")
};

enum provide_kind { PV_NONE, PV_PROVIDE, PV_PROVIDE_HIDDEN, PV_HIDDEN };

// SORT_* of a file or section pattern.
enum pattern_sort {
  PS_NONE, PS_NAME, PS_ALIGN, PS_NAME_ALIGN, PS_ALIGN_NAME, PS_INIT_PRIORITY,
  PS_KEEP_ORDER,               // SORT_NONE: not even --sort-section
};

struct sec_pattern {
  const char *name;            // a wildcard pattern
  struct vec exclude;          // const char *: EXCLUDE_FILE's patterns
  u8 sort;                     // enum pattern_sort
};

enum out_type { OT_NORMAL, OT_NOLOAD, OT_COPY, OT_INFO, OT_OVERLAY,
                OT_READONLY };

struct out_stmt;
struct walk;

struct script_stmt {
  enum stmt_kind kind;
  const char *file;            // the script, and where in it, for messages
  u32 line;
  // SS_ASSIGN
  const char *sym;
  int op;                      // '=' or the operator of +=, -=, ...
  u8 provide;                  // enum provide_kind
  struct symbol *target;       // set by script_layout.c
  // SS_ASSIGN, SS_DATA, SS_FILL, SS_ASSERT
  struct expr *e;
  u32 size;                    // SS_DATA: 1, 2, 4 or 8
  bool is_signed;              // SQUAD
  const char *msg;             // SS_ASSERT
  u64 value;                   // set by script_layout.c: SS_ASSIGN's value
  // SS_INPUT: FILE(SECTIONS...), FILE alone being every section
  const char *file_pat;
  struct vec file_exclude;     // EXCLUDE_FILE before the file pattern
  u8 file_sort;
  bool has_flags;              // INPUT_SECTION_FLAGS (...): only sections
  u64 flags_want, flags_not;   // with these flags, without those
  bool keep;                   // KEEP(...)
  bool whole_file;             // no section list
  u32 input_index;             // script_layout.c: 1 + its index
  struct vec pats;             // struct sec_pattern *
  // SS_OUTPUT
  struct out_stmt *os;
};

struct out_stmt {
  const char *name;
  struct expr *addr, *lma, *align, *subalign, *fill;
  const char *region, *lma_region;
  struct vec phdrs;            // const char *: ":phdr" names
  u8 type;                     // enum out_type
  u32 sh_type;                 // (TYPE = N): the section's sh_type, or 0
  u8 constraint;               // 0, 1 ONLY_IF_RO, 2 ONLY_IF_RW
  bool align_with_input;
  bool discard;                // /DISCARD/
  struct vec body;             // struct script_stmt *
  struct chunk *chunk;         // set by script_layout.c
  bool disabled, violated;     // script_layout.c: ONLY_IF_RO/RW not met
  bool after_end;              // script_layout.c: after an assignment to
                               // end, _end, __end... (GNU ld's after_end)
  // OVERLAY's sections (script.c overlay): the first, or one loaded after
  // the one before; the last moves "." by update_dot.
  u8 overlay;                  // enum overlay_kind
  u32 overlay_group;           // which OVERLAY (1, 2, ...), or 0
  struct expr *update_dot;
  const char *file;
  u32 line;
};

enum overlay_kind { OV_NONE, OV_FIRST, OV_NEXT };

// What a MEMORY region's attributes name, as bfd's section flags (a
// section with contents that is not code is "data", even read-only).
enum { RA_ALLOC = 1, RA_READONLY = 2, RA_DATA = 4, RA_CODE = 8, RA_LOAD = 16 };

struct mem_region {
  const char *name;            // or an alias's (REGION_ALIAS)
  struct mem_region *real;     // an alias: the region; else itself
  struct expr *origin_e, *length_e;
  u64 origin, length;          // set by script_layout.c
  u64 cur;                     // the next free address, as laid out
  struct chunk *last_lma;      // the last section whose LMA follows its
                               // own region's (GNU ld's last_os)
  u32 flags_in, flags_out;     // RA_*: what its attributes take, refuse
  bool has_attrs;
  bool overflow_said;
};

// PHDRS { NAME TYPE [FILEHDR] [PHDRS] [AT (ADDR)] [FLAGS (N)] ; }
struct phdr_stmt {
  const char *name;
  u32 type;
  bool filehdr, phdrs;
  struct expr *at, *flags;
  struct vec chunks;           // segments.c: the sections it holds
};

struct script {
  struct vec stmts;            // struct script_stmt *: the whole script
  struct vec phdrs;            // struct phdr_stmt *: PHDRS, in order
  bool has_phdrs;
  struct vec regions;          // struct mem_region *
  bool has_sections;           // a SECTIONS command was seen
  bool force_group_allocation; // FORCE_GROUP_ALLOCATION
  bool replaces;               // -T: it replaces the built-in layout
  const char *insert_name;     // INSERT AFTER|BEFORE this output section:
  bool insert_after;           // the built-in layout, with stmts in it
  u32 insert_end, inserts;     // script.c: stmts[0, insert_end) go there;
                               // INSERT commands
  u32 plain_scripts;           // -T scripts without INSERT
  // place_insert: the output section the inserted statements went before
  // an assignment to "." in front of, taken to be allocated (bfd checks).
  struct out_stmt *insert_guess;
  struct walk *walk;           // script_layout.c: its descriptions
  struct vec nocrossrefs;      // struct vec * of names; the first name
  struct vec nocrossrefs_to;   // of a NOCROSSREFS_TO list is the target
  struct out_stmt *last_os;    // script.c: the output section before
  u32 overlays;                // OVERLAY commands so far
};

// DATA_SEGMENT_ALIGN, _RELRO_END and _END, as GNU ld evaluates them: a
// first layout records where they stand; then the writable part may
// start higher, so that the RELRO part ends on a page boundary
// (DS_RELRO), or on a common page (DS_COMMON) to save one.
enum { DS_FIRST, DS_RELRO, DS_COMMON };

struct data_segment {
  u8 mode;                     // DS_*: the walk's DATA_SEGMENT_ALIGN value
  bool seen, relro_seen, end_seen, in_relro;
  u64 dot;                     // "." at DATA_SEGMENT_ALIGN
  u64 maxpage, commonpage;
  u64 base;                    // DS_RELRO: the start chosen
  bool relro_adjust;           // DS_RELRO: RELRO_END moves "." to the page
  u64 relro_offset, relro_exp; // DATA_SEGMENT_RELRO_END's arguments
  u64 end;                     // DATA_SEGMENT_END's
};

// The location counter while a script is laid out.
struct script_dot {
  u64 dot;
  struct chunk *sec;           // the section "." is relative to, or NULL
  struct chunk *near;          // outside output sections: the section GNU
                               // ld's section_for_dot gives (ORIGIN)
  bool in_section;             // inside an output section's statement
  bool used;                   // set by eval: the expression read "."
  struct data_segment *ds;
};

// Whether a -T script lays out the output (else the built-in layout does,
// with a script's INSERTed sections in it, if any).
static inline bool script_layout(const struct ctx *ctx);

bool is_input_script(const u8 *p, u64 size);
void read_input_script(struct ctx *ctx, struct mapping *m, const char *path,
                       bool whole);
void read_script_file(struct ctx *ctx, const char *path);
void place_insert(struct ctx *ctx);
void add_late_defsyms(struct ctx *ctx, u32 scripts);
struct mem_region *find_region(struct ctx *ctx, const char *name);
bool script_output_format_matches(struct ctx *ctx, struct mapping *m);
void check_output_arch(struct ctx *ctx);
const char *entry_symbol(struct ctx *ctx);

//
// expr.c: GNU ld's expressions (--defsym, linker scripts)
//

struct expr;
struct expr_value {
  u64 v;                       // an address when sec is set
  struct chunk *sec;           // NULL: absolute
  bool plain;                  // a plain number (SIZEOF, a comparison, ...)
  u8 type, vis;                // eval_expr: what the result takes
};

struct expr *parse_expr(struct ctx *ctx, const char *src, const char *what);
void expr_symbols(struct ctx *ctx, struct expr *e,
                  void (*fn)(struct ctx *ctx, struct expr *node,
                             const char *name, void *arg),
                  void *arg);
// Calls fn for each ADDR (NAME) and LOADADDR (NAME) in e.
void expr_sections(struct expr *e,
                   void (*fn)(const char *name, bool loadaddr, void *arg),
                   void *arg);
void expr_bind(struct expr *node, struct symbol *sym);
struct symbol *expr_bound(struct expr *node);
bool eval_expr(struct ctx *ctx, struct expr *e, const char *what,
               bool quiet, struct expr_value *out);
bool eval_script_expr(struct ctx *ctx, struct expr *e, const char *what,
                      bool quiet, const struct script_dot *dot,
                      struct expr_value *out);
bool expr_is_dot(const struct expr *e);
void expr_print(struct ctx *ctx, FILE *fp, struct expr *e);
const char *expr_op_text(int op);
bool expr_is_constant(const struct expr *e);
bool expr_of_dot(const struct expr *e);
struct fill {                  // a script's fill pattern
  u8 *bytes;
  u32 len;
};
struct fill *expr_fill(struct ctx *ctx, const struct expr *e, u64 v);
bool dot_assignment_keeps(struct ctx *ctx, int op, const struct expr *e);
struct expr *parse_script_expr(struct ctx *ctx, const char *file,
                               const char *text, const char *end,
                               const char **pos);
struct expr *expr_of_section(struct ctx *ctx, char fn, const char *name);
struct expr *expr_plus(struct ctx *ctx, struct expr *a, struct expr *b);
struct expr *expr_max(struct ctx *ctx, struct expr *a, struct expr *b);
void text_position(const char *text, const char *at, u32 *line, u32 *col);

//
// version_script.c: --version-script, --dynamic-list files
//

const char *read_script_version(struct ctx *ctx, const char *file,
                                const char *p, const char *end, u32 line);
void read_version_script(struct ctx *ctx, const char *name,
                         bool dynamic_list, bool fatal_warnings);
void add_dynamic_pattern(struct ctx *ctx, const char *text);
bool dynamic_list_names(struct ctx *ctx, const char *name, u32 len);

// One pattern of a tag (GNU ld's bfd_elf_version_expr): literal unless
// it has an unescaped * ? or [ (quoted names are always literal), its
// text with backslashes removed if literal.
struct pattern {
  const char *text;
  u32 len;
  bool literal;
  u8 lang;                     // 0 C, 1 C++, 2 Java
  bool symver;                 // a global literal NAME whose NAME@TAG or
                               // NAME@@TAG is defined (versions.c)
  bool script;                 // a global one a definition matched
};

// A version tag of a script, or one a definition's NAME@VERSION makes
// (versions.c).
struct vers_node {
  const char *name;            // "" for the anonymous tag
  u32 len;
  struct vec globals, locals;  // struct pattern *, in the file's order
  struct vec deps;             // struct vers_node *: the tags it names
                               // after its braces
  u32 vernum;                  // GNU ld's: the named tags from 1 in order
  bool used;                   // a symbol has it
  struct symbol *sym;          // its own symbol, in .dynsym
};

bool version_list_names(struct ctx *ctx, struct vec *list, const char *name);
struct vers_node *version_named(struct ctx *ctx, const char *name, u32 len);
struct vers_node *find_version(struct ctx *ctx, const char *name,
                               bool *hide);

//
// lto.c: link-time optimization with the compiler's plugin
//

bool lto_offer(struct ctx *ctx, struct objfile *f, const char *path,
               u64 offset);
bool lto_replacing(struct ctx *ctx);
void check_relocatable_bytecode(struct ctx *ctx);
void link_bytecode(struct ctx *ctx);
// The plugin's cleanup hook (its temporary files go), once; else at exit.
void lto_cleanup(void);

//
// intern.c: names interned on all threads before resolution meets them
//

void intern_symbols(struct ctx *ctx);
void globals_from_index(struct ctx *ctx, struct archive *ar, u32 k,
                        struct objfile *f);

//
// symbols.c: resolution
//

enum sym_state {
  SYM_UNDEF,
  SYM_DEFINED,
  SYM_COMMON,
};

enum {
  SF_REF_STRONG = 1 << 0,      // a non-weak undefined reference exists
  SF_NEEDS_GOT = 1 << 1,       // a GOT entry holding the address
  SF_NEEDS_IPLT = 1 << 2,      // IFUNC: IPLT entry + .got.plt slot
  SF_NEEDS_GOTTP = 1 << 3,     // a GOT entry holding the TP offset
  SF_LINKER = 1 << 4,          // defined by the linker
  SF_REPORTED = 1 << 5,        // undefined reference already reported
  SF_REFERENCED = 1 << 6,      // any reference at all, COMMON included
  SF_IN_SYMTAB = 1 << 7,       // undefined, seen by the .symtab walk
  SF_ABS = 1 << 8,             // --defsym NAME=NUMBER: an absolute value
  SF_GOT_NEAR = 1 << 9,        // a short-reach GOT load (LD64_GOTPAGE_LO15)
  SF_SCRIPT_HIDDEN = 1 << 10,  // PROVIDE_HIDDEN: a local in .symtab
  SF_WARNING = 1 << 11,        // a .gnu.warning.SYM waits for a reference
  SF_REF_LISTED = 1 << 12,     // COMMON, or referenced once defined
  SF_ADDR_EQ = 1 << 13,        // IFUNC: address taken outside code and GOT
  SF_GOT_IS_GOTPLT = 1 << 14,  // IFUNC: GOT loads use its .got.plt slot
  SF_SMALL_COMMON = 1 << 15,   // a non-large COMMON definition was seen:
                               // the symbol goes in .bss, not .lbss
};

// In ref_flags, with SF_REF_STRONG and SF_REFERENCED: a call's
// relocation names the symbol (GNU ld's needs_plt; dynamic.c).
enum { REF_PLT_CALL = 1 << 7 };
// In ref_flags, of an undefined symbol, with --gc-sections: a kept
// section refers to it (gc.c), and so .symtab lists it (GNU ld's mark).
enum { REF_GC_LIVE = 1 << 1 };
// In ref_flags, of the linker's __start_SEC or __stop_SEC with
// -z start-stop-gc: a kept section's relocation named it (GNU ld's
// h->mark; the next one keeps an input SEC all the same, gc.c).
enum { REF_GC_SEEN = 1 << 4 };
// In ref_flags: a file the LTO plugin did not claim, -u, the entry or
// --defsym refers to the symbol (GNU ld's non_ir_ref_regular; lto.c).
enum { REF_NON_IR = 1 << 2 };
// In ref_flags: an input's st_other has bit 7 (AArch64's
// STO_AARCH64_VARIANT_PCS), which a -r output's symbol then has, defined
// or not (GNU ld's elfNN_aarch64_merge_symbol_attribute ORs it in).
enum { REF_STO_VARIANT_PCS = 1 << 3 };
// In ref_flags: a definition in a discarded section (a lost COMDAT group
// or .gnu.linkonce.* copy) was read as a reference; left undefined, the
// symbol is not in .symtab (GNU ld's h->indx == -3).
enum { REF_DISCARDED_DEF = 1 << 5 };

struct symbol {
  const char *name;            // NUL-terminated, in a mapped strtab
  struct objfile *file;        // the defining file; NULL if undefined
  u64 value;                   // st_value; after layout the address
  u32 symidx;                  // index in file's symtab
  u32 namelen;
  u32 aux;                     // index into ctx->aux, 0: none
  u8 state;                    // enum sym_state
  u8 binding, type, visibility;
  u16 flags;
  u8 ref_flags;                // SF_REF_STRONG | SF_REFERENCED
  bool shn_abs;                // defined by a file, st_shndx SHN_ABS
  u32 seq;                     // the order names were first seen in, as
                               // GNU ld's hash chains keep it
};

// The st_other bits an output symbol takes from its inputs besides its
// visibility (REF_STO_VARIANT_PCS).
static inline u8 sto_merged(const struct symbol *sym) {
  return sym->ref_flags & REF_STO_VARIANT_PCS ? 0x80 : 0;
}

_Static_assert(sizeof(struct symbol) <= 48, "struct symbol grew");

// Which of GNU ld's passes would have found a bad TLS sequence: its
// check_relocs (GD, LD) or its relocate_section (IE).
enum { TLS_FAILED_SCAN = 1, TLS_FAILED_RELOCATE = 2 };

// Per-symbol data that only a few symbols need: slots and linker data.
// Where a linker-defined symbol points (kept in symidx, which linker
// symbols do not otherwise use).
enum where {
  W_START,        // start of a section
  W_END,          // end of a section
  W_EHDR,         // the ELF header
  W_BASE,         // the image base
  W_ETEXT,        // end of the code segment
  W_EDATA,        // end of initialised data
  W_BSS_START,    // the same address, in the section after (". = .;")
  W_END_IMAGE,    // end of everything allocated
  W_DEFSYM,       // --defsym
  W_TLS_BASE,     // the start of the TLS block (_TLS_MODULE_BASE_)
  W_GOT,          // the first .got entry, after a folded .got.plt
  W_SCRIPT,       // assigned by a linker script (script_layout.c)
  W_VERSION,      // a version's own symbol, absolute 0 (versions.c)
  W_SPLIT,        // -r --split-by-file: a split section's start
};

// A symbol the linker defines, as the default script does.
struct linker_sym {
  const char *name;
  enum where where;
  const char *section;         // for W_START and W_END
  u8 vis;
  bool always;                 // defined even if nothing refers to it
};

struct sym_aux {
  u32 got_idx;                 // index into .got, or -1
  u32 gottp_idx;
  u32 gotgd_idx;               // a general-dynamic pair (module, offset)
  u32 iplt_idx;                // index into .iplt, or -1
  u32 pltgot_idx;              // index into .plt.got, or -1
  bool ifunc_listed;           // in ctx->ifunc_syms
  bool dead_plt;               // a PLT entry never filled (need_dead_plt)
  u32 ifunc_words;             // x86-64, not a PIE: 64-bit addresses of it
                               // in writable data (need_ifunc_word)
  u32 out_symidx;              // index in the output .symtab
  struct chunk *osec;          // linker-defined symbols: their section
  u32 order;                   // ... or where it would be, if it is absent
  struct isec *isec;           // COMMON symbols: their .bss piece
  struct expr *expr;           // --defsym: its expression
  const char *defsym_text;     // --defsym: "--defsym NAME=EXPR", for messages
  bool shadowed;               // --defsym over a file's definition: its
  u8 shadow_type;              // type and size stay
  bool early;                  // a script's assignment GNU ld makes when
                               // it first evaluates the script
  bool const_known;            // --defsym or a script's one top-level
  u64 const_value;             // assignment of a constant: its value,
                               // known before relocations are scanned
  bool by_object;              // a script assigned it, an object defined it
  struct objfile *prior_file;  // ... from itself: the object's definition
  u32 prior_symidx;            // (symbol prior_symidx), its value until then
  bool rel_from_abs;           // assigned from "." outside sections:
                               // absolute in the script's expressions
  u32 walk;                    // the last walk over the script to set it
  bool script_local;           // a file's symbol a PROVIDE_HIDDEN not
                               // needed hid: a local in .symtab
  bool exported;               // in a PIE's .dynsym (dynsym.c), or
  bool export_local;           // would be, but hidden, or its version
                               // made it local: a local in .symtab
  struct vers_node *version;   // its version in .dynsym (versions.c)
  bool export_reported;        // refused (x86-64 TLS), reported once
  u64 shadow_size;
  i64 addend;                  // COMMON: offset in its section
  struct objfile *ref_file;    // -Map: the first file that referenced it
  u32 undef_report;            // diag.c: its report in ctx->undef_reports,
                               // from 1
};

void resolve_symbols(struct ctx *ctx);
bool load_entries(struct ctx *ctx, u32 from, u32 to);
void rescan_entries(struct ctx *ctx, u32 from, bool added);
void finish_resolution(struct ctx *ctx);
u32 single_member(struct objfile *f, u32 gi);
const char *group_signature(struct objfile *f, u32 symidx);
const char *section_label(struct ctx *ctx, struct objfile *f, u32 shndx);
void hide_excluded_libs(struct ctx *ctx);
void add_file_symbols(struct ctx *ctx, struct objfile *f);
struct sym_aux *sym_aux(struct ctx *ctx, struct symbol *sym);
struct isec *sym_isec(struct ctx *ctx, struct symbol *sym);
u64 sym_shndx_of(struct symbol *sym);
bool sym_is_ifunc(struct symbol *sym);
bool sym_is_abs(struct symbol *sym);
bool sym_in_dropped_section(struct symbol *sym);

//
// sections.c: input sections and their output sections
//

struct isec {
  struct objfile *file;
  struct chunk *osec;          // set by create_chunks
  const u8 *data;              // NULL for SHT_NOBITS
  const u8 *rels;              // Elf64_Rela[nrels] in place, or NULL
  u64 size;
  u64 offset;                  // within osec, set by layout.c
  u32 nrels;
  u32 shndx;
  u32 align;
  u32 rank;                    // sort key within the output section
  struct eh_frame *eh;         // .eh_frame: its records, set by ehframe.c
  struct merge_in *min;        // SHF_MERGE input: where its pieces went
  struct merged_sec *mout;     // SHF_MERGE input: the pieces it keeps
  bool live;
  bool is_common;              // a synthetic section for one COMMON symbol
  bool decompressed;           // data: the link's copy, decompressed
  bool compressed;             // set by parse_sections: on input
  u8 sort;                     // script_layout.c: its pattern's SORT
  bool script_keep;            // script_layout.c: in a KEEP(...)
  bool file_sorted;            // script_layout.c: SORT_BY_NAME (files)
  bool warning;                // parse_sections: a file's .gnu.warning,
                               // emptied, its globals left out of .symtab
  bool reverse;                // set by create_chunks: .ctors in .init_array
                               // or .dtors in .fini_array, copied as an
                               // array of pointers in reverse order
  // script_layout.c: 1 + the CK_RELA_PART chunk (ctx->rela_parts) a
  // PIE's dynamic relocations of this section go to; 0: .rela.dyn.
  u8 rela_part;
  u32 stub_group;              // set by stubs.c: 1 + its stub group, 0: none
  struct stub_sec *stubs;      // set by stubs.c/errata.c: stubs placed after
  struct isec *fold;           // set by icf.c: folded into this identical one
  u32 icf;                     // icf.c, while it runs: 1 + candidate index
  u32 nc_next;                 // script_layout.c: 1 + the place in
                               // ctx->nc_cands of the output section it
                               // goes to next if it overflows a region
                               // (--enable-non-contiguous-regions), or 0
};

// What a chunk is.  A regular chunk is an output section of input
// sections; every other kind has one descriptor in synthetic.c (name,
// type, flags, place, how it is sized and written, its sh_link/sh_info)
// and at most one chunk, ctx->synth[kind].  The descriptors are in this
// order, which is the order they are sized and written in.
enum chunk_kind {
  CK_REGULAR,                  // an output section of input sections
  CK_EHDR,                     // ELF header + program headers
  CK_EH_FRAME,                 // .eh_frame, rewritten record by record
  CK_INTERP,                   // .interp (cfg.interp)
  CK_PACKAGE, CK_PROPERTY, CK_BUILD_ID,
  CK_RELA_IPLT, CK_IPLT,
  CK_PLTGOT,                   // .plt.got (arch->plt_undef_weak)
  CK_EH_FRAME_HDR,
  CK_GOT, CK_GOTPLT,
  CK_HASH, CK_GNU_HASH, CK_DYNSYM, CK_DYNSTR,
  CK_VERSYM, CK_VERDEF,        // .gnu.version, .gnu.version_d (versions.c)
  CK_RELA_DYN,
  CK_RELA_PART,                // a PIE's dynamic relocations of the input
                               // sections a script places apart (dynamic.c)
  CK_RELR_DYN,
  CK_DYNAMIC,
  CK_EMIT_RELA,                // -q: .rela.SECTION, one per output section
  CK_SYMTAB, CK_SYMTAB_SHNDX, CK_STRTAB, CK_SHSTRTAB,
  CK_NKINDS,
  // -r's own sections (relocatable.c), which a final link never makes:
  CK_GROUP = CK_NKINDS,        // SHT_GROUP, a kept input group
  CK_GNU_STACK,                // .note.GNU-stack
};

struct chunk {
  const char *name;
  enum chunk_kind kind;
  u32 type;                    // sh_type
  u64 flags;                   // sh_flags
  u64 addr, offset, size;      // set by layout.c
  u64 align;
  u64 entsize;
  u32 name_off;                // in .shstrtab, set by size_shstrtab
  u32 shndx;                   // output section index; 0: not emitted
  u32 order;                   // position in the output section list
  struct chunk *target;        // CK_EMIT_RELA: the section relocated
  u32 sym_index;               // -q: its STT_SECTION symbol in .symtab
                               // (set by size_symtab)
  struct vec isecs;            // struct isec *, CK_REGULAR only
  bool relro;
  bool sorted_by_priority;     // .init_array & co
  bool from_script;            // made by a rule of the default script, whose
                               // inputs --sort-section sorts
  bool rank0_by_priority;      // .init_array/.fini_array: rank 0 sorted by
                               // SORT_BY_INIT_PRIORITY
  u8 sort_key;                 // sections.c: --sort-section's key here
  bool unique;                 // --unique: no other input joins it
  bool keep_empty;             // emitted even with size 0
  bool fixed;                  // given an address (fixed_addr) by -Ttext
  u64 fixed_addr;              // or the like: sections.c sets both
  u32 hdr_start;               // sections.c: 1 + its section_starts index
  u32 hdr_follows;             // sections.c: 1 + that of the section given
                               // an address whose header its follows
  u32 orphan_seq;              // sections.c: 1 + an orphan's place among
  bool orphan_notes_seen;      // them, and whether a note came before
  u32 mbind;                   // sections.c: 1 + the node (sh_info) of an
                               // orphan SHF_GNU_MBIND section's inputs
  struct chunk *orphan_after;  // script_layout.c: the section a script's
                               // allocated orphan follows
  struct chunk *hash_next;     // create_chunks' index: same bucket, later
  struct chunk *home;          // not a section: its bytes start home's
                               // (-z now: .got.plt at the start of .got),
                               // or are among home's inputs (a script's
                               // `.rodata : { ... *(.got) ... }')
  u64 home_off;                // where in home (.got.plt after .got)
  // Where GNU ld's script does more than align the section (sections.c
  // sets these, layout.c follows them):
  u8 tail_align;               // ends with . = ALIGN(. != 0 ? N : 1)
  u8 script_addr;              // an address expression: SA_* below
  u64 tail;                    // set by layout.c: padding after the
                               // last input (tail_align)
  u8 *zdata;                   // compress.c: the compressed contents
                               // (size bytes), written instead of isecs
  struct out_stmt *stmt;       // the script's statement that made it
  bool discarded;              // a synthetic chunk in /DISCARD/: not made
  // A synthetic chunk whose script statement another one took (".rela.dyn
  // : { *(.rela.*) }" names .rela.iplt and .rela.dyn): not made, and it
  // must stay empty (size_synthetic).
  struct chunk *lost_to;
  bool at_address;             // script_layout.c: at an address expression
  bool backwards_said;         // script_layout.c: "dot moved backwards"
  bool has_script_data;        // script_layout.c: LONG () and the like
  bool link_order;            // an input is SHF_LINK_ORDER (layout.c
                               // sorts them by their linked-to sections)
  bool holds_linker;           // script_layout.c: a linker's section is
                               // among its inputs (its home)
  bool nc_joined;              // script_layout.c: an input it may take
                               // (--enable-non-contiguous-regions) gave
                               // it its flags; inputs moved in, not yet
                               // sorted; inputs moved out, still listed
  bool nc_unsorted, nc_moved_out;
  u32 synth_input;             // script_layout.c: 1 + the description a
                               // synthetic chunk is in
  u64 lma_delta;               // set by script_layout.c: LMA - VMA
  struct mem_region *region;   // and its MEMORY region (NULL: none)
  u64 part_relocs;             // CK_RELA_PART: its entries (dynamic.c),
  struct vec part_names;       // and the NAMEs of the .rela<NAME> it holds,
                               // in GNU ld's order (script_layout.c)
  const char *raw_name;        // compress.c: the name and size before
  u64 raw_size;                // compression (-Map shows them)
};

// A script's (TYPE = N) section of data commands alone: typed by the
// script (a section with inputs has theirs, as bfd keeps them).
static inline bool script_typed(const struct chunk *c) {
  return c->stmt && c->stmt->sh_type && !c->isecs.len;
}

// Chunks that hold input sections.
static inline bool has_inputs(const struct chunk *c) {
  return c->kind == CK_REGULAR || c->kind == CK_EH_FRAME;
}

// x86-64 .lrodata and .ldata: at ALIGN(MAXPAGESIZE) + (. & (MAXPAGESIZE
// - 1)) after the location counter is aligned to 8 (.lrodata) or where
// .lrodata ends (.ldata).
enum { SA_NONE, SA_LRODATA, SA_LDATA };

// The more constraining of two ELF visibilities (INTERNAL, HIDDEN and
// PROTECTED before DEFAULT).
static inline u8 merge_visibility(u8 a, u8 b) {
  if (a == STV_DEFAULT)
    return b;
  if (b == STV_DEFAULT)
    return a;
  return a < b ? a : b;
}

// sh_addralign: a section placed at a given address is no more aligned
// than that address (GNU ld).
static inline u64 chunk_addralign(const struct chunk *c) {
  if ((c->script_addr || c->fixed || c->at_address) && c->addr &&
      (c->addr & -c->addr) < c->align)
    return c->addr & -c->addr;
  return c->align;
}

// Where ADDR, an address inside C, lies in the output file.  Computed in
// integers and then used as one index: buf + c->offset - c->addr would
// form a pointer outside the buffer first, which C leaves undefined.
static inline u64 chunk_file_offset(const struct chunk *c, u64 addr) {
  return c->offset + (addr - c->addr);
}

// Output section order keys (shifted by KEY()).  Orphans take their
// anchor's key plus a sequence number, so they land right after it, in
// order of appearance, however many there are.
enum {
  O_EHDR = 100,
  O_INTERP = 150,
  O_NOTE8 = 200,      // notes aligned to 8: .note.gnu.property first
  O_BUILD_ID = 300,
  O_NOTE4 = 301,
  O_AFTER_NOTES = 350, // orphans GNU ld 2.40 moves behind the notes
  O_HASH = 360,       // a static PIE's .hash, .gnu.hash, .dynsym, ...
  O_GNU_HASH = 361,
  O_DYNSYM = 362,
  O_DYNSTR = 363,
  O_VERSYM = 364,     // .gnu.version, .gnu.version_d
  O_VERDEF = 365,
  O_RELA_DYN = 390,
  O_RELA_PLT = 400,
  O_RELR_DYN = 410,
  O_INIT = 1000,
  O_PLT = 1100,
  O_PLT_GOT = 1150,
  O_TEXT = 1200,
  O_FINI = 1900,
  O_RODATA = 2000,
  O_RODATA1 = 2100,
  O_EH_FRAME_HDR = 2200,
  O_EH_FRAME = 2300,
  O_GCC_EXCEPT = 2400,
  O_TDATA = 3000,
  O_TBSS = 3100,
  O_PREINIT = 3200,
  O_INIT_ARRAY = 3300,
  O_FINI_ARRAY = 3400,
  O_CTORS = 3500,
  O_DTORS = 3600,
  O_JCR = 3700,
  O_DATA_REL_RO = 3800,
  O_DYNAMIC = 3850,
  O_GOT = 3900,
  O_GOT_PLT = 4000,
  O_DATA = 4100,
  O_DATA1 = 4200,
  O_BSS = 5000,
  O_LBSS = 5100,      // x86-64 large-model sections, after .bss
  O_LRODATA = 5200,
  O_LDATA = 5300,
  O_ADDRESSED = 5900, // + index: orphans given an address, after the rest
  O_DEBUG = 6000,     // + position in debug_names (the stabs first)
  O_COMMENT = O_DEBUG + 6,     // its place there
  O_GNU_ATTRIBUTES = 6900,
  O_DEBUG_ORPHAN = 6950,
  O_SYMTAB = 7000,
  O_SYMTAB_SHNDX = 7050,
  O_STRTAB = 7100,
  O_SHSTRTAB = 7200,
};

#define KEY(o) ((u32)(o) << 16)

void start_parsing_ahead(struct ctx *ctx);
void parse_ahead(struct ctx *ctx, struct objfile *f);
void warm_ahead(struct ctx *ctx, struct archive *ar, u64 off);
void finish_parsing_ahead(struct ctx *ctx);
void parse_sections(struct ctx *ctx);
bool stripped_debug_section(struct ctx *ctx, const char *name, u64 flags);
bool dropped_with_defs(struct ctx *ctx, const char *name, u64 flags);
bool dropped_input(struct objfile *f, u32 shndx);
void print_layout(FILE *fp, const struct arch *arch);
// -Ttext, -Tdata, -Tbss or --section-start's address for output section
// NAME, which a script's own address gives way to (GNU ld).
bool section_start_of(struct ctx *ctx, const char *name, u64 *addr);
void create_chunks(struct ctx *ctx);
bool orphan(struct ctx *ctx, struct objfile *f, u32 k, const char *out);
void discard_input(struct ctx *ctx, struct objfile *f, u32 k);
void property_orphan(struct ctx *ctx, struct objfile *f, u32 k);
struct chunk *orphan_home(struct ctx *ctx, struct chunk *first, u32 type,
                          u64 flags);
void refuse_mbind(struct ctx *ctx, struct objfile *f, u32 i,
                  const char *where);
void index_chunks(struct ctx *ctx, bool on);
struct chunk *chunk_chain(struct ctx *ctx, const char *name);
struct chunk *new_chunk(struct ctx *ctx, const char *name, enum chunk_kind k,
                        u32 type, u64 flags, u64 align);
i64 init_priority(const char *name);
u32 script_order(struct ctx *ctx, const char *name);
// Where GNU ld's default script assigns to the location counter between
// output sections: the order of the first section past the assignment.
enum script_point {
  SP_TEXT,                     // . = ALIGN(MAXPAGESIZE) (separate code)
  SP_RODATA,                   // the same, before .rodata
  SP_DATA,                     // . = DATA_SEGMENT_ALIGN (...)
  SP_END,                      // past the script: orphans given an address
};
u32 input_type(const struct isec *is);
u32 joined_type(u32 have, u32 t, bool first);
void join_chunk(struct chunk *c, const struct isec *is, u32 type, u64 flags,
                u64 entsize, bool first);
void add_isec(struct ctx *ctx, struct chunk *c, struct isec *is, u32 type,
              u64 flags, u64 entsize);
void keep_large_common_home(struct ctx *ctx, struct chunk *c);
void create_commons(struct ctx *ctx,
                    struct chunk *(*home)(struct ctx *ctx, void *arg,
                                          struct isec *is, u32 kind),
                    void *arg);
void sort_init_priority(struct ctx *ctx, struct isec **v, u32 n);
bool copied_in_reverse(const char *in, const char *out);
void set_array_type(struct chunk *c);
u32 script_point(enum script_point p);
struct gnu_prop *gnu_property(struct ctx *ctx, u32 type);
enum prop_merge { PM_NONE, PM_AND, PM_OR, PM_OR_AND, PM_ANY, PM_MAX };
enum prop_merge prop_merge(const struct ctx *ctx, u32 type);
bool every_input_has(struct ctx *ctx, u32 type, u32 bit);
void force_feature(struct ctx *ctx, u32 type, u32 bits);

// Where byte off of input section is lands in its output copy: at off,
// except in a section copied in reverse (.ctors in .init_array), whose
// 8-byte entry i becomes entry n-1-i, with the bytes inside kept in order.
// GNU ld relocates such a section first and reverses it after, so a
// PC-relative entry keeps P = its input offset's address; so does mld.
static inline u64 isec_out_offset(const struct isec *is, u64 off) {
  return is->reverse ? is->size - 8 - (off & ~7ULL) + (off & 7) : off;
}

//
// script_layout.c
//

void script_chunks(struct ctx *ctx);
void place_orphans(struct ctx *ctx, struct vec *order, struct vec *orphans);
void sort_script_inputs(struct ctx *ctx, struct chunk *c);
bool out_has_data(const struct out_stmt *os);
u64 data_only_flags(const struct out_stmt *os);
struct walk *script_walk(struct ctx *ctx);
struct out_stmt *script_home(struct walk *w, struct objfile *f, u32 i,
                             bool grouped, bool *discard);
u8 pattern_sort(struct ctx *ctx, const struct sec_pattern *p);
struct chunk *inserted_chunk(struct ctx *ctx, struct objfile *f,
                             const char *name, u32 default_order);
void order_inserted(struct ctx *ctx);
void insert_symbols(struct ctx *ctx);
void check_cross_refs(struct ctx *ctx);
void check_discarded_refs(struct ctx *ctx);
void define_script_symbols(struct ctx *ctx);
bool script_assigns(struct ctx *ctx, const char *name);
void report_region_overflow(struct ctx *ctx);
void script_addresses(struct ctx *ctx);
u64 script_alignment(struct ctx *ctx, const char *name, u64 v, bool report);
// A place in an output section: its offset and length.
struct span {
  u64 off, len;
};
// Where the script's data statements (LONG ...) and fills of C are: the
// code fill goes around them.
struct span *script_spans(struct ctx *ctx, struct chunk *c, u32 *n);
void write_script_data(struct ctx *ctx, u8 *buf);

//
// ehframe.c
//

// One .eh_frame relocation, decoded once and kept (the one exception to
// reading relocations in place).
struct eh_rel {
  u32 offset;                  // in the input section
  u32 type;
  u32 symidx;
  i64 addend;
};

// A CIE or FDE record of one input .eh_frame.
struct eh_rec {
  u32 offset, size;            // in the input section, size with length
  u32 rel_begin, rel_end;      // its relocations in eh_frame.rels
  u32 cie_offset;              // FDE: where its CIE is
  u32 out_offset, out_size;    // set by size_eh_frame
  u32 gnu_pos;                 // kept CIE: where eh_symbol_addr puts
                               // symbols of the CIEs merged into it
  u16 pad;                     // trailing DW_CFA_nop bytes, not copied
  u8 fde_enc;                  // CIE: its FDEs' pointer encoding ('R')
  bool aug_z;                  // CIE: 'z' augmentation (its length given)
  bool decoded;                // CIE: its augmentation is one GNU ld reads
  struct eh_rec *cie;          // FDE: its CIE
  struct eh_rec *leader;       // CIE: the first identical CIE
  bool is_cie, live, referenced, emitted;
};

// .eh_frame_hdr's table: one entry per FDE.
struct eh_hdr_entry {
  u64 pc, fde;
};

struct eh_frame {
  struct isec *is;
  struct eh_rel *rels;
  struct eh_rec *recs;
  u32 nrels, nrecs;
  u32 term_offset;             // the zero word's, if terminator
  u32 out_size, padded_size;   // set by size_eh_frame
  u64 gnu_offset;              // the section's offset before the edit
  bool terminator;             // ends with a zero word (crtend.o)
  bool term_kept;
  bool excluded;               // set by size_eh_frame: GNU ld leaves it
                               // out whole (eh_input_excluded)
  // The linker's own (plt_unwind_info): its FDE describes this section,
  // whose address and size the writer puts in pc_begin and pc_range.
  struct chunk *unwinds;
};

void parse_eh_sections(struct ctx *ctx, struct objfile *f,
                       struct isec **isecs);
void parse_eh_frame(struct ctx *ctx);
bool plt_unwind_wanted(struct ctx *ctx);
void plt_unwind_info(struct ctx *ctx);
struct isec *fde_target(struct ctx *ctx, struct eh_frame *eh,
                        struct eh_rec *fde);
bool eh_input_excluded(struct ctx *ctx, const struct isec *is);
void size_eh_frame(struct ctx *ctx, struct chunk *c);
void size_eh_frame_hdr(struct ctx *ctx, struct chunk *h);
u64 eh_symbol_addr(const struct isec *is, u64 off, bool global);
u8 *copy_eh_record(u8 *base, const struct eh_frame *eh,
                   const struct eh_rec *rec);
void write_eh_frame(struct ctx *ctx, struct chunk *c, u8 *buf);
void write_eh_frame_hdr(struct ctx *ctx, struct chunk *h, u8 *buf);

//
// gc.c
//

void gc_sections(struct ctx *ctx);

//
// merge.c
//

struct merge_in {
  struct isec **members;       // the sections merged with it, in order
  u32 npieces;
  u32 *in_off;                 // piece offsets in the input, ascending
  u32 *owner;                  // the member holding each piece's bytes
  u64 *out_off;                // and the piece's offset in that member
  u32 *block;                  // per 1 << shift bytes: the piece at its start
  u32 shift, nblocks;          // (none for a few pieces: binary search)
};

// The pieces a merged input section keeps (its output contents).
struct merged_sec {
  const u8 **src;              // in the input mappings
  u32 *len;
  u64 *out;                    // offsets in the section
  u32 n;
};

void merge_sections(struct ctx *ctx);
u64 isec_offset_addr(struct isec *is, u64 off);
void write_merged(struct isec *m, u8 *dst);

//
// icf.c: --icf, identical code folding
//

void fold_identical_code(struct ctx *ctx);

//
// reloc.c: shared helpers for architecture files
//

// S, the value of the symbol a relocation refers to, and whether the
// symbol is an undefined weak (S = 0).
struct reloc_sym {
  struct symbol *sym;          // NULL for a local symbol
  u64 S;
  const char *name;
  bool undef_weak;
  bool defined;                // in a live section, ABS, or linker-defined
  bool abs;                    // defined, and absolute
  bool is_ifunc;
  bool local_section;          // STT_SECTION
  u64 size;                    // st_size of a local; see reloc_sym_size
  struct objfile *file;        // a local's file and index, for its name
  u32 symidx;
};

void reloc_target(struct ctx *ctx, struct objfile *f, u32 symidx,
                  struct reloc_sym *out);
void reloc_target_addend(struct ctx *ctx, struct objfile *f, u32 symidx,
                         i64 *addend, struct reloc_sym *out);
struct isec *section_symbol_isec(struct objfile *f, u32 symidx, u64 *value);
bool section_symbol_target(struct objfile *f, u32 symidx, i64 *A, u64 *S);
bool put_section_word(struct isec *is, u8 *out, u64 off, u32 width,
                      u32 symidx, i64 A, i64 lo);
struct symbol *local_symbol(struct ctx *ctx, struct objfile *f, u32 symidx);
void sort_relocs_by_offset(struct ctx *ctx, u8 *p, u64 n);
struct symbol *reloc_symbol(struct ctx *ctx, struct objfile *f, u32 symidx);
enum reloc_problem {
  RP_NONE, RP_SYMBOL_INDEX, RP_BAD_SYMBOL, RP_OUTSIDE, RP_REVERSED
};
enum reloc_problem reloc_problem(struct isec *is, u64 off, u32 width,
                                 u32 symidx);
bool check_reloc(struct ctx *ctx, struct isec *is, u32 i, u64 off, u32 width,
                 u32 symidx);
u64 isec_addr(struct isec *is);
u64 reloc_sym_size(const struct reloc_sym *rs);
u64 local_sym_addr(struct objfile *f, u32 symidx);
u64 isec_sym_addr(struct isec *is, const struct esym *s);
enum { DA_COMPLAIN = 1, DA_PRETEND = 2 };   // discarded_action
u32 discarded_action(struct isec *is);
// Whether section shndx of f is a COMDAT or linkonce copy that lost to
// another file's (find_kept_sections).
static inline bool lost_copy(const struct objfile *f, u32 shndx) {
  return f->discarded && shndx < f->shnum && f->discarded[shndx];
}
struct isec *kept_copy(struct objfile *f, u32 shndx);
struct isec *pretended_copy(struct isec *is, u32 shndx);
void discarded_ref_error(struct ctx *ctx, struct isec *is, struct objfile *df,
                         u32 symidx, u32 shndx);
void check_discarded_local(struct ctx *ctx, struct isec *is,
                           const struct reloc_sym *rs);
bool debug_dead_ref(struct isec *is, struct reloc_sym *rs, u8 *loc,
                    u32 width);
const char *reloc_sym_name(const struct reloc_sym *rs);
const char *gnu_reloc_target(struct ctx *ctx, const struct reloc_sym *rs);
void reloc_overflow(struct ctx *ctx, struct isec *is, u64 off, u32 type,
                    const struct reloc_sym *rs, i64 val, i64 lo, i64 hi);
const char *isec_name(struct isec *is);

//
// scan.c: relocation scanning, GOT and IPLT entries, linker symbols
//

void define_linker_symbols(struct ctx *ctx);
void define_linker_symbol(struct ctx *ctx, struct symbol *sym, u8 type,
                          enum where where);
bool is_dynobj_symbol(const struct symbol *sym);
bool has_tls(struct ctx *ctx);
void scan_relocations(struct ctx *ctx);
// What an architecture's scan_reloc asks for a symbol.
void need_got(struct ctx *ctx, struct symbol *sym);
void need_got_near(struct ctx *ctx, struct symbol *sym);
void need_gottp(struct ctx *ctx, struct symbol *sym);
void need_gotgd(struct ctx *ctx, struct symbol *sym);
void need_iplt(struct ctx *ctx, struct symbol *sym);
void need_weak_plt(struct ctx *ctx, struct symbol *sym);
void need_dead_plt(struct ctx *ctx, struct symbol *sym);
void need_ifunc(struct ctx *ctx, struct symbol *sym);
void need_ifunc_word(struct ctx *ctx, struct symbol *sym);
void allocate_slots(struct ctx *ctx);
void fix_linker_symbols(struct ctx *ctx);
void eval_defsyms(struct ctx *ctx);
bool is_c_identifier(const char *s);
const char *start_stop_target(const char *name);
u8 start_stop_visibility(const struct ctx *ctx);
struct chunk *chunk_named(struct ctx *ctx, const char *name);
void forget_linker_symbol(struct ctx *ctx, struct symbol *sym);
void undefine_linker_symbol(struct ctx *ctx, struct symbol *sym);
void set_entry(struct ctx *ctx);
u64 got_entry_addr(struct ctx *ctx, struct symbol *sym);
u64 gottp_entry_addr(struct ctx *ctx, struct symbol *sym);
bool has_gotgd(struct ctx *ctx, struct symbol *sym);
u64 gotgd_entry_addr(struct ctx *ctx, struct symbol *sym);
u64 iplt_entry_addr(struct ctx *ctx, struct symbol *sym);
u64 weak_plt_entry_addr(struct ctx *ctx, struct symbol *sym);

//
// dynamic.c: a static PIE's dynamic section and relocations
//

// What a relocation type is to a static PIE (arch->pie_reloc): plain (its
// value does not move, or moves with the code), a 64-bit absolute address
// (R_*_RELATIVE), or one a PIE cannot have, with GNU ld's message.
enum pie_reloc {
  PIE_PLAIN, PIE_ABS64,
  PIE_PCREL,                   // plain, but not against an undefined weak
                               // symbol from a read-only section (x86-64)
  PIE_ERROR_PIE,               // "... when making a PIE object; recompile
                               // with -fPIE" (x86-64 -z noreloc-overflow:
                               // an R_*_RELATIVE over the field)
  PIE_ERROR_PIE_NONE,          // the same, but -z noreloc-overflow
                               // reserves an R_*_NONE
  PIE_ERROR_SHARED,            // "... when making a shared object"
  PIE_ERROR_SHARED_PIC,        // ... "; recompile with -fPIC"
};

void scan_dynamic_relocs(struct ctx *ctx);
void size_rela_dyn(struct ctx *ctx, struct chunk *c);
void size_rela_part(struct ctx *ctx, struct chunk *c);
u32 part_index(struct ctx *ctx, struct chunk *c);
void write_rela_part(struct ctx *ctx, struct chunk *c, u8 *buf);
void write_rela_dyn(struct ctx *ctx, struct chunk *c, u8 *buf);
bool size_relr(struct ctx *ctx);
void report_relative_line(struct ctx *ctx, bool irelative, u64 P,
                          u64 addend, const char *name, const char *section,
                          const char *file);
void report_relative_relocs(struct ctx *ctx);
void write_relr_dyn(struct ctx *ctx, struct chunk *c, u8 *buf);
bool has_dynamic_relocs(struct ctx *ctx);
u32 reloc_symtab_shndx(struct ctx *ctx);
void size_dynamic(struct ctx *ctx, struct chunk *c);
void write_dynamic(struct ctx *ctx, struct chunk *c, u8 *buf);
void link_dynstr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);

//
// dynsym.c: a static PIE's .dynsym, .dynstr, .hash and .gnu.hash
//

// One exported symbol: its name's offset in .dynstr, its hashes, its
// index in .dynsym.
struct dyn_export {
  struct symbol *sym;
  u32 name, sysv, gnu, dynindx;
};

// The exports laid out (ctx->dyn): walk holds them in GNU ld's walk
// order, order[i] the walk index of .dynsym's i-th export.
struct dyn_exports {
  u32 n, nlocal;               // exports; .dynsym's locals, the null one
                               // included
  struct dyn_export *walk;
  u32 *order;
  u64 dynstr_size;
  struct bfd_str **strs;       // .dynstr's strings, as laid out
  u32 nstrs;
  u32 base_name;               // .dynstr offsets of the base version's
  u32 *version_names;          // name and of each version's, by vernum
  u32 sysv_buckets, gnu_buckets, gnu_maskwords, gnu_shift2;
};

void choose_exports(struct ctx *ctx);
void lay_out_exports(struct ctx *ctx);
bool sym_exported(struct ctx *ctx, const struct symbol *sym);
bool dynamic_list_names_def(struct ctx *ctx, struct symbol *sym);
bool dynamic_list_wants(struct ctx *ctx, struct symbol *sym);
void size_dynsym(struct ctx *ctx, struct chunk *c);
void write_dynsym(struct ctx *ctx, struct chunk *c, u8 *buf);
void dynsym_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);
void size_dynstr(struct ctx *ctx, struct chunk *c);
void write_dynstr(struct ctx *ctx, struct chunk *c, u8 *buf);
void size_hash(struct ctx *ctx, struct chunk *c);
void write_hash(struct ctx *ctx, struct chunk *c, u8 *buf);
void size_gnu_hash(struct ctx *ctx, struct chunk *c);
void write_gnu_hash(struct ctx *ctx, struct chunk *c, u8 *buf);
void link_dynsym(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);

//
// versions.c: .gnu.version and .gnu.version_d
//

void assign_versions(struct ctx *ctx);
const char *definer_name(struct symbol *sym);
u16 dynsym_version(struct ctx *ctx, struct symbol *sym);
const char *base_version_name(struct ctx *ctx);
void size_versym(struct ctx *ctx, struct chunk *c);
void write_versym(struct ctx *ctx, struct chunk *c, u8 *buf);
void versym_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);
void size_verdef(struct ctx *ctx, struct chunk *c);
void write_verdef(struct ctx *ctx, struct chunk *c, u8 *buf);
void verdef_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);

//
// layout.c
//

// A chunk is in the output (with a section header, but for the ELF header)
// when it has contents; its section index is set by place_nonalloc.
static inline bool is_emitted(struct chunk *c) {
  return !c->home && !c->discarded &&
         (c->kind == CK_EHDR || c->size > 0 || c->keep_empty);
}

// Before assign_addresses sizes output sections: whether c will be
// emitted (an input of it has bytes).
static inline bool will_be_emitted(const struct chunk *c) {
  if (c->home)
    return false;
  if (c->size || c->keep_empty || c->kind == CK_EHDR)
    return true;
  for (u32 i = 0; has_inputs(c) && i < c->isecs.len; i++)
    if (((struct isec **)c->isecs.v)[i]->size)
      return true;
  return false;
}

static inline bool chunk_is_tbss(const struct chunk *c) {
  return (c->flags & SHF_TLS) && c->type == SHT_NOBITS;
}

void warn_text_segment(struct ctx *ctx);
u64 image_base(struct ctx *ctx);
u64 image_limit(struct ctx *ctx);
void assign_addresses(struct ctx *ctx);
bool order_linked_sections(struct ctx *ctx);
void check_section_addresses(struct ctx *ctx);
void place_nonalloc(struct ctx *ctx);
void warn_exec_memory(struct ctx *ctx);
u64 relro_start_for(struct ctx *ctx, u64 base1, u64 rdot, u64 relro_offset,
                    u64 page);
u64 file_symbol_value(struct ctx *ctx, struct symbol *sym);
void compute_symbol_values(struct ctx *ctx);

//
// segments.c: program headers and file offsets
//

// One program header.
struct segment {
  u32 type, flags;
  u64 offset, vaddr, paddr, filesz, memsz, align;
};

bool has_interp(struct ctx *ctx);
u32 estimate_segments(struct ctx *ctx);
void plan_segments(struct ctx *ctx);
void script_nonalloc_segments(struct ctx *ctx);
void warn_unloaded_sections(struct ctx *ctx);

//
// stubs.c: range-extension stubs (veneers), and the stub sections that
// errata.c's veneers share
//

// A stub section: what the linker places right after one input section
// (`after`), laid out by layout.c as if it were part of that section's end.
// Its contents: a branch over it and a NOP (GNU ld's header), the erratum
// veneers, then the range-extension stubs.
struct stub_sec {
  struct isec *after;
  u64 offset;                  // within after->osec, set by layout.c
  u64 size;                    // set by stubs.c; only grows
  struct vec stubs;            // struct stub *, in the order they were made
  struct vec errata;           // struct erratum *, in address order
  struct vec macs;             // struct mac_veneer *, in GNU ld's order
};

// One range-extension stub: a jump to the symbol (file, symidx) + addend.
struct stub {
  struct stub_sec *sec;
  u32 index;                   // its place in sec (made, then GNU ld's)
  struct objfile *file;        // a relocation naming the target
  u32 symidx;
  i64 addend;
  const char *name;            // __foo_veneer, for .symtab
  u32 bucket, made;            // GNU ld's order: its bucket, then newest
  u32 offset;                  // set by plan_stubs: from the first stub
  bool is_long;                // set by plan_stubs: the long form
};

// One erratum 843419 site: the ADRP at adrp_off and the load or store at
// ldst_off of section is, and the veneer (in is->stubs) that may replace it.
struct erratum {
  struct isec *is;
  u64 adrp_off, ldst_off;
  // set by plan_errata: how the site is fixed once relocated
  enum { ERRATUM_VENEER, ERRATUM_ADR, ERRATUM_GONE } fix;
  const char *name;            // the veneer's symbol when it is used
};

// One erratum 835769 site: the multiply-accumulate at off of section is,
// moved to a veneer; num makes its name, __erratum_835769_veneer_NUM,
// and bucket is that name's in GNU ld's stub table (its order).
struct mac_veneer {
  struct isec *is;
  u64 off;
  u32 insn, num, bucket;
};

// One CALL26/JUMP26-like branch to another input section.  Kept only for
// big executables; run indexes the first record with the same key.
struct branch {
  struct isec *is;
  u32 rel;                     // index into is->rels
  u32 group;                   // is->stub_group
  u64 key;                     // the target symbol (branch_key()); 0: the
                               // branch's own section, never a stub
  i64 addend;
  u32 seq;                     // order of discovery, breaks sort ties
  u32 run;                     // after sorting: first with this key
  struct stub *stub;           // the run's stub (first record only)
};

u32 partition_branches(struct branch *b, u32 n);
void sort_branches(struct branch *b, u32 n);
u32 count_runs(struct branch *b, u32 n);
bool add_stubs(struct ctx *ctx);
u64 find_stub(struct ctx *ctx, struct isec *is, u32 symidx, i64 addend);
u64 stub_sec_used(struct ctx *ctx, struct stub_sec *s);
u64 stub_sec_addr(struct stub_sec *s);
u64 stub_addr(struct ctx *ctx, struct stub *st);
void write_stubs(struct ctx *ctx, u8 *buf);
void size_stub_sec(struct ctx *ctx, struct stub_sec *s);
struct stub_sec *stub_sec_after(struct ctx *ctx, struct isec *is);
struct stub_sec *group_stub_sec(struct ctx *ctx, struct isec *is);
u32 gnu_section_id(struct ctx *ctx, struct objfile *f, u32 shndx);
u32 gnu_stub_bucket(const char *name);
void plan_stubs(struct ctx *ctx);
u64 e843419_veneer_addr(struct ctx *ctx, struct stub_sec *s, u32 k);
u64 mac_veneer_addr(struct ctx *ctx, struct stub_sec *s, u32 k);

//
// errata.c: Cortex-A53 errata 843419 and 835769
//

bool fix_errata(struct ctx *ctx);
void plan_errata(struct ctx *ctx);
void write_errata(struct ctx *ctx, u8 *buf);
bool erratum_843419_at(const u8 *p, u64 addr, u64 avail, u32 *ldst_off);

//
// synthetic.c: the sections the linker makes, one descriptor each
//

// When a synthetic section is sized: before the layout (.got, .plt,
// notes, .eh_frame), or after it, with the output's contents known
// (.symtab, .shstrtab).
enum size_stage { SIZE_NONE, SIZE_BEFORE_LAYOUT, SIZE_AFTER_LAYOUT };
void create_synthetic(struct ctx *ctx);
void size_synthetic(struct ctx *ctx, enum size_stage stage);
void write_synthetic(struct ctx *ctx, u8 *buf);
void synthetic_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);
const char *synthetic_map_name(struct ctx *ctx, struct chunk *c);

// .symtab, .symtab_shndx, .strtab or .shstrtab: made last, after the
// output's contents.
static inline bool is_table_of_link(const struct chunk *c) {
  return c->kind >= CK_SYMTAB && c->kind <= CK_SHSTRTAB;
}

// An output symbol's section: an output section's index (any: extended
// numbering), or a special index marked with OUT_SHN_SPECIAL.
#define OUT_SHN_SPECIAL 0x80000000u
#define OUT_SHN_ABS (OUT_SHN_SPECIAL | SHN_ABS)
#define OUT_SHN_COMMON (OUT_SHN_SPECIAL | SHN_COMMON)

// .symtab written (sym set) or counted (sym NULL), by synthetic.c for a
// link and by relocatable.c for -r.
struct symw {
  u8 *sym;
  u8 *shndx;                   // .symtab_shndx's bytes, if any
  char *str;
  u32 n;
  u64 strpos;
  bool gnu;                    // an STT_GNU_IFUNC or STB_GNU_UNIQUE symbol
  u32 nfiles;                  // STT_FILE symbols with a name
  u32 file_syms;               // STT_FILE symbols
  struct ctx *ctx;             // -z unique-symbol: the locals' names
  struct name_counts *uniq;    // counted, in a walk on one thread
  struct vec *names;           // counting: each name met (struct
                               // symw_name *), for a merged table (-r)
  const u32 *name_off;         // writing: each symbol's st_name from it
};

void symw_put(struct symw *w, const char *name, u32 len, u8 info, u8 other,
              u32 shndx, u64 value, u64 size);
void put_file_symbol(struct symw *w, struct objfile *f);
void report_rela_iplt(struct ctx *ctx);
struct objfile **files_in_output_order(struct ctx *ctx);
bool forced_local(struct ctx *ctx, struct symbol *sym);
u32 bfd_special_type(struct ctx *ctx, const char *name, u64 *flags);
void bfd_made_section(struct ctx *ctx, struct chunk *c);
u32 synthetic_bfd_type(struct ctx *ctx, struct chunk *c);
bool gotplt_in_got(struct ctx *ctx);
u64 property_note_size(struct ctx *ctx);
u32 build_id_size(struct ctx *ctx);
void write_build_id_header(struct ctx *ctx, u8 *p);
void write_property_note(struct ctx *ctx, u8 *p);
bool is_local_label(const char *name);
// A symbol table entry's fields but its name.
struct out_sym {
  const char *name;            // the definer's: NAME@@VERSION in full
  u8 info, other;
  u32 shndx;                   // as symw_put takes it
  u64 value, size;
};
void global_esym(struct ctx *ctx, struct symbol *sym, bool as_local,
                 struct out_sym *o);
// A string of a table laid out as bfd's (bfd_strtab_layout): its offset,
// and the longer string it is the tail of, if any.
struct bfd_str {
  const char *s;
  u32 len, off;
  struct bfd_str *in;
};
u64 bfd_strtab_layout(struct ctx *ctx, struct bfd_str **p, u32 n);
u64 bfd_strtab_layout_met(struct ctx *ctx, struct bfd_str **p, u32 n);
// A name a .symtab walk met (struct symw's names).
struct symw_name {
  struct bfd_str str;
  u32 sym;                     // the symbol's index
};

//
// emitrelocs.c: -q, --emit-relocs; the relocation rewriter -r shares
//

// What an output that keeps relocations does with one: keeps it against
// the symbol (and addend) symbol gives; makes it R_*_NONE, symbol and
// addend 0; or leaves it out.
enum kept_sym { KS_KEEP, KS_NONE, KS_DROP };
struct kept_rules {
  bool final;         // -q: addresses, relaxed types; -r: offsets
  enum kept_sym (*symbol)(struct ctx *ctx, struct isec *is, u32 action,
                          u32 symidx, i64 *addend, u32 *osym);
};
// Output section t's relocations as the output keeps them, those of its
// input sections in order, then sorted by offset, written to out unless
// NULL: returns how many.
u64 put_output_relocs(struct ctx *ctx, struct chunk *t,
                      const struct kept_rules *rules, u8 *out);
struct isec *kept_target(struct isec *is, u32 action, u32 shndx);
void each_kept_reloc_symbol(struct ctx *ctx, struct objfile *f, bool final,
                            void (*fn)(struct ctx *ctx, void *arg,
                                       struct isec *is, u32 symidx),
                            void *arg);
void create_emit_relocs(struct ctx *ctx);
void keep_input_sections(struct ctx *ctx);
void size_emit_rela(struct ctx *ctx, struct chunk *c);
void write_emit_rela(struct ctx *ctx, struct chunk *c, u8 *buf);
void emit_rela_shdr(struct ctx *ctx, struct chunk *c, u32 *link, u32 *info);
// .symtab's walk: the locals of f that relocations need beyond those
// listed (put calls back with the section to list one in, NULL for an
// absolute one), and the undefined symbols they name.
void emit_relocs_locals(struct ctx *ctx, struct objfile *f, bool sizing,
                        void (*put)(struct ctx *ctx, void *w,
                                    struct objfile *f, u32 k,
                                    struct isec *t),
                        void *w);

//
// relocatable.c: -r, a relocatable object of the inputs
//

struct rlink;
void check_relocatable_script(struct ctx *ctx);
void check_relocatable_options(struct ctx *ctx);
void create_relocatable_sections(struct ctx *ctx);
void plan_relocatable(struct ctx *ctx);
void place_relocatable(struct ctx *ctx);
void write_relocatable(struct ctx *ctx);

//
// warnings.c: .gnu.warning and .gnu.warning.SYM sections
//

void add_warning_sections(struct ctx *ctx, struct objfile *f);
void warn_reference(struct ctx *ctx, struct objfile *f, struct symbol *sym);
u32 gnu_warning_section(struct objfile *f);
void warn_linked_objects(struct ctx *ctx);

//
// cref.c: --cref
//

void note_cref(struct ctx *ctx, struct symbol *sym, struct objfile *f,
               bool undef, bool common);
void print_cref(struct ctx *ctx, FILE *fp);
void write_cref(struct ctx *ctx);

//
// map.c: -Map, in GNU ld's layout
//

struct map_member {
  struct objfile *member;
  struct symbol *sym;          // the reference it satisfies; NULL: whole
  struct objfile *from;        // the file that referenced it, if known
};

bool notes_members(struct ctx *ctx);
void note_extraction(struct ctx *ctx, struct objfile *member,
                     struct symbol *sym, struct objfile *common_file);
void write_why_extract(struct ctx *ctx);
void write_map(struct ctx *ctx);
void print_memory_usage(struct ctx *ctx);

//
// json.c: --package-metadata's check
//

bool json_valid(struct ctx *ctx, const char *text, const char **why);

//
// digest.c
//

void sha1_digest(const u8 *data, u64 len, u8 out[20]);
extern bool sha1_portable_only;  // tests: skip the SHA extensions
void md5_digest(const u8 *data, u64 len, u8 out[16]);
void tree_digest(struct ctx *ctx, const u8 *data, u64 len, bool md5,
                 u8 *out, bool release);

//
// implib.c: --out-implib
//

void write_implib(struct ctx *ctx, const u8 *img, u64 filesize);
void remove_old_implib(struct ctx *ctx);

//
// output.c
//

// How the output reaches its path: a new file renamed over it, or (as
// GNU ld writes them) in place: an empty regular file kept as it is, or
// a device, FIFO or /dev/stdout, written from memory once complete.
enum out_mode { OUT_RENAME, OUT_IN_PLACE, OUT_STREAM };

void open_output(struct ctx *ctx, u64 filesize);
void write_output_bytes(struct ctx *ctx, int fd, const u8 *p, u64 len);
void wr_ehdr_sections(u8 *ehdr, u8 *sh0, u32 shnum, u32 shstrndx);
void close_output(struct ctx *ctx);
void fill_build_id(struct ctx *ctx, u8 *buf, u64 filesize, u64 note);
void remove_temp_output(struct ctx *ctx);
void discard_output(struct ctx *ctx);
void close_report(struct ctx *ctx, FILE *fp, const char *what,
                  const char *path);
void release_output(struct ctx *ctx);
void let_old_output_go(struct ctx *ctx);
void write_output(struct ctx *ctx);
void fill_pattern(u8 *p, u64 n, const u8 *pat, u64 len);
bool gets_code_fill(struct ctx *ctx, const struct chunk *c);
void fill_code_gaps(struct ctx *ctx, struct chunk *c, u8 *base,
                    struct span *data, u32 n);
void copy_isec(struct ctx *ctx, struct isec *is, u8 *dst);
// sh_link of output section c of input sections: a .stab section's
// string table; an SHF_LINK_ORDER one's, where its first input's linked
// section went (GNU ld); else 0.
u32 inputs_link(struct ctx *ctx, struct chunk *c);

//
// Architectures: arch-x86_64.c, arch-aarch64.c
//

// Data relocations, as target-independent kinds: 64-bit absolute and
// PC-relative, and 32-bit fields with their ranges (U32: unsigned, S32:
// signed, ANY32: either; the PC-relative ones signed or either).
enum data_reloc {
  DR_NONE, DR_ABS64, DR_PC64, DR_U32, DR_S32, DR_ANY32, DR_PC32,
  DR_PC32_ANY, DR_UNSUPPORTED,
};

struct arch {
  const char *name;            // "x86_64"
  const char *emulation;       // -m value, "elf_x86_64"
  const char *emulation_alias; // another -m value ("aarch64elf"), or NULL
  u16 e_machine;
  u64 image_base;
  u64 max_page_size;
  u64 common_page_size;
  u32 iplt_size, iplt_align;
  u32 plt_input_align;         // if not 0: the alignment of bfd's own
                               // .iplt/.plt, where a -T script puts it
                               // (GNU ld's script asks for iplt_align)
  u32 got_plt_reserved;        // reserved .got.plt entries
  u32 got_reserved;            // reserved .got entries (AArch64: _DYNAMIC)
  u32 r_irelative;
  // A static PIE (dynamic.c): what each relocation type is to it, the
  // type of its relative relocations, a lazy PLT (a first entry, then one
  // per IFUNC, each slot first holding its entry + plt_slot_bias, or the
  // first entry's address if negative), and whether .dynsym lists GNU
  // ld's text and data index sections.
  enum pie_reloc (*pie_reloc)(u32 type);
  u32 r_relative;
  u32 r_plt_call, r_plt_jump;  // calls GNU ld gives a PLT entry in a PIC
  u32 plt_header_size, plt_size, plt_entsize;
  int plt_slot_bias;
  void (*write_plt_header)(struct ctx *ctx, u8 *buf, u64 plt, u64 gotplt);
  void (*write_plt)(struct ctx *ctx, u8 *buf, u64 addr, u64 slot, u32 idx,
                    u64 plt);
  bool dynsym_index_sections;
  bool relr;                   // -z pack-relative-relocs makes DT_RELR
  bool pie_abs_none;           // GNU ld's R_*_NONE for absolute symbols
  // The mapping symbols GNU ld gives the code and data it makes (AAELF64's
  // $x and $d; NULL: none): a static PIE's PLT, stub sections.
  const char *code_symbol, *data_symbol;
  // Optional: whether a symbol of a type the generic rule takes (a
  // function, an IFUNC, one without a type) may name the function a
  // message places a reference in (bfd's maybe_function_sym).
  bool (*maybe_function_sym)(u8 type, u8 bind, const char *name);
  bool pie_dynobj_syms_abs;    // .symtab: _DYNAMIC, _GLOBAL_OFFSET_TABLE_
                               // absolute (GNU ld's AArch64 shows them so)
  // Fills padding between input sections of a code output section, as
  // GNU ld does (its bfd_arch_info fill: nops).
  void (*fill_code)(u8 *p, u64 n);
  bool fill_script_sections_only;  // only the default script's .init,
                                   // .text, .fini (=0x...)
  bool gotplt_is_got_symbol;   // _GLOBAL_OFFSET_TABLE_ at .got.plt
  bool noseparate_code;        // -z noseparate-code is the default
  bool no_raw_image;           // GNU ld refuses --oformat binary
  bool warn_textrel;           // a PIE's text relocations are warned of
                               // unless -z notext (GNU ld's x86-64)
  bool p_align_default_page;   // PT_LOAD p_align stays max_page_size when
                               // -z common-page-size raises the layout's
  bool default_execstack;      // an input without .note.GNU-stack wants one
  bool section_symbols;        // .symtab has an STT_SECTION per section
  bool got_always;             // GNU ld makes .got (and defines
                               // _GLOBAL_OFFSET_TABLE_) in every link
  u8 got_entsize;              // .got's sh_entsize as GNU ld writes it
  // The script's DATA_SEGMENT_RELRO_END offset is 24 even without a
  // .got.plt (AArch64), not only for a .got.plt of 3 words or more.
  bool relro_offset_always;
  const char *output_format;   // BFD's name, as in OUTPUT_FORMAT
  const char *default_interp;  // PT_INTERP of a PIE without -dynamic-linker
  const char *const *output_arch_names;  // OUTPUT_ARCH names GNU ld takes
  // GNU ld's x86-64 rule for an IFUNC in a static executable: unless
  // something needs pointer equality (SF_ADDR_EQ, set by scan_reloc),
  // GOT loads of its address read its .got.plt slot, the real function,
  // while PC-relative references get its IPLT entry.
  bool ifunc_got_is_gotplt;
  // GNU ld gives global IFUNCs their GOT entries after every other
  // global (a second walk of its hash table: AArch64).
  bool ifunc_got_after_globals;
  // What GNU ld writes in an IFUNC's .got.plt slot before IRELATIVE
  // replaces it: its IPLT entry's address plus this (x86-64), or, when
  // negative, the start of .plt (AArch64).
  i8 iplt_slot_bias;
  // GNU ld writes the IRELATIVE relocations from the end of .rela.plt
  // back (x86-64), so glibc runs the resolvers last slot first.
  bool irelative_descending;
  // A static PIE (no dynamic linker) as GNU ld's x86-64 makes it: a call
  // to an undefined weak symbol goes through a PLT entry whose slot stays
  // 0, in .plt.got when its address is also loaded from the GOT; and
  // .eh_frame describes .plt and .plt.got (ehframe.c's plt_unwind_info).
  bool plt_undef_weak;
  // Those two descriptions, each a CIE and an FDE whose pc_begin and
  // pc_range the writer fills in (NULL: none).
  const u8 *plt_eh_frame, *pltgot_eh_frame;
  u32 plt_eh_frame_size, pltgot_eh_frame_size;
  // Section index of large-model COMMON symbols (x86-64 SHN_X86_64_LCOMMON,
  // which GNU ld's script puts in .lbss as LARGE_COMMON); 0: none.  The
  // flag of large sections (SHF_X86_64_LARGE).
  u16 shn_large_common;
  u64 shf_large;
  // The scan of relocation i of is; returns the next one to scan (a TLS
  // sequence's first relocation may take the call's after it).
  u32 (*scan_reloc)(struct ctx *ctx, struct isec *is, u32 i);
  // Optional: true if scan_reloc would do nothing for relocation i of is
  // (no message, no slot, no flag); asked on all threads, so it only
  // reads.
  bool (*quiet_reloc)(struct ctx *ctx, struct isec *is, u32 i);
  void (*after_scan)(struct ctx *ctx);   // checks needing every reference
  // Applies relocations [from, to) of is to out, its copy.  Only a
  // non-allocated section may be done in parts (an allocated one's TLS
  // sequences span relocations).
  void (*apply_relocs)(struct ctx *ctx, struct isec *is, u8 *out, u32 from,
                       u32 to);
  void (*write_iplt)(struct ctx *ctx, u8 *buf, u64 addr, u64 slot);
  // A .plt.got entry (plt_undef_weak): a jump through a GOT slot.
  void (*write_pltgot)(struct ctx *ctx, u8 *buf, u64 addr, u64 slot);
  // What a data relocation (as in .eh_frame) writes; ehframe.c writes it.
  enum data_reloc (*data_reloc_kind)(u32 type);
  const char *(*reloc_name)(u32 type);
  // Whether relocation REL of IS loads its symbol's GOT entry, once the
  // scan chose its relaxation (-z report-relative-reloc, x86-64's only:
  // NULL elsewhere).
  bool (*got_load)(struct ctx *ctx, struct isec *is, const u8 *rel);
  // --emit-relocs: relocation types (bit n: type n) that apply_relocs
  // may rewrite, and, for those, the type written in the output, with
  // the field's offset and the addend moved as the rewrite moved them.
  u64 rewritten_types;
  u32 (*emitted_type)(struct ctx *ctx, struct isec *is, u32 i, u64 *off,
                      i64 *addend);
  // --icf=safe: whether a relocation of TYPE at LOC (OFF bytes into its
  // section) is a call or a jump, which takes no address.
  bool (*is_branch)(u32 type, const u8 *loc, u64 off);
  // Whether a relocation of TYPE (against a global symbol: GLOBAL) makes
  // bfd put its linker-made sections (.got, .iplt, ...) in that file,
  // the first such (AArch64's check_relocs); NULL: bfd puts them in the
  // first input, or the one whose property note it keeps (x86's).
  bool (*makes_dynobj)(u32 type, bool global);
  u64 (*tp_offset)(struct ctx *ctx, u64 addr);
  // .note.gnu.property: one input's value of report_prop (0 if it has
  // none), then the merged notes once all are read; NULL: nothing to do.
  u32 report_prop;
  void (*file_properties)(struct ctx *ctx, struct objfile *f, u32 value);
  void (*finish_properties)(struct ctx *ctx);
  // The target's own merge rule for a property type, PM_NONE where the
  // generic ranges decide (NULL: none of its own).
  enum prop_merge (*prop_merge)(u32 type);
  // A static PIE's dynamic tags saying its PLT has the BTI and PAC forms
  // (ctx->plt_bti, ctx->plt_pac); 0: none.
  u32 dt_plt_bti, dt_plt_pac;
  // _TLS_MODULE_BASE_ is at the end of the TLS block (TLS variant 2,
  // where code adds DTPOFF32 to a TP-relative base), else at its start.
  bool tls_module_base_at_end;
  bool tls_module_base_always; // defined whenever there is TLS (AArch64)
  // Symbols only this target's default script defines.
  const struct linker_sym *linker_syms;
  u32 nlinker_syms;
  bool erratum_843419;         // --fix-cortex-a53-843419 applies
  // Range-extension stubs (stubs.c); branch_range 0: none.  A branch of
  // type r_call or r_jump reaches [P - branch_range, P + branch_range).
  i64 branch_range;
  u32 stub_size, stub_header_size;     // a stub's slot; the branch over
  u32 stub_reserve;                    // room sized per stub (>= stub_size)
  u32 stub_insn_size;                  // a stub's instructions (st_size)
  u32 r_call, r_jump;
  bool (*write_stub)(u8 *buf, u64 P, u64 S);
  // The long form, for a target the short one cannot reach (size 0:
  // none); the short one's reach.
  u32 long_stub_size, long_stub_data;  // its size; its data word's offset
  void (*write_long_stub)(u8 *buf, u64 P, u64 S);
  bool (*stub_reaches)(u64 P, u64 S);
  void (*write_stub_header)(u8 *buf, u64 P, u64 end);
  // An erratum veneer's size (the instruction moved, a branch back), in
  // the stub sections before the stubs (errata.c).
  u32 veneer_size;
};

extern const struct arch arch_x86_64;
extern const struct arch arch_aarch64;

//
// arch-aarch64.c: instruction field encoders (also used by unit tests)
//

u64 aarch64_page(u64 x);
void aarch64_write_adrp(u8 *loc, i64 page_delta);
void aarch64_write_adr(u8 *loc, i64 delta);
void aarch64_write_lo12(u8 *loc, u64 val, u32 shift);
void aarch64_write_movw(u8 *loc, u64 imm16);
void aarch64_write_movnz(u8 *loc, i64 val, u32 shift);
void aarch64_write_branch26(u8 *loc, i64 delta);
void aarch64_write_imm19(u8 *loc, i64 delta);
void aarch64_write_imm14(u8 *loc, i64 delta);
bool aarch64_write_stub(u8 *buf, u64 P, u64 S);
void aarch64_write_long_stub(u8 *buf, u64 P, u64 S);
bool aarch64_stub_reaches(u64 P, u64 S);
void aarch64_write_stub_header(u8 *buf, u64 P, u64 end);

//
// link.c: the context and the pass sequence
//

struct timer {
  const char *name;
  double seconds;
};

// One merged .note.gnu.property entry.
struct gnu_prop {
  u32 type, nfiles;            // nfiles: how many inputs have it
  u64 value;                   // 8 bytes for GNU_PROPERTY_STACK_SIZE
  bool cleared;                // an option cleared its bits: kept at 0
};

struct ctx {
  struct config cfg;
  struct arena arena;
  struct arena thread_arenas[MAX_THREADS]; // parallel.c: a loop's threads
  u32 online_cpus;             // parallel.c: read once, 0 until then
  const struct arch *arch;
  u32 errors;
  u32 warnings;                // error.c: every warning, fatal or not

  // input.c
  struct vec mappings;         // struct mapping *
  struct mapping **map_slots;  // by (st_dev, st_ino), open addressing
  u32 map_mask;
  struct premap *premaps;      // input.c: the command line's files,
  u32 npremaps, premap_next;   // opened ahead (premap_inputs), and
  struct premap *premap_now;   // the one the file being added may take
  struct vec entries;          // struct input_entry *, in command-line order
  u32 entries_by_script;       // those before the first -T script's end
                               // (-Map lists the later ones after it)
  bool script_read;            // a -T script was read
  bool lib_dynamic;            // -Bdynamic in effect where inputs are read
  bool textrel;                // a PIE relocates read-only sections
  bool in_binary;              // -b binary in effect there
  struct vec deps;             // const char *: --dependency-file's list
  struct vec map_members;      // map.c: struct map_member *, in order
  struct cref_ref *crefs;      // cref.c: --cref's records, [0] unused
  u32 ncrefs, crefcap;
  u32 *cref_heads;             // cref.c: by symbol seq, its latest record
  u32 ncref_heads;
  struct vec cref_syms;        // cref.c: struct symbol *, those with records
  bool cref_done;              // cref.c: the table was printed
  // script.c
  const char *script_entry;    // the last input script's ENTRY
  const char *t_output_format; // a -T script's, the target unknown then
  const char *t_script_entry;  // a -T script's ENTRY (GNU ld reads it
                               // before the inputs)
  struct script *script;       // -T: the linker script, NULL for the
                               // built-in layout
  struct vec script_data;      // script_layout.c: data commands, fills
  bool script_load_phdrs;      // the script used SIZEOF_HEADERS
  u32 script_includes;         // INCLUDEs read so far
  const char *output_arch;     // the last OUTPUT_ARCH, checked once the
  const char *output_arch_file;  // target is known (check_output_arch)
  struct vec extern_syms;      // const char *, EXTERN names (gc roots)
  struct mapping *script_stack[MAX_SCRIPT_DEPTH];  // scripts being read
  const char *script_paths[MAX_SCRIPT_DEPTH];      // ... as opened
  u32 nscripts;
  const char *canon_sysroot;   // realpath of cfg.sysroot, "" if none
  // symbols.c
  struct name_table symbols;   // global symbols by name
  u32 *bfd_rank, bfd_rank_seen; // hash.c: GNU ld's walk order, by seq
  struct vec objs;             // struct objfile *, live, in priority order
  struct vec compressed;       // struct isec *: compressed inputs
  struct vec commons;          // struct symbol *
  bool large_common_seen;      // an x86-64 LARGE_COMMON symbol was read
  struct sym_aux *aux;         // [naux], aux[0] unused
  u32 naux, auxcap;
  u32 next_priority;
  bool resolved;               // set by resolve_symbols: every file joined
  struct input_entry *cur_entry; // symbols.c: the entry being read
  struct vec script_locals;    // struct symbol *: sym_aux.script_local
  u32 script_walk;             // script_layout.c: walks over the script
  bool sane_expr;              // LD_FEATURE ("SANE_EXPR")
  bool reloading;              // ... in a group's or LTO's second look
  struct lto *lto;             // lto.c: the plugin and what it claimed
  bool r_bytecode;             // lto.c: -r passed bytecode through
  struct vec version_nodes;    // version_script.c: the tags read so far
  struct vec dynamic_patterns; // ... and the dynamic lists' patterns:
  struct name_table dynamic_names; // the literal C names apart
  struct name_table comdats;   // COMDAT signatures seen
  struct name_table linkonce;  // .gnu.linkonce.* section names seen
  struct name_table linkonce_keys; // and the first of each key
  bool discarded_defs;         // some symbol has REF_DISCARDED_DEF
  struct vec sym_warnings;     // warnings.c: .gnu.warning.SYM messages
  // sections.c / layout.c
  struct stream *parse_ahead;  // files' sections parsed during resolution
  bool resolution_over;        // (atomic) no member is extracted now
  struct vec chunks;           // struct chunk *, in output order
  struct vec hdr_order;        // the same, in section header order
  struct chunk *synth[CK_NKINDS]; // synthetic.c: each kind's chunk, or NULL
  struct chunk **chunk_index;  // sections.c: create_chunks' chunks by
  struct chunk **chunk_tails;  // name (chains by hash_next, and their
  u32 chunk_index_mask;        // last links), or NULL
  u32 package_order;           // sections.c: where .note.package goes
  struct chunk *tls_first;
  bool relro_by_rw_copy;       // an input that keeps RELRO on (sections.c)
  u64 got_base;                // offset of the first entry in .got
  // A script's statement takes .got and .got.plt (`.got : { *(.got)
  // *(.got.plt) }'): 1, .got.plt joins .got after it; 2, before it.
  u8 script_got_join;
  u64 got_entries;             // set by allocate_slots: .got's words past
                               // the reserved ones
  u64 dyn_relative, dyn_irelative; // dynamic.c: inputs' absolute addresses
  u64 got_relative;            // dynamic.c: GOT entries that move
  u64 rela_relative;           // dynamic.c: RELATIVE in .rela.dyn
  bool relr_sized;             // dynamic.c: size_relr has run
  u64 dyn_none;                // dynamic.c: GNU ld's R_*_NONE entries
  u32 plt_header;              // -pie: the PLT's first entry (PLT0) size
  u32 iplt_size, iplt_align;   // the arch's, or x86-64's IBT form
  bool plt_bti, plt_pac;       // AArch64: PLT for BTI (-z force-bti or
                               // every input), -z pac-plt
  // A pass that relocates into scratch memory to look ahead (plan_errata)
  // says nothing: the real pass gives the same errors and warnings.
  bool mute_diagnostics;
  int iplt_slot_bias;
  u32 eh_fde_count;            // set by size_eh_frame
  struct eh_hdr_entry *eh_hdr_tab; // set by write_eh_frame, for
  u32 eh_hdr_n;                // .eh_frame_hdr
  struct segment *segs;
  u32 nsegs;
  u64 dot_start;               // set by layout.c: the location counter
                               // past SIZEOF_HEADERS, where sections start
  u64 relro_start, relro_end;  // set by layout.c; 0: no RELRO
  u64 data_start;              // layout.c: where the writable part starts
                               // (DATA_SEGMENT_ALIGN's value)
  bool headers_loaded;         // set by segments.c: in a PT_LOAD
  struct chunk *lowest;        // set by segments.c: the lowest section
  bool relro_load;             // set by segments.c: a PT_LOAD starts in
                               // the RELRO part
  u64 tls_start, tls_end, tls_memsz, tls_align;
  u64 page_size, common_page_size;     // from the arch or -z
  u64 load_align;              // PT_LOAD's least p_align
  bool paged;                  // demand-paged (not -N, -n): set by link.c
  enum { STACK_NX, STACK_X, STACK_NONE } stack;  // PT_GNU_STACK, if any
  struct objfile *stack_x_note;   // set by parse_sections: why STACK_X
  struct objfile *stack_no_note;
  u64 filesize;
  u64 shdr_size;               // the section header table, at the end
  u64 entry_addr;
  // synthetic.c
  // iplt_syms: the PLT's entries, IFUNCs (SF_NEEDS_IPLT) and, in a
  // static PIE, undefined weak functions (arch->plt_undef_weak).
  struct vec got_syms, gottp_syms, iplt_syms;
  struct vec weak_plt_syms;    // undefined weak symbols called, as seen
  struct vec ifunc_syms;       // IFUNCs no reference asked a PLT entry of
                               // yet (need_ifunc), as seen
  struct vec got_irel_syms;    // size_rela_iplt: those with a GOT entry,
                               // whose IRELATIVE .rela.plt holds
  u64 ifunc_words;             // size_rela_iplt: their words' IRELATIVEs
  struct vec pltgot_syms;      // allocate_slots: those in .plt.got
  u32 n_irelative;             // allocate_slots: the IFUNCs in iplt_syms
  u32 n_dead_plt;              // PLT entries GNU ld never fills
  u32 *irel_index;             // size_rela_iplt: each one's IRELATIVE
  bool weak_plt;               // setup_target: arch->plt_undef_weak applies
  struct vec rela_parts;       // CK_RELA_PART chunks (script_layout.c)
  struct chunk *dynrelro_home; // script_layout.c: where a -T script puts
                               // an input named .data.rel.ro (bfd's own
                               // in a PIE), if anywhere
  // --enable-non-contiguous-regions (script_layout.c): struct nc_cand *,
  // the later descriptions each input section also matches, by section
  // then statement; whether one moved in this walk; the layouts done.
  struct vec nc_cands;
  bool nc_moved;
  u32 nc_layouts;
  struct isec *nc_unmoved;     // one that would have moved, and stayed
  struct isec *nc_dropped;     // one that GNU ld would leave out
  bool script_discards;        // an input went to /DISCARD/ (or orphan)
  bool defs_dropped;           // a section dropped_with_defs defines a
                               // symbol (not its own)
  struct vec gotgd_syms;       // struct symbol *: wanting a GD pair
  struct vec undef_reports;    // diag.c: struct undef_report *
  struct vec weak_desc;        // struct weak_desc *, AArch64 (arch file)
  struct vec linker_syms;      // struct symbol *
  struct vec exports;          // dynsym.c: what a PIE exports, as found
  struct dyn_exports dyn;      // ... and in .dynsym's order
  u32 nversions;               // named versions: .gnu.version_d's, but
                               // the base one (versions.c)
  struct vec undef_syms;       // struct symbol *: undefined, in .symtab
  u32 symtab_nlocal;           // .symtab's sh_info (walk_symtab)
  u32 *sym_out;                // -q: by symbol seq, its .symtab index;
                               // set by size_symtab (emitrelocs.c)
  u64 strtab_size;
  struct gnu_prop props[16];
  u32 nprops, nprop_files;
  struct objfile *prop_note_file; // the first input .note.gnu.property
  u32 prop_note_shndx;
  // error.c: a program embedding the library (the fuzzer) sets bail,
  // and mld_exit() then returns there instead of exiting.
  jmp_buf *bail;
  int exit_status;
  // input.c: the fuzzer sets it, and every input is then a copy whose
  // last byte is followed by an inaccessible page, so that reading past
  // an input faults at once instead of finding the zeros a plain mapping
  // has up to the end of its last page.
  bool guard_inputs;
  // output.c
  u8 out_mode;                 // enum out_mode: how the output reaches -o
  char *tmp_path;              // OUT_RENAME: the file renamed into place
  int out_fd;                  // the file out_buf maps (0: none yet)
  int out_dest_fd;             // OUT_STREAM: where out_buf is written
  u8 *out_buf;
  int old_out_fd;              // the output replaced, held open (0: none)
  bool keep_old_output;        // ... until let_old_output_go (ld/main.c)
  // link.c
  struct timer timers[32];
  u32 ntimers;
  double t_last;               // when the last timer stopped
  u64 stat_relocs, stat_got, stat_iplt;
  // stubs.c, errata.c
  struct branch *branches;     // the candidates, sorted by key
  u32 nbranches;
  struct isec **group_anchor;  // [ngroups]: stubs go after this section
  u32 ngroups;
  struct vec stub_secs;        // struct stub_sec *, in address order
  u64 stat_branches, stat_candidates, stat_stubs, stat_errata;
  u64 stat_macs;               // erratum 835769 veneers
  u32 bfds_opened;             // objects and archives read so far
  struct symbol *entry_undef;  // set by set_entry: the entry symbol asked
                               // for, not found
  u32 *gnu_section_base;       // stubs.c: per objs entry, GNU ld's id of
                               // its first section
  u32 stub_passes;
  struct rlink *rlink;         // relocatable.c: -r's output sections
  bool got_referenced;         // _GLOBAL_OFFSET_TABLE_ is used
  u8 tls_transition_failed;    // TLS_FAILED_*: a TLS sequence mld and GNU
                               // ld cannot rewrite (arch scan_reloc)
  struct archive_scan *archive_scan; // symbols.c: the scan under way
  u64 new_undefs;              // set by symbols.c: names first referenced
                               // strongly while undefined
  struct symbol *got_symbol;   // set by scan_relocations, for the above
  bool gnu_osabi;              // set by size_symtab: IFUNC or UNIQUE listed
  bool mbind_input;            // set by create_chunks: an input has an
                               // SHF_GNU_MBIND section (EI_OSABI: GNU)
};

static inline bool script_layout(const struct ctx *ctx) {
  return ctx->script && ctx->script->replaces && !ctx->script->insert_name;
}

int mld_link(struct ctx *ctx);
double now_seconds(void);

// Input entries in command-line order: an object, an archive, a group
// marker, or a script's EXTERN symbol or --defsym's target (an undefined
// reference from that point on).  Filled by read_inputs, consumed by
// resolve_symbols.
enum entry_kind {
  E_OBJECT, E_ARCHIVE, E_GROUP_START, E_GROUP_END, E_UNDEF,
  E_SCRIPT,                    // an input script read here (for -t)
};

struct input_entry {
  enum entry_kind kind;
  struct objfile *obj;
  struct archive *ar;
  bool whole;                  // --whole-archive in force here
  const char *sym;             // E_UNDEF
  bool wrapped;                // E_UNDEF of --defsym: looked up via --wrap
  u32 pos;                     // its index in ctx->entries
};

#endif
