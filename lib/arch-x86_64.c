// arch-x86_64.c: the x86-64 target.
//
// Relocations follow the x86-64 psABI (S: symbol address, A: addend, P:
// place, G: GOT entry address, GOT: _GLOBAL_OFFSET_TABLE_, which is the
// start of .got.plt, L: IPLT entry for an IFUNC).  In a static executable
// every symbol is local to the image, so GOT loads relax to direct forms
// where the instruction allows (R_X86_64_[REX_]GOTPCRELX), initial-exec
// TLS relaxes to local-exec, and general/local-dynamic and TLS descriptor
// sequences are rewritten to local-exec, as GNU ld does.  TLS is variant
// 2: the thread pointer is at the end of the TLS block.

#include "mld.h"

// x86-64 psABI 4.1.1: large-model COMMON symbols; not in <elf.h>.
#define SHN_X86_64_LCOMMON 0xff02

// How a GOTPCRELX relocation is rewritten.
enum relax {
  RX_NONE,        // keep the GOT load
  RX_LEA,         // mov foo@GOTPCREL(%rip), %r -> lea foo(%rip), %r
  RX_MOV_IMM,     // mov foo@GOTPCREL(%rip), %r -> mov $foo, %r
  RX_CALL,        // call *foo@GOTPCREL(%rip) -> addr32 call foo
  RX_JMP,         // jmp *foo@GOTPCREL(%rip) -> jmp foo; nop
  RX_TEST,        // test %r, foo@GOTPCREL(%rip) -> test $foo, %r
  RX_BINOP,       // op foo@GOTPCREL(%rip), %r -> op $foo, %r
};

static const char *reloc_name(u32 type) {
  static const char *const names[] = {
      "R_X86_64_NONE", "R_X86_64_64", "R_X86_64_PC32", "R_X86_64_GOT32",
      "R_X86_64_PLT32", "R_X86_64_COPY", "R_X86_64_GLOB_DAT",
      "R_X86_64_JUMP_SLOT", "R_X86_64_RELATIVE", "R_X86_64_GOTPCREL",
      "R_X86_64_32", "R_X86_64_32S", "R_X86_64_16", "R_X86_64_PC16",
      "R_X86_64_8", "R_X86_64_PC8", "R_X86_64_DTPMOD64",
      "R_X86_64_DTPOFF64", "R_X86_64_TPOFF64", "R_X86_64_TLSGD",
      "R_X86_64_TLSLD", "R_X86_64_DTPOFF32", "R_X86_64_GOTTPOFF",
      "R_X86_64_TPOFF32", "R_X86_64_PC64", "R_X86_64_GOTOFF64",
      "R_X86_64_GOTPC32", "R_X86_64_GOT64", "R_X86_64_GOTPCREL64",
      "R_X86_64_GOTPC64", "R_X86_64_GOTPLT64", "R_X86_64_PLTOFF64",
      "R_X86_64_SIZE32", "R_X86_64_SIZE64", "R_X86_64_GOTPC32_TLSDESC",
      "R_X86_64_TLSDESC_CALL", "R_X86_64_TLSDESC", "R_X86_64_IRELATIVE",
      "R_X86_64_RELATIVE64", "R_X86_64_39", "R_X86_64_40",
      "R_X86_64_GOTPCRELX", "R_X86_64_REX_GOTPCRELX",
  };
  if (type < sizeof(names) / sizeof(*names))
    return names[type];
  static __thread char buf[32];   // messages come from several threads
  snprintf(buf, sizeof(buf), "unknown relocation %u", type);
  return buf;
}

// Bytes a relocation type writes; 0 for types mld does not accept.
static u32 reloc_width(u32 type) {
  switch (type) {
  case R_X86_64_NONE: case R_X86_64_TLSDESC_CALL:
    return 0;
  case R_X86_64_8: case R_X86_64_PC8:
    return 1;
  case R_X86_64_16: case R_X86_64_PC16:
    return 2;
  case R_X86_64_64: case R_X86_64_PC64: case R_X86_64_DTPOFF64:
  case R_X86_64_TPOFF64: case R_X86_64_GOTOFF64: case R_X86_64_GOT64:
  case R_X86_64_GOTPCREL64: case R_X86_64_GOTPC64: case R_X86_64_GOTPLT64:
  case R_X86_64_PLTOFF64: case R_X86_64_SIZE64:
    return 8;
  default:
    return 4;
  }
}

static bool known_type(u32 type) {
  if (type == R_X86_64_GOTPCRELX || type == R_X86_64_REX_GOTPCRELX)
    return true;
  return type <= R_X86_64_TLSDESC && type != R_X86_64_COPY &&
         type != R_X86_64_GLOB_DAT && type != R_X86_64_JUMP_SLOT &&
         type != R_X86_64_RELATIVE && type != R_X86_64_DTPMOD64 &&
         type != R_X86_64_TLSDESC && type != R_X86_64_IRELATIVE;
}

static u64 tp_offset(struct ctx *ctx, u64 addr) {
  return addr - ctx->tls_end;
}

// Whether the relocation's symbol is defined in a large-model section
// (SHF_X86_64_LARGE, or a large COMMON): GNU ld keeps GOT loads of those.
static bool in_large_section(const struct reloc_sym *rs) {
  struct objfile *f = rs->sym ? rs->sym->file : rs->file;
  u32 symidx = rs->sym ? rs->sym->symidx : rs->symidx;
  if (!f || (rs->sym && (rs->sym->flags & SF_LINKER)))
    return false;
  struct esym s;
  read_sym(f, symidx, &s);
  u32 shndx = sym_shndx(f, symidx, &s);
  if (shndx == SHN_X86_64_LCOMMON)
    return !(rs->sym && (rs->sym->flags & SF_SMALL_COMMON));
  return shndx && shndx < f->shnum && f->isecs[shndx] &&
         (SH_FLAGS(shdr_at(f, shndx)) & SHF_X86_64_LARGE);
}

// The value GNU ld checks an immediate form against when it relaxes
// (elf_x86_64_convert_load_reloc's abs_relocation): a symbol's own
// st_value, for an absolute one its address; a linker-defined one's only
// if it is a constant --defsym or script assignment (GNU ld knows no
// other when it relaxes).
// All known when relocations are scanned, so scan and apply agree.
static u64 relax_check_value(struct ctx *ctx, const struct reloc_sym *rs) {
  struct symbol *sym = rs->sym;
  if (sym && (sym->flags & SF_LINKER)) {
    struct sym_aux *aux = sym->aux ? sym_aux(ctx, sym) : NULL;
    return aux && aux->const_known ? aux->const_value : 0;
  }
  struct objfile *f = sym ? sym->file : rs->file;
  if (!f || (sym && sym->state != SYM_DEFINED))
    return 0;
  struct esym e;
  read_sym(f, sym ? sym->symidx : rs->symidx, &e);
  return e.st_value;
}

// Whether V fits an imm32 that is sign-extended (WIDE: REX.W, GNU ld's
// R_X86_64_32S) or not (R_X86_64_32).  GNU ld skips the test for 0.
static bool imm_fits(u64 v, bool wide) {
  return !v || (wide ? v + 0x80000000 <= 0xffffffff : v <= 0xffffffff);
}

// Decides how a GOTPCRELX relocation at loc (pointing at the 4-byte
// displacement) is relaxed, as GNU ld's elf_x86_64_convert_load_reloc
// does when it scans relocations, before any address is known: from the
// instruction bytes before it and the symbol, never from where things
// end up (a relaxed form that then overflows is GNU ld's "failed to
// convert GOTPCREL relocation").  Scan and apply both call this, so
// they always agree.
//   - A plain GOTPCREL: only a mov, made a lea.
//   - call/jmp: direct, PC-relative.
//   - mov: in an executable that is not position-independent mov $foo
//     (R_X86_64_32S with REX.W, else R_X86_64_32); else a lea.
//   - test and the binary operations: their immediate forms, not in a
//     PIE.
//   - An undefined weak symbol is 0: its loads become immediates even in
//     a PIE or with --no-relax; its calls and jumps go to 0 (not in a
//     PIE, not with --no-relax).
//   - --no-relax keeps every other GOT load, and so does a symbol in a
//     large-model section, and _DYNAMIC; an immediate whose checked value
//     does not fit keeps it too.
// Where GNU ld would make a PC-relative form of an absolute address in
// a PIE (a --defsym constant's mov, or any absolute symbol's call, jump
// or plain GOTPCREL mov), wrong once the PIE is moved, mld keeps an
// immediate or the GOT load.
static enum relax gotpcrelx(struct ctx *ctx, struct isec *is, u64 off,
                            u32 type, i64 addend,
                            const struct reloc_sym *rs) {
  bool relocx = type == R_X86_64_GOTPCRELX || type == R_X86_64_REX_GOTPCRELX;
  bool rex = type == R_X86_64_REX_GOTPCRELX;
  if ((!relocx && type != R_X86_64_GOTPCREL) || off < (rex ? 3u : 2u) ||
      !is->data || off > is->size || rs->is_ifunc || addend != -4)
    return RX_NONE;
  const u8 *loc = is->data + off;
  u8 op = loc[-2], modrm = loc[-1];
  if (op != 0x8b && !relocx)
    return RX_NONE;
  bool pie = ctx->cfg.pie, no_relax = ctx->cfg.no_relax;
  bool pc32 = op == 0xff || !relocx || no_relax || pie;
  bool zero = !rs->defined;
  bool linker = rs->sym && (rs->sym->flags & SF_LINKER);
  if (zero) {
    if (!rs->undef_weak || (op == 0xff && no_relax))
      return RX_NONE;
    if (op != 0xff && relocx)
      pc32 = false;
    if (pc32 && pie)
      return RX_NONE;
  } else if (no_relax || (!linker && in_large_section(rs))) {
    return RX_NONE;
  } else if (linker && !strcmp(rs->sym->name, "_DYNAMIC")) {
    return RX_NONE;            // the dynamic loader may read its GOT entry
  }
  bool abs_symbol = !zero && !linker && rs->abs;  // GNU's ABS_SYMBOL_P
  // Absolute, as known before the scan (a linker symbol's SF_ABS may
  // change with layout): an object's SHN_ABS symbol or a constant.
  bool absolute = abs_symbol ||
                  (!zero && linker && rs->sym->aux &&
                   sym_aux(ctx, rs->sym)->const_known);
  if (op == 0xff) {
    if (pie && absolute)
      return RX_NONE;
    return modrm == 0x25 ? RX_JMP : modrm == 0x15 ? RX_CALL : RX_NONE;
  }
  if ((modrm & 0xc7) != 0x05)
    return RX_NONE;
  bool wide = rex && (loc[-3] & 8);
  bool fits = imm_fits(relax_check_value(ctx, rs), wide);
  if (op == 0x8b) {
    if ((abs_symbol || (pie && absolute)) && relocx)
      pc32 = false;
    if (pc32)
      return pie && absolute ? RX_NONE : RX_LEA;
    return fits ? RX_MOV_IMM : RX_NONE;
  }
  if (pc32 || !fits)
    return RX_NONE;
  if (op == 0x85)
    return RX_TEST;
  if (op == 0x03 || op == 0x0b || op == 0x13 || op == 0x1b || op == 0x23 ||
      op == 0x2b || op == 0x33 || op == 0x3b)
    return RX_BINOP;
  return RX_NONE;
}

// Whether relocation r of is loads its symbol's GOT entry, as the scan
// left it (arch->got_load).
static bool got_load(struct ctx *ctx, struct isec *is, const u8 *r) {
  u32 type = ELF64_R_TYPE(rd64(r + 8));
  switch (type) {
  case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX:
  case R_X86_64_GOTPCREL: {
    struct reloc_sym rs;
    reloc_target(ctx, is->file, ELF64_R_SYM(rd64(r + 8)), &rs);
    return gotpcrelx(ctx, is, rd64(r), type, (i64)rd64(r + 16), &rs) ==
           RX_NONE;
  }
  case R_X86_64_GOT32:
  case R_X86_64_GOT64:
  case R_X86_64_GOTPCREL64:
  case R_X86_64_GOTPLT64:
    return true;
  default:
    return false;
  }
}

// A relaxed GOTPCRELX whose new field does not hold the value: GNU ld
// decided before addresses were known, and says so in these words.
static void relax_overflow(struct ctx *ctx, struct isec *is, u64 off,
                           const struct reloc_sym *rs) {
  soft_error(ctx, "%sfailed to convert GOTPCREL relocation against '%s'; "
             "relink with --no-relax",
             gnu_place(ctx, is->file, is->shndx, off), reloc_sym_name(rs));
}

// Whether a relaxed `call *foo@GOTPCREL(%rip)` becomes "call foo; nop"
// (-z call-nop=suffix-*) rather than "addr32 call foo": never for
// __tls_get_addr, whose call TLS relaxation may rewrite (GNU ld's
// elf_x86_64_convert_load_reloc).
static bool call_nop_after(struct ctx *ctx, const struct reloc_sym *rs) {
  return ctx->cfg.z_call_nop_suffix &&
         !(rs->sym && !strcmp(rs->name, "__tls_get_addr"));
}

// --emit-relocs: what GNU ld writes for a GOTPCREL relocation it relaxed
// (elf_x86_64_convert_load_reloc): R_X86_64_PC32 for lea, call and jmp
// (whose field is one byte earlier), R_X86_64_32S for an immediate with
// REX.W, else R_X86_64_32, neither with an addend.
static u32 emitted_type(struct ctx *ctx, struct isec *is, u32 i, u64 *off,
                        i64 *addend) {
  const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
  u64 info = rd64(r + 8);
  u32 type = ELF64_R_TYPE(info);
  if (*off > is->size || is->size - *off < 4)
    return type;               // apply_relocs says what is wrong
  struct reloc_sym rs;
  i64 A = *addend;
  reloc_target_addend(ctx, is->file, ELF64_R_SYM(info), &A, &rs);
  switch (gotpcrelx(ctx, is, *off, type, (i64)rd64(r + 16), &rs)) {
  case RX_NONE:
    return type;
  case RX_LEA:
    return R_X86_64_PC32;
  case RX_CALL:
    if (call_nop_after(ctx, &rs))
      *off -= 1;
    return R_X86_64_PC32;
  case RX_JMP:
    *off -= 1;
    return R_X86_64_PC32;
  case RX_MOV_IMM:
  case RX_TEST:
  case RX_BINOP:
    *addend = 0;
    return type == R_X86_64_REX_GOTPCRELX && (is->data[*off - 3] & 8)
               ? R_X86_64_32S : R_X86_64_32;
  }
  return type;
}

// mov/add foo@gottpoff(%rip), %r: relaxable to an immediate form?  (Of
// a relocation not yet checked to lie in the section: quiet_reloc.)
static bool gottpoff_relaxable(struct isec *is, u64 off) {
  if (off < 3 || !is->data || off > is->size)
    return false;
  const u8 *loc = is->data + off;
  u8 rex = loc[-3], op = loc[-2], modrm = loc[-1];
  return (rex == 0x48 || rex == 0x4c) && (op == 0x8b || op == 0x03) &&
         (modrm & 0xc7) == 0x05;
}

// The general- and local-dynamic sequences a static link rewrites to
// local-exec (psABI, "Thread-Local Storage", and its large-model
// sequences; GNU ld's elf_x86_64_check_tls_transition).  off is the
// TLSGD/TLSLD field of relocation i; the call's relocation must be the
// next one, at its place in the sequence.
static const u8 gd_plt[] = {0x66, 0x48, 0x8d, 0x3d};
static const u8 gd_call_plt[] = {0x66, 0x66, 0x48, 0xe8};
static const u8 gd_call_got[] = {0x66, 0x48, 0xff, 0x15};
static const u8 gd_call_addr32[] = {0x66, 0x48, 0x67, 0xe8};

// Relocation i + 1 has this type and lies at this offset.
static bool next_rel_at(struct isec *is, u32 i, u64 off, u32 type) {
  if (i + 1 >= is->nrels)
    return false;
  const u8 *r = is->rels + (u64)(i + 1) * sizeof(Elf64_Rela);
  return rd64(r) == off && (type == UINT32_MAX ||
                            ELF64_R_TYPE(rd64(r + 8)) == type);
}

// The call of a GD or LD sequence: relocation i + 1 lies at off, is
// against the global __tls_get_addr and of the call's kind (GNU ld's
// elf_x86_64_check_tls_transition): R_X86_64_GOTPCRELX for an indirect
// call, R_X86_64_PC32 or R_X86_64_PLT32 for a direct one.
static bool tls_call_at(struct isec *is, u32 i, u64 off, bool indirect) {
  if (i + 1 >= is->nrels)
    return false;
  const u8 *r = is->rels + (u64)(i + 1) * sizeof(Elf64_Rela);
  u32 type = ELF64_R_TYPE(rd64(r + 8)), symidx = ELF64_R_SYM(rd64(r + 8));
  struct objfile *f = is->file;
  if (rd64(r) != off || symidx < f->first_global || symidx >= f->nsyms ||
      !f->globals[symidx - f->first_global] ||
      strcmp(f->globals[symidx - f->first_global]->name, "__tls_get_addr"))
    return false;
  return indirect ? type == R_X86_64_GOTPCRELX
                  : type == R_X86_64_PC32 || type == R_X86_64_PLT32;
}

// -mcmodel=large -fPIC, from off - 3 (22 bytes):
//   lea x@tlsgd(%rip), %rdi  (or x@tlsld)
//   movabs $__tls_get_addr@pltoff, %rax; add %rbx, %rax (or %r15)
//   call *%rax
static bool large_call(struct isec *is, u32 i, u64 off) {
  if (off < 3 || off + 19 > is->size)
    return false;
  const u8 *p = is->data + (off - 3);
  static const u8 add_rbx[] = {0x48, 0x01, 0xd8};   // add %rbx, %rax
  static const u8 add_r15[] = {0x4c, 0x01, 0xf8};   // add %r15, %rax
  return p[0] == 0x48 && p[1] == 0x8d && p[2] == 0x3d &&
         p[7] == 0x48 && p[8] == 0xb8 &&
         (!memcmp(p + 17, add_rbx, 3) || !memcmp(p + 17, add_r15, 3)) &&
         p[20] == 0xff && p[21] == 0xd0 &&
         next_rel_at(is, i, off + 6, R_X86_64_PLTOFF64);
}

// A TLSGD sequence: 0 if unrecognised, else its length: 16 from off - 4,
// or 22 from off - 3 (large model).
static u32 tlsgd_seq(struct isec *is, u32 i, u64 off) {
  if (large_call(is, i, off))
    return 22;
  if (off < 4 || off + 12 > is->size)
    return 0;
  const u8 *p = is->data + (off - 4);
  if (memcmp(p, gd_plt, 4))
    return 0;
  if (!memcmp(p + 8, gd_call_got, 4))
    return tls_call_at(is, i, off + 8, true) ? 16 : 0;
  if (!memcmp(p + 8, gd_call_plt, 4) || !memcmp(p + 8, gd_call_addr32, 4))
    return tls_call_at(is, i, off + 8, false) ? 16 : 0;
  return 0;
}

// A TLSLD sequence, from off - 3: 12 (call via PLT), 13 (call via GOT or
// addr32 call), 22 (large model), 0 if unknown.
static u32 tlsld_seq(struct isec *is, u32 i, u64 off) {
  if (large_call(is, i, off))
    return 22;
  if (off < 3 || off + 9 > is->size)
    return 0;
  const u8 *p = is->data + (off - 3);
  if (p[0] != 0x48 || p[1] != 0x8d || p[2] != 0x3d)
    return 0;
  if (p[7] == 0xe8 && tls_call_at(is, i, off + 5, false))
    return 12;
  // call *__tls_get_addr@GOTPCREL(%rip), or addr32 call __tls_get_addr
  // (what a relaxed one is).
  if (off + 10 <= is->size && p[7] == 0xff && p[8] == 0x15 &&
      tls_call_at(is, i, off + 6, true))
    return 13;
  if (off + 10 <= is->size && p[7] == 0x67 && p[8] == 0xe8 &&
      tls_call_at(is, i, off + 6, false))
    return 13;
  return 0;
}

// A TLS access whose code is not in a form GNU ld (and mld) can rewrite
// to the model a static link gives it, in GNU ld's words; the link then
// stops after the scan, as GNU ld stops in check_relocs.
static void tls_transition_failed(struct ctx *ctx, struct isec *is, u64 off,
                                  u32 from, u32 to,
                                  const struct reloc_sym *rs) {
  u8 when = from == R_X86_64_GOTTPOFF ? TLS_FAILED_RELOCATE : TLS_FAILED_SCAN;
  gnu_error(ctx, "%s: TLS transition from %s to %s against `%s' at 0x%llx "
            "in section `%s' failed", is->file->name, reloc_name(from),
            reloc_name(to), reloc_sym_name(rs), (unsigned long long)off,
            isec_name(is));
  __atomic_or_fetch(&ctx->tls_transition_failed, when, __ATOMIC_RELAXED);
}

// GNU ld keeps a PIE's initial-exec access to a TLS symbol it exports
// (and turns a general-dynamic or descriptor one into it), with an
// R_X86_64_TPOFF64 against the symbol in .rela.dyn (which glibc's static
// start-up does not apply: such a static PIE crashes).  mld makes no
// dynamic relocation against a symbol, and refuses it, once a symbol.
static void check_exported_tls(struct ctx *ctx, struct isec *is, u64 off,
                               u32 type, const struct reloc_sym *rs) {
  if (!rs->sym || !rs->defined || !sym_exported(ctx, rs->sym) ||
      sym_aux(ctx, rs->sym)->export_reported)
    return;
  sym_aux(ctx, rs->sym)->export_reported = true;
  error(ctx, "%s:(%s+0x%llx): %s against exported TLS symbol `%s': GNU "
        "ld makes it a dynamic R_X86_64_TPOFF64, which mld does not; "
        "export no TLS symbol (a dynamic list) or use local-exec",
        is->file->name, isec_name(is), (unsigned long long)off,
        reloc_name(type), rs->sym->name);
}

// GNU ld gives an IFUNC a PLT entry only for a reference that needs one
// (avoid_plt: its h->plt.refcount): a call, or an address from code or
// read-only data; not a GOT load, nor a 64-bit address in writable
// data, which gets an IRELATIVE of its own unless a PLT entry is made
// all the same (its word then holds the entry's address).  Any other
// address in writable data needs the entry some other reference makes
// (ifunc_without_plt).
static bool ifunc_needs_plt(struct isec *is, u32 type) {
  u64 flags = SH_FLAGS(shdr_at(is->file, is->shndx));
  switch (type) {
  case R_X86_64_GOTPCREL: case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX: case R_X86_64_GOT32: case R_X86_64_GOT64:
  case R_X86_64_GOTPCREL64: case R_X86_64_GOTPLT64:
  case R_X86_64_SIZE32: case R_X86_64_SIZE64:
    return false;
  case R_X86_64_PLT32: case R_X86_64_PLTOFF64: case R_X86_64_GOTOFF64:
    return true;
  }
  return !(flags & SHF_WRITE) || (flags & SHF_EXECINSTR);
}

// A 64-bit address of an IFUNC in writable data (not code): an IRELATIVE
// of its own where the IFUNC has no PLT entry (a PIE's in .rela.dyn,
// dynamic.c).
static bool ifunc_data_word(struct isec *is, u32 type) {
  u64 flags = SH_FLAGS(shdr_at(is->file, is->shndx));
  return type == R_X86_64_64 && (flags & SHF_WRITE) &&
         !(flags & SHF_EXECINSTR);
}

// What needs the PLT entry an IFUNC does not have: GNU ld's error.
static bool ifunc_without_plt(struct ctx *ctx, struct isec *is, u32 type,
                              const struct reloc_sym *rs) {
  switch (type) {
  case R_X86_64_GOTPCREL: case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX: case R_X86_64_GOT32: case R_X86_64_GOT64:
  case R_X86_64_GOTPCREL64: case R_X86_64_GOTPLT64:
  case R_X86_64_SIZE32: case R_X86_64_SIZE64: case R_X86_64_64:
    return false;
  }
  error(ctx, "%s: relocation %s against STT_GNU_IFUNC symbol `%s' isn't "
        "supported", is->file->name, reloc_name(type), reloc_sym_name(rs));
  return true;
}

// A static PIE's reference to an undefined weak symbol, as GNU ld's
// check_relocs sees it: a call asks for a PLT entry (needs_plt); an
// address that must be the same everywhere (pointer_equality_needed: a
// PC-relative one outside code, an absolute one not in writable data)
// rules out .plt.got.
static void weak_function_ref(struct ctx *ctx, struct isec *is, u32 type,
                              struct symbol *sym) {
  u64 flags = SH_FLAGS(shdr_at(is->file, is->shndx));
  switch (type) {
  case R_X86_64_PLT32:
  case R_X86_64_PLTOFF64:
    need_weak_plt(ctx, sym);
    return;
  case R_X86_64_PC32:
    if (!(flags & SHF_EXECINSTR))
      sym->flags |= SF_ADDR_EQ;
    return;
  case R_X86_64_64:
    if (!(flags & SHF_WRITE))
      sym->flags |= SF_ADDR_EQ;
    return;
  case R_X86_64_32: case R_X86_64_32S: case R_X86_64_16: case R_X86_64_8:
  case R_X86_64_PC16: case R_X86_64_PC8:
    sym->flags |= SF_ADDR_EQ;
    return;
  }
}

// A reference of TYPE from IS to IFUNC SYM: a PLT entry, a data word or
// a GOT entry, and whether it needs the one canonical address.
static void scan_ifunc_ref(struct ctx *ctx, struct isec *is, u32 type,
                           struct symbol *sym) {
  if (ifunc_needs_plt(is, type))
    need_iplt(ctx, sym);
  else if (!ctx->cfg.pie && ifunc_data_word(is, type))
    need_ifunc_word(ctx, sym);
  else
    need_ifunc(ctx, sym);
  // As GNU ld's check_relocs: absolute references, and PC32 outside
  // code, need the one canonical address (see ifunc_got_is_gotplt).
  bool code = is->osec && (is->osec->flags & SHF_EXECINSTR);
  // A static PIE's data pointers get an IRELATIVE of their own.
  if ((type == R_X86_64_64 && !ctx->cfg.pie) || type == R_X86_64_32 ||
      type == R_X86_64_32S || (type == R_X86_64_PC32 && !code))
    sym->flags |= SF_ADDR_EQ;
}

// A static PIE's call to __tls_get_addr through the PLT (relocation I of
// IS) in code it relaxes: an undefined one gets GNU ld's PLT entry all
// the same, never filled; an undefined weak one, such an entry as other
// calls get.
static void tls_call_plt(struct ctx *ctx, struct isec *is, u32 i) {
  if (i >= is->nrels)
    return;
  const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
  u32 symidx = ELF64_R_SYM(rd64(r + 8));
  if (ELF64_R_TYPE(rd64(r + 8)) != R_X86_64_PLT32 ||
      symidx < is->file->first_global || symidx >= is->file->nsyms)
    return;
  struct symbol *sym = is->file->globals[symidx - is->file->first_global];
  if (!sym || sym->state != SYM_UNDEF)
    return;
  if (sym->ref_flags & SF_REF_STRONG)
    need_dead_plt(ctx, sym);
  else if (sym->visibility == STV_DEFAULT)
    need_weak_plt(ctx, sym);
}

// The TLS relocation I (of TYPE at OFF, against SYMIDX) of IS: its GOT
// entry, or the relaxation its code allows.  How many relocations after
// it it takes.
static u32 scan_tls(struct ctx *ctx, struct isec *is, u32 i, u64 off,
                    u32 type, u32 symidx, const struct reloc_sym *rs) {
  struct objfile *f = is->file;
  switch (type) {
  case R_X86_64_GOTTPOFF:
    check_exported_tls(ctx, is, off, type, rs);
    // A defined symbol's IE access becomes LE: only from mov and add.
    if (gottpoff_relaxable(is, off))
      break;
    if (rs->defined)
      tls_transition_failed(ctx, is, off, type, R_X86_64_TPOFF32, rs);
    else
      need_gottp(ctx, reloc_symbol(ctx, f, symidx));
    break;
  case R_X86_64_TLSGD:
  case R_X86_64_TLSLD: {
    if (type == R_X86_64_TLSGD)
      check_exported_tls(ctx, is, off, type, rs);
    u32 n = type == R_X86_64_TLSGD ? tlsgd_seq(is, i, off)
                                   : tlsld_seq(is, i, off);
    // GD becomes LE or IE, LD becomes LE; GNU ld names IE for a global
    // symbol, as it checks before it knows where the symbol is.
    if (!n)
      tls_transition_failed(ctx, is, off, type,
                            type == R_X86_64_TLSGD && rs->sym
                                ? R_X86_64_GOTTPOFF
                                : R_X86_64_TPOFF32,
                            rs);
    else if (ctx->weak_plt)
      tls_call_plt(ctx, is, i + 1);
    return 1;     // the call's relocation (to __tls_get_addr) goes away
  }
  case R_X86_64_GOTPC32_TLSDESC:
    check_exported_tls(ctx, is, off, type, rs);
    if (off < 3 || (is->data[off - 3] & 0xfb) != 0x48 ||
        is->data[off - 2] != 0x8d || (is->data[off - 1] & 0xc7) != 0x05)
      error(ctx, "%s:(%s+0x%llx): R_X86_64_GOTPC32_TLSDESC is not on a "
            "lea instruction", f->name, isec_name(is),
            (unsigned long long)off);
    break;
  case R_X86_64_TLSDESC_CALL:
    if (off + 2 > is->size || is->data[off] != 0xff ||
        is->data[off + 1] != 0x10)
      error(ctx, "%s:(%s+0x%llx): R_X86_64_TLSDESC_CALL is not on "
            "'call *(%%rax)'", f->name, isec_name(is),
            (unsigned long long)off);
    break;
  }
  return 0;
}

// Relocation i of is; returns the next one to scan (a TLS sequence's
// first relocation takes the call's).
static u32 scan_reloc(struct ctx *ctx, struct isec *is, u32 i) {
  struct objfile *f = is->file;
  const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
  u64 off = rd64(r);
  u64 info = rd64(r + 8);
  u32 type = ELF64_R_TYPE(info), symidx = ELF64_R_SYM(info);
  if (type == R_X86_64_NONE)
    return i + 1;
  if (!known_type(type)) {
    error(ctx, "%s:(%s+0x%llx): unsupported relocation type %s", f->name,
          isec_name(is), (unsigned long long)off, reloc_name(type));
    return i + 1;
  }
  if (!check_reloc(ctx, is, i, off, reloc_width(type), symidx))
    return i + 1;
  struct reloc_sym rs;
  reloc_target(ctx, f, symidx, &rs);
  struct symbol *sym = rs.sym;
  if (sym && sym == ctx->got_symbol)
    ctx->got_referenced = true;
  if (sym && sym->state == SYM_UNDEF && (sym->ref_flags & SF_REF_STRONG) &&
      type != R_X86_64_TLSDESC_CALL)
    report_undefined(ctx, f, is, off, sym);
  // (GNU ld's check_relocs looks at allocated sections only.)
  if (rs.is_ifunc && is->osec && (is->osec->flags & SHF_ALLOC))
    scan_ifunc_ref(ctx, is, type, sym);
  if (ctx->weak_plt && rs.undef_weak && sym && sym->visibility == STV_DEFAULT)
    weak_function_ref(ctx, is, type, sym);

  switch (type) {
  case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX:
  case R_X86_64_GOTPCREL:
    if (gotpcrelx(ctx, is, off, type, (i64)rd64(r + 16), &rs) != RX_NONE)
      break;
    // fallthrough
  case R_X86_64_GOT32:
  case R_X86_64_GOT64:
  case R_X86_64_GOTPCREL64:
  case R_X86_64_GOTPLT64:
    need_got(ctx, reloc_symbol(ctx, f, symidx));
    ctx->got_referenced |= type == R_X86_64_GOT32 ||
                           type == R_X86_64_GOT64 ||
                           type == R_X86_64_GOTPLT64;
    break;
  case R_X86_64_GOTPC32:
  case R_X86_64_GOTPC64:
  case R_X86_64_GOTOFF64:
  case R_X86_64_PLTOFF64:
    ctx->got_referenced = true;
    break;
  default:
    return i + 1 + scan_tls(ctx, is, i, off, type, symidx, &rs);
  }
  return i + 1;
}

// What scan_reloc leaves alone: a relocation that asks for nothing (no
// GOT entry, no IPLT entry, no TLS sequence) against a symbol that is
// defined and not an IFUNC, or undefined and only weakly referenced, and
// nothing wrong with it.
static bool quiet_reloc(struct ctx *ctx, struct isec *is, u32 i) {
  const u8 *r = is->rels + (u64)i * sizeof(Elf64_Rela);
  u64 off = rd64(r);
  u64 info = rd64(r + 8);
  u32 type = ELF64_R_TYPE(info), symidx = ELF64_R_SYM(info);
  bool got = false;
  switch (type) {
  case R_X86_64_NONE:
    return true;
  case R_X86_64_PC32:
  case R_X86_64_PLT32:
  case R_X86_64_64:
  case R_X86_64_32:
  case R_X86_64_32S:
  case R_X86_64_PC64:
  case R_X86_64_TPOFF32:
  case R_X86_64_TPOFF64:
  case R_X86_64_DTPOFF32:
  case R_X86_64_DTPOFF64:
    break;
  case R_X86_64_GOTTPOFF:    // (a PIE's exports are checked)
    if (!gottpoff_relaxable(is, off) || ctx->exports.len)
      return false;
    break;
  case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX:
  case R_X86_64_GOTPCREL:
    got = true;
    break;
  default:
    return false;
  }
  if (reloc_problem(is, off, reloc_width(type), symidx) != RP_NONE)
    return false;
  // A local symbol asks for something only as an IFUNC (or through the
  // GOT, below).
  if (!got && symidx < is->file->first_global &&
      sym_type(is->file, symidx) != STT_GNU_IFUNC)
    return true;
  struct reloc_sym rs;
  reloc_target(ctx, is->file, symidx, &rs);
  if (rs.is_ifunc || (ctx->weak_plt && rs.undef_weak))
    return false;
  if (rs.sym && (rs.sym == ctx->got_symbol ||
                 (rs.sym->state == SYM_UNDEF &&
                  (rs.sym->ref_flags & SF_REF_STRONG))))
    return false;
  return !got ||
         gotpcrelx(ctx, is, off, type, (i64)rd64(r + 16), &rs) != RX_NONE;
}

static bool fits_s32(i64 v) { return v == (i32)v; }
static bool fits_u32(i64 v) { return (u64)v <= 0xffffffffULL; }

// One relocation being applied: what apply_relocs has read and resolved,
// for the helpers below, one per family of relocation types, each of
// which returns false for a type not its own.  A helper that rewrites a
// whole TLS sequence also consumes the call's relocation (i++).
struct apply {
  struct ctx *ctx;
  struct isec *is;
  u32 i;                       // the relocation's index in is
  u64 off;                     // its offset in is
  u32 type, symidx;
  u8 *loc;                     // where it lands in the output
  struct reloc_sym rs;
  u64 S, P, GOT;               // GOT: _GLOBAL_OFFSET_TABLE_ (.got.plt)
  i64 A;
  bool alloc, code;            // in an allocated, an executable section
};

static void check(struct apply *a, bool ok, i64 v, i64 lo, i64 hi) {
  if (!ok)
    reloc_overflow(a->ctx, a->is, a->off, a->type, &a->rs, v, lo, hi);
}

// A signed 32-bit field: checked, then written.
static void put_s32(struct apply *a, u8 *where, i64 v) {
  check(a, fits_s32(v), v, INT32_MIN, INT32_MAX);
  wr32(where, v);
}

// The symbol's GOT entry, G.
static u64 got_entry(struct apply *a) {
  return got_entry_addr(a->ctx, reloc_symbol(a->ctx, a->is->file, a->symidx));
}

// Words of S + A, S + A - P, or the symbol's size.
static bool apply_data(struct apply *a) {
  u8 *loc = a->loc;
  i64 v = a->S + a->A, pc = a->S + a->A - a->P;
  const struct symbol *sym = a->rs.sym;
  switch (a->type) {
  case R_X86_64_64:
    // A word an IRELATIVE fills (a PIE's, dynamic.c; an executable's, of
    // an IFUNC without a PLT entry, .rela.iplt) keeps the input's bytes,
    // as GNU ld leaves it.
    if (a->rs.is_ifunc && a->alloc &&
        (a->ctx->cfg.pie ? !(sym->flags & SF_ADDR_EQ)
                         : !(sym->flags & SF_NEEDS_IPLT)))
      return true;
    wr64(loc, v);
    return true;
  case R_X86_64_PC64:
    wr64(loc, pc);
    return true;
  case R_X86_64_PC32:
  case R_X86_64_PLT32:
    put_s32(a, loc, pc);
    return true;
  case R_X86_64_32:
    check(a, fits_u32(v), v, 0, UINT32_MAX);
    wr32(loc, v);
    return true;
  case R_X86_64_32S:
    put_s32(a, loc, v);
    return true;
  // R_X86_64_16 and R_X86_64_8 are bfd's bitfields: from -2^n (an address
  // that wraps) to 2^n - 1.
  case R_X86_64_16:
    check(a, v >= -65536 && v <= UINT16_MAX, v, -65536, UINT16_MAX);
    wr16(loc, v);
    return true;
  case R_X86_64_PC16:
    check(a, pc >= INT16_MIN && pc <= INT16_MAX, pc, INT16_MIN, INT16_MAX);
    wr16(loc, pc);
    return true;
  case R_X86_64_8:
    check(a, v >= -256 && v <= UINT8_MAX, v, -256, UINT8_MAX);
    *loc = v;
    return true;
  case R_X86_64_PC8:
    check(a, pc >= INT8_MIN && pc <= INT8_MAX, pc, INT8_MIN, INT8_MAX);
    *loc = pc;
    return true;
  case R_X86_64_SIZE32:
    v = reloc_sym_size(&a->rs) + a->A;
    check(a, fits_u32(v), v, 0, UINT32_MAX);
    wr32(loc, v);
    return true;
  case R_X86_64_SIZE64:
    wr64(loc, reloc_sym_size(&a->rs) + a->A);
    return true;
  }
  return false;
}

// The relaxed form's field; GNU ld's words if it overflows.  (GNU ld names
// the field where it now is: a byte earlier in a jmp.)
static void put_relaxed(struct apply *a, u8 *where, i64 v, bool ok) {
  if (!ok)
    relax_overflow(a->ctx, a->is, a->off - (u64)(a->loc - where), &a->rs);
  wr32(where, v);
}

// A GOT load, kept or relaxed as gotpcrelx decides.
static void relax_gotpcrelx(struct apply *a) {
  u8 *loc = a->loc;
  struct ctx *ctx = a->ctx;
  i64 pc = a->S + a->A - a->P;
  i64 pc1 = a->S + a->A - a->P + 1;  // from a byte earlier
  enum relax rx = gotpcrelx(ctx, a->is, a->off, a->type,
                            (i64)rd64(a->is->rels + (u64)a->i *
                                      sizeof(Elf64_Rela) + 16),
                            &a->rs);
  switch (rx) {
  case RX_NONE:
    put_s32(a, loc, got_entry(a) + a->A - a->P);
    break;
  case RX_LEA:
    loc[-2] = 0x8d;
    put_relaxed(a, loc, pc, fits_s32(pc));
    break;
  case RX_CALL:
    if (call_nop_after(ctx, &a->rs)) {
      loc[-2] = 0xe8;              // call rel32
      // The call now starts one byte earlier.
      put_relaxed(a, loc - 1, pc1, fits_s32(pc1));
      loc[3] = (u8)ctx->cfg.z_call_nop; // -z call-nop=suffix-*
    } else {
      loc[-2] = ctx->cfg.z_call_nop ? (u8)ctx->cfg.z_call_nop : 0x67;
      loc[-1] = 0xe8;              // addr32 (or -z call-nop) call rel32
      put_relaxed(a, loc, pc, fits_s32(pc));
    }
    break;
  case RX_JMP:
    loc[-2] = 0xe9;                // jmp rel32
    // The jump now starts one byte earlier.
    put_relaxed(a, loc - 1, pc1, fits_s32(pc1));
    loc[3] = 0x90;                 // nop
    break;
  case RX_MOV_IMM:
  case RX_TEST:
  case RX_BINOP: {
    // The register moves from ModRM.reg to ModRM.rm (REX.R to REX.B); the
    // immediate is sign-extended with REX.W, else not.
    bool rex = a->type == R_X86_64_REX_GOTPCRELX;
    bool wide = rex && (loc[-3] & 8);
    u8 reg = (loc[-1] >> 3) & 7;
    if (rex && (loc[-3] & 4))
      loc[-3] = (loc[-3] & ~4) | 1;
    if (rx == RX_MOV_IMM) {
      loc[-2] = 0xc7;              // mov $imm32, %r
      loc[-1] = 0xc0 | reg;
    } else if (rx == RX_TEST) {
      loc[-2] = 0xf7;              // test $imm32, %r
      loc[-1] = 0xc0 | reg;
    } else {
      u8 op = loc[-2];
      loc[-2] = 0x81;              // op $imm32, %r; /n from the opcode
      loc[-1] = 0xc0 | (op & 0x38) | reg;
    }
    i64 v = a->S;
    put_relaxed(a, loc, v, wide ? fits_s32(v) : fits_u32(v));
    break;
  }
  }
}

// The GOT and offsets from it.
static bool apply_got(struct apply *a) {
  u8 *loc = a->loc;
  u64 GOT = a->GOT;
  switch (a->type) {
  case R_X86_64_GOTOFF64:
  case R_X86_64_PLTOFF64:
    wr64(loc, a->S + a->A - GOT);
    return true;
  case R_X86_64_GOTPC32:
    put_s32(a, loc, GOT + a->A - a->P);
    return true;
  case R_X86_64_GOTPC64:
    wr64(loc, GOT + a->A - a->P);
    return true;
  case R_X86_64_GOTPCRELX:
  case R_X86_64_REX_GOTPCRELX:
  case R_X86_64_GOTPCREL:
    relax_gotpcrelx(a);
    return true;
  case R_X86_64_GOT32:
    put_s32(a, loc, got_entry(a) + a->A - GOT);
    return true;
  case R_X86_64_GOT64:
  case R_X86_64_GOTPLT64:
    wr64(loc, got_entry(a) + a->A - GOT);
    return true;
  case R_X86_64_GOTPCREL64:
    wr64(loc, got_entry(a) + a->A - a->P);
    return true;
  }
  return false;
}

// Initial-exec, relaxed to local-exec where the instruction allows it:
//   movq foo@gottpoff(%rip), %r -> movq $tpoff, %r
//   addq foo@gottpoff(%rip), %r -> leaq tpoff(%r), %r, or for %rsp and
//   %r12 (which lea cannot take so) addq $tpoff, %r: GNU ld's forms.
static void relax_gottpoff(struct apply *a) {
  u8 *loc = a->loc;
  if (!gottpoff_relaxable(a->is, a->off)) {
    put_s32(a, loc,
            gottp_entry_addr(a->ctx,
                             reloc_symbol(a->ctx, a->is->file, a->symidx)) +
                a->A - a->P);
    return;
  }
  u8 reg = (loc[-1] >> 3) & 7;
  if (loc[-2] == 0x8b || reg == 4) {
    if (loc[-3] == 0x4c)
      loc[-3] = 0x49;
    loc[-2] = loc[-2] == 0x8b ? 0xc7 : 0x81;
    loc[-1] = 0xc0 | reg;
  } else {
    if (loc[-3] == 0x4c)
      loc[-3] = 0x4d;
    loc[-2] = 0x8d;
    loc[-1] = 0x80 | reg | reg << 3;
  }
  put_s32(a, loc, tp_offset(a->ctx, a->S));
}

// General-dynamic to local-exec:
//   .byte 0x66; lea x@tlsgd(%rip), %rdi; .word 0x6666; rex64;
//   call __tls_get_addr  ->  mov %fs:0, %rax; lea x@tpoff(%rax), %rax
static void relax_tlsgd_to_le(struct apply *a) {
  static const u8 le[] = {0x64, 0x48, 0x8b, 0x04, 0x25, 0, 0, 0, 0,
                          0x48, 0x8d, 0x80, 0, 0, 0, 0};
  // The large model's 22 bytes: the same and nopw 0x0(%rax,%rax,1).
  static const u8 nopw[] = {0x66, 0x0f, 0x1f, 0x44, 0, 0};
  u32 n = tlsgd_seq(a->is, a->i, a->off);
  if (!n)
    return;
  u8 *seq = n == 22 ? a->loc - 3 : a->loc - 4;
  memcpy(seq, le, sizeof(le));
  if (n == 22)
    memcpy(seq + 16, nopw, sizeof(nopw));
  put_s32(a, seq + 12, tp_offset(a->ctx, a->S));
  a->i++;
}

// Local-dynamic's module base to local-exec's thread pointer:
//   lea x@tlsld(%rip), %rdi; call __tls_get_addr  ->
//   data16 data16 data16 mov %fs:0, %rax (a fourth data16 for the 13-byte
//   GOT or addr32 form, as GNU ld writes it)
static void relax_tlsld_to_le(struct apply *a) {
  static const u8 le[] = {0x66, 0x66, 0x66, 0x64, 0x48, 0x8b,
                          0x04, 0x25, 0,    0,    0,    0};
  static const u8 le13[] = {0x66, 0x66, 0x66, 0x66, 0x64, 0x48, 0x8b,
                            0x04, 0x25, 0,    0,    0,    0};
  // The large model's: data16 x3 cs nopw 0x0(%rax,%rax,1); mov %fs:0, %rax
  static const u8 le_large[] = {
      0x66, 0x66, 0x66, 0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0,
      0,    0,    0x64, 0x48, 0x8b, 0x04, 0x25, 0,    0, 0, 0};
  u32 n = tlsld_seq(a->is, a->i, a->off);
  if (!n)
    return;
  memcpy(a->loc - 3, n == 22 ? le_large : n == 13 ? le13 : le, n);
  a->i++;
}

// Thread-local storage: local-exec and local-dynamic offsets, and the
// other models relaxed to local-exec.
static bool apply_tls(struct apply *a) {
  struct ctx *ctx = a->ctx;
  u8 *loc = a->loc;
  u64 S = a->S;
  i64 A = a->A;
  switch (a->type) {
  case R_X86_64_TPOFF32:
    put_s32(a, loc, tp_offset(ctx, S) + A);
    return true;
  case R_X86_64_TPOFF64:
    wr64(loc, tp_offset(ctx, S) + A);
    return true;
  case R_X86_64_DTPOFF32:
    // In code, only after an LD->LE rewrite: %rax holds the TP then.
    put_s32(a, loc, a->code ? (i64)tp_offset(ctx, S) + A
                            : (i64)(S + A - ctx->tls_start));
    return true;
  case R_X86_64_DTPOFF64:
    wr64(loc, a->code ? tp_offset(ctx, S) + A : S + A - ctx->tls_start);
    return true;
  case R_X86_64_GOTTPOFF:
    relax_gottpoff(a);
    return true;
  case R_X86_64_TLSGD:
    relax_tlsgd_to_le(a);
    return true;
  case R_X86_64_TLSLD:
    relax_tlsld_to_le(a);
    return true;
  case R_X86_64_GOTPC32_TLSDESC: {
    // lea x@tlsdesc(%rip), %r -> mov $x@tpoff, %r
    u8 reg = (loc[-1] >> 3) & 7;
    loc[-3] = 0x48 | ((loc[-3] >> 2) & 1);
    loc[-2] = 0xc7;
    loc[-1] = 0xc0 | reg;
    put_s32(a, loc, tp_offset(ctx, S));
    return true;
  }
  case R_X86_64_TLSDESC_CALL:
    loc[0] = 0x66;                 // call *(%rax) -> xchg %ax, %ax
    loc[1] = 0x90;
    return true;
  }
  return false;
}

static void apply_relocs(struct ctx *ctx, struct isec *is, u8 *out, u32 from,
                        u32 to) {
  struct objfile *f = is->file;
  u64 base = isec_addr(is);
  bool alloc = is->osec && (is->osec->flags & SHF_ALLOC);
  struct apply a = {.ctx = ctx, .is = is, .alloc = alloc};
  a.code = is->osec && (is->osec->flags & SHF_EXECINSTR);
  a.GOT = ctx->synth[CK_GOTPLT]->addr;
  for (a.i = from; a.i < to; a.i++) {
    const u8 *r = is->rels + (u64)a.i * sizeof(Elf64_Rela);
    u64 off = rd64(r);
    u64 info = rd64(r + 8);
    i64 A = (i64)rd64(r + 16);
    u32 type = ELF64_R_TYPE(info), symidx = ELF64_R_SYM(info);
    if (type == R_X86_64_NONE)
      continue;
    // Debugging information: a word holding a section's address.
    if (!alloc && (type == R_X86_64_64 || type == R_X86_64_32) &&
        put_section_word(is, out, off, type == R_X86_64_64 ? 8 : 4, symidx,
                         A, 0))
      continue;
    if (!known_type(type)) {
      if (!alloc)
        error(ctx, "%s:(%s+0x%llx): unsupported relocation type %s",
              f->name, isec_name(is), (unsigned long long)off,
              reloc_name(type));
      continue;
    }
    if (!check_reloc(ctx, is, a.i, off, reloc_width(type), symidx))
      continue;
    reloc_target_addend(ctx, f, symidx, &A, &a.rs);
    a.loc = out + isec_out_offset(is, off);
    if (!a.rs.defined && !a.rs.sym)
      check_discarded_local(ctx, is, &a.rs);
    if (!alloc && debug_dead_ref(is, &a.rs, a.loc, reloc_width(type)))
      continue;
    a.off = off;
    a.type = type;
    a.symidx = symidx;
    a.A = A;
    a.P = base + off;          // GNU ld: also where an entry is moved
    a.S = a.rs.S;
    // An IFUNC's address, wherever it is taken, is its IPLT entry.
    if (a.rs.is_ifunc && alloc && (a.rs.sym->flags & SF_NEEDS_IPLT))
      a.S = iplt_entry_addr(ctx, a.rs.sym);
    else if (a.rs.is_ifunc && alloc && ifunc_without_plt(ctx, is, type, &a.rs))
      continue;
    // A static PIE's call to an undefined weak symbol: its PLT entry.
    if (ctx->weak_plt && a.rs.undef_weak && a.rs.sym && alloc &&
        (type == R_X86_64_PLT32 || type == R_X86_64_PLTOFF64))
      a.S = weak_plt_entry_addr(ctx, a.rs.sym);
    if (!apply_data(&a) && !apply_got(&a) && !apply_tls(&a))
      error(ctx, "%s:(%s+0x%llx): unsupported relocation type %s", f->name,
            isec_name(is), (unsigned long long)off, reloc_name(type));
  }
}

// The data relocations .eh_frame uses, for ehframe.c to write.
static enum data_reloc data_reloc_kind(u32 type) {
  switch (type) {
  case R_X86_64_NONE: return DR_NONE;
  case R_X86_64_64: return DR_ABS64;
  case R_X86_64_PC64: return DR_PC64;
  case R_X86_64_PC32: return DR_PC32;
  case R_X86_64_32: return DR_U32;
  case R_X86_64_32S: return DR_S32;
  default: return DR_UNSUPPORTED;
  }
}

// GNU ld's non-lazy PLT entry: jmp *slot(%rip); xchg %ax,%ax (8 bytes),
// also its .plt.got entry.
static void write_pltgot(struct ctx *ctx, u8 *buf, u64 addr, u64 slot) {
  (void)ctx;
  buf[0] = 0xff;
  buf[1] = 0x25;
  wr32(buf + 2, slot - (addr + 6));
  buf[6] = 0x66;
  buf[7] = 0x90;
}

// The unwind information GNU ld gives a static PIE's .plt and .plt.got
// (.eh_frame records of its own; plt_unwind_info).  One CIE, the one gcc
// writes for x86-64 code: "zR", code alignment 1, data alignment -8,
// return address in r16 (rip), FDE addresses pcrel|sdata4; at entry the
// CFA is rsp + 8, the return address at CFA - 8.
#define X86_64_PLT_CIE                                                    \
  0x14, 0, 0, 0, 0, 0, 0, 0, 1, 'z', 'R', 0, 1, 0x78, 16, 1, 0x1b,        \
      0x0c, 7, 8,                 /* DW_CFA_def_cfa: rsp + 8 */           \
      0x90, 1,                    /* DW_CFA_offset: rip at CFA - 8 */     \
      0, 0                        /* DW_CFA_nop */

// .plt's FDE: pc_begin and pc_range at 8 and 12 (written at link time),
// then PLT0 pushes a word (CFA rsp + 16 after 6 bytes, + 24 from byte 16);
// in the 16-byte entries after it, the push at byte 6 moves the CFA from
// rsp + 8 to rsp + 16 from byte 11: rsp + 8 + ((rip & 15) >= 11) * 8.
static const u8 plt_eh_frame[] = {
    X86_64_PLT_CIE,
    0x24, 0, 0, 0, 0x1c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0x0e, 16,                     // DW_CFA_def_cfa_offset: 16
    0x46,                         // DW_CFA_advance_loc: 6
    0x0e, 24,                     // DW_CFA_def_cfa_offset: 24
    0x4a,                         // DW_CFA_advance_loc: 10
    0x0f, 11,                     // DW_CFA_def_cfa_expression, 11 bytes:
    0x77, 8,                      //   DW_OP_breg7 (rsp): 8
    0x80, 0,                      //   DW_OP_breg16 (rip): 0
    0x3f, 0x1a, 0x3b, 0x2a,       //   DW_OP_lit15; and; lit11; ge
    0x33, 0x24, 0x22,             //   DW_OP_lit3; shl; plus
    0, 0, 0, 0,                   // DW_CFA_nop
};

// .plt.got's FDE: its 8-byte entries only jump, the CIE's rule holds.
static const u8 pltgot_eh_frame[] = {
    X86_64_PLT_CIE,
    0x14, 0, 0, 0, 0x1c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0,          // DW_CFA_nop
};

// GNU ld's non-lazy PLT entry, which it uses for IFUNCs in a static
// executable: jmp *slot(%rip); xchg %ax,%ax (8 bytes).  With IBT (the
// output has the feature, or -z ibtplt) the IBT form: endbr64; jmp
// *slot(%rip); nopw 0(%rax,%rax) (16 bytes, 16-aligned).
static void write_iplt(struct ctx *ctx, u8 *buf, u64 addr, u64 slot) {
  if (ctx->iplt_size == 16) {
    static const u8 endbr64[4] = {0xf3, 0x0f, 0x1e, 0xfa};
    static const u8 nopw[6] = {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00};
    memcpy(buf, endbr64, 4);
    buf[4] = 0xff;
    buf[5] = 0x25;
    wr32(buf + 6, slot - (addr + 10));
    memcpy(buf + 10, nopw, 6);
    return;
  }
  write_pltgot(ctx, buf, addr, slot);
}

// A static PIE's lazy PLT (GNU ld's): pushq GOT+8; jmp *GOT+16; nop, then
// per entry jmp *slot; pushq $index; jmp PLT0.
static void write_plt_header(struct ctx *ctx, u8 *buf, u64 plt, u64 gotplt) {
  (void)ctx;
  buf[0] = 0xff;
  buf[1] = 0x35;
  wr32(buf + 2, gotplt + 8 - (plt + 6));
  buf[6] = 0xff;
  buf[7] = 0x25;
  wr32(buf + 8, gotplt + 16 - (plt + 12));
  wr32(buf + 12, 0x00401f0f);   // nopl 0(%rax)
}

static void write_plt(struct ctx *ctx, u8 *buf, u64 addr, u64 slot, u32 idx,
                      u64 plt) {
  (void)ctx;
  buf[0] = 0xff;
  buf[1] = 0x25;
  wr32(buf + 2, slot - (addr + 6));
  buf[6] = 0x68;
  wr32(buf + 7, idx);
  buf[11] = 0xe9;
  wr32(buf + 12, plt - (addr + 16));
}

// 32-bit absolute addresses cannot move with the load address; nor can
// a PC-relative reference from code reach an undefined weak symbol's 0.
static enum pie_reloc pie_reloc(u32 type) {
  switch (type) {
  case R_X86_64_64: return PIE_ABS64;
  case R_X86_64_PC32: case R_X86_64_PC16: case R_X86_64_PC8:
    return PIE_PCREL;
  case R_X86_64_32: return PIE_ERROR_PIE;
  case R_X86_64_32S: return PIE_ERROR_PIE_NONE;
  case R_X86_64_16: case R_X86_64_8: return PIE_ERROR_SHARED_PIC;
  }
  return PIE_PLAIN;
}

enum {
  FEATURE_1_LAM_U48 = 1u << 2,   // GNU_PROPERTY_X86_FEATURE_1_LAM_U48
  FEATURE_1_LAM_U57 = 1u << 3,
};

// .note.gnu.property (x86-64 psABI, "Program Property"): -z cet-report
// names each input whose GNU_PROPERTY_X86_FEATURE_1_AND lacks IBT or
// SHSTK, -z lam-u48-report and lam-u57-report one that lacks LAM_U48 or
// LAM_U57, except a feature the command line forces on anyway.
// In GNU ld's words, which its tests and build logs match: "FILE:
// warning: missing IBT property".
static void report_missing(struct ctx *ctx, struct objfile *f, u8 level,
                           const char *what) {
  if (level == 2)
    gnu_error(ctx, "%s: error: missing %s", f->name, what);
  else if (level == 1)
    gnu_warning(ctx, "%s: warning: missing %s", f->name, what);
}

static void file_properties(struct ctx *ctx, struct objfile *f, u32 value) {
  struct config *c = &ctx->cfg;
  bool ibt = !c->z_ibt && !(value & GNU_PROPERTY_X86_FEATURE_1_IBT);
  bool shstk = !c->z_shstk && !(value & GNU_PROPERTY_X86_FEATURE_1_SHSTK);
  const char *what = ibt && shstk ? "IBT and SHSTK properties"
                     : ibt        ? "IBT property"
                     : shstk      ? "SHSTK property"
                                  : NULL;
  if (what)
    report_missing(ctx, f, c->z_cet_report, what);
  if (!c->z_lam_u48 && !(value & FEATURE_1_LAM_U48))
    report_missing(ctx, f, c->z_lam_u48_report, "LAM_U48 property");
  if (!c->z_lam_u57 && !(value & FEATURE_1_LAM_U57))
    report_missing(ctx, f, c->z_lam_u57_report, "LAM_U57 property");
}

// -z indirect-extern-access adds GNU_PROPERTY_1_NEEDED's bit for it (the
// output then has the property, as an input's: bfd's
// _bfd_elf_link_setup_gnu_properties); -z noindirect-extern-access
// takes the bit out of what the inputs gave, leaving the property, 0, in
// the note (bfd's _bfd_elf_link_setup_gnu_properties, after merging).
static void indirect_extern_access(struct ctx *ctx) {
  u8 z = ctx->cfg.z_indirect_extern_access;
  const u32 bit = GNU_PROPERTY_1_NEEDED_INDIRECT_EXTERN_ACCESS;
  struct gnu_prop *p = NULL;
  for (u32 k = 0; k < ctx->nprops; k++)
    if (ctx->props[k].type == GNU_PROPERTY_1_NEEDED)
      p = &ctx->props[k];
  if (z == IEA_ON && (p || (p = gnu_property(ctx, GNU_PROPERTY_1_NEEDED)))) {
    p->value |= bit;
    p->nfiles++;
  } else if (z == IEA_OFF && p && p->value) {
    p->value &= ~(u64)bit;
    p->cleared = true;
  }
}

// -z ibt / -z shstk / -z lam-u48 / -z lam-u57 set the feature whatever
// the inputs say; -z x86-64-vN adds that ISA level to
// GNU_PROPERTY_X86_ISA_1_NEEDED.  IFUNCs get IBT IPLT entries when the
// output has IBT, or with -z ibtplt, as in GNU ld.
static void finish_properties(struct ctx *ctx) {
  struct config *c = &ctx->cfg;
  // -z dynamic-undefined-weak (the last of it and its "no" form) without
  // a dynamic linker: GNU ld says so (ldelf_after_parse).
  const char *weak = NULL;
  for (u32 i = 0; i < c->z_x86.len; i++) {
    const char *kw = c->z_x86.v[i];
    if (!strcmp(kw, "dynamic-undefined-weak") ||
        !strcmp(kw, "nodynamic-undefined-weak"))
      weak = kw;
  }
  if (weak && weak[0] == 'd' && c->no_dynamic_linker && !c->relocatable)
    warn(ctx, "-z dynamic-undefined-weak ignored");
  u32 force = (c->z_ibt ? GNU_PROPERTY_X86_FEATURE_1_IBT : 0) |
              (c->z_shstk ? GNU_PROPERTY_X86_FEATURE_1_SHSTK : 0) |
              (c->z_lam_u48 ? FEATURE_1_LAM_U48 : 0) |
              (c->z_lam_u57 ? FEATURE_1_LAM_U57 : 0);
  struct gnu_prop *p;
  if (force)
    force_feature(ctx, GNU_PROPERTY_X86_FEATURE_1_AND, force);
  bool ibt = every_input_has(ctx, GNU_PROPERTY_X86_FEATURE_1_AND,
                             GNU_PROPERTY_X86_FEATURE_1_IBT);
  if ((ibt || c->z_ibtplt) && c->pie)
    error(ctx, "-pie: a PLT for IBT (.plt.sec) is not supported");
  else if (ibt || c->z_ibtplt) {
    ctx->iplt_size = ctx->iplt_align = 16;
    ctx->iplt_slot_bias = 0;
  }
  if (c->z_isa_level && (p = gnu_property(ctx, GNU_PROPERTY_X86_ISA_1_NEEDED))) {
    p->value |= GNU_PROPERTY_X86_ISA_1_BASELINE << (c->z_isa_level - 1);
    p->nfiles++;
  }
  indirect_extern_access(ctx);
}

// The machine names GNU ld (ld.bfd) accepts in OUTPUT_ARCH (bfd_scan_arch),
// found by trying them.
static const char *const output_arch_names[] = {
    "i386", "i386:i386", "i386:x86-64", "i386:x64-32", "i386:intel",
    "i386:x86-64:intel", "i386:x64-32:intel", "i8086", "iamcu",
    "iamcu:intel", NULL,
};

// GNU ld's code fill on x86 (bfd's cpu-i386.c): the longest nops first,
// 10 bytes each (cs nopw 0x0(%rax,%rax,1)), then one for the rest.
static void fill_code(u8 *p, u64 n) {
  static const u8 nops[10][10] = {
      {0x90},                                               // nop
      {0x66, 0x90},                                         // xchg %ax,%ax
      {0x0f, 0x1f, 0x00},                                   // nopl (%rax)
      {0x0f, 0x1f, 0x40, 0x00},                             // nopl 0(%rax)
      {0x0f, 0x1f, 0x44, 0x00, 0x00},                       // nopl 0(%rax,%rax)
      {0x66, 0x0f, 0x1f, 0x44, 0x00, 0x00},                 // nopw 0(%rax,%rax)
      {0x0f, 0x1f, 0x80, 0x00, 0x00, 0x00, 0x00},           // nopl 0L(%rax)
      {0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},     // nopl 0L(%rax,%rax)
      {0x66, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
      {0x66, 0x2e, 0x0f, 0x1f, 0x84, 0x00, 0x00, 0x00, 0x00, 0x00},
  };
  u64 whole = n - n % 10;
  fill_pattern(p, whole, nops[9], 10);
  if (n % 10)
    memcpy(p + whole, nops[n % 10 - 1], n % 10);
}

// --icf=safe: calls and jumps, direct (PLT32, or PC32 after call/jmp) or
// through the GOT (call/jmp *sym@GOTPCREL).
static bool is_branch(u32 type, const u8 *loc, u64 off) {
  if (type == R_X86_64_PLT32)
    return true;
  if (type == R_X86_64_PC32 && off >= 1)
    return loc[-1] == 0xe8 || loc[-1] == 0xe9;
  if (type == R_X86_64_GOTPCRELX && off >= 2)
    return loc[-2] == 0xff && (loc[-1] == 0x15 || loc[-1] == 0x25);
  return false;
}

// x86's two old ISA properties, merged otherwise than their range says.
static enum prop_merge x86_prop_merge(u32 type) {
  if (type == 0xc0000000)
    return PM_OR_AND;          // GNU_PROPERTY_X86_COMPAT_ISA_1_USED
  if (type == 0xc0000001)
    return PM_OR;              // GNU_PROPERTY_X86_COMPAT_ISA_1_NEEDED
  return PM_NONE;
}

const struct arch arch_x86_64 = {
    .name = "x86-64",
    .output_format = "elf64-x86-64",
    .default_interp = "/lib/ld64.so.1",
    .output_arch_names = output_arch_names,
    .default_execstack = true,
    .fill_code = fill_code,
    .report_prop = GNU_PROPERTY_X86_FEATURE_1_AND,
    .file_properties = file_properties,
    .finish_properties = finish_properties,
    .prop_merge = x86_prop_merge,
    .emulation = "elf_x86_64",
    .e_machine = EM_X86_64,
    .image_base = 0x400000,
    .max_page_size = 0x1000,
    .common_page_size = 0x1000,
    .p_align_default_page = true,
    .iplt_size = 8,
    .iplt_align = 8,
    .got_plt_reserved = 3,
    .r_irelative = R_X86_64_IRELATIVE,
    .r_relative = R_X86_64_RELATIVE,
    .got_load = got_load,
    .r_plt_call = R_X86_64_PLT32,
    .r_plt_jump = R_X86_64_PLT32,
    .pie_reloc = pie_reloc,
    .plt_header_size = 16,
    .plt_size = 16,
    .plt_entsize = 16,
    .relr = true,
    .plt_slot_bias = 6,          // past the jmp: the pushq
    .write_plt_header = write_plt_header,
    .write_plt = write_plt,
    .plt_undef_weak = true,
    .write_pltgot = write_pltgot,
    .plt_eh_frame = plt_eh_frame,
    .plt_eh_frame_size = sizeof(plt_eh_frame),
    .pltgot_eh_frame = pltgot_eh_frame,
    .pltgot_eh_frame_size = sizeof(pltgot_eh_frame),
    .gotplt_is_got_symbol = true,
    .got_always = true,
    .warn_textrel = true,
    .shn_large_common = SHN_X86_64_LCOMMON,
    .shf_large = SHF_X86_64_LARGE,
    .ifunc_got_is_gotplt = true,
    .iplt_slot_bias = 6,         // past the 6-byte jmp: the nop after it
    .irelative_descending = true,
    .scan_reloc = scan_reloc,
    .quiet_reloc = quiet_reloc,
    .apply_relocs = apply_relocs,
    .write_iplt = write_iplt,
    .data_reloc_kind = data_reloc_kind,
    .reloc_name = reloc_name,
    .rewritten_types = 1ULL << R_X86_64_GOTPCREL | 1ULL << R_X86_64_GOTPCRELX |
                       1ULL << R_X86_64_REX_GOTPCRELX,
    .emitted_type = emitted_type,
    .is_branch = is_branch,
    .tp_offset = tp_offset,
    .tls_module_base_at_end = true,
};
