#!/bin/sh
# A short fuzz run (CI): builds the libFuzzer target with clang in a copy
# of this tree and runs it for SECONDS (default 60) from the seed corpus
# and the kept regressions.  Exit status 0 if nothing was found.
#
# Whatever the fuzzer finds (crash-*, timeout-*, oom-*, leak-*,
# slow-unit-* artifacts) outlives the copy: it is copied into this tree's
# fuzz/findings/ on every exit, and each input is printed to the log in
# base64, so that a finding on a CI machine can be reproduced from the
# log alone:
#     echo 'BASE64' | base64 -d >f && ./fuzz/fuzz_link f
seconds=${1:-60}
top=$(cd "$(dirname "$0")/.." && pwd)
command -v clang >/dev/null || { echo "ci-fuzz: clang not installed, skipped"; exit 0; }
work=$(mktemp -d /tmp/mld-ci-fuzz.XXXXXX)

# keep_findings: copy the artifacts into $top/fuzz/findings/ and print
# them, then remove the work folder.
keep_findings() {
  found=$work/src/fuzz/findings
  if [ -d "$found" ] && [ -n "$(ls -A "$found" 2>/dev/null)" ]; then
    mkdir -p "$top/fuzz/findings"
    for f in "$found"/*; do
      [ -f "$f" ] || continue
      name=$(basename "$f")
      cp "$f" "$top/fuzz/findings/$name" &&
        echo "ci-fuzz: kept fuzz/findings/$name ($(wc -c <"$f") bytes)"
      echo "ci-fuzz: $name base64: $(base64 -w0 "$f")"
    done
  fi
  rm -rf "$work"
}
trap keep_findings EXIT
trap 'exit 130' INT TERM HUP

if [ -d "$top/.git" ]; then
  git clone -q "$top" "$work/src" || exit 1
else
  cp -a "$top" "$work/src" || exit 1
  (cd "$work/src" && make distclean >/dev/null 2>&1)
  rm -rf "$work/src/fuzz/findings"
fi
cd "$work/src" || exit 1
{ autoreconf -fi && ./configure CC=clang --enable-fuzzer && make -j2; } \
  >build.log 2>&1 || { tail -20 build.log; echo "ci-fuzz: build failed"; exit 1; }
make fuzz FUZZ_SECONDS="$seconds" >fuzz.log 2>&1
status=$?
grep -E '^#[0-9]+' fuzz.log | tail -1
if [ $status != 0 ]; then
  grep -E 'ERROR|SUMMARY|runtime error|Test unit written' fuzz.log | head -10
  echo "ci-fuzz: the fuzzer found a problem"
  exit 1
fi
echo "ci-fuzz: ${seconds}s without findings"
