#!/bin/sh
# A short fuzz run (CI): builds the libFuzzer target with clang in a copy
# of this tree and runs it for SECONDS (default 60) from the seed corpus
# and the kept regressions.  Exit status 0 if nothing was found.
seconds=${1:-60}
top=$(cd "$(dirname "$0")/.." && pwd)
command -v clang >/dev/null || { echo "ci-fuzz: clang not installed, skipped"; exit 0; }
work=$(mktemp -d /tmp/mld-ci-fuzz.XXXXXX)
trap 'rm -rf "$work"' EXIT
if [ -d "$top/.git" ]; then
  git clone -q "$top" "$work/src" || exit 1
else
  cp -a "$top" "$work/src" || exit 1
  (cd "$work/src" && make distclean >/dev/null 2>&1)
fi
cd "$work/src" || exit 1
{ autoreconf -fi && ./configure CC=clang --enable-fuzzer && make -j2; } \
  >build.log 2>&1 || { tail -20 build.log; echo "ci-fuzz: build failed"; exit 1; }
make fuzz FUZZ_SECONDS="$seconds" >fuzz.log 2>&1
status=$?
grep -E '^#[0-9]+' fuzz.log | tail -1
if [ $status != 0 ]; then
  grep -E 'ERROR|SUMMARY|Test unit written' fuzz.log | head -10
  echo "ci-fuzz: the fuzzer found a problem"
  exit 1
fi
echo "ci-fuzz: ${seconds}s without findings"
