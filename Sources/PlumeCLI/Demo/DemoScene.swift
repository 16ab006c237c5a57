/// One step of the demo's scene: a write, from Plume itself or from a
/// second process, and what the list should show.
struct DemoStep: Sendable {
    /// Who writes.
    enum Writer: Sendable, Equatable, CustomStringConvertible {
        /// Plume's own connection, in this process.
        case plume
        /// A second process (the `sqlite3` shell, or `plume` itself).
        case otherProcess

        var description: String {
            switch self {
            case .plume: "plume"
            case .otherProcess: "another process"
            }
        }
    }

    var caption: String
    var writer: Writer
    var sql: String
}

/// The scripted scene: inserting, deleting, re-rating (moves), renaming,
/// emptying an album (a section vanishes), creating one (a section
/// appears), moving photos across albums.
enum DemoScene {
    static let steps: [DemoStep] = [
        DemoStep(caption: "insert 3 photos into Lisbon", writer: .plume, sql: """
            INSERT INTO photo (name, created, rating, album_id, caption)
            SELECT 'Azulejos ' || n, 1700000000 + n, 4, (SELECT id FROM album WHERE name = 'Lisbon'), 'New in Lisbon'
            FROM (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3)
            """),
        DemoStep(caption: "delete the 2 oldest photos of Kyoto", writer: .otherProcess, sql: """
            DELETE FROM photo WHERE id IN (SELECT photo.id FROM photo JOIN album ON album.id = photo.album_id
            WHERE album.name = 'Kyoto 京都' ORDER BY created LIMIT 2)
            """),
        DemoStep(caption: "re-rate a Reykjavík photo to 5 stars: it moves to the top", writer: .plume, sql: """
            UPDATE photo SET rating = 5, created = 1500000000 WHERE id = (SELECT photo.id FROM photo JOIN album ON album.id = photo.album_id
            WHERE album.name = 'Reykjavík' ORDER BY rating, created DESC LIMIT 1)
            """),
        DemoStep(caption: "re-rate 3 photos of Oaxaca to 0 stars: they move to the bottom", writer: .otherProcess, sql: """
            UPDATE photo SET rating = 0, created = 1900000000 + id WHERE id IN (SELECT photo.id FROM photo JOIN album ON album.id = photo.album_id
            WHERE album.name = 'Oaxaca' ORDER BY rating DESC, created LIMIT 3)
            """),
        DemoStep(caption: "rename a photo in Seoul: updated in place", writer: .plume, sql: """
            UPDATE photo SET name = name || ' (edited)' WHERE id = (SELECT photo.id FROM photo JOIN album ON album.id = photo.album_id
            WHERE album.name = 'Seoul 서울' ORDER BY rating DESC, created LIMIT 1)
            """),
        DemoStep(caption: "rename the album Quebec to Québec: its section is replaced", writer: .otherProcess, sql: """
            UPDATE album SET name = 'Québec' WHERE name = 'Quebec'
            """),
        DemoStep(caption: "empty the album Zanzibar: its section vanishes", writer: .plume, sql: """
            DELETE FROM photo WHERE album_id = (SELECT id FROM album WHERE name = 'Zanzibar')
            """),
        DemoStep(caption: "create the album Antarctica with 4 photos: a section appears", writer: .otherProcess, sql: """
            INSERT INTO album (name) VALUES ('Antarctica');
            INSERT INTO photo (name, created, rating, album_id, caption)
            SELECT 'Penguins ' || n, 1750000000 + n, n, (SELECT id FROM album WHERE name = 'Antarctica'), 'Cold'
            FROM (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4)
            """),
        DemoStep(caption: "move 2 photos from Tromsø to Lisbon", writer: .plume, sql: """
            UPDATE photo SET album_id = (SELECT id FROM album WHERE name = 'Lisbon') WHERE id IN (
            SELECT photo.id FROM photo JOIN album ON album.id = photo.album_id WHERE album.name = 'Tromsø' ORDER BY created LIMIT 2)
            """),
        DemoStep(caption: "re-rate every photo of Cape Town: a large change set", writer: .otherProcess, sql: """
            UPDATE photo SET rating = 5 - rating WHERE album_id = (SELECT id FROM album WHERE name = 'Cape Town')
            """),
    ]
}
