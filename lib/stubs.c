// stubs.c: range-extension stubs (veneers) for branches that cannot reach.
//
// An AArch64 B or BL (R_AARCH64_JUMP26, R_AARCH64_CALL26) reaches 128 MiB
// either way.  In a bigger executable a branch whose target is further
// away goes through a stub, as in GNU ld: adrp x16, T; add x16, x16,
// :lo12:T; br x16, which AAPCS64 allows since x16 (IP0) is the register a
// veneer may clobber between a call and its callee.
//
// Design.  Stubs live in stub sections, each placed right after one input
// section of a code output section (struct stub_sec, laid out by layout.c
// as the tail of that section).  The input sections of each code output
// section are cut into stub groups as GNU ld's group_sections() cuts them:
// starting from a head, a group takes the following sections while the end
// of the last one is less than 127 MiB from the head's start; its stub
// section goes after that last section (the anchor), and the sections that
// follow it and end less than 127 MiB after it join the group too.  Every
// branch of a group is then within 127 MiB of its stub section plus the
// size of the stub sections in between, which the spare MiB covers.  A
// group has one stub per (target symbol, addend): branches share it.
//
// Only a CALL26/JUMP26 whose target lies in another input section can need
// a stub (a section is never split).  For each code section we record its
// branch relocations in a scratch array, partition the candidates to the
// front and keep only them; the candidates of the whole link are then
// sorted by (group, symbol, addend), so equal keys form runs sharing one
// stub, and apply_relocs() finds its stub by binary search.  Relocation
// tables themselves are read in place, never sorted or copied.
//
// Adding stubs moves code, which can put more branches out of reach, so
// layout runs again until a pass adds no stub.  Stubs are only added,
// never removed or shrunk (GNU ld; lld keeps a thunk long once it was), so
// the sizes only grow and the loop ends; a cap of MAX_PASSES turns a
// failure to converge into an error.  When all code fits in branch range
// of itself, none of this runs (wild's fast path).
//
// With --fix-cortex-a53-843419 (errata.c) every non-empty stub section is
// rounded up to 4 KiB, as GNU ld does, so that inserting one does not move
// the code after it to another page offset and make new erratum sequences.

#include "mld.h"

#include <stdlib.h>

enum { MAX_PASSES = 30 };

static const u8 *rela_at(struct isec *is, u32 i) {
  return is->rels + (u64)i * sizeof(Elf64_Rela);
}

static bool in_reach(struct ctx *ctx, i64 v) {
  i64 range = ctx->arch->branch_range;
  return v >= -range && v < range;
}

// Whether every executable address is in branch range of every other,
// and of every absolute address the linker defines (--defsym bar=ADDR, a
// script's assignment): a branch to one may need a stub (GNU ld's
// ld-aarch64/farcall-b-defsym).  Absolute symbols of the inputs are not
// looked at.
static bool code_in_reach(struct ctx *ctx) {
  u64 lo = UINT64_MAX, hi = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!c->size || (c->flags & (SHF_ALLOC | SHF_EXECINSTR)) !=
                        (SHF_ALLOC | SHF_EXECINSTR))
      continue;
    if (c->addr < lo)
      lo = c->addr;
    if (c->addr + c->size > hi)
      hi = c->addr + c->size;
  }
  if (hi <= lo)
    return true;
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    if (sym->state != SYM_DEFINED || !sym_is_abs(sym))
      continue;
    if (sym->value < lo)
      lo = sym->value;
    if (sym->value >= hi)
      hi = sym->value + 1;     // hi is one past the last address
  }
  return hi - lo <= (u64)ctx->arch->branch_range;
}

// The key of a branch's target: the defining file's priority and the
// symbol's index there, so a global has one key wherever it is named (a
// linker-defined one, which has no file, is keyed by its aux record).  0
// for a target that never needs a stub: in the branch's own section, or
// undefined (a weak one becomes a NOP).
static u64 branch_key(struct ctx *ctx, struct objfile *f, u32 symidx,
                      struct isec *is) {
  if (symidx >= f->nsyms)
    return 0;
  if (symidx >= f->first_global) {
    struct symbol *sym = f->globals[symidx - f->first_global];
    if (!sym || sym->state != SYM_DEFINED)
      return 0;
    if (sym->flags & SF_LINKER)
      return (u64)UINT32_MAX << 32 | sym->aux;
    if (!sym->file)
      return 0;
    if (!sym_is_ifunc(sym) && sym_isec(ctx, sym) == is)
      return 0;
    return (u64)sym->file->priority << 32 | sym->symidx;
  }
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  if (shndx == SHN_UNDEF || (shndx != SHN_ABS && shndx >= f->shnum))
    return 0;
  if (shndx != SHN_ABS) {
    struct isec *target = f->isecs[shndx];
    if (!target || !target->osec)
      return 0;
    if (target == is && ELF64_ST_TYPE(s.st_info) != STT_GNU_IFUNC)
      return 0;
  }
  return (u64)f->priority << 32 | symidx;
}

// Moves the records with a non-zero key (the candidates) to the front,
// keeping their order; returns how many there are.
u32 partition_branches(struct branch *b, u32 n) {
  u32 k = 0;
  for (u32 i = 0; i < n; i++) {
    if (!b[i].key)
      continue;
    if (i != k) {
      struct branch t = b[k];
      b[k] = b[i];
      b[i] = t;
    }
    k++;
  }
  return k;
}

static int cmp_key(const struct branch *x, const struct branch *y) {
  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  if (x->key != y->key)
    return x->key < y->key ? -1 : 1;
  if (x->addend != y->addend)
    return x->addend < y->addend ? -1 : 1;
  return 0;
}

static int cmp_branch(const void *a, const void *b) {
  const struct branch *x = a, *y = b;
  int c = cmp_key(x, y);
  if (c)
    return c;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

// Sorts candidates by (group, key, addend), ties in discovery order, and
// points each record at the first of its run.
void sort_branches(struct branch *b, u32 n) {
  if (n)                       // b may be NULL then, which qsort forbids
    qsort(b, n, sizeof(*b), cmp_branch);
  for (u32 i = 0; i < n; i++) {
    b[i].run = (i && !cmp_key(&b[i - 1], &b[i])) ? b[i - 1].run : i;
    b[i].stub = NULL;
  }
}

// The number of distinct (group, key, addend): the most stubs there can be.
u32 count_runs(struct branch *b, u32 n) {
  u32 runs = 0;
  for (u32 i = 0; i < n; i++)
    runs += b[i].run == i;
  return runs;
}

// Cuts the input sections of every code output section into stub groups
// (see the comment at the top).
static void form_groups(struct ctx *ctx) {
  i64 range = ctx->arch->branch_range;
  u64 limit = range - range / 128;      // 127 MiB, as GNU ld
  u32 total = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_REGULAR && (c->flags & SHF_EXECINSTR))
      total += c->isecs.len;
  }
  ctx->group_anchor = arena_alloc(ctx, (u64)(total + 1) * sizeof(void *));
  for (u32 ci = 0; ci < ctx->chunks.len; ci++) {
    struct chunk *c = ctx->chunks.v[ci];
    if (c->kind != CK_REGULAR || !(c->flags & SHF_EXECINSTR))
      continue;
    struct isec **v = (struct isec **)c->isecs.v;
    u32 n = c->isecs.len;
#define END(k) (v[k]->offset + v[k]->size)
    for (u32 i = 0; i < n;) {
      u64 start = v[i]->offset;
      u32 last = i;
      while (last + 1 < n && END(last + 1) - start < limit)
        last++;
      u64 stubs_at = END(last);
      u32 k = last + 1;
      while (k < n && END(k) - stubs_at < limit)
        k++;
      ctx->group_anchor[ctx->ngroups++] = v[last];
      for (u32 m = i; m < k; m++)
        v[m]->stub_group = ctx->ngroups;
      i = k;
    }
#undef END
  }
}

// Records the candidates, one code section at a time.
static void collect_branches(struct ctx *ctx) {
  const struct arch *arch = ctx->arch;
  struct branch *scratch = NULL, *all = NULL;
  u32 scratch_cap = 0, n = 0, cap = 0, seq = 0;
  for (u32 fi = 0; fi < ctx->objs.len; fi++) {
    struct objfile *f = ctx->objs.v[fi];
    for (u32 k = 1; k < f->shnum; k++) {
      struct isec *is = f->isecs[k];
      if (!is || !is->live || !is->nrels || !is->osec || !is->stub_group)
        continue;
      if (is->nrels > scratch_cap) {
        scratch_cap = is->nrels > 2 * scratch_cap ? is->nrels : 2 * scratch_cap;
        scratch = arena_alloc(ctx, (u64)scratch_cap * sizeof(*scratch));
      }
      u32 m = 0;
      for (u32 i = 0; i < is->nrels; i++) {
        const u8 *r = rela_at(is, i);
        u64 info = rd64(r + 8);
        u32 type = ELF64_R_TYPE(info);
        if (type != arch->r_call && type != arch->r_jump)
          continue;
        struct branch *b = &scratch[m++];
        b->is = is;
        b->rel = i;
        b->group = is->stub_group;
        b->key = branch_key(ctx, f, ELF64_R_SYM(info), is);
        b->addend = (i64)rd64(r + 16);
        b->seq = seq++;
      }
      ctx->stat_branches += m;
      u32 c = partition_branches(scratch, m);
      if (n + c > cap) {
        u32 ncap = n + c > 2 * cap ? n + c : 2 * cap;
        struct branch *p = arena_alloc(ctx, (u64)ncap * sizeof(*p));
        if (n)
          memcpy(p, all, (u64)n * sizeof(*p));
        all = p;
        cap = ncap;
      }
      if (c)
        memcpy(all + n, scratch, (u64)c * sizeof(*all));
      n += c;
    }
  }
  sort_branches(all, n);
  ctx->branches = all;
  ctx->nbranches = n;
  ctx->stat_candidates = n;
}

// Where a branch to (file, symidx) + addend goes: an IFUNC's address is
// its IPLT entry, as in apply_relocs().
static u64 branch_target(struct ctx *ctx, struct objfile *f, u32 symidx,
                         i64 addend) {
  struct reloc_sym rs;
  reloc_target_addend(ctx, f, symidx, &addend, &rs);
  u64 S = rs.is_ifunc ? iplt_entry_addr(ctx, rs.sym) : rs.S;
  return S + addend;
}

struct stub_sec *stub_sec_after(struct ctx *ctx, struct isec *is) {
  if (!is->stubs) {
    struct stub_sec *s = arena_alloc(ctx, sizeof(*s));
    s->after = is;
    is->stubs = s;
    vec_push(ctx, &ctx->stub_secs, s);
  }
  return is->stubs;
}

// GNU ld's numbers, for the names it gives stubs and veneers.

// Whether section k of f is one of GNU ld's BFD sections
// (bfd_section_from_shdr makes one): not the symbol table, its extended
// indexes, its string table or the section names' table, nor a
// relocation section of the symbol table.
static bool is_bfd_section(struct objfile *f, u32 k, u32 symtab, u32 shstrndx) {
  const u8 *sh = shdr_at(f, k);
  u32 type = SH_TYPE(sh);
  if (k == 0 || k == shstrndx || type == SHT_SYMTAB ||
      type == SHT_SYMTAB_SHNDX)
    return false;
  if (type == SHT_STRTAB)
    return !symtab || SH_LINK(shdr_at(f, symtab)) != k;
  if (type == SHT_RELA || type == SHT_REL)
    return SH_LINK(sh) != symtab || !SH_INFO(sh) || SH_INFO(sh) >= f->shnum;
  return true;
}

// How many of f's sections before end are BFD sections.
static u32 bfd_sections(struct objfile *f, u32 end) {
  if (!f->shdrs || f->lto)
    return 0;
  if (f->binary)
    return end ? 1 : 0;
  u32 symtab = 0;
  for (u32 k = 1; k < f->shnum && !symtab; k++)
    if (SH_TYPE(shdr_at(f, k)) == SHT_SYMTAB)
      symtab = k;
  u32 shstrndx = rd16(f->data + offsetof(Elf64_Ehdr, e_shstrndx));
  if (shstrndx == SHN_XINDEX)
    shstrndx = SH_LINK(shdr_at(f, 0));
  u32 n = 0;
  for (u32 k = 0; k < end && k < f->shnum; k++)
    n += is_bfd_section(f, k, symtab, shstrndx);
  return n;
}

// GNU ld's id of section shndx of f: numbered from 0x10 as the BFDs'
// sections were made, in the order their files were opened.  With an LTO
// plugin (gcc's driver gives one), each object opened before takes one
// more (found by trying).  The files' first ids are counted once.
u32 gnu_section_id(struct ctx *ctx, struct objfile *f, u32 shndx) {
  if (!ctx->gnu_section_base) {
    ctx->gnu_section_base =
        arena_alloc(ctx, (u64)(ctx->objs.len + 1) * sizeof(u32));
    u32 id = 0x10;
    for (u32 i = 0; i < ctx->objs.len; i++) {
      struct objfile *g = ctx->objs.v[i];
      ctx->gnu_section_base[i] = id;
      id += bfd_sections(g, g->shnum) + (ctx->cfg.plugin != NULL);
    }
  }
  u32 i = f->priority - 1;    // objs is in the order files joined
  if (i >= ctx->objs.len || ctx->objs.v[i] != f)
    for (i = 0; i < ctx->objs.len && ctx->objs.v[i] != f; i++)
      ;
  u32 base = i < ctx->objs.len ? ctx->gnu_section_base[i] : 0x10;
  return base + bfd_sections(f, shndx);
}

// GNU ld's bucket for a name in its stub hash table (bfd_hash_hash, the
// default 4051 buckets): the order it lays out and lists the stubs of a
// section in is that of the buckets, the later of two in one first.
u32 gnu_stub_bucket(const char *name) {
  u64 h = 0, len = strlen(name);
  for (const u8 *p = (const u8 *)name; *p; p++) {
    h += *p + ((u64)*p << 17);
    h ^= h >> 2;
  }
  h += len + (len << 17);
  h ^= h >> 2;
  return h % 4051;
}

// The stub section of the group section is belongs to (erratum 835769
// veneers go there, as GNU ld's _bfd_aarch64_add_stub_entry_in_group
// puts them).  The groups are cut with the layout of the first call.
struct stub_sec *group_stub_sec(struct ctx *ctx, struct isec *is) {
  if (!ctx->group_anchor)
    form_groups(ctx);
  if (!is->stub_group)         // not in a code output section's list
    return stub_sec_after(ctx, is);
  return stub_sec_after(ctx, ctx->group_anchor[is->stub_group - 1]);
}

// The erratum 843419 veneers' room (none when only ADR may fix).
static u64 e843419_size(struct ctx *ctx, struct stub_sec *s) {
  return ctx->cfg.fix_cortex_a53_843419 & FIX_843419_ADRP
             ? (u64)s->errata.len * ctx->arch->veneer_size
             : 0;
}

// The erratum veneers' room, those of 843419 first.
static u64 veneers_size(struct ctx *ctx, struct stub_sec *s) {
  return e843419_size(ctx, s) + (u64)s->macs.len * ctx->arch->veneer_size;
}

// Where the k-th erratum 843419 veneer of s is.
u64 e843419_veneer_addr(struct ctx *ctx, struct stub_sec *s, u32 k) {
  return stub_sec_addr(s) + ctx->arch->stub_header_size +
         (u64)k * ctx->arch->veneer_size;
}

// Where the k-th erratum 835769 veneer of s is.
u64 mac_veneer_addr(struct ctx *ctx, struct stub_sec *s, u32 k) {
  return stub_sec_addr(s) + ctx->arch->stub_header_size +
         e843419_size(ctx, s) + (u64)k * ctx->arch->veneer_size;
}

// Header, erratum veneers, room for the stubs.
u64 stub_sec_used(struct ctx *ctx, struct stub_sec *s) {
  u64 n = veneers_size(ctx, s) + (u64)s->stubs.len * ctx->arch->stub_reserve;
  return n ? ctx->arch->stub_header_size + n : 0;
}

// What stub_sec_used needs, in 4 KiB pages when veneers may fix the
// erratum (GNU ld: not with =adr).
void size_stub_sec(struct ctx *ctx, struct stub_sec *s) {
  s->size = stub_sec_used(ctx, s);
  if (s->size && (ctx->cfg.fix_cortex_a53_843419 & FIX_843419_ADRP))
    s->size = align_up(s->size, 0x1000);
}

u64 stub_sec_addr(struct stub_sec *s) {
  return s->after->osec->addr + s->offset;
}

u64 stub_addr(struct ctx *ctx, struct stub *st) {
  return stub_sec_addr(st->sec) + ctx->arch->stub_header_size +
         veneers_size(ctx, st->sec) + st->offset;
}

// GNU ld's name: __SYM_veneer, the addend left out; a section symbol has
// no name, so GNU ld 2.40 makes it ___veneer.
static const char *stub_name(struct ctx *ctx, struct objfile *f, u32 symidx) {
  const char *name;
  if (symidx >= f->first_global) {
    name = f->globals[symidx - f->first_global]->name;
  } else {
    struct esym s;
    read_sym(f, symidx, &s);
    name = ELF64_ST_TYPE(s.st_info) == STT_SECTION ? "" : sym_name(f, &s);
  }
  return arena_printf(ctx, "__%s_veneer", name);
}

// The bucket of GNU ld's name of the stub (elfNN_aarch64_stub_name): the
// group's section, then the global symbol's name, or the local symbol's
// section and index, then the addend.
static u32 stub_bucket(struct ctx *ctx, struct isec *anchor, struct objfile *f,
                       u32 symidx, i64 addend) {
  u32 id = gnu_section_id(ctx, anchor->file, anchor->shndx);
  const char *name;
  if (symidx >= f->first_global) {
    name = arena_printf(ctx, "%08x_%s+%llx", id,
                        f->globals[symidx - f->first_global]->name,
                        (unsigned long long)addend);
  } else {
    struct esym s;
    read_sym(f, symidx, &s);
    u32 shndx = sym_shndx(f, symidx, &s);
    name = arena_printf(ctx, "%08x_%x:%x+%llx", id,
                        gnu_section_id(ctx, f, shndx), symidx,
                        (unsigned long long)addend);
  }
  return gnu_stub_bucket(name);
}

static struct stub *new_stub(struct ctx *ctx, struct branch *b, u32 symidx) {
  struct isec *anchor = ctx->group_anchor[b->group - 1];
  struct stub_sec *s = stub_sec_after(ctx, anchor);
  struct stub *st = arena_alloc(ctx, sizeof(*st));
  st->sec = s;
  st->index = s->stubs.len;
  st->file = b->is->file;
  st->symidx = symidx;
  st->addend = b->addend;
  st->name = stub_name(ctx, st->file, symidx);
  st->made = ctx->stat_stubs;
  st->bucket = stub_bucket(ctx, anchor, st->file, symidx, b->addend);
  vec_push(ctx, &s->stubs, st);
  size_stub_sec(ctx, s);
  ctx->stat_stubs++;
  return st;
}

// One pass over the candidates with the current layout: a stub for every
// run that has none yet and a branch out of reach.  Returns whether any
// stub was made.
static bool add_needed_stubs(struct ctx *ctx) {
  bool added = false;
  u64 target = 0;
  for (u32 i = 0; i < ctx->nbranches; i++) {
    struct branch *b = &ctx->branches[i];
    struct branch *head = &ctx->branches[b->run];
    if (head->stub)
      continue;
    u32 symidx = ELF64_R_SYM(rd64(rela_at(b->is, b->rel) + 8));
    if (b == head)
      target = branch_target(ctx, b->is->file, symidx, b->addend);
    u64 P = isec_addr(b->is) + rd64(rela_at(b->is, b->rel));
    if (in_reach(ctx, (i64)(target - P)))
      continue;
    head->stub = new_stub(ctx, b, symidx);
    added = true;
  }
  return added;
}

static int cmp_stub_sec(const void *a, const void *b) {
  u64 x = stub_sec_addr(*(struct stub_sec *const *)a);
  u64 y = stub_sec_addr(*(struct stub_sec *const *)b);
  return x < y ? -1 : x > y;
}

static void sort_stub_secs(struct ctx *ctx) {
  vec_sort(&ctx->stub_secs, cmp_stub_sec);
}

// One round of range-extension stubs, with the current layout: true when
// stubs were added and the layout must run again; false when the layout
// is final (the stub sections are then in address order).
bool add_stubs(struct ctx *ctx) {
  if (!ctx->stub_passes) {
    if (!ctx->arch->branch_range || code_in_reach(ctx)) {
      sort_stub_secs(ctx);
      return false;
    }
    if (!ctx->group_anchor)
      form_groups(ctx);
    collect_branches(ctx);
  }
  ctx->stub_passes++;
  if (!add_needed_stubs(ctx)) {
    sort_stub_secs(ctx);
    return false;
  }
  if (ctx->stub_passes == MAX_PASSES) {
    error(ctx, "range-extension stubs: layout does not converge after %d "
          "passes", MAX_PASSES);
    sort_stub_secs(ctx);
    return false;
  }
  return true;
}

// GNU ld's order of a section's stubs (its hash table's): by bucket, the
// newer first in one.
static int cmp_stub(const void *a, const void *b) {
  const struct stub *x = *(void *const *)a, *y = *(void *const *)b;
  if (x->bucket != y->bucket)
    return x->bucket < y->bucket ? -1 : 1;
  return x->made > y->made ? -1 : x->made < y->made;
}

// With the layout final: each section's stubs in GNU ld's order, each the
// short form where it reaches its target, else the long one (GNU ld's
// relaxation of its long-branch stubs; the room sized is the long one's).
void plan_stubs(struct ctx *ctx) {
  const struct arch *arch = ctx->arch;
  for (u32 i = 0; i < ctx->stub_secs.len; i++) {
    struct stub_sec *s = ctx->stub_secs.v[i];
    vec_sort(&s->stubs, cmp_stub);
    u32 off = 0;
    for (u32 k = 0; k < s->stubs.len; k++) {
      struct stub *st = s->stubs.v[k];
      st->index = k;
      st->offset = off;
      u64 T = branch_target(ctx, st->file, st->symidx, st->addend);
      st->is_long = arch->long_stub_size &&
                    !arch->stub_reaches(stub_addr(ctx, st), T);
      off += st->is_long ? arch->long_stub_size : arch->stub_size;
    }
  }
}

// The stub a branch of section is to symbol symidx + addend goes through
// when out of reach, or 0 if there is none.
u64 find_stub(struct ctx *ctx, struct isec *is, u32 symidx, i64 addend) {
  if (!ctx->nbranches || !is->stub_group)
    return 0;
  struct branch want = {0};
  want.group = is->stub_group;
  want.key = branch_key(ctx, is->file, symidx, is);
  want.addend = addend;
  u32 lo = 0, hi = ctx->nbranches;
  while (lo < hi) {
    u32 mid = lo + (hi - lo) / 2;
    int c = cmp_key(&ctx->branches[mid], &want);
    if (c == 0) {
      struct stub *st = ctx->branches[ctx->branches[mid].run].stub;
      return st ? stub_addr(ctx, st) : 0;
    }
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return 0;
}

// Fills the stub sections: header, then stubs; errata.c the veneers.
void write_stubs(struct ctx *ctx, u8 *buf) {
  const struct arch *arch = ctx->arch;
  for (u32 i = 0; i < ctx->stub_secs.len; i++) {
    struct stub_sec *s = ctx->stub_secs.v[i];
    if (!s->size)
      continue;
    u64 addr = stub_sec_addr(s);
    u8 *p = buf + s->after->osec->offset + s->offset;
    arch->write_stub_header(p, addr, addr + s->size);
    for (u32 k = 0; k < s->stubs.len; k++) {
      struct stub *st = s->stubs.v[k];
      u64 P = stub_addr(ctx, st);
      u64 T = branch_target(ctx, st->file, st->symidx, st->addend);
      if (st->is_long)
        arch->write_long_stub(p + (P - addr), P, T);
      else if (!arch->write_stub(p + (P - addr), P, T))
        error(ctx, "%s: stub %s at 0x%llx cannot reach 0x%llx",
              st->file->name, st->name, (unsigned long long)P,
              (unsigned long long)T);
    }
  }
  write_errata(ctx, buf);
}
