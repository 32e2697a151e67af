// The floor of a periodic sampler on this machine: a thread that does nothing but sleep to absolute
// deadlines on the monotonic clock, as motionbench's sampler does between readings. It prints its own
// CPU time (its thread's CPU clock) over its wall time, so scripts/sampler-cost.sh can put the
// sampler's cost beside the cost of waking alone, measured in the same minutes.
//
//   wake-loop SECONDS [PERIOD_MS]    prints: wakes=N cpu_ns=N wall_ns=N
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

static uint64_t now_ns(clockid_t clock) {
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

struct loop {
    uint64_t seconds, period_ns, wakes, cpu_ns, wall_ns;
};

static void *run(void *argument) {
    struct loop *loop = argument;
    // The same timer slack as the sampler's thread: both are asked to wake on time.
    prctl(PR_SET_TIMERSLACK, 1UL, 0, 0, 0);
    uint64_t start = now_ns(CLOCK_MONOTONIC), cpu_start = now_ns(CLOCK_THREAD_CPUTIME_ID);
    uint64_t end = start + loop->seconds * 1000000000ull;
    for (uint64_t deadline = start + loop->period_ns; deadline <= end; deadline += loop->period_ns) {
        struct timespec until = {(time_t)(deadline / 1000000000ull), (long)(deadline % 1000000000ull)};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &until, NULL) != 0) {}
        loop->wakes++;
    }
    loop->cpu_ns = now_ns(CLOCK_THREAD_CPUTIME_ID) - cpu_start;
    loop->wall_ns = now_ns(CLOCK_MONOTONIC) - start;
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 2 || atoi(argv[1]) <= 0) {
        fprintf(stderr, "usage: wake-loop SECONDS [PERIOD_MS]\n");
        return 64;
    }
    struct loop loop = {(uint64_t)atoi(argv[1]), (uint64_t)(argc > 2 ? atoi(argv[2]) : 100) * 1000000ull, 0, 0, 0};
    pthread_t thread;
    if (pthread_create(&thread, NULL, run, &loop) != 0) return 1;
    pthread_join(thread, NULL);
    printf("wakes=%llu cpu_ns=%llu wall_ns=%llu\n", (unsigned long long)loop.wakes, (unsigned long long)loop.cpu_ns,
           (unsigned long long)loop.wall_ns);
    return 0;
}
