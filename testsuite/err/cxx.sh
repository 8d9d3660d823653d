#!/bin/bash
if [ -z "${BASH_VERSION:-}" ]; then exec bash "$0" "$@"; fi
. "$(dirname "$0")/../lib.sh"
# A C++ program (exceptions across functions, virtual calls, templates
# in COMDAT groups, thread_local with a constructor, iostreams) linked by
# mld runs like the one GNU ld links, with and without --gc-sections, and
# on AArch64 under qemu when the cross compiler is there.

command -v g++ >/dev/null || t_skip "g++ is not installed"
t_write prog.cc <<'SRC'
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>
struct Base { virtual ~Base() = default; virtual std::string name() const = 0; };
struct Derived : Base { std::string name() const override { return "derived"; } };
static thread_local std::vector<int> kept;
int check(int x) {
  if (x > 2) throw std::runtime_error("too big: " + std::to_string(x));
  return x;
}
int main() {
  std::map<std::string, int> m{{"a", 1}, {"b", 2}};
  std::unique_ptr<Base> p(new Derived);
  std::cout << p->name() << " " << m["b"] << std::endl;
  for (int i = 0; i < 5; i++) {
    try { kept.push_back(check(i)); }
    catch (const std::exception &e) { std::cout << "caught " << e.what() << "\n"; }
  }
  std::cout << "kept " << kept.size() << std::endl;
  return 0;
}
SRC

try() {  # try NAME CXX RUN [FLAGS...]
  local name=$1 cxx=$2 run=$3
  shift 3
  t_have "$name" "$cxx" $run || return
  $cxx -O2 -c -ffunction-sections -o "$name.o" prog.cc || t_hard_error "$cxx failed"
  $cxx -static -o "$name-ref" "$name.o" "$@" 2>/dev/null
  t_run $cxx -static -B"$T/bin/" -o "$name-mld" "$name.o" "$@"
  local want got
  want=$($run "./$name-ref")
  got=$($run "./$name-mld")
  if [ "$T_STATUS" = 0 ] && [ -n "$want" ] && [ "$want" = "$got" ]; then
    t_pass "$name: same output as GNU ld's"
  else
    t_fail "$name: link exit $T_STATUS, output '$got', want '$want'"
  fi
}
try x86_64 g++ ""
try x86_64-gc g++ "" -Wl,--gc-sections
try aarch64 aarch64-linux-gnu-g++ qemu-aarch64
t_done
