#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# Warnings go to stderr as "mld: warning: ..." and the link succeeds;
# --fatal-warnings makes any warning fail the link with no output, wherever
# the option stands on the command line, as GNU ld does;
# --no-fatal-warnings undoes it.  The warning used here is GNU ld's for an
# unknown -z keyword.

t_write start.s <<'SRC'
	.text
	.globl _start
_start:
	mov $60, %eax
	xor %edi, %edi
	syscall
	.section .note.GNU-stack,"",@progbits
SRC
as -o start.o start.s || t_hard_error "as failed"

# GNU ld's behaviour first, so the test fails if the reference changes.
ld.bfd -o ref -z no-such-keyword start.o 2>ref.err ||
  t_hard_error "ld.bfd failed"
grep -q "warning: -z no-such-keyword ignored" ref.err ||
  t_hard_error "GNU ld did not warn: $(cat ref.err)"
ld.bfd -o ref2 --fatal-warnings -z no-such-keyword start.o 2>/dev/null &&
  t_hard_error "GNU ld --fatal-warnings did not fail"

t_mld -o out -z no-such-keyword start.o
[ "$T_STATUS" = 0 ] && [ -x out ] && t_pass "a warning alone does not fail" ||
  t_fail "the link with a warning failed"
grep -qx "mld: warning: -z no-such-keyword ignored" stderr.txt &&
  t_pass "warning line" || t_fail "no 'mld: warning:' line"

for args in "--fatal-warnings -z no-such-keyword" \
            "-z no-such-keyword --fatal-warnings" \
            "--no-fatal-warnings --fatal-warnings -z no-such-keyword"; do
  rm -f out2
  t_mld -o out2 $args start.o
  expect_failure
  expect_stderr "mld: warning: -z no-such-keyword ignored"
  expect_error "1 warning treated as error (--fatal-warnings)"
  expect_no_file out2
done

t_mld -o out3 --fatal-warnings -z no-such-keyword --no-fatal-warnings start.o
[ "$T_STATUS" = 0 ] && [ -x out3 ] &&
  t_pass "--no-fatal-warnings undoes --fatal-warnings" ||
  t_fail "--no-fatal-warnings did not undo --fatal-warnings"
t_mld -o out4 --fatal-warnings start.o
[ "$T_STATUS" = 0 ] && [ -x out4 ] &&
  t_pass "--fatal-warnings without warnings links" ||
  t_fail "--fatal-warnings failed a link without warnings"
t_done
