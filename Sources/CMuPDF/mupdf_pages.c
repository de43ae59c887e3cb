// MuPDF reports errors by longjmp (fz_try/fz_catch), which Swift cannot call through: every
// entry point here catches them and returns a status and a message.
#include "filterocr_mupdf.h"
#include "pdf_structure.h"

#include <errno.h>
#include <limits.h>
#include <mupdf/fitz.h>
#include <mupdf/pdf.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

// Deeper than any real document nests (forms in forms, fonts, patterns) and far shallower
// than the depth at which MuPDF's recursion, some hundred bytes of stack a level, fills a
// thread's stack: 60,000 levels end the process.
enum { MAX_NESTING = 1000, MAX_PAGE_TREE_DEPTH = 256 };

/// What MuPDF has allocated for one document, against a limit: what a file claims (a JBIG2
/// page of 100000 x 100000, a huge decoded image) fails as an allocation, which MuPDF reports
/// as an error, instead of taking the machine's memory.
typedef struct {
    size_t used;
    size_t limit;
    /// The size of an allocation refused since this was last cleared, 0 for none: MuPDF takes
    /// some such failures as a warning and draws the page without the image, which would pass
    /// for a blank page. MuPDF retries a failed allocation after emptying its cache; one as
    /// large that succeeds clears it.
    size_t refused;
} memory_budget;

// Each block carries its size in front, so that freeing gives it back to the budget; 16
// bytes keep the block as aligned as malloc's.
enum { BLOCK_HEADER = 16 };

static void *budget_malloc(void *user, size_t size) {
    memory_budget *budget = user;
    if (size > budget->limit - budget->used || size > SIZE_MAX - BLOCK_HEADER) {
        budget->refused = size;
        return NULL;
    }
    unsigned char *block = malloc(size + BLOCK_HEADER);
    if (!block) return NULL;
    memcpy(block, &size, sizeof size);
    budget->used += size;
    if (size >= budget->refused) budget->refused = 0;
    return block + BLOCK_HEADER;
}

static void budget_free(void *user, void *pointer) {
    if (!pointer) return;
    memory_budget *budget = user;
    unsigned char *block = (unsigned char *)pointer - BLOCK_HEADER;
    size_t size;
    memcpy(&size, block, sizeof size);
    budget->used -= size;
    free(block);
}

static void *budget_realloc(void *user, void *pointer, size_t size) {
    if (!pointer) return budget_malloc(user, size);
    memory_budget *budget = user;
    unsigned char *block = (unsigned char *)pointer - BLOCK_HEADER;
    size_t old;
    memcpy(&old, block, sizeof old);
    if (size > old && (size - old > budget->limit - budget->used || size > SIZE_MAX - BLOCK_HEADER)) {
        budget->refused = size;
        return NULL;
    }
    unsigned char *moved = realloc(block, size + BLOCK_HEADER);
    if (!moved) return NULL;
    memcpy(moved, &size, sizeof size);
    budget->used = budget->used - old + size;
    if (size >= budget->refused) budget->refused = 0;
    return moved + BLOCK_HEADER;
}

struct filterocr_pdf {
    fz_context *ctx;
    fz_document *doc;
    memory_budget budget;
    fz_alloc_context alloc;
    /// The page whose structure was last checked, from 0; -1 for none.
    int checked_page;
    /// The most pixels an image a page draws may have.
    int64_t max_pixels;
    /// The image the last page refused drew.
    image_refusal refused;
};

/// Ends a page's drawing once it has taken `seconds`: MuPDF polls the cookie between
/// operators, so a page of endless drawing stops, whatever it holds.
typedef struct {
    fz_cookie cookie;
    double seconds;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t finished;
    int done, fired, running;
} watchdog;

static void *watch(void *argument) {
    watchdog *dog = argument;
    struct timespec deadline;
    clock_gettime(CLOCK_REALTIME, &deadline);
    double whole = floor(dog->seconds);
    deadline.tv_sec += (time_t)whole;
    deadline.tv_nsec += (long)((dog->seconds - whole) * 1e9);
    if (deadline.tv_nsec >= 1000000000L) {
        deadline.tv_sec += 1;
        deadline.tv_nsec -= 1000000000L;
    }
    pthread_mutex_lock(&dog->lock);
    while (!dog->done) {
        if (pthread_cond_timedwait(&dog->finished, &dog->lock, &deadline) == ETIMEDOUT) {
            dog->fired = 1;
            dog->cookie.abort = 1;
            break;
        }
    }
    pthread_mutex_unlock(&dog->lock);
    return NULL;
}

static void watchdog_start(watchdog *dog, double seconds) {
    memset(dog, 0, sizeof *dog);
    dog->seconds = seconds;
    pthread_mutex_init(&dog->lock, NULL);
    pthread_cond_init(&dog->finished, NULL);
    // Without a thread the page is drawn without a deadline, as before.
    dog->running = seconds > 0 && pthread_create(&dog->thread, NULL, watch, dog) == 0;
}

/// Stops the watch; true when the deadline had passed.
static int watchdog_stop(watchdog *dog) {
    if (dog->running) {
        pthread_mutex_lock(&dog->lock);
        dog->done = 1;
        pthread_cond_signal(&dog->finished);
        pthread_mutex_unlock(&dog->lock);
        pthread_join(dog->thread, NULL);
    }
    pthread_mutex_destroy(&dog->lock);
    pthread_cond_destroy(&dog->finished);
    return dog->fired;
}

/// `status`, or a timeout when the page's deadline passed, or the budget when the page wanted
/// more memory than it allows (whether MuPDF failed the page or drew it without what it could
/// not allocate).
static filterocr_pdf_status finish_watch(filterocr_pdf *pdf, watchdog *dog, filterocr_pdf_status status, char *message,
                                         size_t size) {
    int late = watchdog_stop(dog);
    int refused = pdf->budget.refused > 0;
    pdf->budget.refused = 0;
    if (late) {
        if (size > 0) snprintf(message, size, "drawing the page took more than %g s", dog->seconds);
        return FILTEROCR_PDF_TIMED_OUT;
    }
    if (refused) {
        if (size > 0) snprintf(message, size, "%zu", pdf->budget.limit);
        return FILTEROCR_PDF_OVER_BUDGET;
    }
    return status;
}

/// Loads page `index`, its structure checked first (once per page) where MuPDF would recurse
/// through it, and its geometry made one that every reader shows alike.
static fz_page *load_page(filterocr_pdf *pdf, int index) {
    fz_context *ctx = pdf->ctx;
    pdf_document *document = pdf_specifics(ctx, pdf->doc);
    if (document && pdf->checked_page != index) {
        pdf->refused = (image_refusal){0, 0};
        pdf_obj *page = pdf_lookup_page_obj(ctx, document, index);
        filterocr_check_page(ctx, document, page, MAX_NESTING, pdf->max_pixels, &pdf->refused);
        filterocr_agree_on_geometry(ctx, page);
        pdf->checked_page = index;
    }
    return fz_load_page(ctx, pdf->doc, index);
}

static void copy_message(const char *text, char *message, size_t size) {
    if (size == 0) return;
    snprintf(message, size, "%s", text ? text : "unknown error");
}

// The status and message of the error just caught: out of memory is ours, anything else the file's.
static filterocr_pdf_status caught_status(fz_context *ctx, char *message, size_t size) {
    copy_message(fz_caught_message(ctx), message, size);
    return fz_caught(ctx) == FZ_ERROR_MEMORY ? FILTEROCR_PDF_FAILED : FILTEROCR_PDF_DAMAGED;
}

void filterocr_pdf_refused_image(filterocr_pdf *pdf, int64_t *width, int64_t *height) {
    *width = pdf->refused.width;
    *height = pdf->refused.height;
}

// MuPDF prints warnings and errors on standard error by default; filterocr says what matters.
static void ignore_message(void *user, const char *text) {
    (void)user;
    (void)text;
}

filterocr_pdf *filterocr_pdf_open(const char *path, size_t cache_bytes, size_t memory_limit, int64_t max_pixels,
                                  filterocr_pdf_status *status, char *message, size_t message_size) {
    filterocr_pdf *pdf = calloc(1, sizeof *pdf);
    if (!pdf) {
        *status = FILTEROCR_PDF_FAILED;
        copy_message("out of memory", message, message_size);
        return NULL;
    }
    pdf->budget.limit = memory_limit;
    pdf->alloc = (fz_alloc_context){&pdf->budget, budget_malloc, budget_realloc, budget_free};
    pdf->checked_page = -1;
    pdf->max_pixels = max_pixels;
    fz_context *ctx = fz_new_context(&pdf->alloc, NULL, cache_bytes);
    if (!ctx) {
        free(pdf);
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
            free(pdf);
            return NULL;
        }
    }
    fz_catch(ctx) {
        *status = caught_status(ctx, message, message_size);
        fz_drop_document(ctx, doc);
        fz_drop_context(ctx);
        free(pdf);
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
    // The context is gone, and with it every block the budget counted.
    free(pdf);
}

int filterocr_pdf_page_count(filterocr_pdf *pdf, int *shared_pages, char *message, size_t message_size) {
    fz_context *ctx = pdf->ctx;
    int count = -1;
    *shared_pages = 0;
    fz_try(ctx) {
        count = fz_count_pages(ctx, pdf->doc);
        // /Count is what the file claims; the pages are what its tree holds (a claim of a
        // billion over one page is one page).
        pdf_document *document = pdf_specifics(ctx, pdf->doc);
        if (document) {
            int64_t found = filterocr_page_tree_count(ctx, document, MAX_PAGE_TREE_DEPTH, shared_pages);
            // MuPDF finds page n by the counts the tree claims: with a count of none or fewer it
            // finds no page at all.
            if (count <= 0 && found > 0)
                fz_throw(ctx, FZ_ERROR_GENERIC, "its page tree claims %d pages over %d", count,
                         found > INT_MAX ? INT_MAX : (int)found);
            if (found < count) count = found > INT_MAX ? INT_MAX : (int)found;
        }
    }
    fz_catch(ctx) {
        copy_message(fz_caught_message(ctx), message, message_size);
        count = -1;
    }
    return count;
}

// More than any real page draws (a dense map draws some hundred thousand paths), and reached in a
// few seconds: forms that each draw the next twice draw 2^40 times from a few kilobytes, and
// MuPDF's cookie counts operators per content stream only, so the survey counts what reaches
// its device, and ends the page past this.
enum { MAX_DRAWING_CALLS = 2000000 };

typedef struct {
    fz_device super;
    filterocr_page_survey *survey;
    float page_area;
    fz_cookie *cookie;
    long calls;
} survey_device;

/// Counts one call of the device; past the limit, ends the page's run.
static void tick(fz_device *dev) {
    survey_device *device = (survey_device *)dev;
    if (++device->calls > MAX_DRAWING_CALLS) device->cookie->abort = 1;
}

static void tick_clip_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd, fz_matrix ctm,
                           fz_rect scissor) {
    tick(dev);
}

static void tick_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path, const fz_stroke_state *stroke,
                             fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha, fz_color_params params) {
    tick(dev);
}

static void tick_clip_stroke_path(fz_context *ctx, fz_device *dev, const fz_path *path, const fz_stroke_state *stroke,
                                  fz_matrix ctm, fz_rect scissor) {
    tick(dev);
}

static void tick_fill_shade(fz_context *ctx, fz_device *dev, fz_shade *shade, fz_matrix ctm, float alpha,
                            fz_color_params params) {
    tick(dev);
}

static void tick_clip_image_mask(fz_context *ctx, fz_device *dev, fz_image *image, fz_matrix ctm, fz_rect scissor) {
    tick(dev);
}

static void tick_pop_clip(fz_context *ctx, fz_device *dev) {
    tick(dev);
}

static void tick_begin_group(fz_context *ctx, fz_device *dev, fz_rect area, fz_colorspace *cs, int isolated,
                             int knockout, int blendmode, float alpha) {
    tick(dev);
}

static void count_visible_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm,
                               fz_colorspace *cs, const float *color, float alpha, fz_color_params params) {
    ((survey_device *)dev)->survey->visible_text++;
    tick(dev);
}

static void count_stroked_text(fz_context *ctx, fz_device *dev, const fz_text *text, const fz_stroke_state *stroke,
                               fz_matrix ctm, fz_colorspace *cs, const float *color, float alpha,
                               fz_color_params params) {
    ((survey_device *)dev)->survey->visible_text++;
    tick(dev);
}

// Text that only clips (render mode 7) shows nothing of its own: it is not the page's visible
// text. Modes 4 to 6 fill or stroke it as well, which counts it above.
static void tick_clip_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm, fz_rect scissor) {
    tick(dev);
}

static void count_invisible_text(fz_context *ctx, fz_device *dev, const fz_text *text, fz_matrix ctm) {
    ((survey_device *)dev)->survey->invisible_text++;
    tick(dev);
}

static void count_path(fz_context *ctx, fz_device *dev, const fz_path *path, int even_odd, fz_matrix ctm,
                       fz_colorspace *cs, const float *color, float alpha, fz_color_params params) {
    ((survey_device *)dev)->survey->paths++;
    tick(dev);
}

static void note_image(fz_context *ctx, survey_device *device, fz_image *image, fz_matrix ctm) {
    tick(&device->super);
    filterocr_page_survey *survey = device->survey;
    survey->images++;
    if ((int64_t)image->w * image->h <= (int64_t)survey->image_width * survey->image_height) return;
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

filterocr_pdf_status filterocr_pdf_survey(filterocr_pdf *pdf, int index, double seconds,
                                          filterocr_page_survey *survey, char *message, size_t message_size) {
    fz_context *ctx = pdf->ctx;
    fz_page *page = NULL;
    fz_device *dev = NULL;
    filterocr_pdf_status status = FILTEROCR_PDF_OK;
    memset(survey, 0, sizeof *survey);
    watchdog dog;
    fz_var(page);
    fz_var(dev);
    watchdog_start(&dog, seconds);
    fz_try(ctx) {
        page = load_page(pdf, index);
        fz_rect bounds = fz_bound_page(ctx, page);
        survey->width = bounds.x1 - bounds.x0;
        survey->height = bounds.y1 - bounds.y0;
        survey_device *device = fz_new_derived_device(ctx, survey_device);
        dev = &device->super;
        device->survey = survey;
        device->page_area = survey->width * survey->height;
        device->cookie = &dog.cookie;
        dev->fill_text = count_visible_text;
        dev->stroke_text = count_stroked_text;
        dev->clip_text = tick_clip_text;
        dev->ignore_text = count_invisible_text;
        dev->fill_path = count_path;
        dev->fill_image = count_image;
        dev->fill_image_mask = count_image_mask;
        dev->clip_path = tick_clip_path;
        dev->stroke_path = tick_stroke_path;
        dev->clip_stroke_path = tick_clip_stroke_path;
        dev->fill_shade = tick_fill_shade;
        dev->clip_image_mask = tick_clip_image_mask;
        dev->pop_clip = tick_pop_clip;
        dev->begin_group = tick_begin_group;
        // What the page holds is its contents: a form field's value or a note's appearance is
        // not the page's text (nor is a widget's border a drawing on it). Annotations are still
        // run, for the count of drawing calls only, since rendering draws them.
        fz_run_page_contents(ctx, page, dev, fz_identity, &dog.cookie);
        filterocr_page_survey annotations;
        memset(&annotations, 0, sizeof annotations);
        device->survey = &annotations;
        fz_run_page_annots(ctx, page, dev, fz_identity, &dog.cookie);
        fz_run_page_widgets(ctx, page, dev, fz_identity, &dog.cookie);
        fz_close_device(ctx, dev);
        if (device->calls > MAX_DRAWING_CALLS)
            fz_throw(ctx, FZ_ERROR_GENERIC, "it draws more than %d times (forms drawing forms without end)",
                     MAX_DRAWING_CALLS);
    }
    fz_always(ctx) {
        fz_drop_device(ctx, dev);
        fz_drop_page(ctx, page);
    }
    fz_catch(ctx) {
        status = caught_status(ctx, message, message_size);
    }
    return finish_watch(pdf, &dog, status, message, message_size);
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
        page = load_page(pdf, index);
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

filterocr_pdf_status filterocr_pdf_render(filterocr_pdf *pdf, int index, float dpi, double seconds, unsigned char *rgb,
                                          int width, int height, char *message, size_t message_size) {
    fz_context *ctx = pdf->ctx;
    fz_page *page = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *dev = NULL;
    filterocr_pdf_status status = FILTEROCR_PDF_OK;
    watchdog dog;
    fz_var(page);
    fz_var(pixmap);
    fz_var(dev);
    watchdog_start(&dog, seconds);
    fz_try(ctx) {
        page = load_page(pdf, index);
        fz_matrix ctm;
        fz_irect box = pixel_bounds(ctx, page, dpi, &ctm);
        if (box.x1 - box.x0 != width || box.y1 - box.y0 != height) fz_throw(ctx, FZ_ERROR_GENERIC, "page size changed");
        // MuPDF draws straight into the caller's buffer: no copy of the page.
        pixmap = fz_new_pixmap_with_bbox_and_data(ctx, fz_device_rgb(ctx), box, NULL, 0, rgb);
        fz_clear_pixmap_with_value(ctx, pixmap, 255);
        dev = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_run_page(ctx, page, dev, ctm, &dog.cookie);
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
    return finish_watch(pdf, &dog, status, message, message_size);
}

int filterocr_pdf_objects(filterocr_pdf *pdf, const int *numbers, int count, int *root, int *pages, int *repaired,
                          char *message, size_t message_size) {
    fz_context *ctx = pdf->ctx;
    int status = 0;
    fz_try(ctx) {
        pdf_document *document = pdf_specifics(ctx, pdf->doc);
        if (!document) fz_throw(ctx, FZ_ERROR_GENERIC, "not a PDF");
        pdf_obj *catalog = pdf_dict_get(ctx, pdf_trailer(ctx, document), PDF_NAME(Root));
        root[0] = pdf_to_num(ctx, catalog);
        root[1] = pdf_to_gen(ctx, catalog);
        for (int i = 0; i < count; i++) {
            // The object MuPDF draws for the page: found as fz_load_page finds it, walking the
            // tree each time (in a flat tree of 10,000 pages, the lot takes 5 s; rendering them
            // took as long).
            pdf_obj *page = pdf_lookup_page_obj(ctx, document, numbers[i] - 1);
            pages[2 * i] = pdf_to_num(ctx, page);
            pages[2 * i + 1] = pdf_to_gen(ctx, page);
        }
        *repaired = pdf_was_repaired(ctx, document);
    }
    fz_catch(ctx) {
        copy_message(fz_caught_message(ctx), message, message_size);
        status = -1;
    }
    return status;
}
