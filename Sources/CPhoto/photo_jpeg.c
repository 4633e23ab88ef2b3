/* JPEG through libjpeg-turbo: its errors and warnings end the decode by longjmp; the EXIF
 * orientation is read from APP1, and nothing but JFIF is written. */
#include "photo_internal.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

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

int photo_jpeg_probe(const uint8_t *data, size_t length, int *width, int *height, char *error, size_t error_length) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_note;
    if (setjmp(failure.jump)) {
        photo_say(error, error_length, failure.message);
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

int photo_jpeg_decode(const uint8_t *data, size_t length, long max_pixels, int max_side, int min_width, int min_height,
                       photo_pixels *out, int *orientation, char *error, size_t error_length) {
    struct jpeg_decompress_struct info;
    jpeg_failure failure;
    uint8_t *volatile rgb = NULL;
    info.err = jpeg_std_error(&failure.manager);
    failure.manager.error_exit = jpeg_fail;
    failure.manager.emit_message = jpeg_note;
    if (setjmp(failure.jump)) {
        photo_say(error, error_length, failure.message);
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
    if (photo_size_refused((long)info.image_width, (long)info.image_height, max_pixels, max_side, error, error_length)) {
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
        photo_say(error, error_length, "unsupported colour space");
        jpeg_destroy_decompress(&info);
        return -1;
    }
    size_t stride = (size_t)info.output_width * 3;
    rgb = malloc(stride * info.output_height);
    if (!rgb) { photo_say(error, error_length, "out of memory"); jpeg_destroy_decompress(&info); return -1; }
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

