#ifndef MB_ALLOCATION_COUNTER_H
#define MB_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Whether this build counts allocations: Linux, and no sanitizer (whose own allocator must see
/// every block). Elsewhere the counts below are all 0 and callers report the figure as missing.
int mb_allocation_counting_available(void);

/// The allocations (calls to malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign,
/// valloc, pvalloc) the calling thread has made since it started, and the bytes they asked for.
void mb_allocations_of_current_thread(uint64_t *calls, uint64_t *bytes);

/// The same for the thread `tid` (alive, or ended and not yet forgotten), summed; 0 for a thread
/// never seen allocating.
void mb_allocations_of_thread(int64_t tid, uint64_t *calls, uint64_t *bytes);

#endif
