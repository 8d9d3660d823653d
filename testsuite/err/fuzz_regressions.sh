#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Every input the fuzzer found crashing mld (fuzz/regressions/) is linked
# in each way the fuzz target links it and must now be handled: either refused
# (exit status 1, one "mld: error:" line first, no output file) or linked
# (exit status 0, an output file), and never a sanitizer report.  Under a
# sanitizer build (configure --enable-sanitizers) that is what catches
# undefined behaviour such as an out-of-range pointer.
#
# When the fuzz target was built next to mld (configure --enable-fuzzer),
# it links each input three times in one process as well: state left
# behind by one link must not break the next.

dir=$T_LIB_DIR/../fuzz/regressions
# The links the fuzz target makes of each input (fuzz/fuzz_link.c): a
# static executable, then a static PIE, -r or -q.
modes=("-static" "-pie --no-dynamic-linker -z report-relative-reloc" "-r"
       "-static -q --gc-sections")
n=0
for f in "$dir"/*; do
  [ -f "$f" ] && [ "$(basename "$f")" != .keep ] || continue
  n=$((n + 1))
  for mode in "${modes[@]}"; do
    rm -f out
    # shellcheck disable=SC2086
    timeout 20 "$MLD" $mode -o out -e main -u main --build-id=none "$f" \
      >stdout.txt 2>stderr.txt
    rc=$?
    first=$(grep -v '^mld: warning:' stderr.txt | head -1)
    what="$(basename "$f") ($mode)"
    if grep -qE 'runtime error|Sanitizer' stderr.txt; then
      t_fail "$what: $(grep -m1 -E 'runtime error|Sanitizer' stderr.txt)"
    elif [ $rc = 1 ] && [ "${first#mld: error:}" != "$first" ] &&
         [ ! -e out ]; then
      t_pass "$what: $first"
    elif [ $rc = 0 ] && [ -s out ]; then
      t_pass "$what: linked"
    else
      t_fail "$what: exit $rc, first line '$first'"
    fi
  done
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
