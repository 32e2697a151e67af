#include "CSystemShim.h"

#if defined(__linux__)
#include <sys/stat.h>
#include <unistd.h>
#endif

int mb_pace_wait(mb_pace *pace, mb_stop_signal *signal) {
    pace->deadline_ns += pace->period_ns;
    uint64_t now = mb_monotonic_ns();
    if (now >= pace->deadline_ns) {
        uint64_t missed = (now - pace->deadline_ns) / pace->period_ns + 1;
        pace->missed += missed;
        pace->deadline_ns += missed * pace->period_ns;
    }
    return mb_stop_signal_wait_until_ns(signal, pace->deadline_ns);
}

int mb_statm_resident_pages(const char *text, size_t length, uint64_t *out_pages) {
    size_t index = 0;
    while (index < length && text[index] != ' ') index++;
    size_t start = ++index;
    uint64_t pages = 0;
    for (; index < length && text[index] != ' ' && text[index] != '\n'; index++) {
        unsigned digit = (unsigned char)text[index] - '0';
        if (digit > 9 || pages > (UINT64_MAX - digit) / 10) return -1;
        pages = pages * 10 + digit;
    }
    if (start >= length || index == start) return -1;
    *out_pages = pages;
    return 0;
}

#if defined(__linux__)
int mb_read_periodically(mb_periodic_reads *reads, mb_pace *pace, mb_stop_signal *signal) {
    reads->rows_taken = 0;
    size_t width = 2 + (size_t)reads->thread_count;
    char text[256];
    while (reads->rows_taken < reads->row_capacity) {
        if (mb_pace_wait(pace, signal) == 1) return MB_PERIODIC_STOPPED;
        struct stat info;
        if (fstat(reads->task_descriptor, &info) != 0 || (uint64_t)info.st_nlink != reads->task_links) {
            return MB_PERIODIC_ORDINARY;
        }
        uint64_t *row = reads->rows + width * (size_t)reads->rows_taken;
        row[0] = mb_monotonic_ns();
        for (int index = 0; index < reads->thread_count; index++) {
            if (mb_thread_cpu_ns(reads->tids[index], &row[2 + index]) != 0) return MB_PERIODIC_ORDINARY;
        }
        ssize_t length = pread(reads->statm_descriptor, text, sizeof text, 0);
        if (length <= 0 || mb_statm_resident_pages(text, (size_t)length, &row[1]) != 0) return MB_PERIODIC_ORDINARY;
        reads->rows_taken++;
    }
    return MB_PERIODIC_FULL;
}
#endif
