/*
 * json.h - a small, strict JSON reader (RFC 8259) for the formats that
 * come as JSON (f-puzzles).  Internal to the library: prefix skj_.
 *
 * What it accepts: exactly the grammar of RFC 8259 -- no comments, no
 * trailing commas, no single quotes, no leading zeros, no NaN or Infinity,
 * no bytes outside the grammar (a NUL byte anywhere is an error).  A UTF-8
 * byte-order mark at the very start is skipped.  Strings must be valid
 * UTF-8 (RFC 3629: no overlong forms, no encoded surrogates, nothing above
 * U+10FFFF) without raw control characters (U+0000..U+001F).
 *
 * What it gives: a tree of skj_value, read-only, owned by one skj_doc.
 * Escapes are decoded to UTF-8; a \uD800-\uDBFF escape followed by a
 * \uDC00-\uDFFF escape is one code point, and any other (lone) surrogate
 * escape becomes U+FFFD, so every string in a document is valid UTF-8.
 * Duplicate member names are kept, in order.
 *
 * Limits: containers nest at most SKJ_MAX_DEPTH deep; the parser keeps
 * its own stack and never recurses, so no input can exhaust the C stack.
 * Time is linear in the input.  Memory is the tree and no more (nothing
 * is held twice, even while a large array is read): one skj_value (80
 * bytes on LP64) per value, 8 bytes per member name plus the decoded
 * strings.  So f-puzzles JSON costs 10 to 20 times its size, text made
 * mostly of strings little more than its size, and the worst case, a text
 * of one-byte values ("[0,0,0,...]"), 40 times.
 *
 * Positions: line and column are 1-based; columns count bytes from the
 * start of the line (a byte-order mark is not counted), lines end at
 * '\n' (so CRLF counts once).
 */
#ifndef SK_JSON_H
#define SK_JSON_H

#include <stddef.h>

#include "sudokit.h"

#define SKJ_MAX_DEPTH 256 /* deepest nesting of arrays and objects accepted */

typedef enum skj_type {
    SKJ_NULL,
    SKJ_FALSE,
    SKJ_TRUE,
    SKJ_NUMBER,
    SKJ_STRING,
    SKJ_ARRAY,
    SKJ_OBJECT
} skj_type;

/*
 * One value.  Fields that do not belong to its type are zero (NULL), so
 * that, e.g., count is 0 for anything but an array or object.
 */
typedef struct skj_value skj_value;
struct skj_value {
    skj_type type;
    int is_int;              /* SKJ_NUMBER written as an integer (no '.', no
                                exponent) that fits long long; then integer
                                holds it exactly */
    long line, column;       /* where the value starts (its first byte) */
    double number;           /* SKJ_NUMBER: the nearest double (correctly
                                rounded; +-HUGE_VAL beyond the range) */
    long long integer;       /* SKJ_NUMBER with is_int */
    const char *str;         /* SKJ_STRING: decoded UTF-8, NUL-terminated;
                                may hold NUL bytes (from \u0000) */
    size_t len;              /* SKJ_STRING: length of str in bytes */
    size_t count;            /* SKJ_ARRAY / SKJ_OBJECT: elements / members */
    const skj_value *items;  /* count elements, or count member values */
    const char *const *keys; /* SKJ_OBJECT: count decoded member names,
                                NUL-terminated (a name containing \u0000 is
                                seen by C up to that NUL) */
};

typedef struct skj_doc skj_doc; /* a parsed document: owns every value */

/*
 * Parses one JSON value from text[0..len), with white space allowed
 * around it.  text need not be NUL-terminated (NULL is allowed when len is
 * 0).
 *
 * end NULL: the value must be the whole text (but for white space).
 * end not NULL: the value may be followed by anything (another value:
 * JSON Lines, or concatenated documents); *end receives the offset just
 * after the value and the white space that follows it, so that
 *     while (at < len && skj_parse(text + at, len - at, &n, &doc, d) == SK_OK)
 *         { ...; skj_free(doc); at += n; }
 * reads every value.  Positions are then relative to text + at.
 *
 * Returns SK_OK with *out a new document (free it with skj_free);
 * SK_EPARSE with *out NULL and diag (if not NULL) holding the line and
 * column of the offending byte and a message such as "expected ',' or '}'
 * after an object member, found ']'"; SK_ENOMEM; SK_EINVAL when out is
 * NULL or text is NULL with len > 0.  *end is set only on SK_OK.
 */
int skj_parse(const char *text, size_t len, size_t *end, skj_doc **out, sk_diag *diag);

/* The top value of doc (valid until skj_free(doc)); NULL when doc is NULL. */
const skj_value *skj_root(const skj_doc *doc);

/* Frees doc and every value, string and name in it; NULL is allowed. */
void skj_free(skj_doc *doc);

/*
 * The value of the first member of object obj whose name is key (compared
 * as C strings), or NULL when there is none or obj is NULL or not an
 * object.  Linear in the number of members.
 */
const skj_value *skj_get(const skj_value *obj, const char *key);

#endif
