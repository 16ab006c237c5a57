import CSQLite

/// Closing the shell's own extra connections (`.clone`, `.archive`).
extension Shell {
    /// `sqlite3`'s `close_db` for a connection of its own.
    func closeAuxiliary(_ connection: OpaquePointer?) {
        let code = sqlite3_close(connection)
        if code != SQLITE_OK {
            printError(bytes: Array("Error: sqlite3_close() returns \(code): ".utf8) + Shell.errorMessage(connection))
        }
    }
}

extension Array where Element == UInt8 {
    /// Calls `body` with the bytes as a C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        try (self + [0]).withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }
}
