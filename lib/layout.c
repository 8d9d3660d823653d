// layout.c: addresses, file offsets and segments.
//
// The layout is that of GNU ld's default script for a static executable
// with -z separate-code and -z relro: headers and notes in a read-only
// segment at the image base, code in its own segment starting on the next
// page, read-only data on the page after, then the writable segment.  The
// writable segment's start is chosen as GNU ld's DATA_SEGMENT_ALIGN and
// DATA_SEGMENT_RELRO_END choose it: the RELRO part (.tdata up to .got and
// the first three .got.plt words) is shifted up so that it ends exactly on
// a page boundary, and what follows starts on that boundary.

#include "mld.h"

enum { CLS_NONE, CLS_R, CLS_RX, CLS_RW };

// No address or size may pass what a 64-bit Linux process can map
// (47 bits of user space on x86-64, 48 on AArch64): beyond it, u64
// arithmetic would wrap.  Sizes come from inputs (a NOBITS section's
// sh_size is not bounded by its file), so this is checked as it adds up.
#define MAX_IMAGE (1ULL << 47)

static u64 checked_end(struct ctx *ctx, struct isec *is, const char *what,
                       u64 start, u64 size) {
  u64 end;
  if (__builtin_add_overflow(start, size, &end) || end > MAX_IMAGE) {
    if (is)
      fatal(ctx, "%s:(%s): section size 0x%llx makes the output image too "
            "large (past 0x%llx)", is->file->name, isec_name(is),
            (unsigned long long)size, (unsigned long long)MAX_IMAGE);
    fatal(ctx, "output image is too large: %s at 0x%llx with size 0x%llx "
          "ends past 0x%llx", what, (unsigned long long)start,
          (unsigned long long)size, (unsigned long long)MAX_IMAGE);
  }
  return end;
}

// The segment a section goes to.  With -z noseparate-code, read-only
// data shares the code segment, as in GNU ld's script for that case.
static int chunk_class(struct ctx *ctx, struct chunk *c) {
  if (!(c->flags & SHF_ALLOC))
    return CLS_NONE;
  if (c->flags & SHF_WRITE)
    return CLS_RW;
  if ((c->flags & SHF_EXECINSTR) || ctx->cfg.z_noseparate_code)
    return CLS_RX;
  return CLS_R;
}

static bool is_tbss(struct chunk *c) {
  return (c->flags & SHF_TLS) && c->type == SHT_NOBITS;
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
      off = checked_end(ctx, is, NULL, off, is->size);
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
  return !ctx->cfg.z_norelro && is_emitted(c) && c->relro && !is_tbss(c) &&
         c->size;
}

// RELRO is on whatever the chunks hold (see in_rw_exception_section).
static bool relro_anyway(struct ctx *ctx) {
  return !ctx->cfg.z_norelro && ctx->relro_by_rw_copy;
}

static u32 count_phdrs(struct ctx *ctx) {
  u32 n = 0;
  int cls = CLS_NONE;
  u64 note_align = 0;
  bool prev_note = false, tls = false, relro = false;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!is_emitted(c) || !(c->flags & SHF_ALLOC))
      continue;
    int k = chunk_class(ctx, c);
    if (k != cls)
      n++;
    cls = k;
    bool note = c->type == SHT_NOTE;
    if (note && (!prev_note || c->align != note_align))
      n++;
    prev_note = note;
    note_align = c->align;
    tls |= (c->flags & SHF_TLS) != 0;
    relro |= makes_relro(ctx, c);
  }
  relro |= relro_anyway(ctx);
  n += tls + relro + (ctx->stack != STACK_NONE);
  n += is_emitted(ctx->property) + is_emitted(ctx->eh_frame_hdr);
  return n;
}

// GNU ld's script ends .bss (and x86-64 .ldata) with
// . = ALIGN(. != 0 ? 8 : 1): the section's size reaches an aligned end.
static void set_tail(struct chunk *c) {
  if (!c->tail_align)
    return;
  c->size -= c->tail;
  c->tail = align_up(c->addr + c->size, c->tail_align) - (c->addr + c->size);
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

// The next maximum page, at the same offset in it as dot.
static u64 next_page_same_offset(u64 dot, u64 page) {
  return align_up(dot, page) + (dot & (page - 1));
}

// Lays out the chunks [from, to) at successive addresses from dot;
// returns the end.  TLS zero-fill sections take no address space from the
// sections after them.  If stop_after_got is set, *relro_dot gets the
// address at the DATA_SEGMENT_RELRO_END point (after .got).
static u64 place_run(struct ctx *ctx, u32 from, u32 to, u64 dot,
                     u64 relro_offset, bool adjust, u64 *relro_dot) {
  u64 tls_dot = 0;
  bool passed_got = false;
  for (u32 i = from; i < to; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!(c->flags & SHF_ALLOC))
      continue;
    if (!passed_got && c->order > ctx->got->order) {
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
    if (is_tbss(c)) {
      if (!tls_dot)
        tls_dot = dot;
      c->addr = align_up(tls_dot, c->align);
      tls_dot = checked_end(ctx, NULL, c->name, c->addr, c->size);
      // Its alignment moves the location counter, its size does not.
      if (c->addr > dot)
        dot = c->addr;
      continue;
    }
    c->addr = align_up(dot, c->align);
    set_tail(c);
    dot = checked_end(ctx, NULL, c->name, c->addr, c->size);
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
static u64 place_large(struct ctx *ctx, u32 from, u64 dot) {
  u64 page = ctx->page_size;
  dot = next_page_same_offset(align_up(dot, 8), page);
  bool ldata = false;
  for (u32 k = from; k < ctx->chunks.len; k++) {
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
    if (c->script_addr)
      place_at(c, dot);
    else
      c->addr = align_up(dot, c->align);
    set_tail(c);
    dot = checked_end(ctx, NULL, c->name, c->addr, c->size);
  }
  return dot;
}

static struct segment *add_seg(struct ctx *ctx, u32 type, u32 flags) {
  struct segment *s = &ctx->segs[ctx->nsegs++];
  memset(s, 0, sizeof(*s));
  s->type = type;
  s->flags = flags;
  return s;
}

static void cover(struct segment *s, struct chunk *c) {
  if (!s->memsz && !s->filesz && !s->vaddr) {
    s->vaddr = c->addr;
    s->offset = c->offset;
  }
  u64 end = c->addr + c->size;
  if (end - s->vaddr > s->memsz)
    s->memsz = end - s->vaddr;
  if (c->type != SHT_NOBITS && end - s->vaddr > s->filesz)
    s->filesz = end - s->vaddr;
}

// The start of a writable segment without RELRO sections, as GNU ld's
// DATA_SEGMENT_ALIGN and DATA_SEGMENT_END choose it: the next maximum page
// plus dot's offset in its page, unless starting on a common page instead
// saves a common page in the segment.  Lays out chunks [i, j) there.
static u64 data_segment_start(struct ctx *ctx, u32 i, u32 j, u64 dot) {
  u64 page = ctx->page_size, common = ctx->common_page_size;
  u64 base = align_up(dot, page) + (dot & (page - 1));
  u64 end = place_run(ctx, i, j, base, 0, false, NULL);
  u64 first = -base & (common - 1), last = end & (common - 1);
  if (first && last && (base & ~(common - 1)) != (end & ~(common - 1)) &&
      first + last <= common) {
    base = align_up(dot, page) + ((dot + common - 1) & (page - common));
    place_run(ctx, i, j, base, 0, false, NULL);
  }
  return base;
}

// The PT_LOAD segments, then file offsets.  A segment starts where the
// class changes, or where a section starts a whole page or more past the
// page its predecessor ends on (a large alignment; the headers are no
// section and never split).  Its flags are those of its sections: R, plus
// X if one is code, plus W if one is writable, so read-only data split
// from code by a gap is R even with -z noseparate-code.  Its p_align is
// the page size or its most aligned section's alignment, whichever is
// larger, and its p_offset is congruent to p_vaddr modulo p_align, as the
// ELF spec requires, so file padding before a segment can exceed a page.
// A segment with nothing in the file (zero-fill only) gets p_offset 0,
// while its sections' sh_offset is where it would have started.  All of
// this is GNU ld's rule.  Returns the end of the loaded image in the file.
static u64 place_loads(struct ctx *ctx) {
  u64 page = ctx->page_size;
  u32 *seg_of = arena_alloc(ctx, (u64)ctx->chunks.len * sizeof(u32));
  u32 first = ctx->nsegs;
  u64 prev_end = 0;
  bool prev_section = false, prev_bss = false;
  struct segment *load = NULL;
  int cls = CLS_NONE;
  for (u32 k = 0; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (!(c->flags & SHF_ALLOC) || !is_emitted(c))
      continue;
    int kc = chunk_class(ctx, c);
    bool gap = prev_section && align_up(prev_end, page) + page <= c->addr;
    // Contents after zero-fill start a segment, so that the zero-fill
    // stays out of the file (GNU ld; .tbss counts as contents here).
    bool after_bss = prev_bss && c->type != SHT_NOBITS;
    if (kc != cls || gap || after_bss) {
      load = add_seg(ctx, PT_LOAD, PF_R);
      load->align = ctx->load_align;
      load->vaddr = c->addr;
      cls = kc;
    }
    seg_of[k] = ctx->nsegs - 1;
    if (c->kind != CK_EHDR) {
      load->flags |= (c->flags & SHF_EXECINSTR ? PF_X : 0) |
                     (c->flags & SHF_WRITE ? PF_W : 0);
      prev_section = true;
    }
    if (c->kind != CK_EHDR)
      prev_bss = c->type == SHT_NOBITS && !is_tbss(c);
    // The inputs' alignment, even where sh_addralign shows less
    // (chunk_addralign): GNU ld's p_align.
    if (c->align > load->align)
      load->align = c->align;
    if (!is_tbss(c)) {
      u64 end = c->addr + c->size;
      prev_end = end;
      if (end - load->vaddr > load->memsz)
        load->memsz = end - load->vaddr;
      if (c->type != SHT_NOBITS)
        load->filesz = end - load->vaddr;
    }
  }

  u64 fpos = 0;
  u32 cur = UINT32_MAX;
  for (u32 k = 0; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (!(c->flags & SHF_ALLOC) || !is_emitted(c))
      continue;
    struct segment *s = &ctx->segs[seg_of[k]];
    if (seg_of[k] != cur) {
      // Congruent to the address modulo the larger of p_align and the
      // page size the layout used (which -z common-page-size may raise
      // above p_align on x86-64).
      cur = seg_of[k];
      u64 m = s->align > page ? s->align : page;
      s->offset = fpos + ((s->vaddr - fpos) & (m - 1));
    }
    if (c->type == SHT_NOBITS) {
      c->offset = fpos > s->offset ? fpos : s->offset;
    } else {
      c->offset = s->offset + (c->addr - s->vaddr);
      fpos = c->offset + c->size;
    }
  }
  for (u32 i = first; i < ctx->nsegs; i++)
    if (!ctx->segs[i].filesz)
      ctx->segs[i].offset = 0;
  return fpos;
}

// One layout at a given program header count; assign_addresses() repeats
// it until the count it makes is the count it assumed.
static void layout_pass(struct ctx *ctx, u32 nphdr) {
  const struct arch *arch = ctx->arch;
  u64 page = ctx->page_size;
  ctx->ehdr->size = sizeof(Elf64_Ehdr) + (u64)nphdr * sizeof(Elf64_Phdr);
  // Splits at alignment gaps can add PT_LOADs beyond the first count.
  ctx->segs = arena_alloc(ctx, (u64)(nphdr + ctx->chunks.len) *
                                   sizeof(struct segment));
  ctx->nsegs = 0;

  // Addresses, one class (R, RX, R, RW) at a time.
  u64 dot = arch->image_base;
  u32 i = 0;
  u64 relro_start = 0, relro_end = 0;
  while (i < ctx->chunks.len) {
    struct chunk *c = ctx->chunks.v[i];
    int cls = chunk_class(ctx, c);
    if (cls == CLS_NONE) {
      i++;
      continue;
    }
    if (c->script_addr) {
      place_large(ctx, i, dot);
      break;
    }
    // A run of one class; non-allocated sections in it take no space
    // (an input section named .text but not SHF_ALLOC sorts among them).
    u32 j = i;
    while (j < ctx->chunks.len &&
           !((struct chunk *)ctx->chunks.v[j])->script_addr &&
           (chunk_class(ctx, ctx->chunks.v[j]) == cls ||
            chunk_class(ctx, ctx->chunks.v[j]) == CLS_NONE))
      j++;
    if (cls != CLS_RW) {
      if (i > 0)
        dot = align_up(dot, page);
      dot = place_run(ctx, i, j, dot, 0, false, NULL);
      i = j;
      continue;
    }
    // The writable segment: DATA_SEGMENT_ALIGN + DATA_SEGMENT_RELRO_END.
    u64 relro_offset =
        ctx->gotplt->home                                      ? 0
        : ctx->gotplt->size >= 24 || arch->relro_offset_always ? 24
                                                               : 0;
    bool any_relro = relro_anyway(ctx);
    for (u32 k = i; k < j; k++)
      any_relro |= makes_relro(ctx, ctx->chunks.v[k]);
    u64 base0 = align_up(dot, page);
    u64 base;
    if (any_relro) {
      u64 rdot;
      place_run(ctx, i, j, base0, relro_offset, false, &rdot);
      u64 target = align_up(rdot + relro_offset, page);
      u64 desired = target - relro_offset;
      for (u32 k = j; k-- > i;) {
        struct chunk *x = ctx->chunks.v[k];
        if (!is_emitted(x) || !(x->flags & SHF_ALLOC) ||
            x->order > ctx->got->order)
          continue;
        // .tbss takes no room but keeps its alignment (GNU ld's
        // lang_size_relro_segment_1 counts it with size 0).
        u64 size = is_tbss(x) ? 0 : x->size;
        u64 start = (x->addr + (desired - (x->addr + size))) &
                    ~(x->align - 1);
        desired = start;
      }
      base = desired;
      place_run(ctx, i, j, base, relro_offset, true, &rdot);
      relro_start = base;
      relro_end = align_up(rdot + relro_offset, page);
    } else {
      base = data_segment_start(ctx, i, j, dot);
    }
    dot = base;
    for (u32 k = i; k < j; k++) {
      struct chunk *x = ctx->chunks.v[k];
      if (is_emitted(x) && (x->flags & SHF_ALLOC) && !is_tbss(x) &&
          x->addr + x->size > dot)
        dot = x->addr + x->size;
    }
    i = j;
  }

  // Headers alone in their segment (separate code, no notes before the
  // code) go right below the first section, on a page boundary (GNU ld),
  // which is above the image base if that section is aligned beyond a page.
  for (u32 k = 0; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (c->kind == CK_EHDR || !(c->flags & SHF_ALLOC) || !is_emitted(c))
      continue;
    u64 below = (c->addr - ctx->ehdr->size) & ~(page - 1);
    if (chunk_class(ctx, c) != chunk_class(ctx, ctx->ehdr) &&
        below > ctx->ehdr->addr)
      ctx->ehdr->addr = below;
    break;
  }

  ctx->filesize = place_loads(ctx);

  // PT_NOTE per run of notes with one alignment.
  struct segment *note = NULL;
  for (u32 k = 0; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (!is_emitted(c) || !(c->flags & SHF_ALLOC))
      continue;
    if (c->type != SHT_NOTE) {
      note = NULL;
      continue;
    }
    if (!note || note->align != c->align) {
      note = add_seg(ctx, PT_NOTE, PF_R);
      note->align = c->align;
    }
    cover(note, c);
  }

  if (ctx->tls_first) {
    struct segment *s = add_seg(ctx, PT_TLS, PF_R);
    s->align = ctx->tls_align;
    for (u32 k = 0; k < ctx->chunks.len; k++) {
      struct chunk *c = ctx->chunks.v[k];
      if (is_emitted(c) && (c->flags & SHF_TLS))
        cover(s, c);
    }
    ctx->tls_start = s->vaddr;
    ctx->tls_memsz = s->memsz;
    ctx->tls_end = s->vaddr + align_up(s->memsz, s->align);
  }
  if (is_emitted(ctx->property)) {
    struct segment *s = add_seg(ctx, PT_GNU_PROPERTY, PF_R);
    s->align = 8;
    cover(s, ctx->property);
  }
  if (is_emitted(ctx->eh_frame_hdr)) {
    struct segment *s = add_seg(ctx, PT_GNU_EH_FRAME, PF_R);
    s->align = 4;
    cover(s, ctx->eh_frame_hdr);
  }
  if (ctx->stack != STACK_NONE) {
    struct segment *stack = add_seg(
        ctx, PT_GNU_STACK, PF_R | PF_W | (ctx->stack == STACK_X ? PF_X : 0));
    stack->align = 16;
    stack->memsz = ctx->cfg.z_stack_size;
  }
  // PT_GNU_RELRO from the first section in [relro_start, relro_end) that
  // has bytes, if one has file contents (bfd/elf.c): with nothing in the
  // RELRO part that may be .data, as in GNU ld.
  struct chunk *first = NULL;
  bool contents = false;
  for (u32 k = 0; relro_end && k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (!is_emitted(c) || !(c->flags & SHF_ALLOC) || !c->size ||
        c->addr < relro_start || c->addr >= relro_end)
      continue;
    if (!first)
      first = c;
    contents |= c->type != SHT_NOBITS;
  }
  if (first && contents) {
    struct segment *s = add_seg(ctx, PT_GNU_RELRO, PF_R);
    s->align = 1;
    s->vaddr = first->addr;
    s->offset = first->offset;
    s->memsz = s->filesz = relro_end - s->vaddr;
    // No more file bytes than its PT_LOAD has from there (GNU ld): the
    // RELRO end can lie past them when nothing follows .got.
    for (u32 k = 0; k < ctx->nsegs; k++) {
      struct segment *l = &ctx->segs[k];
      if (l->type != PT_LOAD || s->vaddr < l->vaddr ||
          s->vaddr >= l->vaddr + l->memsz)
        continue;
      u64 file_end = l->vaddr + l->filesz;
      u64 avail = file_end > s->vaddr ? file_end - s->vaddr : 0;
      if (avail < s->filesz)
        s->filesz = avail;
    }
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

  u32 nphdr = count_phdrs(ctx);
  for (int tries = 0;; tries++) {
    layout_pass(ctx, nphdr);
    if (ctx->nsegs == nphdr)
      break;
    if (tries == 8)
      fatal(ctx, "internal error: program header count does not converge");
    nphdr = ctx->nsegs;
  }
  // A chunk without a section of its own starts its home's.
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->home) {
      c->addr = c->home->addr;
      c->offset = c->home->offset;
    }
  }
}


// Non-allocated sections follow the loaded image in the file.
void place_nonalloc(struct ctx *ctx) {
  u64 fpos = ctx->filesize;
  u32 shndx = 1;
  for (u32 k = 0; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (c->kind == CK_EHDR || !is_emitted(c)) {
      c->shndx = 0;
      continue;
    }
    c->shndx = shndx++;
    if (c->flags & SHF_ALLOC)
      continue;
    c->addr = 0;
    c->offset = fpos = align_up(fpos, c->align);
    fpos += c->size;
  }
  ctx->shdr_size = (u64)shndx * sizeof(Elf64_Shdr);
  ctx->filesize = align_up(fpos, 8) + ctx->shdr_size;
}

// Local symbols that hold a GOT or IPLT slot get their address too.
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
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (!sym || sym->file != f || sym->symidx != k ||
          sym->state != SYM_DEFINED || (sym->flags & SF_LINKER))
        continue;
      struct esym s;
      read_sym(f, k, &s);
      struct isec *is = sym_isec(ctx, sym);
      if (is && is->osec)
        sym->value = is->is_common
                         ? isec_addr(is) + (u64)sym_aux(ctx, sym)->addend
                         : isec_offset_addr(is, s.st_value);
      else if (sym_shndx(f, k, &s) == SHN_ABS)
        sym->value = s.st_value;
      else
        sym->value = 0;
    }
  }
  fix_linker_symbols(ctx);    // _end, __start_SEC, --defsym, ...
}

// The name GNU ld gives a file in messages: an archive member's own name.
static const char *member_name(struct ctx *ctx, struct objfile *f) {
  const char *name;
  u32 len = file_own_name(f, &name);
  return name == f->name ? f->name : arena_strndup(ctx, name, len);
}

// GNU ld 2.40's warnings about executable memory, once addresses are
// final: an executable stack (--no-warn-execstack silences them) and a
// writable and executable LOAD segment (--no-warn-rwx-segments).
void warn_exec_memory(struct ctx *ctx) {
  struct config *c = &ctx->cfg;
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
                  "executable stack (NOTE: this behaviour is deprecated and "
                  "will be removed in a future version of the linker)",
                  member_name(ctx, ctx->stack_no_note));
    }
  }
  if (c->no_warn_rwx_segments)
    return;
  for (u32 i = 0; i < ctx->nsegs; i++) {
    struct segment *s = &ctx->segs[i];
    if (s->type == PT_LOAD && (s->flags & PF_W) && (s->flags & PF_X)) {
      warn_always(ctx, "%s has a LOAD segment with RWX permissions", c->output);
      return;
    }
  }
}
