// Ctrl-C and `kill` during a run: the first asks the run to stop after the case in flight, a second
// stops the process at once. In C because a signal handler may only touch async-signal-safe things.
#ifndef MOTIONBENCH_STOPSIGNALS_H
#define MOTIONBENCH_STOPSIGNALS_H

/// Installs handlers for SIGINT and SIGTERM. The first such signal is only recorded, with
/// `first_message` on stderr; any second one writes `second_message` and exits the process at once
/// with 128 + its number, which cannot tear a file written by renaming a finished temporary over it.
/// Both strings must outlive the process. Returns 0, or an errno value.
int mb_install_stop_signals(const char *first_message, const char *second_message);

/// The first SIGINT or SIGTERM received since `mb_install_stop_signals`, or 0.
int mb_stop_signal_received(void);

/// The process group of a child in flight (`ab`'s round), killed with SIGKILL by a second signal before
/// the process exits, so nothing it started outlives it; 0 for none.
void mb_set_stop_child_group(int group);

#endif
