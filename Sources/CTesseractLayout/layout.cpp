#include "tesseract_layout.h"

#include <tesseract/resultiterator.h>

namespace {
const tesseract::ResultIterator *result_iterator(const void *iterator) {
    return static_cast<const tesseract::ResultIterator *>(iterator);
}
}

extern "C" void filterocr_line_heights(const void *iterator, float *x_height, float *descenders, float *ascenders) {
    float row_height = 0, row_descenders = 0, row_ascenders = 0;
    result_iterator(iterator)->RowAttributes(&row_height, &row_descenders, &row_ascenders);
    // Tesseract keeps descenders as a negative offset from the baseline; hOCR's x_descenders
    // is the distance, as its renderer writes it.
    *x_height = row_height;
    *descenders = -row_descenders;
    *ascenders = row_ascenders;
}

extern "C" int filterocr_paragraph_is_left_to_right(const void *iterator) {
    return result_iterator(iterator)->ParagraphIsLtr() ? 1 : 0;
}

extern "C" int filterocr_is_empty(const void *iterator, int level) {
    return result_iterator(iterator)->Empty(static_cast<tesseract::PageIteratorLevel>(level)) ? 1 : 0;
}
