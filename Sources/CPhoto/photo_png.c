/* PNG through libpng's simplified API: the header is read first, pixels only within the caps. */
#include "photo_internal.h"

#include <stdlib.h>
#include <string.h>

#include <png.h>

int photo_png_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) {
        photo_say(error, error_length, image.message);
        png_image_free(&image);
        return -1;
    }
    *width = (int)image.width;
    *height = (int)image.height;
    png_image_free(&image);
    return 0;
}

int photo_png_decode(const uint8_t *data, size_t length, long max_pixels, int max_side,
                      photo_pixels *out, char *error, size_t error_length) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) {
        photo_say(error, error_length, image.message);
        png_image_free(&image);
        return -1;
    }
    if (photo_size_refused((long)image.width, (long)image.height, max_pixels, max_side, error, error_length)) {
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGB;
    uint8_t *rgb = malloc(PNG_IMAGE_SIZE(image));
    if (!rgb) { photo_say(error, error_length, "out of memory"); png_image_free(&image); return -1; }
    png_color white = {255, 255, 255};  /* what a transparent part shows */
    if (!png_image_finish_read(&image, &white, rgb, 0, NULL)) {
        photo_say(error, error_length, image.message);
        free(rgb);
        png_image_free(&image);
        return -1;
    }
    out->width = (int)image.width;
    out->height = (int)image.height;
    out->rgb = rgb;
    png_image_free(&image);
    return 0;
}

int photo_encode_png(const photo_pixels *in, uint8_t **out, size_t *out_length) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    image.width = (png_uint_32)in->width;
    image.height = (png_uint_32)in->height;
    image.format = PNG_FORMAT_RGB;
    png_alloc_size_t size = 0;
    if (!png_image_write_to_memory(&image, NULL, &size, 0, in->rgb, 0, NULL)) return -1;
    uint8_t *buffer = malloc(size);
    if (!buffer) return -1;
    if (!png_image_write_to_memory(&image, buffer, &size, 0, in->rgb, 0, NULL)) { free(buffer); return -1; }
    *out = buffer;
    *out_length = size;
    return 0;
}

