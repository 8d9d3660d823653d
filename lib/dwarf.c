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

static const char *file_path(struct ctx *ctx, struct names *nm, u64 file) {
  if (file >= nm->nfiles)
    return NULL;
  const char *name = nm->files[file].name;
  u64 dir = nm->files[file].dir;
  if (name[0] == '/' || dir >= nm->ndirs || !nm->dirs[dir][0])
    return name;
  return arena_printf(ctx, "%s/%s", nm->dirs[dir], name);
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

  struct row cur = {0, 0, 1, 1, false}, prev = {0};
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
        *file = file_path(ctx, &nm, prev.file);
        *line = prev.line;
        return *file != NULL;
      }
      prev = cur;
      prev.valid = !end;
      if (end) {
        cur = (struct row){0, 0, 1, 1, false};
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
  for (u32 i = 1; i < f->shnum; i++) {
    const u8 *sh = shdr_at(f, i);
    struct rd rr;
    if (SH_TYPE(sh) == SHT_RELA && SH_INFO(sh) == dl &&
        section_bytes(f, i, &rr)) {
      lc.rels = rr.p;
      lc.nrels = (u64)(rr.end - rr.p) / sizeof(Elf64_Rela);
    }
  }
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
