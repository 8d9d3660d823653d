// check_symbols.c: symbol resolution.
//
// The rules, each pinned in both orders where order could matter: a
// strong definition beats a weak one and a COMMON one; two strong ones are
// an error; COMMON symbols merge to the largest size and the strictest
// alignment, and beat weak definitions (gABI, "Symbol Table"); a reference
// that is only ever weak leaves the symbol undefined without SF_REF_STRONG.
// Then resolve_symbols() on objects and archives: which members are
// extracted, in which order, with groups, --whole-archive and COMDAT.

#include "testutil.h"

static struct tsym def(const char *name) {
  return (struct tsym){name, STB_GLOBAL, STT_OBJECT, 1, 8, 4};
}

static struct tsym weak_def(const char *name) {
  return (struct tsym){name, STB_WEAK, STT_OBJECT, 1, 16, 4};
}

static struct tsym undef(const char *name) {
  return (struct tsym){name, STB_GLOBAL, STT_NOTYPE, SHN_UNDEF};
}

static struct tsym weak_undef(const char *name) {
  return (struct tsym){name, STB_WEAK, STT_NOTYPE, SHN_UNDEF};
}

// For SHN_COMMON, st_value is the alignment.
static struct tsym common(const char *name, u64 size, u64 align) {
  return (struct tsym){name, STB_GLOBAL, STT_OBJECT, SHN_COMMON, align, size};
}

// An object with a 64-byte .data (section 1) and the given symbols.
static struct tobj *object(const struct tsym *syms, u32 n) {
  struct tsec data = {".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, NULL, 64,
                      8};
  struct tobj *o = arena_alloc(ctx, sizeof(*o));
  *o = tobj_build(&data, 1, syms, n);
  return o;
}

// Parses an object with the given symbols and adds them, as a file
// joining the link does.
static struct objfile *add(const char *name, const struct tsym *syms,
                           u32 n) {
  struct objfile *f = tobj_load(name, object(syms, n));
  add_file_symbols(ctx, f);
  return f;
}

static struct objfile *add1(const char *name, struct tsym sym) {
  return add(name, &sym, 1);
}

static struct symbol *sym(const char *name) {
  struct symbol *s = sym_find_str(ctx, name);
  ck_assert_msg(s != NULL, "no symbol %s", name);
  return s;
}

// st_size of the definition that won.
static u64 def_size(struct symbol *s) {
  struct esym e;
  read_sym(s->file, s->symidx, &e);
  return e.st_size;
}

//
// Definitions
//

START_TEST(strong_beats_weak_weak_first) {
  add1("a.o", weak_def("foo"));
  struct objfile *b = add1("b.o", def("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(s->state, SYM_DEFINED);
  ck_assert_ptr_eq(s->file, b);
  ck_assert_uint_eq(s->binding, STB_GLOBAL);
  ck_assert_uint_eq(s->value, 8);
} END_TEST

START_TEST(strong_beats_weak_strong_first) {
  struct objfile *a = add1("a.o", def("foo"));
  add1("b.o", weak_def("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_ptr_eq(s->file, a);
  ck_assert_uint_eq(s->binding, STB_GLOBAL);
} END_TEST

START_TEST(first_weak_wins) {
  struct objfile *a = add1("a.o", weak_def("foo"));
  add1("b.o", weak_def("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_ptr_eq(s->file, a);
  ck_assert_uint_eq(s->binding, STB_WEAK);
} END_TEST

START_TEST(two_strong_is_error) {
  struct objfile *a = add1("a.o", def("foo"));
  struct capture c;
  capture_begin(&c);
  add1("b.o", def("foo"));
  const char *text = capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_contains(text, "mld: error: multiple definition of `foo'\n"
                           ">>> defined at a.o");
  ck_assert_contains(text, "\n>>> defined at b.o");
  ck_assert_ptr_eq(sym("foo")->file, a);
} END_TEST

START_TEST(abs_symbol_is_defined) {
  struct tsym s = {"foo", STB_GLOBAL, STT_NOTYPE, SHN_ABS, 0x1234};
  add1("a.o", s);
  ck_assert_uint_eq(sym("foo")->state, SYM_DEFINED);
  ck_assert_uint_eq(sym("foo")->value, 0x1234);
  ck_assert(sym_is_abs(sym("foo")));
} END_TEST

// The symbol records the winning definition: file, index, binding, type.
START_TEST(definition_fields) {
  struct tsym syms[] = {
      undef("bar"),
      {"foo", STB_WEAK, STT_FUNC, 1, 24, 0},
  };
  struct objfile *f = add("a.o", syms, 2);
  struct symbol *s = sym("foo");
  ck_assert_ptr_eq(s->file, f);
  ck_assert_uint_eq(s->symidx, 2);
  ck_assert_uint_eq(s->binding, STB_WEAK);
  ck_assert_uint_eq(s->type, STT_FUNC);
  ck_assert_uint_eq(s->value, 24);
  ck_assert_ptr_eq(f->globals[2 - f->first_global], s);
  ck_assert_ptr_eq(f->globals[1 - f->first_global], sym("bar"));
} END_TEST

//
// COMMON
//

START_TEST(common_keeps_largest_size_and_strictest_align) {
  add1("a.o", common("foo", 8, 16));
  struct objfile *b = add1("b.o", common("foo", 32, 4));
  add1("c.o", common("foo", 16, 8));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(s->state, SYM_COMMON);
  ck_assert_ptr_eq(s->file, b);
  ck_assert_uint_eq(def_size(s), 32);
  ck_assert_uint_eq(s->value, 16);      // the alignment
} END_TEST

// The largest first: later, smaller ones only tighten the alignment.
START_TEST(common_largest_first) {
  struct objfile *a = add1("a.o", common("foo", 64, 1));
  add1("b.o", common("foo", 8, 32));
  struct symbol *s = sym("foo");
  ck_assert_ptr_eq(s->file, a);
  ck_assert_uint_eq(def_size(s), 64);
  ck_assert_uint_eq(s->value, 32);
} END_TEST

START_TEST(strong_beats_common_common_first) {
  add1("a.o", common("foo", 64, 8));
  struct objfile *b = add1("b.o", def("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(s->state, SYM_DEFINED);
  ck_assert_ptr_eq(s->file, b);
  ck_assert_uint_eq(s->value, 8);
} END_TEST

START_TEST(strong_beats_common_strong_first) {
  struct objfile *a = add1("a.o", def("foo"));
  add1("b.o", common("foo", 64, 8));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(s->state, SYM_DEFINED);
  ck_assert_ptr_eq(s->file, a);
} END_TEST

START_TEST(common_beats_weak_weak_first) {
  add1("a.o", weak_def("foo"));
  struct objfile *b = add1("b.o", common("foo", 4, 4));
  ck_assert_uint_eq(sym("foo")->state, SYM_COMMON);
  ck_assert_ptr_eq(sym("foo")->file, b);
} END_TEST

START_TEST(common_beats_weak_common_first) {
  struct objfile *a = add1("a.o", common("foo", 4, 4));
  add1("b.o", weak_def("foo"));
  ck_assert_uint_eq(sym("foo")->state, SYM_COMMON);
  ck_assert_ptr_eq(sym("foo")->file, a);
} END_TEST

START_TEST(common_bad_alignment) {
  struct capture c;
  capture_begin(&c);
  add1("a.o", common("foo", 8, 12));
  const char *text = capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_contains(text, "a.o: common symbol 'foo' has a bad alignment 12");
  ck_assert_uint_eq(sym("foo")->state, SYM_UNDEF);
} END_TEST

//
// References
//

START_TEST(weak_reference_stays_undefined) {
  add1("a.o", weak_undef("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(s->state, SYM_UNDEF);
  ck_assert_ptr_eq(s->file, NULL);
  ck_assert(s->ref_flags & SF_REFERENCED);
  ck_assert(!(s->ref_flags & SF_REF_STRONG));
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

START_TEST(strong_reference_sets_flag) {
  add1("a.o", undef("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(s->state, SYM_UNDEF);
  ck_assert(s->ref_flags & SF_REF_STRONG);
  ck_assert(s->ref_flags & SF_REFERENCED);
} END_TEST

// One strong reference anywhere makes the symbol strongly referenced.
START_TEST(weak_then_strong_reference) {
  add1("a.o", weak_undef("foo"));
  add1("b.o", undef("foo"));
  add1("c.o", weak_undef("foo"));
  ck_assert(sym("foo")->ref_flags & SF_REF_STRONG);
} END_TEST

START_TEST(reference_then_definition) {
  add1("a.o", undef("foo"));
  struct objfile *b = add1("b.o", def("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(s->state, SYM_DEFINED);
  ck_assert_ptr_eq(s->file, b);
  ck_assert(s->ref_flags & SF_REF_STRONG);
} END_TEST

START_TEST(definition_then_reference) {
  struct objfile *a = add1("a.o", def("foo"));
  add1("b.o", undef("foo"));
  struct symbol *s = sym("foo");
  ck_assert_uint_eq(s->state, SYM_DEFINED);
  ck_assert_ptr_eq(s->file, a);
  ck_assert(s->ref_flags & SF_REF_STRONG);
} END_TEST

// The most constraining visibility wins, default being the weakest
// (gABI: STV_INTERNAL < STV_HIDDEN < STV_PROTECTED in strength order).
START_TEST(visibility_merges) {
  struct tsym hidden_ref = undef("foo");
  hidden_ref.other = STV_HIDDEN;
  add1("a.o", hidden_ref);
  add1("b.o", def("foo"));
  ck_assert_uint_eq(sym("foo")->visibility, STV_HIDDEN);

  struct tsym prot = def("bar"), internal = undef("bar");
  prot.other = STV_PROTECTED;
  internal.other = STV_INTERNAL;
  add1("c.o", prot);
  ck_assert_uint_eq(sym("bar")->visibility, STV_PROTECTED);
  add1("d.o", internal);
  ck_assert_uint_eq(sym("bar")->visibility, STV_INTERNAL);
} END_TEST

//
// Broken symbol tables
//

START_TEST(local_after_global) {
  struct tsym syms[] = {
      def("foo"),
      {"bar", STB_LOCAL, STT_OBJECT, 1, 0, 4},
  };
  struct capture c;
  capture_begin(&c);
  add("a.o", syms, 2);
  const char *text = capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_contains(text, "a.o: symbol 2: local symbol after the first "
                           "global (sh_info 1)");
  ck_assert_ptr_eq(sym_find_str(ctx, "bar"), NULL);
} END_TEST

START_TEST(bad_section_index) {
  struct tsym s = {"foo", STB_GLOBAL, STT_OBJECT, 50, 0, 4};
  struct capture c;
  capture_begin(&c);
  add1("a.o", s);
  const char *text = capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_contains(text, "a.o: symbol 'foo' has a bad section index 50");
  ck_assert_uint_eq(sym("foo")->state, SYM_UNDEF);
} END_TEST

START_TEST(bad_name_offset) {
  struct tsym s = def("foo");
  struct tobj *o = object(&s, 1);
  wr32(tobj_sym(o, 1) + offsetof(Elf64_Sym, st_name), 5000);
  struct objfile *f = tobj_load("a.o", o);
  struct capture c;
  capture_begin(&c);
  add_file_symbols(ctx, f);
  const char *text = capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_contains(text, "a.o: symbol 1: name offset 5000 is out of range");
} END_TEST

//
// resolve_symbols() and finish_resolution(): objects and archives in
// command-line order
//

static void add_entry(enum entry_kind kind, struct objfile *obj,
                      struct archive *ar, bool whole) {
  struct input_entry *e = arena_alloc(ctx, sizeof(*e));
  *e = (struct input_entry){kind, obj, ar, whole};
  vec_push(ctx, &ctx->entries, e);
}

static struct objfile *entry_object(const char *name, const struct tsym *syms,
                                    u32 n) {
  struct objfile *f = tobj_load(name, object(syms, n));
  add_entry(E_OBJECT, f, NULL, false);
  return f;
}

// An archive member: a name and its symbols.
struct member_spec {
  const char *name;
  struct tsym syms[3];
  u32 nsyms;
};

// An archive of members, its index listing each defined global in the
// order given; added as an entry.
static struct archive *entry_archive(const char *name,
                                     const struct member_spec *m, u32 n,
                                     bool whole) {
  struct tmember *mem = arena_alloc(ctx, n * sizeof(*mem));
  struct tindex *idx = arena_alloc(ctx, 3 * n * sizeof(*idx));
  u32 nidx = 0;
  for (u32 i = 0; i < n; i++) {
    struct tobj *o = object(m[i].syms, m[i].nsyms);
    mem[i] = (struct tmember){m[i].name, o->data, o->size};
    for (u32 k = 0; k < m[i].nsyms; k++)
      if (m[i].syms[k].shndx != SHN_UNDEF)
        idx[nidx++] = (struct tindex){m[i].syms[k].name, i};
  }
  struct tar_spec spec = {AR_INDEX32, false, idx, nidx, mem, n};
  struct tar t = tar_build(&spec);
  struct archive *ar = open_archive(ctx, mem_mapping(name, t.data, t.size));
  ck_assert(ar != NULL);
  add_entry(E_ARCHIVE, NULL, ar, whole);
  return ar;
}

// The names of the live objects, in link order, separated by spaces.
static const char *live_objects(void) {
  const char *s = "";
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    ck_assert(f->live);
    ck_assert_uint_eq(f->priority, i + 1);
    s = arena_printf(ctx, "%s%s%s", s, i ? " " : "", f->name);
  }
  return s;
}

// A member is extracted for a strong reference, and its own references
// extract more: the index is rescanned until nothing new comes.  A member
// that would satisfy only a weak reference stays out.
START_TEST(archive_extraction) {
  struct tsym main_syms[] = {undef("foo"), weak_undef("bar")};
  entry_object("main.o", main_syms, 2);
  struct member_spec m[] = {
      {"baz.o", {def("baz")}, 1},                   // listed first
      {"foo.o", {def("foo"), undef("baz")}, 2},
      {"bar.o", {def("bar")}, 1},
  };
  entry_archive("lib.a", m, 3, false);
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_str_eq(live_objects(), "main.o lib.a(foo.o) lib.a(baz.o)");
  ck_assert_uint_eq(sym("baz")->state, SYM_DEFINED);
  ck_assert_uint_eq(sym("bar")->state, SYM_UNDEF);
} END_TEST

// An archive before the object that needs it is not searched again.
START_TEST(archive_before_reference) {
  struct member_spec m[] = {{"foo.o", {def("foo")}, 1}};
  entry_archive("lib.a", m, 1, false);
  entry_object("main.o", (struct tsym[]){undef("foo")}, 1);
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_str_eq(live_objects(), "main.o");
  ck_assert_uint_eq(sym("foo")->state, SYM_UNDEF);
} END_TEST

// lib1's b.o is needed only by lib2's c.o: found only if the two are
// in a group, which is rescanned as a whole.
static void two_libs(bool group) {
  entry_object("main.o", (struct tsym[]){undef("a")}, 1);
  if (group)
    add_entry(E_GROUP_START, NULL, NULL, false);
  struct member_spec lib1[] = {
      {"a.o", {def("a"), undef("c")}, 2},
      {"b.o", {def("b")}, 1},
  };
  struct member_spec lib2[] = {{"c.o", {def("c"), undef("b")}, 2}};
  entry_archive("lib1.a", lib1, 2, false);
  entry_archive("lib2.a", lib2, 1, false);
  if (group)
    add_entry(E_GROUP_END, NULL, NULL, false);
  resolve_symbols(ctx);
  finish_resolution(ctx);
}

START_TEST(group_rescans) {
  two_libs(true);
  ck_assert_str_eq(live_objects(),
                   "main.o lib1.a(a.o) lib2.a(c.o) lib1.a(b.o)");
  ck_assert_uint_eq(sym("b")->state, SYM_DEFINED);
} END_TEST

START_TEST(no_group_no_rescan) {
  two_libs(false);
  ck_assert_str_eq(live_objects(), "main.o lib1.a(a.o) lib2.a(c.o)");
  ck_assert_uint_eq(sym("b")->state, SYM_UNDEF);
} END_TEST

START_TEST(whole_archive_takes_all) {
  entry_object("main.o", (struct tsym[]){def("main")}, 1);
  struct member_spec m[] = {
      {"x.o", {def("x")}, 1},
      {"y.o", {def("y")}, 1},
  };
  entry_archive("lib.a", m, 2, true);
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_str_eq(live_objects(), "main.o lib.a(x.o) lib.a(y.o)");
} END_TEST

// -u makes a root that extracts a member.
START_TEST(dash_u_extracts) {
  vec_push(ctx, &ctx->cfg.undefined, (void *)"x");
  struct member_spec m[] = {
      {"x.o", {def("x")}, 1},
      {"y.o", {def("y")}, 1},
  };
  entry_archive("lib.a", m, 2, false);
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_str_eq(live_objects(), "lib.a(x.o)");
} END_TEST

// A symbol that is only COMMON so far extracts a member whose own symbol
// table defines it for real, as GNU ld does; the index lists it in every
// member below, but a COMMON, a weak or a function definition does not
// count, nor does a definition that is not the member's first symbol of
// that name.
START_TEST(common_extracts_data_definition) {
  entry_object("main.o", (struct tsym[]){common("x", 4, 4)}, 1);
  struct tsym fn = {"x", STB_GLOBAL, STT_FUNC, 1, 0, 4};
  struct member_spec m[] = {
      {"c.o", {common("x", 16, 16), def("c")}, 2},
      {"w.o", {weak_def("x"), def("w")}, 2},
      {"f.o", {fn, def("f")}, 2},
      {"d.o", {def("x"), def("d")}, 2},
  };
  entry_archive("lib.a", m, 4, false);
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_str_eq(live_objects(), "main.o lib.a(d.o)");
  ck_assert_uint_eq(sym("x")->state, SYM_DEFINED);
  ck_assert_str_eq(sym("x")->file->name, "lib.a(d.o)");
  ck_assert_uint_eq(sym("d")->state, SYM_DEFINED);
  ck_assert(sym_find_str(ctx, "c") == NULL);
} END_TEST

// An absolute definition counts too; a member extracted for another
// symbol merges its COMMON symbol with the one it meets.
START_TEST(common_extracts_abs_and_merges) {
  struct tsym main_syms[] = {common("x", 4, 4), common("y", 4, 4),
                             undef("pull")};
  entry_object("main.o", main_syms, 3);
  struct tsym abs = {"x", STB_GLOBAL, STT_OBJECT, SHN_ABS, 8, 0};
  struct member_spec m[] = {
      {"a.o", {abs}, 1},
      {"p.o", {def("pull"), common("y", 64, 32)}, 2},
  };
  entry_archive("lib.a", m, 2, false);
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_str_eq(live_objects(), "main.o lib.a(a.o) lib.a(p.o)");
  ck_assert(sym_is_abs(sym("x")));
  ck_assert_uint_eq(sym("y")->state, SYM_COMMON);
  ck_assert_uint_eq(def_size(sym("y")), 64);
  ck_assert_uint_eq(sym("y")->value, 32);
} END_TEST

// COMMON symbols are listed once each for .bss, in the order of GNU ld's
// hash table: bfd's hash of "x" is in bucket 351 of 4051, "y" in 2684.
START_TEST(commons_listed_in_hash_order) {
  struct tsym a[] = {common("z", 4, 4), common("y", 8, 8)};
  struct tsym b[] = {common("y", 16, 4), def("z")};
  struct tsym c[] = {common("x", 2, 2)};
  entry_object("a.o", a, 2);
  entry_object("b.o", b, 2);
  entry_object("c.o", c, 1);
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_uint_eq(ctx->commons.len, 2);
  ck_assert_ptr_eq(ctx->commons.v[0], sym("x"));
  ck_assert_ptr_eq(ctx->commons.v[1], sym("y"));
  ck_assert_uint_eq(sym("z")->state, SYM_DEFINED);
} END_TEST

// GNU ld's walk of its hash table for a few names among many, pair by
// pair (bfd_walk_orders), agrees with the model of the whole table as it
// grows from 4051 to 65521 buckets (bfd_walk_order), also for "c50" and
// "c93", whose bfd hashes are the same.
START_TEST(walk_order_of_few_names_as_whole_table) {
  enum { N = 40000, STEP = 61 };
  struct symbol **all = arena_alloc(ctx, N * sizeof(*all));
  for (u32 i = 0; i < N; i++) {
    char *name = arena_alloc(ctx, 24);
    int len = i == 9000    ? snprintf(name, 24, "c50")
              : i == 30001 ? snprintf(name, 24, "c93")
                           : snprintf(name, 24, "s%u", i * 2654435761u);
    all[i] = sym_intern(ctx, name, (u32)len);
    table_see(&ctx->symbols, all[i]);
  }
  ck_assert_uint_eq(bfd_hash("c50", 3), bfd_hash("c93", 3));
  for (int collide = 0; collide < 2; collide++) {
    struct order_key k[N / STEP + 4];  // every STEP-th, one twice, two more
    u32 m = 0;
    for (u32 i = 0; i < N; i += STEP)
      k[m++] = (struct order_key){.order = BFD_WALK, .sym = all[i]};
    k[m++] = (struct order_key){.order = BFD_WALK, .sym = all[STEP * 7]}; // twice
    if (collide) {
      k[m++] = (struct order_key){.order = BFD_WALK, .sym = all[9000]};
      k[m++] = (struct order_key){.order = BFD_WALK, .sym = all[30001]};
    }
    bfd_walk_orders(ctx, k, m);
    // Every pair is compared; a Check assertion per pair (a write to
    // Check's pipe each) made this test slow under sanitizers, so the
    // first wrong pair is asserted once.
    u64 w[N / STEP + 4];
    for (u32 i = 0; i < m; i++)
      w[i] = bfd_walk_order(ctx, k[i].sym);
    u32 bad_i = m, bad_j = m;
    for (u32 i = 0; i < m && bad_i == m; i++)
      for (u32 j = 0; j < m; j++)
        if ((k[i].order < k[j].order) != (w[i] < w[j]) ||
            (k[i].order == k[j].order) != (w[i] == w[j])) {
          bad_i = i, bad_j = j;
          break;
        }
    ck_assert_msg(bad_i == m, "%s and %s", k[bad_i].sym->name,
                  k[bad_j].sym->name);
    ctx->bfd_rank = NULL; // made again by the next call that needs it
  }
} END_TEST

// Two objects with the same COMDAT group: the second's members are
// discarded and their definitions become references, so no error.
static struct objfile *comdat_object(const char *name) {
  u32 group[2] = {GRP_COMDAT, 2};
  struct tsec secs[] = {
      {".group", SHT_GROUP, 0, group, sizeof(group), 4, 1},
      {".text.foo", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR | SHF_GROUP, NULL,
       8, 4},
  };
  struct tsym foo = {"foo", STB_GLOBAL, STT_FUNC, 2, 0, 8};
  struct tobj *o = arena_alloc(ctx, sizeof(*o));
  *o = tobj_build(secs, 2, &foo, 1);
  struct objfile *f = tobj_load(name, o);
  add_entry(E_OBJECT, f, NULL, false);
  return f;
}

START_TEST(comdat_first_wins) {
  struct objfile *a = comdat_object("a.o");
  struct objfile *b = comdat_object("b.o");
  resolve_symbols(ctx);
  finish_resolution(ctx);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_ptr_eq(sym("foo")->file, a);
  ck_assert(a->discarded == NULL);
  ck_assert(b->discarded != NULL);
  ck_assert_uint_eq(b->discarded[2], 1);
  ck_assert_uint_eq(b->discarded[1], 0);
} END_TEST

int main(void) {
  Suite *s = suite_create("symbols");
  TCase *tc = ctx_tcase(s, "definitions");
  tcase_add_test(tc, strong_beats_weak_weak_first);
  tcase_add_test(tc, strong_beats_weak_strong_first);
  tcase_add_test(tc, first_weak_wins);
  tcase_add_test(tc, two_strong_is_error);
  tcase_add_test(tc, abs_symbol_is_defined);
  tcase_add_test(tc, definition_fields);

  tc = ctx_tcase(s, "common");
  tcase_add_test(tc, common_keeps_largest_size_and_strictest_align);
  tcase_add_test(tc, common_largest_first);
  tcase_add_test(tc, strong_beats_common_common_first);
  tcase_add_test(tc, strong_beats_common_strong_first);
  tcase_add_test(tc, common_beats_weak_weak_first);
  tcase_add_test(tc, common_beats_weak_common_first);
  tcase_add_test(tc, common_bad_alignment);

  tc = ctx_tcase(s, "references");
  tcase_add_test(tc, weak_reference_stays_undefined);
  tcase_add_test(tc, strong_reference_sets_flag);
  tcase_add_test(tc, weak_then_strong_reference);
  tcase_add_test(tc, reference_then_definition);
  tcase_add_test(tc, definition_then_reference);
  tcase_add_test(tc, visibility_merges);

  tc = ctx_tcase(s, "broken");
  tcase_add_test(tc, local_after_global);
  tcase_add_test(tc, bad_section_index);
  tcase_add_test(tc, bad_name_offset);

  tc = ctx_tcase(s, "resolve");
  tcase_add_test(tc, archive_extraction);
  tcase_add_test(tc, archive_before_reference);
  tcase_add_test(tc, group_rescans);
  tcase_add_test(tc, no_group_no_rescan);
  tcase_add_test(tc, whole_archive_takes_all);
  tcase_add_test(tc, dash_u_extracts);
  tcase_add_test(tc, common_extracts_data_definition);
  tcase_add_test(tc, common_extracts_abs_and_merges);
  tcase_add_test(tc, commons_listed_in_hash_order);
  tcase_add_test(tc, walk_order_of_few_names_as_whole_table);
  tcase_add_test(tc, comdat_first_wins);
  return run_suite(s);
}
