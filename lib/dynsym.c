// dynsym.c: a static PIE's dynamic symbol table: .dynsym, its names in
// .dynstr and the hash tables that find them (.hash, .gnu.hash), as GNU
// ld writes them.

#include "mld.h"

// .dynsym: the null symbol, and on AArch64 (GNU ld's text and data index
// sections) a section symbol for the first read-only and the first
// writable allocated PROGBITS or NOBITS section that is neither TLS nor
// one GNU ld makes itself.
static bool index_section(struct chunk *c, bool writable) {
  static const char *const made[] = {".dynamic", ".got", ".got.plt",
                                     ".data.rel.ro", ".plt", ".iplt"};
  if (!has_inputs(c) || !(c->flags & SHF_ALLOC) || (c->flags & SHF_TLS) ||
      (c->type != SHT_PROGBITS && c->type != SHT_NOBITS) ||
      !!(c->flags & SHF_WRITE) != writable || !will_be_emitted(c))
    return false;
  for (u32 i = 0; i < sizeof(made) / sizeof(*made); i++)
    if (!strcmp(c->name, made[i]))
      return false;
  return true;
}

static void dynsym_sections(struct ctx *ctx, struct chunk *out[2]) {
  out[0] = out[1] = NULL;
  if (!ctx->arch->dynsym_index_sections || !has_dynamic_relocs(ctx))
    return;
  for (u32 i = 0; i < ctx->hdr_order.len; i++) {
    struct chunk *c = ctx->hdr_order.v[i];
    for (int w = 0; w < 2; w++)
      if (!out[w] && index_section(c, w))
        out[w] = c;
  }
}

static u32 dynsym_count(struct ctx *ctx) {
  struct chunk *s[2];
  dynsym_sections(ctx, s);
  return 1 + !!s[0] + !!s[1];
}

void size_dynsym(struct ctx *ctx, struct chunk *c) {
  c->size = (u64)dynsym_count(ctx) * sizeof(Elf64_Sym);
}

void write_dynsym(struct ctx *ctx, struct chunk *c, u8 *buf) {
  struct chunk *s[2];
  dynsym_sections(ctx, s);
  u8 *p = buf + c->offset + sizeof(Elf64_Sym);
  for (int w = 0; w < 2; w++) {
    if (!s[w])
      continue;
    memset(p, 0, sizeof(Elf64_Sym));
    p[4] = ELF64_ST_INFO(STB_LOCAL, STT_SECTION);
    wr16(p + 6, s[w]->shndx);
    wr64(p + 8, s[w]->addr);
    p += sizeof(Elf64_Sym);
  }
}

void dynsym_shdr(struct ctx *ctx, struct chunk *c, u32 *link,
                        u32 *info) {
  (void)c;
  *link = ctx->synth[CK_DYNSTR]->shndx;
  *info = dynsym_count(ctx);   // all local
}

// .dynstr: the empty name alone.
void size_dynstr(struct ctx *ctx, struct chunk *c) {
  (void)ctx;
  c->size = 1;
}

// SysV hash: one bucket, a chain per symbol, all empty.
void size_hash(struct ctx *ctx, struct chunk *c) {
  c->size = 8 + 4 + 4 * (u64)dynsym_count(ctx);
}

void write_hash(struct ctx *ctx, struct chunk *c, u8 *buf) {
  u8 *p = buf + c->offset;
  wr32(p, 1);
  wr32(p + 4, dynsym_count(ctx));
}

// GNU hash: one bucket, symoffset 1 (GNU ld's, whatever the locals), a
// one-word Bloom filter with no bit set.
void size_gnu_hash(struct ctx *ctx, struct chunk *c) {
  (void)ctx;
  c->size = 16 + 8 + 4;
}

void write_gnu_hash(struct ctx *ctx, struct chunk *c, u8 *buf) {
  (void)ctx;
  u8 *p = buf + c->offset;
  wr32(p, 1);
  wr32(p + 4, 1);
  wr32(p + 8, 1);
}

void link_dynsym(struct ctx *ctx, struct chunk *c, u32 *link,
                        u32 *info) {
  (void)c;
  (void)info;
  *link = reloc_symtab_shndx(ctx);
}
