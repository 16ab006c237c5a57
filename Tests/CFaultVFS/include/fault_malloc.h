#ifndef PLUME_FAULT_MALLOC_H
#define PLUME_FAULT_MALLOC_H

/// SQLite's out-of-memory tests for the system library: an allocator that
/// wraps SQLite's default one and fails the Nth allocation.

/// Installs the allocator with `sqlite3_config(SQLITE_CONFIG_MALLOC, …)`.
/// Must run before SQLite initializes (before any connection opens, in a
/// process of its own). Returns an SQLite result code.
int plume_fault_malloc_install(void);

/// Counts allocations (xMalloc and growing xRealloc calls) from zero and,
/// with `failAt` > 0, makes the one numbered `failAt` return NULL; with
/// `persistent`, every later one too.
void plume_fault_malloc_arm(long long failAt, int persistent);

/// Stops failing allocations (memory is back).
void plume_fault_malloc_disarm(void);

/// The allocations counted since the last arm.
long long plume_fault_malloc_count(void);

/// Whether an allocation has failed since the last arm.
int plume_fault_malloc_fired(void);

#endif
