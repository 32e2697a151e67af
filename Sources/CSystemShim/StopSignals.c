#include "StopSignals.h"

#include "ChildProcesses.h"
#include "CSystemShim.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <unistd.h>

static atomic_int first_signal;
static _Atomic unsigned long long first_signal_ns;
static const char *first_message = "";
static const char *second_message = "";

static void write_stderr(const char *text) {
    size_t length = 0;
    while (text[length] != '\0') length++;
    // Nothing to do if stderr is gone; the exit code still says what happened.
    ssize_t ignored = write(STDERR_FILENO, text, length);
    (void)ignored;
}

static void on_stop_signal(int number) {
    int expected = 0;
    if (atomic_compare_exchange_strong(&first_signal, &expected, number)) {
        // The interrupted code may be about to read errno: the calls here must not change it.
        int saved = errno;
        atomic_store(&first_signal_ns, mb_monotonic_ns());
        write_stderr(first_message);
        errno = saved;
        return;
    }
    write_stderr(second_message);
    mb_stop_owned();
    _exit(128 + number);
}

int mb_install_stop_signals(const char *first, const char *second) {
    first_message = first;
    second_message = second;
    struct sigaction action = {0};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    // Restarted system calls: reads and writes in flight carry on as if no signal had come.
    action.sa_flags = SA_RESTART;
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGTERM, &action, NULL) != 0) return errno;
    // A parent may start us with these blocked (Foundation's Process does), which would hold them
    // pending for ever; threads started from here on inherit the unblocked mask.
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    return pthread_sigmask(SIG_UNBLOCK, &stops, NULL);
}

int mb_stop_signal_received(void) {
    return atomic_load(&first_signal);
}

unsigned long long mb_stop_signal_received_ns(void) {
    return atomic_load(&first_signal_ns);
}
