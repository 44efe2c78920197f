/*
 * json.h - a small JSON reader (RFC 8259) for the formats that come as
 * JSON (f-puzzles).  The whole document is parsed into one arena: values,
 * decoded strings and member names live as long as the document.
 *
 * Strict: no comments, no trailing commas, no leading zeros, strings of
 * valid UTF-8 without raw control characters; a byte-order mark at the
 * start is skipped.  \u escapes are decoded to UTF-8; a lone surrogate
 * becomes U+FFFD.  Nesting deeper than SKJ_MAX_DEPTH is refused, and the
 * parser never recurses (an explicit stack), so no input can overflow the
 * C stack.  Memory is a small multiple of the input size.
 */
#ifndef SK_JSON_H
#define SK_JSON_H

#include <stddef.h>

#include "sudokit.h"

#define SKJ_MAX_DEPTH 256

typedef enum skj_type {
    SKJ_NULL,
    SKJ_FALSE,
    SKJ_TRUE,
    SKJ_NUMBER,
    SKJ_STRING,
    SKJ_ARRAY,
    SKJ_OBJECT
} skj_type;

typedef struct skj_value skj_value;
struct skj_value {
    skj_type type;
    long line, column;       /* where the value starts (1-based) */
    double number;           /* SKJ_NUMBER */
    int is_int;              /* SKJ_NUMBER: an integer that fits long long */
    long long integer;       /* its value */
    const char *str;         /* SKJ_STRING: decoded UTF-8, NUL-terminated */
    size_t len;              /* its length in bytes */
    size_t count;            /* SKJ_ARRAY / SKJ_OBJECT: elements / members */
    const skj_value *items;  /* elements, or member values */
    const char *const *keys; /* SKJ_OBJECT: member names, decoded */
};

typedef struct skj_doc skj_doc;

/*
 * Parses one JSON value from text[0..len) (white space around it is
 * allowed).  When end is not NULL the value may be followed by more text
 * and *end gets the offset just after it; otherwise anything after it but
 * white space is an error.  SK_OK with *out a new document (free it with
 * skj_free), SK_EPARSE with diag's line, column and message, SK_ENOMEM.
 */
int skj_parse(const char *text, size_t len, size_t *end, skj_doc **out, sk_diag *diag);

/* The document's top value. */
const skj_value *skj_root(const skj_doc *doc);

/* Frees a document; NULL is allowed. */
void skj_free(skj_doc *doc);

/* The member of object obj called key (the first one), or NULL. */
const skj_value *skj_get(const skj_value *obj, const char *key);

#endif
