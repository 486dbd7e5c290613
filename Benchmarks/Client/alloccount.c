// Counts every allocation of the process, for the client benchmark's allocation columns: preloaded
// (LD_PRELOAD) in a run of its own, since counting slows each call a little. The benchmark reads the
// count through reflectmap_allocations().
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>

static atomic_long allocations;

long reflectmap_allocations(void) { return atomic_load(&allocations); }

// glibc's own entry points, under the names it exports for interposers.
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

void *malloc(size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    void *pointer = __libc_memalign(alignment, size);
    if (!pointer) return 12; // ENOMEM
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    return __libc_memalign(alignment, size);
}
