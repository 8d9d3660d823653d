// segments.c: program headers and file offsets, from the addresses.
//
// GNU ld makes the segments once the sections have their addresses
// (bfd/elf.c, _bfd_elf_map_sections_to_segments), and so does mld, by the
// same rules.  The allocated sections, sorted by address, are cut into
// PT_LOAD segments: a section joins the segment of the one before it if
// it starts on the same maximum page as that one ends; otherwise it starts
// a new segment if it would leave a whole page unused in between, if it
// has contents and the one before is zero-fill (.tbss counts as contents),
// if it is code and the segment is not or the other way round (with
// -z separate-code), or if it is writable and the segment is not.  The
// ELF and program headers are loaded where the first section's page
// leaves room for them, or on the page below it; with -z separate-code
// and code first they get a PT_LOAD of their own.  A segment's flags are
// its sections' (R, W if one is writable, X if one is code), its p_align
// the page size or its most aligned section's alignment, whichever is
// larger, and its p_offset the first offset past the file so far that is
// congruent to p_vaddr modulo p_align (and the page size).  Not
// demand-paged (-N, -n), only a skipped page or contents after zero-fill
// start a segment, the headers are in none and p_align is the sections'.
// Then come the other program headers: PT_NOTE for each run of adjacent
// notes of one alignment, PT_TLS, PT_GNU_PROPERTY, PT_GNU_EH_FRAME,
// PT_GNU_STACK, PT_GNU_RELRO.

#include "mld.h"

#include <stdlib.h>

// An allocated section in GNU ld's order (elf_sort_sections): by load
// address, then by address; idx breaks ties as the section index does.
struct placed {
  struct chunk *c;
  u32 idx;
};

// A PT_LOAD being made: sections [first, end) of the sorted array, or
// the headers alone.
struct load {
  u32 first, end;
  bool headers;                // the ELF and program headers come first
  bool headers_only;
};

static bool has_contents(const struct chunk *c) {
  return c->type != SHT_NOBITS;
}

// Zero-fill other than .tbss, which sorts after the rest at its address.
static bool to_end(const struct chunk *c) {
  return !has_contents(c) && !(c->flags & SHF_TLS) && c->size;
}

static int cmp_placed(const void *a, const void *b) {
  const struct placed *x = a, *y = b;
  u64 lx = x->c->addr + x->c->lma_delta, ly = y->c->addr + y->c->lma_delta;
  if (lx != ly)
    return lx < ly ? -1 : 1;
  if (x->c->addr != y->c->addr)
    return x->c->addr < y->c->addr ? -1 : 1;
  if (to_end(x->c) != to_end(y->c))
    return to_end(x->c) ? 1 : -1;
  u64 sx = has_contents(x->c) ? x->c->size : 0;
  u64 sy = has_contents(y->c) ? y->c->size : 0;
  if (sx != sy)
    return sx < sy ? -1 : 1;
  return x->idx < y->idx ? -1 : x->idx > y->idx;
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
    s->paddr = c->addr + c->lma_delta;   // its first section's LMA (bfd)
    s->offset = c->offset;
  }
  u64 end = c->addr + c->size;
  if (end - s->vaddr > s->memsz)
    s->memsz = end - s->vaddr;
  if (c->type != SHT_NOBITS && end - s->vaddr > s->filesz)
    s->filesz = end - s->vaddr;
}

// Whether section c starts a new PT_LOAD after last (whose size counts
// as last_size: 0 for .tbss) in a segment that has code (exec) or
// writable data (writable) so far.  The order of the tests is GNU ld's.
static bool bfd_new_load(struct ctx *ctx, struct chunk *last, u64 last_size,
                         struct chunk *c, bool exec, bool writable) {
  u64 page = ctx->page_size;
  u64 last_end = last->addr + last_size;
  // Another relation between load and memory addresses (AT, AT>).
  if (c->lma_delta != last->lma_delta)
    return true;
  if (c->addr < last_end)
    return true;
  if (ctx->paged && ((last_end - 1) & -page) == (c->addr & -page))
    return false;
  if (align_up(last_end, page) + page <= c->addr)
    return true;
  if (!has_contents(last) && !(last->flags & SHF_TLS) &&
      (has_contents(c) || (c->flags & SHF_TLS)))
    return true;
  // Not demand-paged (-N, -n): no other reason.
  if (!ctx->paged)
    return false;
  if (!ctx->cfg.z_noseparate_code && exec != !!(c->flags & SHF_EXECINSTR))
    return true;
  return !writable && (c->flags & SHF_WRITE);
}

// bfd's answer, which GNU ld overrides for sections of two memory
// regions (ldlang_override_segment_assignment): never one segment.
static bool new_load(struct ctx *ctx, struct chunk *last, u64 last_size,
                     struct chunk *c, bool exec, bool writable) {
  return bfd_new_load(ctx, last, last_size, c, exec, writable) ||
         c->region != last->region;
}

// The allocated sections in load address order; returns how many.
static u32 sort_sections(struct ctx *ctx, struct placed **out) {
  struct placed *v = arena_alloc(ctx, (u64)ctx->hdr_order.len * sizeof(*v));
  u32 n = 0;
  for (u32 i = 0; i < ctx->hdr_order.len; i++) {
    struct chunk *c = ctx->hdr_order.v[i];
    if (c->kind == CK_EHDR || !(c->flags & SHF_ALLOC) || !is_emitted(c))
      continue;
    v[n].c = c;
    v[n].idx = i;
    n++;
  }
  qsort(v, n, sizeof(*v), cmp_placed);
  *out = v;
  return n;
}

// Where the headers go: at *va, in the first PT_LOAD or one of their own
// (*own), or in none (returns false) if the first section leaves no room
// below it.  The headers' page is the first section's or the one below,
// and, for one of their own, not the first section's if there is a page
// below (GNU ld then gives that page as p_paddr, *pa, and keeps p_vaddr).
static bool place_headers(struct ctx *ctx, struct chunk *first, u64 *va,
                          u64 *pa, bool *own) {
  u64 page = ctx->page_size, hdr = ctx->synth[CK_EHDR]->size;
  *own = false;
  if (!first || !ctx->paged || ctx->cfg.oformat_binary)
    return false;             // (a raw image has none: no __ehdr_start)
  // A script's layout: GNU ld loads the headers if the script asked for
  // SIZEOF_HEADERS, or if the first section leaves room for them in its
  // page (bfd: "it looks like space has been left for them").
  if (script_layout(ctx) && !ctx->script_load_phdrs) {
    u64 lma = first->addr + first->lma_delta;
    if ((lma & (page - 1)) < (hdr & (page - 1)) || lma < hdr)
      return false;
    *va = first->addr & -page;
    *pa = lma & -page;
    return true;
  }
  u64 lma = (first->addr - hdr) & -page;
  *va = *pa = lma;
  if (!ctx->cfg.z_noseparate_code && (first->flags & SHF_EXECINSTR)) {
    *own = true;
    if (((lma + hdr - 1) & -page) == (first->addr & -page)) {
      if (lma >= page)
        *pa = lma - page;
      else
        *own = false;
    }
  }
  return first->addr >= *pa && first->addr >= hdr;
}

// The PT_LOAD segments, then file offsets.  Returns the end of the loaded
// image in the file.
static u64 place_loads(struct ctx *ctx) {
  u64 page = ctx->page_size;
  struct placed *v;
  u32 n = sort_sections(ctx, &v);
  struct load *loads = arena_alloc(ctx, ((u64)n + 1) * sizeof(*loads));
  u32 nloads = 0;
  u64 hdr_va = 0, hdr_pa = 0;
  bool own = false;
  bool loaded = place_headers(ctx, n ? v[0].c : NULL, &hdr_va, &hdr_pa,
                              &own);
  ctx->lowest = n ? v[0].c : NULL;
  bool headers = loaded;       // still to go in the first PT_LOAD
  if (headers && own) {
    loads[nloads++] = (struct load){0, 0, true, true};
    headers = false;
  }
  struct chunk *last = NULL;
  u64 last_size = 0;
  bool exec = false, writable = false;
  u32 start = 0;
  for (u32 k = 0; k < n; k++)
    v[k].c->offset = 0;          // not yet placed (in this layout)
  for (u32 k = 0; k < n; k++) {
    struct chunk *c = v[k].c;
    if (last && new_load(ctx, last, last_size, c, exec, writable)) {
      loads[nloads++] = (struct load){start, k, headers, false};
      headers = false;
      start = k;
      exec = writable = false;
    }
    exec |= (c->flags & SHF_EXECINSTR) != 0;
    writable |= (c->flags & SHF_WRITE) != 0;
    last = c;
    last_size = chunk_is_tbss(c) ? 0 : c->size;
  }
  // No PT_LOAD for a .tbss alone.
  if (last && (n - start != 1 || !chunk_is_tbss(last)))
    loads[nloads++] = (struct load){start, n, headers, false};
  ctx->synth[CK_EHDR]->addr = loaded ? hdr_va : 0;
  ctx->synth[CK_EHDR]->offset = 0;
  ctx->headers_loaded = loaded;

  u64 fpos = ctx->synth[CK_EHDR]->size;
  for (u32 i = 0; i < nloads; i++) {
    struct load *l = &loads[i];
    struct segment *s = add_seg(ctx, PT_LOAD, PF_R);
    s->align = ctx->paged ? ctx->load_align : 1;
    if (l->headers_only) {
      s->vaddr = hdr_va;
      s->paddr = hdr_pa;
      s->filesz = s->memsz = ctx->synth[CK_EHDR]->size;
      continue;
    }
    // The inputs' alignment, even where sh_addralign shows less
    // (chunk_addralign): GNU ld's p_align.
    for (u32 k = l->first; k < l->end; k++) {
      struct chunk *c = v[k].c;
      s->flags |= (c->flags & SHF_EXECINSTR ? PF_X : 0) |
                  (c->flags & SHF_WRITE ? PF_W : 0);
      if (c->align > s->align)
        s->align = c->align;
    }
    // Congruent to the address modulo the larger of p_align and the
    // page size the layout used (which -z common-page-size may raise
    // above p_align on x86-64); not demand-paged, modulo p_align.
    u64 m = s->align > page || !ctx->paged ? s->align : page;
    struct chunk *first = v[l->first].c;
    if (l->headers) {
      struct chunk *eh = ctx->synth[CK_EHDR];
      s->vaddr = eh->addr = (first->addr - eh->size) & -m;
      s->offset = 0;
    } else {
      s->vaddr = first->addr;
      s->offset = fpos + ((s->vaddr - fpos) & (m - 1));
    }
    s->paddr = s->vaddr + first->lma_delta;
    // The first section is where its address says; zero-fill after it
    // is where the file has got to.  A segment without contents takes no
    // room in the file (GNU ld).
    u64 before = fpos;
    u64 start = s->offset + (first->addr - s->vaddr);
    if (start > fpos)
      fpos = start;
    bool contents = false;
    for (u32 k = l->first; k < l->end; k++) {
      struct chunk *c = v[k].c;
      if (has_contents(c)) {
        c->offset = s->offset + (c->addr - s->vaddr);
        fpos = c->offset + c->size;
        contents = true;
      } else {
        c->offset = fpos;
      }
      if (!chunk_is_tbss(c)) {
        u64 end = c->addr + c->size;
        if (end - s->vaddr > s->memsz)
          s->memsz = end - s->vaddr;
        if (has_contents(c))
          s->filesz = end - s->vaddr;
      }
    }
    if (!contents)
      fpos = before;
    // PT_GNU_RELRO needs a PT_LOAD that starts inside the RELRO part and
    // has contents (bfd/elf.c).
    if (contents && first->addr >= ctx->relro_start &&
        first->addr < ctx->relro_end)
      ctx->relro_load = true;
    if (l->headers && !s->filesz)
      s->filesz = ctx->synth[CK_EHDR]->size;
    // Zero-fill only (no section but SHT_NOBITS; an empty one of data
    // counts as data): GNU ld keeps p_offset in the first page (its
    // congruent offset past the file, modulo the page).
    if (!contents)
      s->offset &= m - 1;
  }
  // Sections in no PT_LOAD (a .tbss alone) are where the file is, at
  // their alignment (bfd).
  for (u32 k = 0; k < n; k++)
    if (chunk_is_tbss(v[k].c) && !v[k].c->offset)
      v[k].c->offset = align_up(fpos, v[k].c->align);
  return fpos;
}

// A PIE's .interp, made and kept: PT_PHDR and PT_INTERP then lead the
// program headers.
bool has_interp(struct ctx *ctx) {
  struct chunk *interp = ctx->synth[CK_INTERP];
  return interp && is_emitted(interp);
}

// GNU ld's first estimate of the program header count
// (get_program_header_size): the layout starts from it and runs again
// until the count it makes is the count it assumed.
u32 estimate_segments(struct ctx *ctx) {
  if (script_layout(ctx) && ctx->script->has_phdrs)
    return ctx->script->phdrs.len;
  u32 n = 2 + (ctx->cfg.z_noseparate_code ? 0 : 2) + !ctx->cfg.z_norelro +
          ctx->cfg.dynamic +
          2 * has_interp(ctx) +
          (ctx->stack != STACK_NONE) + is_emitted(ctx->synth[CK_EH_FRAME_HDR]) +
          is_emitted(ctx->synth[CK_PROPERTY]);
  bool tls = false, prev_note = false;
  u64 note_align = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!is_emitted(c) || !(c->flags & SHF_ALLOC) || c->kind == CK_EHDR)
      continue;
    bool note = c->type == SHT_NOTE;
    if (note && (!prev_note || c->align != note_align))
      n++;
    prev_note = note;
    note_align = c->align;
    tls |= (c->flags & SHF_TLS) != 0;
    n += c->mbind && c->mbind - 1 <= PT_GNU_MBIND_NUM &&
         !ctx->cfg.nmagic && !ctx->cfg.omagic;
  }
  return n + tls;
}

// Each section into the PHDRS statements it goes in, in section order
// (the statements' order), as GNU ld's lang_record_phdrs: a section
// without ":NAME" goes where the one before it went, or before any,
// where the first later one with ":NAME" goes; a NOLOAD one goes
// nowhere; an orphan where the section it follows goes.
static void assign_phdrs(struct ctx *ctx) {
  struct vec *ph = &ctx->script->phdrs;
  for (u32 i = 0; i < ph->len; i++)
    ((struct phdr_stmt *)ph->v[i])->chunks.len = 0;
  struct vec *cur = NULL;
  // An unallocated section goes only where its own ":NAME"s say
  // (script_nonalloc_segments covers it once it has a file offset).
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_EHDR || !is_emitted(c) ||
        (!(c->flags & SHF_ALLOC) && !(c->stmt && c->stmt->phdrs.len)))
      continue;
    if (c->stmt && c->stmt->phdrs.len)
      cur = &c->stmt->phdrs;
    else if (c->stmt && c->stmt->type == OT_NOLOAD)
      continue;
    // An orphan has the program headers of the section it follows, kept
    // or not (GNU ld's lang_insert_orphan).
    else if (!c->stmt && c->orphan_after && c->orphan_after->stmt &&
             c->orphan_after->stmt->phdrs.len)
      cur = &c->orphan_after->stmt->phdrs;
    for (u32 j = i + 1; !cur && j < ctx->chunks.len; j++) {
      struct chunk *d = ctx->chunks.v[j];
      if (d->stmt && d->stmt->phdrs.len)
        cur = &d->stmt->phdrs;
    }
    if (!cur)
      fatal(ctx, "no sections assigned to phdrs");
    for (u32 k = 0; k < cur->len; k++) {
      const char *name = cur->v[k];
      if (!strcmp(name, "NONE"))
        continue;
      struct phdr_stmt *p = NULL;
      for (u32 j = 0; !p && j < ph->len; j++)
        if (!strcmp(((struct phdr_stmt *)ph->v[j])->name, name))
          p = ph->v[j];
      if (!p)
        fatal(ctx, "section `%s' assigned to non-existent phdr `%s'", c->name,
              name);
      vec_push(ctx, &p->chunks, c);
    }
  }
}

// Segment S of statement P: its type, and the flags and alignment its
// sections give it.  Returns its first allocated section, or NULL.
static struct chunk *phdr_from_sections(struct ctx *ctx, struct phdr_stmt *p,
                                        struct segment *s) {
  memset(s, 0, sizeof(*s));
  s->type = p->type;
  // PF_R from its sections or headers: none for an empty one (bfd).
  s->flags = p->chunks.len || p->filehdr || p->phdrs ? PF_R : 0;
  s->align = p->type == PT_LOAD ? (ctx->paged ? ctx->load_align : 1) : 8;
  struct chunk *first = NULL;
  for (u32 k = 0; !first && k < p->chunks.len; k++)
    if (((struct chunk *)p->chunks.v[k])->flags & SHF_ALLOC)
      first = p->chunks.v[k];
  for (u32 k = 0; k < p->chunks.len; k++) {
    struct chunk *c = p->chunks.v[k];
    if (p->type == PT_LOAD && !(c->flags & SHF_ALLOC))
      continue;            // not laid out in it
    s->flags |= (c->flags & SHF_EXECINSTR ? PF_X : 0) |
                (c->flags & SHF_WRITE ? PF_W : 0);
    if (p->type != PT_LOAD && k == 0)
      s->align = c->align;
    if (c->align > s->align)
      s->align = c->align;
  }
  return first;
}

// PT_LOAD S of statement P, whose first allocated section is FIRST, laid
// out in the file from *FPOS (the headers, HDR bytes, in it if FILEHDR
// or PHDRS): its sections' offsets, its sizes; *FPOS moves past it.
static void lay_phdr_load(struct ctx *ctx, struct phdr_stmt *p,
                          struct segment *s, struct chunk *first, u64 hdr,
                          u64 *fpos) {
  u64 page = ctx->page_size;
  u64 m = s->align > page || !ctx->paged ? s->align : page;
  if (p->filehdr || p->phdrs) {
    // PHDRS without FILEHDR: from the program headers on (bfd).
    u64 base = first ? (first->addr - hdr) & -m : 0;
    u64 skip = p->filehdr ? 0 : sizeof(Elf64_Ehdr);
    ctx->synth[CK_EHDR]->addr = base;
    s->vaddr = base + skip;
    s->offset = skip;
    s->filesz = s->memsz = hdr - skip;
    ctx->headers_loaded = p->filehdr;
  } else if (first) {
    s->vaddr = first->addr;
    s->offset = *fpos + ((first->addr - *fpos) & (m - 1));
  } else {
    s->offset = *fpos;    // an empty one: where the file is (bfd)
  }
  for (u32 k = 0; k < p->chunks.len; k++) {
    struct chunk *c = p->chunks.v[k];
    if (!(c->flags & SHF_ALLOC))
      continue;
    if (has_contents(c)) {
      c->offset = s->offset + (c->addr - s->vaddr);
      *fpos = c->offset + c->size;
      s->filesz = c->addr + c->size - s->vaddr;
    } else {
      c->offset = *fpos;
    }
    if (!chunk_is_tbss(c) && c->addr + c->size - s->vaddr > s->memsz)
      s->memsz = c->addr + c->size - s->vaddr;
  }
  if (s->offset + s->filesz > *fpos)
    *fpos = s->offset + s->filesz;
}

// Segment S of statement P, HDR the size of the headers, *FPOS the end
// of the file so far: a PT_PHDR covers the program headers, a PT_LOAD
// is laid out (lay_phdr_load), any other covers its sections; then AT,
// FLAGS and, for PT_TLS, the TLS block.
static void plan_phdr(struct ctx *ctx, struct phdr_stmt *p, struct segment *s,
                      u64 hdr, u64 *fpos) {
  struct chunk *first = phdr_from_sections(ctx, p, s);
  if (p->type == PT_PHDR) {
    s->offset = sizeof(Elf64_Ehdr);
    s->filesz = s->memsz = hdr - sizeof(Elf64_Ehdr);
    s->vaddr = ctx->synth[CK_EHDR]->addr + s->offset;
    s->align = 8;
  } else if (p->type == PT_LOAD) {
    lay_phdr_load(ctx, p, s, first, hdr, fpos);
  } else {
    for (u32 k = 0; k < p->chunks.len; k++)
      if (((struct chunk *)p->chunks.v[k])->flags & SHF_ALLOC)
        cover(s, p->chunks.v[k]);
  }
  s->paddr = s->vaddr + (first ? first->lma_delta : 0);
  struct expr_value val;
  if (p->at && eval_script_expr(ctx, p->at, p->name, false, NULL, &val))
    s->paddr = val.v;
  if (p->flags &&
      eval_script_expr(ctx, p->flags, p->name, false, NULL, &val))
    s->flags = (u32)val.v;
  if (p->type == PT_TLS && first) {
    ctx->tls_start = s->vaddr;
    ctx->tls_memsz = s->memsz;
    ctx->tls_end = s->vaddr + align_up(s->memsz, s->align);
  }
}

// Allocated sections in no PT_LOAD still get a place in the file, from
// FPOS on, in address order (the N sections of V); returns the end.
static u64 place_unloaded(struct ctx *ctx, struct placed *v, u32 n,
                          u64 fpos) {
  struct vec *ph = &ctx->script->phdrs;
  for (u32 k = 0; k < n; k++) {
    struct chunk *c = v[k].c;
    bool loaded = false;
    for (u32 i = 0; i < ph->len && !loaded; i++) {
      struct phdr_stmt *p = ph->v[i];
      for (u32 j = 0; p->type == PT_LOAD && j < p->chunks.len; j++)
        loaded |= p->chunks.v[j] == c;
    }
    if (!loaded && has_contents(c)) {
      c->offset = fpos = align_up(fpos, c->align);
      fpos += c->size;
    } else if (!loaded) {
      c->offset = fpos;
    }
  }
  return fpos;
}

// Without a PT_TLS, the TLS block is still where its sections are.
static void tls_without_phdr(struct ctx *ctx) {
  if (!ctx->tls_first || ctx->tls_memsz)
    return;
  u64 end = 0;
  for (u32 k = 0; k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (is_emitted(c) && (c->flags & SHF_TLS) && c->addr + c->size > end)
      end = c->addr + c->size;
  }
  ctx->tls_start = ctx->tls_first->addr;
  ctx->tls_memsz = end - ctx->tls_start;
  ctx->tls_end = ctx->tls_start + align_up(ctx->tls_memsz, ctx->tls_align);
}

// PHDRS: the script's program headers, and only those.  A section goes
// in the headers its ":NAME"s list, or else in those of the section
// before it (":NONE": in none); a FILEHDR load starts with the ELF and
// program headers.  A PT_LOAD is laid out in the file as the built-in
// ones are (congruent to its address modulo the page); its flags are
// FLAGS (N) or its sections'; AT (ADDR) gives its physical address.
static void plan_phdrs(struct ctx *ctx) {
  struct vec *ph = &ctx->script->phdrs;
  u64 hdr = ctx->synth[CK_EHDR]->size;
  struct placed *v;
  u32 n = sort_sections(ctx, &v);
  ctx->lowest = n ? v[0].c : NULL;
  assign_phdrs(ctx);
  ctx->segs = arena_alloc(ctx, ((u64)ph->len + 1) * sizeof(struct segment));
  ctx->nsegs = 0;
  ctx->headers_loaded = false;
  ctx->synth[CK_EHDR]->addr = 0;
  u64 fpos = hdr;
  // The PT_LOADs first: they place the headers and give the sections
  // their file offsets.
  for (u32 pass = 0; pass < 2; pass++) {
    for (u32 i = 0; i < ph->len; i++) {
      struct phdr_stmt *p = ph->v[i];
      if ((p->type == PT_LOAD) == (pass == 0))
        plan_phdr(ctx, p, &ctx->segs[i], hdr, &fpos);
    }
  }
  ctx->nsegs = ph->len;
  fpos = place_unloaded(ctx, v, n, fpos);
  tls_without_phdr(ctx);
  ctx->filesize = fpos;
}

// PHDRS: bfd's warning for an allocated section with contents in no
// PT_LOAD (a ":NAME" put it, or the section before it, in a note alone).
void warn_unloaded_sections(struct ctx *ctx) {
  if (!ctx->script || !ctx->script->phdrs.len)
    return;
  struct vec *ph = &ctx->script->phdrs;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind == CK_EHDR || !(c->flags & SHF_ALLOC) || !is_emitted(c) ||
        !has_contents(c) || !c->size)
      continue;
    bool loaded = false;
    for (u32 k = 0; k < ph->len && !loaded; k++) {
      struct phdr_stmt *p = ph->v[k];
      for (u32 j = 0; p->type == PT_LOAD && j < p->chunks.len; j++)
        loaded |= p->chunks.v[j] == c;
    }
    if (!loaded)
      gnu_warning(ctx, "%s: warning: allocated section `%s' not in segment",
                  ctx->cfg.output, c->name);
  }
}

// PHDRS, once every section has its place in the file: an unallocated
// section a ":NAME" put in a segment other than a PT_LOAD (a note) is
// in it, its bytes but no memory (bfd's p_memsz).
void script_nonalloc_segments(struct ctx *ctx) {
  if (!ctx->script || !ctx->script->phdrs.len)
    return;
  struct vec *ph = &ctx->script->phdrs;
  for (u32 i = 0; i < ph->len && i < ctx->nsegs; i++) {
    struct phdr_stmt *p = ph->v[i];
    struct segment *s = &ctx->segs[i];
    for (u32 k = 0; p->type != PT_LOAD && k < p->chunks.len; k++) {
      struct chunk *c = p->chunks.v[k];
      if (c->flags & SHF_ALLOC)
        continue;
      if (!s->memsz && !s->filesz && !s->vaddr) {
        s->vaddr = c->addr;
        s->paddr = c->addr + c->lma_delta;
        s->offset = c->offset;
        if (k == 0)
          s->align = c->align;
      }
      u64 end = c->offset + (has_contents(c) ? c->size : 0);
      if (end - s->offset > s->filesz)
        s->filesz = end - s->offset;
    }
  }
}

void plan_segments(struct ctx *ctx) {
  if (script_layout(ctx) && ctx->script->has_phdrs) {
    plan_phdrs(ctx);
    return;
  }
  // Splits at alignment gaps can add PT_LOADs beyond any estimate.
  ctx->segs = arena_alloc(ctx, (u64)(ctx->chunks.len + 8) *
                                   sizeof(struct segment));
  ctx->nsegs = 0;
  ctx->relro_load = false;
  // A PIE's .interp: PT_PHDR and PT_INTERP, before the loads (bfd's
  // _bfd_elf_map_sections_to_segments).
  struct segment *phdr = NULL, *pt_interp = NULL;
  if (has_interp(ctx)) {
    phdr = add_seg(ctx, PT_PHDR, PF_R);
    pt_interp = add_seg(ctx, PT_INTERP, PF_R);
  }
  ctx->filesize = place_loads(ctx);
  if (phdr) {
    phdr->offset = sizeof(Elf64_Ehdr);
    phdr->vaddr = ctx->synth[CK_EHDR]->addr + phdr->offset;
    phdr->paddr = phdr->vaddr + ctx->synth[CK_EHDR]->lma_delta;
    phdr->filesz = phdr->memsz = ctx->synth[CK_EHDR]->size - phdr->offset;
    phdr->align = 8;
    pt_interp->align = 1;
    cover(pt_interp, ctx->synth[CK_INTERP]);
  }

  // A static PIE's PT_DYNAMIC, after the loads (GNU ld).
  struct chunk *dyn = ctx->synth[CK_DYNAMIC];
  if (dyn && is_emitted(dyn)) {
    struct segment *s = add_seg(ctx, PT_DYNAMIC, PF_R | PF_W);
    s->align = 8;
    cover(s, dyn);
  }

  // PT_NOTE per run of notes with one alignment, in section header order.
  struct segment *note = NULL;
  for (u32 k = 0; k < ctx->hdr_order.len; k++) {
    struct chunk *c = ctx->hdr_order.v[k];
    if (!is_emitted(c) || !(c->flags & SHF_ALLOC) || c->kind == CK_EHDR)
      continue;
    // A script's (TYPE = SHT_NOTE) section with no input notes is typed
    // after GNU ld has mapped its segments: no PT_NOTE.
    if (c->type != SHT_NOTE || script_typed(c)) {
      note = NULL;
      continue;
    }
    // A run goes on with a note of its alignment right after it (GNU ld).
    if (!note || note->align != c->align ||
        align_up(note->vaddr + note->memsz, c->align) != c->addr) {
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
  // PT_GNU_MBIND_LO + node per memory-node section, in a demand-paged
  // output (bfd's _bfd_elf_map_sections_to_segments).
  for (u32 k = 0; !ctx->cfg.nmagic && !ctx->cfg.omagic &&
                  k < ctx->hdr_order.len; k++) {
    struct chunk *c = ctx->hdr_order.v[k];
    if (!is_emitted(c) || !c->mbind || c->mbind - 1 > PT_GNU_MBIND_NUM)
      continue;
    struct segment *s = add_seg(
        ctx, PT_GNU_MBIND_LO + c->mbind - 1,
        PF_R | (c->flags & SHF_WRITE ? PF_W : 0) |
            (c->flags & SHF_EXECINSTR ? PF_X : 0));
    s->align = chunk_addralign(c);
    cover(s, c);
  }
  if (is_emitted(ctx->synth[CK_PROPERTY])) {
    struct segment *s = add_seg(ctx, PT_GNU_PROPERTY, PF_R);
    s->align = 8;
    cover(s, ctx->synth[CK_PROPERTY]);
  }
  if (is_emitted(ctx->synth[CK_EH_FRAME_HDR])) {
    struct segment *s = add_seg(ctx, PT_GNU_EH_FRAME, PF_R);
    s->align = 4;
    cover(s, ctx->synth[CK_EH_FRAME_HDR]);
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
  for (u32 k = 0; ctx->relro_end && k < ctx->chunks.len; k++) {
    struct chunk *c = ctx->chunks.v[k];
    if (!is_emitted(c) || !(c->flags & SHF_ALLOC) || !c->size ||
        c->kind == CK_EHDR || c->addr < ctx->relro_start ||
        c->addr >= ctx->relro_end)
      continue;
    if (!first)
      first = c;
    contents |= c->type != SHT_NOBITS;
  }
  if (first && contents && ctx->relro_load) {
    struct segment *s = add_seg(ctx, PT_GNU_RELRO, PF_R);
    s->align = 1;
    s->vaddr = first->addr;
    s->paddr = first->addr + first->lma_delta;
    s->offset = first->offset;
    s->memsz = s->filesz = ctx->relro_end - s->vaddr;
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
