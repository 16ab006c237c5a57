/// A key a terminal list reacts to.
public enum TerminalKey: Sendable, Equatable {
    /// The up arrow: one row up.
    case up
    /// The down arrow: one row down.
    case down
    /// Page Up: one screen up.
    case pageUp
    /// Page Down: one screen down.
    case pageDown
    /// Home: the first row.
    case home
    /// End: the last row.
    case end
    /// `q`: leave.
    case quit

    /// The keys in bytes read from a terminal in raw mode (arrows and
    /// paging keys as VT100/xterm send them); other bytes are skipped.
    ///
    /// - Complexity: O(n) for n bytes.
    public static func parse(_ bytes: [UInt8]) -> [TerminalKey] {
        let sequences: [([UInt8], TerminalKey)] = [
            (Array("\u{1B}[A".utf8), .up), (Array("\u{1B}[B".utf8), .down),
            (Array("\u{1B}OA".utf8), .up), (Array("\u{1B}OB".utf8), .down),
            (Array("\u{1B}[5~".utf8), .pageUp), (Array("\u{1B}[6~".utf8), .pageDown),
            (Array("\u{1B}[H".utf8), .home), (Array("\u{1B}[F".utf8), .end),
            (Array("\u{1B}[1~".utf8), .home), (Array("\u{1B}[4~".utf8), .end),
            (Array("k".utf8), .up), (Array("j".utf8), .down), (Array(" ".utf8), .pageDown),
            (Array("g".utf8), .home), (Array("G".utf8), .end), (Array("q".utf8), .quit),
        ]
        var keys: [TerminalKey] = []
        var rest = bytes[...]
        while !rest.isEmpty {
            if let (sequence, key) = sequences.first(where: { rest.starts(with: $0.0) }) {
                keys.append(key)
                rest = rest.dropFirst(sequence.count)
            } else {
                rest = rest.dropFirst()
            }
        }
        return keys
    }
}
