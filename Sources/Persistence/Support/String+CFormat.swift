#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// The text C's `printf` writes for `format` and `arguments`
    /// (`"%.3f"`, `"%08x"`, `"%016llx"`...), byte for byte as `sqlite3`
    /// prints its numbers, without Foundation's `String(format:)` (which on
    /// Linux links CoreFoundation and ICU into the program). Shared with
    /// Plume's other modules.
    ///
    /// - Parameters:
    ///   - format: a `printf` format; every conversion must match the
    ///     C type of its argument (`%f` a Double, `%llx` a 64-bit integer).
    ///   - arguments: the values the conversions print, in order.
    package init(cFormat format: String, _ arguments: CVarArg...) {
        self = Self.printed(format, arguments)
    }

    private static func printed(_ format: String, _ arguments: [CVarArg]) -> String {
        var buffer = [CChar](repeating: 0, count: 128)
        let needed = Swift.max(0, Int(withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }))
        if needed >= buffer.count {
            buffer = [CChar](repeating: 0, count: needed + 1)
            _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        }
        return String(decoding: buffer.prefix(needed).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
