#include <sqlite3.h>
#include <string.h>

/// Formats a real with SQLite's printf (`%!.20g`, `%.*g`…) into `buffer`
/// and returns the length: the variadic `sqlite3_snprintf` for one double.
static inline int plume_format_double(char *buffer, int size, const char *format, double value) {
    sqlite3_snprintf(size, buffer, format, value);
    return (int)strlen(buffer);
}

/// Formats a 64-bit integer with SQLite's printf (`%lld.0`) into `buffer`
/// and returns the length.
static inline int plume_format_int64(char *buffer, int size, const char *format, sqlite3_int64 value) {
    sqlite3_snprintf(size, buffer, format, value);
    return (int)strlen(buffer);
}

/// `SQLITE_TRANSIENT` is a cast of -1 to a function pointer: Swift drops it.
static inline sqlite3_destructor_type plume_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// `SQLITE_STATIC`: the bound memory outlives the binding.
static inline sqlite3_destructor_type plume_sqlite_static(void) {
    return SQLITE_STATIC;
}

/// Wraps the variadic `sqlite3_db_config` for integer options that take
/// an int and an out-pointer (the only form Plume uses).
static inline int plume_db_config_int(sqlite3 *db, int op, int value, int *out) {
    return sqlite3_db_config(db, op, value, out);
}

/// Reads `SQLITE_FCNTL_DATA_VERSION` of the main database.
static inline int plume_data_version(sqlite3 *db, unsigned int *out) {
#ifdef SQLITE_FCNTL_DATA_VERSION
    return sqlite3_file_control(db, "main", SQLITE_FCNTL_DATA_VERSION, out);
#else
    return SQLITE_NOTFOUND;
#endif
}

/// Wraps the variadic `sqlite3_config` for options that take no argument
/// (`SQLITE_CONFIG_SINGLETHREAD`, `_MULTITHREAD`, `_SERIALIZED`).
static inline int plume_config(int op) {
    return sqlite3_config(op);
}

/// Wraps `sqlite3_config` for options that take one int (`SQLITE_CONFIG_URI`).
static inline int plume_config_int(int op, int value) {
    return sqlite3_config(op, value);
}

/// Wraps `sqlite3_config` for options that take two ints
/// (`SQLITE_CONFIG_LOOKASIDE`).
static inline int plume_config_int_int(int op, int first, int second) {
    return sqlite3_config(op, first, second);
}

/// Wraps `sqlite3_config` for options that take two 64-bit ints
/// (`SQLITE_CONFIG_MMAP_SIZE`).
static inline int plume_config_int64_int64(int op, sqlite3_int64 first, sqlite3_int64 second) {
    return sqlite3_config(op, first, second);
}

/// Wraps `sqlite3_config` for `SQLITE_CONFIG_PAGECACHE`: a buffer, the
/// slot size and the slot count.
static inline int plume_config_pagecache(void *buffer, int size, int count) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, buffer, size, count);
}

/// Wraps `sqlite3_config` for options that take a pointer to memory
/// methods (`SQLITE_CONFIG_MALLOC`, `SQLITE_CONFIG_GETMALLOC`).
static inline int plume_config_mem_methods(int op, sqlite3_mem_methods *methods) {
    return sqlite3_config(op, methods);
}

/// Wraps the variadic `sqlite3_file_control` for `SQLITE_FCNTL_SIZE_LIMIT`.
static inline int plume_file_control_int64(sqlite3 *db, const char *schema, int op, sqlite3_int64 *value) {
    return sqlite3_file_control(db, schema, op, value);
}

/// Wraps `sqlite3_config(SQLITE_CONFIG_LOG, callback, context)`: the
/// shell's `.log` writes what SQLite logs (set before SQLite initializes).
static inline int plume_config_log(void (*callback)(void *, int, const char *), void *context) {
    return sqlite3_config(SQLITE_CONFIG_LOG, callback, context);
}

/// Wraps the variadic `sqlite3_test_control(SQLITE_TESTCTRL_IMPOSTER, …)`
/// (the shell's `.imposter`).
static inline int plume_test_control_imposter(sqlite3 *db, const char *schema, int on, int root) {
    return sqlite3_test_control(SQLITE_TESTCTRL_IMPOSTER, db, schema, on, root);
}

/// Wraps `sqlite3_test_control` for each shape of arguments the shell's
/// `.testctrl` passes.
static inline int plume_test_control(int op) {
    return sqlite3_test_control(op);
}
static inline int plume_test_control_int(int op, int value) {
    return sqlite3_test_control(op, value);
}
static inline int plume_test_control_db(int op, sqlite3 *db) {
    return sqlite3_test_control(op, db);
}
static inline int plume_test_control_db_int(int op, sqlite3 *db, int value) {
    return sqlite3_test_control(op, db, value);
}
static inline int plume_test_control_int_db(int op, int value, sqlite3 *db) {
    return sqlite3_test_control(op, value, db);
}
static inline int plume_test_control_db_pointer(int op, sqlite3 *db, void *pointer) {
    return sqlite3_test_control(op, db, pointer);
}

/// Wraps the variadic `sqlite3_vtab_config` for options without an
/// argument (`SQLITE_VTAB_INNOCUOUS`, `SQLITE_VTAB_DIRECTONLY`).
static inline int plume_vtab_config(sqlite3 *db, int op) {
    return sqlite3_vtab_config(db, op);
}
