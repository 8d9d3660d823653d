void run_kernel(const char *tag);
