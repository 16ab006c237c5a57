import Persistence

/// The demo's migrations, the files of the repository's `Migrations/`
/// folder embedded as text: `plume` carries them without a resource bundle
/// (reading one needs `Bundle`, which on Linux links all of Foundation into
/// the binary and slows its start). A test checks that they match the
/// files byte for byte.
enum DemoMigrations {
    /// Each file's name and text, in version order.
    static let files: [(name: String, text: String)] = [
        ("0001_create_user.sql", """
            -- The photo library of objc.io's "Lighter View Controllers" sample:
            -- people who own albums and take photos.
            -- migrate:up
            CREATE TABLE user (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL
            );

            -- migrate:down
            DROP TABLE user;

            """),
        ("0002_create_album.sql", """
            -- Albums group photos; the demo's list has one section per album.
            -- migrate:up
            CREATE TABLE album (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                user_id INTEGER REFERENCES user(id) ON DELETE SET NULL
            );
            CREATE INDEX album_user ON album(user_id);

            -- migrate:down
            DROP TABLE album;

            """),
        ("0003_create_photo.sql", """
            -- Photos: name, creation date (seconds since 1970), rating (0 to 5),
            -- the album they belong to and who took them.
            -- migrate:up
            CREATE TABLE photo (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL,
                created REAL NOT NULL,
                rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
                album_id INTEGER NOT NULL REFERENCES album(id) ON DELETE CASCADE,
                user_id INTEGER REFERENCES user(id) ON DELETE SET NULL
            );
            -- The list sorts photos by album, then by creation date.
            CREATE INDEX photo_album_created ON photo(album_id, created);
            CREATE INDEX photo_user ON photo(user_id);

            -- migrate:down
            DROP TABLE photo;

            """),
        ("0004_add_photo_caption_and_favorite.sql", """
            -- A caption under each photo and a favorite flag.
            -- migrate:up
            ALTER TABLE photo ADD COLUMN caption TEXT;
            ALTER TABLE photo ADD COLUMN favorite INTEGER NOT NULL DEFAULT 0 CHECK (favorite IN (0, 1));

            -- migrate:down
            ALTER TABLE photo DROP COLUMN favorite;
            ALTER TABLE photo DROP COLUMN caption;

            """),
    ]

    /// The migrations, parsed as the files would be (same checksums).
    ///
    /// - Throws: ``MigrationError`` if a text does not parse.
    static func migrations() throws -> [Migration] {
        try files.map { try MigrationFile.migration(fileName: $0.name, text: $0.text) }
    }
}
