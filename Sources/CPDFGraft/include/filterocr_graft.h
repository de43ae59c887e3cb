#ifndef FILTEROCR_GRAFT_H
#define FILTEROCR_GRAFT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One page of an assembled PDF.
typedef struct {
    /// The PDF whose page `page` (from 1) is placed, as it is but for the text laid over it.
    const char *source;
    int page;
    /// Whether `source` is one of the user's PDFs, kept whole (the first of them is the output
    /// itself, and the pages of each that no entry names stay in their places), rather than a
    /// PDF of pages filterocr wrote (an image and its text), whose pages stand alone.
    int kept_whole;
    /// The PDF of text layers whose page `text_page` (from 1) is laid over it, invisible; NULL
    /// (and 0) for none.
    const char *text_layers;
    int text_page;
    /// Removes the page's own invisible text (an earlier OCR layer) before laying the new one.
    int remove_invisible_text;
    /// Quarter turns clockwise added to the page's /Rotate, and the part of the page as shown
    /// (fractions from its top left, before that turn) its crop box keeps: how the text layer's
    /// page was rendered from it. 0 and 0, 0, 1, 1 change nothing.
    int quarter_turns;
    double shown_left, shown_top, shown_right, shown_bottom;
    /// For a page filterocr wrote, the page of one of the user's PDFs it stands in for (a
    /// page the filters redrew: straightened, flattened): it takes that page's place, which
    /// is not kept besides. NULL (and 0) for none.
    const char *stands_for;
    int stands_for_page;
} filterocr_graft_page;

/// A PDF as the renderer (MuPDF) read it: its number of pages, the object (number, generation)
/// of its catalog and of each page the run read, `checked_pages[i]` (from 1) being object
/// `pages[2 * i]`, `pages[2 * i + 1]`, and whether MuPDF had to repair it.
typedef struct {
    const char *source;
    int root_number, root_generation;
    int page_count;
    int checked_count;
    const int *checked_pages;
    const int *pages;
    int repaired;
} filterocr_graft_view;

/// Receives the assembled PDF's bytes in order; returns 0, or nonzero to stop with an error.
typedef int (*filterocr_graft_write)(void *context, const unsigned char *bytes, size_t count);

/// Writes a PDF of `pages` through `write`. Returns 0, or -1 with a one-line message.
///
/// The first PDF kept whole among `pages` is the output itself, changed where its pages are
/// (everything it holds at document level stays). Each such PDF's pages that `pages` leaves
/// out stay in their places among those it names. `producer` (UTF-8) goes into the document
/// information's /Producer and the XMP's pdf:Producer, with the time into /ModDate and
/// xmp:ModifyDate; the XMP loses its PDF/A claim (pdfaid) when a page changed.
///
/// Each PDF kept whole that `views` describes must be read by qpdf as the view says (the same
/// catalog, as many pages, the same object for each page read), and neither library may have
/// repaired it;
/// otherwise nothing is written and `refused_view` is set to the view's index (it is -1 for any
/// other failure): the function returns -2 with the difference in `message`, or -3 with the
/// library that repaired it ("MuPDF", "qpdf", or "MuPDF and qpdf").
///
/// With `optimize`, the output is made smaller losslessly before it is written: streams
/// re-encoded where that is smaller (their decoded bytes, an image's pixels, unchanged),
/// resources no page uses dropped, objects packed into object streams.
int filterocr_pdf_assemble(const filterocr_graft_page *pages, int count, const filterocr_graft_view *views,
                           int view_count, const char *producer, int optimize, filterocr_graft_write write,
                           void *context, char *message, size_t message_size, int *refused_view);

/// Writes the PDF at `source` through `write`, made smaller losslessly as `filterocr_pdf_assemble`
/// does with `optimize`. Returns 0, or -1 with a one-line message.
int filterocr_pdf_optimize(const char *source, filterocr_graft_write write, void *context, char *message,
                           size_t message_size);

#ifdef __cplusplus
}
#endif

#endif
