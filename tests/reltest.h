// reltest.h: the object the relocation unit tests work on
// (check_x86_64.c, check_aarch64.c): a 64-byte .text and the symbols
// below, loaded and resolved, with room for the tests' input sections.

#ifndef RELTEST_H
#define RELTEST_H

#include "testutil.h"

// Symbol indices in the test object.
enum {
  SEC = 1,         // local: the section symbol of .text
  FOO = 2,         // foo, undefined until a test defines it
  X = 3,           // x, a TLS variable, likewise
  TLS_GET_ADDR = 4,
  WEAK = 5,        // w, an undefined weak reference
  ABS = 6,         // absym = 0x1234, SHN_ABS
};

static struct objfile *file;

// Loads the test object for a machine and adds its symbols.
static inline void load_reloc_object(u16 machine) {
  static const struct tsec text = {".text", SHT_PROGBITS,
                                   SHF_ALLOC | SHF_EXECINSTR, NULL, 64, 16};
  static const struct tsym syms[] = {
      {"", STB_LOCAL, STT_SECTION, 1},
      {"foo", STB_GLOBAL, STT_FUNC, SHN_UNDEF},
      {"x", STB_GLOBAL, STT_TLS, SHN_UNDEF},
      {"__tls_get_addr", STB_GLOBAL, STT_NOTYPE, SHN_UNDEF},
      {"w", STB_WEAK, STT_NOTYPE, SHN_UNDEF},
      {"absym", STB_GLOBAL, STT_NOTYPE, SHN_ABS, 0x1234},
  };
  struct tobj *o = arena_alloc(ctx, sizeof(*o));
  *o = tobj_build(&text, 1, syms, sizeof(syms) / sizeof(*syms));
  EHDR_SET16(o, e_machine, machine);
  file = tobj_load("t.o", o);
  add_file_symbols(ctx, file);
  file->isecs = arena_alloc(ctx, file->shnum * sizeof(struct isec *));
}

// Gives a global the value resolution and layout would: its address.
static inline void define(const char *name, u64 addr) {
  struct symbol *s = sym_find_str(ctx, name);
  ck_assert(s != NULL);
  s->state = SYM_DEFINED;
  s->value = addr;
}

// One relocation of a test section.
struct reloc {
  u64 offset;
  u32 sym, type;
  i64 addend;
};

// .text of the test object: size bytes of data at addr, with these
// relocations, registered as the object's section 1.
static inline struct isec *test_text(const u8 *data, u64 size,
                                     const struct reloc *r, u32 n,
                                     u64 addr) {
  u8 *rels = arena_alloc(ctx, (u64)(n ? n : 1) * sizeof(Elf64_Rela));
  for (u32 i = 0; i < n; i++)
    put_rela(rels + i * sizeof(Elf64_Rela), r[i].offset, r[i].sym,
             r[i].type, r[i].addend);
  struct chunk *text = new_chunk(ctx, ".text", CK_REGULAR, SHT_PROGBITS,
                                 SHF_ALLOC | SHF_EXECINSTR, 16);
  text->addr = addr;
  struct isec *is = arena_alloc(ctx, sizeof(*is));
  is->file = file;
  is->osec = text;
  is->data = data;
  is->size = size;
  is->rels = rels;
  is->nrels = n;
  is->shndx = 1;
  is->align = 16;
  is->live = true;
  file->isecs[1] = is;
  return is;
}

#endif
