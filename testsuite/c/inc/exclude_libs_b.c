/* Member of libkept.a for exclude_libs.c: not excluded. */
int kept_data = 7;
int kept_value(void) { return kept_data + 1; }
