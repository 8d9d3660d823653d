// layout.c: addresses.
//
// The addresses are those GNU ld's default script for a static executable
// gives: the location counter starts past the headers at the image base
// and runs through the output sections in the script's order, each aligned
// to its inputs; between them the script assigns to it at a few points
// (script_point in sections.c knows where):
//   . = ALIGN(MAXPAGESIZE)        before .init and before .rodata, with
//                                 -z separate-code only
//   . = DATA_SEGMENT_ALIGN (...)  before .tdata: the writable part
//   . = DATA_SEGMENT_RELRO_END    after .got
// DATA_SEGMENT_ALIGN and DATA_SEGMENT_RELRO_END choose the writable part's
// start so that its RELRO part (.tdata up to .got and the first three
// .got.plt words) ends exactly on a page boundary, and what follows starts
// on that boundary.  Segments and file offsets follow from the addresses
// (segments.c); the program header count they come to is the one the
// layout assumed, or the layout runs again.

#include "mld.h"

#include <stdlib.h>

// No address or size may come so near the end of the address space
// that u64 arithmetic (a page rounding, an end) would wrap: addresses
// above what a process maps are fine (a kernel's 0xffffffff81000000,
// GNU ld's ld-aarch64/emit-relocs-291 at 2^48, ld-elf/lma's -0x100000).
// Two pages (of at least 64 KiB) are kept clear.  Sizes come from inputs
// (a NOBITS section's sh_size is not bounded by its file), so this is
// checked as it adds up.
u64 image_limit(struct ctx *ctx) {
  u64 page = ctx->page_size > (1 << 16) ? ctx->page_size : 1 << 16;
  return UINT64_MAX - 2 * page;
}

static u64 checked_end(struct ctx *ctx, struct isec *is, const char *what,
                       u64 start, u64 size) {
  u64 end;
  u64 limit = image_limit(ctx);
  if (__builtin_add_overflow(start, size, &end) || end > limit) {
    if (is)
      fatal(ctx, "%s:(%s): section size 0x%llx makes the output image too "
            "large (past 0x%llx)", is->file->name, isec_name(is),
            (unsigned long long)size, (unsigned long long)limit);
    fatal(ctx, "output image is too large: %s at 0x%llx with size 0x%llx "
          "ends past 0x%llx", what, (unsigned long long)start,
          (unsigned long long)size, (unsigned long long)limit);
  }
  return end;
}

// Where output section C ends, checked as checked_end checks it; one
// too large is its largest input's fault, which the error names.
static u64 chunk_end(struct ctx *ctx, struct chunk *c) {
  u64 end;
  if (!__builtin_add_overflow(c->addr, c->size, &end) &&
      end <= image_limit(ctx))
    return end;
  struct isec *big = NULL;
  for (u32 k = 0; k < c->isecs.len; k++) {
    struct isec *is = c->isecs.v[k];
    if (!big || is->size > big->size)
      big = is;
  }
  if (big && big->file)
    fatal(ctx, "%s:(%s): section size 0x%llx makes the output image too "
          "large (%s at 0x%llx ends past 0x%llx)", big->file->name,
          isec_name(big), (unsigned long long)big->size, c->name,
          (unsigned long long)c->addr,
          (unsigned long long)image_limit(ctx));
  return checked_end(ctx, NULL, c->name, c->addr, c->size);
}

// Offsets of input sections inside their output sections.
static void size_regular_chunks(struct ctx *ctx) {
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR)
      continue;
    u64 off = 0;
    c->tail = 0;
    for (u32 k = 0; k < c->isecs.len; k++) {
      struct isec *is = c->isecs.v[k];
      off = align_up(off, is->align);
      is->offset = off;
      off = checked_end(ctx, is, "", off, is->size);
      // A stub section made by stubs.c or errata.c follows its section,
      // aligned to 8 as GNU ld aligns its stub sections.
      if (is->stubs && is->stubs->size) {
        off = align_up(off, 8);
        if (c->align < 8)
          c->align = 8;
        is->stubs->offset = off;
        off += is->stubs->size;
      }
    }
    c->size = off;
  }
}

// Whether a section turns RELRO on.  GNU ld 2.40 switches -z relro off
// before laying out when no input section in the RELRO part has bytes in
// memory: .tbss and empty sections do not count (lang_find_relro_sections;
// ctx->relro_by_rw_copy is the other way it stays on).
static bool makes_relro(struct ctx *ctx, struct chunk *c) {
  return !ctx->cfg.z_norelro && is_emitted(c) && c->relro && !chunk_is_tbss(c) &&
         c->size;
}

// RELRO is on whatever the chunks hold (see in_rw_exception_section).
static bool relro_anyway(struct ctx *ctx) {
  return !ctx->cfg.z_norelro && ctx->relro_by_rw_copy;
}

// GNU ld's script ends .bss (and x86-64 .ldata) with
// . = ALIGN(. != 0 ? 8 : 1): the section's size reaches an aligned end,
// unless it has none (the section-relative "." is 0; -q keeps it).
static void set_tail(struct chunk *c) {
  if (!c->tail_align)
    return;
  c->size -= c->tail;
  c->tail = c->size ? align_up(c->addr + c->size, c->tail_align) -
                          (c->addr + c->size)
                    : 0;
  c->size += c->tail;
}

// Places C at ADDR, which need not be aligned as C is: each input is
// aligned in the address space, as GNU ld places the inputs of a section
// with an address expression (the first moves up if it needs to).
static void place_at(struct chunk *c, u64 addr) {
  c->addr = addr;
  u64 off = 0;
  for (u32 k = 0; k < c->isecs.len; k++) {
    struct isec *is = c->isecs.v[k];
    off = align_up(addr + off, is->align) - addr;
    is->offset = off;
    off += is->size;
    if (is->stubs && is->stubs->size) {
      off = align_up(addr + off, 8) - addr;
      is->stubs->offset = off;
      off += is->stubs->size;
    }
  }
  c->size = off;
  c->tail = 0;
}

// A section given an address by -Ttext or the like.
static void place_fixed(struct ctx *ctx, struct chunk *c) {
  if (c->kind == CK_REGULAR) {
    place_at(c, c->fixed_addr);
    set_tail(c);
  } else {
    c->addr = c->fixed_addr;
  }
  u64 end;
  if (__builtin_add_overflow(c->addr, c->size, &end))
    fatal(ctx, "section %s VMA wraps around address space", c->name);
  chunk_end(ctx, c);
}

// The next maximum page, at the same offset in it as dot.
static u64 next_page_same_offset(u64 dot, u64 page) {
  return align_up(dot, page) + (dot & (page - 1));
}

// Lays out the chunks [from, to) at successive addresses from dot;
// returns the end.  TLS zero-fill sections take no address space from the
// sections after them.  If relro_dot is not NULL, *relro_dot gets the
// address at the DATA_SEGMENT_RELRO_END point (after .got).
static u64 place_run(struct ctx *ctx, u32 from, u32 to, u64 dot,
                     u64 relro_offset, bool adjust, u64 *relro_dot) {
  u64 tls_dot = 0;
  bool passed_got = false;
  for (u32 i = from; i < to; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!(c->flags & SHF_ALLOC) || c->kind == CK_EHDR)
      continue;
    if (!passed_got && c->order > ctx->synth[CK_GOT]->order) {
      passed_got = true;
      if (relro_dot)
        *relro_dot = dot;
      // GNU ld 2.40 aligns the RELRO end to the maximum page size.
      u64 page = ctx->page_size;
      if (adjust && ((dot + relro_offset) & (page - 1)))
        dot = align_up(dot + relro_offset, page) - relro_offset;
    }
    if (!is_emitted(c)) {
      // For symbols such as __preinit_array_start.  GNU ld aligns a
      // section its inputs made, though removed for being empty.
      c->addr = c->isecs.len ? align_up(dot, c->align) : dot;
      continue;
    }
    if (c->fixed) {
      // At its address, which need not be aligned; the location counter
      // goes on from its end (GNU ld).
      place_fixed(ctx, c);
      dot = c->addr + c->size;
      if (c->flags & SHF_TLS)
        tls_dot = dot;
      continue;
    }
    if (chunk_is_tbss(c)) {
      if (!tls_dot)
        tls_dot = dot;
      c->addr = align_up(tls_dot, c->align);
      tls_dot = chunk_end(ctx, c);
      // Its alignment moves the location counter, its size does not.
      if (c->addr > dot)
        dot = c->addr;
      continue;
    }
    c->addr = align_up(dot, c->align);
    set_tail(c);
    dot = chunk_end(ctx, c);
    if (c->flags & SHF_TLS)
      tls_dot = dot;
  }
  if (!passed_got && relro_dot)
    *relro_dot = dot;
  return dot;
}

// x86-64's large-model .lrodata and .ldata, the last allocated sections
// (from chunk FROM on), where GNU ld's script puts them:
//   . = ALIGN(8);
//   .lrodata ALIGN(MAXPAGESIZE) + (. & (MAXPAGESIZE - 1)) : ...
//   .ldata   ALIGN(MAXPAGESIZE) + (. & (MAXPAGESIZE - 1)) : ...
// The script moves the location counter to .lrodata's address even when
// .lrodata is removed, so .ldata alone starts two pages on.
static u64 place_large(struct ctx *ctx, u32 from, u32 to, u64 dot) {
  u64 page = ctx->page_size;
  dot = next_page_same_offset(align_up(dot, 8), page);
  bool ldata = false;
  for (u32 k = from; k < to; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (!(c->flags & SHF_ALLOC))
      continue;
    if (c->script_addr == SA_LDATA && !ldata) {
      dot = next_page_same_offset(dot, page);
      ldata = true;
    }
    if (!is_emitted(c)) {
      c->addr = dot;
      continue;
    }
    if (c->fixed) {
      place_fixed(ctx, c);
      dot = c->addr + c->size;
      continue;
    }
    if (c->script_addr)
      place_at(c, dot);
    else
      c->addr = align_up(dot, c->align);
    set_tail(c);
    dot = chunk_end(ctx, c);
  }
  return dot;
}

// The start of a writable segment without RELRO sections, as GNU ld's
// DATA_SEGMENT_ALIGN and DATA_SEGMENT_END choose it: the next maximum page
// plus dot's offset in its page, unless starting on a common page instead
// saves a common page in the segment.  Lays out chunks [i, j) there.
static u64 data_segment_start(struct ctx *ctx, u32 i, u32 j, u64 dot,
                              u64 *end) {
  u64 page = ctx->page_size, common = ctx->common_page_size;
  u64 base = align_up(dot, page) + (dot & (page - 1));
  *end = place_run(ctx, i, j, base, 0, false, NULL);
  u64 first = -base & (common - 1), last = *end & (common - 1);
  if (first && last && (base & ~(common - 1)) != (*end & ~(common - 1)) &&
      first + last <= common) {
    base = align_up(dot, page) + ((dot + common - 1) & (page - common));
    *end = place_run(ctx, i, j, base, 0, false, NULL);
  }
  return base;
}

// Where the writable part starts so that its RELRO part, laid out from
// BASE1 to RDOT, ends with RELRO_OFFSET bytes left on a PAGE boundary:
// the allocated sections between, the last in section header order
// first (sections given an address included, as GNU ld's walk of bfd's
// list includes them), each moved as high as its alignment lets it end
// where the next starts.
u64 relro_start_for(struct ctx *ctx, u64 base1, u64 rdot, u64 relro_offset,
                    u64 page) {
  u64 desired = align_up(rdot + relro_offset, page) - relro_offset;
  for (u32 k = ctx->hdr_order.len; k-- > 0;) {
    struct chunk *x = ctx->hdr_order.v[k];
    if (!is_emitted(x) || !(x->flags & SHF_ALLOC) || x->kind == CK_EHDR ||
        x->addr < base1 || x->addr >= rdot)
      continue;
    // .tbss takes no room but keeps its alignment (GNU ld's
    // lang_size_relro_segment_1 counts it with size 0).
    u64 size = chunk_is_tbss(x) ? 0 : x->size;
    desired = (x->addr + (desired - (x->addr + size))) & ~(x->align - 1);
  }
  return desired;
}

// The writable part, chunks [i, j) from dot: DATA_SEGMENT_ALIGN and
// DATA_SEGMENT_RELRO_END.  With a RELRO part, the start is moved up so
// that the RELRO part ends on a page boundary (GNU ld's
// lang_size_relro_segment: each RELRO section, from the last, as high as
// its alignment lets it end where the next one starts).  Sets
// ctx->relro_start and relro_end (0: no RELRO); returns the end.
static u64 place_data(struct ctx *ctx, u32 i, u32 j, u64 dot) {
  const struct arch *arch = ctx->arch;
  u64 page = ctx->page_size;
  ctx->relro_start = ctx->relro_end = 0;
  u64 relro_offset =
      ctx->synth[CK_GOTPLT]->home                                      ? 0
      : ctx->synth[CK_GOTPLT]->size >= 24 || arch->relro_offset_always ? 24
                                                             : 0;
  bool any_relro = relro_anyway(ctx);
  for (u32 k = i; k < j; k++)
    any_relro |= makes_relro(ctx, ctx->chunks.v[k]);
  if (any_relro) {
    u64 rdot, base1 = align_up(dot, page);
    place_run(ctx, i, j, base1, relro_offset, false, &rdot);
    u64 desired = relro_start_for(ctx, base1, rdot, relro_offset, page);
    // Sections given addresses in the RELRO part can leave it no room
    // (GNU ld stops with an internal error): no RELRO then.
    if (desired >= base1) {
      dot = place_run(ctx, i, j, desired, relro_offset, true, &rdot);
      ctx->relro_start = ctx->data_start = desired;
      ctx->relro_end = align_up(rdot + relro_offset, page);
      return dot;
    }
  }
  ctx->data_start = data_segment_start(ctx, i, j, dot, &dot);
  return dot;
}

// The section an SHF_LINK_ORDER input is linked to, if kept (GNU ld's
// elf_linked_to_section); NULL for another input.
static struct isec *linked_to(const struct isec *is) {
  struct objfile *f = is->file;
  if (is->is_common)           // no section header (its shndx sorts)
    return NULL;
  const u8 *sh = shdr_at(f, is->shndx);
  u32 l = SH_LINK(sh);
  if (!(SH_FLAGS(sh) & SHF_LINK_ORDER) || !l || l >= f->shnum)
    return NULL;
  struct isec *t = f->isecs[l];
  return t && t->live && t->osec ? t : NULL;
}

struct linked {
  struct isec *is, *to;
  u32 idx;
};

// GNU ld's compare_link_order: inputs linked to nothing first, in their
// order; the others by their linked-to section's load address, size and
// address.
static int cmp_linked(const void *a, const void *b) {
  const struct linked *x = a, *y = b;
  if (!x->to || !y->to) {
    if (y->to)
      return -1;
    if (x->to)
      return 1;
    return x->idx < y->idx ? -1 : 1;
  }
  u64 xa = x->to->osec->addr + x->to->osec->lma_delta + x->to->offset;
  u64 ya = y->to->osec->addr + y->to->osec->lma_delta + y->to->offset;
  if (xa != ya)
    return xa < ya ? -1 : 1;
  if (x->to->size != y->to->size)
    return x->to->size < y->to->size ? -1 : 1;
  xa = x->to->osec->addr + x->to->offset;
  ya = y->to->osec->addr + y->to->offset;
  if (xa != ya)
    return xa < ya ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
}

// GNU ld's fixup_link_order, once addresses are known: in an output
// section holding SHF_LINK_ORDER inputs, each run of inputs one statement
// placed is sorted by cmp_linked.  Whether any input moved (the layout
// then runs again).
bool order_linked_sections(struct ctx *ctx) {
  bool moved = false;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_REGULAR || !c->link_order || c->isecs.len < 2)
      continue;
    u32 n = c->isecs.len;
    struct linked *v = malloc((u64)n * sizeof(*v));
    if (!v)
      fatal(ctx, "out of memory ordering %s", c->name);
    bool any = false;
    for (u32 k = 0; k < n; k++) {
      struct isec *is = c->isecs.v[k];
      v[k] = (struct linked){is, linked_to(is), k};
      any |= v[k].to != NULL;
    }
    for (u32 k = 0, j; any && k < n; k = j) {
      for (j = k + 1; j < n && v[j].is->rank == v[k].is->rank; j++)
        ;
      qsort(v + k, j - k, sizeof(*v), cmp_linked);
    }
    for (u32 k = 0; any && k < n; k++) {
      moved |= v[k].idx != k;
      c->isecs.v[k] = v[k].is;
    }
    free(v);
  }
  return moved;
}

// -Ttext-segment's address off a maximum page, where GNU ld's script
// asks for it and the output is demand-paged: GNU ld warns, once.
void warn_text_segment(struct ctx *ctx) {
  struct config *c = &ctx->cfg;
  if (c->text_segment_set && ctx->paged && !c->text_segment_warned &&
      (c->text_segment & (ctx->page_size - 1))) {
    c->text_segment_warned = true;
    warn(ctx, "address of `text-segment' isn't multiple of maximum page "
         "size");
  }
}

// SEGMENT_START("text-segment", ...): -Ttext-segment or the target's.
// A static PIE is linked at 0.
u64 image_base(struct ctx *ctx) {
  return ctx->cfg.text_segment_set ? ctx->cfg.text_segment
         : ctx->cfg.pie            ? 0
                                   : ctx->arch->image_base;
}

// The first chunk from FROM on at or past the script's point P.
static u32 point_index(struct ctx *ctx, u32 from, enum script_point p) {
  u32 order = script_point(p);
  while (from < ctx->chunks.len &&
         ((struct chunk *)ctx->chunks.v[from])->order < order)
    from++;
  return from;
}

// One layout at a given program header count; assign_addresses() repeats
// it until the count it makes is the count it assumed.
static void layout_pass(struct ctx *ctx, u32 nphdr) {
  u64 page = ctx->page_size;
  bool separate = !ctx->cfg.z_noseparate_code;
  // A raw image (binary.c) has no headers: SIZEOF_HEADERS is 0.
  ctx->synth[CK_EHDR]->size =
      ctx->cfg.oformat_binary
          ? 0
          : sizeof(Elf64_Ehdr) + (u64)nphdr * sizeof(Elf64_Phdr);
  u32 text = point_index(ctx, 0, SP_TEXT);
  u32 rodata = point_index(ctx, text, SP_RODATA);
  u32 data = point_index(ctx, rodata, SP_DATA);
  u32 end = point_index(ctx, data, SP_END);
  u32 large = data;
  while (large < end &&
         !((struct chunk *)ctx->chunks.v[large])->script_addr)
    large++;

  // . = SEGMENT_START("text-segment", BASE) + SIZEOF_HEADERS;
  u64 dot = image_base(ctx) + ctx->synth[CK_EHDR]->size;
  ctx->dot_start = dot;
  dot = place_run(ctx, 0, text, dot, 0, false, NULL);
  if (separate)
    dot = align_up(dot, page);
  dot = place_run(ctx, text, rodata, dot, 0, false, NULL);
  if (separate)
    dot = align_up(dot, page);
  dot = place_run(ctx, rodata, data, dot, 0, false, NULL);
  // -N's script: ". = .;" for DATA_SEGMENT_ALIGN, and no RELRO.
  if (ctx->cfg.omagic) {
    ctx->relro_start = ctx->relro_end = 0;
    dot = place_run(ctx, data, large, dot, 0, false, NULL);
  } else {
    dot = place_data(ctx, data, large, dot);
  }
  if (large < end)
    place_large(ctx, large, end, dot);
  // Orphans given an address: their statements come after the script's.
  for (u32 k = end; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if ((c->flags & SHF_ALLOC) && is_emitted(c))
      place_fixed(ctx, c);
  }
  plan_segments(ctx);
}

// The built-in layout, repeated until the program header count it
// assumed is the one it makes.
static void default_addresses(struct ctx *ctx) {
  // As GNU ld (ldelf_map_segments), after a few passes the room for the
  // program headers only grows: a layout that needs fewer than it has
  // leaves the rest unused rather than going round in circles.
  u32 nphdr = estimate_segments(ctx);
  for (int tries = 0;; tries++) {
    layout_pass(ctx, nphdr);
    if (ctx->nsegs == nphdr || (tries >= 3 && ctx->nsegs < nphdr))
      break;
    if (tries == 9)
      fatal(ctx, "internal error: program header count does not converge");
    nphdr = ctx->nsegs;
  }
}

void assign_addresses(struct ctx *ctx) {
  size_regular_chunks(ctx);

  // The first TLS section carries the TLS block's alignment (GNU ld).
  ctx->tls_first = NULL;
  ctx->tls_align = 1;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!is_emitted(c) || !(c->flags & SHF_TLS))
      continue;
    if (!ctx->tls_first)
      ctx->tls_first = c;
    if (c->align > ctx->tls_align)
      ctx->tls_align = c->align;
  }
  if (ctx->tls_first)
    ctx->tls_first->align = ctx->tls_align;

  if (script_layout(ctx)) {
    script_addresses(ctx);    // -T: the script's statements (script_layout.c)
  } else {
    default_addresses(ctx);
  }
  // GNU ld's error, where a script leaves no room for the headers a
  // PIE's PT_PHDR describes (GNU ld may instead widen the first PT_LOAD
  // down to them, which mld does not do).
  if (has_interp(ctx) && !ctx->headers_loaded &&
      !(script_layout(ctx) && ctx->script->has_phdrs))
    error(ctx, "%s: error: PHDR segment not covered by LOAD segment",
          ctx->cfg.output);
  // A linker's section without one of its own starts its home's, or is
  // among its inputs (script_layout.c gave it its address).
  for (u32 k = CK_REGULAR + 1; k < CK_NKINDS; k++) {
    struct chunk *c = ctx->synth[k];
    if (!c || !c->home)
      continue;
    if (c->home->kind != CK_REGULAR)
      c->addr = c->home->addr + c->home_off;
    c->offset = c->home->offset + (c->addr - c->home->addr);
  }
}

struct ranked {
  struct chunk *c;
  u64 start;                   // its LMA or VMA, as the check goes
  u32 pos;                     // in section header order
  bool warned;
};

static int cmp_ranked(const void *a, const void *b) {
  const struct ranked *x = a, *y = b;
  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

// Whether A and B are sections of one OVERLAY, which share addresses.
static bool same_overlay(const struct chunk *a, const struct chunk *b) {
  return a->stmt && b->stmt && a->stmt->overlay_group &&
         a->stmt->overlay_group == b->stmt->overlay_group;
}

// GNU ld's check of the final addresses (lang_check_section_addresses),
// in its words: no two sections with bytes may overlap in the load image
// (LMA), nor any two allocated sections in memory (VMA), .tbss aside.
// GNU ld skips the second check when two sections start at one address,
// taking them for overlays, and then makes a broken program (x86-64
// -Tbss=ADDR at .text's address); mld checks all but the sections of one
// OVERLAY.
// And the TLS sections must be next to each other among the section
// headers, as bfd requires for PT_TLS (--section-start=.tdata=ADDR moves
// .tdata to the front).
void check_section_addresses(struct ctx *ctx) {
  // GNU ld defines __ehdr_start only where a PT_LOAD holds the headers:
  // elsewhere weak references see 0 (and .symtab no such symbol), a
  // strong one is an undefined reference.  (A PIE would need no RELATIVE
  // for it: still an error there.)
  struct symbol *ehdr = sym_find_str(ctx, "__ehdr_start");
  if (ehdr && (ehdr->flags & SF_LINKER) && ehdr->symidx >> 1 == W_EHDR &&
      !ctx->headers_loaded) {
    if (!(ehdr->ref_flags & SF_REF_STRONG) && !ctx->cfg.pie)
      undefine_linker_symbol(ctx, ehdr);
    else
      error(ctx, "undefined reference to `__ehdr_start': no PT_LOAD holds "
            "the ELF headers (the lowest section is at 0x%llx)",
            (unsigned long long)(ctx->lowest ? ctx->lowest->addr : 0));
  }
  // Nor __GNU_EH_FRAME_HDR without an .eh_frame_hdr (a script's
  // --gc-sections took every .eh_frame).
  struct symbol *eh = sym_find_str(ctx, "__GNU_EH_FRAME_HDR");
  struct chunk *hdr = ctx->synth[CK_EH_FRAME_HDR];
  if (eh && (eh->flags & SF_LINKER) && eh->state == SYM_DEFINED &&
      !(eh->ref_flags & SF_REF_STRONG) && (!hdr || !is_emitted(hdr)))
    undefine_linker_symbol(ctx, eh);
  struct ranked *v = arena_alloc(ctx, (u64)ctx->hdr_order.len * sizeof(*v));
  u32 n = 0;
  struct chunk *tls_at = NULL, *gap = NULL;  // a TLS section, what follows
  for (u32 i = 0; i < ctx->hdr_order.len; i++) {
    struct chunk *c = ctx->hdr_order.v[i];
    if (c->kind == CK_EHDR || !(c->flags & SHF_ALLOC) || !is_emitted(c))
      continue;
    if (c->flags & SHF_TLS) {
      if (gap && tls_at)
        error(ctx, "%s: TLS sections are not adjacent: %s, then %s, then "
              "%s", ctx->cfg.output, tls_at->name, gap->name, c->name);
      if (gap)
        tls_at = NULL;        // reported once
      else
        tls_at = c;
    } else if (tls_at && !gap) {
      gap = c;
    }
    if (c->size && !chunk_is_tbss(c))
      v[n++] = (struct ranked){c, 0, i, false};
  }
  // Load addresses first (sections with contents), then memory
  // addresses, each in its own order.  --no-check-sections lets
  // sections overlap in memory (GNU ld then checks nothing); mld still
  // refuses contents that overlap in the load image, which it does not
  // write as GNU ld does (the last writer's bytes).
  for (int vma = 0; vma < 2 - ctx->cfg.no_check_sections; vma++) {
    for (u32 i = 0; i < n; i++)
      v[i].start = v[i].c->addr + (vma ? 0 : v[i].c->lma_delta);
    qsort(v, n, sizeof(*v), cmp_ranked);
    struct ranked *p = NULL;
    for (u32 i = 0; i < n; i++) {
      struct chunk *c = v[i].c;
      if (!vma && c->type == SHT_NOBITS)
        continue;
      if (p && v[i].start <= p->start + p->c->size - 1 && !v[i].warned &&
          !(vma && same_overlay(c, p->c))) {
        gnu_error(ctx, "section %s %s [%016llx,%016llx] overlaps section %s "
              "%s [%016llx,%016llx]%s", c->name, vma ? "VMA" : "LMA",
              (unsigned long long)v[i].start,
              (unsigned long long)(v[i].start + c->size - 1), p->c->name,
              vma ? "VMA" : "LMA", (unsigned long long)p->start,
              (unsigned long long)(p->start + p->c->size - 1),
              ctx->cfg.no_check_sections
                  ? " (--no-check-sections: mld does not write contents "
                    "that overlap)" : "");
        v[i].warned = true;
      }
      p = &v[i];
    }
  }
  if (!ctx->cfg.no_check_sections)
    report_region_overflow(ctx);  // then by how much each region overflowed
}

// Where a non-allocated section's bytes go: GNU ld writes -q's
// .rela<NAME> after .strtab, before .shstrtab.
static int nonalloc_rank(const struct chunk *c) {
  return c->kind == CK_SHSTRTAB ? 2 : c->kind == CK_EMIT_RELA;
}

// Non-allocated sections follow the loaded image in the file, but for
// SHT_NOBITS ones.  Section indexes follow the section header order.
void place_nonalloc(struct ctx *ctx) {
  u64 fpos = ctx->filesize;
  u32 shndx = 1;
  for (u32 k = 0; k < ctx->hdr_order.len; k++) {
    struct chunk *c = ctx->hdr_order.v[k];
    c->shndx = c->kind == CK_EHDR || !is_emitted(c) ? 0 : shndx++;
  }
  // From SHN_LORESERVE up, the ELF header's counts and .symtab's section
  // indexes use extended numbering (SHN_XINDEX, .symtab_shndx); .dynsym
  // has no such table (GNU ld gives the section 0).
  struct chunk *dynsym = ctx->synth[CK_DYNSYM];
  if (shndx >= SHN_LORESERVE && dynsym && is_emitted(dynsym))
    fatal(ctx, "%s: %u output sections: more than %u in a static PIE, "
          "whose .dynsym cannot name them, is not supported",
          ctx->cfg.output, shndx - 1, SHN_LORESERVE - 2);
  for (int rank = 0; rank < 3; rank++) {
    for (u32 k = 0; k < ctx->chunks.len; k++) {
      struct chunk *c = ctx->chunks.v[k];
      if (!c->shndx || (c->flags & SHF_ALLOC) || nonalloc_rank(c) != rank)
        continue;
      if (!c->stmt)
        c->addr = 0;           // a script's section keeps its address
      if (c->type == SHT_NOBITS) {
        // No bytes, and no position: bfd leaves such a section's
        // sh_offset 0 (assign_file_positions_for_non_load_sections).
        c->offset = 0;
        continue;
      }
      c->offset = fpos = align_up(fpos, c->align);
      fpos += c->size;
    }
  }
  ctx->shdr_size = (u64)shndx * sizeof(Elf64_Shdr);
  ctx->filesize = align_up(fpos, 8) + ctx->shdr_size;
}

// Local symbols that hold a GOT or IPLT slot get their address too, and
// local IFUNCs without a PLT entry (their IRELATIVEs' addends).
static void local_values(struct vec *syms) {
  for (u32 i = 0; i < syms->len; i++) {
    struct symbol *sym = syms->v[i];
    if (sym->binding == STB_LOCAL)
      sym->value = local_sym_addr(sym->file, sym->symidx);
  }
}

// Final addresses of symbols defined in input files.
void compute_symbol_values(struct ctx *ctx) {
  local_values(&ctx->got_syms);
  local_values(&ctx->gottp_syms);
  local_values(&ctx->iplt_syms);
  local_values(&ctx->ifunc_syms);
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (!sym || sym->file != f || sym->symidx != k ||
          sym->state != SYM_DEFINED || (sym->flags & SF_LINKER))
        continue;
      sym->value = file_symbol_value(ctx, sym);
    }
  }
}

// The address of a symbol an input file defines, from the addresses its
// section has now.
u64 file_symbol_value(struct ctx *ctx, struct symbol *sym) {
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  struct isec *is = sym_isec(ctx, sym);
  if (is && is->osec)
    return is->is_common ? isec_addr(is) + (u64)sym_aux(ctx, sym)->addend
                         : isec_sym_addr(is, &s);
  if (sym_shndx(sym->file, sym->symidx, &s) == SHN_ABS)
    return s.st_value;
  return 0;
}

// The name GNU ld gives a file in messages: an archive member's own name.
static const char *member_name(struct ctx *ctx, struct objfile *f) {
  const char *name;
  u32 len = file_own_name(f, &name);
  return name == f->name ? f->name : arena_strndup(ctx, name, len);
}

// GNU ld 2.40's warnings about executable memory, once addresses are
// final: an executable stack (--no-warn-execstack silences them), a
// readable, writable and executable LOAD segment and an executable TLS
// segment (--no-warn-rwx-segments).  A raw image has neither a stack
// note nor segments: no warning.
void warn_exec_memory(struct ctx *ctx) {
  struct config *c = &ctx->cfg;
  if (c->oformat_binary)
    return;
  if (ctx->stack == STACK_X && c->warn_execstack) {
    if (c->z_execstack == 1) {
      if (c->warn_execstack == 1)
        warn_always(ctx, "enabling an executable stack because of -z "
                    "execstack command line option");
    } else if (ctx->stack_x_note) {
      warn_always(ctx, "%s: requires executable stack (because the "
                  ".note.GNU-stack section is executable)",
                  member_name(ctx, ctx->stack_x_note));
    } else if (ctx->stack_no_note) {
      warn_always(ctx, "%s: missing .note.GNU-stack section implies "
                  "executable stack", member_name(ctx, ctx->stack_no_note));
      gnu_warning(ctx, "NOTE: This behaviour is deprecated and will be "
                  "removed in a future version of the linker");
    }
  }
  // As bfd writes the program headers: each segment that takes memory.
  if (c->no_warn_rwx_segments)
    return;
  for (u32 i = 0; i < ctx->nsegs; i++) {
    struct segment *s = &ctx->segs[i];
    if (!s->memsz)
      continue;
    if (s->type == PT_TLS && (s->flags & PF_X))
      warn_always(ctx, "%s has a TLS segment with execute permission",
                  c->output);
    else if (s->type == PT_LOAD &&
             (s->flags & (PF_R | PF_W | PF_X)) == (PF_R | PF_W | PF_X))
      warn_always(ctx, "%s has a LOAD segment with RWX permissions", c->output);
  }
}
