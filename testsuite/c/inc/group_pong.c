int ping(int);
int ping_back(int);
int pong(int n) { return ping_back(0) + ping(n - 1); }
