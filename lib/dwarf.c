// dwarf.c: source lines for messages, from an object's .debug_line.
//
// Only messages use it: for a place in an input section (a reference to
// an undefined symbol, a definition), the file and line of the line
// program's row that covers it, as "dir/file.c:LINE" (GNU ld's form).
// In a relocatable object the operands of DW_LNE_set_address, and the
// offsets of DW_FORM_line_strp and DW_FORM_strp names, are 0 in the
// section and held by its RELA relocations: they are read through them.
// Line table versions 2 to 5, 32- and 64-bit DWARF.  Every read is
// bounded: a broken table gives no line, never a fault.

#include "mld.h"

struct rd {
  const u8 *p, *end;
  bool bad;
};

static u64 get(struct rd *r, u32 n) {
  if (r->bad || (u64)(r->end - r->p) < n) {
    r->bad = true;
    return 0;
  }
  u64 v = 0;
  for (u32 i = 0; i < n; i++)
    v |= (u64)r->p[i] << (8 * i);
  r->p += n;
  return v;
}

static u64 uleb(struct rd *r) {
  u64 v = 0;
  for (u32 shift = 0;; shift += 7) {
    if (r->bad || r->p >= r->end) {
      r->bad = true;
      return 0;
    }
    u8 b = *r->p++;
    if (shift < 64)
      v |= (u64)(b & 0x7f) << shift;
    if (!(b & 0x80))
      return v;
  }
}

static i64 sleb(struct rd *r) {
  u64 v = 0;
  u32 shift = 0;
  u8 b;
  do {
    if (r->bad || r->p >= r->end) {
      r->bad = true;
      return 0;
    }
    b = *r->p++;
    if (shift < 64)
      v |= (u64)(b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  if (shift < 64 && (b & 0x40))
    v |= ~(u64)0 << shift;
  return (i64)v;
}

static const char *cstr(struct rd *r) {
  const u8 *s = r->p;
  while (r->p < r->end && *r->p)
    r->p++;
  if (r->p >= r->end) {
    r->bad = true;
    return "";
  }
  r->p++;
  return (const char *)s;
}

static void skip(struct rd *r, u64 n) {
  if ((u64)(r->end - r->p) < n)
    r->bad = true;
  else
    r->p += n;
}

// The section named NAME, or 0.
static u32 find_section(struct objfile *f, const char *name) {
  for (u32 i = 1; i < f->shnum; i++)
    if (!strcmp(section_name(f, i), name) &&
        SH_TYPE(shdr_at(f, i)) != SHT_NOBITS)
      return i;
  return 0;
}

// Section I's bytes; a compressed one's only once decompressed.
static bool section_bytes(struct objfile *f, u32 i, struct rd *r) {
  struct isec *is = f->isecs && i ? f->isecs[i] : NULL;
  if (is && is->decompressed) {
    r->p = is->data;
    r->end = r->p + decompressed_size(f, i);
    r->bad = false;
    return true;
  }
  const u8 *sh = shdr_at(f, i);
  u64 off = SH_OFFSET(sh), size = SH_SIZE(sh);
  if (!i || off > f->size || size > f->size - off ||
      compressed_input(f, i, section_name(f, i), SH_FLAGS(sh)))
    return false;
  r->p = f->data + off;
  r->end = r->p + size;
  r->bad = false;
  return true;
}

struct line_ctx {
  struct objfile *f;
  const u8 *base;              // .debug_line's bytes
  const u8 *rels;              // its RELA entries, or NULL
  u64 nrels;
  struct rd line_str, str;     // .debug_line_str, .debug_str
};

// The relocation at offset OFF of .debug_line, if any: its symbol's
// section and value plus the addend.
static bool reloc_at(struct line_ctx *lc, u64 off, u32 *shndx, u64 *value) {
  u64 lo = 0, hi = lc->nrels;
  while (lo < hi) {               // gas and gcc emit them in order
    u64 mid = lo + (hi - lo) / 2;
    if (rd64(lc->rels + mid * sizeof(Elf64_Rela)) < off)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo >= lc->nrels || rd64(lc->rels + lo * sizeof(Elf64_Rela)) != off)
    return false;
  const u8 *rel = lc->rels + lo * sizeof(Elf64_Rela);
  u32 symidx = ELF64_R_SYM(rd64(rel + 8));
  if (!symidx || symidx >= lc->f->nsyms)
    return false;
  struct esym s;
  read_sym(lc->f, symidx, &s);
  *shndx = sym_shndx(lc->f, symidx, &s);
  *value = s.st_value + rd64(rel + 16);
  return true;
}

// A string of a file or directory entry, in any form GCC and Clang emit.
static const char *form_string(struct line_ctx *lc, struct rd *r, u64 form,
                               bool dwarf64) {
  switch (form) {
  case 0x08:                      // DW_FORM_string
    return cstr(r);
  case 0x1f: case 0x0e: {         // DW_FORM_line_strp, DW_FORM_strp
    u64 at = (u64)(r->p - lc->base);
    u64 off = get(r, dwarf64 ? 8 : 4);
    u32 shndx;
    u64 v;
    if (lc->rels && reloc_at(lc, at, &shndx, &v))
      off = v;
    struct rd s = form == 0x1f ? lc->line_str : lc->str;
    if (!s.p || off >= (u64)(s.end - s.p))
      return "";
    s.p += off;
    return cstr(&s);
  }
  }
  r->bad = true;
  return "";
}

// Skips a value of FORM that is not a string.
static u64 form_value(struct rd *r, u64 form, bool dwarf64) {
  switch (form) {
  case 0x0b: return get(r, 1);    // data1
  case 0x05: return get(r, 2);    // data2
  case 0x06: return get(r, 4);    // data4
  case 0x07: return get(r, 8);    // data8
  case 0x0f: return uleb(r);      // udata
  case 0x1e: skip(r, 16); return 0;              // data16 (MD5)
  case 0x09: skip(r, uleb(r)); return 0;         // block
  case 0x17: return get(r, dwarf64 ? 8 : 4);     // sec_offset
  }
  r->bad = true;
  return 0;
}

enum { MAX_ENTRIES = 4096 };

struct entry {
  const char *name;
  u64 dir;
};

// The names a unit's rows refer to: directories and files.
struct names {
  const char **dirs;
  struct entry *files;
  u64 ndirs, nfiles;
};

static bool read_v5_entries(struct ctx *ctx, struct line_ctx *lc,
                            struct rd *r, bool dwarf64, bool files,
                            struct names *nm) {
  u32 nformats = get(r, 1);
  u64 formats[2 * 16];
  if (nformats > 16)
    return false;
  for (u32 i = 0; i < nformats; i++) {
    formats[2 * i] = uleb(r);
    formats[2 * i + 1] = uleb(r);
  }
  u64 n = uleb(r);
  if (r->bad || n > MAX_ENTRIES)
    return false;
  struct entry *e = arena_alloc(ctx, (n ? n : 1) * sizeof(*e));
  for (u64 k = 0; k < n && !r->bad; k++) {
    e[k].name = "";
    e[k].dir = 0;
    for (u32 i = 0; i < nformats; i++) {
      u64 type = formats[2 * i], form = formats[2 * i + 1];
      if (type == 1)              // DW_LNCT_path
        e[k].name = form_string(lc, r, form, dwarf64);
      else if (form == 0x08 || form == 0x1f || form == 0x0e)
        form_string(lc, r, form, dwarf64);
      else if (type == 2)         // DW_LNCT_directory_index
        e[k].dir = form_value(r, form, dwarf64);
      else
        form_value(r, form, dwarf64);
    }
  }
  if (files) {
    nm->files = e;
    nm->nfiles = n;
  } else {
    nm->dirs = arena_alloc(ctx, (n ? n : 1) * sizeof(*nm->dirs));
    for (u64 k = 0; k < n; k++)
      nm->dirs[k] = e[k].name;
    nm->ndirs = n;
  }
  return !r->bad;
}

// Versions 2 to 4: NUL-terminated lists, read twice (to count them, then
// to keep them), however many a C++ unit's headers make.
static bool read_v4_entries(struct ctx *ctx, struct rd *r, struct names *nm) {
  struct rd start = *r;
  u64 ndirs = 1, nfiles = 1;    // directory 0 is the compilation directory,
  for (;;) {                    // not in the table; files count from 1
    const char *d = cstr(r);
    if (r->bad || !*d)
      break;
    ndirs++;
  }
  for (;;) {
    const char *name = cstr(r);
    if (r->bad || !*name)
      break;
    uleb(r);
    uleb(r);
    uleb(r);
    nfiles++;
  }
  if (r->bad)
    return false;
  *r = start;
  nm->dirs = arena_alloc(ctx, ndirs * sizeof(*nm->dirs));
  nm->files = arena_alloc(ctx, nfiles * sizeof(*nm->files));
  nm->dirs[0] = "";
  for (u64 k = 1; k < ndirs; k++)
    nm->dirs[k] = cstr(r);
  cstr(r);
  nm->files[0] = (struct entry){"", 0};
  for (u64 k = 1; k < nfiles; k++) {
    nm->files[k].name = cstr(r);
    nm->files[k].dir = uleb(r);
    uleb(r);
    uleb(r);
  }
  cstr(r);
  nm->ndirs = ndirs;
  nm->nfiles = nfiles;
  return !r->bad;
}

// Skips a value of FORM in a unit of .debug_info (address size ASIZE).
static void skip_form(struct rd *r, u64 form, u32 asize, bool dwarf64,
                      u32 version) {
  u32 off = dwarf64 ? 8 : 4;
  while (form == 0x16 && !r->bad)                          // indirect
    form = uleb(r);
  switch (form) {
  case 0x01: skip(r, asize); return;                       // addr
  case 0x03: skip(r, get(r, 2)); return;                   // block2
  case 0x04: skip(r, get(r, 4)); return;                   // block4
  case 0x0a: skip(r, get(r, 1)); return;                   // block1
  case 0x09: case 0x18: skip(r, uleb(r)); return;          // block, exprloc
  case 0x0b: case 0x0c: case 0x11: case 0x25: case 0x29:   // 1 byte
    skip(r, 1); return;
  case 0x05: case 0x12: case 0x26: case 0x2a: skip(r, 2); return;
  case 0x27: case 0x2b: skip(r, 3); return;                // strx3, addrx3
  case 0x06: case 0x13: case 0x1c: case 0x28: case 0x2c:   // 4 bytes
    skip(r, 4); return;
  case 0x07: case 0x14: case 0x20: case 0x24: skip(r, 8); return;
  case 0x1e: skip(r, 16); return;                          // data16
  case 0x0d: sleb(r); return;                              // sdata
  case 0x0f: case 0x15: case 0x1a: case 0x1b: case 0x22: case 0x23:
  case 0x1f01: case 0x1f02:                                // the ulebs
    uleb(r); return;
  case 0x0e: case 0x17: case 0x1d: case 0x1f: case 0x1f20: case 0x1f21:
    skip(r, off); return;                                  // offsets
  case 0x10: skip(r, version == 2 ? asize : off); return;  // ref_addr
  case 0x08: cstr(r); return;                              // string
  case 0x19: case 0x21: return;                 // flag_present, implicit
  }
  r->bad = true;
}

// An offset into another section, as its relocation (in an object)
// or the bytes have it.
static u64 offset_value(struct line_ctx *lc, struct rd *r, u32 size) {
  u64 at = (u64)(r->p - lc->base);
  u64 v = get(r, size);
  u32 shndx;
  if (lc->rels)
    reloc_at(lc, at, &shndx, &v);
  return v;
}

// The RELA entries of section I, if any.
static void relocations_of(struct objfile *f, u32 i, struct line_ctx *lc) {
  lc->rels = NULL;
  lc->nrels = 0;
  for (u32 k = 1; k < f->shnum; k++) {
    const u8 *sh = shdr_at(f, k);
    struct rd rr;
    if (SH_TYPE(sh) == SHT_RELA && SH_INFO(sh) == i &&
        section_bytes(f, k, &rr)) {
      lc->rels = rr.p;
      lc->nrels = (u64)(rr.end - rr.p) / sizeof(Elf64_Rela);
    }
  }
}

// String STRX of the unit whose offsets start at BASE in
// .debug_str_offsets (DW_FORM_strx*), or NULL.
static const char *indexed_string(struct line_ctx *info, u64 base, u64 strx,
                                  bool dwarf64) {
  struct objfile *f = info->f;
  u32 so = find_section(f, ".debug_str_offsets");
  u32 size = dwarf64 ? 8 : 4;
  struct rd r;
  if (!so || !section_bytes(f, so, &r) || strx > UINT32_MAX ||
      base > (u64)(r.end - r.p) || strx * size > (u64)(r.end - r.p) - base)
    return NULL;
  struct line_ctx offs = *info;
  offs.base = r.p;
  relocations_of(f, so, &offs);
  r.p += base + strx * size;
  u64 off = offset_value(&offs, &r, size);
  struct rd s = info->str;
  if (r.bad || !s.p || off >= (u64)(s.end - s.p))
    return NULL;
  s.p += off;
  const char *str = cstr(&s);
  return s.bad ? NULL : str;
}

// The attribute values of the first DIE of unit U: its DW_AT_stmt_list
// and DW_AT_comp_dir (in a string form; NULL if none).
static bool unit_die(struct line_ctx *info, struct rd *u, struct rd abbrev,
                     u32 asize, bool dwarf64, u32 version, u64 *stmt,
                     const char **dir) {
  u64 code = uleb(u);
  for (;;) {                      // the abbreviation of CODE
    u64 c = uleb(&abbrev);
    if (!c || abbrev.bad)
      return false;
    uleb(&abbrev);                // tag
    skip(&abbrev, 1);             // children
    if (c == code)
      break;
    for (u64 at = 1, fm = 1; (at || fm) && !abbrev.bad;) {
      at = uleb(&abbrev);
      fm = uleb(&abbrev);
      if (fm == 0x21)
        sleb(&abbrev);
    }
  }
  bool have_stmt = false;
  u64 strx = UINT64_MAX, base = dwarf64 ? 16 : 8;
  for (;;) {
    u64 at = uleb(&abbrev), fm = uleb(&abbrev);
    if ((!at && !fm) || abbrev.bad || u->bad)
      break;
    while (fm == 0x16 && !u->bad)                          // indirect
      fm = uleb(u);
    if (fm == 0x21) {
      sleb(&abbrev);
    } else if (at == 0x10 && (fm == 0x17 || fm == 0x06 || fm == 0x07)) {
      *stmt = offset_value(info, u, fm == 0x07 || (fm == 0x17 && dwarf64)
                                        ? 8 : 4);
      have_stmt = true;
    } else if (at == 0x1b && (fm == 0x08 || fm == 0x0e || fm == 0x1f)) {
      *dir = form_string(info, u, fm, dwarf64);
    } else if (at == 0x1b && (fm == 0x1a || (fm >= 0x25 && fm <= 0x28))) {
      strx = fm == 0x1a ? uleb(u) : get(u, (u32)fm - 0x24);  // strx, 1-4
    } else if (at == 0x72 && fm == 0x17) {   // DW_AT_str_offsets_base
      base = offset_value(info, u, dwarf64 ? 8 : 4);
    } else {
      skip_form(u, fm, asize, dwarf64, version);
    }
  }
  if (!have_stmt || u->bad)
    return false;
  if (strx != UINT64_MAX)        // Clang's: through .debug_str_offsets
    *dir = indexed_string(info, base, strx, dwarf64);
  return true;
}

// The DW_AT_comp_dir of the compilation unit whose line table is at
// offset LINE_OFF of .debug_line, which bfd puts before a relative
// name (bfd's parse_comp_unit, concat_filename), or NULL.
static const char *comp_dir(struct line_ctx *lc, u64 line_off) {
  struct objfile *f = lc->f;
  u32 di = find_section(f, ".debug_info");
  u32 da = find_section(f, ".debug_abbrev");
  struct rd r, abbrev;
  if (!di || !da || !section_bytes(f, di, &r) ||
      !section_bytes(f, da, &abbrev))
    return NULL;
  struct line_ctx info = *lc;
  info.base = r.p;
  relocations_of(f, di, &info);
  while (r.p < r.end && !r.bad) {
    u64 len = get(&r, 4);
    bool dwarf64 = len == 0xffffffff;
    if (dwarf64)
      len = get(&r, 8);
    if (r.bad || len > (u64)(r.end - r.p))
      return NULL;
    struct rd u = {r.p, r.p + len, false};
    r.p += len;
    u32 version = get(&u, 2), asize, type = 1;
    u64 aoff;
    if (version < 2 || version > 5)
      continue;
    if (version >= 5) {
      type = get(&u, 1);
      asize = get(&u, 1);
      aoff = offset_value(&info, &u, dwarf64 ? 8 : 4);
    } else {
      aoff = offset_value(&info, &u, dwarf64 ? 8 : 4);
      asize = get(&u, 1);
    }
    // Full and partial units' DIEs follow the header at once, skeleton
    // and split ones' after a DWO id; type units are not compiled ones.
    if (type == 4 || type == 5)
      skip(&u, 8);
    if (u.bad || (type != 1 && type != 3 && type != 4 && type != 5) ||
        aoff >= (u64)(abbrev.end - abbrev.p))
      continue;
    struct rd a = {abbrev.p + aoff, abbrev.end, false};
    u64 stmt;
    const char *dir = NULL;
    if (unit_die(&info, &u, a, asize, dwarf64, version, &stmt, &dir) &&
        stmt == line_off) {
      // "host:/dir" from some producers: bfd keeps what follows ':'
      // when ':' comes after '.' and before '/'.
      const char *cp = dir ? strchr(dir, ':') : NULL;
      if (cp && cp != dir && cp[-1] == '.' && cp[1] == '/')
        dir = cp + 1;
      return dir && dir[0] ? dir : NULL;
    }
  }
  return NULL;
}

// The path of FILE as bfd's concat_filename makes it: a relative name
// after its directory, a relative directory after the unit's
// compilation directory.  Before DWARF 5, directory 0 is none.
static const char *file_path(struct ctx *ctx, struct line_ctx *lc,
                             struct names *nm, u64 file, bool v5,
                             u64 line_off) {
  if (file >= nm->nfiles)
    return NULL;
  const char *name = nm->files[file].name;
  u64 dir = nm->files[file].dir;
  if (name[0] == '/')
    return name;
  const char *subdir = (v5 || dir) && dir < nm->ndirs ? nm->dirs[dir] : NULL;
  const char *dir_name = NULL;
  if (!subdir || subdir[0] != '/')
    dir_name = comp_dir(lc, line_off);
  if (!dir_name) {
    dir_name = subdir;
    subdir = NULL;
  }
  if (!dir_name)
    return name;
  return subdir ? arena_printf(ctx, "%s/%s/%s", dir_name, subdir, name)
                : arena_printf(ctx, "%s/%s", dir_name, name);
}

struct row {
  u32 shndx;
  u64 addr, file, line;
  bool valid;
};

// Runs one unit's line program; true and *FILE, *LINE when a row covers
// offset OFF of section SHNDX.
static bool run_unit(struct ctx *ctx, struct line_ctx *lc, struct rd *r,
                     u32 shndx, u64 off, const char **file, u64 *line) {
  u64 unit_off = (u64)(r->p - lc->base);
  u64 len = get(r, 4);
  bool dwarf64 = len == 0xffffffff;
  if (dwarf64)
    len = get(r, 8);
  if (r->bad || len > (u64)(r->end - r->p))
    return false;
  struct rd u = {r->p, r->p + len, false};
  r->p += len;
  u32 version = get(&u, 2);
  if (version < 2 || version > 5)
    return false;
  if (version >= 5)
    skip(&u, 2);                  // address_size, segment_selector_size
  u64 hlen = get(&u, dwarf64 ? 8 : 4);
  if (u.bad || hlen > (u64)(u.end - u.p))
    return false;
  const u8 *program = u.p + hlen;
  u32 min_inst = get(&u, 1);
  if (version >= 4)
    get(&u, 1);                   // maximum_operations_per_instruction
  bool default_stmt = get(&u, 1);
  (void)default_stmt;
  i32 line_base = (i8)get(&u, 1);
  u32 line_range = get(&u, 1);
  u32 opcode_base = get(&u, 1);
  u8 lengths[256];
  for (u32 i = 1; i < opcode_base; i++)
    lengths[i] = get(&u, 1);
  if (u.bad || !line_range || !opcode_base)
    return false;
  struct names nm = {0};
  bool ok = version >= 5
                ? read_v5_entries(ctx, lc, &u, dwarf64, false, &nm) &&
                      read_v5_entries(ctx, lc, &u, dwarf64, true, &nm)
                : read_v4_entries(ctx, &u, &nm);
  if (!ok)
    return false;
  u.p = program;

  // Each sequence starts with file 1, in DWARF 5 with file 0 (bfd's
  // decode_line_info, whatever the standard's default).
  u64 file0 = version >= 5 ? 0 : 1;
  struct row cur = {0, 0, file0, 1, false}, prev = {0};
  for (;;) {
    bool emit = false, end = false;
    if (u.p >= u.end)
      return false;
    u32 op = get(&u, 1);
    if (op >= opcode_base) {
      u32 adj = op - opcode_base;
      cur.addr += (u64)(adj / line_range) * min_inst;
      cur.line += line_base + (i32)(adj % line_range);
      emit = true;
    } else if (op == 0) {         // extended
      u64 n = uleb(&u);
      const u8 *next = u.p + n;
      if (u.bad || n > (u64)(u.end - u.p) || !n)
        return false;
      u32 sub = get(&u, 1);
      if (sub == 1) {             // DW_LNE_end_sequence
        emit = end = true;
      } else if (sub == 2) {      // DW_LNE_set_address
        u64 at = (u64)(u.p - lc->base);
        u64 v = get(&u, n - 1 < 8 ? n - 1 : 8);
        u32 sec = 0;
        if (lc->rels && reloc_at(lc, at, &sec, &v))
          cur.shndx = sec;
        else
          cur.shndx = 0;
        cur.addr = v;
      }
      u.p = next;
    } else {
      switch (op) {
      case 1: emit = true; break;                          // copy
      case 2: cur.addr += uleb(&u) * min_inst; break;      // advance_pc
      case 3: cur.line += sleb(&u); break;                 // advance_line
      case 4: cur.file = uleb(&u); break;                  // set_file
      case 8:                                              // const_add_pc
        cur.addr += (u64)((255 - opcode_base) / line_range) * min_inst;
        break;
      case 9: cur.addr += get(&u, 2); break;               // fixed_advance_pc
      default:
        for (u32 i = 0; i < lengths[op]; i++)
          uleb(&u);
      }
    }
    if (u.bad)
      return false;
    if (emit) {
      if (prev.valid && prev.shndx == shndx && prev.addr <= off &&
          off < cur.addr && cur.shndx == prev.shndx) {
        *file = file_path(ctx, lc, &nm, prev.file, version >= 5, unit_off);
        *line = prev.line;
        return *file != NULL;
      }
      prev = cur;
      prev.valid = !end;
      if (end) {
        cur = (struct row){0, 0, file0, 1, false};
        if (u.p >= u.end)
          return false;
      }
    }
  }
}

const char *source_line(struct ctx *ctx, struct objfile *f, u32 shndx,
                        u64 off) {
  if (!f || !f->shdrs)
    return NULL;
  u32 dl = find_section(f, ".debug_line");
  struct line_ctx lc = {f, NULL, NULL, 0, {0}, {0}};
  struct rd r;
  if (!dl || !section_bytes(f, dl, &r))
    return NULL;
  lc.base = r.p;
  relocations_of(f, dl, &lc);
  u32 ls = find_section(f, ".debug_line_str");
  if (ls)
    section_bytes(f, ls, &lc.line_str);
  u32 st = find_section(f, ".debug_str");
  if (st)
    section_bytes(f, st, &lc.str);
  while (r.p < r.end && !r.bad) {
    const char *file;
    u64 line;
    if (run_unit(ctx, &lc, &r, shndx, off, &file, &line))
      return arena_printf(ctx, "%s:%llu", file, (unsigned long long)line);
  }
  return NULL;
}
