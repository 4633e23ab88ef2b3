/* Terminal art through libchafa: block symbols as code points and colours, or a sixel or kitty
 * picture as one escape sequence. */
#include "photo.h"

#include <stdlib.h>
#include <string.h>

#include <chafa.h>

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
