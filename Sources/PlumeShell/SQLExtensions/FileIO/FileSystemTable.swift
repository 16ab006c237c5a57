import CSQLite
#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// The `fsdir(PATH, DIR?)` table-valued function of `sqlite3`'s fileio
/// extension: one row (name, mode, mtime, data) for PATH and, when it is
/// a directory, for everything below it, in `readdir` order.
enum FileSystemTable {
    static func install(on connection: OpaquePointer) {
        ShellVirtualTable(schema: "CREATE TABLE x(name,mode,mtime,data,path HIDDEN,dir HIDDEN)",
                          configuration: SQLITE_VTAB_DIRECTONLY, bestIndex: bestIndex) { _ in Cursor() }
            .register(on: connection, name: "fsdir")
    }

    /// Plan 1: PATH given; 2: PATH and DIR; 0: neither (the scan fails).
    private static func bestIndex(_ info: UnsafeMutablePointer<sqlite3_index_info>) throws(VirtualTableFailure) {
        var pathIndex = -1, directoryIndex = -1
        var pathUnusable = false, directoryUnusable = false
        for index in 0..<Int(info.pointee.nConstraint) {
            let constraint = info.pointee.aConstraint[index]
            guard constraint.op == SQLITE_INDEX_CONSTRAINT_EQ else { continue }
            switch constraint.iColumn {
            case 4:
                if constraint.usable != 0 {
                    pathIndex = index
                    pathUnusable = false
                } else if pathIndex < 0 {
                    pathUnusable = true
                }
            case 5:
                if constraint.usable != 0 {
                    directoryIndex = index
                    directoryUnusable = false
                } else if directoryIndex < 0 {
                    directoryUnusable = true
                }
            default: break
            }
        }
        if pathUnusable || directoryUnusable { throw VirtualTableFailure(code: SQLITE_CONSTRAINT) }
        guard pathIndex >= 0 else {
            info.pointee.idxNum = 0
            info.pointee.estimatedRows = 0x7FFF_FFFF
            return
        }
        info.pointee.aConstraintUsage[pathIndex].omit = 1
        info.pointee.aConstraintUsage[pathIndex].argvIndex = 1
        if directoryIndex >= 0 {
            info.pointee.aConstraintUsage[directoryIndex].omit = 1
            info.pointee.aConstraintUsage[directoryIndex].argvIndex = 2
            info.pointee.idxNum = 2
            info.pointee.estimatedCost = 10
        } else {
            info.pointee.idxNum = 1
            info.pointee.estimatedCost = 100
        }
    }

    /// A depth-first walk: the directories being read, innermost last.
    final class Cursor: VirtualTableCursor {
        private var levels: [(directory: OpaquePointer, path: [UInt8])] = []
        /// The current entry's path (nil at the end) and `lstat`.
        private var path: [UInt8]?
        private var info = stat()
        /// Bytes of the path not shown in `name`: DIR and its slash.
        private var baseLength = 0
        private(set) var rowid: Int64 = 1

        deinit { reset() }

        private func reset() {
            for level in levels { closedir(level.directory) }
            levels = []
            path = nil
            baseLength = 0
            rowid = 1
        }

        func filter(plan: Int32, arguments: [OpaquePointer?]) throws(VirtualTableFailure) {
            reset()
            guard plan != 0 else { throw VirtualTableFailure("table function fsdir requires an argument") }
            guard let root = SQLValue.cText(arguments[0]) else {
                throw VirtualTableFailure("table function fsdir requires a non-NULL argument")
            }
            if arguments.count == 2, let base = SQLValue.cText(arguments[1]) {
                baseLength = base.count + 1
                path = base + [UInt8(ascii: "/")] + root
            } else {
                path = root
            }
            try statCurrent()
        }

        private func statCurrent() throws(VirtualTableFailure) {
            guard let path, lstat(FileMode.cString(path), &info) == 0 else {
                throw VirtualTableFailure(Array("cannot stat file: ".utf8) + (path ?? []))
            }
        }

        func next() throws(VirtualTableFailure) {
            rowid += 1
            if info.st_mode & FileMode.typeMask == FileMode.directory, let directoryPath = path {
                path = nil
                guard let directory = opendir(FileMode.cString(directoryPath)) else {
                    // The C code prints the path after clearing it.
                    throw VirtualTableFailure("cannot read directory: ")
                }
                levels.append((directory, directoryPath))
            }
            while let level = levels.last {
                if let entry = readdir(level.directory) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
                    if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
                    path = level.path + [UInt8(ascii: "/")] + name
                    try statCurrent()
                    return
                }
                closedir(level.directory)
                levels.removeLast()
            }
            path = nil
        }

        var isAtEnd: Bool { path == nil }

        func column(_ context: OpaquePointer, _ index: Int32) {
            guard let path else { return }
            switch index {
            case 0: SQLValue.setText(context, Array(path.dropFirst(baseLength)))
            case 1: sqlite3_result_int64(context, Int64(info.st_mode))
            case 2: sqlite3_result_int64(context, Int64(info.st_mtim.tv_sec))
            case 3:
                switch info.st_mode & FileMode.typeMask {
                case FileMode.directory: sqlite3_result_null(context)
                case FileMode.symbolicLink: SQLValue.setText(context, FileSystemTable.linkTarget(path))
                default: FileIOFunctions.readFile(context, path: path)
                }
            default: break
            }
        }
    }

    static func linkTarget(_ path: [UInt8]) -> [UInt8] {
        var capacity = 64
        while true {
            var buffer = [CChar](repeating: 0, count: capacity)
            let count = readlink(FileMode.cString(path), &buffer, capacity)
            if count < capacity { return buffer.prefix(max(count, 0)).map { UInt8(bitPattern: $0) } }
            capacity *= 2
        }
    }
}
