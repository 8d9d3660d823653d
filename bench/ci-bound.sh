#!/bin/bash
# bench/ci-bound.sh: the CI's performance check.  Links one small
# symbol-heavy workload (bench/gensyms.py: 60 objects of 1000 global
# functions, with glibc) with mld and with GNU ld, alternately, RUNS
# times each, and compares mld's CPU time (user + system) and peak RSS
# with GNU ld's: the smallest of the runs, as ratios, against the bounds
# in bench/ci-bound.txt.  CPU time, not wall time, and the ratio to a
# linker run on the same machine in the same minute, so that a slow or
# busy CI machine does not make it fail; the bounds leave room (about
# twice today's ratios) so that only a real regression does.
#
#   bench/ci-bound.sh [MLD]    default MLD: ld/mld.  Exit 0 within bounds.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
mld=$(cd "$(dirname "${1:-$top/ld/mld}")" && pwd)/$(basename "${1:-$top/ld/mld}")
runs=${RUNS:-7}
[ -x "$mld" ] || { echo "ci-bound: $mld not built"; exit 1; }
command -v ld.bfd >/dev/null || { echo "ci-bound: ld.bfd not found"; exit 1; }
work=$(mktemp -d /tmp/mld-ci-bound.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 "$top/bench/gensyms.py" symbols --out "$work" --objects 60 \
  --funcs 1000 >/dev/null
make -s -C "$work" -j2 >/dev/null
cd "$work"
# gcc's ld command line, without the LTO plugin.
args=$(gcc -static -### -o OUT $(cat objects.txt) 2>&1 | grep collect2 |
  sed 's/^ *//; s/^[^ ]*collect2 //' | tr ' ' '\n' | tr -d '"' |
  grep -v -e '^-plugin' -e 'liblto_plugin' | tr '\n' ' ')

python3 - "$runs" "$mld" "$top/bench/ci-bound.txt" $args <<'PY'
import os, subprocess, sys
runs, mld, bounds = int(sys.argv[1]), sys.argv[2], sys.argv[3]
args = sys.argv[4:]
def run(cmd, out):
    a = [x if x != "OUT" else out for x in args]
    # mld's link in its own process (a forked child's CPU time and
    # memory would not be counted).
    p = subprocess.Popen([cmd] + (["--no-fork"] if cmd == mld else []) + a)
    _, status, ru = os.wait4(p.pid, 0)
    if status:
        sys.exit("ci-bound: %s failed (status %d)" % (cmd, status))
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss
best = {"mld": [1e9, 1e12], "bfd": [1e9, 1e12]}
for _ in range(runs):
    for name, cmd in (("mld", mld), ("bfd", "ld.bfd")):
        cpu, rss = run(cmd, "a.%s" % name)
        best[name] = [min(best[name][0], cpu), min(best[name][1], rss)]
for name in best:
    out = subprocess.run(["./a.%s" % name], capture_output=True, text=True)
    if out.stdout != open("expected.txt").read():
        sys.exit("ci-bound: the %s-linked program printed %r" % (name, out.stdout))
limit = dict(l.split() for l in open(bounds) if l.strip() and l[0] != "#")
cpu = best["mld"][0] / best["bfd"][0]
rss = best["mld"][1] / best["bfd"][1]
print("ci-bound: CPU mld %.3f s, GNU ld %.3f s: ratio %.2f (bound %s); "
      "peak RSS mld %d KiB, GNU ld %d KiB: ratio %.2f (bound %s)"
      % (best["mld"][0], best["bfd"][0], cpu, limit["cpu"],
         best["mld"][1], best["bfd"][1], rss, limit["rss"]))
ok = cpu <= float(limit["cpu"]) and rss <= float(limit["rss"])
sys.exit(0 if ok else "ci-bound: mld is over its bound")
PY
