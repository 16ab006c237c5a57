import Foundation

/// Reads migration files: `NNNN_description.sql` holding a
/// `-- migrate:up` section and an optional `-- migrate:down` section.
///
/// A section header may carry `transaction:false` for statements that
/// cannot run in a transaction. Before the first header only blank lines and
/// comments are allowed.
package enum MigrationFile {
    /// The version and name in a file name, or nil when it does not fit
    /// `NNNN_description.sql`.
    static func parseFileName(_ fileName: String) -> (version: Int64, name: String)? {
        guard fileName.hasSuffix(".sql") else { return nil }
        let stem = fileName.dropLast(4)
        guard let underscore = stem.firstIndex(of: "_") else { return nil }
        let digits = stem[..<underscore]
        let name = stem[stem.index(after: underscore)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              !name.isEmpty, !name.containsScalars("/"),
              let version = Int64(digits) else { return nil }
        return (version, String(name))
    }

    /// The text with a leading byte order mark removed and `\r\n` and `\r`
    /// turned into `\n`: what checksums and line numbers are computed on.
    static func normalized(_ text: String) -> String {
        var text = text
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        // "\r\n" is a single Character in Swift: compare unicode scalars.
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                scalars.append("\n")
                previousWasCR = true
                continue
            }
            if scalar == "\n", previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = false
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// The hex SHA-256 of the normalized text.
    static func checksum(of text: String) -> String {
        MigrationChecksum.hexDigest(of: Array(normalized(text).utf8))
    }

    /// Reads a migration from a file.
    ///
    /// - Throws: ``MigrationError`` naming the file.
    static func load(path: String, fileName: String) throws -> Migration {
        let (version, name) = try versionAndName(of: fileName, file: path)
        let data: [UInt8]
        do {
            data = try FileBytes.readRegularFile(atPath: path)
        } catch {
            throw MigrationError(.invalidFile, "the file \(error.problem)", file: path)
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            let offset = invalidUTF8Offset(data)
            throw MigrationError(.invalidFile, "the file is not valid UTF-8 (byte offset \(offset))", file: path,
                                 line: lineNumber(ofByteOffset: offset, in: data))
        }
        return try parse(text, version: version, name: name, file: path)
    }

    /// Reads a migration from the text of a file that is not on disk (a
    /// program's embedded migrations), as ``load(path:fileName:)`` reads one
    /// that is: same sections, same checksum.
    ///
    /// - Throws: ``MigrationError`` naming `fileName`.
    package static func migration(fileName: String, text: String) throws -> Migration {
        let (version, name) = try versionAndName(of: fileName, file: fileName)
        return try parse(text, version: version, name: name, file: fileName)
    }

    /// The version and name a file name gives, at least version 1.
    ///
    /// - Throws: ``MigrationError`` naming `file` when the name does not fit.
    private static func versionAndName(of fileName: String, file: String) throws -> (version: Int64, name: String) {
        guard let (version, name) = parseFileName(fileName) else {
            throw MigrationError(.invalidFileName, "file name does not fit NNNN_description.sql", file: file)
        }
        guard version >= 1 else {
            throw MigrationError(.invalidFileName, "migration versions start at 1", file: file)
        }
        return (version, name)
    }

    /// Splits a migration's text into its sections.
    ///
    /// - Throws: ``MigrationError`` with the file and the line of the
    ///   problem.
    static func parse(_ text: String, version: Int64, name: String, file: String) throws -> Migration {
        // SQLite reads SQL up to a NUL: the statements after one would be
        // dropped without a word.
        if let offset = text.utf8.firstIndex(of: 0).map({ text.utf8.distance(from: text.utf8.startIndex, to: $0) }) {
            throw MigrationError(.invalidFile, "the file holds a NUL byte at byte offset \(offset); SQLite would stop reading the SQL there",
                                 file: file, line: lineNumber(ofByteOffset: offset, in: Array(text.utf8)))
        }
        let normalizedText = normalized(text)
        let lines = normalizedText.split(separator: "\n", omittingEmptySubsequences: false)
        var headers: [(direction: String, line: Int, usesTransaction: Bool)] = []
        for (index, line) in lines.enumerated() {
            let lineNumber = index + 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.hasPrefix("-- migrate:") {
                headers.append(try parseHeader(trimmed, line: lineNumber, file: file))
            } else if headers.isEmpty, !trimmed.isEmpty, !trimmed.hasPrefix("--") {
                throw MigrationError(.invalidFile, "SQL before the `-- migrate:up` line", file: file, line: lineNumber)
            }
        }
        var sections: [String: Migration.Script] = [:]
        for (position, header) in headers.enumerated() {
            guard sections[header.direction] == nil else {
                throw MigrationError(.invalidFile, "a second `-- migrate:\(header.direction)` section", file: file, line: header.line)
            }
            let end = position + 1 < headers.count ? headers[position + 1].line - 1 : lines.count
            let body = lines[header.line..<end].joined(separator: "\n")
            sections[header.direction] = Migration.Script(body: .sql(body), usesTransaction: header.usesTransaction, lineOffset: header.line)
        }
        guard let up = sections["up"] else {
            throw MigrationError(.invalidFile, "no `-- migrate:up` section", file: file)
        }
        return Migration(version: version, name: name, up: up, down: sections["down"],
                         checksum: MigrationChecksum.hexDigest(of: Array(normalizedText.utf8)), file: file)
    }

    /// The 1-based line holding a byte.
    static func lineNumber(ofByteOffset offset: Int, in bytes: [UInt8]) -> Int {
        bytes[..<min(offset, bytes.count)].reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
    }

    /// The offset of the first byte that is not part of valid UTF-8.
    static func invalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return bytes.count
            case .error: return offset
            }
        }
    }

    private static func parseHeader(_ header: String, line: Int, file: String) throws -> (direction: String, line: Int, usesTransaction: Bool) {
        let words = header.dropFirst("-- migrate:".count).split(whereSeparator: \.isWhitespace)
        guard let direction = words.first, direction == "up" || direction == "down" else {
            throw MigrationError(.invalidFile, "unknown section `\(header)` (expected `-- migrate:up` or `-- migrate:down`)", file: file, line: line)
        }
        var usesTransaction = true
        for option in words.dropFirst() {
            switch option {
            case "transaction:false": usesTransaction = false
            case "transaction:true": usesTransaction = true
            default:
                throw MigrationError(.invalidFile, "unknown option `\(option)` (expected `transaction:false`)", file: file, line: line)
            }
        }
        return (String(direction), line, usesTransaction)
    }
}
