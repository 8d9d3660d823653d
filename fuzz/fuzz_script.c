// fuzz_script.c: a libFuzzer target for linker scripts (-T) and version
// scripts.
//
// Each input is a script, written to a file and given with -T to a link
// (and a -r link) of one small object (made once, by the C compiler, in the fuzzer's
// directory: it has code, data, zero-fill, a note and an archive-free
// symbol to PROVIDE against).  The same file is then a --version-script
// of a static PIE exporting everything (-E) of a second object, whose
// symbols have versions of their own (NAME@V1, NAME@@V2), with an
// import library: the versions' rules and sections (versions.c).  The script is parsed, its input section
// descriptions matched and its statements laid out; errors are expected,
// crashes, hangs, sanitizer reports and leaks are findings.  As in
// fuzz_link.c, mld_exit() returns through ctx->bail, and inputs are read
// into copies that end at an inaccessible page (ctx->guard_inputs), so a
// read past the end of the script faults at once.

#include "../ld/options.h"
#include "one_link.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

static char dir[256], obj[300], vobj[300];

static void make_object(void) {
  limit_output();
  make_work_dir(dir, sizeof(dir), "mld-fuzz-script");
  char src[300], cmd[1024];
  snprintf(src, sizeof(src), "%s/o.c", dir);
  snprintf(obj, sizeof(obj), "%s/o.o", dir);
  FILE *fp = fopen(src, "w");
  if (!fp)
    abort();
  fputs("int data = 1; int bss; const char ro[] = \"ro\";\n"
        "__attribute__((section(\".keepme\"), used)) const int k = 2;\n"
        "__attribute__((section(\".note.x\"), used, aligned(4)))\n"
        "const int note[4] = {4, 4, 1, 0};\n"
        "extern char __data_start[] __attribute__((weak));\n"
        "char *p = __data_start;\n"
        "void _start(void) { for (;;) ; }\n", fp);
  fclose(fp);
  const char *cc = getenv("CC") ? getenv("CC") : "cc";
  snprintf(cmd, sizeof(cmd), "%s -O1 -fno-pie -c %s -o %s", cc, src, obj);
  if (system(cmd))
    abort();
  snprintf(src, sizeof(src), "%s/v.c", dir);
  snprintf(vobj, sizeof(vobj), "%s/v.o", dir);
  fp = fopen(src, "w");
  if (!fp)
    abort();
  fputs("int foo_v1(void) { return 1; }\n"
        "__asm__(\".symver foo_v1, foo@V1\");\n"
        "int foo_v2(void) { return 2; }\n"
        "__asm__(\".symver foo_v2, foo@@V2\");\n"
        "int bar(void) { return 3; }\n"
        "int data = 4; int *ptr = &data;\n"
        "void _start(void) { for (;;) ; }\n", fp);
  fclose(fp);
  snprintf(cmd, sizeof(cmd), "%s -O1 -fPIE -c %s -o %s", cc, src, vobj);
  if (system(cmd))
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (!dir[0])
    make_object();
  char in[300], out[300];
  snprintf(in, sizeof(in), "%s/script.ld", dir);
  snprintf(out, sizeof(out), "%s/a.out", dir);
  FILE *fp = fopen(in, "wb");
  if (!fp)
    abort();
  if (size && fwrite(data, 1, size, fp) != size)
    abort();
  fclose(fp);

  // Each script lays out an executable (every other input with
  // --enable-non-contiguous-regions: an input a later description takes
  // too moves on where a region overflows), then a relocatable object
  // (-r takes a script's SECTIONS too).
  char *argv[] = {"mld", "-static", "-o", out, "--build-id=none",
                  "-T", in, obj, size & 1 ? "--enable-non-contiguous-regions"
                                          : NULL, NULL};
  char *argv_r[] = {"mld", "-r", "-o", out, "--build-id=none",
                    "-T", in, obj, NULL};
  char lib[300];
  snprintf(lib, sizeof(lib), "%s/a.lib", dir);
  char *argv_v[] = {"mld", "-pie", "--no-dynamic-linker", "-E", "-o", out,
                    "--build-id=none", "--version-script", in,
                    "--out-implib", lib, vobj, NULL};
  one_link(size & 1 ? 9 : 8, argv, out);
  one_link(8, argv_r, out);
  one_link(12, argv_v, out);
  unlink(lib);
  return 0;
}
