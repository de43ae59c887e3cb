#include "filterocr_graft.h"
#include <cstdio>

int filterocr_pdf_assemble(const filterocr_graft_page *, int, const char *, const char *, filterocr_graft_write,
                           void *, char *message, size_t message_size) {
    std::snprintf(message, message_size, "not built yet");
    return -1;
}
