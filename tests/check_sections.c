// check_sections.c: input sections and the output sections they go to.
//
// sections.c encodes GNU ld's default linker script: which output section
// an input section joins, its rank inside it (.text.unlikely first,
// .init_array.N by priority), where orphans go, and which sections are
// dropped.  script_rule() is static, so the rules are tested end to end:
// objects are built, put in ctx->objs as resolve_symbols() would, then
// parse_sections() and create_chunks() run and the output sections
// (CK_REGULAR chunks only; synthetic ones are not about names) are read.

#include "testutil.h"

#define AX (SHF_ALLOC | SHF_EXECINSTR)
#define WA (SHF_ALLOC | SHF_WRITE)

// Parses an object with these sections and makes it the next live file.
static struct objfile *live_object(const char *name, const struct tsec *secs,
                                   u32 n) {
  struct tobj *o = arena_alloc(ctx, sizeof(*o));
  *o = tobj_build(secs, n, NULL, 0);
  struct objfile *f = tobj_load(name, o);
  f->live = true;
  f->priority = ++ctx->next_priority;
  vec_push(ctx, &ctx->objs, f);
  return f;
}

static void run_passes(void) {
  parse_sections(ctx);
  create_chunks(ctx);
  ck_assert_uint_eq(ctx->errors, 0);
}

// The output sections made of input sections, in order, space-separated.
static const char *regular_chunks(void) {
  const char *s = "";
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_REGULAR)
      s = arena_printf(ctx, "%s%s%s", s, *s ? " " : "", c->name);
  }
  return s;
}

static struct chunk *chunk(const char *name) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_REGULAR && !strcmp(c->name, name))
      return c;
  }
  ck_abort_msg("no output section %s", name);
  return NULL;
}

// The input sections of an output section, in order, as "file:name".
static const char *inputs(const char *name) {
  struct chunk *c = chunk(name);
  const char *s = "";
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct isec *is = c->isecs.v[i];
    ck_assert_ptr_eq(is->osec, c);
    s = arena_printf(ctx, "%s%s%s:%s", s, i ? " " : "", is->file->name,
                     isec_name(is));
  }
  return s;
}

//
// init_priority: SORT_BY_INIT_PRIORITY's key
//

START_TEST(priority_init_array) {
  ck_assert_int_eq(init_priority(".init_array.00101"), 101);
  ck_assert_int_eq(init_priority(".fini_array.5"), 5);
  ck_assert_int_eq(init_priority(".init_array.0"), 0);
  ck_assert_int_eq(init_priority(".init_array.65536"), 65536);
  ck_assert_int_eq(init_priority(".init_array.2147483647"), 2147483647);
} END_TEST

// .ctors run in reverse: .ctors.N sorts as 65535 - N.
START_TEST(priority_ctors) {
  ck_assert_int_eq(init_priority(".ctors.00101"), 65535 - 101);
  ck_assert_int_eq(init_priority(".dtors.00101"), 65535 - 101);
  ck_assert_int_eq(init_priority(".ctors.65535"), 0);
  ck_assert_int_eq(init_priority(".ctors.65536"), -1);
  ck_assert_int_eq(init_priority(".ctors.70000"), -1);
} END_TEST

// No number after the last dot, or one out of range: -1 (sorted by name).
START_TEST(priority_unnumbered) {
  ck_assert_int_eq(init_priority(".init_array"), -1);
  ck_assert_int_eq(init_priority(".ctors"), -1);
  ck_assert_int_eq(init_priority(".init_array."), -1);
  ck_assert_int_eq(init_priority(".init_array.12x"), -1);
  ck_assert_int_eq(init_priority(".init_array.foo"), -1);
  ck_assert_int_eq(init_priority(".init_array.-1"), -1);
  ck_assert_int_eq(init_priority(".init_array.2147483648"), -1);
  ck_assert_int_eq(init_priority(".init_array.99999999999999999999999"), -1);
} END_TEST

//
// Output sections by name
//

// One section of each kind the default script sorts specially, plus the
// plain ones they sort against.
static void mixed_object(void) {
  static const struct tsec secs[] = {
      {".text", SHT_PROGBITS, AX, NULL, 16, 16},                        // 1
      {".text.hot.x", SHT_PROGBITS, AX, NULL, 8, 4},                    // 2
      {".text.unlikely.y", SHT_PROGBITS, AX, NULL, 8, 4},               // 3
      {".rodata.str1.1", SHT_PROGBITS, SHF_ALLOC | SHF_MERGE |
       SHF_STRINGS, NULL, 6, 1, 0, 1},                                  // 4
      {".data.rel.ro.local.z", SHT_PROGBITS, WA, NULL, 8, 8},           // 5
      {".init_array.00200", SHT_INIT_ARRAY, WA, NULL, 8, 8},            // 6
      {".tbss.q", SHT_NOBITS, WA | SHF_TLS, NULL, 4, 4},                // 7
      {"my_orphan", SHT_PROGBITS, WA, NULL, 4, 4},                      // 8
      {".init_array", SHT_INIT_ARRAY, WA, NULL, 8, 8},                  // 9
      {".ctors.00101", SHT_PROGBITS, WA, NULL, 8, 8},                   // 10
      {".data.rel.ro", SHT_PROGBITS, WA, NULL, 8, 8},                   // 11
      {".data", SHT_PROGBITS, WA, NULL, 4, 4},                          // 12
      {".bss", SHT_NOBITS, WA, NULL, 4, 4},                             // 13
      {".comment", SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, "x", 2, 1, 0,
       1},                                                              // 14
      {".note.GNU-stack", SHT_PROGBITS, 0, NULL, 0, 1},                 // 15
  };
  live_object("a.o", secs, sizeof(secs) / sizeof(*secs));
  run_passes();
}

START_TEST(output_section_order) {
  mixed_object();
  ck_assert_str_eq(regular_chunks(),
                   ".text .rodata .tbss .init_array .data.rel.ro .data "
                   "my_orphan .bss .comment");
} END_TEST

// .text.unlikely, .text.exit, .text.startup, .text.hot, then the rest.
START_TEST(text_ranks) {
  mixed_object();
  ck_assert_str_eq(inputs(".text"),
                   "a.o:.text.unlikely.y a.o:.text.hot.x a.o:.text");
  ck_assert_uint_eq(chunk(".text")->align, 16);
  ck_assert_uint_eq(chunk(".text")->flags, AX);
} END_TEST

// .init_array.N and .ctors.N together by priority, then the unnumbered.
START_TEST(init_array_by_priority) {
  mixed_object();
  ck_assert_str_eq(inputs(".init_array"),
                   "a.o:.init_array.00200 a.o:.ctors.00101 a.o:.init_array");
  struct chunk *c = chunk(".init_array");
  ck_assert_uint_eq(c->type, SHT_INIT_ARRAY);
  ck_assert_uint_eq(c->entsize, 8);
  ck_assert(c->relro);
} END_TEST

// .data.rel.ro.local* before the other .data.rel.ro*.
START_TEST(data_rel_ro_local_first) {
  mixed_object();
  ck_assert_str_eq(inputs(".data.rel.ro"),
                   "a.o:.data.rel.ro.local.z a.o:.data.rel.ro");
  ck_assert(chunk(".data.rel.ro")->relro);
} END_TEST

START_TEST(tbss_is_tls_nobits) {
  mixed_object();
  struct chunk *c = chunk(".tbss");
  ck_assert_str_eq(inputs(".tbss"), "a.o:.tbss.q");
  ck_assert_uint_eq(c->type, SHT_NOBITS);
  ck_assert_uint_eq(c->flags, WA | SHF_TLS);
  ck_assert(c->relro);
} END_TEST

// One mergeable-strings input: the output keeps SHF_MERGE and entsize.
START_TEST(rodata_keeps_merge_flags) {
  mixed_object();
  struct chunk *c = chunk(".rodata");
  ck_assert_uint_eq(c->flags, SHF_ALLOC | SHF_MERGE | SHF_STRINGS);
  ck_assert_uint_eq(c->entsize, 1);
} END_TEST

START_TEST(orphan_keeps_name_and_flags) {
  mixed_object();
  struct chunk *c = chunk("my_orphan");
  ck_assert_str_eq(inputs("my_orphan"), "a.o:my_orphan");
  ck_assert_uint_eq(c->type, SHT_PROGBITS);
  ck_assert_uint_eq(c->flags, WA);
  ck_assert(!c->relro);
} END_TEST

START_TEST(note_gnu_stack_dropped) {
  mixed_object();
  struct objfile *f = ctx->objs.v[0];
  ck_assert_ptr_eq(f->isecs[15], NULL);
  ck_assert(f->isecs[14] != NULL);
} END_TEST

// Mixed inputs: SHF_MERGE only if every input has it with one entsize.
START_TEST(rodata_mixed_merge_flags) {
  static const struct tsec secs[] = {
      {".rodata.str1.1", SHT_PROGBITS, SHF_ALLOC | SHF_MERGE | SHF_STRINGS,
       NULL, 6, 1, 0, 1},
      {".rodata", SHT_PROGBITS, SHF_ALLOC, NULL, 8, 8},
  };
  live_object("a.o", secs, 2);
  run_passes();
  struct chunk *c = chunk(".rodata");
  ck_assert_uint_eq(c->flags, SHF_ALLOC);
  ck_assert_uint_eq(c->entsize, 0);
  ck_assert_uint_eq(c->align, 8);
} END_TEST

// Orphans go after the last output section of their kind, in order of
// appearance.
START_TEST(orphans_by_kind) {
  static const struct tsec secs[] = {
      {".text", SHT_PROGBITS, AX, NULL, 4, 4},
      {".rodata", SHT_PROGBITS, SHF_ALLOC, NULL, 4, 4},
      {".tdata", SHT_PROGBITS, WA | SHF_TLS, NULL, 4, 4},
      {".tbss", SHT_NOBITS, WA | SHF_TLS, NULL, 4, 4},
      {".data", SHT_PROGBITS, WA, NULL, 4, 4},
      {".bss", SHT_NOBITS, WA, NULL, 4, 4},
      {".comment", SHT_PROGBITS, 0, NULL, 4, 1},
      {"code2", SHT_PROGBITS, AX, NULL, 4, 4},
      {"info", SHT_PROGBITS, 0, NULL, 4, 1},
      {"code1", SHT_PROGBITS, AX, NULL, 4, 4},
      {"ro", SHT_PROGBITS, SHF_ALLOC, NULL, 4, 4},
      {"tls", SHT_PROGBITS, WA | SHF_TLS, NULL, 4, 4},
      {"zeros", SHT_NOBITS, WA, NULL, 4, 4},
      {"rw", SHT_PROGBITS, WA, NULL, 4, 4},
  };
  live_object("a.o", secs, sizeof(secs) / sizeof(*secs));
  run_passes();
  ck_assert_str_eq(regular_chunks(),
                   ".text code2 code1 .rodata ro .tdata tls .tbss .data rw "
                   ".bss zeros .comment info");
} END_TEST

// One orphan name from two files is one output section.
START_TEST(orphan_merged_across_files) {
  static const struct tsec secs[] = {
      {"set_foo", SHT_PROGBITS, WA, NULL, 8, 8},
  };
  live_object("a.o", secs, 1);
  live_object("b.o", secs, 1);
  run_passes();
  ck_assert_str_eq(regular_chunks(), "set_foo");
  ck_assert_str_eq(inputs("set_foo"), "a.o:set_foo b.o:set_foo");
} END_TEST

// Within an output section: rank, then file order, then section index.
START_TEST(inputs_by_file_then_index) {
  static const struct tsec a[] = {
      {".text.b", SHT_PROGBITS, AX, NULL, 4, 4},
      {".text.a", SHT_PROGBITS, AX, NULL, 4, 4},
      {".init_array.00300", SHT_INIT_ARRAY, WA, NULL, 8, 8},
  };
  static const struct tsec b[] = {
      {".text", SHT_PROGBITS, AX, NULL, 4, 4},
      {".init_array.00100", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".text.unlikely", SHT_PROGBITS, AX, NULL, 4, 4},
  };
  live_object("a.o", a, 3);
  live_object("b.o", b, 3);
  run_passes();
  ck_assert_str_eq(inputs(".text"),
                   "b.o:.text.unlikely a.o:.text.b a.o:.text.a b.o:.text");
  ck_assert_str_eq(inputs(".init_array"),
                   "b.o:.init_array.00100 a.o:.init_array.00300");
} END_TEST

// .text.sorted.* go by name (SORT()), after .text.hot, before the rest.
START_TEST(text_sorted_by_name) {
  static const struct tsec secs[] = {
      {".text", SHT_PROGBITS, AX, NULL, 4, 4},
      {".text.sorted.b", SHT_PROGBITS, AX, NULL, 4, 4},
      {".text.hot", SHT_PROGBITS, AX, NULL, 4, 4},
      {".text.sorted.a", SHT_PROGBITS, AX, NULL, 4, 4},
  };
  live_object("a.o", secs, 4);
  run_passes();
  ck_assert_str_eq(inputs(".text"), "a.o:.text.hot a.o:.text.sorted.a "
                                    "a.o:.text.sorted.b a.o:.text");
} END_TEST

// Plain .ctors joins .init_array, except in crtbegin.o/crtend.o, whose
// .ctors hold the list markers of the old scheme (GNU ld's
// EXCLUDE_FILE (*crtbegin.o ...)).
START_TEST(ctors_of_crt_files) {
  static const struct tsec secs[] = {
      {".ctors", SHT_PROGBITS, WA, NULL, 8, 8},
  };
  live_object("/usr/lib/gcc/crtbegin.o", secs, 1);
  live_object("a.o", secs, 1);
  run_passes();
  ck_assert_str_eq(regular_chunks(), ".init_array .ctors");
  ck_assert_str_eq(inputs(".init_array"), "a.o:.ctors");
  ck_assert_str_eq(inputs(".ctors"), "/usr/lib/gcc/crtbegin.o:.ctors");
} END_TEST

// GNU ld's file patterns: * matches anything, '/' included, so
// mycrtbegin.o is a crtbegin.o; crtbegin_x.o matches none of them.
START_TEST(crt_kinds) {
  ck_assert_int_eq(crt_kind("/usr/lib/gcc/crtbegin.o"), CRT_BEGIN);
  ck_assert_int_eq(crt_kind("d/mycrtbegin.o"), CRT_BEGIN);
  ck_assert_int_eq(crt_kind("crtbeginT.o"), CRT_BEGIN_X);
  ck_assert_int_eq(crt_kind("crtend.o"), CRT_END);
  ck_assert_int_eq(crt_kind("x/crtendS.o"), CRT_END);
  ck_assert_int_eq(crt_kind("crtbegin_x.o"), CRT_NONE);
  ck_assert_int_eq(crt_kind("crtbegin.o.bak"), CRT_NONE);
  ck_assert_int_eq(crt_kind("crtbeginTS.o"), CRT_NONE);
  ck_assert_int_eq(crt_kind("libc.a(crtend.o)"), CRT_NONE);
} END_TEST

// The output .ctors: *crtbegin.o's, then *crtbegin?.o's, then crtend's,
// whatever the command-line order.
START_TEST(ctors_output_order) {
  static const struct tsec secs[] = {
      {".ctors", SHT_PROGBITS, WA, NULL, 8, 8},
  };
  live_object("crtend.o", secs, 1);
  live_object("crtbeginT.o", secs, 1);
  live_object("crtbegin.o", secs, 1);
  run_passes();
  ck_assert_str_eq(inputs(".ctors"),
                   "crtbegin.o:.ctors crtbeginT.o:.ctors crtend.o:.ctors");
  ck_assert(!((struct isec *)chunk(".ctors")->isecs.v[0])->reverse);
} END_TEST

// Equal priorities sort by name: .ctors.65435 (priority 100) before
// .init_array.00100 of an earlier file; plain .init_array and .ctors
// follow in input order.
START_TEST(init_array_ties_by_name) {
  static const struct tsec a[] = {
      {".ctors", SHT_PROGBITS, WA, NULL, 8, 8},
      {".init_array.00100", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array", SHT_INIT_ARRAY, WA, NULL, 8, 8},
  };
  static const struct tsec b[] = {
      {".init_array", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.100", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".ctors.65435", SHT_PROGBITS, WA, NULL, 8, 8},
  };
  live_object("a.o", a, 3);
  live_object("b.o", b, 3);
  run_passes();
  ck_assert_str_eq(inputs(".init_array"),
                   "b.o:.ctors.65435 a.o:.init_array.00100 "
                   "b.o:.init_array.100 a.o:.ctors a.o:.init_array "
                   "b.o:.init_array");
} END_TEST

// Sections without a number compare by name with every other, which is
// no consistent order; GNU ld 2.40's tree insertion gives these orders
// (both checked against ld.bfd).
START_TEST(init_array_unnumbered_tree) {
  static const struct tsec a[] = {
      {".init_array.00100", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.x", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.0", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.65536", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.100", SHT_INIT_ARRAY, WA, NULL, 8, 8},
  };
  static const struct tsec b[] = {
      {".ctors.65435", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.x", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.70000", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.65535", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.65436", SHT_PROGBITS, WA, NULL, 8, 8},
  };
  live_object("a.o", a, 5);
  live_object("b.o", b, 5);
  run_passes();
  ck_assert_str_eq(inputs(".init_array"),
                   "b.o:.ctors.65535 b.o:.ctors.70000 b.o:.ctors.x "
                   "a.o:.init_array.0 b.o:.ctors.65436 b.o:.ctors.65435 "
                   "a.o:.init_array.00100 a.o:.init_array.100 "
                   "a.o:.init_array.65536 a.o:.init_array.x");
} END_TEST

START_TEST(init_array_unnumbered_tree_reversed) {
  static const struct tsec a[] = {
      {".init_array.00100", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.x", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.0", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.65536", SHT_INIT_ARRAY, WA, NULL, 8, 8},
      {".init_array.100", SHT_INIT_ARRAY, WA, NULL, 8, 8},
  };
  static const struct tsec b[] = {
      {".ctors.65435", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.x", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.70000", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.65535", SHT_PROGBITS, WA, NULL, 8, 8},
      {".ctors.65436", SHT_PROGBITS, WA, NULL, 8, 8},
  };
  live_object("b.o", b, 5);
  live_object("a.o", a, 5);
  run_passes();
  ck_assert_str_eq(inputs(".init_array"),
                   "b.o:.ctors.65535 a.o:.init_array.0 b.o:.ctors.65436 "
                   "b.o:.ctors.65435 b.o:.ctors.70000 b.o:.ctors.x "
                   "a.o:.init_array.00100 a.o:.init_array.100 "
                   "a.o:.init_array.65536 a.o:.init_array.x");
} END_TEST

// Which sections are copied in reverse: .ctors* in .init_array and
// .dtors* in .fini_array, nothing else.
START_TEST(ctors_copied_in_reverse) {
  static const struct tsec secs[] = {
      {".ctors", SHT_PROGBITS, WA, NULL, 16, 8},                        // 1
      {".ctors.00010", SHT_PROGBITS, WA, NULL, 8, 8},                   // 2
      {".dtors", SHT_PROGBITS, WA, NULL, 8, 8},                         // 3
      {".dtors.00010", SHT_PROGBITS, WA, NULL, 8, 8},                   // 4
      {".init_array", SHT_INIT_ARRAY, WA, NULL, 16, 8},                 // 5
      {".fini_array.00010", SHT_FINI_ARRAY, WA, NULL, 8, 8},            // 6
      {".preinit_array", SHT_PREINIT_ARRAY, WA, NULL, 8, 8},            // 7
  };
  struct objfile *f = live_object("a.o", secs, 7);
  run_passes();
  for (u32 i = 1; i <= 7; i++)
    ck_assert_int_eq(f->isecs[i]->reverse, i <= 4);
} END_TEST

START_TEST(ctors_size_not_pointers) {
  static const struct tsec secs[] = {
      {".ctors.00005", SHT_PROGBITS, WA, NULL, 12, 8},
  };
  live_object("a.o", secs, 1);
  parse_sections(ctx);
  create_chunks(ctx);
  ck_assert_uint_eq(ctx->errors, 1);
} END_TEST

START_TEST(dropped_sections) {
  static const struct tsec secs[] = {
      {".text", SHT_PROGBITS, AX, NULL, 4, 4},                          // 1
      {".excluded", SHT_PROGBITS, SHF_ALLOC | SHF_EXCLUDE, NULL, 4, 4}, // 2
      {".gnu.warning.gets", SHT_PROGBITS, 0, "no", 3, 1},               // 3
      {".note.GNU-stack", SHT_PROGBITS, 0, NULL, 0, 1},                 // 4
      {".llvm_addrsig", 0x6fff4c03, SHF_EXCLUDE, NULL, 0, 1},           // 5
      {".debug_info", SHT_PROGBITS, 0, NULL, 4, 1},                     // 6
  };
  struct objfile *f = live_object("a.o", secs, 6);
  run_passes();
  ck_assert(f->isecs[1] != NULL);
  for (u32 i = 2; i <= 5; i++)
    ck_assert_msg(f->isecs[i] == NULL, "section %u kept", i);
  ck_assert(f->isecs[6] != NULL);
  ck_assert_str_eq(regular_chunks(), ".text .debug_info");
} END_TEST

START_TEST(strip_debug_drops_debug) {
  static const struct tsec secs[] = {
      {".text", SHT_PROGBITS, AX, NULL, 4, 4},
      {".debug_info", SHT_PROGBITS, 0, NULL, 4, 1},
      {".debug_str", SHT_PROGBITS, SHF_MERGE | SHF_STRINGS, "x", 2, 1, 0, 1},
  };
  ctx->cfg.strip = STRIP_DEBUG;
  live_object("a.o", secs, 3);
  run_passes();
  ck_assert_str_eq(regular_chunks(), ".text");
} END_TEST

// A relocation section is attached to the section it relocates.
START_TEST(relocations_attached) {
  u8 rela[2 * sizeof(Elf64_Rela)] = {0};
  static const struct tsec proto[] = {
      {".text", SHT_PROGBITS, AX, NULL, 16, 4},
      {".rela.text", SHT_RELA, SHF_INFO_LINK, NULL, 2 * sizeof(Elf64_Rela),
       8, 1},
  };
  struct tsec secs[2] = {proto[0], proto[1]};
  secs[1].data = rela;
  struct objfile *f = live_object("a.o", secs, 2);
  run_passes();
  struct isec *text = f->isecs[1];
  ck_assert_ptr_eq(f->isecs[2], NULL);
  ck_assert_uint_eq(text->nrels, 2);
  ck_assert_ptr_eq(text->rels, f->data + SH_OFFSET(shdr_at(f, 2)));
} END_TEST

// A COMMON symbol becomes a .bss input section of its own, at the end.
START_TEST(common_goes_to_bss) {
  static const struct tsec secs[] = {
      {".bss", SHT_NOBITS, WA, NULL, 4, 4},
  };
  struct tsym sym = {"buf", STB_GLOBAL, STT_OBJECT, SHN_COMMON, 32, 100};
  struct tobj *o = arena_alloc(ctx, sizeof(*o));
  *o = tobj_build(secs, 1, &sym, 1);
  struct objfile *f = tobj_load("a.o", o);
  f->live = true;
  f->priority = 1;
  vec_push(ctx, &ctx->objs, f);
  add_file_symbols(ctx, f);
  struct symbol *buf = sym_find_str(ctx, "buf");
  vec_push(ctx, &ctx->commons, buf);
  run_passes();
  struct chunk *bss = chunk(".bss");
  ck_assert_uint_eq(bss->isecs.len, 2);
  struct isec *is = bss->isecs.v[1];
  ck_assert(is->is_common);
  ck_assert_uint_eq(is->size, 100);
  ck_assert_uint_eq(is->align, 32);
  ck_assert_uint_eq(bss->align, 32);
  ck_assert_uint_eq(buf->state, SYM_DEFINED);
  ck_assert_uint_eq(buf->value, 0);
  ck_assert_ptr_eq(sym_isec(ctx, buf), is);
} END_TEST

// Regression: orphan order keys were the anchor's plus a sequence
// number shared by all orphans, so after 100 orphans a TLS orphan passed
// .tbss and broke the TLS image.
START_TEST(many_orphans_stay_behind_their_anchor) {
  enum { N = 150 };
  struct tsec *secs = arena_alloc(ctx, (N + 3) * sizeof(*secs));
  for (u32 i = 0; i < N; i++)
    secs[i] = (struct tsec){arena_printf(ctx, "ro%u", i), SHT_PROGBITS,
                            SHF_ALLOC, NULL, 4, 4};
  secs[N] = (struct tsec){".tdata", SHT_PROGBITS, WA | SHF_TLS, NULL, 4, 4};
  secs[N + 1] = (struct tsec){".tbss", SHT_NOBITS, WA | SHF_TLS, NULL, 4, 4};
  secs[N + 2] = (struct tsec){"my_tls", SHT_PROGBITS, WA | SHF_TLS, NULL, 4,
                              4};
  live_object("a.o", secs, N + 3);
  run_passes();
  int tdata = -1, tls = -1, tbss = -1;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!strcmp(c->name, ".tdata"))
      tdata = i;
    if (!strcmp(c->name, "my_tls"))
      tls = i;
    if (!strcmp(c->name, ".tbss"))
      tbss = i;
  }
  ck_assert_int_lt(tdata, tls);
  ck_assert_int_lt(tls, tbss);
} END_TEST

// Output relocation sections (-r, --emit-relocs) are sorted by r_offset
// as GNU ld sorts them, equal offsets in their order: nearly sorted ones
// by insertion, badly unsorted ones (reversed) through keys.  r_info
// holds each entry's first place, which shows the order kept.
static void check_sorted_relocs(u64 n, u64 (*offset_of)(u64 i, u64 n)) {
  u8 *p = arena_alloc(ctx, n * 24);
  for (u64 i = 0; i < n; i++) {
    wr64(p + 24 * i, offset_of(i, n));
    wr64(p + 24 * i + 8, i);
    wr64(p + 24 * i + 16, 0);
  }
  sort_relocs_by_offset(ctx, p, n);
  for (u64 i = 1; i < n; i++) {
    u64 a = rd64(p + 24 * (i - 1)), b = rd64(p + 24 * i);
    ck_assert_uint_le(a, b);
    if (a == b)
      ck_assert_uint_lt(rd64(p + 24 * (i - 1) + 8), rd64(p + 24 * i + 8));
  }
}

static u64 nearly_sorted(u64 i, u64 n) {
  (void)n;
  return (i / 3) * 8 + (i % 7 == 3 ? 0 : 16);   // a few back, ties
}

static u64 reversed(u64 i, u64 n) {
  return ((n - i) / 2) * 8;                      // pairs of ties
}

START_TEST(relocations_sorted_stably) {
  check_sorted_relocs(1000, nearly_sorted);
  check_sorted_relocs(1000, reversed);
  check_sorted_relocs(1, reversed);
  check_sorted_relocs(0, reversed);
} END_TEST

int main(void) {
  Suite *s = suite_create("sections");
  TCase *tc = tcase_create("init_priority");
  tcase_add_test(tc, priority_init_array);
  tcase_add_test(tc, priority_ctors);
  tcase_add_test(tc, priority_unnumbered);
  suite_add_tcase(s, tc);

  tc = ctx_tcase(s, "rules");
  tcase_add_test(tc, output_section_order);
  tcase_add_test(tc, text_ranks);
  tcase_add_test(tc, init_array_by_priority);
  tcase_add_test(tc, data_rel_ro_local_first);
  tcase_add_test(tc, tbss_is_tls_nobits);
  tcase_add_test(tc, rodata_keeps_merge_flags);
  tcase_add_test(tc, orphan_keeps_name_and_flags);
  tcase_add_test(tc, note_gnu_stack_dropped);
  tcase_add_test(tc, rodata_mixed_merge_flags);
  tcase_add_test(tc, orphans_by_kind);
  tcase_add_test(tc, orphan_merged_across_files);
  tcase_add_test(tc, inputs_by_file_then_index);
  tcase_add_test(tc, text_sorted_by_name);
  tcase_add_test(tc, ctors_of_crt_files);
  tcase_add_test(tc, crt_kinds);
  tcase_add_test(tc, ctors_output_order);
  tcase_add_test(tc, init_array_ties_by_name);
  tcase_add_test(tc, init_array_unnumbered_tree);
  tcase_add_test(tc, init_array_unnumbered_tree_reversed);
  tcase_add_test(tc, ctors_copied_in_reverse);
  tcase_add_test(tc, ctors_size_not_pointers);
  tcase_add_test(tc, dropped_sections);
  tcase_add_test(tc, strip_debug_drops_debug);
  tcase_add_test(tc, relocations_attached);
  tcase_add_test(tc, common_goes_to_bss);
  tcase_add_test(tc, many_orphans_stay_behind_their_anchor);
  tcase_add_test(tc, relocations_sorted_stably);
  return run_suite(s);
}
