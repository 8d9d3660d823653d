/* Member of libexcl.a for exclude_libs.c: hidden by --exclude-libs. */
int excl_data = 5;
int excl_value(void) { return excl_data * 2; }
