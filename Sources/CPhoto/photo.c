/* Member photos: JPEG and PNG in (libjpeg-turbo, libpng), a small JPEG out, and terminal art
 * (libchafa). In C because libjpeg reports errors by longjmp, which Swift cannot catch. */
#include "photo.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <chafa.h>
#include <jpeglib.h>
#include <png.h>

int photo_kind(const uint8_t *data, size_t length) {
    if (length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return 1;
    static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    if (length >= 8 && memcmp(data, png_signature, 8) == 0) return 2;
    return 0;
}

/* libjpeg's errors and warnings (a truncated file is only a warning to it) both end the decode. */
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} jpeg_failure;

static void jpeg_fail(j_common_ptr info) {
    jpeg_failure *failure = (jpeg_failure *)info->err;
    info->err->format_message(info, failure->message);
    longjmp(failure->jump, 1);
}

static void jpeg_note(j_common_ptr info, int level) {
    if (level < 0) jpeg_fail(info);  /* a warning: corrupt or truncated data */
}

static void say(char *error, size_t error_length, const char *text) {
    if (error && error_length) snprintf(error, error_length, "%s", text);
}

/* The EXIF orientation tag (0x0112) of IFD0 in an APP1 "Exif" marker; 1 when absent or unreadable. */
static int exif_orientation(struct jpeg_decompress_struct *info) {
    for (jpeg_saved_marker_ptr marker = info->marker_list; marker; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1 || marker->data_length < 14) continue;
        const uint8_t *d = marker->data;
        if (memcmp(d, "Exif\0\0", 6) != 0) continue;
        const uint8_t *t = d + 6;
        size_t n = marker->data_length - 6;
        int little = t[0] == 'I' && t[1] == 'I';
        if (!little && !(t[0] == 'M' && t[1] == 'M')) return 1;
#define U16(p) (little ? (uint32_t)(p)[0] | ((uint32_t)(p)[1] << 8) : ((uint32_t)(p)[0] << 8) | (uint32_t)(p)[1])
#define U32(p) (little ? U16(p) | (U16((p) + 2) << 16) : (U16(p) << 16) | U16((p) + 2))
        uint32_t ifd = U32(t + 4);
        if (ifd > n || n - ifd < 2) return 1;
        uint32_t count = U16(t + ifd);
        for (uint32_t i = 0; i < count; i++) {
            size_t at = (size_t)ifd + 2 + (size_t)i * 12;
            if (at + 12 > n) return 1;
            if (U16(t + at) == 0x0112) {
                uint32_t value = U16(t + at + 8);
                return value >= 1 && value <= 8 ? (int)value : 1;
            }
        }
#undef U32
#undef U16
        return 1;
    }
    return 1;
}

static int jpeg_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_note;
    if (setjmp(failure.jump)) {
        say(error, error_length, failure.message);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    jpeg_destroy_decompress(&info);
    return 0;
}

static int png_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) {
        say(error, error_length, image.message);
        png_image_free(&image);
        return -1;
    }
    *width = (int)image.width;
    *height = (int)image.height;
    png_image_free(&image);
    return 0;
}

int photo_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length) {
    switch (photo_kind(data, length)) {
    case 1: return jpeg_probe(data, length, width, height, error, error_length);
    case 2: return png_probe(data, length, width, height, error, error_length);
    default: say(error, error_length, "not a JPEG or PNG"); return -1;
    }
}

static int size_refused(long width, long height, long max_pixels, int max_side, char *error, size_t error_length) {
    if (width <= 0 || height <= 0) { say(error, error_length, "the image has no pixels"); return 1; }
    if (width > max_side || height > max_side || width * height > max_pixels) {
        char text[128];
        snprintf(text, sizeof text, "%ld×%ld pixels is too large (at most %d a side, %ld in all)", width, height, max_side, max_pixels);
        say(error, error_length, text);
        return 1;
    }
    return 0;
}

static int jpeg_decode(const uint8_t *data, size_t length, long max_pixels, int max_side, int min_width, int min_height,
                       photo_pixels *out, int *orientation, char *error, size_t error_length) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    uint8_t *volatile rgb = NULL;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_note;
    if (setjmp(failure.jump)) {
        say(error, error_length, failure.message);
        free(rgb);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    /* Decoding never holds more than this, whatever the file asks for. */
    info.mem->max_memory_to_use = 256L << 20;
    jpeg_mem_src(&info, data, (unsigned long)length);
    jpeg_save_markers(&info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&info, TRUE);
    if (size_refused((long)info.image_width, (long)info.image_height, max_pixels, max_side, error, error_length)) {
        jpeg_destroy_decompress(&info);
        return -1;
    }
    *orientation = exif_orientation(&info);
    info.out_color_space = JCS_RGB;
    info.scale_num = 1;
    info.scale_denom = 1;
    for (unsigned denom = 8; denom > 1; denom /= 2) {
        if (info.image_width / denom >= (unsigned)min_width && info.image_height / denom >= (unsigned)min_height) {
            info.scale_denom = denom;
            break;
        }
    }
    jpeg_start_decompress(&info);
    if (info.output_components != 3) {
        say(error, error_length, "unsupported colour space");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    size_t stride = (size_t)info.output_width * 3;
    rgb = malloc(stride * info.output_height);
    if (!rgb) { say(error, error_length, "out of memory"); jpeg_destroy_decompress(&info); return -1; }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = (JSAMPROW)(rgb + stride * info.output_scanline);
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    out->width = (int)info.output_width;
    out->height = (int)info.output_height;
    out->rgb = rgb;
    jpeg_destroy_decompress(&info);
    return 0;
}

static int png_decode(const uint8_t *data, size_t length, long max_pixels, int max_side,
                      photo_pixels *out, char *error, size_t error_length) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, length)) {
        say(error, error_length, image.message);
        png_image_free(&image);
        return -1;
    }
    if (size_refused((long)image.width, (long)image.height, max_pixels, max_side, error, error_length)) {
        png_image_free(&image);
        return -1;
    }
    image.format = PNG_FORMAT_RGB;
    uint8_t *rgb = malloc(PNG_IMAGE_SIZE(image));
    if (!rgb) { say(error, error_length, "out of memory"); png_image_free(&image); return -1; }
    png_color white = {255, 255, 255};  /* what a transparent part shows */
    if (!png_image_finish_read(&image, &white, rgb, 0, NULL)) {
        say(error, error_length, image.message);
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

int photo_decode(const uint8_t *data, size_t length, long max_pixels, int max_side, int min_width, int min_height,
                 photo_pixels *out, int *orientation, char *error, size_t error_length) {
    *orientation = 1;
    memset(out, 0, sizeof *out);
    switch (photo_kind(data, length)) {
    case 1: return jpeg_decode(data, length, max_pixels, max_side, min_width, min_height, out, orientation, error, error_length);
    case 2: return png_decode(data, length, max_pixels, max_side, out, error, error_length);
    default: say(error, error_length, "not a JPEG or PNG"); return -1;
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

int photo_encode_jpeg(const photo_pixels *in, int quality, uint8_t **out, size_t *out_length) {
    struct jpeg_compress_struct info;
    jpeg_failure failure;
    unsigned char *volatile buffer = NULL;
    unsigned long size = 0;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    if (setjmp(failure.jump)) {
        jpeg_destroy_compress(&info);
        free(buffer);
        return -1;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, (unsigned char **)&buffer, &size);
    info.image_width = (JDIMENSION)in->width;
    info.image_height = (JDIMENSION)in->height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    info.optimize_coding = TRUE;
    jpeg_start_compress(&info, TRUE);
    size_t stride = (size_t)in->width * 3;
    while (info.next_scanline < info.image_height) {
        JSAMPROW row = (JSAMPROW)(in->rgb + stride * info.next_scanline);
        jpeg_write_scanlines(&info, &row, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    *out = buffer;
    *out_length = size;
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

void photo_pixels_free(photo_pixels *pixels) {
    free(pixels->rgb);
    pixels->rgb = NULL;
}

void photo_free(void *pointer) { free(pointer); }

static ChafaCanvas *art_canvas(const photo_pixels *in, int cols, int rows, int cell_width, int cell_height, ChafaPixelMode mode) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, cols, rows);
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
    chafa_canvas_config_set_pixel_mode(config, mode);
    if (cell_width > 0 && cell_height > 0) chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    /* Half blocks, solid and space: glyphs every console font has (▀▄▌▐█). */
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_SPACE);
    chafa_canvas_config_set_symbol_map(config, symbols);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_symbol_map_unref(symbols);
    chafa_canvas_config_unref(config);
    if (canvas) chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGB8, in->rgb, in->width, in->height, in->width * 3);
    return canvas;
}

int photo_art_symbols(const photo_pixels *in, int cols, int rows, uint32_t *chars, int32_t *fg, int32_t *bg) {
    if (cols <= 0 || rows <= 0) return -1;
    ChafaCanvas *canvas = art_canvas(in, cols, rows, 0, 0, CHAFA_PIXEL_MODE_SYMBOLS);
    if (!canvas) return -1;
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < cols; x++) {
            gint f = -1, b = -1;
            chars[y * cols + x] = chafa_canvas_get_char_at(canvas, x, y);
            chafa_canvas_get_colors_at(canvas, x, y, &f, &b);
            fg[y * cols + x] = f;
            bg[y * cols + x] = b;
        }
    }
    chafa_canvas_unref(canvas);
    return 0;
}

int photo_art_image(const photo_pixels *in, int cols, int rows, int cell_width, int cell_height, int mode,
                    char **out, size_t *out_length) {
    if (cols <= 0 || rows <= 0 || (mode != 1 && mode != 2)) return -1;
    /* A terminal of the kind asked for, from chafa's own database: its image sequences. */
    gchar *environment[] = {mode == 1 ? "TERM=mlterm" : "TERM=xterm-kitty", NULL};
    ChafaTermInfo *term = chafa_term_db_detect(chafa_term_db_get_default(), environment);
    if (!term) return -1;
    ChafaCanvas *canvas = art_canvas(in, cols, rows, cell_width, cell_height,
                                     mode == 1 ? CHAFA_PIXEL_MODE_SIXELS : CHAFA_PIXEL_MODE_KITTY);
    if (!canvas) { chafa_term_info_unref(term); return -1; }
    GString *printed = chafa_canvas_print(canvas, term);
    chafa_canvas_unref(canvas);
    chafa_term_info_unref(term);
    if (!printed) return -1;
    char *copy = malloc(printed->len + 1);
    if (!copy) { g_string_free(printed, TRUE); return -1; }
    memcpy(copy, printed->str, printed->len + 1);
    *out = copy;
    *out_length = printed->len;
    g_string_free(printed, TRUE);
    return 0;
}
