#include "ChildProcesses.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

enum { ownedChildCapacity = 64, ownedFolderCapacity = 8, folderPathCapacity = 4096 };

// Slots written with compare-and-swap, so a signal handler reading them never sees half a record.
static _Atomic int ownedChildren[ownedChildCapacity];
// Per folder slot: 0 free, 1 being written, 2 owned whole, 3 owned if empty.
static _Atomic int folderStates[ownedFolderCapacity];
static char folderPaths[ownedFolderCapacity][folderPathCapacity];
static _Atomic int subreaper;

int mb_become_subreaper(void) {
#if defined(__linux__)
    if (prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0) return errno;
    atomic_store(&subreaper, 1);
    return 0;
#else
    return ENOSYS;
#endif
}

int mb_own_child(int pid) {
    for (int index = 0; index < ownedChildCapacity; index++) {
        int expected = 0;
        if (atomic_compare_exchange_strong(&ownedChildren[index], &expected, pid)) return 0;
    }
    return ENOSPC;
}

void mb_disown_child(int pid) {
    for (int index = 0; index < ownedChildCapacity; index++) {
        int expected = pid;
        atomic_compare_exchange_strong(&ownedChildren[index], &expected, 0);
    }
}

static int isOwned(int pid) {
    for (int index = 0; index < ownedChildCapacity; index++) {
        if (atomic_load(&ownedChildren[index]) == pid) return 1;
    }
    return 0;
}

int mb_own_folder(const char *path, int whole) {
    size_t length = strlen(path);
    if (length >= folderPathCapacity) return ENAMETOOLONG;
    for (int index = 0; index < ownedFolderCapacity; index++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&folderStates[index], &expected, 1)) continue;
        memcpy(folderPaths[index], path, length + 1);
        atomic_store(&folderStates[index], whole ? 2 : 3);
        return 0;
    }
    return ENOSPC;
}

void mb_disown_folder(const char *path) {
    for (int index = 0; index < ownedFolderCapacity; index++) {
        int state = atomic_load(&folderStates[index]);
        if (state >= 2 && strcmp(folderPaths[index], path) == 0) atomic_compare_exchange_strong(&folderStates[index], &state, 0);
    }
}

#if defined(__linux__)

/// Sleeps `ns` nanoseconds (async-signal-safe).
static void pause_ns(long ns) {
    struct timespec wait = {0, ns};
    nanosleep(&wait, NULL);
}

/// A directory entry as getdents64 returns it.
struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/// `value` as decimal digits into `out` (room for 12), returning the length.
static int digits(int value, char *out) {
    char reversed[12];
    int length = 0;
    do {
        reversed[length++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0 && length < 11);
    for (int index = 0; index < length; index++) out[index] = reversed[length - 1 - index];
    return length;
}

/// Reads `/proc/PID/stat`: the state letter and the parent's pid. 0 when read, -1 when the process
/// is gone.
static int readStat(int pid, char *state, int *parent) {
    char path[32] = "/proc/";
    int length = 6 + digits(pid, path + 6);
    memcpy(path + length, "/stat", 6);
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return -1;
    char text[512];
    ssize_t count = read(file, text, sizeof text - 1);
    close(file);
    if (count <= 0) return -1;
    // "pid (name) S ppid …": the name may hold anything, parentheses too, so read after the last ')'.
    ssize_t close_paren = -1;
    for (ssize_t index = 0; index < count; index++) {
        if (text[index] == ')') close_paren = index;
    }
    if (close_paren < 0 || close_paren + 4 >= count) return -1;
    *state = text[close_paren + 2];
    int value = 0;
    for (ssize_t index = close_paren + 4; index < count && text[index] >= '0' && text[index] <= '9'; index++) {
        value = value * 10 + (text[index] - '0');
    }
    *parent = value;
    return 0;
}

/// Calls `visit(pid, state, parent, context)` for every process in /proc but this one.
static void forEachProcess(void (*visit)(int, char, int, void *), void *context) {
    int folder = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) return;
    char buffer[4096];
    int self = getpid();
    for (;;) {
        long count = syscall(SYS_getdents64, folder, buffer, sizeof buffer);
        if (count <= 0) break;
        for (long offset = 0; offset < count;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
            offset += entry->d_reclen;
            int pid = 0;
            const char *name = entry->d_name;
            if (*name == '\0') continue;
            for (; *name >= '0' && *name <= '9'; name++) pid = pid * 10 + (*name - '0');
            if (*name != '\0' || pid == self) continue;
            char state;
            int parent;
            if (readStat(pid, &state, &parent) == 0) visit(pid, state, parent, context);
        }
    }
    close(folder);
}

enum { treeCapacity = 1024 };

/// The processes found so far, and what the search looks for.
typedef struct {
    int pids[treeCapacity];
    int adopted[treeCapacity];
    int count;
    int added;
    int self;
    int orphans;
    int stopFirst;
} Tree;

static int contains(const Tree *tree, int pid) {
    for (int index = 0; index < tree->count; index++) {
        if (tree->pids[index] == pid) return 1;
    }
    return 0;
}

/// Adds `pid` when its parent is in the tree, or when it is an orphan this process adopted; a dead
/// orphan (a zombie) is only waited for.
static void visitForTree(int pid, char state, int parent, void *context) {
    Tree *tree = context;
    int adopted = tree->orphans && parent == tree->self && !isOwned(pid);
    if (adopted && state == 'Z') {
        waitpid(pid, NULL, WNOHANG);
        return;
    }
    if (state == 'Z' || tree->count >= treeCapacity || contains(tree, pid)) return;
    if (!adopted && !contains(tree, parent)) return;
    // Stopped at once, so it cannot start another before the search ends.
    if (tree->stopFirst) kill(pid, SIGSTOP);
    tree->adopted[tree->count] = adopted;
    tree->pids[tree->count++] = pid;
    tree->added++;
}

int mb_stop_process_tree(int root, int signal, int orphans) {
    Tree tree;
    tree.count = 0;
    tree.self = getpid();
    tree.orphans = orphans && atomic_load(&subreaper);
    tree.stopFirst = signal == SIGKILL;
    if (root > 0) {
        if (tree.stopFirst) kill(-root, SIGSTOP);
        tree.adopted[0] = 0;
        tree.pids[tree.count++] = root;
    }
    // Each pass finds one more generation; a process started meanwhile by one not yet stopped is
    // found by the next.
    for (int pass = 0; pass < 64; pass++) {
        tree.added = 0;
        forEachProcess(visitForTree, &tree);
        if (tree.added == 0) break;
    }
    int signalled = 0;
    if (root > 0 && kill(-root, signal) == 0) signalled++;
    for (int index = 0; index < tree.count; index++) {
        if (kill(tree.pids[index], signal) == 0) signalled++;
        if (signal != SIGKILL && signal != SIGSTOP) kill(tree.pids[index], SIGCONT);
    }
    // The orphans killed are this process's children: waited for, so none is left a zombie.
    for (int index = 0; index < tree.count && signal == SIGKILL; index++) {
        if (!tree.adopted[index]) continue;
        for (int tries = 0; tries < 1000 && waitpid(tree.pids[index], NULL, WNOHANG) == 0; tries++) pause_ns(1000000);
    }
    return signalled;
}

/// Counts the live children this process does not own.
static void visitForOrphans(int pid, char state, int parent, void *context) {
    int *count = context;
    if (parent == getpid() && state != 'Z' && !isOwned(pid)) (*count)++;
}

int mb_adopted_orphans(void) {
    int count = 0;
    if (atomic_load(&subreaper)) forEachProcess(visitForOrphans, &count);
    return count;
}

/// Removes `name` in the folder `parent` (a descriptor), emptying it first when it is a folder.
static int removeAt(int parent, const char *name, int depth) {
    if (unlinkat(parent, name, 0) == 0 || errno == ENOENT) return 0;
    if (errno != EISDIR && errno != EPERM) return errno;
    if (depth > 16) return ELOOP;
    int folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (folder < 0) return errno;
    char buffer[2048];
    // Read again from the start after each batch: removing entries while reading may skip some.
    for (int removed = 1; removed;) {
        removed = 0;
        lseek(folder, 0, SEEK_SET);
        long count;
        while ((count = syscall(SYS_getdents64, folder, buffer, sizeof buffer)) > 0) {
            for (long offset = 0; offset < count;) {
                struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
                offset += entry->d_reclen;
                if (strcmp(entry->d_name, ".") == 0 || strcmp(entry->d_name, "..") == 0) continue;
                if (removeAt(folder, entry->d_name, depth + 1) == 0) removed = 1;
            }
        }
    }
    close(folder);
    return unlinkat(parent, name, AT_REMOVEDIR) == 0 ? 0 : errno;
}

int mb_remove_folder_tree(const char *path) {
    return removeAt(AT_FDCWD, path, 0);
}

#else

int mb_stop_process_tree(int root, int signal, int orphans) {
    (void)orphans;
    return root > 0 && kill(-root, signal) == 0 ? 1 : 0;
}

int mb_adopted_orphans(void) {
    return 0;
}

int mb_remove_folder_tree(const char *path) {
    (void)path;
    return ENOSYS;
}

#endif

void mb_stop_owned(void) {
    for (int index = 0; index < ownedChildCapacity; index++) {
        int pid = atomic_load(&ownedChildren[index]);
        if (pid > 0) mb_stop_process_tree(pid, SIGKILL, 0);
    }
    mb_stop_process_tree(0, SIGKILL, 1);
    // The children killed, and what they left to this process, are waited for (half a second at
    // most), so none is left a zombie for a PID 1 that may not reap.
    struct timespec wait = {0, 10000000};
    for (int tries = 0; tries < 50; tries++) {
        pid_t reaped;
        while ((reaped = waitpid(-1, NULL, WNOHANG)) > 0) {}
        if (reaped < 0 && errno == ECHILD) break;
        nanosleep(&wait, NULL);
    }
    for (int index = 0; index < ownedFolderCapacity; index++) {
        int state = atomic_load(&folderStates[index]);
        if (state == 2) mb_remove_folder_tree(folderPaths[index]);
        if (state == 3) rmdir(folderPaths[index]);
    }
}
