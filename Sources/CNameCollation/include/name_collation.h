// A locale's collation of names, from Debian's ICU (libicu). ICU's own types stay inside
// name_collation.c: Foundation carries a private ICU whose headers declare the same names, so a
// Swift module that imported <unicode/ucol.h> would clash with it.
#pragma once
#include <stdint.h>

typedef struct name_collator name_collator;

/// A collator for an ICU locale id ("de_DE", "sv", "" for Unicode's root collation), or NULL.
name_collator *name_collator_open(const char *locale);
void name_collator_close(name_collator *collator);

/// Writes the sort key of `length` bytes of UTF-8 into `key` (at most `capacity` bytes) and
/// returns the key's whole length, which may be larger than `capacity`; 0 on an error.
/// Keys compare with memcmp as the strings compare under the collator.
int32_t name_collator_sort_key(const name_collator *collator, const char *utf8, int32_t length,
                               uint8_t *key, int32_t capacity);
