import PlumeTestSupport
/// Random SQL writes to the photo library: inserts, deletes, re-ratings
/// (moves), renames, photos changing album, albums emptied and created.
struct RandomWrites {
    var rng: SeededGenerator
    var nextName = 0

    init(seed: UInt64) { rng = SeededGenerator(seed: seed) }

    /// One transaction's worth of statements, given the ids that exist.
    mutating func transaction(ids: [Int64]) -> [String] {
        (0..<Int.random(in: 1...4, using: &rng)).map { _ in statement(ids: ids) }
    }

    mutating func statement(ids: [Int64]) -> String {
        let album = "Album \(Int.random(in: 0..<6, using: &rng))"
        let id = ids.randomElement(using: &rng) ?? 1
        nextName += 1
        switch Int.random(in: 0..<12, using: &rng) {
        case 0, 1, 2:
            return "INSERT INTO photo (album, name, rating) VALUES ('\(album)', 'New \(nextName)', \(Int.random(in: 0...5, using: &rng)))"
        case 3, 4:
            return "DELETE FROM photo WHERE id = \(id)"
        case 5, 6, 7:
            return "UPDATE photo SET rating = \(Int.random(in: 0...5, using: &rng)) WHERE id = \(id)"
        case 8:
            return "UPDATE photo SET name = 'Renamed \(nextName)' WHERE id = \(id)"
        case 9:
            return "UPDATE photo SET album = '\(album)' WHERE id = \(id)"
        case 10:
            return "DELETE FROM photo WHERE album = '\(album)'"
        default:
            return "UPDATE photo SET album = '\(album)', rating = rating + 1 WHERE id % 7 = \(Int.random(in: 0..<7, using: &rng))"
        }
    }
}
