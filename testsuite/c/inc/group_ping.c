/* libping.a member for archive_group.c */
int pong(int);
static int ping_final(int n) { return 1000 + n; }
int ping(int n) { return n <= 0 ? ping_final(n) : 1 + pong(n - 1); }
