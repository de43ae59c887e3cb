#ifndef FILTEROCR_CEDITLINE_SHIM_H
#define FILTEROCR_CEDITLINE_SHIM_H

#include <stdio.h>
#include <editline/readline.h>

#endif
