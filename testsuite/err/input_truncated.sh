#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# An input truncated while mld has it mapped (reading it then raises
# SIGBUS) and an output that hits the file size limit (ulimit -f) are
# clear errors that leave no output file behind.  The truncation is made
# deterministic by an LD_PRELOAD shim that truncates one file right after
# mld maps it.

if ldd "$MLD" 2>/dev/null | grep -q 'libasan'; then
  t_skip "mld is built with AddressSanitizer, which must come first in LD_PRELOAD"
fi

t_write shim.c <<'SRC'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* mmap, then truncate the mapped file if its path contains
   $MLD_SHIM_TRUNCATE: later reads of the mapping raise SIGBUS. */
void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  static void *(*real)(void *, size_t, int, int, int, off_t);
  if (!real)
    real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
  void *p = real(addr, len, prot, flags, fd, off);
  const char *victim = getenv("MLD_SHIM_TRUNCATE");
  if (p != MAP_FAILED && fd >= 0 && victim) {
    char link[64], path[4096];
    snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof(path) - 1);
    if (n > 0) {
      path[n] = 0;
      if (strstr(path, victim) && truncate(path, 0) != 0)
        perror("truncate");
    }
  }
  return p;
}
SRC
gcc -shared -fPIC -O1 -o shim.so shim.c -ldl >cc.log 2>&1 || t_hard_error "building the shim failed"

t_write main.c <<'SRC'
#include <stdio.h>
int main(void) { puts("hi"); return 0; }
SRC
t_compile main.c
cp main.o victim.o

LD_PRELOAD=$T/shim.so MLD_SHIM_TRUNCATE=victim.o t_mld -static -o out victim.o -e main
expect_failure
expect_first_line_prefix "mld: error:"
expect_error "victim.o: file was truncated or rewritten during the link"
expect_no_file out
[ -z "$(ls -A . | grep '^\.mld-')" ] && t_pass "no temporary file left" ||
  t_fail "temporary file left: $(ls -A)"

# The output hits RLIMIT_FSIZE: EFBIG, not SIGXFSZ.  mld runs directly,
# so nothing else in the subshell writes a file.
t_write big.c <<'SRC'
char blob[256 * 1024] = {1};
void _start(void) { for (;;) ; }
SRC
t_compile big.c
(ulimit -f 64; t_mld -static -o big big.o; echo "$T_STATUS" >status)
[ "$(cat status)" = 1 ] && t_pass "exit status 1 at the file size limit" ||
  t_fail "exit status $(cat status) at the file size limit"
grep -q "mld: error: cannot write output file big: File too large" stderr.txt &&
  t_pass "file size limit reported" || t_fail "no clear message: $(cat stderr.txt)"
expect_no_file big

t_done
