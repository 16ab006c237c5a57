import MacroTesting
@testable import PlumeMacros
import Testing

/// What `@Table` generates for a struct.
@Suite(.macros(["Table": TableMacro.self, "Column": ColumnMacro.self]))
struct TableMacroExpansionTests {
    @Test func aPhotoRecord() {
        assertMacro {
            """
            @Table("photo")
            struct Photo {
                static let placeholder = "untitled"
                @Column(primaryKey: true) var id: Int64?
                @Column("created_at") var created: Date
                var isFavourite: Bool { rating >= 4 }
                var rating: Int = 0
                var title: String, album: String?
            }
            """
        } expansion: {
            """
            struct Photo {
                static let placeholder = "untitled"
                var id: Int64?
                var created: Date
                var isFavourite: Bool { rating >= 4 }
                var rating: Int = 0
                var title: String, album: String?
            }

            extension Photo: Persistence.TypedTable, Persistence.TableRecord, Persistence.FetchableRecord, Persistence.InsertableRecord, Persistence.PersistableRecord {
                /// The table's name.
                static var databaseTableName: String {
                    "photo"
                }

                /// A typed column per stored property, for requests:
                /// `Photo.all().where { $0.name == "…" }`.
                struct Columns: Sendable {
                    /// The `id` column.
                    let id = Persistence.TableColumn<Photo, Int64?>("id", at: 0)
                    /// The `created_at` column.
                    let created = Persistence.TableColumn<Photo, Date>("created_at", at: 1)
                    /// The `rating` column.
                    let rating = Persistence.TableColumn<Photo, Int>("rating", at: 2)
                    /// The `title` column.
                    let title = Persistence.TableColumn<Photo, String>("title", at: 3)
                    /// The `album` column.
                    let album = Persistence.TableColumn<Photo, String?>("album", at: 4)
                }

                /// The typed columns.
                static let columns = Columns()

                /// The columns, in declaration order.
                static let tableSchema = Persistence.TableSchema(table: "photo", columns: [
                    Persistence.TableSchema.Column("id", Int64?.self, primaryKey: true),
                    Persistence.TableSchema.Column("created_at", Date.self),
                    Persistence.TableSchema.Column("rating", Int.self),
                    Persistence.TableSchema.Column("title", String.self),
                    Persistence.TableSchema.Column("album", String?.self),
                ])

                /// Reads a record from a row: by position from the table's own
                /// `SELECT`, by column name from any other query.
                init(row: borrowing Persistence.RowView) throws {
                    let reader = Persistence.TableRowReader<Self>(row, dates: Self.databaseDateEncodingStrategy.decodingStrategy)
                    #sourceLocation(file: "Test.swift", line: 4)
                    self.id = try reader.value(at: 0, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                    self.created = try reader.value(at: 1, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                    self.rating = try reader.value(at: 2, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                    self.title = try reader.value(at: 3, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                    self.album = try reader.value(at: 4, in: row)
                    #sourceLocation()
                }

                /// Writes the columns in declaration order.
                func encode(to container: inout Persistence.PersistenceContainer) throws {
                    #sourceLocation(file: "Test.swift", line: 4)
                            try container.encode(self.id, forColumn: "id")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                            try container.encode(self.created, forColumn: "created_at")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                            try container.encode(self.rating, forColumn: "rating")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                            try container.encode(self.title, forColumn: "title")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 8)
                            try container.encode(self.album, forColumn: "album")
                    #sourceLocation()
                }
            }
            """
        }
    }

    @Test func aPublicRecordWithoutKeyAndWithDefaultName() {
        assertMacro {
            """
            @Table
            public struct HTTPLogLine {
                public var message: String
                var level: Int { didSet {} }
                let origin: String
            }
            """
        } expansion: {
            """
            public struct HTTPLogLine {
                public var message: String
                var level: Int { didSet {} }
                let origin: String
            }

            extension HTTPLogLine: Persistence.TypedTable, Persistence.TableRecord, Persistence.FetchableRecord, Persistence.InsertableRecord {
                /// The table's name.
                public static var databaseTableName: String {
                    "httpLogLine"
                }

                /// A typed column per stored property, for requests:
                /// `HTTPLogLine.all().where { $0.name == "…" }`.
                public struct Columns: Sendable {
                    /// The `message` column.
                    public let message = Persistence.TableColumn<HTTPLogLine, String>("message", at: 0)
                    /// The `level` column.
                    public let level = Persistence.TableColumn<HTTPLogLine, Int>("level", at: 1)
                    /// The `origin` column.
                    public let origin = Persistence.TableColumn<HTTPLogLine, String>("origin", at: 2)
                }

                /// The typed columns.
                public static let columns = Columns()

                /// The columns, in declaration order.
                public static let tableSchema = Persistence.TableSchema(table: "httpLogLine", columns: [
                    Persistence.TableSchema.Column("message", String.self),
                    Persistence.TableSchema.Column("level", Int.self),
                    Persistence.TableSchema.Column("origin", String.self),
                ])

                /// Reads a record from a row: by position from the table's own
                /// `SELECT`, by column name from any other query.
                public init(row: borrowing Persistence.RowView) throws {
                    let reader = Persistence.TableRowReader<Self>(row, dates: Self.databaseDateEncodingStrategy.decodingStrategy)
                    #sourceLocation(file: "Test.swift", line: 3)
                    self.message = try reader.value(at: 0, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                    self.level = try reader.value(at: 1, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                    self.origin = try reader.value(at: 2, in: row)
                    #sourceLocation()
                }

                /// Writes the columns in declaration order.
                public func encode(to container: inout Persistence.PersistenceContainer) throws {
                    #sourceLocation(file: "Test.swift", line: 3)
                            try container.encode(self.message, forColumn: "message")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                            try container.encode(self.level, forColumn: "level")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 5)
                            try container.encode(self.origin, forColumn: "origin")
                    #sourceLocation()
                }

                @available(*, unavailable, message: "HTTPLogLine declares no primary key: mark its key property @Column(primaryKey: true)")
                public func update(_ db: Persistence.Database) throws {
                    fatalError()
                }

                @available(*, unavailable, message: "HTTPLogLine declares no primary key: mark its key property @Column(primaryKey: true)")
                public func upsert(_ db: Persistence.Database) throws {
                    fatalError()
                }

                @available(*, unavailable, message: "HTTPLogLine declares no primary key: mark its key property @Column(primaryKey: true)")
                @discardableResult
                public func delete(_ db: Persistence.Database) throws -> Bool {
                    fatalError()
                }
            }
            """
        }
    }

    @Test func theDefaultTableNameLowercasesTheFirstWord() {
        #expect(TableMacro.defaultTableName("Photo") == "photo")
        #expect(TableMacro.defaultTableName("PhotoAlbum") == "photoAlbum")
        #expect(TableMacro.defaultTableName("HTTPRequest") == "httpRequest")
        #expect(TableMacro.defaultTableName("URL") == "url")
    }
}

/// What `@Table` refuses, on the line at fault.
@Suite(.macros(["Table": TableMacro.self, "Column": ColumnMacro.self]))
struct TableMacroDiagnosticTests {
    @Test func aLetWithADefault() {
        assertMacro {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                let kind: String = "photo"
            }
            """
        } diagnostics: {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                let kind: String = "photo"
                ┬──
                ╰─ 🛑 a 'let' with a default value cannot be read from a row: make it a 'var', or a computed property
                   ✏️ replace 'let' with 'var'
            }
            """
        } fixes: {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                var kind: String = "photo"
            }
            """
        } expansion: {
            """
            struct Photo {
                var id: Int64
                var kind: String = "photo"
            }

            extension Photo: Persistence.TypedTable, Persistence.TableRecord, Persistence.FetchableRecord, Persistence.InsertableRecord, Persistence.PersistableRecord {
                /// The table's name.
                static var databaseTableName: String {
                    "photo"
                }

                /// A typed column per stored property, for requests:
                /// `Photo.all().where { $0.name == "…" }`.
                struct Columns: Sendable {
                    /// The `id` column.
                    let id = Persistence.TableColumn<Photo, Int64>("id", at: 0)
                    /// The `kind` column.
                    let kind = Persistence.TableColumn<Photo, String>("kind", at: 1)
                }

                /// The typed columns.
                static let columns = Columns()

                /// The columns, in declaration order.
                static let tableSchema = Persistence.TableSchema(table: "photo", columns: [
                    Persistence.TableSchema.Column("id", Int64.self, primaryKey: true),
                    Persistence.TableSchema.Column("kind", String.self),
                ])

                /// Reads a record from a row: by position from the table's own
                /// `SELECT`, by column name from any other query.
                init(row: borrowing Persistence.RowView) throws {
                    let reader = Persistence.TableRowReader<Self>(row, dates: Self.databaseDateEncodingStrategy.decodingStrategy)
                    #sourceLocation(file: "Test.swift", line: 3)
                    self.id = try reader.value(at: 0, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                    self.kind = try reader.value(at: 1, in: row)
                    #sourceLocation()
                }

                /// Writes the columns in declaration order.
                func encode(to container: inout Persistence.PersistenceContainer) throws {
                    #sourceLocation(file: "Test.swift", line: 3)
                            try container.encode(self.id, forColumn: "id")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 4)
                            try container.encode(self.kind, forColumn: "kind")
                    #sourceLocation()
                }
            }
            """
        }
    }

    @Test func aTupleType() {
        assertMacro {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                var size: (Int, Int)
            }
            """
        } diagnostics: {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                var size: (Int, Int)
                          ┬─────────
                          ╰─ 🛑 a tuple cannot be a column: store its parts in columns of their own, or use a Codable struct (stored as JSON text)
            }
            """
        }
    }

    @Test func aTuplePattern() {
        assertMacro {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                var (width, height): (Int, Int)
            }
            """
        } diagnostics: {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                var (width, height): (Int, Int)
                    ┬──────────────
                    ╰─ 🛑 one property per column: declare each name of the tuple pattern on its own line
            }
            """
        }
    }

    @Test func primaryKeyListsThatNameNoProperty() {
        assertMacro {
            """
            @Table(primaryKey: ["albumID", "slot"])
            struct Entry {
                var albumID: Int64
                var position: Int
            }
            """
        } diagnostics: {
            """
            @Table(primaryKey: ["albumID", "slot"])
                                           ┬─────
                                           ╰─ 🛑 no stored property or column is named "slot": the key lists the table's key properties
            struct Entry {
                var albumID: Int64
                var position: Int
            }
            """
        }
        assertMacro {
            """
            @Table(primaryKey: "albumID")
            struct Entry {
                var albumID: Int64
            }
            """
        } diagnostics: {
            """
            @Table(primaryKey: "albumID")
                               ┬────────
                               ╰─ 🛑 primaryKey: takes an array of string literals naming the key's properties, as ["albumID", "position"]
            struct Entry {
                var albumID: Int64
            }
            """
        }
        assertMacro {
            """
            @Table(primaryKey: ["albumID"])
            struct Entry {
                var albumID: Int64
                @Column(primaryKey: true) var position: Int
            }
            """
        } diagnostics: {
            """
            @Table(primaryKey: ["albumID"])
            struct Entry {
                var albumID: Int64
                @Column(primaryKey: true) var position: Int
                        ┬───────────────
                        ╰─ 🛑 the key is @Table(primaryKey:)'s list, which lacks 'position': add it there, or remove 'primaryKey: true'
            }
            """
        }
    }

    @Test func aMissingType() {
        assertMacro {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                var rating = 0
                var score = compute()
            }
            """
        } diagnostics: {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                var rating = 0
                    ┬─────
                    ╰─ 🛑 a column needs an explicit type: @Table reads declarations, not inferred types
                       ✏️ declare it as 'Int'
                var score = compute()
                    ┬────
                    ╰─ 🛑 a column needs an explicit type: @Table reads declarations, not inferred types
            }
            """
        }
    }

    @Test func aLazyProperty() {
        assertMacro {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                lazy var thumbnail: String = "t"
            }
            """
        } diagnostics: {
            """
            @Table
            struct Photo {
                @Column(primaryKey: true) var id: Int64
                lazy var thumbnail: String = "t"
                ┬───────────────────────────────
                ╰─ 🛑 a lazy property cannot be a column: make it a plain 'var' or a computed property
            }
            """
        }
    }

    @Test func aClass() {
        assertMacro {
            """
            @Table
            class Photo {
                var id: Int64 = 0
            }
            """
        } diagnostics: {
            """
            @Table
            ┬─────
            ╰─ 🛑 @Table applies to a struct: its stored properties are the table's columns
            class Photo {
                var id: Int64 = 0
            }
            """
        }
    }

    @Test func aGenericStruct() {
        assertMacro {
            """
            @Table
            struct Box<Content> {
                var id: Int64
            }
            """
        } diagnostics: {
            """
            @Table
            struct Box<Content> {
                      ┬────────
                      ╰─ 🛑 @Table applies to a non-generic struct: a table's columns have one type each
                var id: Int64
            }
            """
        }
    }

    @Test func namesThatAreNotLiterals() {
        assertMacro {
            """
            @Table(tableName)
            struct Photo {
                var id: Int64
            }
            """
        } diagnostics: {
            """
            @Table(tableName)
                   ┬────────
                   ╰─ 🛑 the table name must be a string literal
            struct Photo {
                var id: Int64
            }
            """
        }
        assertMacro {
            """
            @Table
            struct Photo {
                @Column(columnName) var id: Int64
            }
            """
        } diagnostics: {
            """
            @Table
            struct Photo {
                @Column(columnName) var id: Int64
                        ┬─────────
                        ╰─ 🛑 the column name must be a string literal
            }
            """
        }
    }

    @Test func aDecodingStrategyOfItsOwn() {
        assertMacro {
            """
            @Table
            struct Stamp {
                static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy { .millisecondsSince1970 }
                var id: Int64
            }
            """
        } diagnostics: {
            """
            @Table
            struct Stamp {
                static var databaseDateDecodingStrategy: DatabaseDateDecodingStrategy { .millisecondsSince1970 }
                           ┬───────────────────────────
                           ╰─ 🛑 a @Table record reads dates as it writes them: set databaseDateEncodingStrategy alone, and it decodes with the same strategy
                var id: Int64
            }
            """
        }
    }

    @Test func aDefaultOnANonOptionalProperty() {
        assertMacro {
            """
            @Table
            struct Note {
                var id: Int64
                @Column(default: "0") var priority: Int
            }
            """
        } diagnostics: {
            """
            @Table
            struct Note {
                var id: Int64
                @Column(default: "0") var priority: Int
                                 ┬──
                                 ╰─ 🛑 a default is what a nil value inserts: make the property optional
            }
            """
        }
    }

    @Test func interpolatedNames() {
        assertMacro {
            #"""
            @Table("photo_\(suffix)")
            struct Photo {
                @Column("id_\(n)") var id: Int64
            }
            """#
        } diagnostics: {
            #"""
            @Table("photo_\(suffix)")
                   ┬────────────────
                   ╰─ 🛑 a name cannot use string interpolation: @Table reads the literal when it expands, before any value exists
            struct Photo {
                @Column("id_\(n)") var id: Int64
            }
            """#
        }
    }
}

/// Names written with any string literal form reach the generated code
/// with the value Swift gives them.
@Suite(.macros(["Table": TableMacro.self, "Column": ColumnMacro.self]))
struct TableMacroNameLiteralTests {
    @Test func escapedRawAndMultiLineNames() {
        assertMacro {
            ##"""
            @Table("quote\"d \\ \u{E9}")
            struct Photo {
                @Column(#"raw\name"#) var raw: Int64
                @Column("""
                    two
                    lines
                    """) var lines: String
            }
            """##
        } expansion: {
            #"""
            struct Photo {
                var raw: Int64
                var lines: String
            }

            extension Photo: Persistence.TypedTable, Persistence.TableRecord, Persistence.FetchableRecord, Persistence.InsertableRecord {
                /// The table's name.
                static var databaseTableName: String {
                    "quote\"d \\ é"
                }

                /// A typed column per stored property, for requests:
                /// `Photo.all().where { $0.name == "…" }`.
                struct Columns: Sendable {
                    /// The `raw\\name` column.
                    let raw = Persistence.TableColumn<Photo, Int64>("raw\\name", at: 0)
                    /// The `two\nlines` column.
                    let lines = Persistence.TableColumn<Photo, String>("two\nlines", at: 1)
                }

                /// The typed columns.
                static let columns = Columns()

                /// The columns, in declaration order.
                static let tableSchema = Persistence.TableSchema(table: "quote\"d \\ é", columns: [
                    Persistence.TableSchema.Column("raw\\name", Int64.self),
                    Persistence.TableSchema.Column("two\nlines", String.self),
                ])

                /// Reads a record from a row: by position from the table's own
                /// `SELECT`, by column name from any other query.
                init(row: borrowing Persistence.RowView) throws {
                    let reader = Persistence.TableRowReader<Self>(row, dates: Self.databaseDateEncodingStrategy.decodingStrategy)
                    #sourceLocation(file: "Test.swift", line: 3)
                    self.raw = try reader.value(at: 0, in: row)
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                    self.lines = try reader.value(at: 1, in: row)
                    #sourceLocation()
                }

                /// Writes the columns in declaration order.
                func encode(to container: inout Persistence.PersistenceContainer) throws {
                    #sourceLocation(file: "Test.swift", line: 3)
                            try container.encode(self.raw, forColumn: "raw\\name")
                    #sourceLocation()
                    #sourceLocation(file: "Test.swift", line: 7)
                            try container.encode(self.lines, forColumn: "two\nlines")
                    #sourceLocation()
                }

                @available(*, unavailable, message: "Photo declares no primary key: mark its key property @Column(primaryKey: true)")
                func update(_ db: Persistence.Database) throws {
                    fatalError()
                }

                @available(*, unavailable, message: "Photo declares no primary key: mark its key property @Column(primaryKey: true)")
                func upsert(_ db: Persistence.Database) throws {
                    fatalError()
                }

                @available(*, unavailable, message: "Photo declares no primary key: mark its key property @Column(primaryKey: true)")
                @discardableResult
                func delete(_ db: Persistence.Database) throws -> Bool {
                    fatalError()
                }
            }
            """#
        }
    }

    @Test func aLiteralEscapesWhatSwiftWouldRead() {
        #expect("quote\"d".swiftLiteral == #""quote\"d""#)
        #expect("a\\b".swiftLiteral == #""a\\b""#)
        #expect("two\nlines\t\u{0}".swiftLiteral == #""two\nlines\t\u{0}""#)
        #expect("été".swiftLiteral == "\"été\"")
    }
}
