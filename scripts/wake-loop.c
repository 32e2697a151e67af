// The floor of a periodic sampler on this machine: a thread that does nothing but sleep to absolute
// deadlines on the monotonic clock (clock_nanosleep; with --futex, a futex wait with the deadline as
// its time-out, the wait motionbench's sampler makes so that a stop wakes it at once); with --reads N,
// after each wake it also makes the system calls a periodic snapshot of N threads makes (an fstat of
// /proc/self/task, each thread's CPU clock, /proc/self/statm), with N - 1 idle threads to read, or
// with --busy N - 1 threads that work as a real-time case's hub and workload do: the kind of process
// a sampler really reads. It prints its own CPU time (its thread's CPU clock) over its wall time, so
// scripts/sampler-cost.sh can put the sampler's cost beside the cost of waking alone, and of waking
// and reading, in the same minutes. With --cost CALL it makes one call after each wake and also
// prints that call's CPU time alone, cold as a sampler meets it, measured by the thread's clock
// around it (`none` gives what the measuring itself costs): CALL is `fstat` (of /proc/self/task),
// `thread-clock` (another thread's CPU clock), `process-clock` or `statm` (a pread).
//
//   wake-loop SECONDS [--futex] [--reads N [--busy]]   prints: wakes=N cpu_ns=N wall_ns=N
//   wake-loop SECONDS --cost CALL                      prints: wakes=N cpu_ns=N wall_ns=N call_ns=N
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <linux/futex.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define PERIOD_NS 100000000ull
#define MOST_THREADS 16

static uint64_t now_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct loop {
    uint64_t seconds, wakes, cpu_ns, wall_ns;
    int threads;  // threads whose clocks a wake reads; 0: it only wakes
    int cost;     // the call --cost times, or -1
    int futex;    // 1: wait on a futex word nobody wakes, with the deadline as its time-out
    uint64_t call_ns;
    pid_t tids[MOST_THREADS];
};

static void *idle(void *argument) {
    __atomic_store_n((pid_t *)argument, (pid_t)syscall(SYS_gettid), __ATOMIC_RELEASE);
    for (;;) pause();
    return NULL;
}

// With --busy the other threads do what a real-time case's hub and workload do between snapshots:
// wake at 50 Hz, on deadlines from the same start as the loop's, and work 100 µs of CPU each time.
static uint64_t busy_start_ns;

static void *busy(void *argument) {
    __atomic_store_n((pid_t *)argument, (pid_t)syscall(SYS_gettid), __ATOMIC_RELEASE);
    for (uint64_t deadline = busy_start_ns;; deadline += 20000000ull) {
        struct timespec until = {(time_t)(deadline / 1000000000ull), (long)(deadline % 1000000000ull)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) != 0) {}
        uint64_t cpu = now_ns(CLOCK_THREAD_CPUTIME_ID);
        while (now_ns(CLOCK_THREAD_CPUTIME_ID) - cpu < 100000) {}
    }
    return NULL;
}

static const char *const CALLS[] = {"none", "fstat", "thread-clock", "process-clock", "statm"};
#define CALL_COUNT (sizeof CALLS / sizeof CALLS[0])

static void make_call(int call, DIR *tasks, int statm, pid_t other) {
    struct stat info;
    struct timespec cpu;
    char text[256];
    switch (call) {
    case 1: fstat(dirfd(tasks), &info); break;
    case 2: clock_gettime((clockid_t)(((~(unsigned int)other) << 3) | 6), &cpu); break;
    case 3: clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu); break;
    case 4: if (pread(statm, text, sizeof text, 0) < 0) perror("statm"); break;
    default: break;
    }
}

static void *run(void *argument) {
    struct loop *loop = argument;
    // The same timer slack as the sampler's thread: both are asked to wake on time.
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    loop->tids[0] = (pid_t)syscall(SYS_gettid);
    DIR *tasks = opendir("/proc/self/task");
    int statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    char text[256];
    uint64_t start = now_ns(CLOCK_MONOTONIC), cpu_start = now_ns(CLOCK_THREAD_CPUTIME_ID);
    uint64_t end = start + loop->seconds * 1000000000ull;
    for (uint64_t deadline = start + PERIOD_NS; deadline <= end; deadline += PERIOD_NS) {
        struct timespec until = {(time_t)(deadline / 1000000000ull), (long)(deadline % 1000000000ull)};
        if (loop->futex) {
            static uint32_t never_raised;
            // FUTEX_WAIT_BITSET takes an absolute time on the monotonic clock, as the sampler's wait does.
            while (now_ns(CLOCK_MONOTONIC) < deadline) {
                syscall(SYS_futex, &never_raised, FUTEX_WAIT_BITSET_PRIVATE, 0, &until, NULL, FUTEX_BITSET_MATCH_ANY);
            }
        } else {
            while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) != 0) {}
        }
        loop->wakes++;
        if (loop->cost >= 0) {
            uint64_t before = now_ns(CLOCK_THREAD_CPUTIME_ID);
            make_call(loop->cost, tasks, statm, loop->tids[1]);
            loop->call_ns += now_ns(CLOCK_THREAD_CPUTIME_ID) - before;
            continue;
        }
        if (loop->threads == 0) continue;
        struct stat info;
        fstat(dirfd(tasks), &info);
        for (int index = 0; index < loop->threads; index++) {
            struct timespec cpu;
            clock_gettime((clockid_t)(((~(unsigned int)loop->tids[index]) << 3) | 6), &cpu);
        }
        if (pread(statm, text, sizeof text, 0) < 0) perror("statm");
    }
    loop->cpu_ns = now_ns(CLOCK_THREAD_CPUTIME_ID) - cpu_start;
    loop->wall_ns = now_ns(CLOCK_MONOTONIC) - start;
    return NULL;
}

int main(int argc, char **argv) {
    struct loop loop = {0};
    if (argc >= 2) loop.seconds = (uint64_t)atoi(argv[1]);
    loop.cost = -1;
    int next = 2, bad = argc < 2;
    if (next < argc && strcmp(argv[next], "--futex") == 0) loop.futex = 1, next++;
    int others_busy = 0;
    if (next + 1 < argc && strcmp(argv[next], "--reads") == 0) {
        loop.threads = atoi(argv[next + 1]);
        next += 2;
        if (next < argc && strcmp(argv[next], "--busy") == 0) others_busy = 1, next++;
    } else if (next + 1 < argc && !loop.futex && strcmp(argv[next], "--cost") == 0) {
        for (int call = 0; call < (int)CALL_COUNT; call++) {
            if (strcmp(argv[next + 1], CALLS[call]) == 0) loop.cost = call;
        }
        // The thread-clock call reads an idle thread's.
        loop.threads = loop.cost >= 0 ? 2 : -1;
        next += 2;
    }
    if (bad || next != argc || loop.seconds == 0 || loop.threads < 0 || loop.threads > MOST_THREADS) {
        fprintf(stderr,
                "usage: wake-loop SECONDS [--futex] [--reads N [--busy]] | SECONDS --cost none|fstat|thread-clock|process-clock|statm"
                "   (N at most %d)\n",
                MOST_THREADS);
        return 64;
    }
    pthread_t thread;
    busy_start_ns = now_ns(CLOCK_MONOTONIC);
    for (int index = 1; index < loop.threads; index++) {
        if (pthread_create(&thread, NULL, others_busy ? busy : idle, &loop.tids[index]) != 0) return 1;
    }
    for (int index = 1; index < loop.threads; index++) {
        while (__atomic_load_n(&loop.tids[index], __ATOMIC_ACQUIRE) == 0) usleep(1000);
    }
    if (pthread_create(&thread, NULL, run, &loop) != 0) return 1;
    pthread_join(thread, NULL);
    printf("wakes=%llu cpu_ns=%llu wall_ns=%llu", (unsigned long long)loop.wakes, (unsigned long long)loop.cpu_ns,
           (unsigned long long)loop.wall_ns);
    if (loop.cost >= 0) printf(" call_ns=%llu", (unsigned long long)loop.call_ns);
    printf("\n");
    return 0;
}
