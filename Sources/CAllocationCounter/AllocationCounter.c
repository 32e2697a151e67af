// Counts every thread's allocations by interposing the allocator: this file defines malloc and its
// kin, which the dynamic linker then binds every library's calls to (the executable's definitions
// come first), and forwards them to glibc's own (`__libc_malloc`…), which no call here can re-enter.
// Each thread counts into a slot of its own, claimed on its first allocation and found again through
// thread-local storage, so the allocation path takes no lock and shares no cache line with another
// thread; a reader adds up the slots of the threads it asks about. A slot is retired, not freed, when
// its thread ends, so a worker's counts can still be read after it has been joined; retired slots are
// reused only when no free one is left.

#include "CAllocationCounter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define MB_SANITIZED 1
#endif
#endif

#if defined(__linux__) && !defined(MB_SANITIZED)

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

enum { slotCount = 4096, freeSlot = 0, liveSlot = 1, retiredSlot = 2 };

/// A cache line each, so threads counting side by side do not share one.
typedef struct {
    _Alignas(64) _Atomic int state;
    _Atomic int64_t tid;
    _Atomic uint64_t calls;
    _Atomic uint64_t bytes;
} Slot;

static Slot slots[slotCount];
static __thread Slot *ownSlot;
/// Set while claiming (the calls made then may allocate) and once no slot was left.
static __thread int notCounting;
static pthread_key_t retireKey;
static pthread_once_t retireKeyOnce = PTHREAD_ONCE_INIT;

/// Runs on the ending thread: what it still allocates afterwards is not counted, so a slot taken
/// over by another thread is never written by two.
static void retire(void *slot) {
    ownSlot = NULL;
    notCounting = 1;
    atomic_store_explicit(&((Slot *)slot)->state, retiredSlot, memory_order_release);
}

static void makeRetireKey(void) {
    pthread_key_create(&retireKey, retire);
}

static int take(Slot *slot, int from) {
    int expected = from;
    return atomic_compare_exchange_strong(&slot->state, &expected, liveSlot);
}

static Slot *claim(void) {
    notCounting = 1;
    Slot *claimed = NULL;
    for (int pass = 0; pass < 2 && claimed == NULL; pass++) {
        for (int index = 0; index < slotCount; index++) {
            if (take(&slots[index], pass == 0 ? freeSlot : retiredSlot)) {
                claimed = &slots[index];
                break;
            }
        }
    }
    if (claimed != NULL) {
        atomic_store_explicit(&claimed->calls, 0, memory_order_relaxed);
        atomic_store_explicit(&claimed->bytes, 0, memory_order_relaxed);
        atomic_store_explicit(&claimed->tid, (int64_t)syscall(SYS_gettid), memory_order_release);
        pthread_once(&retireKeyOnce, makeRetireKey);
        pthread_setspecific(retireKey, claimed);
        ownSlot = claimed;
        notCounting = 0;
    }
    return claimed;
}

static inline void count(size_t bytes) {
    Slot *slot = ownSlot;
    if (slot == NULL) {
        if (notCounting || (slot = claim()) == NULL) return;
    }
    // Only this thread writes its slot: a load and a store, no read-modify-write.
    atomic_store_explicit(&slot->calls, atomic_load_explicit(&slot->calls, memory_order_relaxed) + 1, memory_order_relaxed);
    atomic_store_explicit(&slot->bytes, atomic_load_explicit(&slot->bytes, memory_order_relaxed) + bytes, memory_order_relaxed);
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    if (size > 0) count(size);
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    count(size);
    return __libc_valloc(size);
}

void *pvalloc(size_t size) {
    count(size);
    return __libc_pvalloc(size);
}

int mb_allocation_counting_available(void) {
    return 1;
}

void mb_allocations_of_current_thread(uint64_t *calls, uint64_t *bytes) {
    Slot *slot = ownSlot != NULL ? ownSlot : (notCounting ? NULL : claim());
    *calls = slot ? atomic_load_explicit(&slot->calls, memory_order_relaxed) : 0;
    *bytes = slot ? atomic_load_explicit(&slot->bytes, memory_order_relaxed) : 0;
}

void mb_allocations_of_thread(int64_t tid, uint64_t *calls, uint64_t *bytes) {
    *calls = 0;
    *bytes = 0;
    for (int index = 0; index < slotCount; index++) {
        Slot *slot = &slots[index];
        if (atomic_load_explicit(&slot->state, memory_order_acquire) == freeSlot) continue;
        if (atomic_load_explicit(&slot->tid, memory_order_acquire) != tid) continue;
        *calls += atomic_load_explicit(&slot->calls, memory_order_relaxed);
        *bytes += atomic_load_explicit(&slot->bytes, memory_order_relaxed);
    }
}

#else

int mb_allocation_counting_available(void) {
    return 0;
}

void mb_allocations_of_current_thread(uint64_t *calls, uint64_t *bytes) {
    *calls = 0;
    *bytes = 0;
}

void mb_allocations_of_thread(int64_t tid, uint64_t *calls, uint64_t *bytes) {
    (void)tid;
    *calls = 0;
    *bytes = 0;
}

#endif
