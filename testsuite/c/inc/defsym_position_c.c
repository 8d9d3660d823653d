/* Helper of defsym_position.c: extracted for the second --defsym. */
int dsp_in_archive(void) { return 3; }
