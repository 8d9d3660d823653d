#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Every input the fuzzer found crashing mld (fuzz/regressions/) is linked
# as the fuzz target links it and must now be handled: either refused
# (exit status 1, one "mld: error:" line first, no output file) or linked
# (exit status 0, an output file), and never a sanitizer report.  Under a
# sanitizer build (configure --enable-sanitizers) that is what catches
# undefined behaviour such as an out-of-range pointer.
#
# When the fuzz target was built next to mld (configure --enable-fuzzer),
# it links each input three times in one process as well: state left
# behind by one link must not break the next.

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
  if grep -qE 'runtime error|Sanitizer' stderr.txt; then
    t_fail "$(basename "$f"): $(grep -m1 -E 'runtime error|Sanitizer' stderr.txt)"
  elif [ $rc = 1 ] && [ "${first#mld: error:}" != "$first" ] && [ ! -e out ]
  then
    t_pass "$(basename "$f"): $first"
  elif [ $rc = 0 ] && [ -s out ]; then
    t_pass "$(basename "$f"): linked"
  else
    t_fail "$(basename "$f"): exit $rc, first line '$first'"
  fi
done
[ $n -gt 0 ] || t_skip "no fuzzer regressions recorded"

target=$(dirname "$(dirname "$MLD")")/fuzz/fuzz_link
if [ -x "$target" ]; then
  inputs=()
  for f in "$dir"/*; do
    [ -f "$f" ] && inputs+=("$f" "$f" "$f")
  done
  if timeout 120 "$target" "${inputs[@]}" >target.txt 2>&1; then
    t_pass "fuzz_link: ${#inputs[@]} links in one process"
  else
    t_fail "fuzz_link: $(grep -m1 -E 'ERROR|runtime error' target.txt)"
  fi
fi
t_done
