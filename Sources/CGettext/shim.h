// gettext is glibc's own (libintl is part of libc on Debian): nothing to link.
#include <libintl.h>
#include <locale.h>
