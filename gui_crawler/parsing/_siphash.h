/* SipHash-1-3 (Aumasson and Bernstein; what CPython hashes str and bytes with) keyed with a
 * random key per process, for the parser's hash tables when a page aims at their fast hash: a
 * page's hrefs, links, words and tag names are the server's to choose, and with a hash anyone can
 * compute a page can be made of thousands of them that hash alike, each then probing past all
 * the others. Without the key, which never leaves the process, no page can aim at SipHash.
 *
 * The tables hash fast (unkeyed) until a key probes past PROBE_BOUND slots, then place their keys
 * again by SipHash: ordinary pages never get there (a table at most half full probes a few slots),
 * and SipHash for every key cost the walk ~3% on rust-doc.
 *
 * A hash is of a sequence of words: sip_start, sip_word or sip_bytes for each, then sip_end.
 * Bytes are their length then themselves eight at a time, the last word padded with zeros, so
 * two different sequences are never the same words. */
#ifndef GUI_CRAWLER_SIPHASH_H
#define GUI_CRAWLER_SIPHASH_H

#include <stdint.h>
#include <string.h>

#define PROBE_BOUND 64

/* Set once, before the first hash (_pagewalk's module init, from os.urandom). */
extern uint64_t sip_key[2];

typedef struct {
    uint64_t v0, v1, v2, v3;
} sip_t;

#define SIP_ROTL(x, b) (((x) << (b)) | ((x) >> (64 - (b))))

static inline void sip_round(sip_t *s)
{
    s->v0 += s->v1;
    s->v1 = SIP_ROTL(s->v1, 13);
    s->v1 ^= s->v0;
    s->v0 = SIP_ROTL(s->v0, 32);
    s->v2 += s->v3;
    s->v3 = SIP_ROTL(s->v3, 16);
    s->v3 ^= s->v2;
    s->v0 += s->v3;
    s->v3 = SIP_ROTL(s->v3, 21);
    s->v3 ^= s->v0;
    s->v2 += s->v1;
    s->v1 = SIP_ROTL(s->v1, 17);
    s->v1 ^= s->v2;
    s->v2 = SIP_ROTL(s->v2, 32);
}

static inline void sip_start(sip_t *s)
{
    s->v0 = sip_key[0] ^ 0x736f6d6570736575ULL;
    s->v1 = sip_key[1] ^ 0x646f72616e646f6dULL;
    s->v2 = sip_key[0] ^ 0x6c7967656e657261ULL;
    s->v3 = sip_key[1] ^ 0x7465646279746573ULL;
}

static inline void sip_word(sip_t *s, uint64_t m)
{
    s->v3 ^= m;
    sip_round(s);
    s->v0 ^= m;
}

/* ``len`` bytes at ``data`` (NULL: none, which is not the empty string). */
static inline void sip_bytes(sip_t *s, const unsigned char *data, size_t len)
{
    sip_word(s, data == NULL ? UINT64_MAX : (uint64_t) len);
    size_t k = 0;
    for (; k + 8 <= len; k += 8) {
        uint64_t m;
        memcpy(&m, data + k, 8);
        sip_word(s, m);
    }
    if (k < len) {
        uint64_t m = 0;
        memcpy(&m, data + k, len - k);
        sip_word(s, m);
    }
}

static inline uint64_t sip_end(sip_t *s)
{
    s->v2 ^= 0xff;
    sip_round(s);
    sip_round(s);
    sip_round(s);
    return s->v0 ^ s->v1 ^ s->v2 ^ s->v3;
}

#endif
