#ifndef CPHOTO_PHOTO_H
#define CPHOTO_PHOTO_H
#include <stddef.h>
#include <stdint.h>

/* Decoded pixels: 3 bytes (R, G, B) a pixel, rows packed. */
typedef struct {
    int width;
    int height;
    uint8_t *rgb;
} photo_pixels;

/* The image's kind from its first bytes: 1 JPEG, 2 PNG, 0 neither. */
int photo_kind(const uint8_t *data, size_t length);

/* The size a JPEG or PNG header claims, read without decoding its pixels. 0 when read. */
int photo_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length);

/* Decodes a JPEG or PNG whose header passes the caps (checked before any pixel is decoded).
 * JPEGs decode at the smallest of 1/1, 1/2, 1/4, 1/8 still at least min_width × min_height.
 * `orientation` gets the EXIF orientation (1-8; 1 when there is none). 0 when decoded. */
int photo_decode(const uint8_t *data, size_t length, long max_pixels, int max_side, int min_width, int min_height,
                 photo_pixels *out, int *orientation, char *error, size_t error_length);

/* Area-averaged scaling to width × height (never up). */
int photo_scale(const photo_pixels *in, int width, int height, photo_pixels *out);

/* The pixels turned by an EXIF orientation (2-8), into `out`. */
int photo_orient(const photo_pixels *in, int orientation, photo_pixels *out);

/* Baseline JPEG, no markers but JFIF's. *out is malloc'd (photo_free). 0 when written. */
int photo_encode_jpeg(const photo_pixels *in, int quality, uint8_t **out, size_t *out_length);

/* An RGB PNG (for tests and seeds). *out is malloc'd (photo_free). 0 when written. */
int photo_encode_png(const photo_pixels *in, uint8_t **out, size_t *out_length);

void photo_pixels_free(photo_pixels *pixels);
void photo_free(void *pointer);

/* Terminal art through libchafa.
 * Symbols: cols × rows cells of half blocks; chars get code points, fg/bg 0xRRGGBB colours. */
int photo_art_symbols(const photo_pixels *in, int cols, int rows, uint32_t *chars, int32_t *fg, int32_t *bg);
/* Pixels as one escape sequence filling cols × rows cells of cell_width × cell_height pixels:
 * mode 1 sixel, 2 kitty. *out is malloc'd, NUL-terminated (photo_free). 0 when made. */
int photo_art_image(const photo_pixels *in, int cols, int rows, int cell_width, int cell_height, int mode,
                    char **out, size_t *out_length);

#endif
