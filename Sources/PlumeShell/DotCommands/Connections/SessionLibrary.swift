#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLite's session extension (`sqlite3session_*`), looked up in the
/// loaded SQLite library: `sqlite3.h` declares it only for builds that
/// enable it, and a library without it leaves `.session` unknown, as a
/// `sqlite3` built without it.
struct SessionLibrary {
    typealias Create = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias Attach = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias Changes = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?,
                                        UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    typealias Delete = @convention(c) (OpaquePointer?) -> Void
    typealias Flag = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias Query = @convention(c) (OpaquePointer?) -> Int32
    typealias Filter = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Int32
    typealias SetFilter = @convention(c) (OpaquePointer?, Filter?, UnsafeMutableRawPointer?) -> Void

    let create: Create
    let attach: Attach
    let changeset: Changes
    let patchset: Changes
    let delete: Delete
    let enable: Flag
    let indirect: Flag
    let isEmpty: Query
    let tableFilter: SetFilter

    /// The extension's functions, or nil when the library lacks them.
    static let loaded: SessionLibrary? = {
        let program = dlopen(nil, RTLD_NOW)
        func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
            dlsym(program, name).map { unsafeBitCast($0, to: type) }
        }
        guard let create = symbol("sqlite3session_create", as: Create.self),
              let attach = symbol("sqlite3session_attach", as: Attach.self),
              let changeset = symbol("sqlite3session_changeset", as: Changes.self),
              let patchset = symbol("sqlite3session_patchset", as: Changes.self),
              let delete = symbol("sqlite3session_delete", as: Delete.self),
              let enable = symbol("sqlite3session_enable", as: Flag.self),
              let indirect = symbol("sqlite3session_indirect", as: Flag.self),
              let isEmpty = symbol("sqlite3session_isempty", as: Query.self),
              let tableFilter = symbol("sqlite3session_table_filter", as: SetFilter.self) else { return nil }
        return SessionLibrary(create: create, attach: attach, changeset: changeset, patchset: patchset, delete: delete,
                              enable: enable, indirect: indirect, isEmpty: isEmpty, tableFilter: tableFilter)
    }()
}
