#ifndef FILTEROCR_IMAGE_FILES_H
#define FILTEROCR_IMAGE_FILES_H

#include <stddef.h>

// PNG and JPEG decoded by libpng and libjpeg with handlers of filterocr's own: what either
// library has to say is kept in `message` for the error filterocr reports, never printed.
// Leptonica sets up both libraries with their default handlers, which write to standard
// error; these do not, so no descriptor of the process needs to be pointed elsewhere.

typedef struct {
    // The library's last message, "" when it said nothing.
    char message[200];
    // The resolution the file records, in pixels per inch, 0 when it records none.
    int resolution;
} filterocr_image_reading;

// Decodes the PNG `data` into `rgb`, `width` x `height` packed 8-bit RGB samples (alpha
// composited over white, 16-bit samples reduced to 8, grey expanded), which the caller
// allocates from the header it has checked. Returns 0, or -1 when the file fails to decode or
// is not of that size.
int filterocr_png_decode(const unsigned char *data, size_t size, unsigned char *rgb, int width, int height,
                         filterocr_image_reading *reading);

// The size a JPEG's header gives, read by libjpeg with the handlers above. Returns 0, or -1
// when the header cannot be read (the message in `reading`).
int filterocr_jpeg_size(const unsigned char *data, size_t size, int *width, int *height,
                        filterocr_image_reading *reading);

// Decodes the JPEG `data` at 1/`reduction` of its size (1, 2, 4 or 8) into `rgb` as above.
// Returns 0, or -1 when it fails, is cut short or is not of that size.
int filterocr_jpeg_decode(const unsigned char *data, size_t size, int reduction, unsigned char *rgb, int width,
                          int height, filterocr_image_reading *reading);

// Encodes `width` x `height` samples of `channels` (1 grey, 3 RGB) as a PNG, recording
// `resolution` (pixels per inch) when positive. The bytes are the caller's to free().
// Returns 0, or -1 with the library's message in `reading`.
int filterocr_png_encode(const unsigned char *samples, int width, int height, int channels, int resolution,
                         unsigned char **bytes, size_t *count, filterocr_image_reading *reading);

#endif
