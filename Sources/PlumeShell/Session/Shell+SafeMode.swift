import CSQLite
import Foundation
import PlumeTerminal

extension Shell {
    /// Functions `sqlite3`'s safe mode refuses (most are built into
    /// `sqlite3` only; SQLite reports those as unknown functions first).
    private static let functionsRefusedInSafeMode: Set<String> = [
        "edit", "fts3_tokenizer", "load_extension", "readfile", "writefile", "zipfile", "zipfile_cds",
    ]

    /// In safe mode (`-safe`), prints `line N: MESSAGE` and ends the
    /// process with status 1, as `sqlite3`'s `failIfSafeMode` does.
    package func failIfSafeMode(_ message: String) {
        guard safeMode else { return }
        output.flush()
        StandardStreams.writeError("line \(lineNumber): \(message)\n")
        Foundation.exit(1)
    }

    /// `sqlite3`'s `safeModeAuth`: ATTACH and the functions that reach the
    /// file system end the shell.
    ///
    /// It takes the place of Persistence's own authorizer on the shell's
    /// connection, which only records what statements read and write for
    /// change observation: nothing observes the shell's connection.
    func installSafeModeAuthorizer() {
        guard let connection = database.sqliteConnection else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_set_authorizer(connection, { context, action, first, second, _, _ in
            Unmanaged<Shell>.fromOpaque(context!).takeUnretainedValue().refuseInSafeMode(action, first, second)
            return SQLITE_OK
        }, context)
    }

    /// Ends the shell on ATTACH, a function safe mode refuses, or a read
    /// of the `fsdir` table (which lists and reads files: newer `sqlite3`
    /// shells refuse more in safe mode than 3.40, and Plume follows them).
    func refuseInSafeMode(_ action: Int32, _ first: UnsafePointer<CChar>?, _ second: UnsafePointer<CChar>?) {
        if action == SQLITE_ATTACH {
            failIfSafeMode("cannot run ATTACH in safe mode")
        } else if action == SQLITE_READ, let first, String(cString: first).lowercased() == "fsdir" {
            failIfSafeMode("cannot use the fsdir table in safe mode")
        } else if action == SQLITE_FUNCTION, let second {
            // The function's name is the authorizer's second argument.
            let name = String(cString: second).lowercased()
            if Shell.functionsRefusedInSafeMode.contains(name) {
                failIfSafeMode("cannot use the \(name)() function in safe mode")
            }
        }
    }
}
