#ifndef MB_ALLOCATION_COUNTER_H
#define MB_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Whether this build counts allocations: Linux, and no sanitizer (whose own allocator must see
/// every block). Elsewhere the counts below are all 0 and callers report the figure as missing.
int mb_allocation_counting_available(void);

/// The allocations (calls to malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign,
/// valloc, pvalloc) the calling thread has made since it started, and the bytes they asked for (of a
/// realloc, only what it asked beyond the block's usable size: a shrink asks for none).
void mb_allocations_of_current_thread(uint64_t *calls, uint64_t *bytes);

/// The same for the thread `tid` (alive, or ended and not yet forgotten), summed; 0 for a thread
/// never seen allocating.
void mb_allocations_of_thread(int64_t tid, uint64_t *calls, uint64_t *bytes);

/// The whole process's heap at one moment, every block by its usable size (`malloc_usable_size`,
/// what the allocator set aside for it, not what was asked for), every thread together.
typedef struct {
    /// Bytes in blocks allocated and not yet freed since the process started.
    int64_t liveBytes;
    /// The most `liveBytes` has been since the last `mb_heap_reset_peak` (or the process's start).
    int64_t peakLiveBytes;
    /// Bytes of every block allocated since the process started, freed or not (a realloc counts only
    /// its change: its growth, never the new block again; a shrink frees the difference from
    /// `liveBytes` and adds nothing here).
    uint64_t allocatedBytes;
} MBHeapReading;

/// Reads the process's heap; all 0 where nothing counts. Allocates nothing.
void mb_heap_read(MBHeapReading *reading);

/// Sets the peak to the bytes live now, so the next reading's peak is that of what follows.
void mb_heap_reset_peak(void);

#endif
