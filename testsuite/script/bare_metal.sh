#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A freestanding image laid out by a linker script (-T), as firmware
# builds them: MEMORY { ROM RAM }, code and constants in ROM, .data in RAM
# loaded in ROM (AT>) and copied by the program itself, .bss (NOLOAD)
# cleared by it, LOADADDR, ORIGIN/LENGTH, PROVIDE, KEEP with
# --gc-sections, SORT_BY_NAME, BYTE/LONG data, ASSERT and /DISCARD/;
# --print-memory-usage and the map's MEMORY regions.
# On x86-64 and on AArch64 (under qemu-aarch64): section addresses, sizes
# and types, the PT_LOADs (with their load addresses) and every symbol's
# value and section are GNU ld's, and the program prints what GNU ld's
# does.

cat >img.c <<'C'
extern char __data_load[], __data_start[], __data_end[], __bss_start[],
    __bss_end[], __table[], __table_end[];
int counter = 5;
int zeroed;
const char msg[] = "copied its own data\n";
__attribute__((section(".tab.b"), used)) const char tb = 'b';
__attribute__((section(".tab.a"), used)) const char ta = 'a';
__attribute__((section(".tab.c"), used)) const char tc = 'c';
__attribute__((section(".keepme"), used)) const int kept = 42;
static long sys(long n, long a, long b, long c) {
  long r;
#ifdef __x86_64__
  __asm__ volatile("syscall" : "=a"(r) : "a"(n), "D"(a), "S"(b), "d"(c)
                   : "rcx", "r11", "memory");
#else
  register long x8 __asm__("x8") = n, x0 __asm__("x0") = a,
                x1 __asm__("x1") = b, x2 __asm__("x2") = c;
  __asm__ volatile("svc 0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2)
                   : "memory");
  r = x0;
#endif
  return r;
}
#ifdef __x86_64__
enum { SYS_WRITE = 1, SYS_EXIT = 60 };
#else
enum { SYS_WRITE = 64, SYS_EXIT = 93 };
#endif
void unused_function(void) { sys(SYS_WRITE, 1, (long)"never\n", 6); }
void _start(void) {
  for (char *s = __data_load, *d = __data_start; d < __data_end;)
    *d++ = *s++;
  for (char *d = __bss_start; d < __bss_end;)
    *d++ = 0;
  sys(SYS_WRITE, 1, (long)msg, sizeof(msg) - 1);
  sys(SYS_WRITE, 1, (long)__table, __table_end - __table);
  sys(SYS_WRITE, 1, (long)"\n", 1);
  sys(SYS_EXIT, counter + zeroed, 0, 0);
}
C

# The script, for a ROM at $1 and a RAM at $2, pages of $3.
script() {
  local page=$3
  cat <<LD
ENTRY(_start)
MEMORY {
  ROM (rx) : ORIGIN = $1, LENGTH = 64K
  RAM (rwx) : ORIGIN = $2, LENGTH = 4K
}
SECTIONS {
  .text : { *(.text .text.*) } > ROM
  .rodata : {
    *(.rodata .rodata.*)
    __table = .;
    KEEP(*(SORT_BY_NAME(.tab.*)))
    __table_end = .;
    BYTE(0x55) SHORT(0x1234) LONG(0xdeadbeef)
    . = ALIGN(8);
    QUAD(__table_end - __table)
  } > ROM
  .keep : { KEEP(*(.keepme)) } > ROM
  __data_load = LOADADDR(.data);
  /* .data is loaded in ROM after .keep (AT> ROM) and copied to RAM by
     the program.  Its RAM address has its ROM address's offset in the
     page, so that the file has its bytes right after ROM's: Linux then
     maps them at the load address too, as a ROM would hold them. */
  .data (ORIGIN(RAM) + (ALIGN(16) & ($page - 1))) : ALIGN(16) {
    __data_start = .;
    *(.data .data.*)
    . = ALIGN(8);
    __data_end = .;
  } > RAM AT> ROM
  .bss (NOLOAD) : { __bss_start = .; *(.bss .bss.*) *(COMMON) __bss_end = .; } > RAM
  PROVIDE(__stack_top = ORIGIN(RAM) + LENGTH(RAM));
  PROVIDE(__not_used = 1);
  /DISCARD/ : { *(.comment) *(.note.GNU-stack) *(.eh_frame) *(.note.gnu.property) }
  ASSERT(SIZEOF(.text) > 0, "no code")
  ASSERT(__data_end - __data_start <= LENGTH(RAM), "data too big")
}
LD
}

# What a user compares: sections, loads, symbols (name, value, section).
shape() {
  $readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] //p' |
    awk '$1 != ".strtab" && $1 != ".shstrtab" && $1 != ".symtab" {print $1, $2, $3, $5}'
  $readelf -lW "$1" | awk '$1 == "LOAD" {print $1, $3, $4, $5, $6, $7}'
  $readelf -sW "$1" | awk 'NR > 3 && $8 != "" {print $8, $2, $7}' | sort
}

for arch in x86_64 aarch64; do
  if [ $arch = x86_64 ]; then
    cc=gcc readelf=readelf run= ld=ld.bfd emul=elf_x86_64 rom=0x400000 ram=0x600000
    page=0x1000
    t_have x86-64 ld.bfd || continue
  else
    t_have AArch64 aarch64-linux-gnu-gcc qemu-aarch64 || continue
    cc=aarch64-linux-gnu-gcc readelf=aarch64-linux-gnu-readelf run=qemu-aarch64
    ld=aarch64-linux-gnu-ld emul=aarch64linux rom=0x10000000 ram=0x10100000
    page=0x10000
  fi
  script $rom $ram $page >img.ld
  $cc -O2 -ffreestanding -fno-pie -fno-stack-protector \
    -fno-asynchronous-unwind-tables -ffunction-sections -c img.c -o img.o ||
    t_hard_error "$cc -c img.c"
  $ld -static --gc-sections -T img.ld img.o -o ref.out ||
    t_hard_error "$ld -T img.ld failed"
  t_mld -m $emul -static --gc-sections -T img.ld img.o -o img.out
  if [ "$T_STATUS" != 0 ]; then
    t_fail "$arch: mld -T img.ld failed"
    continue
  fi
  shape ref.out >ref.shape
  shape img.out >img.shape
  if diff ref.shape img.shape >shape.diff; then
    t_pass "$arch: sections, loads and symbols are GNU ld's"
  else
    t_fail "$arch: layout differs from GNU ld's: $(head -20 shape.diff)"
  fi
  $run ./ref.out >ref.txt; rs=$?
  $run ./img.out >img.txt; ms=$?
  if [ $rs = $ms ] && [ $ms = 5 ] && cmp -s ref.txt img.txt &&
     grep -q "copied its own data" img.txt && grep -q "^abc" img.txt; then
    t_pass "$arch: the image runs as GNU ld's (status $ms)"
  else
    t_fail "$arch: GNU ld's program: $rs $(cat ref.txt); mld's: $ms $(cat img.txt)"
  fi
  # Every byte of the loaded sections is GNU ld's.
  for sec in .text .rodata .keep .data; do
    $readelf -x $sec ref.out >ref.hex 2>&1
    $readelf -x $sec img.out >img.hex 2>&1
    if cmp -s ref.hex img.hex; then
      t_pass "$arch: $sec has GNU ld's bytes"
    else
      t_fail "$arch: $sec differs from GNU ld's"
    fi
  done

  # --script=FILE, -dT FILE and --default-script FILE give the same file.
  for opt in "--script=img.ld" "-dT img.ld" "-dT=img.ld" \
             "--default-script img.ld"; do
    t_mld -m $emul -static --gc-sections $opt img.o -o alt.out
    if [ "$T_STATUS" = 0 ] && cmp -s img.out alt.out; then
      t_pass "$arch: $opt is -T img.ld"
    else
      t_fail "$arch: $opt differs from -T img.ld"
    fi
  done

  # --print-memory-usage and the map's MEMORY regions, as GNU ld's.
  $ld -static --gc-sections -T img.ld img.o -o ref2.out \
    --print-memory-usage -Map=ref.map >ref.pmu 2>/dev/null
  t_mld -m $emul -static --gc-sections -T img.ld img.o -o img2.out \
    --print-memory-usage -Map=img.map
  if cmp -s ref.pmu stdout.txt; then
    t_pass "$arch: --print-memory-usage is GNU ld's"
  else
    t_fail "$arch: --print-memory-usage: $(cat stdout.txt), GNU ld's $(cat ref.pmu)"
  fi
  if diff <(sed -n '/^Memory Configuration/,/^$/p' ref.map) \
          <(sed -n '/^Memory Configuration/,/^$/p' img.map) >/dev/null; then
    t_pass "$arch: the map lists the regions as GNU ld's"
  else
    t_fail "$arch: the map's Memory Configuration differs from GNU ld's"
  fi
  # The script's assignments, each with GNU ld's value, in its order.
  assigns() {
    sed -n 's/^ *\(0x[0-9a-f]*\) *\([A-Za-z_.][A-Za-z0-9_.]*\) = .*/\1 \2/p' "$1"
  }
  assigns ref.map >ref.assign
  assigns img.map >img.assign
  if [ -s img.assign ] && cmp -s ref.assign img.assign; then
    t_pass "$arch: the map shows the script's assignments as GNU ld's"
  else
    t_fail "$arch: map assignments: $(diff ref.assign img.assign | head -6)"
  fi

  # A RAM too small: GNU ld's two messages, and no output.
  script $rom $ram $page | sed 's/LENGTH = 4K/LENGTH = 4/' >small.ld
  $ld -static -T small.ld img.o -o small-ref.out 2>small-ref.err
  grep -o "overflowed by [0-9]* bytes" small-ref.err >ref.over
  rm -f small.out
  t_mld -m $emul -static -T small.ld img.o -o small.out
  expect_failure
  # GNU ld's lines, without "error:", as GNU ld's own tests match them.
  T_GNU_ERROR=1 expect_error "small.out section \`.data' will not fit in region \`RAM'"
  T_GNU_ERROR=1 expect_error "mld: region \`RAM' overflowed by $(sed 's/[^0-9]//g' ref.over) bytes"
  expect_no_file small.out
done

# Malformed scripts: file:line:column, never a crash.
gcc -c -x c /dev/null -o empty.o 2>/dev/null || t_hard_error "gcc -c"
printf 'SECTIONS {\n  .text : { *(.text) }\n  .data : { *(.data) \n' >eof.ld
t_mld -T eof.ld empty.o -o out
expect_failure
expect_error "eof.ld:" "syntax error at end of file"
printf 'SECTIONS {\n  .text : { *(.text) } >\n}\n' >bad.ld
t_mld -T bad.ld empty.o -o out
expect_failure
expect_error "bad.ld:3: syntax error near '}' (column 1)"
printf 'SECTIONS { . = 0x1000 + ; }\n' >expr.ld
t_mld -T expr.ld empty.o -o out
expect_failure
expect_error "expr.ld:1: syntax error in expression"
"$PYTHON" -c "print('SECTIONS { . = ' + '(' * 100000 + '1' + ')' * 100000 + '; }')" >deep.ld
t_mld -T deep.ld empty.o -o out
expect_failure
expect_error "deep.ld:1:" "nested too deeply"
printf 'SECTIONS { .text : { *(.text) } . = 0x10000; .data : { . = 0x10; . = 0x8; } }\n' >back.ld
t_mld -T back.ld empty.o -o out
expect_failure
expect_error "back.ld:1: cannot move location counter backwards"
printf 'a = b; b = a; SECTIONS { .text : { *(.text) } }\n' >cycle.ld
t_mld -T cycle.ld empty.o -o out --noinhibit-exec
[ "$T_STATUS" -lt 126 ] && t_pass "cyclic symbols: exit status $T_STATUS, no crash" ||
  t_fail "cyclic symbols: status $T_STATUS"
# A section of 8 GiB of fill (found by fuzz_script, which took it for a
# hang): written fast, and with the file size limited, a clear error.
printf 'SECTIONS { .text : { *(.text) } .big : { BYTE(1) . = . + 0x200000000; } =0xa5 }\n' >big.ld
rm -f big.out
(ulimit -f 65536; "$MLD" -T big.ld empty.o -o big.out) >stdout.txt 2>stderr.txt
T_STATUS=$?
T_CMD="mld -T big.ld (ulimit -f 65536)"
expect_failure
expect_error "cannot write output file" "File too large"
expect_no_file big.out
printf 'SECTIONS { .text : { *(.text) } ASSERT(0, "the image is broken") }\n' >assert.ld
t_mld -T assert.ld empty.o -o out
expect_failure
expect_error "the image is broken"
printf 'SECTIONS { .text 0x1000 : { *(.text) } > NOWHERE }\n' >region.ld
t_mld -T region.ld empty.o -o out
expect_failure
expect_error "region.ld:1: memory region \`NOWHERE' not declared"
t_done
