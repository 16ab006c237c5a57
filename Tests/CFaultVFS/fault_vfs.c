// A wrapping VFS for I/O-error and crash tests (see include/fault_vfs.h).
//
// Crash model (SQLite's own crash tests, "How SQLite Is Tested" §4): a
// power loss keeps what was synced and drops the rest. Each write and
// truncate of a named file first records the bytes it replaces; xSync of
// the file forgets them (they are durable now); applying a crash writes
// them back, newest first, and restores the file's size at its last sync.
// Deletes are treated as durable at once, as SQLite's crash tests do.
//
// xUnlock, xClose, xShmUnmap and xShmBarrier are never failed: a failing
// unlock is not an I/O error SQLite can report to anyone (the unix VFS
// treats it as one only for a broken file descriptor), and a dead process
// releases its locks and maps anyway.

#include "fault_vfs.h"

#include <fcntl.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// MARK: - State

/// A write or truncate not yet synced: what to put back on a crash.
typedef struct PreImage {
    sqlite3_int64 offset;
    int length;
    unsigned char *bytes;
    struct PreImage *next;   // the older one
} PreImage;

/// A file with unsynced changes.
typedef struct Unsynced {
    char *path;
    sqlite3_int64 syncedSize;
    PreImage *newest;
    struct Unsynced *next;
} Unsynced;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static sqlite3_vfs *realVFS;
static sqlite3_vfs faultVFS;
static int armedKinds;
static long long counted;
static long long failAt;
static int failCode;
static int failsPersistently;
static int crashes;
static int fired;
static Unsynced *unsynced;

typedef struct FaultFile {
    sqlite3_file base;
    char *path;              // NULL for temporary files (never crash-tracked)
    sqlite3_file *real;      // allocated right after this struct
} FaultFile;

// MARK: - Counting and failing

/// The error an injected fault of `kind` returns: the armed code, but
/// SQLITE_FULL only for calls that grow a file.
static int faultCode(int kind, int ownCode) {
    if (!failCode) return ownCode;
    if (failCode == SQLITE_FULL && kind != PLUME_FAULT_WRITE && kind != PLUME_FAULT_TRUNCATE) return ownCode;
    return failCode;
}

/// What a call of `kind` returns instead of running, or SQLITE_OK to run
/// it. Called with the lock held.
static int injectedResult(int kind, int ownCode) {
    if (fired && crashes) return SQLITE_IOERR;
    if (!(armedKinds & kind)) return SQLITE_OK;
    counted += 1;
    if (fired && failsPersistently) return faultCode(kind, ownCode);
    if (failAt > 0 && counted == failAt) {
        fired = 1;
        return crashes ? SQLITE_IOERR : faultCode(kind, ownCode);
    }
    return SQLITE_OK;
}

static int checkCall(int kind, int ownCode) {
    pthread_mutex_lock(&lock);
    int result = injectedResult(kind, ownCode);
    pthread_mutex_unlock(&lock);
    return result;
}

// MARK: - Unsynced writes

static Unsynced *unsyncedFile(const char *path) {
    for (Unsynced *file = unsynced; file; file = file->next) {
        if (strcmp(file->path, path) == 0) return file;
    }
    return NULL;
}

static void freePreImages(PreImage *image) {
    while (image) {
        PreImage *older = image->next;
        free(image->bytes);
        free(image);
        image = older;
    }
}

/// Forgets the unsynced changes of `path` (synced, or deleted).
static void forgetUnsynced(const char *path) {
    for (Unsynced **link = &unsynced; *link; link = &(*link)->next) {
        if (strcmp((*link)->path, path) == 0) {
            Unsynced *file = *link;
            *link = file->next;
            freePreImages(file->newest);
            free(file->path);
            free(file);
            return;
        }
    }
}

static void forgetEverything(void) {
    while (unsynced) forgetUnsynced(unsynced->path);
}

/// Records what `length` bytes at `offset` hold before they change.
/// Called with the lock held. Returns an SQLite result code.
static int recordPreImage(FaultFile *file, sqlite3_int64 offset, sqlite3_int64 length) {
    if (!file->path) return SQLITE_OK;
    sqlite3_int64 size = 0;
    int code = file->real->pMethods->xFileSize(file->real, &size);
    if (code != SQLITE_OK) return code;
    Unsynced *record = unsyncedFile(file->path);
    if (!record) {
        record = calloc(1, sizeof(Unsynced));
        if (!record || !(record->path = strdup(file->path))) { free(record); return SQLITE_NOMEM; }
        record->syncedSize = size;
        record->next = unsynced;
        unsynced = record;
    }
    if (offset >= size) return SQLITE_OK;   // beyond the end: the size restores it
    if (offset + length > size) length = size - offset;
    PreImage *image = calloc(1, sizeof(PreImage));
    if (!image || !(image->bytes = malloc((size_t)length))) { free(image); return SQLITE_NOMEM; }
    image->offset = offset;
    image->length = (int)length;
    code = file->real->pMethods->xRead(file->real, image->bytes, (int)length, offset);
    if (code != SQLITE_OK) { free(image->bytes); free(image); return code; }
    image->next = record->newest;
    record->newest = image;
    return SQLITE_OK;
}

// MARK: - File methods

static int faultClose(sqlite3_file *base) {
    FaultFile *file = (FaultFile *)base;
    int code = file->real->pMethods ? file->real->pMethods->xClose(file->real) : SQLITE_OK;
    free(file->path);
    file->path = NULL;
    return code;
}

static int faultRead(sqlite3_file *base, void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *file = (FaultFile *)base;
    int code = checkCall(PLUME_FAULT_READ, SQLITE_IOERR_READ);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xRead(file->real, buffer, amount, offset);
}

static int faultWrite(sqlite3_file *base, const void *buffer, int amount, sqlite3_int64 offset) {
    FaultFile *file = (FaultFile *)base;
    pthread_mutex_lock(&lock);
    int code = injectedResult(PLUME_FAULT_WRITE, SQLITE_IOERR_WRITE);
    if (code == SQLITE_OK) code = recordPreImage(file, offset, amount);
    pthread_mutex_unlock(&lock);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xWrite(file->real, buffer, amount, offset);
}

static int faultTruncate(sqlite3_file *base, sqlite3_int64 size) {
    FaultFile *file = (FaultFile *)base;
    pthread_mutex_lock(&lock);
    int code = injectedResult(PLUME_FAULT_TRUNCATE, SQLITE_IOERR_TRUNCATE);
    if (code == SQLITE_OK) code = recordPreImage(file, size, (sqlite3_int64)1 << 40);
    pthread_mutex_unlock(&lock);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xTruncate(file->real, size);
}

static int faultSync(sqlite3_file *base, int flags) {
    FaultFile *file = (FaultFile *)base;
    pthread_mutex_lock(&lock);
    int code = injectedResult(PLUME_FAULT_SYNC, SQLITE_IOERR_FSYNC);
    pthread_mutex_unlock(&lock);
    if (code != SQLITE_OK) return code;
    code = file->real->pMethods->xSync(file->real, flags);
    if (code == SQLITE_OK && file->path) {
        pthread_mutex_lock(&lock);
        forgetUnsynced(file->path);
        pthread_mutex_unlock(&lock);
    }
    return code;
}

static int faultFileSize(sqlite3_file *base, sqlite3_int64 *size) {
    FaultFile *file = (FaultFile *)base;
    int code = checkCall(0, SQLITE_IOERR_FSTAT);   // fails only after a crash
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xFileSize(file->real, size);
}

static int faultLock(sqlite3_file *base, int level) {
    FaultFile *file = (FaultFile *)base;
    int code = checkCall(PLUME_FAULT_LOCK, SQLITE_IOERR_LOCK);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xLock(file->real, level);
}

static int faultUnlock(sqlite3_file *base, int level) {
    FaultFile *file = (FaultFile *)base;
    return file->real->pMethods->xUnlock(file->real, level);
}

static int faultCheckReservedLock(sqlite3_file *base, int *result) {
    FaultFile *file = (FaultFile *)base;
    int code = checkCall(0, SQLITE_IOERR_CHECKRESERVEDLOCK);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xCheckReservedLock(file->real, result);
}

static int faultFileControl(sqlite3_file *base, int op, void *argument) {
    FaultFile *file = (FaultFile *)base;
    return file->real->pMethods->xFileControl(file->real, op, argument);
}

static int faultSectorSize(sqlite3_file *base) {
    FaultFile *file = (FaultFile *)base;
    return file->real->pMethods->xSectorSize(file->real);
}

static int faultDeviceCharacteristics(sqlite3_file *base) {
    FaultFile *file = (FaultFile *)base;
    return file->real->pMethods->xDeviceCharacteristics(file->real);
}

static int faultShmMap(sqlite3_file *base, int region, int size, int extend, void volatile **pointer) {
    FaultFile *file = (FaultFile *)base;
    int code = checkCall(PLUME_FAULT_SHM, SQLITE_IOERR_SHMMAP);
    if (code != SQLITE_OK) return code;
    return file->real->pMethods->xShmMap(file->real, region, size, extend, pointer);
}

static int faultShmLock(sqlite3_file *base, int offset, int count, int flags) {
    FaultFile *file = (FaultFile *)base;
    if (!(flags & SQLITE_SHM_UNLOCK)) {
        int code = checkCall(PLUME_FAULT_SHM, SQLITE_IOERR_SHMLOCK);
        if (code != SQLITE_OK) return code;
    }
    return file->real->pMethods->xShmLock(file->real, offset, count, flags);
}

static void faultShmBarrier(sqlite3_file *base) {
    FaultFile *file = (FaultFile *)base;
    file->real->pMethods->xShmBarrier(file->real);
}

static int faultShmUnmap(sqlite3_file *base, int deleteFlag) {
    FaultFile *file = (FaultFile *)base;
    return file->real->pMethods->xShmUnmap(file->real, deleteFlag);
}

// Version 2: no xFetch, so that every page read goes through xRead.
static const sqlite3_io_methods faultMethods = {
    2, faultClose, faultRead, faultWrite, faultTruncate, faultSync, faultFileSize, faultLock, faultUnlock,
    faultCheckReservedLock, faultFileControl, faultSectorSize, faultDeviceCharacteristics,
    faultShmMap, faultShmLock, faultShmBarrier, faultShmUnmap, NULL, NULL,
};

// MARK: - VFS methods

static int faultOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *base, int flags, int *outFlags) {
    (void)vfs;
    FaultFile *file = (FaultFile *)base;
    memset(file, 0, sizeof(FaultFile));
    file->real = (sqlite3_file *)&file[1];
    int code = checkCall(0, SQLITE_CANTOPEN);   // fails only after a crash
    if (code == SQLITE_OK) code = realVFS->xOpen(realVFS, name, file->real, flags, outFlags);
    if (code != SQLITE_OK) return code;
    if (name && !(file->path = strdup(name))) {
        file->real->pMethods->xClose(file->real);
        return SQLITE_NOMEM;
    }
    file->base.pMethods = &faultMethods;
    return SQLITE_OK;
}

static int faultDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    int code = checkCall(0, SQLITE_IOERR_DELETE);   // fails only after a crash
    if (code != SQLITE_OK) return code;
    pthread_mutex_lock(&lock);
    forgetUnsynced(name);
    pthread_mutex_unlock(&lock);
    return realVFS->xDelete(realVFS, name, syncDirectory);
}

static int faultAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return realVFS->xAccess(realVFS, name, flags, result);
}

static int faultFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    (void)vfs;
    return realVFS->xFullPathname(realVFS, name, size, output);
}

static void *faultDlOpen(sqlite3_vfs *vfs, const char *name) { (void)vfs; return realVFS->xDlOpen(realVFS, name); }
static void faultDlError(sqlite3_vfs *vfs, int size, char *message) { (void)vfs; realVFS->xDlError(realVFS, size, message); }
static void (*faultDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    (void)vfs;
    return realVFS->xDlSym(realVFS, library, symbol);
}
static void faultDlClose(sqlite3_vfs *vfs, void *library) { (void)vfs; realVFS->xDlClose(realVFS, library); }
static int faultRandomness(sqlite3_vfs *vfs, int size, char *output) { (void)vfs; return realVFS->xRandomness(realVFS, size, output); }
static int faultSleep(sqlite3_vfs *vfs, int microseconds) { (void)vfs; return realVFS->xSleep(realVFS, microseconds); }
static int faultCurrentTime(sqlite3_vfs *vfs, double *now) { (void)vfs; return realVFS->xCurrentTime(realVFS, now); }
static int faultGetLastError(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return realVFS->xGetLastError ? realVFS->xGetLastError(realVFS, size, message) : 0;
}
static int faultCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return realVFS->xCurrentTimeInt64(realVFS, now);
}

// MARK: - Public functions

int plume_fault_vfs_register(void) {
    pthread_mutex_lock(&lock);
    if (realVFS) { pthread_mutex_unlock(&lock); return SQLITE_OK; }
    int code = sqlite3_initialize();
    sqlite3_vfs *real = code == SQLITE_OK ? sqlite3_vfs_find(NULL) : NULL;
    if (!real) { pthread_mutex_unlock(&lock); return code == SQLITE_OK ? SQLITE_ERROR : code; }
    sqlite3_vfs vfs = {
        2, (int)sizeof(FaultFile) + real->szOsFile, real->mxPathname, NULL, "plume-fault", NULL,
        faultOpen, faultDelete, faultAccess, faultFullPathname, faultDlOpen, faultDlError, faultDlSym,
        faultDlClose, faultRandomness, faultSleep, faultCurrentTime, faultGetLastError, faultCurrentTimeInt64,
        NULL, NULL, NULL,
    };
    faultVFS = vfs;
    code = sqlite3_vfs_register(&faultVFS, 0);
    if (code == SQLITE_OK) realVFS = real;
    pthread_mutex_unlock(&lock);
    return code;
}

const char *plume_fault_vfs_name(void) { return "plume-fault"; }

static void arm(int kinds, long long at, int code, int persistent, int crash) {
    pthread_mutex_lock(&lock);
    armedKinds = kinds;
    counted = 0;
    failAt = at;
    failCode = code;
    failsPersistently = persistent;
    crashes = crash;
    fired = 0;
    forgetEverything();
    pthread_mutex_unlock(&lock);
}

void plume_fault_vfs_reset(void) { arm(0, 0, 0, 0, 0); }

void plume_fault_vfs_arm(int kinds, long long at, int code, int persistent) { arm(kinds, at, code, persistent, 0); }

void plume_fault_vfs_arm_crash(int kinds, long long at) { arm(kinds, at, 0, 0, 1); }

long long plume_fault_vfs_calls(void) {
    pthread_mutex_lock(&lock);
    long long result = counted;
    pthread_mutex_unlock(&lock);
    return result;
}

int plume_fault_vfs_fired(void) {
    pthread_mutex_lock(&lock);
    int result = fired;
    pthread_mutex_unlock(&lock);
    return result;
}

/// Writes the pre-images of `file` back, newest first, and restores its
/// synced size. Returns 0, or -1 on a failed system call.
static int restore(Unsynced *file) {
    int descriptor = open(file->path, O_RDWR);
    if (descriptor < 0) return 0;   // deleted since: nothing to restore
    int result = 0;
    for (PreImage *image = file->newest; image; image = image->next) {
        if (pwrite(descriptor, image->bytes, (size_t)image->length, (off_t)image->offset) != image->length) result = -1;
    }
    if (ftruncate(descriptor, (off_t)file->syncedSize) != 0) result = -1;
    close(descriptor);
    return result;
}

int plume_fault_vfs_apply_crash(void) {
    pthread_mutex_lock(&lock);
    int restored = 0;
    for (Unsynced *file = unsynced; file; file = file->next) {
        if (restore(file) != 0) { restored = -1; break; }
        restored += 1;
    }
    pthread_mutex_unlock(&lock);
    plume_fault_vfs_reset();
    return restored;
}
