// zlib's inflate and CRC-32: the entries of zipped recordings (trace importers) and the tests'
// reading of the PNG screenshots they take; its deflate, for the tests that make zips.
#include <zlib.h>

// inflateInit and inflateInit2 are macros, which Swift does not import.
static inline int czlib_inflate_init(z_stream *stream) { return inflateInit(stream); }
// Raw deflate, without zlib's header and checksum: what a zip entry holds.
static inline int czlib_inflate_init_raw(z_stream *stream) { return inflateInit2(stream, -MAX_WBITS); }
// Raw deflate at `level`, for writing a zip entry.
static inline int czlib_deflate_init_raw(z_stream *stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY);
}
