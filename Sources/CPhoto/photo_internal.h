/* What the photo files share inside CPhoto (not part of its module). */
#ifndef CPHOTO_INTERNAL_H
#define CPHOTO_INTERNAL_H
#include "photo.h"

void photo_say(char *error, size_t error_length, const char *text);
/* Non-zero (and the reason in `error`) when a header's size is past the caps. */
int photo_size_refused(long width, long height, long max_pixels, int max_side, char *error, size_t error_length);
int photo_jpeg_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length);
int photo_jpeg_decode(const uint8_t *data, size_t length, long max_pixels, int max_side, int min_width, int min_height,
                      photo_pixels *out, int *orientation, char *error, size_t error_length);
int photo_png_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length);
int photo_png_decode(const uint8_t *data, size_t length, long max_pixels, int max_side,
                     photo_pixels *out, char *error, size_t error_length);
#endif
