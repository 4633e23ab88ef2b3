#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so ask for the wide-character API explicitly.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

// stdscr is a mutable C global, which Swift 6 will not read directly.
static inline WINDOW *cncursesw_stdscr(void) { return stdscr; }
// So are the palette's sizes (block art's colours are made pairs of its own).
static inline int cncursesw_colors(void) { return COLORS; }
static inline int cncursesw_color_pairs(void) { return COLOR_PAIRS; }

// term.h last: its capability macros (lines, columns, bell …) must not touch the headers above.
#include <ncursesw/term.h>

// ncurses sends runs of one character as "char + REP(n)". tmux 3.3 repeats only ASCII, so a
// line of "─" would show as one dash: drop the capability and let ncurses write every cell.
static inline void cncursesw_disable_repeat_char(void) {
    if (cur_term != 0) { repeat_char = 0; }
}
#endif
