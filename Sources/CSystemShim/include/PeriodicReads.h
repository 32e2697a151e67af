// A sampler's periods: drift-free deadlines, and on Linux the readings of a settled set of threads
// taken in one call that waits for each deadline in turn, so that a period costs its system calls and
// little else (a period wakes to cold caches, and every line of code it runs costs misses).
#ifndef MOTIONBENCH_PERIODICREADS_H
#define MOTIONBENCH_PERIODICREADS_H

#include <stddef.h>
#include <stdint.h>

typedef struct mb_stop_signal mb_stop_signal;

/// A sampler's deadlines: absolute on the monotonic clock, one period apart.
typedef struct mb_pace {
    uint64_t period_ns;
    /// The deadline last waited for.
    uint64_t deadline_ns;
    /// Periods skipped because the wake-up or the work after it ran past the next deadline.
    uint64_t missed;
} mb_pace;

/// Moves to the next deadline (skipping, and counting in `missed`, those already past) and sleeps until
/// it comes or `signal` is raised. Returns 1 when the signal is raised, 0 when the deadline came.
int mb_pace_wait(mb_pace *pace, mb_stop_signal *signal);

/// The resident page count, the second field of the text of `/proc/self/statm`. Returns 0, or -1 when
/// the text has no such field or its number overflows 64 bits.
int mb_statm_resident_pages(const char *text, size_t length, uint64_t *out_pages);

#if defined(__linux__)
/// What `mb_read_periodically` reads, where to, and what it compares against.
typedef struct mb_periodic_reads {
    /// `/proc/self/task`, and its link count (two plus the threads) when `tids` were listed.
    int task_descriptor;
    uint64_t task_links;
    /// `/proc/self/statm`, kept open.
    int statm_descriptor;
    const int64_t *tids;
    int thread_count;
    /// Rows of 2 + `thread_count` numbers: the monotonic stamp, the resident pages, then each thread's
    /// CPU time in nanoseconds in the order of `tids`.
    uint64_t *rows;
    int row_capacity;
    /// Rows written by the last call.
    int rows_taken;
} mb_periodic_reads;

/// How `mb_read_periodically` ended.
enum {
    /// The stop signal was raised.
    MB_PERIODIC_STOPPED = 1,
    /// The rows are full; the next deadline has not been waited for.
    MB_PERIODIC_FULL = 2,
    /// A deadline came whose snapshot this call cannot take: the link count moved, a thread's clock
    /// failed (it ended) or a file could not be read. The caller takes that period's snapshot itself.
    MB_PERIODIC_ORDINARY = 3,
};

/// Until one of the endings above: waits for `pace`'s next deadline, then fstat's the task folder,
/// stamps the monotonic clock, reads each thread's CPU clock and the resident pages, into the next row.
int mb_read_periodically(mb_periodic_reads *reads, mb_pace *pace, mb_stop_signal *signal);
#endif

#endif
