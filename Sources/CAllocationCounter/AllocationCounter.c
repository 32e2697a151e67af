// Counts every thread's allocations by interposing the allocator: this file defines malloc and its
// kin, which the dynamic linker then binds every library's calls to (the executable's definitions
// come first), and forwards them to glibc's own (`__libc_malloc`…), which no call here can re-enter.
// Each thread counts into a slot of its own, claimed on its first allocation and found again through
// thread-local storage, so the allocation path takes no lock and shares no cache line with another
// thread; a reader adds up the slots of the threads it asks about. A slot is retired, not freed, when
// its thread ends, so a worker's counts can still be read after it has been joined; retired slots are
// reused only when no free one is left.
//
// The process's live heap is one shared counter: each allocation adds its block's usable size, each
// free subtracts it, and a realloc adds its change of size in one step. It is shared because a block
// is often freed by another thread than the one that made it, so per-thread sums could not say what
// is live at one instant, nor its peak. That costs one atomic add per call, and on an allocation a
// read of the peak, written only when it is passed.

#include "CAllocationCounter.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define MB_SANITIZED 1
#endif
#endif

#if defined(__linux__) && !defined(MB_SANITIZED)

#include <errno.h>
#include <malloc.h>
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
    /// Usable bytes of every block the slot's threads allocated (of a realloc, its growth): never
    /// reset, as only their sum over all slots (the process's) is read.
    _Atomic uint64_t usableBytes;
} Slot;

/// A counter every thread writes, on a cache line of its own.
typedef struct {
    _Alignas(64) _Atomic int64_t value;
} SharedCounter;

static Slot slots[slotCount];
/// One past the highest slot ever claimed, so a reader of every slot stops there.
static _Atomic int slotsInUse;
static SharedCounter liveBytes;
static SharedCounter peakLiveBytes;
/// Usable bytes allocated by threads that hold no slot (while claiming one, after retiring theirs).
static SharedCounter unslottedUsableBytes;
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
        int index = (int)(claimed - slots) + 1;
        int inUse = atomic_load_explicit(&slotsInUse, memory_order_relaxed);
        while (inUse < index && !atomic_compare_exchange_weak(&slotsInUse, &inUse, index)) {}
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

/// Adds `delta` bytes to the live heap, and raises the peak when an allocation passes it.
static inline void addLive(int64_t delta) {
    int64_t live = atomic_fetch_add_explicit(&liveBytes.value, delta, memory_order_relaxed) + delta;
    if (delta <= 0) return;
    int64_t peak = atomic_load_explicit(&peakLiveBytes.value, memory_order_relaxed);
    while (live > peak && !atomic_compare_exchange_weak_explicit(&peakLiveBytes.value, &peak, live, memory_order_relaxed, memory_order_relaxed)) {}
}

/// The calling thread's slot, claimed on its first use; NULL when it may not count.
static inline Slot *currentSlot(void) {
    Slot *slot = ownSlot;
    if (slot == NULL && !notCounting) slot = claim();
    return slot;
}

/// Counts an allocation call of `requested` bytes that got `usable` bytes more (0 when it failed) and
/// changed the live heap by `live` bytes.
static inline void countChange(size_t requested, size_t usable, int64_t live) {
    Slot *slot = currentSlot();
    if (slot != NULL) {
        // Only this thread writes its slot: a load and a store, no read-modify-write.
        atomic_store_explicit(&slot->calls, atomic_load_explicit(&slot->calls, memory_order_relaxed) + 1, memory_order_relaxed);
        atomic_store_explicit(&slot->bytes, atomic_load_explicit(&slot->bytes, memory_order_relaxed) + requested, memory_order_relaxed);
        atomic_store_explicit(&slot->usableBytes, atomic_load_explicit(&slot->usableBytes, memory_order_relaxed) + usable, memory_order_relaxed);
    } else if (usable > 0) {
        atomic_fetch_add_explicit(&unslottedUsableBytes.value, (int64_t)usable, memory_order_relaxed);
    }
    if (live != 0) addLive(live);
}

/// Counts an allocation of `requested` bytes that got a block of `usable` bytes (0 when it failed).
static inline void count(size_t requested, size_t usable) {
    countChange(requested, usable, (int64_t)usable);
}

static inline size_t usableSize(void *pointer) {
    return pointer != NULL ? malloc_usable_size(pointer) : 0;
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    count(size, usableSize(pointer));
    return pointer;
}

void *calloc(size_t count_, size_t size) {
    void *pointer = __libc_calloc(count_, size);
    count(count_ * size, usableSize(pointer));
    return pointer;
}

void *realloc(void *pointer, size_t size) {
    size_t before = usableSize(pointer);
    void *moved = __libc_realloc(pointer, size);
    if (moved != NULL) {
        // The change it is, in one step of the live heap, so its peak never holds the old block and the
        // new one together: growth is allocated (and asked for), a shrink frees the difference.
        size_t after = usableSize(moved);
        countChange(size > before ? size - before : 0, after > before ? after - before : 0, (int64_t)after - (int64_t)before);
    } else if (size == 0 && pointer != NULL) {
        // realloc(pointer, 0) freed the block.
        addLive(-(int64_t)before);
    }
    return moved;
}

void free(void *pointer) {
    if (pointer == NULL) return;
    addLive(-(int64_t)malloc_usable_size(pointer));
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = __libc_memalign(alignment, size);
    count(size, usableSize(pointer));
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    count(size, usableSize(pointer));
    return pointer;
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    count(size, usableSize(pointer));
    return pointer;
}

void *valloc(size_t size) {
    void *pointer = __libc_valloc(size);
    count(size, usableSize(pointer));
    return pointer;
}

void *pvalloc(size_t size) {
    void *pointer = __libc_pvalloc(size);
    count(size, usableSize(pointer));
    return pointer;
}

int mb_allocation_counting_available(void) {
    return 1;
}

void mb_allocations_of_current_thread(uint64_t *calls, uint64_t *bytes) {
    Slot *slot = currentSlot();
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

void mb_heap_read(MBHeapReading *reading) {
    reading->liveBytes = atomic_load_explicit(&liveBytes.value, memory_order_relaxed);
    reading->peakLiveBytes = atomic_load_explicit(&peakLiveBytes.value, memory_order_relaxed);
    uint64_t allocated = (uint64_t)atomic_load_explicit(&unslottedUsableBytes.value, memory_order_relaxed);
    int inUse = atomic_load_explicit(&slotsInUse, memory_order_acquire);
    for (int index = 0; index < inUse; index++) {
        allocated += atomic_load_explicit(&slots[index].usableBytes, memory_order_relaxed);
    }
    reading->allocatedBytes = allocated;
}

void mb_heap_reset_peak(void) {
    atomic_store_explicit(&peakLiveBytes.value, atomic_load_explicit(&liveBytes.value, memory_order_relaxed), memory_order_relaxed);
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

void mb_heap_read(MBHeapReading *reading) {
    reading->liveBytes = 0;
    reading->peakLiveBytes = 0;
    reading->allocatedBytes = 0;
}

void mb_heap_reset_peak(void) {}

#endif
