/* linkonce.c's other copies: a larger .gnu.linkonce.d section (lost), a
   function copy (lost), and the read-only part of the function copy,
   which goes with it.  Their own symbols are local: GNU ld reports the
   debugging information's references to a global defined only in a
   discarded section as undefined (mld too). */
__attribute__((section(".gnu.linkonce.d.shared_counter")))
int shared_counter = 7;
__attribute__((section(".gnu.linkonce.d.shared_counter"), used))
static int shared_pad = 8;
__attribute__((section(".gnu.linkonce.t.shared_twice"), noinline))
int shared_twice(int x) { return 3 * x; }
__attribute__((section(".gnu.linkonce.r.shared_twice"), used))
static const char shared_twice_text[] = "the other copy";
__attribute__((section(".gnu.linkonce.r.other_text")))
const char other_text_data[] = "kept";

int other_counter(void) { return shared_counter; }
int other_twice(int x) { return shared_twice(x); }
const char *other_text(void) { return other_text_data; }
