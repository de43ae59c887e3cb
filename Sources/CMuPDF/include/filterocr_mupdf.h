#ifndef FILTEROCR_MUPDF_H
#define FILTEROCR_MUPDF_H

#include <stddef.h>

/// A PDF opened by MuPDF: its own context and document, used by one thread at a time.
typedef struct filterocr_pdf filterocr_pdf;

/// Why a call failed.
typedef enum {
    FILTEROCR_PDF_OK = 0,
    /// Needs a password to open.
    FILTEROCR_PDF_ENCRYPTED = 1,
    /// MuPDF could not read it, even after repairing its cross-reference table.
    FILTEROCR_PDF_DAMAGED = 2,
    /// Out of memory, or a library failure unrelated to the file.
    FILTEROCR_PDF_FAILED = 3,
} filterocr_pdf_status;

/// What a page holds, found by running it through a device that draws nothing.
typedef struct {
    /// The page as shown (its /Rotate applied), in points.
    float width, height;
    /// Text drawn visibly, and text drawn invisibly (render mode 3, an OCR layer).
    int visible_text, invisible_text;
    /// Images drawn, and the pixel size of the largest, with the share of the page it covers.
    int images;
    int image_width, image_height;
    float image_coverage;
    /// Vector paths drawn (lines, boxes, outlined glyphs).
    int paths;
} filterocr_page_survey;

/// Opens the PDF at `path`; on failure returns NULL with `status` and a message set.
filterocr_pdf *filterocr_pdf_open(const char *path, size_t cache_bytes, filterocr_pdf_status *status,
                                  char *message, size_t message_size);
void filterocr_pdf_close(filterocr_pdf *pdf);

/// The number of pages, or -1 with a message.
int filterocr_pdf_page_count(filterocr_pdf *pdf, char *message, size_t message_size);

/// Surveys page `index` (from 0).
filterocr_pdf_status filterocr_pdf_survey(filterocr_pdf *pdf, int index, filterocr_page_survey *survey,
                                          char *message, size_t message_size);

/// Renders page `index` at `dpi` into `rgb`, `width` x `height` pixels of R, G, B (the size
/// `filterocr_pdf_pixel_size` gives), on white.
filterocr_pdf_status filterocr_pdf_render(filterocr_pdf *pdf, int index, float dpi, unsigned char *rgb,
                                          int width, int height, char *message, size_t message_size);

/// The pixel size of page `index` rendered at `dpi`.
filterocr_pdf_status filterocr_pdf_pixel_size(filterocr_pdf *pdf, int index, float dpi, int *width, int *height,
                                              char *message, size_t message_size);

#endif
