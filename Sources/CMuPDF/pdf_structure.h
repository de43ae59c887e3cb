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

#endif
