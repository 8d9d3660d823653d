/* For no_relax.c: definitions loaded through the GOT from the main file. */
int nr_counter = 10;
const char nr_name[] = "no-relax";
int nr_bump(int by) { nr_counter += by; return nr_counter; }
