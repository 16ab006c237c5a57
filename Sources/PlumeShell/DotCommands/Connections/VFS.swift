import CSQLite

/// `.vfsinfo`, `.vfslist`, `.vfsname`: the VFSes SQLite knows and the one
/// under each database. Like `sqlite3`, they print nothing until the
/// database is open.
extension Shell {
    /// `.vfsinfo`, `.vfslist` and `.vfsname`.
    static let vfsDotCommands: [DotCommand] = [
        DotCommand(name: "vfsinfo", minimumLength: 2, usage: ".vfsinfo ?AUX?", summary: "Information about the top-level VFS") {
            $0.vfsInfo($1)
        },
        DotCommand(name: "vfslist", minimumLength: 2, usage: ".vfslist", summary: "List all available VFSes") { $0.vfsList($1) },
        DotCommand(name: "vfsname", minimumLength: 2, usage: ".vfsname ?AUX?", summary: "Print the name of the VFS stack") {
            $0.vfsName($1)
        },
    ]

    /// `.vfsinfo ?AUX?`.
    private func vfsInfo(_ command: DotCommandLine) -> DotCommandResult {
        guard isDatabaseOpen else { return .succeeded }
        let schema = command.arguments.count == 2 ? command.bytes(1) : Array("main".utf8)
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        _ = schema.withCString { sqlite3_file_control(connection, $0, SQLITE_FCNTL_VFS_POINTER, &vfs) }
        if let vfs { writeVFS(vfs.pointee, current: false) }
        return .succeeded
    }

    /// `.vfslist`.
    private func vfsList(_ command: DotCommandLine) -> DotCommandResult {
        var current: UnsafeMutablePointer<sqlite3_vfs>?
        if isDatabaseOpen { sqlite3_file_control(connection, "main", SQLITE_FCNTL_VFS_POINTER, &current) }
        var vfs = sqlite3_vfs_find(nil)
        while let entry = vfs {
            writeVFS(entry.pointee, current: entry == current)
            if entry.pointee.pNext != nil { output.write("-----------------------------------\n") }
            vfs = entry.pointee.pNext
        }
        return .succeeded
    }

    private func writeVFS(_ vfs: sqlite3_vfs, current: Bool) {
        output.write(Array("vfs.zName      = \"".utf8) + [UInt8](cString: vfs.zName) + Array((current ? "\"  <--- CURRENT\n" : "\"\n").utf8))
        output.write("vfs.iVersion   = \(vfs.iVersion)\n")
        output.write("vfs.szOsFile   = \(vfs.szOsFile)\n")
        output.write("vfs.mxPathname = \(vfs.mxPathname)\n")
    }

    /// `.vfsname ?AUX?`.
    private func vfsName(_ command: DotCommandLine) -> DotCommandResult {
        guard isDatabaseOpen else { return .succeeded }
        let schema = command.arguments.count == 2 ? command.bytes(1) : Array("main".utf8)
        var name: UnsafeMutablePointer<CChar>?
        _ = schema.withCString { sqlite3_file_control(connection, $0, SQLITE_FCNTL_VFSNAME, &name) }
        if let name {
            output.write([UInt8](cString: name) + [UInt8(ascii: "\n")])
            sqlite3_free(name)
        }
        return .succeeded
    }
}
