/* Helper for aarch64_mcmodel_tiny.c (also -mcmodel=tiny). */
int tiny_word = 0x1234567;
long tiny_dword = -5000000000L;
const double tiny_const = 2.5;
char tiny_bytes[16] = "abcdefghijklmno";
static int tiny_hidden_counter = 3;

int tiny_bump(int by) { return tiny_hidden_counter += by; }
int *tiny_counter_addr(void) { return &tiny_hidden_counter; }
