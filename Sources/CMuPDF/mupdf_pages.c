// MuPDF reports errors by longjmp (fz_try/fz_catch), which Swift cannot call through: every
// entry point here catches them and returns a status and a message.
#include "filterocr_mupdf.h"

#include <mupdf/fitz.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

struct filterocr_pdf {
    fz_context *ctx;
    fz_document *doc;
};

static void copy_message(const char *text, char *message, size_t size) {
    if (size == 0) return;
    snprintf(message, size, "%s", text ? text : "unknown error");
}

// The status and message of the error just caught: out of memory is ours, anything else the file's.
static filterocr_pdf_status caught_status(fz_context *ctx, char *message, size_t size) {
    copy_message(fz_caught_message(ctx), message, size);
    return fz_caught(ctx) == FZ_ERROR_MEMORY ? FILTEROCR_PDF_FAILED : FILTEROCR_PDF_DAMAGED;
}

// MuPDF prints warnings and errors on standard error by default; filterocr says what matters.
static void ignore_message(void *user, const char *text) {
    (void)user;
    (void)text;
}

filterocr_pdf *filterocr_pdf_open(const char *path, size_t cache_bytes, filterocr_pdf_status *status,
                                  char *message, size_t message_size) {
    fz_context *ctx = fz_new_context(NULL, NULL, cache_bytes);
    if (!ctx) {
        *status = FILTEROCR_PDF_FAILED;
        copy_message("out of memory", message, message_size);
        return NULL;
    }
    fz_set_warning_callback(ctx, ignore_message, NULL);
    fz_set_error_callback(ctx, ignore_message, NULL);
    fz_document *doc = NULL;
    fz_var(doc);
    fz_try(ctx) {
        fz_register_document_handlers(ctx);
        doc = fz_open_document(ctx, path);
        // An owner password alone (printing or copying restricted) opens with the empty user
        // password, which MuPDF tries itself.
        if (fz_needs_password(ctx, doc) && !fz_authenticate_password(ctx, doc, "")) {
            *status = FILTEROCR_PDF_ENCRYPTED;
            copy_message("encrypted", message, message_size);
            fz_drop_document(ctx, doc);
            fz_drop_context(ctx);
            return NULL;
        }
    }
    fz_catch(ctx) {
        *status = caught_status(ctx, message, message_size);
        fz_drop_document(ctx, doc);
        fz_drop_context(ctx);
        return NULL;
    }
    filterocr_pdf *pdf = malloc(sizeof *pdf);
    if (!pdf) {
        fz_drop_document(ctx, doc);
        fz_drop_context(ctx);
        *status = FILTEROCR_PDF_FAILED;
        copy_message("out of memory", message, message_size);
        return NULL;
    }
    pdf->ctx = ctx;
    pdf->doc = doc;
    *status = FILTEROCR_PDF_OK;
    return pdf;
}

void filterocr_pdf_close(filterocr_pdf *pdf) {
    if (!pdf) return;
    fz_drop_document(pdf->ctx, pdf->doc);
    fz_drop_context(pdf->ctx);
    free(pdf);
}

int filterocr_pdf_page_count(filterocr_pdf *pdf, char *message, size_t message_size) {
    int count = -1;
    fz_try(pdf->ctx) { count = fz_count_pages(pdf->ctx, pdf->doc); }
    fz_catch(pdf->ctx) {
        copy_message(fz_caught_message(pdf->ctx), message, message_size);
        count = -1;
    }
    return count;
}

typedef struct {
    fz_device super;
    filterocr_page_survey *survey;
    float page_area;
} survey_device;

static void count_visible_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
                               fz_colorspace *cs, const float *color, float alpha, fz_color_params params) {
    ((survey_device *)dev)->survey->visible_text++;
}

static void count_stroked_text(fz_context *ctx, fz_device *dev, const fz_text *text, const fz_stroke_state *stroke,
                               fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
                               fz_color_params params) {
    ((survey_device *)dev)->survey->visible_text++;
}

static void count_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm, fz_rect scissor) {
    ((survey_device *)dev)->survey->visible_text++;
}

static void count_invisible_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm) {
    ((survey_device *)dev)->survey->invisible_text++;
}

static void count_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd, fz_matrix ctm,
                       fz_colorspace *cs, const float *color, float alpha, fz_color_params params) {
    ((survey_device *)dev)->survey->paths++;
}

static void note_image(fz_context *ctx, survey_device *device, fz_image *image, fz_matrix ctm) {
    filterocr_page_survey *survey = device->survey;
    survey->images++;
    if ((long)image->w * image->h <= (long)survey->image_width * survey->image_height) return;
    fz_rect placed = fz_transform_rect(fz_unit_rect, ctm);
    float area = (placed.x1 - placed.x0) * (placed.y1 - placed.y0);
    survey->image_width = image->w;
    survey->image_height = image->h;
    survey->image_coverage = device->page_area > 0 ? area / device->page_area : 0;
}

static void count_image(fz_context *ctx, fz_device *dev, fz_image *image, fz_matrix ctm, float alpha,
                        fz_color_params params) {
    note_image(ctx, (survey_device *)dev, image, ctm);
}

static void count_image_mask(fz_context *ctx, fz_device *dev, fz_image *image, fz_matrix ctm, fz_colorspace *cs,
                             const float *color, float alpha, fz_color_params params) {
    note_image(ctx, (survey_device *)dev, image, ctm);
}

filterocr_pdf_status filterocr_pdf_survey(filterocr_pdf *pdf, int index, filterocr_page_survey *survey,
                                          char *message, size_t message_size) {
    fz_context *ctx = pdf->ctx;
    fz_page *page = NULL;
    fz_device *dev = NULL;
    filterocr_pdf_status status = FILTEROCR_PDF_OK;
    memset(survey, 0, sizeof *survey);
    fz_var(page);
    fz_var(dev);
    fz_try(ctx) {
        page = fz_load_page(ctx, pdf->doc, index);
        fz_rect bounds = fz_bound_page(ctx, page);
        survey->width = bounds.x1 - bounds.x0;
        survey->height = bounds.y1 - bounds.y0;
        survey_device *device = fz_new_derived_device(ctx, survey_device);
        dev = &device->super;
        device->survey = survey;
        device->page_area = survey->width * survey->height;
        dev->fill_text = count_visible_text;
        dev->stroke_text = count_stroked_text;
        dev->clip_text = count_clip_text;
        dev->ignore_text = count_invisible_text;
        dev->fill_path = count_path;
        dev->fill_image = count_image;
        dev->fill_image_mask = count_image_mask;
        fz_run_page(ctx, page, dev, fz_identity, NULL);
        fz_close_device(ctx, dev);
    }
    fz_always(ctx) {
        fz_drop_device(ctx, dev);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught_status(ctx, message, message_size);
    }
    return status;
}

static fz_irect pixel_bounds(fz_context *ctx, fz_page *page, float dpi, fz_matrix *ctm) {
    *ctm = fz_scale(dpi / 72.0f, dpi / 72.0f);
    return fz_round_rect(fz_transform_rect(fz_bound_page(ctx, page), *ctm));
}

filterocr_pdf_status filterocr_pdf_pixel_size(filterocr_pdf *pdf, int index, float dpi, int *width, int *height,
                                              char *message, size_t message_size) {
    fz_context *ctx = pdf->ctx;
    fz_page *page = NULL;
    filterocr_pdf_status status = FILTEROCR_PDF_OK;
    fz_var(page);
    fz_try(ctx) {
        page = fz_load_page(ctx, pdf->doc, index);
        fz_matrix ctm;
        fz_irect box = pixel_bounds(ctx, page, dpi, &ctm);
        *width = box.x1 - box.x0;
        *height = box.y1 - box.y0;
    }
    fz_always(ctx) { fz_drop_page(ctx, page); }
    fz_catch(ctx) {
        status = caught_status(ctx, message, message_size);
    }
    return status;
}

filterocr_pdf_status filterocr_pdf_render(filterocr_pdf *pdf, int index, float dpi, unsigned char *rgb,
                                          int width, int height, char *message, size_t message_size) {
    fz_context *ctx = pdf->ctx;
    fz_page *page = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *dev = NULL;
    filterocr_pdf_status status = FILTEROCR_PDF_OK;
    fz_var(page);
    fz_var(pixmap);
    fz_var(dev);
    fz_try(ctx) {
        page = fz_load_page(ctx, pdf->doc, index);
        fz_matrix ctm;
        fz_irect box = pixel_bounds(ctx, page, dpi, &ctm);
        if (box.x1 - box.x0 != width || box.y1 - box.y0 != height) fz_throw(ctx, FZ_ERROR_GENERIC, "page size changed");
        // MuPDF draws straight into the caller's buffer: no copy of the page.
        pixmap = fz_new_pixmap_with_bbox_and_data(ctx, fz_device_rgb(ctx), box, NULL, 0, rgb);
        fz_clear_pixmap_with_value(ctx, pixmap, 255);
        dev = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_run_page(ctx, page, dev, ctm, NULL);
        fz_close_device(ctx, dev);
    }
    fz_always(ctx) {
        fz_drop_device(ctx, dev);
        fz_drop_pixmap(ctx, pixmap);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught_status(ctx, message, message_size);
    }
    return status;
}
