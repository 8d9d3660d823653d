// errata.c: the Cortex-A53 errata fixes, 843419 (--fix-cortex-a53-843419)
// and 835769 (--fix-cortex-a53-835769).
//
// Early Cortex-A53 cores can compute a wrong address for a load or store
// when an ADRP sits in one of the last two words of a 4 KiB page
// (offset 0xff8 or 0xffc) and is followed by
//   2. a load or store (anything but a load pair), then optionally
//   3. any instruction, then
//   4. a load or store register (unsigned immediate) whose base is the
//      ADRP's destination register
// (Arm's errata notice ARM-EPM-048406; the same classification as GNU ld's
// _bfd_aarch64_erratum_843419_p, which is the behaviour we reproduce).
//
// As GNU ld with the default --fix-cortex-a53-843419 (=full), once layout
// has given code its addresses we look for the sequence in the code spans
// ($x to the next $d mapping symbol; a section without mapping symbols is
// not scanned, as in GNU ld) and give every site a veneer in a stub
// section right after its input section (stubs.c): the load or store,
// then a branch back.  When the output is written, an ADRP whose page is
// within 1 MiB becomes the equivalent ADR, which breaks the sequence; only
// otherwise does the load or store become a branch to its veneer.  The
// veneer is written either way, as GNU ld does.  Only the two words at
// 0xff8 and 0xffc of each page can start a sequence, so the scan reads
// two words per page, not every instruction.
//
// Erratum 835769: a 64-bit multiply-accumulate right after a load, store
// or prefetch may compute a wrong result.  As GNU ld, each such pair in a
// code span (whatever the addresses: the scan runs once) gets a veneer in
// its stub group's section, numbered in link order: the multiply-
// accumulate, then a branch back; the instruction becomes a branch to the
// veneer.  A load whose result the multiply-accumulate reads is safe.

#include "mld.h"

#include <stdlib.h>

enum {
  INSN_B = 0x14000000,          // b .
  INSN_ADR = 0x10000000,        // adr x0, .
};

static bool is_adrp(u32 insn) { return (insn & 0x9f000000) == 0x90000000; }

// Load/store register (unsigned immediate): LDR/STR Rt, [Xn, #imm].
static bool is_ldst_uimm(u32 insn) {
  return (insn & 0x3b000000) == 0x39000000;
}

// Whether insn is in the load/store encoding class (Arm ARM C4.1.66),
// and if so whether it is a pair (or exclusive pair) and a load.
static bool is_mem_op(u32 insn, bool *pair, bool *load) {
  *pair = *load = false;
  if ((insn & 0x0a000000) != 0x08000000)
    return false;
  bool ld = (insn >> 22) & 1;
  if ((insn & 0x3f000000) == 0x08000000) {        // exclusive
    *pair = (insn >> 21) & 1;
    *load = ld;
    return true;
  }
  if ((insn & 0x3a000000) == 0x28000000) {        // LDP/STP, all forms
    *pair = true;
    *load = ld;
    return true;
  }
  if ((insn & 0x3b000000) == 0x18000000 ||        // LDR (literal)
      (insn & 0x3b200000) == 0x38000000 ||        // imm9 forms
      (insn & 0x3b200c00) == 0x38200800 ||        // register offset
      is_ldst_uimm(insn)) {
    // opc (bits 22-23) with V (bit 26): which of these load.
    u32 opc_v = ((insn >> 22) & 3) | ((insn >> 26) & 1) << 2;
    *load = opc_v == 1 || opc_v == 2 || opc_v == 3 || opc_v == 5 ||
            opc_v == 7;
    return true;
  }
  *load = ld;
  if ((insn & 0xbfbf0000) == 0x0c000000 ||        // SIMD multiple structures
      (insn & 0xbfa00000) == 0x0c800000) {
    u32 opcode = (insn >> 12) & 0xf;
    return opcode == 0 || opcode == 2 || opcode == 4 || opcode == 6 ||
           opcode == 7 || opcode == 8 || opcode == 10;
  }
  return (insn & 0xbf9f0000) == 0x0d000000 ||     // SIMD single structure
         (insn & 0xbf800000) == 0x0d800000;
}

static bool is_sequence(u32 adrp, u32 mem, u32 ldst) {
  bool pair, load;
  return is_mem_op(mem, &pair, &load) && !(pair && load) &&
         is_ldst_uimm(ldst) && ((ldst >> 5) & 31) == (adrp & 31);
}

// Whether the code at p (address addr, avail bytes left in its span)
// starts an erratum sequence; if so *ldst_off is where its final load or
// store is, 8 or 12 bytes on.
bool erratum_843419_at(const u8 *p, u64 addr, u64 avail, u32 *ldst_off) {
  if ((addr & 0xfff) != 0xff8 && (addr & 0xfff) != 0xffc)
    return false;
  if (avail < 12 || !is_adrp(rd32(p)))
    return false;
  if (is_sequence(rd32(p), rd32(p + 4), rd32(p + 8))) {
    *ldst_off = 8;
    return true;
  }
  if (avail >= 16 && is_sequence(rd32(p), rd32(p + 4), rd32(p + 12))) {
    *ldst_off = 12;
    return true;
  }
  return false;
}

// A 64-bit multiply-accumulate (MADD, MSUB, SMADDL, SMSUBL, UMADDL,
// UMSUBL), not a multiply (accumulating XZR).
static bool is_mac64(u32 insn) {
  u32 op31 = (insn >> 21) & 7;
  return (insn & 0xff000000) == 0x9b000000 &&
         (op31 == 0 || op31 == 1 || op31 == 5) && ((insn >> 10) & 31) != 31;
}

// Whether mem then mac is an erratum 835769 pair (GNU ld's
// aarch64_erratum_sequence): any SIMD memory operation; an integer one
// unless it loads a register the multiply-accumulate reads.
static bool erratum_835769_pair(u32 mem, u32 mac) {
  bool pair, load;
  if (!is_mac64(mac) || !is_mem_op(mem, &pair, &load))
    return false;
  if ((mem >> 26) & 1)
    return true;
  u32 rt = mem & 31, rt2 = pair ? (mem >> 10) & 31 : rt;
  u32 rn = (mac >> 5) & 31, rm = (mac >> 16) & 31, ra = (mac >> 10) & 31;
  return !(load && (rt == rn || rt == rm || rt == ra ||
                    (pair && (rt2 == rn || rt2 == rm || rt2 == ra))));
}

// A mapping symbol: $x (code) or $d (data), possibly $x.suffix.
struct mapsym {
  u32 shndx;
  u64 value;
  char kind;
};

static int cmp_mapsym(const void *a, const void *b) {
  const struct mapsym *x = a, *y = b;
  if (x->shndx != y->shndx)
    return x->shndx < y->shndx ? -1 : 1;
  if (x->value != y->value)
    return x->value < y->value ? -1 : 1;
  return x->kind < y->kind ? -1 : x->kind > y->kind;
}

static bool is_code(struct isec *is) {
  const u8 *sh = shdr_at(is->file, is->shndx);
  return is->live && is->osec && is->data && !is->is_common &&
         SH_TYPE(sh) == SHT_PROGBITS && (SH_FLAGS(sh) & SHF_EXECINSTR);
}

static void add_erratum(struct ctx *ctx, struct isec *is, u64 adrp_off,
                        u64 ldst_off) {
  struct stub_sec *s = stub_sec_after(ctx, is);
  // The 0xffc three-word form and the 0xff8 four-word form can end at the
  // same load or store: one veneer (GNU ld names veneers by that place).
  if (s->errata.len) {
    struct erratum *last = s->errata.v[s->errata.len - 1];
    if (last->ldst_off == ldst_off)
      return;
  }
  struct erratum *e = arena_alloc(ctx, sizeof(*e));
  e->is = is;
  e->adrp_off = adrp_off;
  e->ldst_off = ldst_off;
  vec_push(ctx, &s->errata, e);
  size_stub_sec(ctx, s);
  ctx->stat_errata++;
}

// Erratum 835769 in [start, end) of section is, a code span.
static void scan_macs(struct ctx *ctx, struct isec *is, u64 start, u64 end) {
  for (u64 i = start; i + 4 < end; i += 4) {
    u32 mac = rd32(is->data + i + 4);
    if (!erratum_835769_pair(rd32(is->data + i), mac))
      continue;
    struct stub_sec *s = group_stub_sec(ctx, is);
    struct mac_veneer *v = arena_alloc(ctx, sizeof(*v));
    char name[40];
    snprintf(name, sizeof(name), "__erratum_835769_veneer_%u",
             (u32)ctx->stat_macs);
    *v = (struct mac_veneer){is, i + 4, mac, ctx->stat_macs++,
                             gnu_stub_bucket(name)};
    vec_push(ctx, &s->macs, v);
  }
}

// Scans [start, end) of section is, a code span.
static void scan_span(struct ctx *ctx, struct isec *is, u64 start, u64 end) {
  if (end > is->size)
    end = is->size;
  if (ctx->cfg.fix_cortex_a53_835769)
    scan_macs(ctx, is, start, end);
  if (!ctx->cfg.fix_cortex_a53_843419)
    return;
  u64 base = isec_addr(is);
  if (start + 12 > end)
    return;
  for (u64 page = (base + start) & ~(u64)0xfff; page < base + end;
       page += 0x1000) {
    for (u64 w = 0xff8; w <= 0xffc; w += 4) {
      u64 i = page + w - base;
      if (page + w < base + start || (i - start) % 4 || i + 8 >= end)
        continue;
      u32 ldst;
      if (erratum_843419_at(is->data + i, base + i, end - i, &ldst))
        add_erratum(ctx, is, i, i + ldst);
    }
  }
}

static void scan_file(struct ctx *ctx, struct objfile *f) {
  u32 n = 0;
  for (u32 k = 1; k < f->first_global; k++) {
    struct esym s;
    read_sym(f, k, &s);
    const char *name = sym_name(f, &s);
    if (name[0] == '$' && (name[1] == 'x' || name[1] == 'd') &&
        (name[2] == 0 || name[2] == '.'))
      n++;
  }
  if (!n)
    return;
  struct mapsym *m = arena_alloc(ctx, (u64)n * sizeof(*m));
  n = 0;
  for (u32 k = 1; k < f->first_global; k++) {
    struct esym s;
    read_sym(f, k, &s);
    const char *name = sym_name(f, &s);
    if (name[0] != '$' || (name[1] != 'x' && name[1] != 'd') ||
        (name[2] != 0 && name[2] != '.'))
      continue;
    m[n].shndx = sym_shndx(f, k, &s);
    m[n].value = s.st_value;
    m[n].kind = name[1];
    n++;
  }
  qsort(m, n, sizeof(*m), cmp_mapsym);
  for (u32 i = 0; i < n; i++) {
    if (m[i].kind != 'x' || m[i].shndx >= f->shnum)
      continue;
    struct isec *is = f->isecs[m[i].shndx];
    if (!is || !is_code(is))
      continue;
    u64 end = i + 1 < n && m[i + 1].shndx == m[i].shndx ? m[i + 1].value
                                                         : is->size;
    scan_span(ctx, is, m[i].value, end);
  }
}

static int cmp_mac(const void *a, const void *b) {
  const struct mac_veneer *x = *(void *const *)a, *y = *(void *const *)b;
  if (x->bucket != y->bucket)
    return x->bucket < y->bucket ? -1 : 1;
  return x->num > y->num ? -1 : x->num < y->num;
}

// Whether veneer slots were added (the layout must then run again).
bool fix_errata(struct ctx *ctx) {
  if (!ctx->arch->erratum_843419 ||
      (!ctx->cfg.fix_cortex_a53_843419 && !ctx->cfg.fix_cortex_a53_835769))
    return false;
  for (u32 i = 0; i < ctx->objs.len; i++)
    scan_file(ctx, ctx->objs.v[i]);
  for (u32 i = 0; ctx->stat_macs && i < ctx->stub_secs.len; i++) {
    struct stub_sec *s = ctx->stub_secs.v[i];
    vec_sort(&s->macs, cmp_mac);
    size_stub_sec(ctx, s);
  }
  return ctx->stat_errata + ctx->stat_macs != 0;
}

// Sign-extends the 21-bit immediate of an ADR or ADRP.
static i64 adr_imm(u32 insn) {
  i64 imm = ((insn >> 29) & 3) | ((insn >> 5) & 0x7ffff) << 2;
  return (i64)((u64)imm << 43) >> 43;
}

// The sections holding sites are relocated on all threads, each into a
// scratch buffer of its thread's; each site's ADRP is read there.  The
// fixes are then chosen in order, on one thread (an error there stops
// the link).
struct errata_job {
  struct erratum **sites;      // every stub section's, in order
  u32 *first;                  // per section with sites: its first site
  u32 nsecs;
  u32 *adrp;                   // per site: its instruction once relocated
  u8 *scratch[MAX_THREADS];    // per thread, cap[t] bytes
  u64 cap[MAX_THREADS];
};

static void relocate_sites(struct ctx *ctx, void *arg, u32 i) {
  struct errata_job *j = arg;
  struct isec *is = j->sites[j->first[i]]->is;
  u32 t = worker_index();
  if (is->size > j->cap[t]) {
    j->cap[t] = is->size;
    j->scratch[t] = arena_alloc(ctx, is->size);
  }
  u8 *tmp = j->scratch[t];
  memcpy(tmp, is->data, is->size);
  if (is->nrels)
    ctx->arch->apply_relocs(ctx, is, tmp, 0, is->nrels);
  for (u32 k = j->first[i]; k < j->first[i + 1]; k++)
    j->adrp[k] = rd32(tmp + j->sites[k]->adrp_off);
}

// With final addresses: whether each site's ADRP, once relocated, can
// become an ADR (its page within 1 MiB).  The section is relocated into
// scratch memory to read the ADRP as it will be written (relaxations
// included).  A relaxation may have replaced the ADRP (TLS IE to LE): the
// site then needs no fix, but its veneer slot stays, as in GNU ld, which
// sizes veneers before relaxing.  A used veneer gets a symbol named as GNU
// ld names it, e843419@BFD_SECTION_OFFSET, with GNU ld's numbers of the
// file and section as far as mld can tell them (bfd_id, gnu_section_id:
// exact for objects and archive members it extracts; members it only
// looks into for a COMMON symbol also take numbers in GNU ld).
void plan_errata(struct ctx *ctx) {
  struct errata_job j = {0};
  u32 n = 0;
  for (u32 i = 0; i < ctx->stub_secs.len; i++)
    n += ((struct stub_sec *)ctx->stub_secs.v[i])->errata.len;
  if (!n)
    return;
  j.sites = arena_alloc(ctx, (u64)n * sizeof(*j.sites));
  j.first = arena_alloc(ctx, ((u64)n + 1) * sizeof(u32));
  j.adrp = arena_alloc(ctx, (u64)n * sizeof(u32));
  n = 0;
  for (u32 i = 0; i < ctx->stub_secs.len; i++) {
    struct stub_sec *s = ctx->stub_secs.v[i];
    for (u32 k = 0; k < s->errata.len; k++, n++) {
      j.sites[n] = s->errata.v[k];
      if (!n || j.sites[n]->is != j.sites[n - 1]->is)
        j.first[j.nsecs++] = n;
    }
  }
  j.first[j.nsecs] = n;
  ctx->mute_diagnostics = true;
  parallel_for(ctx, j.nsecs, relocate_sites, &j);
  ctx->mute_diagnostics = false;
  for (u32 k = 0; k < n; k++) {
    struct erratum *e = j.sites[k];
    struct isec *is = e->is;
    u64 P = isec_addr(is) + e->adrp_off;
    u32 adrp = j.adrp[k];
    i64 d = (i64)(aarch64_page(P) + ((u64)adr_imm(adrp) << 12) - P);
    u8 how = ctx->cfg.fix_cortex_a53_843419;
    if (!is_adrp(adrp))
      e->fix = ERRATUM_GONE;
    else if ((how & FIX_843419_ADR) && d >= -(1 << 20) && d < (1 << 20))
      e->fix = ERRATUM_ADR;
    else if (how & FIX_843419_ADRP)
      e->fix = ERRATUM_VENEER;
    else
      fatal(ctx, "%s: erratum 843419 immediate 0x%llx out of range for "
            "ADR (input file too large) and --fix-cortex-a53-843419=adr "
            "used.  Run the linker with --fix-cortex-a53-843419=full "
            "instead", is->file->name, (unsigned long long)d);
    if (e->fix == ERRATUM_VENEER)
      e->name = arena_printf(ctx, "e843419@%04x_%08x_%llx",
                             is->file->bfd_id,
                             gnu_section_id(ctx, is->file, is->shndx),
                             (unsigned long long)e->ldst_off);
  }
}

// Erratum 835769: each veneer, the multiply-accumulate and a branch to
// the instruction after it, which becomes a branch to the veneer.
static void write_macs(struct ctx *ctx, u8 *buf, struct stub_sec *s) {
  for (u32 k = 0; k < s->macs.len; k++) {
    struct mac_veneer *v = s->macs.v[k];
    u64 veneer = mac_veneer_addr(ctx, s, k);
    u64 site = isec_addr(v->is) + v->off;
    u8 *vp = buf + chunk_file_offset(s->after->osec, veneer);
    wr32(vp, v->insn);
    wr32(vp + 4, INSN_B);
    aarch64_write_branch26(vp + 4, (i64)(site + 4 - (veneer + 4)));
    i64 b = (i64)(veneer - site);
    if (b < -((i64)1 << 27) || b >= ((i64)1 << 27)) {
      error(ctx, "%s: error: erratum 835769 stub out of range (input file "
            "too large)", v->is->file->name);
      continue;
    }
    u8 *sp = buf + v->is->osec->offset + v->is->offset + v->off;
    wr32(sp, INSN_B);
    aarch64_write_branch26(sp, b);
  }
}

// After relocation: each site's veneer, and the ADR or the branch that
// breaks its sequence.  A site whose ADRP is gone keeps an unused veneer
// with a zero word where the load or store would be, as GNU ld's.
void write_errata(struct ctx *ctx, u8 *buf) {
  for (u32 i = 0; i < ctx->stub_secs.len; i++) {
    struct stub_sec *s = ctx->stub_secs.v[i];
    write_macs(ctx, buf, s);
    for (u32 k = 0; k < s->errata.len; k++) {
      struct erratum *e = s->errata.v[k];
      struct isec *is = e->is;
      u8 *sec = buf + is->osec->offset + is->offset;
      u64 base = isec_addr(is);
      u64 veneer = e843419_veneer_addr(ctx, s, k);
      u64 ldst = base + e->ldst_off;
      if (ctx->cfg.fix_cortex_a53_843419 & FIX_843419_ADRP) {
        u8 *vp = buf + chunk_file_offset(s->after->osec, veneer);
        wr32(vp, e->fix == ERRATUM_GONE ? 0 : rd32(sec + e->ldst_off));
        wr32(vp + 4, INSN_B);                      // b ldst + 4
        aarch64_write_branch26(vp + 4, (i64)(ldst + 4 - (veneer + 4)));
      }

      u64 P = base + e->adrp_off;
      u32 adrp = rd32(sec + e->adrp_off);
      i64 d = (i64)(aarch64_page(P) + ((u64)adr_imm(adrp) << 12) - P);
      if (e->fix == ERRATUM_GONE)
        continue;
      if (e->fix == ERRATUM_ADR) {
        wr32(sec + e->adrp_off, INSN_ADR | (adrp & 31));   // adr xd, page
        aarch64_write_adr(sec + e->adrp_off, d);
        continue;
      }
      i64 b = (i64)(veneer - ldst);
      if (b < -((i64)1 << 27) || b >= ((i64)1 << 27)) {
        error(ctx, "%s:(%s+0x%llx): erratum 843419 veneer out of reach",
              is->file->name, isec_name(is),
              (unsigned long long)e->ldst_off);
        continue;
      }
      wr32(sec + e->ldst_off, INSN_B);             // b veneer
      aarch64_write_branch26(sec + e->ldst_off, b);
    }
  }
}
