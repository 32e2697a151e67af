#define _GNU_SOURCE
#include "CSystemShim.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <limits.h>
#include <linux/futex.h>
#include <malloc.h>
#include <stdatomic.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#elif defined(__APPLE__)
#include <mach/mach.h>
#include <mach/mach_time.h>
#include <malloc/malloc.h>
#endif

int64_t mb_current_tid(void) {
#if defined(__linux__)
    return (int64_t)syscall(SYS_gettid);
#elif defined(__APPLE__)
    return (int64_t)pthread_mach_thread_np(pthread_self());
#else
    return -1;
#endif
}

int mb_set_current_thread_name(const char *name) {
    char cut[16];
    strncpy(cut, name, sizeof cut - 1);
    cut[sizeof cut - 1] = '\0';
#if defined(__linux__)
    return pthread_setname_np(pthread_self(), cut);
#elif defined(__APPLE__)
    return pthread_setname_np(name);
#else
    return ENOSYS;
#endif
}

int mb_set_timer_slack_ns(uint64_t ns) {
#if defined(__linux__)
    return prctl(PR_SET_TIMERSLACK, (unsigned long)ns, 0, 0, 0) == 0 ? 0 : -1;
#else
    (void)ns;
    return -1;
#endif
}

static uint64_t timespec_ns(struct timespec ts) {
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t mb_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return timespec_ns(ts);
}

uint64_t mb_current_thread_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return timespec_ns(ts);
}

int mb_thread_cpu_ns(int64_t tid, uint64_t *out_ns) {
#if defined(__linux__)
    // The clock id pthread_getcpuclockid builds: per-thread (bit 2), scheduler clock (6), inverted tid.
    clockid_t clock = (clockid_t)(((~(unsigned int)tid) << 3) | 6);
    struct timespec ts;
    if (clock_gettime(clock, &ts) != 0) return errno;
    *out_ns = timespec_ns(ts);
    return 0;
#else
    (void)tid;
    (void)out_ns;
    return ENOSYS;
#endif
}

int mb_sleep_until_ns(uint64_t deadline_ns) {
#if defined(__linux__)
    struct timespec ts = {(time_t)(deadline_ns / 1000000000ull), (long)(deadline_ns % 1000000000ull)};
    int rc;
    while ((rc = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL)) == EINTR) {}
    return rc;
#else
    for (;;) {
        uint64_t now = mb_monotonic_ns();
        if (now >= deadline_ns) return 0;
        uint64_t left = deadline_ns - now;
        struct timespec ts = {(time_t)(left / 1000000000ull), (long)(left % 1000000000ull)};
        if (nanosleep(&ts, NULL) != 0 && errno != EINTR) return errno;
    }
#endif
}

size_t mb_touch_pages(void *start, size_t length) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    volatile unsigned char *bytes = start;
    size_t pages = 0;
    for (size_t offset = 0; offset < length; offset += page, pages++) bytes[offset] = 1;
    return pages;
}

#if defined(__linux__)
// A futex word: a sampler's timed wait is one system call, where a condition variable's takes two
// (the wait, then a wake of the mutex on the way out), and each costs microseconds on a virtual machine.
struct mb_stop_signal {
    _Atomic uint32_t raised;
};

mb_stop_signal *mb_stop_signal_create(void) {
    return calloc(1, sizeof(mb_stop_signal));
}

void mb_stop_signal_destroy(mb_stop_signal *signal) {
    free(signal);
}

void mb_stop_signal_raise(mb_stop_signal *signal) {
    atomic_store_explicit(&signal->raised, 1, memory_order_release);
    syscall(SYS_futex, &signal->raised, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

int mb_stop_signal_wait_until_ns(mb_stop_signal *signal, uint64_t deadline_ns) {
    struct timespec until = {(time_t)(deadline_ns / 1000000000ull), (long)(deadline_ns % 1000000000ull)};
    // Loop: the wait returns early on signals and on a word that changed before it slept.
    while (!atomic_load_explicit(&signal->raised, memory_order_acquire) && mb_monotonic_ns() < deadline_ns) {
        // FUTEX_WAIT_BITSET takes an absolute time on the monotonic clock.
        syscall(SYS_futex, &signal->raised, FUTEX_WAIT_BITSET_PRIVATE, 0, &until, NULL, FUTEX_BITSET_MATCH_ANY);
    }
    return (int)atomic_load_explicit(&signal->raised, memory_order_acquire);
}
#else
struct mb_stop_signal {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    int raised;
};

mb_stop_signal *mb_stop_signal_create(void) {
    mb_stop_signal *signal = calloc(1, sizeof *signal);
    if (signal == NULL) return NULL;
    if (pthread_mutex_init(&signal->mutex, NULL) != 0) {
        free(signal);
        return NULL;
    }
    if (pthread_cond_init(&signal->cond, NULL) != 0) {
        pthread_mutex_destroy(&signal->mutex);
        free(signal);
        return NULL;
    }
    return signal;
}

void mb_stop_signal_destroy(mb_stop_signal *signal) {
    pthread_cond_destroy(&signal->cond);
    pthread_mutex_destroy(&signal->mutex);
    free(signal);
}

void mb_stop_signal_raise(mb_stop_signal *signal) {
    pthread_mutex_lock(&signal->mutex);
    signal->raised = 1;
    pthread_cond_broadcast(&signal->cond);
    pthread_mutex_unlock(&signal->mutex);
}

int mb_stop_signal_wait_until_ns(mb_stop_signal *signal, uint64_t deadline_ns) {
    pthread_mutex_lock(&signal->mutex);
    // Loop: condition variables wake spuriously, and Darwin's wait is relative, so re-aim at the deadline.
    while (!signal->raised) {
        uint64_t now = mb_monotonic_ns();
        if (now >= deadline_ns) break;
#if defined(__APPLE__)
        uint64_t left = deadline_ns - now;
        struct timespec wait = {(time_t)(left / 1000000000ull), (long)(left % 1000000000ull)};
        pthread_cond_timedwait_relative_np(&signal->cond, &signal->mutex, &wait);
#else
        // No monotonic timed wait known here: honour the deadline, not the promptness.
        pthread_mutex_unlock(&signal->mutex);
        mb_sleep_until_ns(deadline_ns);
        pthread_mutex_lock(&signal->mutex);
#endif
    }
    int raised = signal->raised;
    pthread_mutex_unlock(&signal->mutex);
    return raised;
}
#endif

const char *mb_loaded_sanitizer(void) {
    if (dlsym(RTLD_DEFAULT, "__tsan_init") != NULL) return "ThreadSanitizer";
    if (dlsym(RTLD_DEFAULT, "__asan_init") != NULL) return "AddressSanitizer";
    return NULL;
}

void mb_return_free_memory(void) {
#if defined(__linux__)
    malloc_trim(0);
#elif defined(__APPLE__)
    malloc_zone_pressure_relief(NULL, 0);
#endif
}

uint64_t mb_resident_bytes(void) {
#if defined(__linux__)
    int file = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    if (file < 0) return 0;
    char text[128];
    ssize_t count = read(file, text, sizeof text);
    close(file);
    uint64_t pages = 0;
    if (count <= 0 || mb_statm_resident_pages(text, (size_t)count, &pages) != 0) return 0;
    return pages * (uint64_t)sysconf(_SC_PAGESIZE);
#elif defined(__APPLE__)
    struct mach_task_basic_info info;
    mach_msg_type_number_t size = MACH_TASK_BASIC_INFO_COUNT;
    if (task_info(mach_task_self(), MACH_TASK_BASIC_INFO, (task_info_t)&info, &size) != KERN_SUCCESS) return 0;
    return info.resident_size;
#else
    return 0;
#endif
}
