/*
 * lzstring.h - the lz-string codec in its base64 form, the one f-puzzles
 * links carry after "?load=": an LZW variant over UTF-16 code units whose
 * codes grow from 2 bits, packed six bits to a base64 character.
 * lzstring.c explains the stream; the output of sklz_compress_base64 is
 * byte for byte what lz-string's compressToBase64 writes.
 */
#ifndef SK_LZSTRING_H
#define SK_LZSTRING_H

#include <stddef.h>

#include "sudokit.h"

/*
 * Decompresses in[0..len): base64 characters (A-Z a-z 0-9 + /, also '-'
 * and '$'... of the URI form are not; see lzstring.c), '=' padding, and
 * white space at either end; a space where a '+' was (damage done by URL
 * decoding) is read as '+'.  The text (UTF-16 in the stream) comes back
 * as UTF-8 in *out, NUL-terminated, malloc'd (the caller frees it), with
 * its length in *outlen.  A text longer than max_out bytes is refused
 * rather than produced.  SK_OK; SK_EPARSE with diag->column (1-based, in
 * in) and a message for a character outside the alphabet, a stream that
 * ends early or names a code it has not defined; SK_ENOMEM; SK_EINVAL.
 */
int sklz_decompress_base64(const char *in, size_t len, size_t max_out, char **out, size_t *outlen,
                           sk_diag *diag);

/*
 * Compresses UTF-8 text in[0..len) as lz-string's compressToBase64 does
 * (padding included), into *out, malloc'd and NUL-terminated, length in
 * *outlen.  SK_OK, SK_EINVAL (the text is not valid UTF-8), SK_ENOMEM.
 */
int sklz_compress_base64(const char *in, size_t len, char **out, size_t *outlen);

#endif
