import CSQLite
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// `edit(VALUE, EDITOR?)` of the `sqlite3` shell: writes the value to a
/// temporary file, runs the editor (`$VISUAL` by default) on it through
/// the shell, and returns the file's new content.
enum EditFunction {
    static func install(on connection: OpaquePointer) {
        // Direct-only: a view or a trigger of a database file must never
        // start a program (sqlite3 3.40 registers it without the flag).
        SQLFunctionRegistry.scalar(connection, "edit", 1, flags: SQLITE_DIRECTONLY, edit)
        SQLFunctionRegistry.scalar(connection, "edit", 2, flags: SQLITE_DIRECTONLY, edit)
    }

    private static func edit(_ context: OpaquePointer, _ arguments: [OpaquePointer?]) {
        let editor = arguments.count == 2 ? SQLValue.cText(arguments[1]) : getenv("VISUAL").map { Array(String(cString: $0).utf8) }
        guard let editor else { return SQLValue.setError(context, "no editor for edit()") }
        guard !SQLValue.isNull(arguments[0]) else { return SQLValue.setError(context, "NULL input to edit()") }
        let path = temporaryPath(sqlite3_context_db_handle(context))
        defer { unlink(FileMode.cString(path)) }
        let isBlob = sqlite3_value_type(arguments[0]) == SQLITE_BLOB
        let original = (isBlob ? SQLValue.blob(arguments[0]) : SQLValue.text(arguments[0])) ?? []
        let hadCRLF = !isBlob && SQLiteText.contains(Array(original.prefix { $0 != 0 }), [UInt8(ascii: "\r"), UInt8(ascii: "\n")])
        guard let file = fopen(FileMode.cString(path), isBlob ? "wb" : "w") else {
            return SQLValue.setError(context, "edit() cannot open temp file")
        }
        let written = original.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        guard written == original.count else { return SQLValue.setError(context, "edit() could not write the whole file") }
        let command = editor + Array(" \"".utf8) + path + [UInt8(ascii: "\"")]
        guard system(FileMode.cString(command)) == 0 else { return SQLValue.setError(context, "EDITOR returned non-zero") }
        guard let edited = fopen(FileMode.cString(path), "rb") else {
            return SQLValue.setError(context, "edit() cannot reopen temp file after edit")
        }
        fseek(edited, 0, SEEK_END)
        let size = ftell(edited)
        rewind(edited)
        var bytes = [UInt8](repeating: 0, count: max(size, 0))
        let read = bytes.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, edited) }
        fclose(edited)
        guard read == bytes.count else { return SQLValue.setError(context, "could not read back the whole file") }
        if isBlob {
            SQLValue.setBlob(context, bytes)
        } else {
            SQLValue.setText(context, hadCRLF ? bytes : removingCarriageReturns(bytes))
        }
    }

    /// `\r\n` back to `\n`, as the editor may have written.
    private static func removingCarriageReturns(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\r") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// A temporary file name from the VFS, else `temp` and random hex.
    private static func temporaryPath(_ connection: OpaquePointer?) -> [UInt8] {
        var name: UnsafeMutablePointer<CChar>?
        sqlite3_file_control(connection, nil, SQLITE_FCNTL_TEMPFILENAME, &name)
        if let name {
            defer { sqlite3_free(name) }
            return Array(String(cString: name).utf8)
        }
        var random: UInt64 = 0
        sqlite3_randomness(8, &random)
        return Array("temp\(String(random, radix: 16))".utf8)
    }
}
