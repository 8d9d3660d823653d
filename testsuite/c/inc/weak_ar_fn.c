/* Archive member that must NOT be pulled into weak_archive. */
int ar_only_fn(void) { return 1; }
