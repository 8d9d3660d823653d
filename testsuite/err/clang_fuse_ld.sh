#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# clang -fuse-ld=<path to mld> links with mld (as README says) and the
# program runs like the GNU ld one.

command -v clang >/dev/null || t_skip "clang is not installed"
t_write main.c <<'SRC'
#include <stdio.h>
__thread int n = 6;
int main(void) { printf("clang %d\n", n * 7); return 0; }
SRC
t_run clang -static -fuse-ld="$MLD" -o prog main.c -v
[ "$T_STATUS" = 0 ] && t_pass "link" || t_fail "clang -fuse-ld failed"
grep -q "\"$MLD\"\|$MLD " stderr.txt && t_pass "clang ran mld" ||
  t_fail "clang did not run $MLD"
[ "$(./prog)" = "clang 42" ] && t_pass "program runs" || t_fail "output: $(./prog)"
t_done
