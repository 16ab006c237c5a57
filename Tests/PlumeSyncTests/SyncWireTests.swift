import Foundation
import PlumeSyncProtocol
@testable import PlumeSync
@testable import PlumeSyncServer
import Testing

@Suite struct SyncWireTests {
    @Test func valuesRoundTripThroughJSONBitForBit() throws {
        let values: [SyncValue] = [.null, .integer(0), .integer(.max), .integer(.min), .real(0.0), .real(-0.0), .real(1.5), .real(.infinity),
                                   .real(-.infinity), .real(.leastNonzeroMagnitude), .real(.greatestFiniteMagnitude), .real(0.1),
                                   .text(""), .text("é\u{0}\"\\\n\u{1F}"), .blob([]), .blob([0, 255, 1]), .text("1"), .real(1)]
        let text = SyncJSON.keyText(values)
        let decoded = try JSONDecoder().decode([SyncValue].self, from: Data(text.utf8))
        #expect(decoded == values)
        #expect(decoded.map { SyncJSON.keyText([$0]) } == values.map { SyncJSON.keyText([$0]) })
        // Foundation's encoder writes what the hand-written one does.
        #expect(try JSONDecoder().decode([SyncValue].self, from: JSONEncoder().encode(values)) == values)
        #expect(SyncJSON.keyText([.real(1), .integer(1), .blob([0, 255])]) == #"[{"real":"1.0"},1,{"blob":"AP8="}]"#)
    }

    @Test(arguments: ["1.5", "{\"real\":\"NaN\"}", "{\"real\":\"x\"}", "{\"blob\":\"***\"}", "{\"real\":\"1\",\"blob\":\"\"}", "[1]", "{}", "9223372036854775808"])
    func malformedValuesAreRefused(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SyncValue.self, from: Data(text.utf8)) }
    }

    @Test func theTokensFileGrantsWhatItsLinesSay() throws {
        let tokens = try SyncTokens(parsing: "# comment\n\nfull\n  ro read-only\nnotes tables=Note,album\nboth read-only tables=note\n")
        #expect(tokens.count == 4)
        #expect(tokens.access(for: "full") == SyncAccess())
        #expect(tokens.access(for: "ro") == SyncAccess(canWrite: false))
        #expect(tokens.access(for: "notes") == SyncAccess(canWrite: true, tables: ["note", "album"]))
        #expect(tokens.access(for: "both") == SyncAccess(canWrite: false, tables: ["note"]))
        for presented in ["", "ful", "fulll", "FULL", "read-only", "# comment"] {
            #expect(tokens.access(for: presented) == nil)
        }
        #expect(throws: SyncServerError.self) { try SyncTokens(parsing: "t1 write-only") }
        let unknown = #expect(throws: SyncServerError.self) { try SyncTokens(parsing: "t1\nt2 tables=", source: "tokens.txt") }
        #expect(unknown?.message == "tokens.txt:2: tables= names no table")
        let twice = #expect(throws: SyncServerError.self) { try SyncTokens(parsing: "t1\nt1 read-only", source: "f") }
        #expect(twice?.message == "f:2: this token is already on an earlier line")
    }

    @Test func quotedKeyListsReadBackAsSQLiteWroteThem() {
        #expect(SQLLiteralList.parse("'a''b',3,X'00FF',1.5,NULL,-7,'x,y'") == [.text("a'b"), .integer(3), .blob(Data([0, 255])), .real(1.5), .null, .integer(-7), .text("x,y")])
        #expect(SQLLiteralList.parse("9.0e+999") == [.real(.infinity)])
        // A text holding a NUL, which quote() would cut (the history writes
        // it as a cast blob).
        #expect(SQLLiteralList.parse("CAST(X'610062' AS TEXT),1") == [.text("a\u{0}b"), .integer(1)])
        for malformed in ["", "'open", "X'0'", "1,", "abc", "'a'b", "CAST(X'61' AS TEX", "CAST(X'6' AS TEXT)"] {
            #expect(SQLLiteralList.parse(malformed) == nil)
        }
    }

    @Test func serverSentEventsAreReadAcrossChunks() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array(": alive\n\nid: 3\nevent: chan".utf8)).isEmpty)
        let events = parser.feed(Array("ges\ndata: {\"a\":1}\n\nevent: changes\r\ndata: x\r\ndata: y\r\n\r\n".utf8))
        #expect(events.map(\.name) == ["changes", "changes"])
        #expect(events.map(\.data) == ["{\"a\":1}", "x\ny"])
    }

    @Test func theMergeRuleKeepsEachColumnsLastWriter() {
        let row: SyncRow = ["id": .text("n"), "a": .integer(1), "b": .integer(2)]
        #expect(SyncMerge.apply(.update, values: ["a": .integer(5)], to: row) == ["id": .text("n"), "a": .integer(5), "b": .integer(2)])
        #expect(SyncMerge.apply(.update, values: ["a": .integer(5)], to: nil) == nil)
        #expect(SyncMerge.apply(.insert, values: ["id": .text("n")], to: row) == ["id": .text("n")])
        #expect(SyncMerge.apply(.delete, values: nil, to: row) == nil)
    }
}
