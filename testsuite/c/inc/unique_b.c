/* Helper for unique_orphans.c and unique_pattern.c. */
__attribute__((section("myorph"), used)) int o3 = 5;
int u_b1 = 6;
int other_orph(void) { return o3 + u_b1; }
