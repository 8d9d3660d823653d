// fuzz_link.c: a libFuzzer target for the whole link.
//
// Each input is written to a file and linked by the library exactly as
// the mld program would link it: as an object or an archive (mld sniffs
// which), with `-e main -u main` so that archive members are pulled in;
// once as a static executable, then as a static PIE, by -r or with -q.
// Errors are expected; crashes, hangs, sanitizer reports and leaks of
// mappings or file descriptors are findings.  mld_exit() returns here
// through ctx->bail instead of exiting.  Inputs are read into copies that
// end at an inaccessible page (ctx->guard_inputs), so a read one byte past
// the end of an input faults at once, as ASan's red zones do for the heap.

#include "../ld/options.h"
#include "one_link.h"

#include <stdlib.h>
#include <unistd.h>

static char dir[256];

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!dir[0]) {
    limit_output();
    make_work_dir(dir, sizeof(dir), "mld-fuzz");
  }
  char in[300], out[300];
  snprintf(in, sizeof(in), "%s/input", dir);
  snprintf(out, sizeof(out), "%s/a.out", dir);
  FILE *fp = fopen(in, "wb");
  if (!fp)
    abort();
  if (size && fwrite(data, 1, size, fp) != size)
    abort();
  fclose(fp);

  char *argv[] = {"mld", "-static", "-o", out, "-e", "main", "-u", "main",
                  "--build-id=none", in, NULL};
  one_link(10, argv, out);
  // Then by the input's size one of the other outputs: a static PIE
  // (with its report of dynamic relocations), -r, or -q with
  // --gc-sections.
  char *argv_pie[] = {"mld", "-pie", "--no-dynamic-linker", "-o", out,
                      "-e", "main", "-u", "main", "--build-id=none",
                      "-z", "report-relative-reloc", in, NULL};
  char *argv_r[] = {"mld", "-r", "-o", out, in, NULL};
  char *argv_q[] = {"mld", "-static", "-q", "--gc-sections", "-o", out,
                    "-e", "main", "-u", "main", "--build-id=none", in, NULL};
  switch (size % 3) {
  case 0:
    one_link(12, argv_pie, out);
    break;
  case 1:
    one_link(5, argv_r, out);
    break;
  default:
    one_link(12, argv_q, out);
    break;
  }
  return 0;
}
