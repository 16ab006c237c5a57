#ifndef PLUME_FAULT_VFS_H
#define PLUME_FAULT_VFS_H

/// A test-only SQLite VFS that wraps the default one and fails the Nth
/// I/O call of chosen kinds, or simulates a power loss there: SQLite's own
/// I/O-error and crash tests, for Plume's layers above SQLite.
///
/// Counting and faults apply to every file opened through the VFS, from
/// every thread (a mutex guards the state).

/// The kinds of call that are counted and can fail.
enum {
    PLUME_FAULT_READ = 1,       ///< xRead
    PLUME_FAULT_WRITE = 2,      ///< xWrite
    PLUME_FAULT_SYNC = 4,       ///< xSync
    PLUME_FAULT_TRUNCATE = 8,   ///< xTruncate
    PLUME_FAULT_LOCK = 16,      ///< xLock (xUnlock is never failed: see fault_vfs.c)
    PLUME_FAULT_SHM = 32,       ///< xShmMap, xShmLock
    PLUME_FAULT_ALL = 63
};

/// Registers the VFS as "plume-fault" (not as the default), wrapping the
/// default VFS of the moment. Returns an SQLite result code; calling it
/// again does nothing.
int plume_fault_vfs_register(void);

/// The name the VFS is registered under.
const char *plume_fault_vfs_name(void);

/// Stops counting and injecting, and forgets every unsynced write.
void plume_fault_vfs_reset(void);

/// Starts counting the calls of `kinds` from zero. With `failAt` > 0, the
/// call numbered `failAt` fails with `code` (0: the kind's own
/// `SQLITE_IOERR_*`; `SQLITE_FULL` is honoured for writes and truncates
/// only); with `persistent`, every later counted call fails too.
void plume_fault_vfs_arm(int kinds, long long failAt, int code, int persistent);

/// Like `plume_fault_vfs_arm`, but the call numbered `crashAt` is a power
/// loss: it and every later call of any kind fail with `SQLITE_IOERR`
/// (the process is gone), and `plume_fault_vfs_apply_crash` drops what
/// was not synced.
void plume_fault_vfs_arm_crash(int kinds, long long crashAt);

/// The calls counted since the last arm.
long long plume_fault_vfs_calls(void);

/// Whether the armed fault or crash has happened.
int plume_fault_vfs_fired(void);

/// After a crash, once every connection on the files is closed: restores
/// each file written since its last xSync to what it held then (the bytes
/// overwritten and its size). Returns the number of files restored, or -1
/// when a file could not be restored. Also resets the VFS.
int plume_fault_vfs_apply_crash(void);

#endif
