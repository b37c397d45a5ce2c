/* BLAKE2b (RFC 7693), unkeyed, as Python's hashlib.blake2b(digest_size=n) computes it: the
 * parser threads hash a page's visible text (the content hash) where it is read, without the GIL.
 * After the reference implementation in RFC 7693, appendix C (code components of RFCs are under
 * the Simplified BSD License; see the RFC's copyright notice). */
#ifndef GUI_CRAWLER_BLAKE2B_H
#define GUI_CRAWLER_BLAKE2B_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint8_t b[128]; /* the block being filled */
    uint64_t h[8];  /* the chained state */
    uint64_t t[2];  /* bytes hashed so far */
    size_t c;       /* bytes in b */
    size_t outlen;  /* digest size, 1..64 */
} blake2b_ctx;

void blake2b_init(blake2b_ctx *ctx, size_t outlen);
void blake2b_update(blake2b_ctx *ctx, const void *in, size_t inlen);
void blake2b_final(blake2b_ctx *ctx, uint8_t *out);

#endif
