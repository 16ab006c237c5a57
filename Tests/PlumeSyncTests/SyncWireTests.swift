import Foundation
import PlumeSyncProtocol
@testable import PlumeSync
@testable import PlumeSyncServer
import PlumeTestSupport
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

    /// Random events (comments, several data lines, any line ending,
    /// non-ASCII text), cut into random chunks: each is read back whole.
    @Test(arguments: [35, 3501, 77] as [UInt64])
    func serverSentEventsAreReadWhateverTheChunksAndLineEndings(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let endings = ["\n", "\r\n", "\r"]
        let pieces = ["{\"a\":1}", "é ü", "x: y", " lead", "", "data", "🙂", String(repeating: "z", count: 300)]
        var stream = ""
        var expected: [ServerSentEventParser.Event] = []
        for _ in 0..<60 {
            // A blank line ends an event only as "\n\n" or "\n\r\n": the
            // last line of an event ends with "\n" or "\r\n".
            let last = ["\n", "\r\n"].randomElement(using: &random)!
            if Bool.random(using: &random) { stream += ": comment" + last }
            let name = ["changes", "other"].randomElement(using: &random)!
            let hasName = Bool.random(using: &random)
            if hasName { stream += "event: \(name)" + endings.randomElement(using: &random)! }
            let lines = (0..<Int.random(in: 1...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
            for (index, line) in lines.enumerated() {
                // One space after the colon is dropped, when there is one.
                stream += "data:" + (line.hasPrefix(" ") || Bool.random(using: &random) ? " " : "") + line
                stream += index == lines.count - 1 ? last : endings.randomElement(using: &random)!
            }
            stream += last
            expected.append(.init(name: hasName ? name : "message", data: lines.joined(separator: "\n")))
        }
        var parser = ServerSentEventParser()
        var read: [ServerSentEventParser.Event] = []
        var bytes = Array(stream.utf8)[...]
        while !bytes.isEmpty {
            let size = min(bytes.count, Int.random(in: 1...400, using: &random))
            read += parser.feed(bytes.prefix(size))
            bytes = bytes.dropFirst(size)
        }
        #expect(read.map(\.name) == expected.map(\.name))
        #expect(read.map(\.data) == expected.map(\.data))
    }

    @Test func theMergeRuleKeepsEachColumnsLastWriter() {
        let row: SyncRow = ["id": .text("n"), "a": .integer(1), "b": .integer(2)]
        #expect(SyncMerge.apply(.update, values: ["a": .integer(5)], to: row) == ["id": .text("n"), "a": .integer(5), "b": .integer(2)])
        #expect(SyncMerge.apply(.update, values: ["a": .integer(5)], to: nil) == nil)
        #expect(SyncMerge.apply(.insert, values: ["id": .text("n")], to: row) == ["id": .text("n")])
        #expect(SyncMerge.apply(.delete, values: nil, to: row) == nil)
    }
}
