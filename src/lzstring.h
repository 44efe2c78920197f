/*
 * lzstring.h - the lz-string codec in its base64 forms, which f-puzzles
 * links carry after "?load=": lz-string's compressToBase64 and
 * compressToEncodedURIComponent of the puzzle's JSON.  Internal to the
 * library: prefix sklz_.  lzstring.c describes the stream.
 *
 * Both directions agree byte for byte with the reference implementation
 * (the npm package lz-string; tests/data/lzstring_vectors.txt holds
 * vectors it wrote).
 */
#ifndef SK_LZSTRING_H
#define SK_LZSTRING_H

#include <stddef.h>

#include "sudokit.h"

/*
 * Decompresses in[0..len), the output of lz-string's compressToBase64 or
 * compressToEncodedURIComponent, as pasted:
 *   - the base64 alphabet A-Z a-z 0-9 '+' '/', and the URI-safe form's
 *     '-' for '/' ('+' is the same in both); the forms may be mixed;
 *   - a space inside the string is read as '+' (what URL decoding makes of
 *     a '+'; no compressed string ends in '+', so spaces at the ends are
 *     white space);
 *   - '=' padding (and '$', the URI-safe form's padding character), only
 *     at the end, is ignored, as is white space (space, tab, CR, LF, VT,
 *     FF) at either end, and anything after the stream's end mark that is
 *     still in the alphabet.
 *
 * The text (UTF-16 code units in the stream) comes back as UTF-8 in *out,
 * NUL-terminated and malloc'd (the caller frees it), its length in bytes
 * in *outlen.  A surrogate code unit that is not half of a pair becomes
 * U+FFFD, so *out is always valid UTF-8; it holds a NUL byte where the
 * text has U+0000.  max_out bounds *outlen: a longer text is refused
 * before it is produced (decompression can expand a string a lot), and
 * at most max_out UTF-16 units are ever held.
 *
 * Returns SK_OK; SK_EPARSE with *out NULL and diag (if not NULL) holding
 * line 0, column = the 1-based position in in of the offending character
 * (for a stream that ends early: one past its last character) and a
 * message: a character outside the alphabet, padding before the end, an
 * empty string, a stream that ends before its end mark, a first code that
 * is not a character, a code naming a dictionary entry that does not
 * exist, "decompressed text exceeds N bytes"; SK_ENOMEM; SK_EINVAL when
 * out or outlen is NULL, or in is NULL with len > 0.
 */
int sklz_decompress_base64(const char *in, size_t len, size_t max_out, char **out, size_t *outlen,
                           sk_diag *diag);

/*
 * Compresses the UTF-8 text in[0..len) (NUL bytes allowed: U+0000) to
 * exactly what lz-string's compressToBase64 writes for the same text,
 * padding included: *out, malloc'd and NUL-terminated (the caller frees
 * it), length in *outlen (a multiple of 4, at least 4).  in may be NULL
 * when len is 0.
 *
 * Returns SK_OK; SK_EINVAL when in is not valid UTF-8 (RFC 3629: no
 * overlong forms, no encoded surrogates, nothing above U+10FFFF), when
 * out or outlen is NULL, in is NULL with len > 0, or the text has more
 * than 2^30 UTF-16 units; SK_ENOMEM.
 */
int sklz_compress_base64(const char *in, size_t len, char **out, size_t *outlen);

#endif
