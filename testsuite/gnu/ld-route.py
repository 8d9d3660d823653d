#!/usr/bin/env python3
# ld-route: the "ld-new" of GNU ld's test suite when it runs against mld.
#
# Every invocation is classified from its own command line, once, here:
# a link is in mld's scope when it makes static ELF64 output for the
# target (an executable, -r, a PIE with no shared input, -T scripts,
# -b binary inputs, --oformat binary).  It is out of scope when it makes
# or reads a shared object (-shared, an ELF ET_DYN input, a .so found by
# -l, a linker script named *.so), or names another class, byte order,
# machine, emulation or format.  Out-of-scope links go to GNU ld, so that
# the suite's probes and set-up steps still work; in-scope ones go to mld
# (MLD_ROUTE_MODE=mld) or to GNU ld too (MLD_ROUTE_MODE=gnu, the
# reference run).  Each invocation appends one line to MLD_ROUTE_LOG:
#
#   LINK <tab> in|out <tab> reason <tab> argv
#
# and the test suite's results are appended to the same file by
# mld-board.exp, so tally.py can tell which links each test made.
import os
import sys

ARCH = os.environ.get("MLD_ROUTE_ARCH", "x86_64")
MACHINE = {"x86_64": 62, "aarch64": 183}[ARCH]
EMULATIONS = {"x86_64": {"elf_x86_64"},
              "aarch64": {"aarch64linux", "aarch64elf"}}[ARCH]
FORMATS = {"x86_64": {"elf64-x86-64"},
           "aarch64": {"elf64-littleaarch64"}}[ARCH] | {"default"}

# Options whose argument may be the next word (GNU ld's spellings, one or
# two dashes; those also taking "=ARG" are handled by the split below).
ARG_SHORT = set("AbcefFGhlLmoORTuyYzIP")
ARG_LONG = {
    "architecture", "format", "mri-script", "entry", "auxiliary", "filter",
    "gpsize", "soname", "library", "library-path", "output", "just-symbols",
    "script", "default-script", "dT", "trace-symbol", "undefined",
    "require-defined", "defsym", "dynamic-linker", "oformat", "Map",
    "section-start", "Tbss", "Tdata", "Ttext", "Ttext-segment",
    "Trodata-segment", "Tldata-segment", "wrap", "version-script",
    "dynamic-list", "retain-symbols-file", "plugin", "plugin-opt",
    "hash-size", "task-link", "sort-section", "spare-dynamic-tags",
    "exclude-libs", "rpath", "rpath-link", "audit", "depaudit",
    "image-base", "heap", "stack", "subsystem", "assert",
    "error-handling-script", "emit-relocs-for", "section-ordering-file",
}


# Long options starting with a letter that is also a short option taking
# an argument: "-eh-frame-hdr" is the long option, "-emain" is "-e main"
# (getopt_long_only, as GNU ld reads its command line).
LONG_FLAGS = {
    "base_file", "build-id", "call_shared", "check-sections", "compress-debug-sections",
    "copy-dt-needed-entries", "cref", "ctf-share-types", "ctf-variables",
    "eh-frame-hdr", "embedded-relocs", "emit-relocs",
    "enable-new-dtags", "enable-non-contiguous-regions",
    "enable-non-contiguous-regions-warnings", "error-unresolved-symbols",
    "exclude-all-symbols", "export-dynamic", "export-dynamic-symbol",
    "export-dynamic-symbol-list", "fatal-warnings", "fini", "flto",
    "force-group-allocation", "hash-style", "help", "ld-generated-unwind-info",
    "map-whole-files", "max-cache-size", "undefined-version", "unique",
    "unresolved-symbols",
}
NO_ARG = {"EB", "EL"}


def parse_option(a):
    """(name, value or None) of one option word."""
    two = a.startswith("--")
    word = a[2:] if two else a[1:]
    name, eq, val = word.partition("=")
    if not eq:
        val = None
    if two or len(word) == 1:
        return name, val
    if word[0] != "o":
        longs = ARG_LONG | LONG_FLAGS | NO_ARG
        if name in longs or any(l.startswith(name) for l in longs
                                if len(name) > 2):
            full = [l for l in longs if l == name] or \
                   [l for l in longs if l.startswith(name)]
            return full[0], val
    if word[0] in ARG_SHORT:
        return word[0], word[1:]
    return name, val


def expand(args):
    out = []
    for a in args:
        if a.startswith("@") and os.path.isfile(a[1:]):
            import shlex
            with open(a[1:]) as f:
                out += expand(shlex.split(f.read()))
        else:
            out.append(a)
    return out


def head(path, n=64):
    try:
        with open(path, "rb") as f:
            return f.read(n)
    except OSError:
        return b""


def archive_first_elf(path):
    try:
        with open(path, "rb") as f:
            if f.read(8) != b"!<arch>\n":
                return b""
            while True:
                h = f.read(60)
                if len(h) < 60:
                    return b""
                size = int(h[48:58].decode(errors="replace").strip() or 0)
                data = f.read(min(size, 64))
                if data[:4] == b"\x7fELF":
                    return data
                f.seek(size - len(data) + (size & 1), 1)
    except (OSError, ValueError):
        return b""


def elf_verdict(h, name):
    """None if the ELF header suits an in-scope link, else the reason."""
    if len(h) < 20:
        return None
    if h[4] != 2:
        return "ELF32 input " + name
    if h[5] != 1:
        return "big-endian input " + name
    etype = h[16] | h[17] << 8
    machine = h[18] | h[19] << 8
    if etype == 3:
        return "shared input " + name
    if machine != MACHINE:
        return "machine %d input %s" % (machine, name)
    return None


def input_verdict(path, fmt):
    if fmt == "binary":
        return None
    h = head(path)
    if h[:4] == b"\x7fELF":
        return elf_verdict(h, path)
    if h[:8] == b"!<arch>\n":
        return elf_verdict(archive_first_elf(path), path)
    if h[:8] == b"!<thin>\n":
        return None
    base = os.path.basename(path)
    if ".so" in base and (base.endswith(".so") or ".so." in base):
        return "shared library script " + path
    if b"\0" in h:
        return "not ELF: " + path      # PE/COFF, Mach-O, srec's binary kin
    return None


def find_library(name, dirs, static, sysroot):
    if name.startswith(":"):
        cands = [name[1:]]
    elif static:
        cands = ["lib%s.a" % name]
    else:
        cands = ["lib%s.so" % name, "lib%s.a" % name]
    for d in dirs:
        if d.startswith("="):
            d = sysroot + d[1:]
        for c in cands:
            p = os.path.join(d, c)
            if os.path.isfile(p):
                return p
    return None


def script_verdict(path, dirs):
    """Why a -T script takes the link out of scope (another output format
    in its OUTPUT_FORMAT, as ld reads the first of three), else None."""
    import re
    for d in [""] + dirs:
        p = os.path.join(d, path) if d else path
        if os.path.isfile(p):
            break
    else:
        return None
    try:
        with open(p, errors="replace") as f:
            text = re.sub(r"/\*.*?\*/", " ", f.read(), flags=re.S)
    except OSError:
        return None
    m = re.search(r"\bOUTPUT_FORMAT\s*\(\s*\"?([^\s,)\"]+)", text)
    if m and m.group(1) not in FORMATS | {"binary"}:
        return "output format " + m.group(1) + " (script)"
    return None


def classify(argv):
    """('in'|'out'|'probe', reason)."""
    static = False
    fmt = "default"
    lib_dirs = []
    libs = []
    inputs = []
    sysroot = ""
    reasons = []
    scripts = []
    i = 0
    n = len(argv)
    while i < n:
        a = argv[i]
        i += 1
        if not a.startswith("-") or a == "-":
            inputs.append((a, fmt))
            continue
        name, val = parse_option(a)
        if val is None and (name in ARG_LONG or name in ARG_SHORT):
            if i < n:
                val = argv[i]
                i += 1
        if name in ("shared", "Bshareable"):
            reasons.append("-shared")
        elif name in ("static", "Bstatic", "dn", "non_shared"):
            static = True
        elif name in ("Bdynamic", "dy", "call_shared"):
            static = False
        elif name == "m" or name == "architecture":
            if name == "m" and val not in EMULATIONS:
                reasons.append("emulation " + str(val))
        elif name == "EB":
            reasons.append("big-endian output")
        elif name in ("b", "format"):
            fmt = val
            if val not in FORMATS | {"binary"}:
                reasons.append("input format " + str(val))
        elif name == "oformat":
            if val not in FORMATS | {"binary"}:
                reasons.append("output format " + str(val))
        elif name in ("T", "script", "dT", "default-script") and val:
            scripts.append(val)
        elif name in ("L", "library-path"):
            lib_dirs.append(val)
        elif name in ("l", "library"):
            libs.append((val, static, fmt))
        elif name == "sysroot":
            sysroot = val or ""
        elif name in ("R", "just-symbols") and val and os.path.isfile(val):
            inputs.append((val, "default"))
    if not inputs and not libs:
        return ("probe", "no input")
    default_dirs = [d for d in
                    os.environ.get("MLD_ROUTE_DIRS", "").split(":") if d]
    for name, st, f in libs:
        p = find_library(name, lib_dirs + default_dirs, st, sysroot)
        if p:
            r = input_verdict(p, f)
            if r:
                reasons.append(r)
            elif p.endswith(".so") and f != "binary":
                reasons.append("shared input " + p)
    for path, f in inputs:
        r = input_verdict(path, f)
        if r:
            reasons.append(r)
    for path in scripts:
        r = script_verdict(path, lib_dirs)
        if r:
            reasons.append(r)
    if reasons:
        return ("out", reasons[0])
    return ("in", "")


def main():
    argv = sys.argv[1:]
    kind, reason = classify(expand(argv))
    log = os.environ.get("MLD_ROUTE_LOG")
    if log:
        line = "LINK\t%s\t%s\t%s\n" % (kind, reason, " ".join(argv))
        fd = os.open(log, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        os.write(fd, line.replace("\n", " ").encode()[:8000] + b"\n")
        os.close(fd)
    gnu = os.environ["MLD_ROUTE_GNU"]
    mld = os.environ.get("MLD_ROUTE_MLD", "")
    use_mld = os.environ.get("MLD_ROUTE_MODE") == "mld" and kind != "out"
    prog = mld if use_mld else gnu
    os.execv(prog, [prog] + argv)


if __name__ == "__main__":
    main()
