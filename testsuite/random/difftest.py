#!/usr/bin/env python3
"""difftest.py - randomized differential test of mld against GNU ld.

For each seed, gen.py writes a random multi-object C program; it is
compiled once, then linked twice from the same objects and archives: by
GNU ld (the compiler driver's default linker) and by mld (the same command
plus -B<dir>, where <dir>/ld is a symlink to mld).  A case passes when both
links fail, or both succeed, the two programs print the same bytes and
exit alike (AArch64 runs under qemu-aarch64), and the two executables have
the same section and program headers (layout.diff otherwise) and the same
bytes in every allocated section but the build-id note.  A failing case is copied,
sources, commands and outputs, into the --keep directory, and a one-line
command to reproduce it is printed.

Usage:
  difftest.py [--variant glibc,musl,aarch64] [--seed S] [--n N]
              [--features LIST] [--jobs J] [--keep DIR] [--mld PATH]
              [--mld-flags FLAGS --behaviour-only]
--mld-flags gives mld's link options GNU ld's has not (--icf=safe, say);
with --behaviour-only only what the programs print and return is compared.
Exit status: 0 all passed, 1 some case differed, 77 a variant could not run
(its tools missing; 1 with MLD_TEST_NO_SKIP=1).
"""

import argparse
import concurrent.futures
import difflib
import json
import os
import platform
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.dont_write_bytecode = True     # no __pycache__ in the source tree
sys.path.insert(0, HERE)
import gen  # noqa: E402

VARIANTS = {
    "glibc": {"cc": ["gcc"], "run": []},
    "musl": {"cc": ["musl-gcc"], "run": []},
    "aarch64": {"cc": ["aarch64-linux-gnu-gcc"],
                "run": [] if platform.machine() == "aarch64"
                else ["qemu-aarch64"]},
}


def sh(cmd, cwd, timeout=60):
    """Run cmd; return (status, combined output).  Status 124: timeout."""
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout,
                           stdin=subprocess.DEVNULL)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b"") + b"\n[timed out]\n"


def quote(cmd):
    return " ".join(a if a and all(c.isalnum() or c in "-_=+./,:@"
                                   for c in a) else "'%s'" % a for a in cmd)


def layout(path):
    """Section and program headers as readelf prints them, the part two
    links that agree with GNU ld share: .strtab and .shstrtab by name, type
    and alignment only (GNU ld shares string tails there); and .got's
    contents."""
    lines = []
    st, outp = sh(["readelf", "-SlW", path], os.path.dirname(path))
    for l in outp.decode(errors="replace").splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(.*)", l)
        if m:
            f = m.group(1).split()
            lines.append(" ".join(f[:2] + f[-1:]) if f[0] in
                         (".strtab", ".shstrtab") else m.group(1))
        elif re.match(r"\s+(LOAD|TLS|NOTE|GNU_|PHDR)", l):
            lines.append(l.strip())
    # .got's contents: the order of its entries is GNU ld's too.
    st, outp = sh(["readelf", "-x", ".got", path], os.path.dirname(path))
    lines += [l.strip() for l in outp.decode(errors="replace").splitlines()
              if l.strip().startswith("0x")]
    return lines


def loaded_sections(path):
    """{name: bytes} of the allocated sections with file contents, but
    .note.gnu.build-id (it hashes the whole file)."""
    data = open(path, "rb").read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    def shdr(i):
        return struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
    stroff = shdr(shstrndx)[4]
    out = {}
    for i in range(1, shnum):
        name, typ, flags, _, off, size = shdr(i)[:6]
        if not flags & 2 or typ == 8:     # SHF_ALLOC, not SHT_NOBITS
            continue
        n = data[stroff + name:data.index(b"\0", stroff + name)].decode()
        if n != ".note.gnu.build-id":
            out.setdefault(n, []).append(data[off:off + size])
    return out


def run_case(seed, variant, features, bindir, workroot, mld_flags=(),
             behaviour_only=False):
    """Generate, build, link twice, run twice.  Returns a result dict:
    kind is 'same', 'refused' (both links failed), 'differ' or 'generr'
    (the generator wrote a program the compiler rejects)."""
    v = VARIANTS[variant]
    d = os.path.join(workroot, "%s-%d" % (variant, seed))
    shutil.rmtree(d, ignore_errors=True)
    desc = gen.Gen(seed, variant, features).generate(d)
    log = []
    res = {"seed": seed, "variant": variant, "dir": d, "log": log}
    for o in desc["objects"]:
        cmd = v["cc"] + ["-c", "-w", "-I.", "-o", o["name"] + ".o",
                         o["name"] + ".c"] + o["cflags"]
        log.append("$ " + quote(cmd))
        st, outp = sh(cmd, d)
        if st != 0:
            log.append(outp.decode(errors="replace"))
            res["kind"] = "generr"
            res["why"] = "compile of %s.c failed" % o["name"]
            return res
    for a in desc["archives"]:
        cmd = ["ar", "rcsT" if a["thin"] else "rcs", a["name"]] + \
            [m + ".o" for m in a["members"]]
        log.append("$ " + quote(cmd))
        st, outp = sh(cmd, d)
        if st != 0:
            res["kind"] = "generr"
            res["why"] = "ar failed: " + outp.decode(errors="replace")
            return res
    runs = {}
    for who, extra in (("ref", []),
                       ("mld", ["-B" + bindir + "/"] + list(mld_flags))):
        os.makedirs(os.path.join(d, who), exist_ok=True)
        cmd = v["cc"] + ["-static"] + extra + ["-o", who + "/prog"] + \
            desc["link"]
        log.append("$ " + quote(cmd))
        st, outp = sh(cmd, d)
        with open(os.path.join(d, who + ".link.txt"), "wb") as f:
            f.write(outp)
        if st != 0:
            runs[who] = {"linked": False, "link": outp}
            continue
        rst, routp = sh(v["run"] + ["./prog"], os.path.join(d, who),
                        timeout=20)
        with open(os.path.join(d, who + ".out.txt"), "wb") as f:
            f.write(routp)
        runs[who] = {"linked": True, "status": rst, "out": routp}
    with open(os.path.join(d, "commands.txt"), "w") as f:
        f.write("\n".join(log) + "\n")
    ref, mld = runs["ref"], runs["mld"]
    if not ref["linked"] and not mld["linked"]:
        res["kind"] = "refused"
        text = [l for l in ref["link"].decode(errors="replace").splitlines()
                if "collect2" not in l]
        res["why"] = text[-1] if text else ""
    elif (ref["linked"] and not mld["linked"] and
          (ref["status"] < 0 or ref["status"] > 128) and
          ref["status"] != 124):
        # GNU ld made a program that dies by a signal, mld refused with an
        # error: a refusal beats a broken binary (counted apart).
        res["kind"] = "gnu-broken"
        text = mld["link"].decode(errors="replace").strip().splitlines()
        res["why"] = "GNU ld's program died (status %d); mld refused: %s" % (
            ref["status"], text[0] if text else "")
    elif ref["linked"] != mld["linked"]:
        res["kind"] = "differ"
        who = "mld" if not mld["linked"] else "GNU ld"
        text = (mld if not mld["linked"] else ref)["link"].decode(
            errors="replace").strip().splitlines()
        res["why"] = "only %s refused: %s" % (who, text[0] if text else "")
    elif ref["status"] != mld["status"] or ref["out"] != mld["out"]:
        res["kind"] = "differ"
        if ref["status"] != mld["status"]:
            res["why"] = "exit status %d (GNU ld) vs %d (mld)" % (
                ref["status"], mld["status"])
        else:
            res["why"] = "output differs"
    elif behaviour_only:
        res["kind"] = "same"
    else:
        lr = layout(os.path.join(d, "ref", "prog"))
        lm = layout(os.path.join(d, "mld", "prog"))
        br = loaded_sections(os.path.join(d, "ref", "prog"))
        bm = loaded_sections(os.path.join(d, "mld", "prog"))
        if lr == lm and br != bm:
            res["kind"] = "differ"
            res["why"] = "contents differ: " + " ".join(
                sorted(n for n in set(br) | set(bm) if br.get(n) != bm.get(n)))
        elif lr != lm:
            res["kind"] = "differ"
            diff = [x for x in difflib.unified_diff(lr, lm, "GNU ld", "mld",
                                                   lineterm="", n=0)]
            with open(os.path.join(d, "layout.diff"), "w") as f:
                f.write("\n".join(diff) + "\n")
            res["why"] = "layout differs: " + next(
                (x for x in diff[2:] if x[:1] in "-+"), "")
        else:
            res["kind"] = "same"
    return res


def first_diff(d):
    try:
        a = open(os.path.join(d, "ref.out.txt"), "rb").read().splitlines()
        b = open(os.path.join(d, "mld.out.txt"), "rb").read().splitlines()
    except OSError:
        return ""
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else b"<end>"
        y = b[i] if i < len(b) else b"<end>"
        if x != y:
            return "line %d: GNU ld '%s', mld '%s'" % (
                i + 1, x.decode(errors="replace"), y.decode(errors="replace"))
    return ""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="glibc,musl,aarch64",
                    help="comma-separated: glibc, musl, aarch64")
    ap.add_argument("--seed", type=int, default=1, help="first seed")
    ap.add_argument("--n", type=int, default=10, help="seeds per variant")
    ap.add_argument("--features", default="default",
                    help="default, all, none, a,b or +a,-b; known: "
                    + " ".join(gen.ALL_FEATURES))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--keep", default="",
                    help="copy failing cases into this directory")
    ap.add_argument("--mld", default=os.environ.get("MLD", os.path.join(
        HERE, "..", "..", "ld", "mld")))
    ap.add_argument("--mld-flags", default="",
                    help="more driver flags for mld's link only, e.g. "
                    "-Wl,--icf=safe (then also --behaviour-only)")
    ap.add_argument("--behaviour-only", action="store_true",
                    help="compare what the programs do, not the layouts")
    ap.add_argument("--quiet", action="store_true",
                    help="print failures and the tally only")
    args = ap.parse_args()
    features = gen.parse_features(args.features)
    mld = os.path.abspath(args.mld)
    if not os.access(mld, os.X_OK):
        print("difftest: %s is not an executable" % mld)
        return 1
    variants = []
    skipped = False
    for name in args.variant.replace(" ", ",").split(","):
        if not name:
            continue
        if name not in VARIANTS:
            print("difftest: unknown variant '%s'" % name)
            return 1
        v = VARIANTS[name]
        missing = [t for t in v["cc"][:1] + v["run"][:1]
                   if not shutil.which(t)]
        if missing:
            print("SKIP %s: %s not installed" % (name, missing[0]))
            skipped = True
            continue
        variants.append(name)
    # A variant that could not run makes the run a skip, never a pass
    # (with MLD_TEST_NO_SKIP=1, as in CI, a failure).
    skip_status = 1 if os.environ.get("MLD_TEST_NO_SKIP") == "1" else 77
    if not variants:
        return skip_status

    work = tempfile.mkdtemp(prefix="mld-difftest.")
    bindir = os.path.join(work, "bin")
    os.makedirs(bindir)
    os.symlink(mld, os.path.join(bindir, "ld"))
    keep = os.path.abspath(args.keep) if args.keep else ""
    feat_arg = ",".join(features) if features else "none"
    if sorted(features) == sorted(gen.DEFAULT_FEATURES):
        feat_arg = "default"
    tally = {}
    failed = []
    start = time.time()
    # Variants interleaved, so that a run cut short has covered all.
    jobs = [(s, v) for s in range(args.seed, args.seed + args.n)
            for v in variants]
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as ex:
        futs = [ex.submit(run_case, s, v, features, bindir, work,
                          args.mld_flags.split(), args.behaviour_only)
                for s, v in jobs]
        for fut in futs:
            res = fut.result()
            kind = res["kind"]
            key = (res["variant"], kind)
            tally[key] = tally.get(key, 0) + 1
            if kind in ("differ", "generr"):
                failed.append(res)
                repro = ("python3 %s --variant %s --seed %d --n 1 "
                         "--features=%s --keep DIR" %
                         (os.path.relpath(os.path.join(HERE, "difftest.py")),
                          res["variant"], res["seed"], feat_arg))
                where = ""
                if keep:
                    dst = os.path.join(keep, "%s-%d" % (res["variant"],
                                                        res["seed"]))
                    shutil.rmtree(dst, ignore_errors=True)
                    shutil.copytree(res["dir"], dst, symlinks=True)
                    with open(os.path.join(dst, "commands.txt"), "a") as f:
                        f.write("# %s\n# reproduce: %s\n"
                                % (res.get("why", ""), repro))
                    where = " (kept in %s)" % dst
                print("FAIL %s seed %d: %s%s" % (res["variant"], res["seed"],
                                                 res.get("why", kind), where))
                detail = first_diff(res["dir"])
                if detail:
                    print("  " + detail)
                if kind == "generr":
                    print("  " + "\n  ".join(res["log"][-2:]))
                print("  reproduce: " + repro)
            elif not args.quiet:
                print("ok   %s seed %d: %s%s" % (
                    res["variant"], res["seed"], kind,
                    " (%s)" % res["why"] if res.get("why") else ""))
            shutil.rmtree(res["dir"], ignore_errors=True)
    shutil.rmtree(work, ignore_errors=True)
    for v in variants:
        print("difftest %s: seeds %d..%d, features %s: %d same, "
              "%d both refused, %d GNU ld's program crashed where mld "
              "refused, %d differ, %d generator errors"
              % (v, args.seed, args.seed + args.n - 1, feat_arg,
                 tally.get((v, "same"), 0), tally.get((v, "refused"), 0),
                 tally.get((v, "gnu-broken"), 0),
                 tally.get((v, "differ"), 0), tally.get((v, "generr"), 0)))
    print("difftest: %d cases in %.0f s, %d failed%s"
          % (len(jobs), time.time() - start, len(failed),
             ", kept in " + keep if keep and failed else ""))
    if failed:
        return 1
    return skip_status if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
