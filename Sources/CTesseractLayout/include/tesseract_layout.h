#ifndef FILTEROCR_TESSERACT_LAYOUT_H
#define FILTEROCR_TESSERACT_LAYOUT_H

// What Tesseract's result iterator knows of a page's layout that its C API leaves out: a line's
// heights and the writing direction of a paragraph. Each takes the iterator `TessBaseAPIGetIterator`
// returned (a `TessResultIterator *`), passed untyped so that this module does not declare
// Tesseract's C types a second time beside CTesseract.

#ifdef __cplusplus
extern "C" {
#endif

/// The x-height of the iterator's text line, and how far its descenders fall below the
/// baseline (positive) and its ascenders rise above the x-height, in the page's pixels.
void filterocr_line_heights(const void *iterator, float *x_height, float *descenders, float *ascenders);

/// 1 when the iterator is past the last element of `level` (a Tesseract `PageIteratorLevel`:
/// 0 block, 1 paragraph, 2 line, 3 word), or at an element that holds none (a picture's block
/// holds no words).
int filterocr_is_empty(const void *iterator, int level);

/// 1 when the iterator's paragraph reads left to right, 0 when right to left.
int filterocr_paragraph_is_left_to_right(const void *iterator);

#ifdef __cplusplus
}
#endif

#endif
