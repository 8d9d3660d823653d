// synthetic.c: sections the linker makes itself.
//
// .got (addresses and TP offsets, all known at link time in a static
// executable), .got.plt (three reserved words, then one slot per IFUNC),
// .plt (the IPLT: one jump through its slot per IFUNC), .rela.plt (one
// IRELATIVE per IFUNC, which the C library's static start-up code applies
// between __rela_iplt_start and __rela_iplt_end), .note.gnu.property,
// .note.gnu.build-id, .symtab, .strtab and .shstrtab.

#include "mld.h"

static bool prop_kept(struct ctx *ctx, u32 k) {
  u32 t = ctx->props[k].type;
  bool and_type = t >= 0xc0000000 && t < 0xc0008000;
  bool or_type = (t >= 0xc0008000 && t < 0xc0010000) ||
                 (t >= 0xb0008000 && t < 0xb0010000);
  bool or_and = t >= 0xc0010000 && t < 0xc0018000;
  bool all = ctx->props[k].nfiles == ctx->nprop_files;
  if (and_type)
    return all && ctx->props[k].value;
  if (or_and)
    return all;
  return or_type;
}

static u32 kept_props(struct ctx *ctx) {
  u32 n = 0;
  for (u32 k = 0; k < ctx->nprops; k++)
    n += prop_kept(ctx, k);
  return n;
}

static u32 build_id_size(struct ctx *ctx) {
  switch (ctx->cfg.build_id) {
  case BUILD_ID_NONE: return 0;
  case BUILD_ID_SHA1: return 20;
  case BUILD_ID_MD5: case BUILD_ID_UUID: return 16;
  case BUILD_ID_HEX: return ctx->cfg.build_id_hex_len;
  }
  return 0;
}

void size_synthetic(struct ctx *ctx) {
  u32 n = kept_props(ctx);
  ctx->property->size = n ? 16 + 16 * n : 0;
  u32 b = build_id_size(ctx);
  ctx->build_id->size = b ? 16 + align_up(b, 4) : 0;
}

// The output section index for a symbol in chunk c.  A symbol in an
// output section that was dropped for being empty goes with the next
// section, as GNU ld does.
static u16 out_shndx(struct ctx *ctx, struct chunk *c) {
  if (!c)
    return SHN_ABS;
  if (c->shndx)
    return c->shndx;
  u32 best = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *x = ctx->chunks.v[i];
    if (!x->shndx || !(x->flags & SHF_ALLOC))
      continue;
    if (x->addr >= c->addr)
      return x->shndx;
    best = x->shndx;
  }
  return best ? best : SHN_ABS;
}

struct symtab_writer {
  u8 *sym;
  char *str;
  u32 n;
  u64 strpos;
};

static void put(struct symtab_writer *w, const char *name, u8 info, u8 other,
                u16 shndx, u64 value, u64 size) {
  u32 len = strlen(name);
  if (w->sym) {
    u8 *p = w->sym + (u64)w->n * sizeof(Elf64_Sym);
    wr32(p, len ? w->strpos : 0);
    p[4] = info;
    p[5] = other;
    wr16(p + 6, shndx);
    wr64(p + 8, value);
    wr64(p + 16, size);
    if (len)
      memcpy(w->str + w->strpos, name, len + 1);
  }
  w->n++;
  if (len)
    w->strpos += len + 1;
}

static u64 tls_adjust(struct ctx *ctx, u8 type, u64 value) {
  return type == STT_TLS ? value - ctx->tls_start : value;
}

static void put_global(struct ctx *ctx, struct symtab_writer *w,
                       struct symbol *sym, bool as_local) {
  u8 bind = as_local ? STB_LOCAL : sym->binding;
  u8 other = as_local ? STV_DEFAULT : sym->visibility;
  if (sym->state == SYM_UNDEF) {
    put(w, sym->name, ELF64_ST_INFO(STB_WEAK, STT_NOTYPE), other, SHN_UNDEF,
        0, 0);
    return;
  }
  if (sym->flags & SF_LINKER) {
    struct chunk *c = ctx->aux[sym->aux].osec;
    u8 type = !strcmp(sym->name, "_GLOBAL_OFFSET_TABLE_") ? STT_OBJECT
                                                          : sym->type;
    put(w, sym->name, ELF64_ST_INFO(bind, type), other,
        c ? out_shndx(ctx, c) : SHN_ABS, tls_adjust(ctx, type, sym->value), 0);
    return;
  }
  struct esym s;
  read_sym(sym->file, sym->symidx, &s);
  u8 type = ELF64_ST_TYPE(s.st_info);
  struct isec *is = sym_isec(ctx, sym);
  u16 shndx = is ? out_shndx(ctx, is->osec) : SHN_ABS;
  if (is && is->is_common && type == STT_NOTYPE)
    type = STT_OBJECT;
  put(w, sym->name, ELF64_ST_INFO(bind, type), other, shndx,
      tls_adjust(ctx, type, sym->value), s.st_size);
}

static bool is_hidden(struct symbol *sym) {
  return sym->visibility == STV_HIDDEN || sym->visibility == STV_INTERNAL;
}

// The one walk over everything .symtab holds: with w->sym NULL it only
// counts, so sizing and writing cannot disagree.
static void walk_symtab(struct ctx *ctx, struct symtab_writer *w) {
  put(w, "", 0, 0, 0, 0, 0);
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = 1; k < f->first_global; k++) {
      struct esym s;
      read_sym(f, k, &s);
      u8 type = ELF64_ST_TYPE(s.st_info);
      const char *name = sym_name(f, &s);
      if (type == STT_SECTION || !name[0] || !strncmp(name, ".L", 2))
        continue;
      u32 shndx = sym_shndx(f, k, &s);
      if (type == STT_FILE || shndx == SHN_ABS) {
        put(w, name, s.st_info, s.st_other, SHN_ABS, s.st_value, s.st_size);
        continue;
      }
      if (shndx == SHN_UNDEF || shndx >= f->shnum)
        continue;
      struct isec *is = f->isecs[shndx];
      if (!is || !is->osec)
        continue;
      put(w, name, s.st_info, s.st_other, out_shndx(ctx, is->osec),
          tls_adjust(ctx, type, isec_offset_addr(is, s.st_value)), s.st_size);
    }
  }
  // Stub sections (stubs.c) as GNU ld lists them: $x at the start, then
  // each used erratum veneer's e843419@..., each stub's __foo_veneer
  // and a $x.
  for (u32 i = 0; i < ctx->stub_secs.len; i++) {
    struct stub_sec *ss = ctx->stub_secs.v[i];
    if (!ss->size)
      continue;
    u16 shndx = out_shndx(ctx, ss->after->osec);
    u8 notype = ELF64_ST_INFO(STB_LOCAL, STT_NOTYPE);
    put(w, "$x", notype, 0, shndx, stub_sec_addr(ss), 0);
    for (u32 k = 0; k < ss->errata.len; k++) {
      struct erratum *e = ss->errata.v[k];
      if (e->name)
        put(w, e->name, ELF64_ST_INFO(STB_LOCAL, STT_FUNC), 0, shndx,
            stub_sec_addr(ss) + ctx->arch->stub_header_size + 8 * k, 8);
    }
    for (u32 k = 0; k < ss->stubs.len; k++) {
      struct stub *st = ss->stubs.v[k];
      u64 a = stub_addr(ctx, st);
      put(w, st->name, ELF64_ST_INFO(STB_LOCAL, STT_FUNC), 0, shndx, a,
          ctx->arch->stub_insn_size);
      put(w, "$x", notype, 0, shndx, a, 0);
    }
  }
  // Hidden globals become locals in an executable.
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (sym && sym->file == f && sym->symidx == k &&
          sym->state == SYM_DEFINED && !(sym->flags & SF_LINKER) &&
          is_hidden(sym))
        put_global(ctx, w, sym, true);
    }
  }
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    if (is_hidden(sym))
      put_global(ctx, w, sym, true);
  }
  ctx->symtab_nlocal = w->n;
  for (u32 i = 0; i < ctx->objs.len; i++) {
    struct objfile *f = ctx->objs.v[i];
    for (u32 k = f->first_global; k < f->nsyms; k++) {
      struct symbol *sym = f->globals[k - f->first_global];
      if (!sym || is_hidden(sym))
        continue;
      if (sym->state == SYM_UNDEF) {
        // Undefined weak symbols are listed once, at first mention.
        if (!(sym->flags & SF_IN_SYMTAB) && !w->sym)
          vec_push(ctx, &ctx->undef_weak_syms, sym);
        sym->flags |= SF_IN_SYMTAB;
        continue;
      }
      if (sym->file != f || sym->symidx != k || (sym->flags & SF_LINKER))
        continue;
      // Symbols of collected or discarded sections are not listed.
      struct isec *is = sym_isec(ctx, sym);
      if (is && !is->osec)
        continue;
      put_global(ctx, w, sym, false);
    }
  }
  for (u32 i = 0; i < ctx->linker_syms.len; i++) {
    struct symbol *sym = ctx->linker_syms.v[i];
    if (!is_hidden(sym))
      put_global(ctx, w, sym, false);
  }
  for (u32 i = 0; i < ctx->undef_weak_syms.len; i++)
    put_global(ctx, w, ctx->undef_weak_syms.v[i], false);
}

void size_symtab(struct ctx *ctx) {
  if (ctx->cfg.strip_all) {
    ctx->symtab->size = ctx->strtab->size = 0;
  } else {
    struct symtab_writer w = {0};
    w.strpos = 1;
    walk_symtab(ctx, &w);
    ctx->symtab_count = w.n;
    ctx->symtab->size = (u64)w.n * sizeof(Elf64_Sym);
    ctx->strtab->size = w.strpos;
  }
  u64 n = 1;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (c->kind != CK_EHDR && (c->size || c->kind == CK_SHSTRTAB))
      n += strlen(c->name) + 1;
  }
  ctx->shstrtab->size = n;
}

static void write_symtab(struct ctx *ctx, u8 *buf) {
  if (ctx->cfg.strip_all)
    return;
  struct symtab_writer w = {0};
  w.sym = buf + ctx->symtab->offset;
  w.str = (char *)buf + ctx->strtab->offset;
  w.strpos = 1;
  w.str[0] = 0;
  walk_symtab(ctx, &w);
}

static void write_notes(struct ctx *ctx, u8 *buf) {
  if (ctx->property->size) {
    u8 *p = buf + ctx->property->offset;
    u32 n = kept_props(ctx);
    wr32(p, 4);
    wr32(p + 4, 16 * n);
    wr32(p + 8, NT_GNU_PROPERTY_TYPE_0);
    memcpy(p + 12, "GNU", 4);
    p += 16;
    // Properties in ascending type order.
    u32 last = 0;
    for (u32 done = 0; done < n; done++) {
      u32 best = UINT32_MAX, bk = 0;
      for (u32 k = 0; k < ctx->nprops; k++)
        if (prop_kept(ctx, k) && ctx->props[k].type < best &&
            (done == 0 || ctx->props[k].type > last)) {
          best = ctx->props[k].type;
          bk = k;
        }
      wr32(p, best);
      wr32(p + 4, 4);
      wr32(p + 8, ctx->props[bk].value);
      p += 16;
      last = best;
    }
  }
  if (ctx->build_id->size) {
    u8 *p = buf + ctx->build_id->offset;
    wr32(p, 4);
    wr32(p + 4, build_id_size(ctx));
    wr32(p + 8, NT_GNU_BUILD_ID);
    memcpy(p + 12, "GNU", 4);
  }
}

void write_synthetic(struct ctx *ctx, u8 *buf) {
  const struct arch *arch = ctx->arch;
  u8 *got = buf + ctx->got->offset - ctx->got->addr;
  for (u32 i = 0; i < ctx->got_syms.len; i++) {
    struct symbol *sym = ctx->got_syms.v[i];
    u64 v = sym->state == SYM_DEFINED ? sym->value : 0;
    if (sym->flags & SF_NEEDS_IPLT)
      v = iplt_entry_addr(ctx, sym);
    wr64(got + got_entry_addr(ctx, sym), v);
  }
  for (u32 i = 0; i < ctx->gottp_syms.len; i++) {
    struct symbol *sym = ctx->gottp_syms.v[i];
    // An undefined weak TLS symbol's entry holds 0, as in GNU ld.
    wr64(got + gottp_entry_addr(ctx, sym),
         sym->state == SYM_DEFINED ? arch->tp_offset(ctx, sym->value) : 0);
  }
  // IFUNC slots are the last words of .got.plt, after any reserved ones.
  u64 first_slot = ctx->gotplt->size / 8 - ctx->iplt_syms.len;
  for (u32 i = 0; i < ctx->iplt_syms.len; i++) {
    struct symbol *sym = ctx->iplt_syms.v[i];
    u64 slot = ctx->gotplt->addr + (first_slot + i) * 8;
    u64 entry = ctx->iplt->addr + (u64)i * arch->iplt_size;
    arch->write_iplt(ctx, buf + ctx->iplt->offset + (u64)i * arch->iplt_size,
                     entry, slot);
    wr64(buf + ctx->gotplt->offset + (slot - ctx->gotplt->addr), sym->value);
    u8 *rela = buf + ctx->rela_iplt->offset + (u64)i * sizeof(Elf64_Rela);
    wr64(rela, slot);
    wr64(rela + 8, ELF64_R_INFO(0, arch->r_irelative));
    wr64(rela + 16, sym->value);
  }
  write_stubs(ctx, buf);     // after relocation: veneers copy relocated code
  write_notes(ctx, buf);
  write_symtab(ctx, buf);
  char *sh = (char *)buf + ctx->shstrtab->offset;
  u64 pos = 1;
  sh[0] = 0;
  for (u32 i = 0; i < ctx->chunks.len; i++) {
    struct chunk *c = ctx->chunks.v[i];
    if (!c->shndx)
      continue;
    u32 len = strlen(c->name);
    memcpy(sh + pos, c->name, len + 1);
    c->name_off = pos;
    pos += len + 1;
  }
}
