/* More tentative definitions for the common_order* tests: GNU ld puts
   them in this file's COMMON section, after the first file's; cmo_shared
   is larger here, so it lives here. */
char cmo_o1[7];
double cmo_o2;
char cmo_o3;
int cmo_o4[3];
char cmo_shared[40];
