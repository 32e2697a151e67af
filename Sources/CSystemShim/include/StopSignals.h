// Ctrl-C and `kill` during a run: the first asks the run to stop after the case in flight, a second
// stops the process at once. In C because a signal handler may only touch async-signal-safe things.
#ifndef MOTIONBENCH_STOPSIGNALS_H
#define MOTIONBENCH_STOPSIGNALS_H

/// Installs handlers for SIGINT and SIGTERM. The first such signal is only recorded, with its time
/// and `first_message` on stderr; any second one writes `second_message`, stops the children and
/// removes the folders this process owns (`mb_stop_owned`), and exits the process at once with 128 +
/// its number, which cannot tear a file written by renaming a finished temporary over it.
/// Both strings must outlive the process. Returns 0, or an errno value.
int mb_install_stop_signals(const char *first_message, const char *second_message);

/// The first SIGINT or SIGTERM received since `mb_install_stop_signals`, or 0.
int mb_stop_signal_received(void);

/// Monotonic nanoseconds when the first SIGINT or SIGTERM came, or 0 before one did.
unsigned long long mb_stop_signal_received_ns(void);

#endif
