// The processes a command starts (`ab`'s rounds, the instruction counter's valgrind runs and tools)
// and its temporary folders, owned whole: every process a child starts in turn is found and stopped
// with it, a detached one (`setsid`) too, and a second stop signal stops them and removes the folders
// before the process exits. In C because a signal handler may only make async-signal-safe calls.
#ifndef MOTIONBENCH_CHILDPROCESSES_H
#define MOTIONBENCH_CHILDPROCESSES_H

/// Makes this process the one its orphaned descendants are re-parented to (Linux's child subreaper),
/// instead of PID 1, so a child's detached grandchild stays ours to find and stop once the child is
/// gone. Returns 0, or an errno value (ENOSYS where the platform has no such thing).
int mb_become_subreaper(void);

/// Records `pid` as a child this process owns, which a second stop signal stops with everything it
/// started (`mb_stop_owned`), and which `mb_stop_process_tree` never counts among the orphans. Returns
/// 0, or ENOSPC when as many children are owned already.
int mb_own_child(int pid);

/// Forgets a child `mb_own_child` recorded, once it has ended and been waited for.
void mb_disown_child(int pid);

/// Records `path`, a folder this process made, to be removed by a second stop signal
/// (`mb_stop_owned`): with all it holds when `whole`, else only if it is empty. Returns 0, ENOSPC
/// when as many folders are owned, or ENAMETOOLONG.
int mb_own_folder(const char *path, int whole);

/// Forgets a folder `mb_own_folder` recorded, once removed.
void mb_disown_folder(const char *path);

/// Sends `signal` to the process group of `root` (a child started in a group of its own) and to every
/// descendant of `root` (Linux: found in /proc, whatever their group or session), and, when
/// `orphans`, to the children this process adopted as a subreaper (those it does not own) and their
/// descendants. With SIGKILL, each is first stopped (SIGSTOP) and the search repeated until it finds no
/// new one, so none can fork past it; the adopted orphans it killed are waited for. `root` 0 names no
/// child. Async-signal-safe: no allocation. Returns how many processes were signalled.
int mb_stop_process_tree(int root, int signal, int orphans);

/// Whether this process has children it did not start: orphans it adopted as a subreaper. Returns
/// their number, every one /proc lists but zombies; 0 unless `mb_become_subreaper` made this process
/// one, and on macOS.
int mb_adopted_orphans(void);

/// Removes `path` and everything in it (not following symbolic links). Async-signal-safe. Returns 0,
/// or an errno value.
int mb_remove_folder_tree(const char *path);

/// Kills every owned child with all it started, and the adopted orphans, with SIGKILL, and removes
/// the owned folders (those owned only if empty, only if so): what a second stop signal does before
/// the process exits. Async-signal-safe.
void mb_stop_owned(void);

#endif
