#!/usr/bin/env python3
"""Malformed-input corpus for mld.

Builds valid inputs at test time (a small object with code, data, TLS,
relocations and .eh_frame, and an archive holding it), derives broken
variants by patching one field each, links every variant with mld, and
checks that mld fails cleanly: exit status 1, a first stderr line that
starts with "mld: error:" and names the problem, no crash, no hang, no
output file.

usage: corpus.py MLD WORKDIR [--list] [--keep-inputs DIR]
"""
import os
import struct
import subprocess
import sys

MLD, WORK = sys.argv[1], sys.argv[2]
os.makedirs(WORK, exist_ok=True)
os.chdir(WORK)

SRC = r'''
#include <stdio.h>
__thread int tls_var = 3;
int data_var = 5;
static const char *msg = "hello";
int helper(int x) { return x + data_var + tls_var; }
int main(void) { printf("%s %d\n", msg, helper(1)); return 0; }
'''
with open("good.c", "w") as f:
    f.write(SRC)
subprocess.run(["gcc", "-c", "-O1", "-o", "good.o", "good.c"], check=True)
GOOD = open("good.o", "rb").read()


class Elf:
    """Just enough of an ELF64 relocatable object to find fields."""

    def __init__(self, data):
        self.d = data
        (self.shoff,) = struct.unpack_from("<Q", data, 0x28)
        self.shnum, self.shstrndx = struct.unpack_from("<HH", data, 0x3C)
        self.sh = []
        for i in range(self.shnum):
            o = self.shoff + 64 * i
            name, typ, flags, addr, off, size, link, info, align, ent = \
                struct.unpack_from("<IIQQQQIIQQ", data, o)
            self.sh.append(dict(i=i, hdr=o, name=name, type=typ, off=off,
                                size=size, link=link, info=info,
                                align=align, ent=ent))
        strtab = self.sh[self.shstrndx]
        for s in self.sh:
            n = data[strtab["off"] + s["name"]:]
            s["sname"] = n[:n.index(b"\0")].decode()

    def sec(self, name):
        return next(s for s in self.sh if s["sname"] == name)

    def typ(self, t):
        return next(s for s in self.sh if s["type"] == t)


E = Elf(GOOD)
SYMTAB = E.typ(2)
TEXT_RELA = E.sec(".rela.text")
EH = E.sec(".eh_frame")
EH_RELA = E.sec(".rela.eh_frame")
NSYMS = SYMTAB["size"] // 24


def patch(data, off, fmt, val):
    b = bytearray(data)
    struct.pack_into(fmt, b, off, val)
    return bytes(b)


def sh_field(idx, field):
    offs = dict(name=0, type=4, flags=8, addr=16, offset=24, size=32,
                link=40, info=44, align=48, entsize=56)
    fmt = "<I" if field in ("name", "type", "link", "info") else "<Q"
    return E.shoff + 64 * idx + offs[field], fmt


def set_sh(idx, field, val, data=GOOD):
    off, fmt = sh_field(idx, field)
    return patch(data, off, fmt, val)


def global_sym_index(name):
    st = E.sh[SYMTAB["link"]]
    for i in range(NSYMS):
        nm, = struct.unpack_from("<I", GOOD, SYMTAB["off"] + 24 * i)
        n = GOOD[st["off"] + nm:]
        if n[:n.index(b"\0")] == name:
            return i
    raise KeyError(name)


def sym_field(i, off, fmt, val):
    return patch(GOOD, SYMTAB["off"] + 24 * i + off, fmt, val)


def rela(sec, i, off, fmt, val):
    return patch(GOOD, sec["off"] + 24 * i + off, fmt, val)


def ar_archive(members, symtab=True, **bad):
    """Builds a GNU archive by hand; bad= breaks one piece of it."""
    out = b"!<arch>\n"

    def hdr(name, size, fmag=b"`\n", size_field=None):
        sf = size_field if size_field is not None else str(size).encode()
        return (name.ljust(16) + b"0".ljust(12) + b"0".ljust(6) +
                b"0".ljust(6) + b"644".ljust(8) + sf.ljust(10) + fmag)
    bodies = []
    longnames = b""
    names = []
    for name, data in members:
        if len(name) > 15:
            names.append(b"/" + str(len(longnames)).encode())
            longnames += name + b"/\n"
        else:
            names.append(name + b"/")
    syms = [b"main", b"helper"]
    count = bad.get("count", len(syms))
    index_len = 4 + 4 * len(syms) + sum(len(s) + 1 for s in syms)
    first = 8 + (60 + index_len + (index_len & 1) if symtab else 0)
    if longnames:
        first += 60 + len(longnames) + (len(longnames) & 1)
    member_off = bad.get("member_off", first)
    if symtab:
        idx = struct.pack(">I", count)
        for _ in syms:
            idx += struct.pack(">I", member_off)
        idx += b"".join(s + b"\0" for s in syms)
        if bad.get("unterminated_names"):
            idx = idx[:-1] + b"x"
        out += hdr(b"/", len(idx)) + idx + (b"\n" if len(idx) & 1 else b"")
    if longnames:
        out += hdr(b"//", len(longnames)) + longnames
        if len(longnames) & 1:
            out += b"\n"
    for n, (name, data) in zip(names, members):
        if bad.get("longname_off") is not None and n.startswith(b"/"):
            n = b"/" + str(bad["longname_off"]).encode()
        size_field = bad.get("size_field")
        fmag = bad.get("fmag", b"`\n")
        out += hdr(n, len(data), fmag, size_field) + data
        if len(data) & 1:
            out += b"\n"
    if bad.get("truncate"):
        out = out[:bad["truncate"]]
    return out


TEXT = E.sec(".text")
SH_TEXT = TEXT["i"]
MAIN = global_sym_index(b"main")

cases = [
    # (name, bytes, expected substring in the first error line, is_archive)
    ("just the magic", b"\x7fELF", "too short", False),
    ("32-bit class", patch(GOOD, 4, "<B", 1), "ELF class", False),
    ("big-endian", patch(GOOD, 5, "<B", 2), "big-endian", False),
    ("bad class value", patch(GOOD, 4, "<B", 9), "ELF class", False),
    ("shared object", patch(GOOD, 0x10, "<H", 3), "dynamic object", False),
    ("executable type", patch(GOOD, 0x10, "<H", 2), "not a relocatable", False),
    ("unknown machine", patch(GOOD, 0x12, "<H", 0x1234), "architecture", False),
    ("i386 machine", patch(GOOD, 0x12, "<H", 3), "i386", False),
    ("bad version", patch(GOOD, 0x14, "<I", 7), "version", False),
    ("no section headers", patch(GOOD, 0x28, "<Q", 0), "section header", False),
    ("shentsize 40", patch(GOOD, 0x3A, "<H", 40), "e_shentsize", False),
    ("shoff past end", patch(GOOD, 0x28, "<Q", len(GOOD) + 100), "past the end", False),
    ("shoff overflows", patch(GOOD, 0x28, "<Q", 2**64 - 8), "past the end", False),
    ("shnum too large", patch(GOOD, 0x3C, "<H", 0xFF00), "does not fit", False),
    ("extended shnum too large",
     patch(set_sh(0, "size", 10**9), 0x3C, "<H", 0), "does not fit", False),
    ("shstrndx out of range", patch(GOOD, 0x3E, "<H", E.shnum + 5), "string table index", False),
    ("shstrndx not a strtab", patch(GOOD, 0x3E, "<H", SH_TEXT), "string table index", False),
    ("section offset past end", set_sh(SH_TEXT, "offset", len(GOOD) + 16), "past the end", False),
    ("section size overflows", set_sh(SH_TEXT, "size", 2**64 - 4), "past the end", False),
    ("alignment not a power of two", set_sh(SH_TEXT, "align", 12), "power of two", False),
    ("alignment too large", set_sh(SH_TEXT, "align", 2**40), "too large", False),
    ("section name out of range", set_sh(SH_TEXT, "name", 10**6), "name offset", False),
    ("shstrtab unterminated",
     patch(GOOD, E.sh[E.shstrndx]["off"] + E.sh[E.shstrndx]["size"] - 1, "<B", 0x41),
     "not NUL-terminated", False),
    ("two symbol tables", set_sh(E.sec(".strtab")["i"], "type", 2), "more than one symbol table", False),
    ("symtab entsize", set_sh(SYMTAB["i"], "entsize", 16), "entry size", False),
    ("symtab size not a multiple", set_sh(SYMTAB["i"], "size", SYMTAB["size"] - 5), "entry size", False),
    ("symtab sh_info past end", set_sh(SYMTAB["i"], "info", NSYMS + 3), "sh_info", False),
    ("symtab link to non-strtab", set_sh(SYMTAB["i"], "link", SH_TEXT), "string table", False),
    ("symtab link out of range", set_sh(SYMTAB["i"], "link", 999), "string table", False),
    ("strtab unterminated",
     patch(GOOD, E.sh[SYMTAB["link"]]["off"] + E.sh[SYMTAB["link"]]["size"] - 1, "<B", 0x41),
     "not NUL-terminated", False),
    ("symbol name out of range", sym_field(MAIN, 0, "<I", 10**7), "name offset", False),
    ("symbol section out of range", sym_field(MAIN, 6, "<H", 0xFEF0), "bad section index", False),
    ("local after globals", sym_field(MAIN, 4, "<B", 0x02), "local symbol", False),
    ("common with bad alignment",
     patch(sym_field(MAIN, 6, "<H", 0xFFF2), SYMTAB["off"] + 24 * MAIN + 8, "<Q", 12),
     "alignment", False),
    ("rela entsize", set_sh(TEXT_RELA["i"], "entsize", 16), "relocation entry size", False),
    ("rela target out of range", set_sh(TEXT_RELA["i"], "info", 999), "relocated section index", False),
    ("rel instead of rela", set_sh(TEXT_RELA["i"], "type", 9), "SHT_REL", False),
    ("relocation symbol out of range", rela(TEXT_RELA, 0, 8, "<Q", (10**6 << 32) | 2), "symbol index", False),
    ("relocation offset past section", rela(TEXT_RELA, 0, 0, "<Q", 2**40), "outside the section", False),
    ("relocation offset at the end", rela(TEXT_RELA, 0, 0, "<Q", TEXT["size"] - 2), "outside the section", False),
    ("unknown relocation type", rela(TEXT_RELA, 0, 8, "<Q", (struct.unpack_from("<Q", GOOD, TEXT_RELA["off"] + 8)[0] & ~0xFFFFFFFF) | 250), "relocation", False),
    ("dynamic relocation type in object", rela(TEXT_RELA, 0, 8, "<Q", (struct.unpack_from("<Q", GOOD, TEXT_RELA["off"] + 8)[0] & ~0xFFFFFFFF) | 6), "relocation", False),
    ("eh_frame record too long", patch(GOOD, EH["off"], "<I", 0x7FFFFFF0), ".eh_frame", False),
    ("eh_frame 64-bit record", patch(GOOD, EH["off"], "<I", 0xFFFFFFFF), ".eh_frame", False),
    ("eh_frame CIE pointer before section",
     patch(GOOD, EH["off"] + struct.unpack_from("<I", GOOD, EH["off"])[0] + 8, "<I", 0x7FFFFFFF),
     ".eh_frame", False),
    ("eh_frame relocation past end", rela(EH_RELA, 0, 0, "<Q", EH["size"] + 64), ".eh_frame", False),
    ("archive: index count too large", ar_archive([(b"good.o", GOOD)], count=10**6), "symbol index", True),
    ("archive: index names unterminated", ar_archive([(b"good.o", GOOD)], unterminated_names=True), "not terminated", True),
    ("archive: member offset past end", ar_archive([(b"good.o", GOOD)], member_off=10**8), "past the end", True),
    ("archive: bad fmag", ar_archive([(b"good.o", GOOD)], fmag=b"xx"), "bad member header", True),
    ("archive: size not a number", ar_archive([(b"good.o", GOOD)], size_field=b"12x4"), "bad member header", True),
    ("archive: member size past end", ar_archive([(b"good.o", GOOD)], size_field=b"99999999"), "past the end", True),
    ("archive: long name offset out of range",
     ar_archive([(b"a_very_long_member_name.o", GOOD)], longname_off=5000), "long member name", True),
    ("archive: truncated member",
     ar_archive([(b"good.o", GOOD)], truncate=len(ar_archive([(b"good.o", GOOD)])) - 100), "", True),
    ("archive: member not ELF", ar_archive([(b"good.o", b"this is not an object\n" * 4)]), "", True),
]

# An object without undefined references, so the link reaches layout.
with open("noref.c", "w") as f:
    f.write("static char big[64];\nint main(void) { return big[3]; }\n")
subprocess.run(["gcc", "-c", "-O0", "-o", "noref.o", "noref.c"], check=True)
NOREF = open("noref.o", "rb").read()
N = Elf(NOREF)
bss = next(x for x in N.sh if x["sname"] == ".bss")
off = N.shoff + 64 * bss["i"] + 32
# 2^62 bytes is GNU ld's to link (a segment of that size); one that wraps
# the address space is an error ("section .bss VMA wraps around").
cases.append(("huge .bss size", patch(NOREF, off, "<Q", 2**64 - 2**20), "too large", False))

if "--list" in sys.argv:
    for c in cases:
        print(c[0])
    sys.exit(0)

passed = failed = 0
for name, data, expect, is_ar in cases:
    fname = "bad.a" if is_ar else "bad.o"
    with open(fname, "wb") as f:
        f.write(data)
    if os.path.exists("out"):
        os.unlink("out")
    args = [MLD, "-static", "-o", "out", "-e", "main"]
    args += ["-u", "main", fname] if is_ar else [fname]
    try:
        p = subprocess.run(args, capture_output=True, timeout=20)
        rc, err = p.returncode, p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        rc, err = "timeout", ""
    first = err.splitlines()[0] if err.strip() else ""
    problems = []
    if rc != 1:
        problems.append(f"exit status {rc} (want 1)")
    if not first.startswith("mld: error:"):
        problems.append(f"first line {first!r} does not start with 'mld: error:'")
    elif fname not in first:
        problems.append(f"first line does not name {fname}: {first!r}")
    if expect and expect.lower() not in err.lower():
        problems.append(f"stderr lacks {expect!r}: {err.strip()[:300]!r}")
    if "Sanitizer" in err or "runtime error" in err:
        problems.append("sanitizer report: " + err[:400])
    if os.path.exists("out"):
        problems.append("an output file was written")
    if problems:
        failed += 1
        print(f"FAIL {name}: " + "; ".join(problems))
    else:
        passed += 1
        print(f"ok   {name}: {first}")
print(f"{passed} passed, {failed} failed ({len(cases)} malformed inputs)")
sys.exit(1 if failed else 0)
