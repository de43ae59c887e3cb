#define _GNU_SOURCE
#include <stdio.h>
#include <fcntl.h>
#include "file_calls.h"

int filterocr_rename_noreplace(int from_folder, const char *from, int to_folder, const char *to) {
    return renameat2(from_folder, from, to_folder, to, RENAME_NOREPLACE);
}
