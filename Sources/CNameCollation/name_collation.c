#include "name_collation.h"
#include <stdlib.h>
#include <unicode/ucol.h>
#include <unicode/ustring.h>

name_collator *name_collator_open(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &status);
    if (U_FAILURE(status)) { return NULL; }
    return (name_collator *)collator;
}

void name_collator_close(name_collator *collator) { ucol_close((UCollator *)collator); }

int32_t name_collator_sort_key(const name_collator *collator, const char *utf8, int32_t length,
                               uint8_t *key, int32_t capacity) {
    // ucol_getSortKey reads UTF-16: a name (at most 200 characters) fits the stack buffer.
    UChar stack[512];
    UChar *text = stack;
    int32_t units = 0;
    UErrorCode status = U_ZERO_ERROR;
    u_strFromUTF8Lenient(stack, 512, &units, utf8, length, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
        text = malloc(sizeof(UChar) * (size_t)(units + 1));
        if (text == NULL) { return 0; }
        status = U_ZERO_ERROR;
        u_strFromUTF8Lenient(text, units + 1, &units, utf8, length, &status);
    }
    int32_t needed = U_FAILURE(status) ? 0 : ucol_getSortKey((const UCollator *)collator, text, units, key, capacity);
    if (text != stack) { free(text); }
    return needed;
}
