// archive.c: `ar` archives, regular and thin.
//
// The symbol index ("/" with 32-bit offsets, "/SYM64/" with 64-bit ones)
// is read in place from the mapping; resolve_symbols() walks it to decide
// which members to extract.  A member becomes an objfile only when it is
// extracted (or listed under --whole-archive), and each member offset maps
// to at most one objfile.  Thin archive members are separate files, mapped
// through map_file() like any other input.

#include "mld.h"

#include <stdlib.h>

enum { AR_HDR = 60 };

// Parses a decimal field of an ar header; false if it is not a number.
static bool ar_num(const u8 *p, u32 width, u64 *out) {
  u64 v = 0;
  u32 i = 0;
  while (i < width && p[i] == ' ')
    i++;
  if (i == width || p[i] < '0' || p[i] > '9')
    return false;
  for (; i < width && p[i] >= '0' && p[i] <= '9'; i++) {
    if (v > (UINT64_MAX - 9) / 10)
      return false;
    v = v * 10 + (p[i] - '0');
  }
  for (; i < width; i++)
    if (p[i] != ' ')
      return false;
  *out = v;
  return true;
}

// Reads the member header at off: its size and where its data starts.
static bool member_header(struct ctx *ctx, struct archive *ar, u64 off,
                          u64 *size) {
  const u8 *d = ar->map->data;
  u64 n = ar->map->size;
  if (off > n || n - off < AR_HDR) {
    error(ctx, "%s: malformed archive: member header at offset %llu is "
          "past the end of the file", ar->name, (unsigned long long)off);
    return false;
  }
  const u8 *h = d + off;
  if (h[58] != '`' || h[59] != '\n' || !ar_num(h + 48, 10, size)) {
    error(ctx, "%s: malformed archive: bad member header at offset %llu",
          ar->name, (unsigned long long)off);
    return false;
  }
  return true;
}

// "/N" names the string at offset N of the long-name table.  GNU ar 2.40
// leaves a '/' in the field's last byte when a thin archive member's
// path has 15 characters; GNU ld and lld read the number all the same.
static bool long_name_offset(const u8 *h, u64 *off) {
  u8 field[15];
  memcpy(field, h + 1, 15);
  if (field[14] == '/')
    field[14] = ' ';
  return ar_num(field, 15, off);
}

// The member's name, for messages and thin archive paths.
static const char *member_name(struct ctx *ctx, struct archive *ar,
                               const u8 *h) {
  if (h[0] == '/' && h[1] >= '0' && h[1] <= '9') {
    u64 off;
    if (!long_name_offset(h, &off) || !ar->longnames ||
        off >= ar->longnames_size) {
      error(ctx, "%s: malformed archive: bad long member name offset",
            ar->name);
      return NULL;
    }
    const char *s = ar->longnames + off;
    u64 max = ar->longnames_size - off, len = 0;
    while (len < max && s[len] != '\n' && s[len] != 0)
      len++;
    if (len && s[len - 1] == '/')
      len--;
    return arena_strndup(ctx, s, len);
  }
  u32 len = 0;
  while (len < 16 && h[len] != '/' && h[len] != ' ')
    len++;
  return arena_strndup(ctx, (const char *)h, len);
}

struct archive *open_archive(struct ctx *ctx, struct mapping *map) {
  struct archive *ar = arena_alloc(ctx, sizeof(*ar));
  ar->map = map;
  ar->name = map->path;
  ar->thin = !memcmp(map->data, "!<thin>\n", 8);
  ar->cache_mask = 63;
  ar->cache_keys = arena_alloc(ctx, 64 * sizeof(u64));
  ar->cache_vals = arena_alloc(ctx, 64 * sizeof(void *));

  // The index and the long-name table are the first members, if present.
  u64 off = 8;
  for (int k = 0; k < 3 && off < map->size; k++) {
    u64 size;
    if (!member_header(ctx, ar, off, &size))
      return NULL;
    const u8 *h = map->data + off;
    const u8 *body = h + AR_HDR;
    if (h[0] != '/' || (h[1] != ' ' && h[1] != '/' && h[1] != 'S'))
      break;
    if (size > map->size - off - AR_HDR) {
      error(ctx, "%s: malformed archive: member at offset %llu extends "
            "past the end of the file", ar->name, (unsigned long long)off);
      return NULL;
    }
    if (!memcmp(h, "/               ", 16) || !memcmp(h, "/SYM64/         ",
                                                    16)) {
      u32 w = h[1] == 'S' ? 8 : 4;
      if (size < w) {
        error(ctx, "%s: malformed archive: truncated symbol index",
              ar->name);
        return NULL;
      }
      u64 count = 0;
      for (u32 i = 0; i < w; i++)
        count = count << 8 | body[i];
      if (count > (size - w) / w) {
        error(ctx, "%s: malformed archive: symbol index claims %llu "
              "entries in %llu bytes", ar->name, (unsigned long long)count,
              (unsigned long long)size);
        return NULL;
      }
      ar->nsyms = count;
      ar->offset_size = w;
      ar->offsets = body + w;
      ar->names = (const char *)body + w + count * w;
      ar->names_size = size - w - count * w;
      // Every name must be terminated inside the index.
      u64 pos = 0;
      for (u64 i = 0; i < count; i++) {
        const char *nul = memchr(ar->names + pos, 0, ar->names_size - pos);
        if (!nul) {
          error(ctx, "%s: malformed archive: symbol index names are not "
                "terminated", ar->name);
          return NULL;
        }
        pos = nul - ar->names + 1;
      }
    } else if (!memcmp(h, "//              ", 16)) {
      ar->longnames = (const char *)body;
      ar->longnames_size = size;
    } else {
      break;
    }
    off += AR_HDR + size + (size & 1);
  }
  return ar;
}

u64 archive_index_offset(struct archive *ar, u32 i) {
  const u8 *p = ar->offsets + (u64)i * ar->offset_size;
  u64 v = 0;
  for (u32 k = 0; k < ar->offset_size; k++)
    v = v << 8 | p[k];
  return v;
}

// Whether index name Q is the symbol named by the key NAME (LEN bytes):
// NAME@@VERSION is NAME's default version (sym_key_len).
static bool same_key(struct ctx *ctx, const char *q, const char *name,
                     u32 len) {
  return !strncmp(q, name, len) &&
         (!q[len] || sym_key_len(ctx, q, strlen(q)) == len);
}

// The index by name, made the first time a scan looks names up in an
// archive whose entries have no symbols yet (entry_syms): each entry's
// name, and for each name a chain of its entries, last first.
// A slot for KEY (an offset, an address) in a table of a power of two.
static u64 slot_hash(u64 key) {
  return key * 0x9e3779b97f4a7c15ULL >> 32;
}

// The index's chains of entries, empty: a head per slot of a table at
// most half full, a link per entry.  Returns the table's size.
static u64 alloc_chains(struct ctx *ctx, struct archive *ar) {
  u64 cap = 16;
  while (cap < (u64)ar->nsyms * 2)
    cap *= 2;
  ar->name_next = arena_alloc(ctx, (u64)ar->nsyms * sizeof(u32));
  ar->name_head = arena_alloc(ctx, cap * sizeof(u32));
  ar->name_mask = cap - 1;
  return cap;
}

static void index_names(struct ctx *ctx, struct archive *ar) {
  u32 n = ar->nsyms;
  alloc_chains(ctx, ar);
  ar->name_off = arena_alloc(ctx, (u64)n * sizeof(u32));
  const char *p = ar->names;
  for (u32 k = 0; k < n; k++) {
    u32 full = strlen(p), len = sym_key_len(ctx, p, full);
    ar->name_off[k] = p - ar->names;
    u64 j = hash_name(p, len) & ar->name_mask;
    for (; ar->name_head[j]; j = (j + 1) & ar->name_mask) {
      const char *q = ar->names + ar->name_off[ar->name_head[j] - 1];
      if (same_key(ctx, q, p, len))
        break;
    }
    ar->name_next[k] = ar->name_head[j];
    ar->name_head[j] = k + 1;
    p += full + 1;
  }
}

// The index by symbol, once intern.c has given every entry its symbol
// (entry_syms): for each symbol a chain of its entries, last first, by
// the symbol's address, so that no name is hashed or compared again.
void archive_index_symbols(struct ctx *ctx, struct archive *ar) {
  ar->sym_keys = arena_alloc(ctx, alloc_chains(ctx, ar) *
                                      sizeof(struct symbol *));
  for (u32 k = 0; k < ar->nsyms; k++) {
    struct symbol *sym = ar->entry_syms[k];
    u64 j = slot_hash((uintptr_t)sym) & ar->name_mask;
    while (ar->sym_keys[j] && ar->sym_keys[j] != sym)
      j = (j + 1) & ar->name_mask;
    ar->sym_keys[j] = sym;
    ar->name_next[k] = ar->name_head[j];
    ar->name_head[j] = k + 1;
  }
}

// The index entries naming SYM: the last, then each one before it
// through archive_entry_before; 0 ends the chain, k + 1 is entry k.
u32 archive_last_entry(struct ctx *ctx, struct archive *ar,
                       const struct symbol *sym) {
  if (ar->entry_syms) {
    for (u64 j = slot_hash((uintptr_t)sym) & ar->name_mask; ar->sym_keys[j];
         j = (j + 1) & ar->name_mask)
      if (ar->sym_keys[j] == sym)
        return ar->name_head[j];
    return 0;
  }
  if (!ar->name_off)
    index_names(ctx, ar);
  for (u64 j = hash_name(sym->name, sym->namelen) & ar->name_mask;
       ar->name_head[j]; j = (j + 1) & ar->name_mask) {
    const char *q = ar->names + ar->name_off[ar->name_head[j] - 1];
    if (same_key(ctx, q, sym->name, sym->namelen))
      return ar->name_head[j];
  }
  return 0;
}

u32 archive_entry_before(struct archive *ar, u32 k) {
  return ar->name_next[k];
}

// Entry k's name, in an archive indexed by name (archive_last_entry).
const char *archive_entry_name(struct archive *ar, u32 k) {
  return ar->names + ar->name_off[k];
}

// The bytes of the first regular member (GNU ld checks a searched
// archive's target on it); NULL for a thin archive or if there is none.
// Reports nothing: a malformed archive is diagnosed when it is read.
const u8 *archive_first_member(const struct mapping *m, u64 *size) {
  bool thin = m->size >= 8 && !memcmp(m->data, "!<thin>\n", 8);
  u64 off = 8;
  while (!thin && m->size >= AR_HDR && off <= m->size - AR_HDR) {
    const u8 *h = m->data + off;
    u64 n;
    if (!ar_num(h + 48, 10, &n) || n > m->size - off - AR_HDR)
      return NULL;
    bool special = h[0] == '/' && (h[1] == ' ' || h[1] == '/' ||
                                   h[1] == 'S');
    if (!special) {
      *size = n;
      return h + AR_HDR;
    }
    off += AR_HDR + n + (n & 1);
  }
  return NULL;
}

static struct objfile **cache_slot(struct ctx *ctx, struct archive *ar,
                                   u64 off) {
  if ((ar->cache_count + 1) * 2 > ar->cache_mask) {
    u32 cap = (ar->cache_mask + 1) * 2;
    u64 *keys = arena_alloc(ctx, cap * sizeof(u64));
    struct objfile **vals = arena_alloc(ctx, cap * sizeof(void *));
    for (u32 i = 0; i <= ar->cache_mask; i++) {
      if (!ar->cache_keys[i])
        continue;
      u32 j = slot_hash(ar->cache_keys[i]) & (cap - 1);
      while (keys[j])
        j = (j + 1) & (cap - 1);
      keys[j] = ar->cache_keys[i];
      vals[j] = ar->cache_vals[i];
    }
    ar->cache_keys = keys;
    ar->cache_vals = vals;
    ar->cache_mask = cap - 1;
  }
  u32 j = slot_hash(off + 1) & ar->cache_mask;
  while (ar->cache_keys[j] && ar->cache_keys[j] != off + 1)
    j = (j + 1) & ar->cache_mask;
  if (!ar->cache_keys[j]) {
    ar->cache_keys[j] = off + 1;
    ar->cache_count++;
  }
  return &ar->cache_vals[j];
}

// The objfile for the member whose header is at off, created on first use.
// NULL (with an error reported) if the member is malformed.
struct objfile *archive_member(struct ctx *ctx, struct archive *ar, u64 off) {
  struct objfile **slot = cache_slot(ctx, ar, off);
  if (*slot)
    return *slot;
  u64 size;
  if (!member_header(ctx, ar, off, &size))
    return NULL;
  const u8 *h = ar->map->data + off;
  const char *mname = member_name(ctx, ar, h);
  if (!mname)
    return NULL;
  const u8 *data;
  const char *mapped_path = NULL;
  if (ar->thin) {
    const char *path = mname;
    if (mname[0] != '/') {
      const char *slash = strrchr(ar->name, '/');
      if (slash)
        path = arena_printf(ctx, "%.*s/%s", (int)(slash - ar->name),
                            ar->name, mname);
    }
    struct mapping *m = map_file(ctx, path, true);
    if (!m)
      return NULL;
    data = m->data;
    size = m->size;
    mapped_path = m->path;
  } else {
    if (size > ar->map->size - off - AR_HDR) {
      error(ctx, "%s(%s): malformed archive: member extends past the end "
            "of the file", ar->name, mname);
      return NULL;
    }
    data = h + AR_HDR;
  }
  struct objfile *f = new_objfile(
      ctx, arena_printf(ctx, "%s(%s)", ar->name, mname), data, size);
  // GNU ld matches a member's file patterns by member, then archive name.
  f->crt = crt_kind(mname);
  if (f->crt == CRT_NONE)
    f->crt = crt_kind(ar->name);
  if (!parse_object(ctx, f))
    return NULL;
  if (!lto_offer(ctx, f, ar->thin ? mapped_path : ar->map->path,
                 ar->thin ? 0 : (u64)(data - ar->map->data)))
    return NULL;
  *slot = f;
  return f;
}

// A member whose extraction looks likely, brought into memory on a
// helper thread while resolution works its way to it (warm_ahead; see
// warm_object).  A thin archive's members are not mapped yet.
void archive_warm_member(const struct archive *ar, u64 off) {
  const struct mapping *m = ar->map;
  if (!ar->thin && off <= m->size && m->size - off >= AR_HDR)
    warm_object(m->data + off + AR_HDR, m->size - off - AR_HDR);
}

// Calls fn for every object member, in archive order (--whole-archive).
void archive_all_members(struct ctx *ctx, struct archive *ar,
                         void (*fn)(struct ctx *, struct objfile *)) {
  u64 off = 8;
  const struct mapping *m = ar->map;
  while (off < m->size) {
    if (m->size - off == 1 && m->data[off] == '\n')
      break;
    u64 size;
    if (!member_header(ctx, ar, off, &size))
      return;
    const u8 *h = m->data + off;
    bool special = h[0] == '/' && (h[1] == ' ' || h[1] == '/' ||
                                   h[1] == 'S');
    if (!special) {
      struct objfile *f = archive_member(ctx, ar, off);
      if (f)
        fn(ctx, f);
    }
    u64 step = AR_HDR + (ar->thin && !special ? 0 : size + (size & 1));
    if (step > m->size - off)
      break;
    off += step;
  }
}
