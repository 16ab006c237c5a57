import CReadline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Readline's global variables.
///
/// Swift 6 refuses direct access to mutable C globals from any context, so
/// they are reached through their symbol addresses. Only the main thread
/// (the shell's input loop and readline's callbacks) uses them.
enum ReadlineGlobals {
    private static func address<T>(_ name: String, as type: T.Type) -> UnsafeMutablePointer<T>? {
        // RTLD_DEFAULT is ((void *) 0) on Linux and -2 on Darwin.
        #if canImport(Darwin)
        let handle = UnsafeMutableRawPointer(bitPattern: -2)
        #else
        let handle: UnsafeMutableRawPointer? = nil
        #endif
        return dlsym(handle, name)?.assumingMemoryBound(to: T.self)
    }

    static func setInt(_ name: String, _ value: Int32) {
        address(name, as: Int32.self)?.pointee = value
    }

    static func int(_ name: String) -> Int32 {
        address(name, as: Int32.self)?.pointee ?? 0
    }

    /// `rl_readline_name`, the application name for `~/.inputrc`.
    static func setApplicationName(_ name: String) {
        address("rl_readline_name", as: UnsafePointer<CChar>?.self)?.pointee = UnsafePointer(strdup(name))
    }

    /// `rl_line_buffer`: the line being edited.
    static var lineBuffer: String {
        guard let pointer = address("rl_line_buffer", as: UnsafeMutablePointer<CChar>?.self)?.pointee else { return "" }
        return String(cString: pointer)
    }

    /// The C type of `rl_attempted_completion_function` (readline's
    /// `rl_completion_func_t` typedef is a function type, which Swift imports
    /// as a Swift closure type).
    typealias CompletionFunction = @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
        -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?

    /// `rl_attempted_completion_function`.
    static func setCompletionFunction(_ function: CompletionFunction?) {
        address("rl_attempted_completion_function", as: CompletionFunction?.self)?.pointee = function
    }
}
