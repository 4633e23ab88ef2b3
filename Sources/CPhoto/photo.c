/* Member photos: the JPEG or PNG a file holds, checked by its header before any pixel is decoded,
 * then turned and scaled (photo_jpeg.c and photo_png.c read and write each format, photo_art.c
 * draws for terminals). In C because libjpeg reports errors by longjmp, which Swift cannot catch. */
#include "photo_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int photo_kind(const uint8_t *data, size_t length) {
    if (length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return 1;
    static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (length >= 8 && memcmp(data, png_signature, 8) == 0) return 2;
    return 0;
}

void photo_say(char *error, size_t error_length, const char *text) {
    if (error && error_length) snprintf(error, error_length, "%s", text);
}

int photo_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length) {
    switch (photo_kind(data, length)) {
    case 1: return photo_jpeg_probe(data, length, width, height, error, error_length);
    case 2: return photo_png_probe(data, length, width, height, error, error_length);
    default: photo_say(error, error_length, "not a JPEG or PNG"); return -1;
    }
}

int photo_size_refused(long width, long height, long max_pixels, int max_side, char *error, size_t error_length) {
    if (width <= 0 || height <= 0) { photo_say(error, error_length, "the image has no pixels"); return 1; }
    if (width > max_side || height > max_side || width * height > max_pixels) {
        char text[128];
        snprintf(text, sizeof text, "%ld×%ld pixels is too large (at most %d a side, %ld in all)", width, height, max_side, max_pixels);
        photo_say(error, error_length, text);
        return 1;
    }
    return 0;
}

int photo_decode(const uint8_t *data, size_t length, long max_pixels, int max_side, int min_width, int min_height,
                 photo_pixels *out, int *orientation, char *error, size_t error_length) {
    *orientation = 1;
    memset(out, 0, sizeof *out);
    switch (photo_kind(data, length)) {
    case 1: return photo_jpeg_decode(data, length, max_pixels, max_side, min_width, min_height, out, orientation, error, error_length);
    case 2: return photo_png_decode(data, length, max_pixels, max_side, out, error, error_length);
    default: photo_say(error, error_length, "not a JPEG or PNG"); return -1;
    }
}

int photo_scale(const photo_pixels *in, int width, int height, photo_pixels *out) {
    if (width <= 0 || height <= 0 || width > in->width || height > in->height) return -1;
    uint8_t *rgb = malloc((size_t)width * height * 3);
    if (!rgb) return -1;
    for (int y = 0; y < height; y++) {
        int y0 = (int)((long)y * in->height / height), y1 = (int)((long)(y + 1) * in->height / height);
        if (y1 <= y0) y1 = y0 + 1;
        for (int x = 0; x < width; x++) {
            int x0 = (int)((long)x * in->width / width), x1 = (int)((long)(x + 1) * in->width / width);
            if (x1 <= x0) x1 = x0 + 1;
            unsigned long sum[3] = {0, 0, 0};
            for (int sy = y0; sy < y1; sy++) {
                const uint8_t *p = in->rgb + ((size_t)sy * in->width + x0) * 3;
                for (int sx = x0; sx < x1; sx++, p += 3) { sum[0] += p[0]; sum[1] += p[1]; sum[2] += p[2]; }
            }
            unsigned long n = (unsigned long)(y1 - y0) * (x1 - x0);
            uint8_t *q = rgb + ((size_t)y * width + x) * 3;
            for (int c = 0; c < 3; c++) q[c] = (uint8_t)((sum[c] + n / 2) / n);
        }
    }
    out->width = width;
    out->height = height;
    out->rgb = rgb;
    return 0;
}

int photo_orient(const photo_pixels *in, int orientation, photo_pixels *out) {
    int w = in->width, h = in->height;
    int swap = orientation >= 5 && orientation <= 8;
    int ow = swap ? h : w, oh = swap ? w : h;
    uint8_t *rgb = malloc((size_t)w * h * 3);
    if (!rgb) return -1;
    for (int y = 0; y < oh; y++) {
        for (int x = 0; x < ow; x++) {
            int sx, sy;
            switch (orientation) {
            case 2: sx = w - 1 - x; sy = y; break;
            case 3: sx = w - 1 - x; sy = h - 1 - y; break;
            case 4: sx = x; sy = h - 1 - y; break;
            case 5: sx = y; sy = x; break;
            case 6: sx = y; sy = h - 1 - x; break;
            case 7: sx = w - 1 - y; sy = h - 1 - x; break;
            case 8: sx = w - 1 - y; sy = x; break;
            default: sx = x; sy = y; break;
            }
            memcpy(rgb + ((size_t)y * ow + x) * 3, in->rgb + ((size_t)sy * w + sx) * 3, 3);
        }
    }
    out->width = ow;
    out->height = oh;
    out->rgb = rgb;
    return 0;
}

void photo_pixels_free(photo_pixels *pixels) {
    free(pixels->rgb);
    pixels->rgb = NULL;
}

void photo_free(void *pointer) { free(pointer); }

