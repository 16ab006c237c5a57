#include <sqlite3.h>

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
