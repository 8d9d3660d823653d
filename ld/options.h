// options.h: the command line, shared by main.c and options.c.
#ifndef MLD_OPTIONS_H
#define MLD_OPTIONS_H

#include "../lib/mld.h"

void parse_options(struct ctx *ctx, int argc, char **argv);

#endif
