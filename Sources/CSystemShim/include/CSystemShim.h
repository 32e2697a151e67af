// The few system calls Swift's Glibc module does not expose, wrapped so that Swift code on Linux and
// on Apple platforms calls one set of names.
#ifndef MOTIONBENCH_CSYSTEMSHIM_H
#define MOTIONBENCH_CSYSTEMSHIM_H

#include <stdint.h>
#include <stddef.h>

#include "ChildProcesses.h"
#include "PeriodicReads.h"
#include "StopSignals.h"

/// The kernel's id of the calling thread (Linux: gettid; Apple: the Mach port of the thread).
int64_t mb_current_tid(void);

/// Names the calling thread; the kernel keeps at most 15 bytes on Linux, so longer names are cut.
/// Returns 0 on success or an errno value.
int mb_set_current_thread_name(const char *name);

/// Asks the kernel to wake timed sleeps of this thread within `ns` nanoseconds of their deadline
/// (Linux only; 0 on success, -1 where the platform has no such setting).
int mb_set_timer_slack_ns(uint64_t ns);

/// Nanoseconds on the monotonic clock.
uint64_t mb_monotonic_ns(void);

/// CPU time the calling thread has used, in nanoseconds.
uint64_t mb_current_thread_cpu_ns(void);

/// CPU time thread `tid` of this process has used, in nanoseconds, read through its CPU-time clock.
/// Returns 0 on success, or an errno value (ESRCH/EINVAL once the thread has exited). Linux only.
int mb_thread_cpu_ns(int64_t tid, uint64_t *out_ns);

/// Sleeps until the monotonic clock reads `deadline_ns` (absolute, so no drift accumulates), retrying
/// after signals. Returns 0, or an errno value.
int mb_sleep_until_ns(uint64_t deadline_ns);

/// Writes a byte in every page of the `length` bytes at `start`, so the kernel makes them resident;
/// in C, behind a call the Swift optimiser cannot see into, so the writes are never dropped as dead.
/// Returns the number of pages written.
size_t mb_touch_pages(void *start, size_t length);

/// The name of the sanitizer runtime loaded in this process ("ThreadSanitizer", "AddressSanitizer"),
/// or NULL without one. Found by looking for the runtime's entry point, not by how this file was
/// compiled, since a sanitized test build links the runtime whatever flags a C target got.
const char *mb_loaded_sanitizer(void);

/// Hands the allocator's free memory back to the kernel, so that work done between cases (appending
/// a line to the run's journal) does not stay resident and count in the next case's memory.
void mb_return_free_memory(void);

/// The process's resident memory now, in bytes, read without allocating (Linux: /proc/self/statm);
/// 0 where it cannot be read.
uint64_t mb_resident_bytes(void);

/// A flag one thread raises and another sleeps on until an absolute monotonic deadline, so that a
/// periodic thread keeps drift-free deadlines yet stops at once instead of finishing its period.
typedef struct mb_stop_signal mb_stop_signal;

/// A new, unraised stop signal, or NULL when the system is out of memory or synchronisation objects.
mb_stop_signal *mb_stop_signal_create(void);

/// Frees a stop signal; no thread may be waiting on it.
void mb_stop_signal_destroy(mb_stop_signal *signal);

/// Raises the signal and wakes its waiter; it stays raised.
void mb_stop_signal_raise(mb_stop_signal *signal);

/// Sleeps until the monotonic clock reads `deadline_ns` or the signal is raised, whichever is first.
/// Returns 1 when the signal is raised (also if it was before the call), 0 when the deadline came.
int mb_stop_signal_wait_until_ns(mb_stop_signal *signal, uint64_t deadline_ns);

#endif
