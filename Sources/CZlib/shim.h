// zlib's inflate, for reading git's compressed objects (history's commit times).
#include <zlib.h>

// inflateInit is a macro, which Swift does not import.
static inline int czlib_inflate_init(z_stream *stream) { return inflateInit(stream); }
