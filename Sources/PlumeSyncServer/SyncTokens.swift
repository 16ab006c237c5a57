/// The bearer tokens a server accepts, read from its tokens file.
///
/// One token a line; blank lines and lines starting with `#` are skipped.
/// After the token, separated by spaces, options limit it:
///
/// ```text
/// # full access
/// 3f9c2a7d41b8e6f0
/// # pull only
/// 77aa01c3de92f415 read-only
/// # only these tables (pull and push)
/// b0e4c61f2a9d8c33 tables=photo,album
/// 5d1f0e9a8b7c6d2e read-only tables=photo
/// ```
///
/// A token is compared with every configured token in time that does not
/// depend on where they differ.
public struct SyncTokens: Sendable {
    private var entries: [(token: [UInt8], access: SyncAccess)]

    /// Reads the text of a tokens file.
    ///
    /// - Parameter source: Names the file in error messages.
    /// - Throws: ``SyncServerError`` naming the line of an unknown option,
    ///   an empty `tables=` or a token given twice.
    public init(parsing text: String, source: String = "tokens file") throws {
        entries = []
        var seen = Set<[UInt8]>()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmed(of: " \t\r")
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            var access = SyncAccess()
            for option in words.dropFirst() {
                if option == "read-only" {
                    access.canWrite = false
                } else if option.hasPrefix("tables=") {
                    let tables = option.dropFirst("tables=".count).split(separator: ",").map { String($0).asciiLowercased() }
                    guard !tables.isEmpty else {
                        throw SyncServerError("\(source):\(index + 1): tables= names no table")
                    }
                    access.tables = Set(tables)
                } else {
                    throw SyncServerError("\(source):\(index + 1): unknown option \"\(option)\" (options are read-only and tables=NAME,NAME)")
                }
            }
            let token = Array(words[0].utf8)
            guard seen.insert(token).inserted else {
                throw SyncServerError("\(source):\(index + 1): this token is already on an earlier line")
            }
            entries.append((token, access))
        }
    }

    /// How many tokens there are.
    public var count: Int { entries.count }

    /// The access of `presented`, or nil when no token matches. Every
    /// configured token is compared in full, whichever matches.
    public func access(for presented: String) -> SyncAccess? {
        let bytes = Array(presented.utf8)
        var found: SyncAccess?
        for entry in entries where Self.constantTimeEqual(entry.token, bytes) {
            found = entry.access
        }
        return found
    }

    /// Whether `a` and `b` are equal, in time that depends on their lengths
    /// only.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt64(a.count ^ b.count)
        let length = max(a.count, b.count)
        for index in 0..<length {
            let x = index < a.count ? a[index] : 0
            let y = index < b.count ? b[index] : 0
            difference |= UInt64(x ^ y)
        }
        return difference == 0
    }
}

extension StringProtocol {
    /// The text with ASCII letters lowercased (SQLite's name folding).
    func asciiLowercased() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }

    func trimmed(of set: String) -> String {
        let characters = Set(set)
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
