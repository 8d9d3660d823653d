#!/usr/bin/env python3
# tally.py [--known=DIR] [--mld-only] RUNS ARCH...: count GNU ld's test suite results
# for mld.
#
# RUNS/ARCH-MODE/FOLDER/route.log holds, in order, a LINK line for every
# invocation of ld-new (from ld-route.py) and a RESULT line for every test
# result (from mld-board.exp); a result's links are those since the one
# before.  A test counts when, in GNU ld's run, it made at least one link
# in mld's scope and none out of it, and GNU ld passed it.  Writes
# RUNS/failures-ARCH.txt and ends with "N passed, N failed".  With
# --known=DIR, the failures DIR/known-failures-ARCH.txt lists (a full
# run's failures-ARCH.txt) are reported but not counted as failed: the
# check then fails only on a regression.  --mld-only (or no GNU ld run):
# the scope comes from mld's run and every in-scope test counts.
import os
import sys
from collections import Counter


def read(path):
    """{(message, occurrence): (type, [(kind, reason, argv)])}."""
    tests = {}
    seen = Counter()
    links = []
    try:
        f = open(path, errors="replace")
    except OSError:
        return tests
    with f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            if parts[0] == "LINK" and len(parts) >= 4:
                links.append((parts[1], parts[2], parts[3]))
            elif parts[0] == "RESULT" and len(parts) >= 4:
                msg = parts[3]
                seen[msg] += 1
                tests[(msg, seen[msg])] = (parts[1], links)
                links = []
    return tests


NOT_COUNTED = {"XFAIL", "KFAIL", "UNSUPPORTED", "UNTESTED"}


def in_scope(links):
    kinds = {k for k, _, _ in links}
    return "in" in kinds and "out" not in kinds


def known_failures(known_dir, arch):
    """The failures a full run recorded (known-failures-ARCH.txt)."""
    if not known_dir:
        return None
    try:
        with open(os.path.join(known_dir, "known-failures-%s.txt" % arch)) as f:
            return {line.rstrip("\n") for line in f if line.strip()}
    except OSError:
        return set()


def main():
    args = sys.argv[1:]
    known_dir = None
    mld_only = False
    while args and args[0].startswith("--"):
        opt = args.pop(0)
        if opt.startswith("--known="):
            known_dir = opt.split("=", 1)[1]
        elif opt == "--mld-only":
            mld_only = True
    runs = args[0]
    total_pass = total_fail = total_known = 0
    for arch in args[1:]:
        ref_dir = os.path.join(runs, arch + "-gnu")
        mld_dir = os.path.join(runs, arch + "-mld")
        if not os.path.isdir(mld_dir):
            continue
        # Without GNU ld's run (make check-gnu CI=1), the scope comes from
        # mld's own run and the failures a full run recorded are known.
        ref_only = os.path.isdir(ref_dir) and not mld_only
        known = known_failures(known_dir, arch)
        fails = []
        print("%s: folder: mld passes / in scope%s (tests out of scope%s)"
              % (arch, " that GNU ld passes" if ref_only else "",
                 ", GNU ld's own failures in scope" if ref_only else ""))
        for folder in sorted(os.listdir(mld_dir)):
            got = read(os.path.join(mld_dir, folder, "route.log"))
            ref = read(os.path.join(ref_dir, folder, "route.log")) \
                if ref_only else got
            n_pass = n_scope = n_out = n_gnu_fail = n_known = 0
            for key, (rtype, links) in ref.items():
                if not in_scope(links):
                    n_out += 1
                    continue
                if ref_only and rtype != "PASS":
                    n_gnu_fail += 1
                    continue
                # Alone, mld's run says what the test expects: an
                # expected failure or a test that could not run here
                # counts for nothing, as for GNU ld.
                if not ref_only and rtype in NOT_COUNTED:
                    n_gnu_fail += 1
                    continue
                n_scope += 1
                mtype = got.get(key, ("MISSING", []))[0]
                line = "%s %s: %s" % (folder, mtype, key[0])
                if mtype in ("PASS", "XPASS" if not ref_only else "PASS"):
                    n_pass += 1
                elif known is not None and line in known:
                    n_known += 1
                else:
                    fails.append(line)
            pct = 100.0 * n_pass / n_scope if n_scope else 100.0
            extra = (", %d GNU fails" if ref_only else
                     ", %d expected to fail or not run") % n_gnu_fail
            if known is not None:
                extra += ", %d known failures" % n_known
            print("  %-14s %4d / %4d  %5.1f %%  (%d out%s)"
                  % (folder, n_pass, n_scope, pct, n_out, extra))
            total_pass += n_pass
            total_known += n_known
            total_fail += n_scope - n_pass - n_known
        with open(os.path.join(runs, "failures-%s.txt" % arch), "w") as f:
            f.write("".join(x + "\n" for x in fails))
        for x in fails if known is not None else []:
            print("  not a known failure: " + x)
    if known_dir:
        print("%d known failures (%s/known-failures-*.txt) not counted"
              % (total_known, known_dir))
    print("%d passed, %d failed" % (total_pass, total_fail))
    return 1 if total_fail else 0


if __name__ == "__main__":
    sys.exit(main())
