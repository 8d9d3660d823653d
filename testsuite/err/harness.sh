#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# The test harness itself (lib.sh): a test passes only if it checked
# something and skipped nothing, and t_same only on equal files after a
# link that succeeded.  Small scripts sourcing lib.sh, each run
# with and without MLD_TEST_NO_SKIP=1 (CI's setting), must exit as
# Automake expects: 0 pass, 1 fail, 77 skip.

lib=$T_LIB_DIR/lib.sh
case_script() {   # case_script NAME BODY: a test script
  printf '#!/bin/bash\n. "%s"\n%s\nt_done\n' "$lib" "$2" >"$1.sh"
}
case_script checks 't_pass "one check"'
case_script nothing ':'
case_script failed 't_pass "one"; t_fail "two"'
case_script part 't_pass "x86-64 part"; t_skip_part "AArch64: no cross compiler"'
case_script tool 't_have AArch64 mld-no-such-tool-here || true; t_pass "the rest"'
case_script whole 't_skip "nothing to run here"'
case_script same 'T_STATUS=0; echo x >a; echo x >b; t_same "a and b" a b'
case_script differ 'T_STATUS=0; echo x >a; echo y >b; t_same "a and b" a b'
case_script mldfailed 'T_STATUS=1; echo x >a; echo x >b; t_same "a and b" a b'

expect() {   # expect CASE NO_SKIP STATUS
  MLD_TEST_NO_SKIP=$2 bash "$1.sh" >"$1.$2.log" 2>&1
  local got=$?
  if [ "$got" = "$3" ]; then
    t_pass "$1 (MLD_TEST_NO_SKIP=${2:-unset}): exit $got"
  else
    t_fail "$1 (MLD_TEST_NO_SKIP=${2:-unset}): exit $got, expected $3"
    tail -3 "$1.$2.log"
  fi
}
expect checks "" 0
expect checks 1 0
expect nothing "" 1
expect failed "" 1
expect part "" 77
expect part 1 1
expect tool "" 77
expect tool 1 1
expect whole "" 77
expect whole 1 1
expect same "" 0
expect differ "" 1
expect mldfailed "" 1
grep -q "skipped: AArch64: no cross compiler" part..log ||
  t_fail "the skip's reason is not reported"
t_done
