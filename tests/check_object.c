// check_object.c: parse_object() on well-formed and broken ELF objects.
//
// Later passes read section headers, symbols and relocations straight from
// the mapping, trusting what parse_object() checked; so every check it
// makes is pinned here with an object that fails exactly that check, built
// from a valid one by patching one field.

#include "testutil.h"

// .text (1) defining "main"; .shstrtab (2), .symtab (3), .strtab (4).
static struct tobj minimal(void) {
  static const char *const names[] = {"main"};
  return tobj_defining(names, 1);
}

// Parses o, expecting exactly one error; returns what was printed.
static const char *reject(struct tobj *o) {
  struct capture c;
  capture_begin(&c);
  struct objfile *f = new_objfile(ctx, "t.o", o->data, o->size);
  bool ok = parse_object(ctx, f);
  const char *text = capture_end(&c);
  ck_assert_msg(!ok, "a broken object was accepted");
  ck_assert_uint_eq(ctx->errors, 1);
  return text;
}

//
// Accepted
//

START_TEST(accepts_minimal_object) {
  struct tobj o = minimal();
  struct objfile *f = tobj_load("t.o", &o);
  ck_assert_uint_eq(ctx->errors, 0);
  ck_assert_ptr_eq(ctx->arch, &arch_x86_64);
  ck_assert_uint_eq(f->shnum, 5);
  ck_assert_str_eq(section_name(f, 1), ".text");
  ck_assert_str_eq(section_name(f, o.shstrndx), ".shstrtab");
  ck_assert_uint_eq(f->nsyms, 2);
  ck_assert_uint_eq(f->first_global, 1);
  struct esym s;
  read_sym(f, 1, &s);
  ck_assert_str_eq(sym_name(f, &s), "main");
  ck_assert_uint_eq(sym_shndx(f, 1, &s), 1);
  ck_assert(f->parsed);
} END_TEST

// Section 0's sh_name is not checked (nothing names section 0), so its
// name must not come from it: a relocation against a section symbol
// whose st_shndx is 0 once made an error message print from
// .shstrtab + 0x7ffffff0.
START_TEST(section_zero_has_no_name) {
  struct tobj o = minimal();
  SHDR_SET32(tobj_shdr(&o, 0), sh_name, 0x7ffffff0);
  struct objfile *f = tobj_load("t.o", &o);
  ck_assert_str_eq(section_name(f, 0), "");
  ck_assert_str_eq(section_name(f, f->shnum), "");
  ck_assert_str_eq(section_name(f, 1), ".text");
} END_TEST

// SHT_NOBITS takes no file space, so its size may be anything.
START_TEST(accepts_huge_nobits) {
  struct tsec secs[] = {
      {".bss", SHT_NOBITS, SHF_ALLOC | SHF_WRITE, NULL, 1ULL << 40, 64},
  };
  struct tobj o = tobj_build(secs, 1, NULL, 0);
  tobj_load("t.o", &o);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// sh_addralign 0 and 1 both mean "no constraint".
START_TEST(accepts_align_0_and_1) {
  struct tsec secs[] = {
      {".data", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, NULL, 4, 0},
      {".data.x", SHT_PROGBITS, SHF_ALLOC | SHF_WRITE, NULL, 4, 1},
  };
  struct tobj o = tobj_build(secs, 2, NULL, 0);
  tobj_load("t.o", &o);
  ck_assert_uint_eq(ctx->errors, 0);
} END_TEST

// With more than SHN_LORESERVE sections, e_shnum is 0 and the count is
// section 0's sh_size (gABI, "Section Header Table").
START_TEST(extended_shnum) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shnum, 0);
  SHDR_SET64(tobj_shdr(&o, 0), sh_size, o.shnum);
  struct objfile *f = tobj_load("t.o", &o);
  ck_assert_uint_eq(f->shnum, o.shnum);
  ck_assert_uint_eq(f->nsyms, 2);
} END_TEST

// e_shstrndx = SHN_XINDEX: the index is section 0's sh_link.
START_TEST(extended_shstrndx) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shstrndx, SHN_XINDEX);
  SHDR_SET32(tobj_shdr(&o, 0), sh_link, o.shstrndx);
  struct objfile *f = tobj_load("t.o", &o);
  ck_assert_str_eq(section_name(f, 1), ".text");
} END_TEST

START_TEST(extended_both) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shnum, 0);
  EHDR_SET16(&o, e_shstrndx, SHN_XINDEX);
  SHDR_SET64(tobj_shdr(&o, 0), sh_size, o.shnum);
  SHDR_SET32(tobj_shdr(&o, 0), sh_link, o.shstrndx);
  struct objfile *f = tobj_load("t.o", &o);
  ck_assert_uint_eq(f->shnum, o.shnum);
  ck_assert_str_eq(section_name(f, o.symtab), ".symtab");
} END_TEST

// st_shndx = SHN_XINDEX: the real index is in SHT_SYMTAB_SHNDX.
START_TEST(symtab_shndx) {
  u32 table[3] = {0, 0, 1};   // null symbol, "a" (not extended), "b" -> 1
  struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, NULL, 8, 4},
      {".symtab_shndx", SHT_SYMTAB_SHNDX, 0, table, sizeof(table), 4, 0, 4},
  };
  struct tsym syms[] = {
      {"a", STB_GLOBAL, STT_FUNC, 1, 0, 0},
      {"b", STB_GLOBAL, STT_FUNC, SHN_XINDEX, 4, 0},
  };
  struct tobj o = tobj_build(secs, 2, syms, 2);
  SHDR_SET32(tobj_shdr(&o, 2), sh_link, o.symtab);
  struct objfile *f = tobj_load("t.o", &o);
  ck_assert(f->symtab_shndx != NULL);
  struct esym s;
  read_sym(f, 2, &s);
  ck_assert_uint_eq(s.st_shndx, SHN_XINDEX);
  ck_assert_uint_eq(sym_shndx(f, 2, &s), 1);
} END_TEST

//
// Rejected: the ELF header
//

START_TEST(rejects_short_file) {
  struct tobj o = minimal();
  o.size = sizeof(Elf64_Ehdr) - 1;
  ck_assert_contains(reject(&o), "too short to be an ELF object");
} END_TEST

START_TEST(rejects_elfclass32) {
  struct tobj o = minimal();
  o.data[EI_CLASS] = ELFCLASS32;
  ck_assert_contains(reject(&o), "t.o: unsupported ELF class 1");
} END_TEST

START_TEST(rejects_big_endian) {
  struct tobj o = minimal();
  o.data[EI_DATA] = ELFDATA2MSB;
  ck_assert_contains(reject(&o), "t.o: big-endian objects are not supported");
} END_TEST

START_TEST(rejects_shared_object) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_type, ET_DYN);
  ck_assert_contains(reject(&o),
                     "t.o: attempted static link of dynamic object");
} END_TEST

START_TEST(rejects_executable) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_type, ET_EXEC);
  ck_assert_contains(reject(&o), "not a relocatable object (ELF type 2)");
} END_TEST

START_TEST(rejects_unknown_machine) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_machine, 0x1234);
  ck_assert_contains(reject(&o), "t.o: unsupported architecture: an unknown "
                                 "machine (e_machine 4660)");
  ck_assert_ptr_eq(ctx->arch, NULL);
} END_TEST

// Once the output's architecture is known, other machines do not mix in.
START_TEST(rejects_machine_mismatch) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_machine, EM_386);
  ctx->arch = &arch_x86_64;
  ck_assert_contains(reject(&o),
                     "i386 object is incompatible with the x86-64 output");
} END_TEST

START_TEST(rejects_bad_shentsize) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shentsize, sizeof(Elf32_Shdr));
  ck_assert_contains(reject(&o), "bad e_shentsize 40");
} END_TEST

START_TEST(rejects_no_section_headers) {
  struct tobj o = minimal();
  EHDR_SET64(&o, e_shoff, 0);
  ck_assert_contains(reject(&o), "object has no section header table");
} END_TEST

//
// Rejected: the section header table
//

START_TEST(rejects_shdrs_past_eof) {
  struct tobj o = minimal();
  EHDR_SET64(&o, e_shoff, o.size - sizeof(Elf64_Shdr) / 2);
  ck_assert_contains(reject(&o), "section header table is past the end");
} END_TEST

// e_shoff near 2^64: offset + size must not wrap around to "inside".
START_TEST(rejects_shoff_overflow) {
  struct tobj o = minimal();
  EHDR_SET64(&o, e_shoff, UINT64_MAX - 8);
  ck_assert_contains(reject(&o), "section header table is past the end");
} END_TEST

// Section 0 fits, the rest does not.
START_TEST(rejects_shdrs_partly_past_eof) {
  struct tobj o = minimal();
  EHDR_SET64(&o, e_shoff, o.size - sizeof(Elf64_Shdr));
  ck_assert_contains(reject(&o), "section header table (5 entries) does "
                                 "not fit in the file");
} END_TEST

START_TEST(rejects_extended_shnum_zero) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shnum, 0);
  ck_assert_contains(reject(&o), "(0 entries) does not fit");
} END_TEST

// An extended count that runs past the end of the file.
START_TEST(rejects_extended_shnum_too_big) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shnum, 0);
  SHDR_SET64(tobj_shdr(&o, 0), sh_size, 1ULL << 40);
  ck_assert_contains(reject(&o), "does not fit in the file");
} END_TEST

//
// Rejected: sections
//

START_TEST(rejects_section_past_eof) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, 1), sh_size, o.size);
  ck_assert_contains(reject(&o), "t.o: section 1: contents (offset 64, "
                                 "size");
} END_TEST

// offset + size wraps around 2^64 to a small number.
START_TEST(rejects_section_offset_overflow) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, 1), sh_offset, UINT64_MAX - 7);
  SHDR_SET64(tobj_shdr(&o, 1), sh_size, 16);
  ck_assert_contains(reject(&o), "are past the end of the file");
} END_TEST

START_TEST(rejects_section_size_overflow) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, 1), sh_size, UINT64_MAX);
  ck_assert_contains(reject(&o), "are past the end of the file");
} END_TEST

START_TEST(rejects_non_pow2_align) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, 1), sh_addralign, 24);
  ck_assert_contains(reject(&o), "section 1: alignment 24 is not a power "
                                 "of two");
} END_TEST

START_TEST(rejects_huge_align) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, 1), sh_addralign, 1ULL << 40);
  ck_assert_contains(reject(&o), "is too large");
} END_TEST

START_TEST(rejects_bad_shstrndx) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shstrndx, 1);   // .text is not SHT_STRTAB
  ck_assert_contains(reject(&o), "bad section name string table index 1");
} END_TEST

START_TEST(rejects_shstrndx_out_of_range) {
  struct tobj o = minimal();
  EHDR_SET16(&o, e_shstrndx, o.shnum);
  ck_assert_contains(reject(&o), "bad section name string table index");
} END_TEST

START_TEST(rejects_unterminated_shstrtab) {
  struct tobj o = minimal();
  u8 *sh = tobj_shdr(&o, o.shstrndx);
  u64 end = rd64(sh + offsetof(Elf64_Shdr, sh_offset)) +
            rd64(sh + offsetof(Elf64_Shdr, sh_size));
  o.data[end - 1] = 'x';
  ck_assert_contains(reject(&o), "section name string table is not "
                                 "NUL-terminated");
} END_TEST

START_TEST(rejects_section_name_out_of_range) {
  struct tobj o = minimal();
  SHDR_SET32(tobj_shdr(&o, 1), sh_name, 1000);
  ck_assert_contains(reject(&o), "section 1: name offset 1000 is out of "
                                 "range");
} END_TEST

START_TEST(rejects_rel) {
  struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, NULL, 8, 4},
      {".rel.text", SHT_REL, 0, NULL, 16, 8, 1, 16},
  };
  struct tobj o = tobj_build(secs, 2, NULL, 0);
  ck_assert_contains(reject(&o), "SHT_REL relocations are not supported");
} END_TEST

START_TEST(rejects_bad_rela_entsize) {
  struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, NULL, 8, 4},
      {".rela.text", SHT_RELA, 0, NULL, 48, 8, 1, 16},
  };
  struct tobj o = tobj_build(secs, 2, NULL, 0);
  ck_assert_contains(reject(&o), "section 2: bad relocation entry size");
} END_TEST

START_TEST(rejects_rela_size_not_multiple) {
  struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, NULL, 8, 4},
      {".rela.text", SHT_RELA, 0, NULL, 30, 8, 1},
  };
  struct tobj o = tobj_build(secs, 2, NULL, 0);
  ck_assert_contains(reject(&o), "section 2: bad relocation entry size");
} END_TEST

START_TEST(rejects_rela_info_out_of_range) {
  struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, NULL, 8, 4},
      {".rela.text", SHT_RELA, 0, NULL, 24, 8, 99},
  };
  struct tobj o = tobj_build(secs, 2, NULL, 0);
  ck_assert_contains(reject(&o), "relocated section index 99 is out of "
                                 "range");
} END_TEST

//
// Rejected: the symbol table
//

START_TEST(rejects_two_symtabs) {
  struct tobj o = minimal();
  SHDR_SET32(tobj_shdr(&o, 1), sh_type, SHT_SYMTAB);
  SHDR_SET64(tobj_shdr(&o, 1), sh_entsize, sizeof(Elf64_Sym));
  ck_assert_contains(reject(&o), "more than one symbol table");
} END_TEST

START_TEST(rejects_bad_sym_entsize) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, o.symtab), sh_entsize, 16);
  ck_assert_contains(reject(&o), "bad symbol table entry size");
} END_TEST

START_TEST(rejects_unterminated_strtab) {
  struct tobj o = minimal();
  u8 *sh = tobj_shdr(&o, o.strtab);
  u64 end = rd64(sh + offsetof(Elf64_Shdr, sh_offset)) +
            rd64(sh + offsetof(Elf64_Shdr, sh_size));
  ck_assert_uint_eq(o.data[end - 1], 0);
  o.data[end - 1] = 'x';           // "main" runs into the next bytes
  ck_assert_contains(reject(&o), "symbol string table is not "
                                 "NUL-terminated");
} END_TEST

START_TEST(rejects_empty_strtab) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, o.strtab), sh_size, 0);
  ck_assert_contains(reject(&o), "symbol string table is not "
                                 "NUL-terminated");
} END_TEST

START_TEST(rejects_strtab_link_not_strtab) {
  struct tobj o = minimal();
  SHDR_SET32(tobj_shdr(&o, o.symtab), sh_link, 1);
  ck_assert_contains(reject(&o), "string table index 1 is invalid");
} END_TEST

START_TEST(rejects_strtab_link_out_of_range) {
  struct tobj o = minimal();
  SHDR_SET32(tobj_shdr(&o, o.symtab), sh_link, 1000);
  ck_assert_contains(reject(&o), "string table index 1000 is invalid");
} END_TEST

// sh_info is one past the last local; more than the count is nonsense.
START_TEST(rejects_symtab_info_past_nsyms) {
  struct tobj o = minimal();
  SHDR_SET32(tobj_shdr(&o, o.symtab), sh_info, 3);
  ck_assert_contains(reject(&o), "bad symbol table sh_info 3 (2 symbols)");
} END_TEST

// Symbol 0 is always local, so sh_info 0 is impossible.
START_TEST(rejects_symtab_info_zero) {
  struct tobj o = minimal();
  SHDR_SET32(tobj_shdr(&o, o.symtab), sh_info, 0);
  ck_assert_contains(reject(&o), "bad symbol table sh_info 0");
} END_TEST

// Regression: a relocation section's sh_link was not checked, and
// parse_sections read a section header far outside the table (found by
// the unit tests and by the fuzzer).
START_TEST(rejects_rela_link_out_of_range) {
  static const struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, NULL, 16, 4},
      {".rela.text", SHT_RELA, SHF_INFO_LINK, NULL, 24, 8, 1},
  };
  static const struct tsym sym = {"f", STB_GLOBAL, STT_FUNC, 1};
  struct tobj o = tobj_build(secs, 2, &sym, 1);
  SHDR_SET32(tobj_shdr(&o, 2), sh_link, 0x10000000);
  ck_assert_contains(reject(&o), "which is not the symbol table");
} END_TEST

// Regression: 2^32 passed the "too large" check and became 0 in the
// 32-bit isec.align, leaving the section unaligned.
START_TEST(rejects_align_2_pow_32) {
  struct tobj o = minimal();
  SHDR_SET64(tobj_shdr(&o, 1), sh_addralign, 1ULL << 32);
  ck_assert_contains(reject(&o), "is too large");
} END_TEST

START_TEST(rejects_short_symtab_shndx) {
  u32 table[2] = {0, 0};           // three symbols need three entries
  struct tsec secs[] = {
      {".text", SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, NULL, 8, 4},
      {".symtab_shndx", SHT_SYMTAB_SHNDX, 0, table, sizeof(table), 4, 0, 4},
  };
  struct tsym syms[] = {
      {"a", STB_GLOBAL, STT_FUNC, 1, 0, 0},
      {"b", STB_GLOBAL, STT_FUNC, 1, 4, 0},
  };
  struct tobj o = tobj_build(secs, 2, syms, 2);
  SHDR_SET32(tobj_shdr(&o, 2), sh_link, o.symtab);
  ck_assert_contains(reject(&o), "SHT_SYMTAB_SHNDX section is too small");
} END_TEST

int main(void) {
  Suite *s = suite_create("object");
  TCase *tc = ctx_tcase(s, "accepted");
  tcase_add_test(tc, accepts_minimal_object);
  tcase_add_test(tc, section_zero_has_no_name);
  tcase_add_test(tc, accepts_huge_nobits);
  tcase_add_test(tc, accepts_align_0_and_1);
  tcase_add_test(tc, extended_shnum);
  tcase_add_test(tc, extended_shstrndx);
  tcase_add_test(tc, extended_both);
  tcase_add_test(tc, symtab_shndx);

  tc = ctx_tcase(s, "ehdr");
  tcase_add_test(tc, rejects_short_file);
  tcase_add_test(tc, rejects_elfclass32);
  tcase_add_test(tc, rejects_big_endian);
  tcase_add_test(tc, rejects_shared_object);
  tcase_add_test(tc, rejects_executable);
  tcase_add_test(tc, rejects_unknown_machine);
  tcase_add_test(tc, rejects_machine_mismatch);
  tcase_add_test(tc, rejects_bad_shentsize);
  tcase_add_test(tc, rejects_no_section_headers);

  tc = ctx_tcase(s, "shdrs");
  tcase_add_test(tc, rejects_shdrs_past_eof);
  tcase_add_test(tc, rejects_shoff_overflow);
  tcase_add_test(tc, rejects_shdrs_partly_past_eof);
  tcase_add_test(tc, rejects_extended_shnum_zero);
  tcase_add_test(tc, rejects_extended_shnum_too_big);

  tc = ctx_tcase(s, "sections");
  tcase_add_test(tc, rejects_section_past_eof);
  tcase_add_test(tc, rejects_section_offset_overflow);
  tcase_add_test(tc, rejects_section_size_overflow);
  tcase_add_test(tc, rejects_non_pow2_align);
  tcase_add_test(tc, rejects_huge_align);
  tcase_add_test(tc, rejects_bad_shstrndx);
  tcase_add_test(tc, rejects_shstrndx_out_of_range);
  tcase_add_test(tc, rejects_unterminated_shstrtab);
  tcase_add_test(tc, rejects_section_name_out_of_range);
  tcase_add_test(tc, rejects_rel);
  tcase_add_test(tc, rejects_bad_rela_entsize);
  tcase_add_test(tc, rejects_rela_size_not_multiple);
  tcase_add_test(tc, rejects_rela_info_out_of_range);

  tc = ctx_tcase(s, "symtab");
  tcase_add_test(tc, rejects_two_symtabs);
  tcase_add_test(tc, rejects_bad_sym_entsize);
  tcase_add_test(tc, rejects_unterminated_strtab);
  tcase_add_test(tc, rejects_empty_strtab);
  tcase_add_test(tc, rejects_strtab_link_not_strtab);
  tcase_add_test(tc, rejects_strtab_link_out_of_range);
  tcase_add_test(tc, rejects_symtab_info_past_nsyms);
  tcase_add_test(tc, rejects_symtab_info_zero);
  tcase_add_test(tc, rejects_short_symtab_shndx);
  tcase_add_test(tc, rejects_rela_link_out_of_range);
  tcase_add_test(tc, rejects_align_2_pow_32);
  return run_suite(s);
}
