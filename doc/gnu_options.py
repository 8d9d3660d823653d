#!/usr/bin/env python3
"""Every option GNU ld 2.40 lists in --help, as mld treats it.

usage: python3 doc/gnu_options.py ld/mld [--repo DIR] > doc/gnu-ld-options.md

Reads `ld.bfd --help` (the generic options, "ELF emulations:" and
"elf_x86_64:") and `aarch64-linux-gnu-ld --help` ("ELF emulations:" and
"aarch64linux:"; the other emulations' sections, PE and Arm among them,
are options of other emulations and left out).  Each spelling of each
option (short and long forms, --opt ARG and --opt=ARG, -XARG, -z KEYWORD
and -zKEYWORD, every value of an enumerated argument) is run as

    mld SPELLING [ARG] -o OUT t.o

on a tiny object that defines _start and foo (x86-64; AArch64 for the
options of the aarch64linux section), and the same command is run with
GNU ld for reference.  Each option is then:

  implemented   accepted (or the link fails as GNU ld's does, e.g.
                -z cet-report=error), and a test under DIR/testsuite
                gives it to mld (for spellings gcc also takes, such as -s
                or -nostdlib, only through -Wl, or a line running mld);
  no effect     accepted, in ld/options.c's no-effect lists (checked by
                testsuite/options/no_effect.sh);
  refused       an mld error other than "unknown option" (message shown);
  unknown       mld says "unknown option" (or, for -z, warns that the
                keyword is ignored where GNU ld does not);
  UNTESTED      accepted, neither tested nor listed as without effect: a
                possible silent ignore.

Spellings of one option with different results get a row each.  A ⚠
marks a row where mld and GNU ld part ways on the tiny link (GNU ld fails
and mld links, GNU ld's output changes and mld's does not, or a no-effect
option changes mld's output).  Unique prefixes of long options (GNU ld's
getopt takes them) are tried on the side.  DIR is
the mld source tree whose ld/options.c and testsuite/ are read (default:
the tree this script is in).  The GNU ld column says whether GNU ld links the same
command, and whether its output differs from its output without the
option ("changes output"): a hint of what an unknown option would need.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

GNU_X86 = "ld.bfd"
GNU_A64 = "aarch64-linux-gnu-ld"

# ---------------------------------------------------------------- parsing


def expand_braces(s):
    """x86-64-{baseline|v[234]} -> x86-64-baseline, x86-64-v2, ..."""
    m = re.search(r"\{([^}]*)\}", s)
    if not m:
        return [s]
    out = []
    for alt in m.group(1).split("|"):
        b = re.fullmatch(r"(\w*)\[(\w+)\]", alt)
        alts = [b.group(1) + c for c in b.group(2)] if b else [alt]
        for a in alts:
            out += expand_braces(s[: m.start()] + a + s[m.end():])
    return out


def help_entries(text, emulation, origin):
    """(section, option column, description) of the sections we keep."""
    section = None
    entries = []
    cur = None
    for ln in text.splitlines():
        if ln.startswith("Options:"):
            section = "generic"
            continue
        if re.search(r": (supported targets|supported emulations|emulation "
                     r"specific options):", ln):
            section = None
            continue
        h = re.fullmatch(r"(\S[^:]*):\s*", ln)
        if h:
            name = h.group(1)
            section = ("ELF" if name == "ELF emulations" else
                       emulation if name == emulation else None)
            continue
        if section is None:
            continue
        m = re.match(r"^  ([-@]\S.*)$", ln)
        if m:
            # The description column starts at 30; an option 27 wide is
            # followed by one space only.
            if len(ln) > 30 and ln[29] == " " and ln[30] not in " -":
                col, desc = ln[2:29], ln[30:]
            else:
                parts = re.split(r"\s{2,}|\t", m.group(1), maxsplit=1)
                col, desc = parts[0], parts[1] if len(parts) > 1 else ""
            col = re.sub(r"\s*\(default: [^)]*\)$", "", col.strip())
            cur = [section, col, desc.strip(), origin]
            entries.append(cur)
        elif cur and ln.strip() and ln.startswith("   "):
            cur[2] = (cur[2] + " " + ln.strip()).strip()
    return entries


# Values of enumerated arguments that --help gives only in words.
CHOICES = {
    "--unresolved-symbols": ["ignore-all", "report-all",
                             "ignore-in-object-files",
                             "ignore-in-shared-libs"],
    "--ctf-share-types": ["share-unconflicted", "share-duplicated"],
    "--hash-style": ["sysv", "gnu", "both"],
    "--orphan-handling": ["place", "discard", "warn", "error"],
    "--build-id": ["md5", "sha1", "uuid", "none", "0x0123456789abcdef"],
    "-z call-nop=": ["prefix-addr", "suffix-nop", "prefix-0x67"],
    "-z start-stop-visibility=": ["default", "internal", "hidden",
                                  "protected"],
}


class Spelling:
    """One way of writing an option: NAME, with an argument or not."""

    def __init__(self, name, arg, placeholder, z=False):
        self.name = name          # "--entry", "-e", "-z" keyword "now"
        self.arg = arg            # None, "sep", "eq", "opt", "joined"
        self.placeholder = placeholder
        self.z = z

    def key(self):
        return "-z " + self.name if self.z else self.name

    def choices(self):
        if self.key() in CHOICES:
            return CHOICES[self.key()]
        p = (self.placeholder or "").strip("[]=")
        if re.fullmatch(r"[\w.-]+(\|[\w.-]+)+", p):
            return p.split("|")
        return None


def parse_alternative(alt):
    alt = alt.strip()
    if alt.startswith("-z "):
        out = []
        for kw in expand_braces(alt[3:].strip()):
            if "=" in kw:
                name, ph = kw.split("=", 1)
                out.append(Spelling(name + "=", "joined", ph, z=True))
            else:
                out.append(Spelling(kw, None, None, z=True))
        return out
    if alt.startswith("@"):
        return [Spelling("@", "joined", alt[1:])]
    tok, _, rest = alt.partition(" ")
    rest = rest.strip()
    m = re.fullmatch(r"([^\[=]+)\[=([^\]]*)\]", tok)
    if m:                                     # --build-id[=STYLE]
        return [Spelling(m.group(1), "opt", m.group(2))]
    m = re.fullmatch(r"([^=]+)=(.*)", tok)
    if m:                                     # --sysroot=<DIR>, -fuse-ld=
        return [Spelling(m.group(1), "eq", m.group(2))]
    if not rest:
        return [Spelling(tok, None, None)]
    m = re.fullmatch(r"\[=(.*)\]", rest)
    if m:                                     # --unique [=SECTION]
        return [Spelling(tok, "opt", m.group(1))]
    if rest.startswith("="):                  # --orphan-handling =MODE
        return [Spelling(tok, "eq", rest[1:])]
    return [Spelling(tok, "sep", rest)]


class Option:
    def __init__(self, section, col, desc, origin):
        self.section, self.col, self.desc = section, col, desc
        self.origins = {origin}
        alts = re.split(r",\s+(?=[-@])", col)
        self.spellings = []
        for a in alts:
            self.spellings += parse_alternative(a)
        # "--default-script FILE, -dT": the argument is every alternative's
        with_arg = [s for s in self.spellings if s.arg in ("sep", "eq")]
        for s in self.spellings:
            if s.arg is None and with_arg and not s.z:
                s.arg, s.placeholder = "sep", with_arg[0].placeholder
        # GNU ld's -O takes a level though --help shows none.
        for s in self.spellings:
            if s.name == "-O" and s.arg is None:
                s.arg, s.placeholder = "sep", "LEVEL"

    @property
    def arch(self):
        return "aarch64" if self.origins == {"aarch64"} else "x86_64"


def parse_all():
    x86 = subprocess.run([GNU_X86, "--help"], capture_output=True,
                         text=True).stdout
    a64 = subprocess.run([GNU_A64, "--help"], capture_output=True,
                         text=True).stdout
    opts, byname = [], {}
    for text, emul, origin in ((x86, "elf_x86_64", "x86_64"),
                               (a64, "aarch64linux", "aarch64")):
        for section, col, desc, orig in help_entries(text, emul, origin):
            if col in byname:
                byname[col].origins.add(orig)
                continue
            o = Option(section, col, desc, orig)
            byname[col] = o
            opts.append(o)
    return opts


# ---------------------------------------------------------------- inputs


class Env:
    def __init__(self, tmp, repo):
        self.tmp = tmp
        self.repo = repo
        self.plugin = None
        for cand in ("/usr/lib/bfd-plugins/liblto_plugin.so",):
            if os.path.exists(cand):
                self.plugin = cand
        if not self.plugin:
            p = subprocess.run(["gcc", "-print-file-name=liblto_plugin.so"],
                               capture_output=True, text=True).stdout.strip()
            self.plugin = p if os.path.isabs(p) else "liblto_plugin.so"
        src = (".globl _start, foo\n.text\n_start: nop\nfoo: nop\n"
               ".data\n.quad 1\n.bss\n.zero 8\n"
               '.section .note.GNU-stack,"",@progbits\n')
        self.obj = {"x86_64": self.asm("as", "t.s", src, "t.o"),
                    "aarch64": self.asm("aarch64-linux-gnu-as", "t64.s",
                                        src.replace("@progbits", "%progbits"),
                                        "t64.o")}
        self.jobj = self.asm("as", "j.s", ".globl js\njs = 0x1234\n", "j.o")
        os.makedirs(f"{tmp}/lib", exist_ok=True)
        subprocess.run(["ar", "rcs", f"{tmp}/lib/libt.a", self.jobj],
                       check=True)
        self.write("script.ld", "SECTIONS { .text : { *(.text) } "
                   ".data : { *(.data) } .bss : { *(.bss) } }\n")
        self.write("mri.txt", "\n")
        self.write("vers.map", "{ global: _start; local: *; };\n")
        self.write("dyn.list", "{ foo; };\n")
        self.write("syms.txt", "_start\n")
        self.write("resp.txt", "-e _start\n")
        self.write("err.sh", "#!/bin/sh\nexit 0\n")
        os.chmod(f"{tmp}/err.sh", 0o755)

    def write(self, name, text):
        os.makedirs(os.path.dirname(f"{self.tmp}/{name}"), exist_ok=True)
        with open(f"{self.tmp}/{name}", "w") as f:
            f.write(text)

    def asm(self, as_, name, src, out):
        self.write(name, src)
        subprocess.run([as_, "-o", f"{self.tmp}/{out}", f"{self.tmp}/{name}"],
                       check=True)
        return f"{self.tmp}/{out}"

    def value(self, sp, arch):
        """(arguments before, plausible argument) for spelling sp."""
        t = self.tmp
        n, ph = sp.key(), (sp.placeholder or "")
        x86 = arch == "x86_64"
        by_name = {
            "-o": "other.out", "--output": "other.out",
            "-e": "_start", "--entry": "_start",
            "-u": "foo", "--undefined": "foo", "--require-defined": "foo",
            "-y": "foo", "--trace-symbol": "foo", "--wrap": "foo",
            "-init": "foo", "-fini": "foo", "--task-link": "foo",
            "--export-dynamic-symbol": "foo",
            "--ignore-unresolved-symbol": "bar",
            "--version-exports-section": "VERS_1",
            "--defsym": "dsym=0x1000",
            "-m": "elf_x86_64" if x86 else "aarch64linux",
            "-A": "i386:x86-64" if x86 else "aarch64",
            "--architecture": "i386:x86-64" if x86 else "aarch64",
            "-b": "elf64-x86-64" if x86 else "elf64-littleaarch64",
            "--format": "elf64-x86-64" if x86 else "elf64-littleaarch64",
            "--oformat": "elf64-x86-64" if x86 else "elf64-littleaarch64",
            "-a": "default", "-assert": "definitions",
            "-c": f"{t}/mri.txt", "--mri-script": f"{t}/mri.txt",
            "-T": f"{t}/script.ld", "--script": f"{t}/script.ld",
            "--default-script": f"{t}/script.ld", "-dT": f"{t}/script.ld",
            "-R": self.jobj, "--just-symbols": self.jobj,
            "--retain-symbols-file": f"{t}/syms.txt",
            "--version-script": f"{t}/vers.map",
            "--dynamic-list": f"{t}/dyn.list",
            "--export-dynamic-symbol-list": f"{t}/dyn.list",
            "--error-handling-script": f"{t}/err.sh",
            "--dependency-file": f"{t}/deps.d",
            "--out-implib": f"{t}/implib.a",
            "-Map": f"{t}/out.map",
            "-f": "libf.so", "--auxiliary": "libf.so",
            "-F": "libf.so", "--filter": "libf.so",
            "-h": "libx.so", "-soname": "libx.so",
            "-I": "/lib64/ld-linux-x86-64.so.2" if x86
            else "/lib/ld-linux-aarch64.so.1",
            "--dynamic-linker": "/lib64/ld-linux-x86-64.so.2" if x86
            else "/lib/ld-linux-aarch64.so.1",
            "-rpath": "/opt/lib", "-rpath-link": "/opt/lib",
            "-L": f"{t}/lib", "--library-path": f"{t}/lib",
            "-l": "t", "--library": "t",
            "-Y": f"{t}/lib", "--sysroot": t,
            "-P": "libaudit.so", "--depaudit": "libaudit.so",
            "--audit": "libaudit.so",
            "-G": "8", "--gpsize": "8", "--hash-size": "31",
            "--max-cache-size": "1048576", "--spare-dynamic-tags": "5",
            "--split-by-file": "1024", "--split-by-reloc": "100",
            "--stub-group-size": "1", "-O": "1",
            "--section-start": ".text=0x500000",
            "-Tbss": "0x700000", "-Tdata": "0x600000", "-Ttext": "0x500000",
            "-Ttext-segment": "0x500000", "-Trodata-segment": "0x600000",
            "-Tldata-segment": "0x700000",
            "--exclude-libs": "ALL", "--demangle": "auto",
            "--verbose": "1", "--unique": ".text",
            "--package-metadata": '{"type":"deb"}',
            "-plugin": self.plugin, "-plugin-opt": "x",
            "-flto-partition": "none", "-fuse-ld": "bfd",
            "@": f"{t}/resp.txt",
            "-z common-page-size=": "0x1000",
            "-z max-page-size=": "0x200000",
            "-z stack-size=": "0x200000",
        }
        pre = []
        if n in ("-l", "--library"):
            pre = ["-L", f"{t}/lib"]
        if n == "-plugin-opt":
            pre = ["-plugin", self.plugin]
        if n == "--pop-state":
            pre = ["--push-state"]
        if n in by_name:
            return pre, by_name[n]
        if "SYMBOL" in ph:
            return pre, "foo"
        if "FILE" in ph:
            return pre, f"{t}/file.out"
        return pre, "1"

    def variants(self, sp, arch):
        """(label, argv) for each way to write sp."""
        pre, v = self.value(sp, arch)
        ch = sp.choices()
        vals = ch if ch else [v]
        out = []
        if sp.z:
            if sp.arg is None:
                return [(f"-z {sp.name}", ["-z", sp.name]),
                        (f"-z{sp.name}", ["-z" + sp.name])]
            for c in vals:
                out.append((f"-z {sp.name}{c}", ["-z", sp.name + c]))
            out.append((f"-z{sp.name}{vals[0]}", ["-z" + sp.name + vals[0]]))
            return out
        if sp.name == "@":
            return [("@FILE", ["@" + v])]
        single = len(sp.name) == 2        # -X
        label = lambda form, c: {  # noqa: E731
            "sep": f"{sp.name} {sp.placeholder}" if not ch
            else f"{sp.name} {c}",
            "eq": f"{sp.name}={sp.placeholder}" if not ch
            else f"{sp.name}={c}",
            "joined": f"{sp.name}{sp.placeholder}" if not ch
            else f"{sp.name}{c}",
        }[form]
        if sp.arg is None:
            return [(sp.name, pre + [sp.name])]
        if sp.arg == "opt":
            out.append((sp.name, pre + [sp.name]))
            for c in vals:
                out.append((label("eq", c), pre + [f"{sp.name}={c}"]))
            return out
        forms = [sp.arg]
        if single:
            forms.append("joined")
        elif sp.name != "-flto-partition" and sp.name != "-fuse-ld":
            forms.append("eq" if sp.arg == "sep" else "sep")
        for c in vals:
            for form in forms:
                if form == "sep":
                    argv = [sp.name, c]
                elif form == "eq":
                    argv = [f"{sp.name}={c}"]
                else:
                    argv = [sp.name + c]
                out.append((label(form, c), pre + argv))
        # Choices: every value once in the listed form, the others once.
        if ch and len(forms) > 1:
            keep = []
            for i, c in enumerate(vals):
                keep.append(out[i * len(forms)])
            keep += [out[1 + k] for k in range(len(forms) - 1)]
            out = keep
        if sp.name == "-Map":
            out.append(("-Map DIR", [sp.name, self.tmp]))
        return out


# ---------------------------------------------------------------- running


def run(cmd, cwd, timeout=30):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=timeout,
                           errors="replace")
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return 124, "", "timed out"


def slurp(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def first_message(err, tmp):
    lines = [ln for ln in err.splitlines() if ln.strip()]
    pick = next((ln for ln in lines if "error" in ln), None) or \
        next((ln for ln in lines if "warning" in ln), None) or \
        (lines[0] if lines else "")
    pick = pick.replace(tmp, "$T")
    return pick[:200]


class Linkers:
    def __init__(self, mld, env):
        self.mld, self.env = mld, env
        self.base = {}
        for arch, gnu in (("x86_64", GNU_X86), ("aarch64", GNU_A64)):
            obj = env.obj[arch]
            for who, ld in (("mld", mld), ("gnu", gnu)):
                out = f"{env.tmp}/base.{who}.{arch}"
                rc, _, err = run([ld, "-o", out, obj], env.tmp)
                if rc:
                    sys.exit(f"{ld}: the plain link fails: {err}")
                self.base[who, arch] = slurp(out)

    def try_(self, who, argv, arch):
        ld = self.mld if who == "mld" else (GNU_X86 if arch == "x86_64"
                                            else GNU_A64)
        out = f"{self.env.tmp}/out.{who}"
        for f in (out, f"{self.env.tmp}/other.out"):
            if os.path.exists(f):
                os.unlink(f)
        rc, so, se = run([ld] + argv + ["-o", out, self.env.obj[arch]],
                         self.env.tmp)
        data = slurp(out)
        changed = None if data is None else data != self.base[who, arch]
        return rc, se, changed


# ---------------------------------------------------------------- mld's tree


def c_array(src, name):
    m = re.search(r"\b" + re.escape(name) + r"\[\]\s*=\s*\{(.*?)\};", src,
                  re.S)
    if not m:
        return []
    body = re.sub(r"//[^\n]*", "", m.group(1))
    return re.findall(r'"([^"]*)"', body)


def no_effect_lists(repo):
    """The names of options.c's rows flagged F_NO_EFFECT (those with an
    argument apart) and its -z keyword lists."""
    src = open(f"{repo}/ld/options.c").read()
    flags, with_arg = set(), set()
    m = re.search(r"options\[\]\s*=\s*\{(.*?)\n\};", src, re.S)
    for row in re.finditer(r'\{((?:"[^"]*"\s*)+),\s*(A_\w+),\s*([^,]*),',
                           re.sub(r"//[^\n]*", "", m.group(1) if m else "")):
        if "F_NO_EFFECT" in row.group(3):
            names = "".join(re.findall(r'"([^"]*)"', row.group(1))).split()
            # An optional argument (A_OPT): with it and without.
            if row.group(2) != "A_REQ":
                flags.update(names)
            if row.group(2) != "A_NONE":
                with_arg.update(names)
    z = set(re.findall(r'\{"([^"]*)", Z_\w+, z_(?:x86_)?no_effect\}', src))
    if '"call-nop="' in src:
        z.add("call-nop=")
    return flags, with_arg, z


# Spellings that gcc also takes with another meaning (or none for ld):
# only a use that reaches the linker counts for them.
GCC_CLASH = {"-nostdlib", "-static", "-shared", "-pie", "-no-pie", "-E",
             "-M", "-S", "-c", "-g", "-O", "-w", "-x", "-v", "-V", "-d",
             "-dc", "-dp", "-dn", "-dy", "-i", "-flto", "-fuse-ld",
             "-flto-partition", "-T", "-r", "-s", "-e", "-u", "-o", "-l",
             "-L", "-n", "-N", "-q", "-t", "-y", "-Y", "-h", "-I", "-P",
             "-R", "-G", "-A", "-a", "-b", "-f", "-F", "-X", "-m", "-Qy",
             "-EL", "-EB", "-(", "-)", "-z", "-init", "-fini", "-assert",
             "-Ur", "-qmagic", "-static-pie"}


class Tests:
    """The test files under testsuite/ and the spellings each uses."""
    DIRS = ("options", "err", "c", "stubs", "random", "script")
    FUNC = re.compile(r"^\s*([A-Za-z_][\w]*)\s*\(\)\s*\{(.*)$")

    def __init__(self, repo):
        self.files = []
        root = f"{repo}/testsuite"
        lib = self.read(f"{root}/lib.sh") or ""
        self.lib_helpers = self.helpers(lib, {"t_mld"})
        for d in self.DIRS:
            for dp, _, fs in sorted(os.walk(f"{root}/{d}")):
                for f in sorted(fs):
                    if f == "help.sh" or f.endswith((".log", ".trs")):
                        continue
                    p = os.path.join(dp, f)
                    text = self.read(p)
                    if text is None:
                        continue
                    direct = self.helpers(text, set(self.lib_helpers))
                    self.files.append((os.path.relpath(p, repo), text,
                                       direct))

    @staticmethod
    def read(p):
        try:
            return open(p, errors="replace").read()
        except OSError:
            return None

    def helpers(self, text, known):
        """Shell functions of text that run mld themselves (through t_mld,
        $MLD or another such function), with the names in known."""
        funcs = {}
        lines = text.splitlines()
        i = 0
        while i < len(lines):
            m = self.FUNC.match(lines[i])
            if m:
                body = [m.group(2)]
                if not re.search(r"\}\s*$", m.group(2)):
                    i += 1
                    while i < len(lines) and not lines[i].startswith("}"):
                        body.append(lines[i])
                        i += 1
                funcs[m.group(1)] = "\n".join(body)
            i += 1
        known = set(known)
        for _ in range(3):
            for name, body in funcs.items():
                if re.search(r"\$\{?MLD\b", body) or any(
                        re.search(r"(?<![\w-])" + k + r"\b", body)
                        for k in known):
                    known.add(name)
        return known

    @staticmethod
    def direct_line(ln, direct):
        """A line that runs mld with its words as mld's arguments."""
        w = re.sub(r"^\s*(if|!|then|do|\(|\{|&&|\|\||\w+=\S*\s)*\s*", "",
                   ln)
        first = re.match(r'"?\$\{?MLD\}?"?|[\w]+', w)
        return bool(first) and (first.group(0).strip('"{}$') == "MLD" or
                                first.group(0) in direct)

    def pattern(self, sp):
        if sp.z:
            kw = re.escape(sp.name)
            return re.compile(r"(?<![\w-])-z[ ,]?" + kw +
                              ("" if sp.name.endswith("=") else r"(?![\w-])"))
        if sp.name == "@":
            return re.compile(r"(?<![\w$\[-])@[\w$./\"{]")
        nm = re.escape(sp.name.lstrip("-"))
        tail = r"(?![A-Za-z_-])" if sp.arg else r"(?![\w-])"
        if sp.name in ("-(", "-)"):
            tail = ""
        return re.compile(r"(?<![\w-])--?" + nm + tail)

    def find(self, sp):
        """Test files that give spelling sp to mld."""
        pat = self.pattern(sp)
        clash = not sp.z and (sp.name == "@" or sp.name in GCC_CLASH)
        wl = re.compile(r"-Wl,(\S*,)?" + pat.pattern.replace(
            r"(?<![\w-])", "", 1))
        hits = []
        for path, text, direct in self.files:
            for ln in text.splitlines():
                if not pat.search(ln):
                    continue
                if not clash or wl.search(ln) or \
                        self.direct_line(ln, direct):
                    hits.append(path)
                    break
        return hits

    def find_no_effect(self, sp):
        """Whether no_effect.sh lists sp (bare words in its arrays)."""
        for path, text, _ in self.files:
            if not path.endswith("options/no_effect.sh"):
                continue
            if sp.z:
                kw = re.escape(sp.name)
                pat = r"(?<![\w-])(-z[ ,]?)?" + kw + \
                    ("" if sp.name.endswith("=") else r"(?![\w-])")
            else:
                nm = re.escape(sp.name.lstrip("-"))
                pat = r"(?<![\w-])--?" + nm + r"(?![A-Za-z_-])"
            if re.search(pat, text):
                return [path]
        return []


# ---------------------------------------------------------------- classify

SCOPE = [
    (r"^-(r|i|-relocatable|Ur|q|-emit-relocs|static-pie)$",
     "relocatable output / --emit-relocs / -static-pie: issue #10"),
    (r"^-(T|-script|-default-script|dT|c|-mri-script)$",
     "linker scripts: issue #12"),
    (r"^-(shared|Bshareable|pie|-pic-executable)$",
     "shared libraries / PIE: mld makes static executables only"),
]


# Reasons for mld's other refusals, by its message.
REFUSED_WHY = [
    (r"big-endian", "mld links little-endian targets only"),
]


def scope_reason(name):
    for pat, why in SCOPE:
        if re.match(pat, name):
            return why
    return None


def classify(opts, env, lk, tests, noeff):
    flags, with_arg, zset = noeff
    rows = []
    for o in opts:
        arch = o.arch
        results = []   # (label, spelling, status, message, gnu)
        for sp in o.spellings:
            for label, argv in env.variants(sp, arch):
                rc, err, mch = lk.try_("mld", argv, arch)
                note = ""
                if rc and "a dynamic link (" in err:
                    rc, err, mch = lk.try_("mld", ["-static"] + argv, arch)
                    note = "with -static (without: refused as a dynamic link)"
                grc, gerr, gch = lk.try_("gnu", argv, arch)
                if rc:
                    msg = first_message(err, env.tmp)
                    if re.search(r"unknown option|unrecogni[sz]ed option",
                                 msg):
                        st = "unknown"
                    elif grc:
                        # GNU ld fails the same link: mld does as it does.
                        st = "accepted"
                        note = (f"`{label}`: the link fails, as with GNU "
                                f"ld: {msg}")
                        msg = ""
                    else:
                        st = "refused"
                else:
                    ign = re.search(r"-z \S+ ignored", err)
                    gign = re.search(r"-z \S+ ignored", gerr)
                    msg = first_message(err, env.tmp) if err.strip() else ""
                    if sp.z and ign and not gign:
                        st = "unknown"
                        msg = "accepted with \"" + msg + "\" (GNU ld knows it)"
                    else:
                        n = sp.name.lstrip("-")
                        listed = ((sp.z and sp.name in zset) or
                                  (not sp.z and sp.arg is None and n in flags)
                                  or (not sp.z and sp.arg and n in with_arg))
                        st = "no effect" if listed else "accepted"
                if grc and not rc:
                    note = ("⚠ GNU ld fails this link, mld links it" +
                            ("; " + note if note else ""))
                if grc:
                    g = "fails: " + first_message(gerr, env.tmp)
                elif gch is None:
                    g = "ok (no output)"
                else:
                    g = "ok, changes output" if gch else "ok, same output"
                    if re.search(r"warning", gerr):
                        g += "; warns: " + first_message(gerr, env.tmp)
                if not rc and not grc and gch and mch is False:
                    note = (f"⚠ `{label}`: GNU ld's output changes, mld's "
                            f"does not" + ("; " + note if note else ""))
                if st == "no effect" and mch:
                    note = (f"⚠ `{label}`: mld's output changes" +
                            ("; " + note if note else ""))
                results.append(dict(label=label, sp=sp, status=st, msg=msg,
                                    gnu=g, mch=mch, note=note))
        # Tests: any spelling of the option.
        hits = []
        for sp in o.spellings:
            for h in tests.find(sp):
                if h not in hits:
                    hits.append(h)
        noeff_hits = []
        for sp in o.spellings:
            for h in tests.find_no_effect(sp):
                if h not in noeff_hits:
                    noeff_hits.append(h)
        # Group the spellings by status.
        groups = {}
        for r in results:
            st = r["status"]
            if st == "accepted":
                st = "implemented" if hits else "UNTESTED"
            if st == "no effect" and not noeff_hits:
                r["msg"] = (r["msg"] + "; " if r["msg"] else "") + \
                    "not in no_effect.sh"
            groups.setdefault(st, []).append(r)
        for st, rs in groups.items():
            labels = []
            for r in rs:
                if r["label"] not in labels:
                    labels.append(r["label"])
            shown = o.col if len(groups) == 1 else ", ".join(labels)
            msgs = list(dict.fromkeys(r["msg"] for r in rs if r["msg"]))
            notes = list(dict.fromkeys(r["note"] for r in rs if r["note"]))
            gnus = list(dict.fromkeys(r["gnu"] for r in rs))
            if len(gnus) > 1:
                gnus = [f"`{r['label']}`: {r['gnu']}" for r in rs]
            if st == "implemented":
                detail = tests_cell(hits)
            elif st == "no effect":
                detail = tests_cell(noeff_hits or hits) or "—"
            elif st == "refused":
                why = scope_reason(rs[0]["sp"].name) or next(
                    (w for p, w in REFUSED_WHY if re.search(p, msgs[0])),
                    None)
                detail = f"`{msgs[0]}`"
                if why:
                    detail += f" — {why}"
                detail += (f" (test: {tests_cell(hits)})" if hits
                           else " (no test)")
            elif st == "unknown":
                detail = f"`{msgs[0]}`"
                why = scope_reason(rs[0]["sp"].name)
                if why:
                    detail += f" — {why}"
            else:
                detail = "no test, not in the no-effect lists" + \
                    ("; mld's output changes" if any(r["mch"] for r in rs)
                     else "; mld's output is the same as without it")
                if msgs:
                    detail += "; " + "; ".join(f"`{m}`" for m in msgs)
            if notes:
                detail += " (" + "; ".join(notes) + ")"
            rows.append(dict(opt=o, shown=shown, status=st, detail=detail,
                             gnu="; ".join(gnus), labels=labels))
    return rows


def abbreviations(opts, rows, lk):
    """GNU ld (getopt_long) takes a unique prefix of a long option: try
    each accepted --OPTION without argument shortened by two letters."""
    longs = [sp.name for o in opts for sp in o.spellings
             if not sp.z and sp.name.startswith("--")]
    out = []
    for r in rows:
        if r["status"] not in ("implemented", "no effect"):
            continue
        for sp in r["opt"].spellings:
            if sp.z or sp.arg or not sp.name.startswith("--") or \
                    len(sp.name) < 8:
                continue
            ab = sp.name[:-2]
            if sum(1 for n in longs if n.startswith(ab)) != 1:
                continue
            grc, _, _ = lk.try_("gnu", [ab], r["opt"].arch)
            rc, err, _ = lk.try_("mld", [ab], r["opt"].arch)
            out.append((ab, sp.name, grc == 0, rc == 0))
    return out


def tests_cell(hits):
    if not hits:
        return ""
    shown = [h.replace("testsuite/", "", 1) for h in hits[:3]]
    more = f" +{len(hits) - 3} more" if len(hits) > 3 else ""
    return ", ".join(shown) + more


def md(s):
    return s.replace("|", "\\|")


ORDER = ["implemented", "no effect", "refused", "unknown", "UNTESTED"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mld")
    ap.add_argument("--repo", default=os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))),
                    help="mld tree for ld/options.c and testsuite/")
    a = ap.parse_args()
    mld = os.path.abspath(a.mld)
    opts = parse_all()
    tmp = tempfile.mkdtemp(prefix="gnu-options.")
    try:
        env = Env(tmp, a.repo)
        lk = Linkers(mld, env)
        rows = classify(opts, env, lk, Tests(a.repo), no_effect_lists(a.repo))
        abbrev = abbreviations(opts, rows, lk)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    ver = subprocess.run([mld, "--version"], capture_output=True,
                         text=True).stdout.strip()
    gver = subprocess.run([GNU_X86, "--version"], capture_output=True,
                          text=True).stdout.splitlines()[0]
    head = subprocess.run(["git", "-C", a.repo, "log", "-1",
                           "--format=%h %s"], capture_output=True,
                          text=True).stdout.strip()
    counts = {s: sum(1 for r in rows if r["status"] == s) for s in ORDER}
    nopt = len(opts)
    print(f"# GNU ld 2.40 options in mld\n")
    print(f"Generated by `gnu_options.py` with {ver} ({mld}), "
          f"tests and no-effect lists of {a.repo} ({head}); "
          f"reference {gver}.\n")
    print(f"{nopt} options from `ld.bfd --help` (generic, ELF emulations, "
          f"elf_x86_64) and `aarch64-linux-gnu-ld --help` (aarch64linux); "
          f"{len(rows)} rows (an option whose spellings differ gets a row "
          f"per result).\n")
    print("| status | rows |\n|---|---|")
    for s in ORDER:
        print(f"| {s} | {counts[s]} |")
    print()
    unk = [r for r in rows if r["status"] == "unknown"]
    kinds = [
        ("GNU ld refuses it in this link too", lambda g: "fails" in g
         and "ok" not in g),
        ("GNU ld's output changes on the tiny object (mld would have to "
         "implement or refuse it)", lambda g: "changes output" in g),
        ("GNU ld's output stays the same on the tiny object (candidates "
         "for the no-effect lists, once checked with libc on both "
         "architectures as no_effect.sh does)", lambda g: True),
    ]
    print(f"## Unknown to mld (the gaps): {len(unk)}\n")
    left = list(unk)
    for title, pred in kinds:
        sel = [r for r in left if pred(r["gnu"])]
        left = [r for r in left if r not in sel]
        scoped = [r for r in sel if scope_reason(
            r["opt"].spellings[0].name)]
        print(f"- {title}: {len(sel)}: " +
              ", ".join(f"`{md(r['shown'])}`" +
                        (" (" + scope_reason(r["opt"].spellings[0].name)
                         + ")" if r in scoped else "") for r in sel) + "\n")
    for s, title in (("UNTESTED", "Accepted, neither tested nor listed "
                      "as without effect (possible silent ignores)"),):
        rs = [r for r in rows if r["status"] == s]
        print(f"## {title}: {len(rs)}\n")
        if rs:
            print(", ".join(f"`{md(r['shown'])}`" for r in rs) + "\n")
    warn = [r for r in rows if "⚠" in r["detail"]]
    if warn:
        print(f"## Rows marked ⚠ (mld and GNU ld part ways on the tiny "
              f"link): {len(warn)}\n")
        print(", ".join(f"`{md(r['shown'])}`" for r in warn) + "\n")
    gab = [a for a in abbrev if a[2]]
    mab = [a for a in gab if a[3]]
    print(f"## Abbreviated long options\n\nGNU ld takes any unique prefix "
          f"of a long option.  Of {len(abbrev)} accepted options shortened "
          f"by two letters (e.g. `{gab[0][0] if gab else ''}` for "
          f"`{gab[0][1] if gab else ''}`), GNU ld links with {len(gab)}, "
          f"mld with {len(mab)}" +
          (": " + ", ".join(f"`{a[0]}`" for a in mab) if mab else
           " (mld says \"unknown option\" to the others)") + ".\n")
    print("Left out: the sections of GNU ld's other emulations "
          "(elf32_x86_64, elf_i386, elf_iamcu, i386pep, i386pe; aarch64elf "
          "and the other AArch64 ones repeat aarch64linux; armelf*), which "
          "`-m elf_x86_64` and `-m aarch64linux` do not take.\n")
    print("## Table\n")
    print("Section: generic, ELF (\"ELF emulations\"), elf_x86_64 or "
          "aarch64linux; an aarch64linux option is tried on an AArch64 "
          "object, the others on an x86-64 one.  GNU ld: the same command "
          "with GNU ld; \"changes output\" is against its output without "
          "the option.\n")
    print("| option | section | status | test or reason | GNU ld |")
    print("|---|---|---|---|---|")
    for r in rows:
        o = r["opt"]
        sect = o.section if o.section != "generic" else "generic"
        print(f"| `{md(r['shown'])}` | {sect} | {r['status']} | "
              f"{md(r['detail'])} | {md(r['gnu'])} |")


if __name__ == "__main__":
    main()
