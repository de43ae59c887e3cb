#ifndef FILTEROCR_MUPDF_H
#define FILTEROCR_MUPDF_H

#include <stddef.h>
#include <stdint.h>

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
    /// Drawing the page took longer than it was given.
    FILTEROCR_PDF_TIMED_OUT = 4,
    /// The page wanted more memory than the document's budget (the message holds the budget in
    /// bytes).
    FILTEROCR_PDF_OVER_BUDGET = 5,
} filterocr_pdf_status;

/// What a page holds, found by running it through a device that draws nothing.
typedef struct {
    /// The page as shown (its /Rotate applied), in points.
    float width, height;
    /// Text drawn visibly (filled or stroked), and text drawn invisibly (render mode 3, an OCR
    /// layer); text that only clips (render mode 7) is neither.
    int visible_text, invisible_text;
    /// Images drawn, and the pixel size of the largest, with the share of the page it covers.
    int images;
    int image_width, image_height;
    float image_coverage;
    /// Vector paths drawn (lines, boxes, outlined glyphs).
    int paths;
} filterocr_page_survey;

/// Opens the PDF at `path`; on failure returns NULL with `status` and a message set. MuPDF may
/// allocate at most `memory_limit` bytes for it (its cache of `cache_bytes` included): what a
/// file makes it allocate beyond that fails as out of memory. A page that draws an image of
/// more than `max_pixels` pixels fails before it is loaded.
filterocr_pdf *filterocr_pdf_open(const char *path, size_t cache_bytes, size_t memory_limit, int64_t max_pixels,
                                  filterocr_pdf_status *status, char *message, size_t message_size);

/// The size of the image a page failed for, when it drew one of more than the `max_pixels`
/// given to `filterocr_pdf_open` (found before anything was decoded); 0 x 0 otherwise.
void filterocr_pdf_refused_image(filterocr_pdf *pdf, int64_t *width, int64_t *height);
void filterocr_pdf_close(filterocr_pdf *pdf);

/// The number of pages the page tree holds (never more than its /Count claims), or -1 with a
/// message; `shared_pages` is set when a page or a subtree of pages appears in the tree more
/// than once (which the PDF format does not allow, and a million-page tree of a few objects uses).
int filterocr_pdf_page_count(filterocr_pdf *pdf, int *shared_pages, char *message, size_t message_size);

/// The object (number, generation) of the catalog in `root[0..1]`, and of each of the `count`
/// pages `numbers` (from 1), as MuPDF finds them to draw them, in `pages[2 * i]` and
/// `pages[2 * i + 1]` (0 and 0 for a page that is no object of its own), and whether MuPDF had
/// to repair the file (its cross-reference table rebuilt) in `repaired`. Returns 0, or -1 with
/// a message when a page cannot be found: what the searchable PDF's graft compares with qpdf's
/// reading.
int filterocr_pdf_objects(filterocr_pdf *pdf, const int *numbers, int count, int *root, int *pages, int *repaired,
                          char *message, size_t message_size);

/// Surveys page `index` (from 0), stopping after `seconds` (0 for no limit).
filterocr_pdf_status filterocr_pdf_survey(filterocr_pdf *pdf, int index, double seconds,
                                          filterocr_page_survey *survey, char *message, size_t message_size);

/// Renders page `index` at `dpi` into `rgb`, `width` x `height` pixels of R, G, B (the size
/// `filterocr_pdf_pixel_size` gives), on white, stopping after `seconds` (0 for no limit).
filterocr_pdf_status filterocr_pdf_render(filterocr_pdf *pdf, int index, float dpi, double seconds, unsigned char *rgb,
                                          int width, int height, char *message, size_t message_size);

/// The pixel size of page `index` rendered at `dpi`.
filterocr_pdf_status filterocr_pdf_pixel_size(filterocr_pdf *pdf, int index, float dpi, int *width, int *height,
                                              char *message, size_t message_size);

#endif
