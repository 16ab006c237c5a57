// An allocator for SQLite's out-of-memory tests (see include/fault_malloc.h).

#include "fault_malloc.h"

#include <sqlite3.h>
#include <stdatomic.h>

static sqlite3_mem_methods defaultMethods;
static atomic_llong counted;
static atomic_llong failAt;
static atomic_int persistent;
static atomic_int fired;
static atomic_int armed;

/// Whether this allocation fails.
static int fails(void) {
    if (!atomic_load(&armed)) return 0;
    long long number = atomic_fetch_add(&counted, 1) + 1;
    long long target = atomic_load(&failAt);
    if (target <= 0) return 0;
    if (number == target || (number > target && atomic_load(&persistent))) {
        atomic_store(&fired, 1);
        return 1;
    }
    return 0;
}

static void *faultMalloc(int size) {
    return fails() ? NULL : defaultMethods.xMalloc(size);
}

static void *faultRealloc(void *pointer, int size) {
    if (size > defaultMethods.xSize(pointer) && fails()) return NULL;
    return defaultMethods.xRealloc(pointer, size);
}

int plume_fault_malloc_install(void) {
    int code = sqlite3_config(SQLITE_CONFIG_GETMALLOC, &defaultMethods);
    if (code != SQLITE_OK) return code;
    sqlite3_mem_methods methods = defaultMethods;
    methods.xMalloc = faultMalloc;
    methods.xRealloc = faultRealloc;
    return sqlite3_config(SQLITE_CONFIG_MALLOC, &methods);
}

void plume_fault_malloc_arm(long long at, int failsPersistently) {
    atomic_store(&armed, 0);
    atomic_store(&counted, 0);
    atomic_store(&failAt, at);
    atomic_store(&persistent, failsPersistently);
    atomic_store(&fired, 0);
    atomic_store(&armed, 1);
}

void plume_fault_malloc_disarm(void) { atomic_store(&armed, 0); }

long long plume_fault_malloc_count(void) { return atomic_load(&counted); }

int plume_fault_malloc_fired(void) { return atomic_load(&fired); }
