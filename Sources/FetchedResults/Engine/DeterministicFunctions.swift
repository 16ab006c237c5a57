import Persistence

/// Which SQL functions give the same result for the same arguments, every
/// time: the only ones a query followed incrementally may call.
///
/// The incremental path evaluates a query on the changed rows only; every
/// other row keeps what an earlier evaluation said. A function whose
/// result moves on its own breaks that: with `WHERE expiry >
/// julianday('now')` rows expire between commits, and a refetch drops
/// them while the incremental path would keep them. So would `random()`,
/// `changes()` or an application function nobody declared deterministic.
///
/// A query's functions are the ones SQLite's authorizer reports while
/// compiling it (``Statement/calledFunctions``, `CURRENT_TIMESTAMP` and
/// its kin included). A function is proven deterministic when it is one
/// of SQLite's built-ins listed in ``builtIns``, or an application
/// function registered as deterministic (`SQLITE_DETERMINISTIC`, as
/// `pragma_function_list` shows it); any other name is not.
enum DeterministicFunctions {
    /// SQLite's built-in scalar functions whose result depends on their
    /// arguments only (https://www.sqlite.org/deterministic.html): core,
    /// math and JSON functions. Left out: the date and time functions
    /// (deterministic unless an argument is `'now'`, which a column can
    /// hold), `random`, `randomblob`, `changes`, `total_changes`,
    /// `last_insert_rowid`, `sqlite_offset`, `load_extension` and the
    /// `sqlite_…` introspection functions.
    static let builtIns: Set<String> = [
        // Core scalar functions, and operators that are functions.
        "abs", "char", "coalesce", "concat", "concat_ws", "format", "glob", "hex", "if", "ifnull", "iif",
        "instr", "length", "like", "likelihood", "likely", "lower", "ltrim", "max", "min", "nullif",
        "octet_length", "printf", "quote", "replace", "round", "rtrim", "sign", "soundex", "substr",
        "substring", "trim", "typeof", "unhex", "unicode", "unistr", "unistr_quote", "unlikely", "upper",
        "zeroblob",
        // Math functions.
        "acos", "acosh", "asin", "asinh", "atan", "atan2", "atanh", "ceil", "ceiling", "cos", "cosh",
        "degrees", "exp", "floor", "ln", "log", "log10", "log2", "mod", "pi", "pow", "power", "radians",
        "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
        // JSON functions.
        "json", "jsonb", "json_array", "jsonb_array", "json_array_length", "json_error_position",
        "json_extract", "jsonb_extract", "->", "->>", "json_insert", "jsonb_insert", "json_object",
        "jsonb_object", "json_patch", "jsonb_patch", "json_pretty", "json_quote", "json_remove",
        "jsonb_remove", "json_replace", "jsonb_replace", "json_set", "jsonb_set", "json_type", "json_valid",
    ]

    /// `SQLITE_DETERMINISTIC`, as `pragma_function_list` reports it.
    private static let deterministicFlag: Int64 = 0x800

    /// The first of `names` (in alphabetical order) that is not proven
    /// deterministic, or nil when all are.
    ///
    /// - Parameter names: Lowercased function names.
    static func firstUnproven(_ names: Set<String>, _ db: Database) -> String? {
        guard !names.isEmpty else { return nil }
        let sorted = names.sorted()
        guard let registered = registrations(of: sorted, db) else {
            // No `pragma_function_list` (SQLITE_OMIT_INTROSPECTION_PRAGMAS):
            // the built-ins alone.
            return sorted.first { !builtIns.contains($0) }
        }
        return sorted.first { name in
            // Not listed (some builds leave inline built-ins out): a
            // built-in no application function replaces, or unknown.
            guard let entries = registered[name] else { return !builtIns.contains(name) }
            return entries.contains { entry in
                entry.isBuiltIn ? !builtIns.contains(name) : entry.flags & deterministicFlag == 0
            }
        }
    }

    /// Every registration of each name (one per argument count, built-in
    /// or not), or nil when the connection cannot list them.
    private static func registrations(of names: [String], _ db: Database) -> [String: [(isBuiltIn: Bool, flags: Int64)]]? {
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        let sql = "SELECT lower(name) AS name, builtin, flags FROM pragma_function_list WHERE lower(name) IN (\(placeholders))"
        guard let rows = try? Row.fetchAll(db, sql: sql, arguments: StatementArguments(positional: names.map { .text($0) })) else { return nil }
        var registered: [String: [(isBuiltIn: Bool, flags: Int64)]] = [:]
        for row in rows {
            guard case .text(let name)? = row["name"], case .integer(let builtIn)? = row["builtin"],
                  case .integer(let flags)? = row["flags"] else { continue }
            registered[name, default: []].append((builtIn != 0, flags))
        }
        return registered
    }
}
