#ifndef FILTEROCR_PDF_STRUCTURE_H
#define FILTEROCR_PDF_STRUCTURE_H

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>
#include <stdint.h>

/// The pages of `doc`'s page tree, counted leaf by leaf (what /Count claims is not trusted),
/// each shared subtree walked once but counted each time it is met (`shared` then set); throws
/// when the tree loops or nests more than `max_depth` deep.
int64_t filterocr_page_tree_count(fz_context *ctx, pdf_document *doc, int max_depth, int *shared);

/// The image a page was refused for.
typedef struct {
    int64_t width, height;
} image_refusal;

/// Throws when what drawing `page` reads (its resources, inherited or not, contents and
/// annotations' appearances) nests more than `max_depth` dictionaries and arrays deep, or
/// holds an image of more than `max_pixels` pixels (by its dictionary, or by a JPEG 2000
/// codestream's own header), which `refusal` then gives.
void filterocr_check_page(fz_context *ctx, pdf_document *doc, pdf_obj *page, int max_depth, int64_t max_pixels,
                          image_refusal *refusal);

/// Makes `page`'s geometry one every reader shows alike, in memory (the file is not written):
/// a /Rotate, its own or inherited, that is not a whole multiple of 90 within 32 bits becomes
/// the quarter turn it means (0 when it means none), and a /UserUnit that is not a positive
/// number goes (1, the default). The searchable PDF's graft writes the same values, so that
/// its text lies where MuPDF read the words.
void filterocr_agree_on_geometry(fz_context *ctx, pdf_obj *page);

#endif
