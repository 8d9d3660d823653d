// check_archive.c: `ar` archives: the symbol index, long names, members.
//
// The GNU format: "!<arch>\n", then 60-byte member headers, each followed
// by the member's bytes padded to an even offset.  The first members may
// be the symbol index ("/": a 32-bit big-endian count, that many 32-bit
// big-endian member offsets, then the NUL-terminated names; "/SYM64/": the
// same with 64-bit numbers) and the long-name table ("//": "name/\n"
// entries, referred to by members named "/OFFSET").  Archives are built
// here by tar_build(), or written out byte by byte where the point is the
// exact encoding; broken ones must give an error and never a crash.

#include "testutil.h"

#include <sys/mman.h>

static struct tobj object_defining(const char *name) {
  return tobj_defining(&name, 1);
}

static struct archive *open_tar(struct tar *t) {
  return open_archive(ctx, mem_mapping("libt.a", t->data, t->size));
}

// open_archive on bytes, expecting exactly one error; returns the message.
static const char *open_fails(const void *data, u64 size) {
  struct capture c;
  capture_begin(&c);
  struct archive *ar = open_archive(ctx, mem_mapping("libt.a", data, size));
  const char *text = capture_end(&c);
  ck_assert_msg(ar == NULL, "a broken archive was opened");
  ck_assert_uint_eq(ctx->errors, 1);
  return text;
}

// archive_member at off, expecting exactly one error.
static const char *member_fails(struct archive *ar, u64 off) {
  struct capture c;
  capture_begin(&c);
  struct objfile *f = archive_member(ctx, ar, off);
  const char *text = capture_end(&c);
  ck_assert_msg(f == NULL, "a broken member was extracted");
  ck_assert_uint_eq(ctx->errors, 1);
  return text;
}

// Two members, a.o (foo, foo2) and b.o (bar), and an index for them.
static struct tar two_members(int index) {
  static const char *const a_syms[] = {"foo", "foo2"};
  struct tobj *a = arena_alloc(ctx, sizeof(*a));
  struct tobj *b = arena_alloc(ctx, sizeof(*b));
  *a = tobj_defining(a_syms, 2);
  *b = object_defining("bar");
  struct tmember m[] = {{"a.o", a->data, a->size}, {"b.o", b->data, b->size}};
  struct tindex idx[] = {{"foo", 0}, {"bar", 1}, {"foo2", 0}};
  struct tar_spec spec = {index, false, idx, 3, m, 2};
  return tar_build(&spec);
}

// Overwrites the decimal size field of the member header at h.
static void set_size_field(u8 *h, const char *text) {
  memset(h + 48, ' ', 10);
  memcpy(h + 48, text, strlen(text));
}

//
// The symbol index
//

// The index's numbers are big-endian whatever the host: count 1, and one
// member offset 0x00010204.
START_TEST(index32_is_big_endian) {
  static const u8 ar[] =
      "!<arch>\n"
      "/               0           0     0     0       12        `\n"
      "\x00\x00\x00\x01"                   // one symbol
      "\x00\x01\x02\x04"                   // its member's header offset
      "foo";                               // + the string's NUL
  // The literal's own NUL ends "foo".
  struct archive *a = open_archive(ctx, mem_mapping("l.a", ar, sizeof(ar)));
  ck_assert(a != NULL);
  ck_assert_uint_eq(a->nsyms, 1);
  ck_assert_uint_eq(a->offset_size, 4);
  ck_assert_uint_eq(archive_index_offset(a, 0), 0x00010204);
  ck_assert_str_eq(a->names, "foo");
} END_TEST

START_TEST(index64_is_big_endian) {
  static const u8 ar[] =
      "!<arch>\n"
      "/SYM64/         0           0     0     0       18        `\n"
      "\x00\x00\x00\x00\x00\x00\x00\x01"   // one symbol
      "\x00\x00\x00\x01\x00\x00\x00\x08"   // offset 0x100000008
      "x";
  struct archive *a = open_archive(ctx, mem_mapping("l.a", ar, sizeof(ar)));
  ck_assert(a != NULL);
  ck_assert_uint_eq(a->nsyms, 1);
  ck_assert_uint_eq(a->offset_size, 8);
  ck_assert_uint_eq(archive_index_offset(a, 0), 0x100000008ULL);
  ck_assert_str_eq(a->names, "x");
} END_TEST

START_TEST(index32_offsets_and_names) {
  struct tar t = two_members(AR_INDEX32);
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert(!ar->thin);
  ck_assert_uint_eq(ar->nsyms, 3);
  ck_assert_uint_eq(ar->offset_size, 4);
  ck_assert_uint_eq(archive_index_offset(ar, 0), t.member_off[0]);
  ck_assert_uint_eq(archive_index_offset(ar, 1), t.member_off[1]);
  ck_assert_uint_eq(archive_index_offset(ar, 2), t.member_off[0]);
  ck_assert_uint_eq(ar->names_size, sizeof("foo\0bar\0foo2"));
  ck_assert(!memcmp(ar->names, "foo\0bar\0foo2", ar->names_size));
} END_TEST

START_TEST(index64_offsets_and_names) {
  struct tar t = two_members(AR_INDEX64);
  ck_assert(!memcmp(t.data + 8, "/SYM64/ ", 8));
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  ck_assert_uint_eq(ar->nsyms, 3);
  ck_assert_uint_eq(ar->offset_size, 8);
  ck_assert_uint_eq(archive_index_offset(ar, 1), t.member_off[1]);
  ck_assert_uint_eq(archive_index_offset(ar, 2), t.member_off[0]);
  ck_assert(!memcmp(ar->names, "foo\0bar\0foo2", ar->names_size));
} END_TEST

START_TEST(no_index) {
  struct tar t = two_members(AR_NO_INDEX);
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  ck_assert_uint_eq(ar->nsyms, 0);
  ck_assert(archive_member(ctx, ar, t.member_off[1]) != NULL);
} END_TEST

START_TEST(empty_archive) {
  struct archive *ar = open_archive(ctx, mem_mapping("l.a", "!<arch>\n", 8));
  ck_assert(ar != NULL);
  ck_assert_uint_eq(ar->nsyms, 0);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

//
// Members
//

START_TEST(member_by_index_offset) {
  struct tar t = two_members(AR_INDEX32);
  struct archive *ar = open_tar(&t);
  struct objfile *f = archive_member(ctx, ar, archive_index_offset(ar, 1));
  ck_assert(f != NULL);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_str_eq(f->name, "libt.a(b.o)");
  ck_assert(f->parsed);
  ck_assert(!f->live);
  ck_assert_ptr_eq(f->data, t.data + t.member_off[1] + 60);
  struct esym s;
  read_sym(f, 1, &s);
  ck_assert_str_eq(sym_name(f, &s), "bar");
} END_TEST

// Each member offset maps to one objfile, however often it is asked for.
START_TEST(member_is_cached) {
  struct tar t = two_members(AR_INDEX32);
  struct archive *ar = open_tar(&t);
  struct objfile *a1 = archive_member(ctx, ar, archive_index_offset(ar, 0));
  struct objfile *b = archive_member(ctx, ar, archive_index_offset(ar, 1));
  struct objfile *a2 = archive_member(ctx, ar, archive_index_offset(ar, 2));
  ck_assert(a1 != NULL && b != NULL);
  ck_assert_ptr_eq(a1, a2);
  ck_assert_ptr_ne(a1, b);
  ck_assert_str_eq(a1->name, "libt.a(a.o)");
} END_TEST

// Many members: the offset cache grows past its first 64 slots.
START_TEST(member_cache_grows) {
  enum { N = 40 };
  struct tobj o = object_defining("f");
  struct tmember m[N];
  for (u32 i = 0; i < N; i++)
    m[i] = (struct tmember){arena_printf(ctx, "m%u.o", i), o.data, o.size};
  struct tar_spec spec = {AR_NO_INDEX, false, NULL, 0, m, N};
  struct tar t = tar_build(&spec);
  struct archive *ar = open_tar(&t);
  struct objfile *f[N];
  for (u32 round = 0; round < 2; round++) {
    for (u32 i = 0; i < N; i++) {
      struct objfile *g = archive_member(ctx, ar, t.member_off[i]);
      ck_assert(g != NULL);
      if (round == 0)
        f[i] = g;
      ck_assert_ptr_eq(g, f[i]);
    }
  }
  ck_assert_str_eq(f[N - 1]->name, "libt.a(m39.o)");
} END_TEST

// "//" holds "name/\n" entries; a member named "/123" is the one at 123.
START_TEST(long_names) {
  char first[122];
  memset(first, 'x', 119);
  strcpy(first + 119, ".o");           // 121 bytes, + "/\n" = 123
  const char *second = "another_rather_long_member_name.o";
  struct tobj a = object_defining("a"), b = object_defining("b");
  struct tmember m[] = {
      {"short.o", a.data, a.size},
      {first, a.data, a.size},
      {second, b.data, b.size},
  };
  struct tar_spec spec = {AR_NO_INDEX, false, NULL, 0, m, 3};
  struct tar t = tar_build(&spec);
  ck_assert(!memcmp(t.data + t.member_off[1], "/0 ", 3));
  ck_assert(!memcmp(t.data + t.member_off[2], "/123 ", 5));
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  ck_assert_uint_eq(ar->longnames_size, 123 + strlen(second) + 2);

  struct objfile *f0 = archive_member(ctx, ar, t.member_off[0]);
  struct objfile *f1 = archive_member(ctx, ar, t.member_off[1]);
  struct objfile *f2 = archive_member(ctx, ar, t.member_off[2]);
  ck_assert(f0 && f1 && f2);
  ck_assert_str_eq(f0->name, "libt.a(short.o)");
  ck_assert_str_eq(f1->name, arena_printf(ctx, "libt.a(%s)", first));
  ck_assert_str_eq(f2->name, "libt.a(another_rather_long_member_name.o)");
} END_TEST

static struct vec visited;

static void visit(struct ctx *c, struct objfile *f) {
  vec_push(c, &visited, (void *)f->name);
}

// --whole-archive: every object member in order, the index and the
// long-name table skipped, odd-sized members padded.
START_TEST(all_members_in_order) {
  struct tobj a = object_defining("a"), b = object_defining("b");
  // An object may have trailing bytes; an odd size needs a pad byte.
  u8 *odd = arena_alloc(ctx, a.size + 1);
  memcpy(odd, a.data, a.size);
  odd[a.size] = 0;
  struct tmember m[] = {
      {"odd.o", odd, a.size + 1},
      {"a_member_with_a_long_name.o", b.data, b.size},
      {"b.o", b.data, b.size},
  };
  struct tindex idx[] = {{"a", 0}, {"b", 2}};
  struct tar_spec spec = {AR_INDEX32, false, idx, 2, m, 3};
  struct tar t = tar_build(&spec);
  ck_assert(t.longnames_off != 0);
  ck_assert_uint_eq(t.member_off[1] - t.member_off[0], 60 + a.size + 2);
  struct archive *ar = open_tar(&t);
  visited = (struct vec){0};
  archive_all_members(ctx, ar, visit);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_uint_eq(visited.len, 3);
  ck_assert_str_eq(visited.v[0], "libt.a(odd.o)");
  ck_assert_str_eq(visited.v[1], "libt.a(a_member_with_a_long_name.o)");
  ck_assert_str_eq(visited.v[2], "libt.a(b.o)");
} END_TEST

// The same archive through a real file and map_file().
START_TEST(through_map_file) {
  struct tar t = two_members(AR_INDEX32);
  const char *dir = temp_dir();
  const char *path = arena_printf(ctx, "%s/libt.a", dir);
  write_file(path, t.data, t.size);
  struct mapping *m = map_file(ctx, path, true);
  unlink(path);
  rmdir(dir);
  ck_assert(m != NULL);
  ck_assert_uint_eq(m->size, t.size);
  struct archive *ar = open_archive(ctx, m);
  ck_assert(ar != NULL);
  ck_assert_str_eq(ar->name, path);
  struct objfile *f = archive_member(ctx, ar, archive_index_offset(ar, 1));
  ck_assert(f != NULL);
  ck_assert_str_eq(f->name, arena_printf(ctx, "%s(b.o)", path));
} END_TEST

// A thin archive names files next to it and holds only their headers.
START_TEST(thin_archive) {
  struct tobj a = object_defining("foo"), b = object_defining("bar");
  const char *dir = temp_dir();
  const char *pa = arena_printf(ctx, "%s/a.o", dir);
  const char *pb = arena_printf(ctx, "%s/b.o", dir);
  const char *pt = arena_printf(ctx, "%s/libthin.a", dir);
  struct tmember m[] = {{"a.o", a.data, a.size}, {"b.o", b.data, b.size}};
  struct tindex idx[] = {{"foo", 0}, {"bar", 1}};
  struct tar_spec spec = {AR_INDEX32, true, idx, 2, m, 2};
  struct tar t = tar_build(&spec);
  write_file(pa, a.data, a.size);
  write_file(pb, b.data, b.size);
  write_file(pt, t.data, t.size);
  struct mapping *map = map_file(ctx, pt, true);
  struct archive *ar = map ? open_archive(ctx, map) : NULL;
  struct objfile *f = ar ? archive_member(ctx, ar, archive_index_offset(ar, 1))
                         : NULL;
  visited = (struct vec){0};
  if (ar)
    archive_all_members(ctx, ar, visit);
  unlink(pa);
  unlink(pb);
  unlink(pt);
  rmdir(dir);

  ck_assert(ar != NULL);
  ck_assert(ar->thin);
  ck_assert(f != NULL);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_str_eq(f->name, arena_printf(ctx, "%s(b.o)", pt));
  struct esym s;
  read_sym(f, 1, &s);
  ck_assert_str_eq(sym_name(f, &s), "bar");
  ck_assert_uint_eq(visited.len, 2);
  ck_assert_str_eq(visited.v[0], arena_printf(ctx, "%s(a.o)", pt));
} END_TEST

//
// Broken archives
//

// Count 5 in an 8-byte index: 5 offsets would run past it.
START_TEST(index_count_too_large) {
  static const u8 ar[] =
      "!<arch>\n"
      "/               0           0     0     0       8         `\n"
      "\x00\x00\x00\x05\x00\x00\x00\x08";
  ck_assert_contains(open_fails(ar, sizeof(ar) - 1),
                     "libt.a: malformed archive: symbol index claims 5 "
                     "entries in 8 bytes");
} END_TEST

// A count near 2^64 must not overflow count * 8 into something small.
START_TEST(index64_count_huge) {
  static const u8 ar[] =
      "!<arch>\n"
      "/SYM64/         0           0     0     0       16        `\n"
      "\x20\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x08";
  ck_assert_contains(open_fails(ar, sizeof(ar) - 1),
                     "symbol index claims 2305843009213693953 entries");
} END_TEST

START_TEST(index_truncated) {
  static const u8 ar[] =
      "!<arch>\n"
      "/               0           0     0     0       2         `\n"
      "\x00\x00";
  ck_assert_contains(open_fails(ar, sizeof(ar) - 1),
                     "malformed archive: truncated symbol index");
} END_TEST

START_TEST(index_names_unterminated) {
  static const u8 ar[] =
      "!<arch>\n"
      "/               0           0     0     0       12        `\n"
      "\x00\x00\x00\x02\x00\x00\x00\x08\x00\x00\x00\x08";   // no names
  ck_assert_contains(open_fails(ar, sizeof(ar) - 1),
                     "symbol index names are not terminated");
} END_TEST

// The index member's size runs past the end of the file.
START_TEST(index_past_end) {
  struct tar t = two_members(AR_INDEX32);
  set_size_field(t.data + t.index_off, "100000");
  ck_assert_contains(open_fails(t.data, t.size),
                     "member at offset 8 extends past the end of the file");
} END_TEST

START_TEST(index_bad_fmag) {
  struct tar t = two_members(AR_INDEX32);
  t.data[t.index_off + 58] = '\'';
  ck_assert_contains(open_fails(t.data, t.size),
                     "libt.a: malformed archive: bad member header at "
                     "offset 8");
} END_TEST

START_TEST(index_bad_size_field) {
  struct tar t = two_members(AR_INDEX32);
  set_size_field(t.data + t.index_off, "4x");
  ck_assert_contains(open_fails(t.data, t.size), "bad member header");
} END_TEST

// The file ends in the middle of the first header.
START_TEST(truncated_header) {
  struct tar t = two_members(AR_INDEX32);
  ck_assert_contains(open_fails(t.data, 8 + 30),
                     "member header at offset 8 is past the end");
} END_TEST

START_TEST(member_past_end) {
  struct tar t = two_members(AR_INDEX32);
  set_size_field(t.data + t.member_off[1], "99999");
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  ck_assert_contains(member_fails(ar, t.member_off[1]),
                     "libt.a(b.o): malformed archive: member extends past "
                     "the end of the file");
} END_TEST

// The last member is cut short by the end of the file.
START_TEST(member_truncated) {
  struct tar t = two_members(AR_INDEX32);
  t.size -= 5;
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  ck_assert_contains(member_fails(ar, t.member_off[1]),
                     "member extends past the end of the file");
} END_TEST

START_TEST(member_bad_fmag) {
  struct tar t = two_members(AR_INDEX32);
  t.data[t.member_off[1] + 59] = 0;
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  const char *text = member_fails(ar, t.member_off[1]);
  ck_assert_contains(text, arena_printf(ctx, "bad member header at offset "
                                        "%llu", (unsigned long long)
                                        t.member_off[1]));
} END_TEST

// An index entry that points into the middle of a member.
START_TEST(member_offset_not_a_header) {
  struct tar t = two_members(AR_INDEX32);
  struct archive *ar = open_tar(&t);
  ck_assert_contains(member_fails(ar, t.member_off[1] + 2),
                     "bad member header");
} END_TEST

START_TEST(member_offset_past_end) {
  struct tar t = two_members(AR_INDEX32);
  struct archive *ar = open_tar(&t);
  ck_assert_contains(member_fails(ar, t.size + 100),
                     "is past the end of the file");
} END_TEST

START_TEST(member_offset_huge) {
  struct tar t = two_members(AR_INDEX32);
  struct archive *ar = open_tar(&t);
  ck_assert_contains(member_fails(ar, UINT64_MAX - 10),
                     "is past the end of the file");
} END_TEST

// Fewer than 60 bytes left at the offset.
START_TEST(member_offset_near_end) {
  struct tar t = two_members(AR_INDEX32);
  struct archive *ar = open_tar(&t);
  ck_assert_contains(member_fails(ar, t.size - 59),
                     "is past the end of the file");
} END_TEST

// "/999" where the "//" table is much shorter.
START_TEST(long_name_offset_out_of_range) {
  struct tobj a = object_defining("a");
  struct tmember m[] = {
      {"a_member_with_a_long_name.o", a.data, a.size},
      {"b.o", a.data, a.size},
  };
  struct tar_spec spec = {AR_NO_INDEX, false, NULL, 0, m, 2};
  struct tar t = tar_build(&spec);
  memcpy(t.data + t.member_off[0], "/999", 4);
  struct archive *ar = open_tar(&t);
  ck_assert(ar != NULL);
  ck_assert_contains(member_fails(ar, t.member_off[0]),
                     "libt.a: malformed archive: bad long member name "
                     "offset");
} END_TEST

// The offset equal to the table's size is one past its end.
START_TEST(long_name_offset_at_end) {
  struct tobj a = object_defining("a");
  struct tmember m[] = {{"a_member_with_a_long_name.o", a.data, a.size}};
  struct tar_spec spec = {AR_NO_INDEX, false, NULL, 0, m, 1};
  struct tar t = tar_build(&spec);
  memcpy(t.data + t.member_off[0], "/29", 3);  // was "/0 "
  struct archive *ar = open_tar(&t);
  ck_assert_uint_eq(ar->longnames_size, 29);
  ck_assert_contains(member_fails(ar, t.member_off[0]),
                     "bad long member name offset");
} END_TEST

// A "/N" name with no "//" table at all.
START_TEST(long_name_without_table) {
  struct tar t = two_members(AR_INDEX32);
  memcpy(t.data + t.member_off[1], "/0  ", 4);
  struct archive *ar = open_tar(&t);
  ck_assert(ar->longnames == NULL);
  ck_assert_contains(member_fails(ar, t.member_off[1]),
                     "bad long member name offset");
} END_TEST

START_TEST(member_not_elf) {
  struct tmember m[] = {{"readme.txt", "hello, world\n", 13}};
  struct tar_spec spec = {AR_NO_INDEX, false, NULL, 0, m, 1};
  struct tar t = tar_build(&spec);
  struct archive *ar = open_tar(&t);
  ck_assert_contains(member_fails(ar, t.member_off[0]),
                     "mld: error: libt.a(readme.txt): ");
} END_TEST

// A broken member among good ones: --whole-archive reports it and goes
// on to the rest.
START_TEST(all_members_skips_broken_member) {
  struct tobj a = object_defining("a");
  struct tmember m[] = {
      {"a.o", a.data, a.size},
      {"bad.o", "not an object", 13},
      {"c.o", a.data, a.size},
  };
  struct tar_spec spec = {AR_NO_INDEX, false, NULL, 0, m, 3};
  struct tar t = tar_build(&spec);
  struct archive *ar = open_tar(&t);
  visited = (struct vec){0};
  struct capture c;
  capture_begin(&c);
  archive_all_members(ctx, ar, visit);
  const char *text = capture_end(&c);
  ck_assert_contains(text, "libt.a(bad.o)");
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_uint_eq(visited.len, 2);
  ck_assert_str_eq(visited.v[1], "libt.a(c.o)");
} END_TEST

// A size field that runs past the end stops the walk with one error.
START_TEST(all_members_stops_at_bad_size) {
  struct tar t = two_members(AR_NO_INDEX);
  set_size_field(t.data + t.member_off[0], "4000000000");
  struct archive *ar = open_tar(&t);
  visited = (struct vec){0};
  struct capture c;
  capture_begin(&c);
  archive_all_members(ctx, ar, visit);
  capture_end(&c);
  ck_assert_uint_eq(ctx->errors, 1);
  ck_assert_uint_eq(visited.len, 0);
} END_TEST

// Warming a member ahead of its extraction (archive_warm_member, run on
// a helper thread during resolution) reads nothing past the archive's
// end and says nothing, whatever the member's headers claim: the archive
// is placed so that its last byte is the last readable one.
static void warm_guarded(const u8 *data, u64 size, u64 off) {
  long page = sysconf(_SC_PAGESIZE);
  u64 room = (size + page - 1) / page * page;
  u8 *mem = mmap(NULL, room + page, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ck_assert(mem != MAP_FAILED);
  ck_assert(mprotect(mem + room, page, PROT_NONE) == 0);
  u8 *at = mem + room - size;
  memcpy(at, data, size);
  struct archive ar = {.map = mem_mapping("libt.a", at, size),
                       .name = "libt.a"};
  archive_warm_member(&ar, off);
  ck_assert_uint_eq(ctx->errors, 0);
  munmap(mem, room + page);
}

START_TEST(warm_reads_only_the_archive) {
  struct tar t = two_members(AR_INDEX32);
  u64 b = t.member_off[1];
  // Every length of the archive, cut anywhere in or before b.o.
  for (u64 n = b - 1; n <= t.size; n++)
    warm_guarded(t.data, n, b);
  // Offsets that name no member.
  warm_guarded(t.data, t.size, t.size - 59);
  warm_guarded(t.data, t.size, t.size + 100);
  warm_guarded(t.data, t.size, UINT64_MAX - 10);
  // b.o's headers pointing past the end.
  u8 *e = t.data + b + 60;
  u64 shoff = rd64(e + offsetof(Elf64_Ehdr, e_shoff));
  u16 shnum = rd16(e + offsetof(Elf64_Ehdr, e_shnum));
  u64 bad[] = {t.size, UINT64_MAX - 8, UINT64_MAX / 64};
  for (u32 i = 0; i < 3; i++) {
    wr64(e + offsetof(Elf64_Ehdr, e_shoff), bad[i]);
    warm_guarded(t.data, t.size, b);
  }
  wr64(e + offsetof(Elf64_Ehdr, e_shoff), shoff);
  wr16(e + offsetof(Elf64_Ehdr, e_shnum), 0xffff);
  warm_guarded(t.data, t.size, b);
  wr16(e + offsetof(Elf64_Ehdr, e_shnum), shnum);
  for (u32 i = 1; i < shnum; i++) {
    u8 *sh = e + shoff + (u64)i * sizeof(Elf64_Shdr);
    u64 o = rd64(sh + offsetof(Elf64_Shdr, sh_offset));
    u64 sz = rd64(sh + offsetof(Elf64_Shdr, sh_size));
    for (u32 k = 0; k < 3; k++) {
      wr64(sh + offsetof(Elf64_Shdr, sh_offset), bad[k]);
      warm_guarded(t.data, t.size, b);
      wr64(sh + offsetof(Elf64_Shdr, sh_offset), o);
      wr64(sh + offsetof(Elf64_Shdr, sh_size), bad[k]);
      warm_guarded(t.data, t.size, b);
      wr64(sh + offsetof(Elf64_Shdr, sh_size), sz);
    }
  }
  // Intact, it is still extracted as before.
  struct archive *ar = open_tar(&t);
  archive_warm_member(ar, b);
  struct objfile *f = archive_member(ctx, ar, b);
  ck_assert_ptr_nonnull(f);
  ck_assert_uint_eq(f->shnum, shnum);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

int main(void) {
  Suite *s = suite_create("archive");
  TCase *tc = ctx_tcase(s, "index");
  tcase_add_test(tc, index32_is_big_endian);
  tcase_add_test(tc, index64_is_big_endian);
  tcase_add_test(tc, index32_offsets_and_names);
  tcase_add_test(tc, index64_offsets_and_names);
  tcase_add_test(tc, no_index);
  tcase_add_test(tc, empty_archive);

  tc = ctx_tcase(s, "members");
  tcase_add_test(tc, member_by_index_offset);
  tcase_add_test(tc, member_is_cached);
  tcase_add_test(tc, member_cache_grows);
  tcase_add_test(tc, long_names);
  tcase_add_test(tc, all_members_in_order);
  tcase_add_test(tc, through_map_file);
  tcase_add_test(tc, thin_archive);

  tc = ctx_tcase(s, "malformed");
  tcase_add_test(tc, index_count_too_large);
  tcase_add_test(tc, index64_count_huge);
  tcase_add_test(tc, index_truncated);
  tcase_add_test(tc, index_names_unterminated);
  tcase_add_test(tc, index_past_end);
  tcase_add_test(tc, index_bad_fmag);
  tcase_add_test(tc, index_bad_size_field);
  tcase_add_test(tc, truncated_header);
  tcase_add_test(tc, member_past_end);
  tcase_add_test(tc, member_truncated);
  tcase_add_test(tc, member_bad_fmag);
  tcase_add_test(tc, member_offset_not_a_header);
  tcase_add_test(tc, member_offset_past_end);
  tcase_add_test(tc, member_offset_huge);
  tcase_add_test(tc, member_offset_near_end);
  tcase_add_test(tc, long_name_offset_out_of_range);
  tcase_add_test(tc, long_name_offset_at_end);
  tcase_add_test(tc, long_name_without_table);
  tcase_add_test(tc, member_not_elf);
  tcase_add_test(tc, all_members_skips_broken_member);
  tcase_add_test(tc, all_members_stops_at_bad_size);
  tcase_add_test(tc, warm_reads_only_the_archive);
  return run_suite(s);
}
