#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so ask for the wide-character API explicitly.
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>

// stdscr is a mutable C global, which Swift 6 will not read directly.
static inline WINDOW *cncursesw_stdscr(void) { return stdscr; }
#endif
