import Foundation
import Persistence
import Testing

/// Schema introspection through the public API.
@Suite struct IntrospectionTests {
    @Test func tablesColumnsIndexesAndForeignKeys() throws {
        let db = try Database(path: ":memory:")
        try db.execute(sql: """
            CREATE TABLE album (id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE);
            CREATE TABLE photo (id INTEGER PRIMARY KEY, album_id INTEGER REFERENCES album(id), name TEXT DEFAULT 'untitled',
                                size INTEGER GENERATED ALWAYS AS (length(name)) VIRTUAL);
            CREATE INDEX photo_name ON photo(name, album_id);
            CREATE VIEW recent AS SELECT id, name FROM photo;
            """)
        #expect(try db.tableExists("photo") && db.tableExists("PHOTO") && db.tableExists("recent"))
        #expect(try !db.tableExists("missing"))
        let columns = try db.columns(in: "photo")
        #expect(columns.map(\.name) == ["id", "album_id", "name", "size"])
        #expect(columns[0].primaryKeyIndex == 1 && columns[1].primaryKeyIndex == 0)
        #expect(columns[2].defaultValueSQL == "'untitled'")
        #expect(columns[3].isHiddenOrGenerated && !columns[2].isHiddenOrGenerated)
        #expect(try db.columns(in: "album")[1].isNotNull)
        #expect(try db.columns(in: "recent").map(\.name) == ["id", "name"])
        let indexes = try db.indexes(on: "photo")
        #expect(indexes.map(\.name) == ["photo_name"])
        #expect(indexes.first?.columns == ["name", "album_id"] && indexes.first?.isUnique == false)
        #expect(try db.indexes(on: "album").first?.isUnique == true)
        let keys = try db.foreignKeys(on: "photo")
        #expect(keys.count == 1 && keys[0].destinationTable == "album")
        #expect(keys[0].mapping.map(\.origin) == ["album_id"] && keys[0].mapping.map(\.destination) == ["id"])
        #expect(try db.primaryKey(of: "photo") == ["id"])
        #expect(throws: RecordError.self) { try db.columns(in: "missing") }
        #expect(throws: RecordError.self) { try db.indexes(on: "missing") }
    }
}
