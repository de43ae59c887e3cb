// Walks of a PDF's object graph that MuPDF itself makes by recursion, made here first with an
// explicit stack, so that a file whose structure nests deeper than any real one is refused
// before MuPDF recurses into it (one C frame per level: 60,000 levels end the process); and a
// page's geometry made one that every reader, and the searchable PDF's graft, reads alike.
#include "pdf_structure.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// What is known of an indirect object during a walk.
enum { UNSEEN = 0, OPEN = -1 };

typedef struct {
    pdf_obj *container;  // a dictionary or an array, resolved
    int next;            // the index of its next entry to visit
    int number;          // its object number when indirect, else 0
    int64_t value;       // the page count below it, or the deepest nesting below it
} frame;

typedef struct {
    frame *frames;
    int depth;
    int capacity;
    int64_t *known;  // per object number: UNSEEN, OPEN, or 1 + its result
    int objects;
} walk;

static void walk_start(fz_context *ctx, walk *w, pdf_document *doc, int max_depth) {
    w->capacity = max_depth + 1;
    w->depth = 0;
    w->objects = pdf_xref_len(ctx, doc);
    w->frames = fz_malloc_array(ctx, w->capacity, frame);
    fz_try(ctx) { w->known = fz_calloc(ctx, (size_t)w->objects + 1, sizeof(int64_t)); }
    fz_catch(ctx) {
        fz_free(ctx, w->frames);
        fz_rethrow(ctx);
    }
}

static void walk_end(fz_context *ctx, walk *w) {
    fz_free(ctx, w->frames);
    fz_free(ctx, w->known);
}

static int64_t *known_slot(walk *w, int number) {
    return number > 0 && number <= w->objects ? &w->known[number] : NULL;
}

// Pushes `container`; false when that would pass the depth limit.
static int push(walk *w, pdf_obj *container, int number) {
    if (w->depth == w->capacity) return 0;
    w->frames[w->depth++] = (frame){container, 0, number, 0};
    return 1;
}

static int64_t saturating_add(int64_t a, int64_t b) {
    return a > INT64_MAX - b ? INT64_MAX : a + b;
}

int64_t filterocr_page_tree_count(fz_context *ctx, pdf_document *doc, int max_depth, int *shared) {
    pdf_obj *root = pdf_dict_getp(ctx, pdf_trailer(ctx, doc), "Root/Pages");
    if (!pdf_is_dict(ctx, root)) fz_throw(ctx, FZ_ERROR_GENERIC, "it has no page tree");
    walk w;
    walk_start(ctx, &w, doc, max_depth);
    int64_t total = 0;
    *shared = 0;
    fz_try(ctx) {
        push(&w, root, pdf_to_num(ctx, root));
        if (known_slot(&w, w.frames[0].number)) *known_slot(&w, w.frames[0].number) = OPEN;
        while (w.depth > 0) {
            frame *top = &w.frames[w.depth - 1];
            pdf_obj *kids = pdf_dict_get(ctx, top->container, PDF_NAME(Kids));
            if (top->next < pdf_array_len(ctx, kids)) {
                pdf_obj *kid = pdf_array_get(ctx, kids, top->next++);
                if (!pdf_is_dict(ctx, kid)) continue;
                int number = pdf_to_num(ctx, kid);
                int64_t *slot = known_slot(&w, number);
                if (slot && *slot == OPEN) fz_throw(ctx, FZ_ERROR_GENERIC, "its page tree loops back on itself");
                if (slot && *slot > 0) {
                    // A page or subtree met a second time: counted again, as readers show it.
                    *shared = 1;
                    top->value = saturating_add(top->value, *slot - 1);
                    continue;
                }
                if (!pdf_is_array(ctx, pdf_dict_get(ctx, kid, PDF_NAME(Kids)))) {
                    if (slot) *slot = 2;
                    top->value = saturating_add(top->value, 1);
                    continue;
                }
                if (!push(&w, kid, number))
                    fz_throw(ctx, FZ_ERROR_GENERIC, "its page tree nests more than %d deep", max_depth);
                if (slot) *slot = OPEN;
                continue;
            }
            int64_t count = top->value;
            int64_t *slot = known_slot(&w, top->number);
            if (slot) *slot = saturating_add(count, 1);
            w.depth--;
            if (w.depth > 0) w.frames[w.depth - 1].value = saturating_add(w.frames[w.depth - 1].value, count);
            else total = count;
        }
    }
    fz_always(ctx) { walk_end(ctx, &w); }
    fz_catch(ctx) { fz_rethrow(ctx); }
    return total;
}

static uint32_t big_endian32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

// The size a JPEG 2000 codestream's SIZ marker gives: what OpenJPEG allocates for, whatever
// the image's dictionary says. 0 when `bytes` do not start one.
static int codestream_size(const unsigned char *bytes, size_t length, int64_t *width, int64_t *height) {
    if (length < 24 || bytes[0] != 0xFF || bytes[1] != 0x4F || bytes[2] != 0xFF || bytes[3] != 0x51) return 0;
    int64_t x = big_endian32(bytes + 8), y = big_endian32(bytes + 12);
    int64_t x0 = big_endian32(bytes + 16), y0 = big_endian32(bytes + 20);
    *width = x > x0 ? x - x0 : 0;
    *height = y > y0 ? y - y0 : 0;
    return 1;
}

// The size a JPEG 2000 file or codestream claims: the SIZ marker of a bare codestream, or of
// a JP2 file's contiguous codestream box, or the header box's; 0 when none is found.
static int jpx_size(const unsigned char *bytes, size_t length, int64_t *width, int64_t *height) {
    if (codestream_size(bytes, length, width, height)) return 1;
    size_t at = 0;
    int found = 0;
    *width = *height = 0;
    // Boxes: length (4), type (4), an 8-byte length when the first is 1; 0 runs to the end.
    while (at + 8 <= length) {
        uint64_t size = big_endian32(bytes + at);
        const unsigned char *type = bytes + at + 4;
        size_t header = 8;
        if (size == 1) {
            if (at + 16 > length) break;
            size = (uint64_t)big_endian32(bytes + at + 8) << 32 | big_endian32(bytes + at + 12);
            header = 16;
        } else if (size == 0) {
            size = length - at;
        }
        if (size < header) break;
        const unsigned char *body = bytes + at + header;
        size_t available = length - at - header;
        if (!memcmp(type, "jp2c", 4)) {
            int64_t w, h;
            if (codestream_size(body, available, &w, &h)) {
                if ((double)w * h > (double)*width * *height) *width = w, *height = h;
                found = 1;
            }
        } else if (!memcmp(type, "jp2h", 4)) {
            // The image header box, first in the JP2 header: height, then width.
            if (available >= 16 && !memcmp(body + 4, "ihdr", 4)) {
                int64_t h = big_endian32(body + 8), w = big_endian32(body + 12);
                if ((double)w * h > (double)*width * *height) *width = w, *height = h;
                found = 1;
            }
        }
        if (size > length - at) break;
        at += size;
    }
    return found;
}

// Throws when the image `ref` would have more than `max_pixels` pixels, by its dictionary or,
// for JPEG 2000, which MuPDF decodes whole as it loads the image, by its codestream.
static void check_image(fz_context *ctx, pdf_obj *ref, int64_t max_pixels, image_refusal *refusal) {
    pdf_obj *dict = pdf_resolve_indirect(ctx, ref);
    if (!pdf_name_eq(ctx, pdf_dict_get(ctx, dict, PDF_NAME(Subtype)), PDF_NAME(Image))) return;
    int64_t width = pdf_dict_get_int(ctx, dict, PDF_NAME(Width)), height = pdf_dict_get_int(ctx, dict, PDF_NAME(Height));
    pdf_obj *filter = pdf_dict_get(ctx, dict, PDF_NAME(Filter));
    if (pdf_is_array(ctx, filter)) filter = pdf_array_get(ctx, filter, pdf_array_len(ctx, filter) - 1);
    if (pdf_name_eq(ctx, filter, PDF_NAME(JPXDecode))) {
        unsigned char head[4096];
        size_t length = 0;
        fz_stream *stream = pdf_open_stream(ctx, ref);
        fz_try(ctx) { length = fz_read(ctx, stream, head, sizeof head); }
        fz_always(ctx) { fz_drop_stream(ctx, stream); }
        fz_catch(ctx) { fz_rethrow(ctx); }
        int64_t w, h;
        if (jpx_size(head, length, &w, &h) && (double)w * h > (double)width * height) width = w, height = h;
    }
    if (width > 0 && height > 0 && width > max_pixels / height) {
        refusal->width = width;
        refusal->height = height;
        // MuPDF's messages know %d, not %lld; the exact size goes through `refusal`.
        fz_throw(ctx, FZ_ERROR_GENERIC, "draws an image of more pixels than the limit");
    }
}

// Keys that lead away from what drawing a page reads: to its parents, other pages, the
// document's structure and actions. Drawing never follows them, so the walk does not either.
static int leads_away(fz_context *ctx, pdf_obj *key) {
    static const char *const names[] = {"Parent", "P", "Dest", "D", "A", "AA", "PA", "Popup", "IRT", "B", "Next",
                                        "Prev", "First", "Last", "Pg", "K", "StructParent", "StructParents",
                                        "Thumb", "Threads", "Metadata"};
    const char *name = pdf_to_name(ctx, key);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (!strcmp(name, names[i])) return 1;
    return 0;
}

// Walks what `root` reaches; throws when it nests more than `max_depth` deep.
static void check_nesting(fz_context *ctx, pdf_document *doc, pdf_obj *root, int max_depth, int64_t max_pixels,
                          image_refusal *refusal) {
    if (!pdf_is_dict(ctx, root) && !pdf_is_array(ctx, root)) return;
    walk w;
    walk_start(ctx, &w, doc, max_depth);
    fz_try(ctx) {
        push(&w, root, pdf_to_num(ctx, root));
        if (known_slot(&w, w.frames[0].number)) *known_slot(&w, w.frames[0].number) = OPEN;
        while (w.depth > 0) {
            frame *top = &w.frames[w.depth - 1];
            int is_dict = pdf_is_dict(ctx, top->container);
            int length = is_dict ? pdf_dict_len(ctx, top->container) : pdf_array_len(ctx, top->container);
            if (top->next < length) {
                int index = top->next++;
                pdf_obj *child;
                if (is_dict) {
                    if (leads_away(ctx, pdf_dict_get_key(ctx, top->container, index))) continue;
                    child = pdf_dict_get_val(ctx, top->container, index);
                } else {
                    child = pdf_array_get(ctx, top->container, index);
                }
                int number = pdf_is_indirect(ctx, child) ? pdf_to_num(ctx, child) : 0;
                int64_t *slot = known_slot(&w, number);
                // An object open further up is a loop, which MuPDF's own marks stop; one seen
                // before adds its depth without a second walk.
                if (slot && *slot == OPEN) continue;
                if (slot && *slot > 0) {
                    if (*slot - 1 > top->value) top->value = *slot - 1;
                    if (w.depth + top->value > max_depth) break;
                    continue;
                }
                pdf_obj *resolved = pdf_resolve_indirect(ctx, child);
                if (!pdf_is_dict(ctx, resolved) && !pdf_is_array(ctx, resolved)) continue;
                if (number && pdf_is_stream(ctx, child)) check_image(ctx, child, max_pixels, refusal);
                if (!push(&w, resolved, number)) break;
                if (slot) *slot = OPEN;
                continue;
            }
            int64_t height = top->value + 1;
            int64_t *slot = known_slot(&w, top->number);
            if (slot) *slot = height + 1;
            w.depth--;
            if (w.depth > 0 && height > w.frames[w.depth - 1].value) w.frames[w.depth - 1].value = height;
        }
        if (w.depth > 0) fz_throw(ctx, FZ_ERROR_GENERIC, "what its page draws nests more than %d deep", max_depth);
    }
    fz_always(ctx) { walk_end(ctx, &w); }
    fz_catch(ctx) { fz_rethrow(ctx); }
}

void filterocr_check_page(fz_context *ctx, pdf_document *doc, pdf_obj *page, int max_depth, int64_t max_pixels,
                          image_refusal *refusal) {
    check_nesting(ctx, doc, page, max_depth, max_pixels, refusal);
    // Resources a page inherits from its parents are drawn with it, though the walk above
    // does not climb to them.
    if (!pdf_dict_get(ctx, page, PDF_NAME(Resources)))
        check_nesting(ctx, doc, pdf_dict_get_inheritable(ctx, page, PDF_NAME(Resources)), max_depth, max_pixels, refusal);
}

// The quarter turn a /Rotate of `value` means to every reader: a whole multiple of 90 within
// 32 bits, modulo 360; anything else none (readers differ on it: MuPDF rounds 45 to 90 and
// clamps 900000000000 to 2^31 - 1, which it rounds to a quarter turn; poppler takes either as
// 0). The graft writes the same values (CPDFGraft/geometry.cpp's agreedRotation).
static int64_t agreed_rotation(fz_context *ctx, pdf_obj *value) {
    if (!pdf_is_number(ctx, value)) return 0;
    double angle = pdf_is_int(ctx, value) ? (double)pdf_to_int64(ctx, value) : pdf_to_real(ctx, value);
    if (!isfinite(angle) || angle != floor(angle) || angle < INT32_MIN || angle > INT32_MAX) return 0;
    int64_t whole = (int64_t)angle;
    if (whole % 90 != 0) return 0;
    whole %= 360;
    return whole < 0 ? whole + 360 : whole;
}

void filterocr_agree_on_geometry(fz_context *ctx, pdf_obj *page) {
    if (!pdf_is_dict(ctx, page)) return;
    pdf_obj *rotate = pdf_dict_get_inheritable(ctx, page, PDF_NAME(Rotate));
    if (rotate) {
        int64_t agreed = agreed_rotation(ctx, rotate);
        int plain = pdf_is_int(ctx, rotate) && pdf_to_int64(ctx, rotate) >= INT32_MIN &&
                    pdf_to_int64(ctx, rotate) <= INT32_MAX && pdf_to_int64(ctx, rotate) % 90 == 0;
        if (!plain) pdf_dict_put_int(ctx, page, PDF_NAME(Rotate), agreed);
    }
    pdf_obj *unit = pdf_dict_get(ctx, page, PDF_NAME(UserUnit));
    if (unit) {
        double scale = pdf_is_number(ctx, unit) ? pdf_to_real(ctx, unit) : 0;
        if (!(isfinite(scale) && scale > 0)) pdf_dict_del(ctx, page, PDF_NAME(UserUnit));
    }
}
