// ehframe.c: .eh_frame records, their liveness, and .eh_frame_hdr.
//
// Each input .eh_frame is cut into its CIE and FDE records once, and its
// relocations are decoded into a compact array that stays resident: the
// one place where mld keeps a copy of relocations, because garbage
// collection (an FDE keeps its LSDA alive), the output writer and the
// .eh_frame_hdr table all visit them again.  The output keeps records in
// input order, drops FDEs of discarded or collected functions, and keeps
// one copy of each distinct CIE, as GNU ld does.

#include "mld.h"

#include <stdlib.h>

static int cmp_rel(const void *a, const void *b) {
  const struct eh_rel *x = a, *y = b;
  return x->offset < y->offset ? -1 : x->offset > y->offset;
}

// Reading CIE and FDE fields, each bounded by the record's end.
static bool uleb(const u8 **p, const u8 *end, u64 *v) {
  u64 x = 0;
  for (u32 shift = 0; *p < end; shift += 7) {
    u8 b = *(*p)++;
    if (shift < 64)
      x |= (u64)(b & 0x7f) << shift;
    if (!(b & 0x80)) {
      *v = x;
      return true;
    }
  }
  return false;
}

static bool skip(const u8 **p, const u8 *end, u64 n) {
  if (n > (u64)(end - *p))
    return false;
  *p += n;
  return true;
}

// The size of a pointer of DWARF encoding enc (0: none we know).
static u32 enc_width(u8 enc) {
  switch (enc & 0x0f) {
  case 0x00: return 8;                 // DW_EH_PE_absptr, 64-bit targets
  case 0x02: case 0x0a: return 2;      // udata2, sdata2
  case 0x03: case 0x0b: return 4;      // udata4, sdata4
  case 0x04: case 0x0c: return 8;      // udata8, sdata8
  default: return 0;
  }
}

// Skips one call frame instruction (DWARF 5, 6.4.2, and the GNU ones GNU
// ld knows); false if it is not one.
static bool skip_cfa_op(const u8 **p, const u8 *end, u32 ptr_width) {
  u8 op = *(*p)++;
  u64 n;
  switch (op & 0xc0 ? op & 0xc0 : op) {
  case 0x00: case 0x40: case 0xc0:     // nop, advance_loc, restore
  case 0x0a: case 0x0b: case 0x2d:     // remember/restore_state, window_save
    return true;
  case 0x80: case 0x06: case 0x07: case 0x08: case 0x0d: case 0x0e:
  case 0x13: case 0x2e:                // one LEB128 operand
    return uleb(p, end, &n);
  case 0x05: case 0x09: case 0x0c: case 0x11: case 0x12: case 0x14:
  case 0x15: case 0x2f:                // two LEB128 operands
    return uleb(p, end, &n) && uleb(p, end, &n);
  case 0x0f:                           // def_cfa_expression: a block
    return uleb(p, end, &n) && skip(p, end, n);
  case 0x10: case 0x16:                // expression, val_expression
    return uleb(p, end, &n) && uleb(p, end, &n) && skip(p, end, n);
  case 0x01: return skip(p, end, ptr_width);   // set_loc
  case 0x02: return skip(p, end, 1);           // advance_loc1
  case 0x03: return skip(p, end, 2);           // advance_loc2
  case 0x04: return skip(p, end, 4);           // advance_loc4
  case 0x1d: return skip(p, end, 8);           // MIPS_advance_loc8
  default: return false;
  }
}

// The DW_CFA_nop padding that ends the instructions [p, end), which GNU
// ld drops (it pads records again to their alignment); 0 if they do not
// decode, or use DW_CFA_set_loc in a CIE.
static u32 cfa_padding(const u8 *p, const u8 *end, u32 ptr_width, bool cie) {
  const u8 *last = p;
  while (p < end) {
    if (*p == 0) {
      p++;
      continue;
    }
    if ((cie && *p == 0x01) || !skip_cfa_op(&p, end, ptr_width))
      return 0;
    last = p;
  }
  return end - last;
}

// A CIE's augmentation: its FDEs' encoding, and where its instructions
// start.  False if it does not decode (then nothing is trimmed).
static bool parse_cie(struct eh_rec *rec, const u8 *d) {
  const u8 *end = d + rec->size, *p = d + 8;
  rec->fde_enc = 0;
  rec->aug_z = false;
  rec->decoded = false;
  if (p >= end)
    return false;
  u8 version = *p++;
  const char *aug = (const char *)p;
  while (p < end && *p)
    p++;
  if (p++ >= end)
    return false;
  u64 n;
  if (!uleb(&p, end, &n) || !uleb(&p, end, &n))   // code, data alignment
    return false;
  if (version == 1 ? !skip(&p, end, 1) : !uleb(&p, end, &n))
    return false;
  if (aug[0] == 'z') {
    u64 len;
    if (!uleb(&p, end, &len) || len > (u64)(end - p))
      return false;
    const u8 *q = p, *qend = p + len;
    for (const char *a = aug + 1; *a; a++) {
      if (*a == 'R' || *a == 'L') {
        if (q >= qend)
          return false;
        if (*a == 'R')
          rec->fde_enc = *q;
        q++;
      } else if (*a == 'P') {
        if (q >= qend)
          return false;
        u8 pe = *q++;
        if (!skip(&q, qend, enc_width(pe)))
          return false;
      } else if (*a != 'S' && *a != 'B') {
        return false;
      }
    }
    rec->aug_z = true;
    p = qend;
  } else if (aug[0]) {
    return false;
  }
  rec->pad = cfa_padding(p, end, enc_width(rec->fde_enc), true);
  rec->decoded = true;
  return true;
}

// An FDE's padding, from its CIE's encoding; augmentation data only
// with a 'z' augmentation (none with an empty one, GNU ld's length 0).
static void parse_fde(struct eh_rec *rec, const u8 *d) {
  struct eh_rec *cie = rec->cie;
  const u8 *end = d + rec->size, *p = d + 8;
  u32 w = enc_width(cie->fde_enc);
  u64 len;
  if (!w || !cie->decoded || !skip(&p, end, 2 * (u64)w) ||
      (cie->aug_z && (!uleb(&p, end, &len) || !skip(&p, end, len))))
    return;
  rec->pad = cfa_padding(p, end, w, false);
}

// The first record at offset off or after it (records are in offset
// order), or nrecs.
static u32 first_rec_from(const struct eh_frame *eh, u64 off) {
  u32 lo = 0, hi = eh->nrecs;
  while (lo < hi) {
    u32 mid = lo + (hi - lo) / 2;
    if (eh->recs[mid].offset < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

// The resident relocations of IS, sorted by offset.  False (and none)
// if one is bad.
static bool decode_rels(struct ctx *ctx, struct isec *is,
                        struct eh_frame *eh) {
  struct objfile *f = is->file;
  eh->nrels = is->nrels;
  eh->rels = arena_alloc(ctx, (u64)is->nrels * sizeof(struct eh_rel));
  bool sorted = true;
  for (u32 i = 0; i < is->nrels; i++) {
    const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
    struct eh_rel *e = &eh->rels[i];
    u64 off = rd64(r);
    u64 info = rd64(r + 8);
    enum data_reloc k = ctx->arch->data_reloc_kind(ELF64_R_TYPE(info));
    u64 width = k == DR_NONE ? 0 : k == DR_ABS64 || k == DR_PC64 ? 8 : 4;
    if (off >= is->size || width > is->size - off ||
        ELF64_R_SYM(info) >= f->nsyms) {
      error(ctx, "%s:(.eh_frame+0x%llx): bad relocation %u", f->name,
            (unsigned long long)off, i);
      eh->nrels = 0;
      return false;
    }
    e->offset = off;
    e->type = ELF64_R_TYPE(info);
    e->symidx = ELF64_R_SYM(info);
    e->addend = (i64)rd64(r + 16);
    if (i && e->offset < eh->rels[i - 1].offset)
      sorted = false;
  }
  if (!sorted)
    qsort(eh->rels, eh->nrels, sizeof(struct eh_rel), cmp_rel);
  return true;
}

// How many records IS holds, as the cutting loop finds them.
static u32 count_records(struct isec *is) {
  u32 n = 0;
  for (u64 pos = 0; pos + 4 <= is->size;) {
    u32 len = rd32(is->data + pos);
    if (len == 0) {              // a terminator, as the cutting loop skips
      pos += 4;
      continue;
    }
    if (len == 0xffffffff || len > is->size - pos - 4)
      break;
    n++;
    pos += 4 + (u64)len;
  }
  return n;
}

// Cuts IS into its N records.  False on a malformed one.
static bool cut_records(struct ctx *ctx, struct isec *is,
                        struct eh_frame *eh, u32 n) {
  struct objfile *f = is->file;
  eh->recs = arena_alloc(ctx, (u64)n * sizeof(struct eh_rec));
  u32 ri = 0;
  u64 pos = 0;
  while (pos < is->size) {
    if (is->size - pos < 4) {
      error(ctx, "%s: .eh_frame: truncated record at offset 0x%llx",
            f->name, (unsigned long long)pos);
      return false;
    }
    u32 len = rd32(is->data + pos);
    if (len == 0) {
      if (!eh->terminator)
        eh->term_offset = (u32)pos;
      eh->terminator = true;
      pos += 4;
      continue;
    }
    if (len == 0xffffffff) {
      error(ctx, "%s: .eh_frame: 64-bit DWARF records are not supported",
            f->name);
      return false;
    }
    if (len > is->size - pos - 4 || len < 4 || ri >= n) {
      error(ctx, "%s: .eh_frame: record at offset 0x%llx (length %u) runs "
            "past the end of the section", f->name, (unsigned long long)pos,
            len);
      return false;
    }
    struct eh_rec *rec = &eh->recs[ri++];
    rec->offset = pos;
    rec->size = 4 + len;
    u32 id = rd32(is->data + pos + 4);
    rec->is_cie = id == 0;
    if (!rec->is_cie) {
      if (id > pos + 4) {
        error(ctx, "%s: .eh_frame: FDE at offset 0x%llx points before the "
              "section", f->name, (unsigned long long)pos);
        return false;
      }
      rec->cie_offset = pos + 4 - id;
    }
    pos += rec->size;
  }
  eh->nrecs = ri;
  return true;
}

// Each record's relocation range, and each FDE's CIE.  False if an FDE
// has none.
static bool link_records(struct ctx *ctx, struct eh_frame *eh) {
  u32 r = 0;
  for (u32 i = 0; i < eh->nrecs; i++) {
    struct eh_rec *rec = &eh->recs[i];
    while (r < eh->nrels && eh->rels[r].offset < rec->offset)
      r++;
    rec->rel_begin = r;
    while (r < eh->nrels && eh->rels[r].offset < rec->offset + rec->size)
      r++;
    rec->rel_end = r;
    if (rec->is_cie)
      continue;
    rec->cie = NULL;
    u32 lo = first_rec_from(eh, rec->cie_offset);
    if (lo < eh->nrecs && eh->recs[lo].offset == rec->cie_offset &&
        eh->recs[lo].is_cie)
      rec->cie = &eh->recs[lo];
    if (!rec->cie) {
      error(ctx, "%s: .eh_frame: FDE at offset 0x%x has no CIE at offset "
            "0x%x", eh->is->file->name, rec->offset, rec->cie_offset);
      return false;
    }
  }
  return true;
}

static void parse_one(struct ctx *ctx, struct isec *is) {
  struct eh_frame *eh = arena_alloc(ctx, sizeof(*eh));
  eh->is = is;
  is->eh = eh;
  if (!decode_rels(ctx, is, eh) ||
      !cut_records(ctx, is, eh, count_records(is)) || !link_records(ctx, eh))
    return;
  // Trailing padding, as GNU ld finds it (CIEs first: FDEs read them).
  for (u32 i = 0; i < eh->nrecs; i++) {
    eh->recs[i].pad = 0;
    if (eh->recs[i].is_cie && !parse_cie(&eh->recs[i],
                                         is->data + eh->recs[i].offset))
      eh->recs[i].pad = 0;       // undecodable: copied as it is
  }
  for (u32 i = 0; i < eh->nrecs; i++)
    if (!eh->recs[i].is_cie)
      parse_fde(&eh->recs[i], is->data + eh->recs[i].offset);
}

// File f's .eh_frame sections among isecs: parse_one reads only its
// section.
void parse_eh_sections(struct ctx *ctx, struct objfile *f,
                       struct isec **isecs) {
  for (u32 k = 1; k < f->shnum; k++) {
    struct isec *is = isecs[k];
    if (is && is->data && !strcmp(section_name(f, k), ".eh_frame"))
      parse_one(ctx, is);
  }
}

// Each file's on its own thread, but those parsed ahead (sections.c).
static void parse_file_eh_frame(struct ctx *ctx, void *arg, u32 i) {
  (void)arg;
  struct objfile *f = ctx->objs.v[i];
  if (!f->eh_parsed)
    parse_eh_sections(ctx, f, f->isecs);
}

void parse_eh_frame(struct ctx *ctx) {
  parallel_for(ctx, ctx->objs.len, parse_file_eh_frame, NULL);
}

// An .eh_frame input of the linker's: a copy of the arch's records tmpl,
// whose FDE describes chunk t, after the .eh_frame inputs of file f and
// of those before it, as GNU ld adds the section to its "dynobj".
static void add_unwind_input(struct ctx *ctx, struct chunk *c,
                             struct objfile *f, const u8 *tmpl, u32 size,
                             struct chunk *t) {
  struct isec *is = arena_alloc(ctx, sizeof(*is));
  memset(is, 0, sizeof(*is));
  u8 *data = arena_alloc(ctx, size);
  memcpy(data, tmpl, size);
  is->file = f;
  is->osec = c;
  is->data = data;
  is->size = size;
  is->align = 8;
  is->live = true;
  parse_one(ctx, is);
  is->eh->unwinds = t;
  u32 at = 0;
  while (at < c->isecs.len &&
         ((struct isec *)c->isecs.v[at])->file->priority <= f->priority)
    at++;
  vec_push(ctx, &c->isecs, is);
  memmove(&c->isecs.v[at + 1], &c->isecs.v[at],
          (u64)(c->isecs.len - 1 - at) * sizeof(void *));
  c->isecs.v[at] = is;
}

// An x86-64 PIE (or executable with .dynamic), unless
// --no-ld-generated-unwind-info: GNU ld's own
// .eh_frame input, which keeps an .eh_frame output section.
bool plt_unwind_wanted(struct ctx *ctx) {
  return ctx->cfg.dynamic && ctx->arch->plt_eh_frame && !ctx->cfg.no_ld_unwind;
}

// There GNU ld describes its .plt and .plt.got in .eh_frame when an input
// has unwind information.  Its file for the sections it makes is the one
// holding the merged .note.gnu.property, else the first object.
void plt_unwind_info(struct ctx *ctx) {
  const struct arch *arch = ctx->arch;
  struct chunk *c = ctx->synth[CK_EH_FRAME];
  if (!plt_unwind_wanted(ctx) || !c || c->discarded)
    return;
  bool any = false;            // a CIE or FDE: more than 8 bytes
  for (u32 i = 0; i < c->isecs.len && !any; i++)
    any = ((struct isec *)c->isecs.v[i])->size > 8;
  struct objfile *f = ctx->prop_note_file && property_note_size(ctx)
                          ? ctx->prop_note_file
                          : NULL;
  for (u32 i = 0; i < ctx->objs.len && !f; i++) {
    struct objfile *o = ctx->objs.v[i];
    if (o->live && !o->lto && !o->binary)
      f = o;
  }
  if (!any || !f)
    return;
  if (ctx->iplt_syms.len || ctx->pltgot_syms.len)
    add_unwind_input(ctx, c, f, arch->plt_eh_frame, arch->plt_eh_frame_size,
                     ctx->synth[CK_IPLT]);
  if (ctx->pltgot_syms.len)
    add_unwind_input(ctx, c, f, arch->pltgot_eh_frame,
                     arch->pltgot_eh_frame_size, ctx->synth[CK_PLTGOT]);
}

// The input section an FDE describes: the target of its pc_begin.
struct isec *fde_target(struct ctx *ctx, struct eh_frame *eh,
                        struct eh_rec *fde) {
  struct objfile *f = eh->is->file;
  for (u32 r = fde->rel_begin; r < fde->rel_end; r++) {
    struct eh_rel *e = &eh->rels[r];
    if (e->offset != fde->offset + 8)
      continue;
    if (e->symidx >= f->first_global) {
      struct symbol *sym = f->globals[e->symidx - f->first_global];
      return sym && sym->file && sym->file->isecs ? sym_isec(ctx, sym)
                                                  : NULL;
    }
    struct esym s;
    read_sym(f, e->symidx, &s);
    u32 shndx = sym_shndx(f, e->symidx, &s);
    return shndx < f->shnum ? f->isecs[shndx] : NULL;
  }
  return NULL;
}

static bool fde_live(struct ctx *ctx, struct eh_frame *eh,
                     struct eh_rec *fde) {
  if (eh->unwinds)
    return true;
  struct isec *t = fde_target(ctx, eh, fde);
  return t && t->live && t->osec;
}

// Whether .eh_frame input is has an FDE the output keeps.
static bool has_live_fde(struct ctx *ctx, const struct isec *is) {
  struct eh_frame *eh = is->eh;
  for (u32 k = 0; eh && k < eh->nrecs; k++)
    if (!eh->recs[k].is_cie && fde_live(ctx, eh, &eh->recs[k]))
      return true;
  return false;
}

// Whether .eh_frame input is is one GNU ld leaves out whole: emptied (no
// FDE of it stays, so neither does a CIE) and after the last input that
// keeps more than a terminator (bfd_elf_discard_info's SEC_EXCLUDE, so
// that it adds no padding at the end).  Its relocations are not
// applied: an undefined symbol they name is not reported.  Those of
// other inputs are, in records left out too.  (Before size_eh_frame,
// which then sets eh->excluded alike.)
bool eh_input_excluded(struct ctx *ctx, const struct isec *is) {
  struct chunk *c = is->eh ? is->osec : NULL;
  if (!c || !c->isecs.len || has_live_fde(ctx, is) ||
      (is->eh->terminator && c->isecs.v[c->isecs.len - 1] == is))
    return false;               // (the last input's terminator stays)
  for (u32 i = c->isecs.len; i-- > 0;) {
    struct isec *other = c->isecs.v[i];
    if (other == is)
      return true;
    if (has_live_fde(ctx, other))
      return false;
  }
  return false;
}

// Two CIEs are the same if their bytes and relocations are.
static bool same_cie(struct eh_frame *a, struct eh_rec *x, struct eh_frame *b,
                     struct eh_rec *y) {
  // Equal without their padding, which the output makes anew.
  u32 n = x->size - x->pad;
  if (n != y->size - y->pad ||
      memcmp(a->is->data + x->offset + 4, b->is->data + y->offset + 4,
             n - 4) ||
      x->rel_end - x->rel_begin != y->rel_end - y->rel_begin)
    return false;
  for (u32 i = 0; i < x->rel_end - x->rel_begin; i++) {
    struct eh_rel *p = &a->rels[x->rel_begin + i];
    struct eh_rel *q = &b->rels[y->rel_begin + i];
    if (p->offset - x->offset != q->offset - y->offset ||
        p->type != q->type || p->addend != q->addend)
      return false;
    struct objfile *fa = a->is->file, *fb = b->is->file;
    bool ga = p->symidx >= fa->first_global, gb = q->symidx >= fb->first_global;
    if (ga != gb)
      return false;
    if (ga) {
      if (fa->globals[p->symidx - fa->first_global] !=
          fb->globals[q->symidx - fb->first_global])
        return false;
    } else if (fa != fb || p->symidx != q->symidx) {
      return false;
    }
  }
  return true;
}

static u64 hash_bytes(const u8 *p, u32 n) {
  return hash_name((const char *)p, n);
}

// Clears what size_eh_frame decides; the number of CIEs.
static u32 reset_records(struct ctx *ctx, struct chunk *c) {
  u32 ncies = 0;
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct eh_frame *eh = ((struct isec *)c->isecs.v[i])->eh;
    for (u32 k = 0; eh && k < eh->nrecs; k++) {
      struct eh_rec *rec = &eh->recs[k];
      ncies += rec->is_cie;
      rec->referenced = false;
      // -r keeps every CIE, as GNU ld does.
      rec->leader = rec->is_cie && ctx->cfg.relocatable ? rec : NULL;
    }
  }
  return ncies;
}

// Each live FDE, in output order, keeps its CIE, or the same CIE kept
// before it (GNU ld's find_merged_cie): a CIE none of whose FDEs is live
// is not the one kept, even when it comes first.
static void merge_cies(struct ctx *ctx, struct chunk *c, u32 ncies) {
  u64 cap = 16;
  while (cap < (u64)ncies * 2)
    cap *= 2;
  struct eh_rec **slots = arena_alloc(ctx, cap * sizeof(void *));
  struct eh_frame **owners = arena_alloc(ctx, cap * sizeof(void *));
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct eh_frame *eh = ((struct isec *)c->isecs.v[i])->eh;
    for (u32 k = 0; eh && k < eh->nrecs; k++) {
      struct eh_rec *rec = &eh->recs[k];
      if (rec->is_cie || !(rec->live = fde_live(ctx, eh, rec)))
        continue;
      ctx->eh_fde_count++;
      struct eh_rec *cie = rec->cie;
      if (!cie->leader) {
        u64 j = hash_bytes(eh->is->data + cie->offset + 4,
                           cie->size - cie->pad - 4) & (cap - 1);
        while (slots[j] && !same_cie(owners[j], slots[j], eh, cie))
          j = (j + 1) & (cap - 1);
        if (!slots[j]) {
          slots[j] = cie;
          owners[j] = eh;
        }
        cie->leader = slots[j];
      }
      cie->referenced = cie->leader->referenced = true;
    }
  }
}

// Lays out input section IS at OUT (a terminator after it if LAST has
// one), *PREV the record before it; returns where the next one goes.
// *GNU is where GNU ld puts it before editing: it edits .eh_frame after
// laying it out from the inputs' sizes, and its symbol adjustment sees
// those offsets (eh_symbol_addr).
static u64 lay_out_input(struct isec *is, bool last, u64 out, u64 *gnu,
                         struct eh_rec **prev) {
  struct eh_frame *eh = is->eh;
  *gnu = align_up(*gnu, is->align ? is->align : 1);
  if (eh)
    eh->gnu_offset = *gnu;
  *gnu += is->size;
  bool term = eh && eh->terminator && last;
  bool any = term;
  for (u32 k = 0; eh && k < eh->nrecs; k++) {
    struct eh_rec *rec = &eh->recs[k];
    rec->emitted = rec->is_cie ? rec->leader == rec && rec->referenced
                               : rec->live;
    any |= rec->emitted;
  }
  // A section left empty takes no place (GNU ld excludes it).
  if (any)
    out = align_up(out, is->align > 4 ? is->align : 4);
  is->offset = out;
  u64 local = 0;
  for (u32 k = 0; eh && k < eh->nrecs; k++) {
    struct eh_rec *rec = &eh->recs[k];
    rec->out_offset = out + local;
    if (!rec->emitted)
      continue;
    u32 w = rec->is_cie ? 0 : enc_width(rec->cie->fde_enc);
    local = align_up(local, w > 4 ? w : 4);
    rec->out_offset = out + local;
    rec->gnu_pos = (u32)(eh->gnu_offset + local);
    if (*prev)
      (*prev)->out_size = rec->out_offset - (*prev)->out_offset;
    local += rec->size - rec->pad;
    *prev = rec;
  }
  local = align_up(local, 4);
  if (*prev)
    (*prev)->out_size = out + local - (*prev)->out_offset;
  if (term)
    local += 4;
  if (eh) {
    eh->term_kept = term;
    eh->out_size = eh->padded_size = (u32)local;
  }
  return out + local;
}

// Output offsets of the records that survive, and the section's size.
void size_eh_frame(struct ctx *ctx, struct chunk *c) {
  ctx->eh_fde_count = 0;
  merge_cies(ctx, c, reset_records(ctx, c));
  // As GNU ld lays them out (_bfd_elf_discard_section_eh_frame): records
  // without their padding, each aligned in its input section to 4 (an FDE
  // to its address size), the gap going to the record before it as
  // DW_CFA_nops; each input section a multiple of 4, placed at its own
  // alignment, the gap again inside the record before (zeros between
  // records would read as a terminator); a terminator only from the last
  // input section (crtend.o).
  u64 out = 0, gnu = 0;
  struct eh_rec *prev = NULL;
  for (u32 i = 0; i < c->isecs.len; i++)
    out = lay_out_input(c->isecs.v[i], i + 1 == c->isecs.len, out, &gnu,
                        &prev);
  c->size = out;
  // Its alignment is its most aligned input's, as any section's (GNU
  // ld's eh_alignment).  GNU ld then pads every section before the last
  // one holding more than a terminator to that alignment, before it
  // moves globals; a section left empty there is at the padded end of
  // the one before.
  u32 last = c->isecs.len;
  for (; last > 0; last--) {
    struct isec *is = c->isecs.v[last - 1];
    if ((is->eh ? is->eh->out_size : is->size) > 4)
      break;
  }
  // Those after it left empty GNU ld leaves out whole.
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct eh_frame *eh = ((struct isec *)c->isecs.v[i])->eh;
    if (eh)
      eh->excluded = i >= last && !eh->out_size;
  }
  for (u32 i = 0; i + 1 < last; i++) {
    struct isec *is = c->isecs.v[i];
    if (is->eh)
      is->eh->padded_size = (u32)align_up(is->eh->out_size, c->align);
    if (is->eh && !is->eh->out_size)
      is->offset = align_up(is->offset, c->align);
  }
}

// The address of a symbol at offset off of an .eh_frame input, as GNU ld
// moves it when it edits the section (offset_adjust, for globals and for
// local NOTYPE and OBJECT symbols): with the record it is in, where that
// stays; to the next kept record (or the section's end) where it goes;
// and to the CIE a removed CIE was merged with, by offsets from before
// the edit, so that crtbeginT.o's __EH_FRAME_BEGIN__ can land before
// .eh_frame.  The value keeps its distance from its record's start; a
// global put at the end of its section sees the section padded.
u64 eh_symbol_addr(const struct isec *is, u64 off, bool global) {
  const struct eh_frame *eh = is->eh;
  u64 base = isec_addr((struct isec *)is);
  if (!eh || (!eh->nrecs && !eh->terminator))
    return base + off;
  // Where the kept terminator is, or the section's end (padded for a
  // global): what follows the last record.
  u64 tail = eh->term_kept ? eh->out_size - 4
             : global ? eh->padded_size : eh->out_size;
  if (eh->terminator && (off >= eh->term_offset || !eh->nrecs))
    return base + tail + (off - eh->term_offset);
  u32 lo = first_rec_from(eh, off + 1);  // the last record at or before off
  lo = lo ? lo - 1 : 0;
  const struct eh_rec *rec = &eh->recs[lo];
  u64 to;                               // where the record goes
  if (rec->emitted) {
    to = rec->out_offset - is->offset;
  } else if (rec->is_cie && rec->referenced) {
    to = rec->leader->gnu_pos - eh->gnu_offset;   // may be before is
  } else {
    to = tail;
    for (u32 k = lo + 1; k < eh->nrecs; k++)
      if (eh->recs[k].emitted) {
        to = eh->recs[k].out_offset - is->offset;
        break;
      }
  }
  return base + to + (off - rec->offset);
}

// Sized after .eh_frame, whose live FDEs it lists.
void size_eh_frame_hdr(struct ctx *ctx, struct chunk *h) {
  struct chunk *c = ctx->synth[CK_EH_FRAME];
  h->size = ctx->cfg.eh_frame_hdr && c && c->size
                ? 12 + 8 * (u64)ctx->eh_fde_count : 0;
}

// Writes one .eh_frame relocation (types from the arch's
// data_reloc_kind), checking 32-bit fields' ranges.
static void write_data_reloc(struct ctx *ctx, struct isec *is,
                             struct eh_rel *e, u8 *loc, u64 S, u64 P,
                             const struct reloc_sym *rs) {
  i64 A = e->addend, v;
  i64 lo = INT32_MIN, hi = INT32_MAX;
  switch (ctx->arch->data_reloc_kind(e->type)) {
  case DR_NONE:
    return;
  case DR_ABS64:
    wr64(loc, S + A);
    return;
  case DR_PC64:
    wr64(loc, S + A - P);
    return;
  case DR_U32:
    lo = 0, hi = UINT32_MAX, v = S + A;
    break;
  case DR_S32:
    v = S + A;
    break;
  case DR_ANY32:
    hi = UINT32_MAX, v = S + A;
    break;
  case DR_PC32:
    v = S + A - P;
    break;
  case DR_PC32_ANY:
    hi = UINT32_MAX, v = S + A - P;
    break;
  default:
    error(ctx, "%s:(.eh_frame+0x%x): unsupported relocation type %s",
          is->file->name, e->offset, ctx->arch->reloc_name(e->type));
    return;
  }
  if (v < lo || v > hi)
    reloc_overflow(ctx, is, e->offset, e->type, rs, v, lo, hi);
  wr32(loc, v);
}

static int cmp_hdr(const void *a, const void *b) {
  const struct eh_hdr_entry *x = a, *y = b;
  return x->pc < y->pc ? -1 : x->pc > y->pc;
}

// Copies record rec of eh to its place in the output section at base:
// its bytes without the trailing padding, DW_CFA_nop to its output size,
// its new length, and an FDE's new CIE pointer.  Returns where it went.
u8 *copy_eh_record(u8 *base, const struct eh_frame *eh,
                   const struct eh_rec *rec) {
  u8 *dst = base + rec->out_offset;
  u32 n = rec->size - rec->pad;
  memcpy(dst, eh->is->data + rec->offset, n);
  memset(dst + n, 0, rec->out_size - n);   // DW_CFA_nop
  wr32(dst, rec->out_size - 4);
  if (!rec->is_cie)
    wr32(dst + 4, rec->out_offset + 4 - rec->cie->leader->out_offset);
  return dst;
}

void write_eh_frame(struct ctx *ctx, struct chunk *c, u8 *buf) {
  if (!c->size)
    return;
  u8 *base = buf + c->offset;
  struct eh_hdr_entry *tab = NULL;
  u32 ntab = 0;
  if (ctx->synth[CK_EH_FRAME_HDR]->size)
    tab = arena_alloc(ctx, (u64)ctx->eh_fde_count * sizeof(*tab));
  for (u32 i = 0; i < c->isecs.len; i++) {
    struct isec *is = c->isecs.v[i];
    struct eh_frame *eh = is->eh;
    for (u32 k = 0; eh && k < eh->nrecs; k++) {
      struct eh_rec *rec = &eh->recs[k];
      if (!rec->emitted)
        continue;
      u8 *dst = copy_eh_record(base, eh, rec);
      if (eh->unwinds && !rec->is_cie) {
        struct chunk *t = eh->unwinds;
        u64 P = c->addr + rec->out_offset + 8;
        wr32(dst + 8, t->addr - P);
        wr32(dst + 12, t->size);
        if (tab && ntab < ctx->eh_fde_count)
          tab[ntab++] = (struct eh_hdr_entry){t->addr,
                                              c->addr + rec->out_offset};
      }
      for (u32 r = rec->rel_begin; r < rec->rel_end; r++) {
        struct eh_rel *e = &eh->rels[r];
        u64 delta = e->offset - rec->offset;
        struct reloc_sym rs;
        reloc_target(ctx, is->file, e->symidx, &rs);
        u64 P = c->addr + rec->out_offset + delta;
        write_data_reloc(ctx, is, e, dst + delta, rs.S, P, &rs);
        // One table entry per FDE, even if pc_begin has two relocations.
        if (tab && !rec->is_cie && delta == 8 && ntab < ctx->eh_fde_count &&
            (r == rec->rel_begin || eh->rels[r - 1].offset != e->offset))
          tab[ntab++] = (struct eh_hdr_entry){rs.S + e->addend,
                                              c->addr + rec->out_offset};
      }
    }
  }
  ctx->eh_hdr_tab = tab;
  ctx->eh_hdr_n = ntab;
}

// .eh_frame_hdr, from the table write_eh_frame made (it is written
// first): version 1, eh_frame_ptr pcrel|sdata4, fde_count udata4, table
// datarel|sdata4, sorted by initial location.
void write_eh_frame_hdr(struct ctx *ctx, struct chunk *h, u8 *buf) {
  struct eh_hdr_entry *tab = ctx->eh_hdr_tab;
  u32 ntab = ctx->eh_hdr_n;
  if (!tab)
    return;
  struct chunk *c = ctx->synth[CK_EH_FRAME];
  qsort(tab, ntab, sizeof(*tab), cmp_hdr);
  u8 *p = buf + h->offset;
  p[0] = 1;
  p[1] = 0x1b;
  p[2] = 0x03;
  p[3] = 0x3b;
  wr32(p + 4, c->addr - (h->addr + 4));
  wr32(p + 8, ntab);
  for (u32 i = 0; i < ntab; i++) {
    wr32(p + 12 + 8 * i, tab[i].pc - h->addr);
    wr32(p + 16 + 8 * i, tab[i].fde - h->addr);
  }
}
