#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Every input the fuzzer found crashing mld (fuzz/regressions/) is linked
# as the fuzz target links it and must now fail cleanly: exit status 1,
# one "mld: error:" line first, no output file.

dir=$T_LIB_DIR/../fuzz/regressions
n=0
for f in "$dir"/*; do
  [ -f "$f" ] && [ "$(basename "$f")" != .keep ] || continue
  n=$((n + 1))
  rm -f out
  timeout 20 "$MLD" -static -o out -e main -u main --build-id=none "$f" \
    >stdout.txt 2>stderr.txt
  rc=$?
  first=$(head -1 stderr.txt)
  if [ $rc = 1 ] && [ "${first#mld: error:}" != "$first" ] && [ ! -e out ]; then
    t_pass "$(basename "$f"): $first"
  else
    t_fail "$(basename "$f"): exit $rc, first line '$first'"
  fi
done
[ $n -gt 0 ] || t_skip "no fuzzer regressions recorded"
t_done
