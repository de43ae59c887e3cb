#include "filterocr_image_files.h"

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void keep_message(filterocr_image_reading *reading, const char *message) {
    if (reading == NULL || message == NULL) return;
    snprintf(reading->message, sizeof reading->message, "%s", message);
}

// ---- PNG ----

typedef struct {
    jmp_buf failed;
    filterocr_image_reading *reading;
    const unsigned char *data;
    size_t size;
    size_t offset;
} png_source;

static void png_failed(png_structp png, png_const_charp message) {
    png_source *source = png_get_error_ptr(png);
    keep_message(source->reading, message);
    longjmp(source->failed, 1);
}

// Warnings ("iCCP: known incorrect sRGB profile") change nothing decoded: kept, not printed.
static void png_warned(png_structp png, png_const_charp message) {
    png_source *source = png_get_error_ptr(png);
    keep_message(source->reading, message);
}

static void png_read_bytes(png_structp png, png_bytep out, size_t count) {
    png_source *source = png_get_io_ptr(png);
    if (count > source->size - source->offset) png_error(png, "the file ends inside the image data");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

// White under partly transparent samples, as a page on paper: out = c*a + 255*(1 - a).
static inline unsigned char over_white(unsigned value, unsigned alpha) {
    return (unsigned char)((value * alpha + 255u * (255u - alpha) + 127u) / 255u);
}

int filterocr_png_decode(const unsigned char *data, size_t size, unsigned char *rgb, int width, int height,
                         filterocr_image_reading *reading) {
    png_source source = {.reading = reading, .data = data, .size = size, .offset = 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &source, png_failed, png_warned);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    // Volatile: set between setjmp and a longjmp that comes back to free them.
    unsigned char *volatile rows_rgba = NULL;
    png_bytep *volatile rows = NULL;
    if (info == NULL || setjmp(source.failed)) {
        free(rows_rgba);
        free(rows);
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        return -1;
    }
    png_set_read_fn(png, &source, png_read_bytes);
    // The header was checked against the pixel limit before; this is libpng's own guard.
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_read_info(png, info);
    if ((int)png_get_image_width(png, info) != width || (int)png_get_image_height(png, info) != height) {
        png_error(png, "the image is not of the size its header gave");
    }
    png_uint_32 x_density = 0, y_density = 0;
    int unit = 0;
    if (png_get_pHYs(png, info, &x_density, &y_density, &unit) && unit == PNG_RESOLUTION_METER && reading) {
        reading->resolution = (int)((double)x_density * 0.0254 + 0.5);
    }
    // Every variant as 8-bit RGB or RGBA: palettes and low-bit grey expanded, transparency
    // made alpha, 16-bit samples cut to their high byte, grey made three equal channels.
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    int channels = png_get_channels(png, info);
    if (channels != 3 && channels != 4) png_error(png, "unexpected sample layout");
    size_t row_bytes = (size_t)width * (size_t)channels;
    if (channels == 4) {
        // Alpha needs the whole image when interlaced; for a plain one a row would do, but
        // transparency is rare in pages and this keeps one path.
        rows_rgba = malloc(row_bytes * (size_t)height);
        if (rows_rgba == NULL) png_error(png, "out of memory");
    }
    rows = malloc(sizeof(png_bytep) * (size_t)height);
    if (rows == NULL) png_error(png, "out of memory");
    unsigned char *target = channels == 4 ? rows_rgba : rgb;
    for (int y = 0; y < height; y++) rows[y] = target + row_bytes * (size_t)y;
    (void)passes;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    if (channels == 4) {
        size_t count = (size_t)width * (size_t)height;
        const unsigned char *in = rows_rgba;
        for (size_t i = 0; i < count; i++, in += 4, rgb += 3) {
            rgb[0] = over_white(in[0], in[3]);
            rgb[1] = over_white(in[1], in[3]);
            rgb[2] = over_white(in[2], in[3]);
        }
    }
    free(rows_rgba);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

// ---- JPEG ----

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf failed;
    filterocr_image_reading *reading;
    int cut_short;
} jpeg_errors;

static void jpeg_keep_message(j_common_ptr info) {
    jpeg_errors *errors = (jpeg_errors *)info->err;
    char message[JMSG_LENGTH_MAX];
    errors->manager.format_message(info, message);
    keep_message(errors->reading, message);
}

static void jpeg_failed(j_common_ptr info) {
    jpeg_keep_message(info);
    longjmp(((jpeg_errors *)info->err)->failed, 1);
}

// libjpeg's warnings (level -1) and traces: kept, never printed. A file that ends before its
// image does is decoded by libjpeg as grey to the bottom; that is a truncated file, an error.
static void jpeg_said(j_common_ptr info, int level) {
    jpeg_errors *errors = (jpeg_errors *)info->err;
    if (level >= 0) return;
    errors->manager.num_warnings++;
    if (errors->manager.msg_code == JWRN_JPEG_EOF) errors->cut_short = 1;
    jpeg_keep_message(info);
}

// Sets `info` up to report through `errors`: kept, never printed, failures by longjmp to
// `errors->failed`, which the caller sets.
static void jpeg_quiet(struct jpeg_decompress_struct *info, jpeg_errors *errors, filterocr_image_reading *reading) {
    info->err = jpeg_std_error(&errors->manager);
    errors->manager.error_exit = jpeg_failed;
    errors->manager.emit_message = jpeg_said;
    errors->manager.output_message = jpeg_keep_message;
    errors->reading = reading;
    errors->cut_short = 0;
}

int filterocr_jpeg_size(const unsigned char *data, size_t size, int *width, int *height,
                        filterocr_image_reading *reading) {
    struct jpeg_decompress_struct info;
    jpeg_errors errors;
    jpeg_quiet(&info, &errors, reading);
    if (setjmp(errors.failed)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

int filterocr_jpeg_decode(const unsigned char *data, size_t size, int reduction, unsigned char *rgb, int width,
                          int height, filterocr_image_reading *reading) {
    struct jpeg_decompress_struct info;
    jpeg_errors errors;
    jpeg_quiet(&info, &errors, reading);
    unsigned char *volatile row = NULL;
    if (setjmp(errors.failed)) {
        free(row);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    jpeg_read_header(&info, TRUE);
    info.scale_num = 1;
    info.scale_denom = (unsigned)reduction;
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&info);
    if ((int)info.output_width != width || (int)info.output_height != height) {
        ERREXIT(&info, JERR_IMAGE_TOO_BIG);
    }
    if (reading && info.X_density > 0) {
        if (info.density_unit == 1) reading->resolution = info.X_density;
        else if (info.density_unit == 2) reading->resolution = (int)(info.X_density * 2.54 + 0.5);
    }
    size_t row_bytes = (size_t)width * (cmyk ? 4 : 3);
    if (cmyk) {
        row = malloc(row_bytes);
        if (row == NULL) ERREXIT(&info, JERR_OUT_OF_MEMORY);
    }
    // Adobe's CMYK JPEGs store their samples inverted (Photoshop's habit, which readers follow).
    int inverted = info.saw_Adobe_marker;
    while (info.output_scanline < info.output_height) {
        unsigned char *out = rgb + (size_t)info.output_scanline * (size_t)width * 3;
        JSAMPROW target = cmyk ? row : out;
        jpeg_read_scanlines(&info, &target, 1);
        if (!cmyk) continue;
        for (int x = 0; x < width; x++) {
            unsigned c = row[4 * x], m = row[4 * x + 1], y = row[4 * x + 2], k = row[4 * x + 3];
            if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
            out[3 * x] = (unsigned char)((c * k + 127) / 255);
            out[3 * x + 1] = (unsigned char)((m * k + 127) / 255);
            out[3 * x + 2] = (unsigned char)((y * k + 127) / 255);
        }
    }
    if (errors.cut_short) ERREXIT(&info, JWRN_JPEG_EOF);
    jpeg_finish_decompress(&info);
    free(row);
    jpeg_destroy_decompress(&info);
    return 0;
}

// ---- PNG encoding ----

typedef struct {
    png_source errors;
    unsigned char *bytes;
    size_t count;
    size_t capacity;
} png_sink;

static void png_write_bytes(png_structp png, png_bytep data, size_t count) {
    png_sink *sink = png_get_io_ptr(png);
    if (count > sink->capacity - sink->count) {
        size_t capacity = sink->capacity ? sink->capacity : 65536;
        while (count > capacity - sink->count) capacity *= 2;
        unsigned char *grown = realloc(sink->bytes, capacity);
        if (grown == NULL) png_error(png, "out of memory");
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->count, data, count);
    sink->count += count;
}

static void png_flush_nothing(png_structp png) { (void)png; }

int filterocr_png_encode(const unsigned char *samples, int width, int height, int channels, int resolution,
                         unsigned char **bytes, size_t *count, filterocr_image_reading *reading) {
    png_sink sink = {.errors = {.reading = reading}, .bytes = NULL, .count = 0, .capacity = 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink.errors, png_failed, png_warned);
    if (png == NULL) return -1;
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(sink.errors.failed)) {
        free(sink.bytes);
        png_destroy_write_struct(&png, info ? &info : NULL);
        return -1;
    }
    png_set_write_fn(png, &sink, png_write_bytes, png_flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8,
                 channels == 1 ? PNG_COLOR_TYPE_GRAY : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (resolution > 0) {
        png_uint_32 density = (png_uint_32)(resolution / 0.0254 + 0.5);
        png_set_pHYs(png, info, density, density, PNG_RESOLUTION_METER);
    }
    png_write_info(png, info);
    size_t row_bytes = (size_t)width * (size_t)channels;
    for (int y = 0; y < height; y++) png_write_row(png, samples + row_bytes * (size_t)y);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *bytes = sink.bytes;
    *count = sink.count;
    return 0;
}
