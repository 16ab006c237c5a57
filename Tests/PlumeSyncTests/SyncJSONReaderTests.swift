import Foundation
import PlumeSyncProtocol
import PlumeTestSupport
import Testing

/// Plume's own reader of the protocol's bodies against Foundation's
/// `JSONDecoder`: seeded random bodies, written by Plume's writer and by
/// `JSONEncoder`, read the same; mutated bodies never crash it, and what
/// it accepts `JSONDecoder` accepts with the same values.
@Suite struct SyncJSONReaderTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomBodiesReadAsJSONDecoderReadsThem(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for round in 0..<60 {
            let push = SyncPushRequest(client: Self.text(&random), after: Bool.random(using: &random) ? Self.integer(&random) : nil,
                                       changes: (0..<Int.random(in: 0...6, using: &random)).map { _ in
                let operation = [SyncOperation.insert, .update, .delete].randomElement(using: &random)!
                return SyncChange(clientSequence: Self.integer(&random), table: Self.text(&random), operation: operation,
                                  key: Self.key(&random), values: operation == .delete && Bool.random(using: &random) ? nil : Self.row(&random))
            })
            for body in [try JSONEncoder().encode(push), Data(Self.pushText(push).utf8)] {
                let mine = try SyncJSONReader.decode(Array(body)) { try $0.readPushRequest() }
                let foundation = try JSONDecoder().decode(SyncPushRequest.self, from: body)
                #expect(mine.client == foundation.client && mine.after == foundation.after && mine.changes == foundation.changes, "seed \(seed), round \(round): \(String(decoding: body, as: UTF8.self))")
            }
            let page = SyncChangesResponse(changes: (0..<Int.random(in: 0...6, using: &random)).map { _ in
                SyncLoggedChange(sequence: Self.integer(&random), client: Self.text(&random), clientSequence: Bool.random(using: &random) ? Self.integer(&random) : nil,
                                 table: Self.text(&random), operation: [.insert, .update, .delete].randomElement(using: &random)!,
                                 key: Self.key(&random), values: Bool.random(using: &random) ? Self.row(&random) : nil)
            }, own: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                SyncOwnChanges(sequence: Self.integer(&random), count: Int64.random(in: 1...1_000, using: &random), clientSequence: Self.integer(&random))
            }, head: Self.integer(&random))
            let pageBody = try JSONEncoder().encode(page)
            let minePage = try SyncJSONReader.decode(Array(pageBody)) { try $0.readChangesResponse() }
            let foundationPage = try JSONDecoder().decode(SyncChangesResponse.self, from: pageBody)
            #expect(minePage.changes == foundationPage.changes && minePage.own == foundationPage.own && minePage.head == foundationPage.head,
                    "seed \(seed), round \(round)")
            let bootstrap = SyncBootstrapResponse(rows: (0..<Int.random(in: 0...6, using: &random)).map { _ in
                SyncBootstrapRow(key: Self.key(&random), values: Self.row(&random))
            }, head: Self.integer(&random), next: Bool.random(using: &random) ? Self.text(&random) : nil)
            let bootstrapBody = try JSONEncoder().encode(bootstrap)
            let mineRows = try SyncJSONReader.decode(Array(bootstrapBody)) { try $0.readBootstrapResponse() }
            let foundationRows = try JSONDecoder().decode(SyncBootstrapResponse.self, from: bootstrapBody)
            #expect(mineRows.rows.map(\.key) == foundationRows.rows.map(\.key) && mineRows.rows.map(\.values) == foundationRows.rows.map(\.values)
                    && mineRows.head == foundationRows.head && mineRows.next == foundationRows.next, "seed \(seed), round \(round)")
        }
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func mutatedBodiesNeverCrashAndAreReadOnlyWhenJSONDecoderReadsThemAlike(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let alphabet = Array(#"{}[],:"\ 0123456789-.eEnulltrfasbx/"#.utf8) + [0x00, 0x1F, 0xC3, 0xA9, 0xFF]
        var accepted = 0, refused = 0
        for round in 0..<1_500 {
            let push = SyncPushRequest(client: Self.text(&random), changes: (0..<Int.random(in: 1...3, using: &random)).map { _ in
                SyncChange(clientSequence: Self.integer(&random), table: Self.text(&random), operation: .insert, key: Self.key(&random), values: Self.row(&random))
            })
            var bytes = Array(Self.pushText(push).utf8)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let position = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes.remove(at: position)
                case 1: bytes.insert(alphabet.randomElement(using: &random)!, at: position)
                case 2: bytes[position] = alphabet.randomElement(using: &random)!
                default: bytes.removeLast(Int.random(in: 0...(bytes.count - position), using: &random))
                }
                if bytes.isEmpty { bytes = [UInt8(ascii: "{")] }
            }
            let foundation = try? JSONDecoder().decode(SyncPushRequest.self, from: Data(bytes))
            do {
                let mine = try SyncJSONReader.decode(bytes) { try $0.readPushRequest() }
                accepted += 1
                #expect(foundation.map { $0.client == mine.client && $0.changes == mine.changes } == true,
                        "seed \(seed), round \(round): Plume's reader accepted what JSONDecoder reads otherwise: \(String(decoding: bytes, as: UTF8.self))")
            } catch let error as SyncJSONError {
                refused += 1
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(accepted > 0 && refused > 0)
    }

    @Test func malformedBodiesNameWhatIsWrongAndWhere() {
        func failure(_ text: String) -> String {
            do {
                _ = try SyncJSONReader.decode(Array(text.utf8)) { try $0.readPushRequest() }
                return "accepted"
            } catch {
                return "\(error)"
            }
        }
        #expect(failure(#"{"client":"c","changes":[{"seq":1,"table":"t","op":"upsert","key":[1]}]}"#).hasPrefix("changes[0].op: \"upsert\" is not an operation"))
        #expect(failure(#"{"client":"c","changes":[{"seq":1,"table":"t","op":"insert","key":[1, 1.5]}]}"#).hasPrefix("changes[0].key[1]: an integer has no fraction"))
        #expect(failure(#"{"client":"c","changes":[{"seq":1,"table":"t","op":"insert","key":[1],"values":{"a":{"real":"x"}}}]}"#).hasPrefix("changes[0].values.a.real: \"x\" is not a real"))
        #expect(failure(#"{"client":"c","changes":[{"seq":1,"table":"t","op":"insert","key":[{"blob":"***"}]}]}"#).hasPrefix("changes[0].key[0].blob: a blob is not valid base64"))
        #expect(failure(#"{"client":"c","changes":[{"table":"t","op":"delete","key":[1]}]}"#).hasPrefix("changes[0]: missing member \"seq\""))
        #expect(failure(#"{"client":"c","changes":[{"seq":9223372036854775808,"table":"t","op":"delete","key":[1]}]}"#).hasPrefix("changes[0].seq: an integer does not fit in 64 bits"))
        #expect(failure(#"{"client":"c","changes":[]} x"#).hasPrefix("the body: unexpected bytes after the value"))
        #expect(failure(#"{"client":"c"}"#).hasPrefix("the body: missing member \"changes\""))
        #expect(failure(#"{"client":"c"#).hasPrefix("client: a string is not closed"))
        #expect(failure("{\"client\":\"\u{1}\",\"changes\":[]}").hasPrefix("client: a string holds a raw control character"))
        #expect(failure(#"{"client":"\ud800","changes":[]}"#).hasPrefix("client: a string holds an unpaired surrogate"))
        #expect(failure("").hasPrefix("the body: expected an object, found the end of the body"))
        var invalid = Array(#"{"client":"#.utf8)
        invalid += [UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\""), UInt8(ascii: "}")]
        #expect(throws: SyncJSONError.self) { try SyncJSONReader.decode(invalid) { try $0.readPushRequest() } }
        // The limits of 64 bits, and escapes, read exactly.
        let edge = try? SyncJSONReader.decode(Array(#"[-9223372036854775808, 9223372036854775807, 0, "\u00e9\ud83d\ude00\/\b\f"]"#.utf8)) { try $0.readKey() }
        #expect(edge == [.integer(.min), .integer(.max), .integer(0), .text("é😀/\u{8}\u{C}")])
    }

    /// Reals as Plume writes them take a shortcut; every other spelling
    /// is read, or refused, by the general path, alike.
    @Test func realsReadAlikeWhicheverWayTheyAreSpelled() throws {
        func read(_ text: String) throws -> SyncValue { try SyncJSONReader.decode(Array(text.utf8)) { try $0.readValue() } }
        #expect(try read(#"{"real":"2.5"}"#) == .real(2.5))
        #expect(try read(#"{ "real" : "2.5" }"#) == .real(2.5))
        #expect(try read(#"{"real":"-1.25e-3"}"#) == .real(-1.25e-3))
        #expect(try read(#"{"real":"1E+2"}"#) == .real(100))
        #expect(try read(#"{"real":"Infinity"}"#) == .real(.infinity))
        if case .real(let zero) = try read(#"{"real":"-0.0"}"#) { #expect(zero == 0 && zero.sign == .minus) } else { Issue.record("-0.0 is a real") }
        #expect(try read(#"{"real":"0.1"}"#) == .real(0.1))
        for refused in [#"{"real":"1e999"}"#, #"{"real":"2.5","blob":""}"#, #"{"real":"2.5"]"#, #"{"real":"2.5"#, #"{"real":"nan"}"#, #"{"real":""}"#] {
            #expect(throws: SyncJSONError.self, "\(refused)") { try read(refused) }
        }
    }

    @Test(arguments: [21, 22] as [UInt64])
    func stringsAreWrittenAsBeforeAndReadBack(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let text = Self.text(&random)
            var written = ""
            SyncJSON.appendString(text, to: &written)
            #expect(written == Self.referenceString(text))
            #expect(try JSONDecoder().decode(String.self, from: Data(written.utf8)) == text)
            #expect(try SyncJSONReader.decode(Array(written.utf8)) { try $0.readString() } == text)
        }
    }

    // MARK: Generators

    /// The writer as it was (scalar by scalar): the new one must write the
    /// same bytes, since keys are compared as text on the server.
    static func referenceString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func pushText(_ push: SyncPushRequest) -> String {
        var out = "{\"client\":"
        SyncJSON.appendString(push.client, to: &out)
        if let after = push.after { out += ",\"after\":\(after)" }
        out += ",\"changes\":["
        for (index, change) in push.changes.enumerated() {
            if index > 0 { out += "," }
            out += "{\"seq\":\(change.clientSequence),\"table\":"
            SyncJSON.appendString(change.table, to: &out)
            out += ",\"op\":\"\(change.operation.rawValue)\",\"key\":\(SyncJSON.keyText(change.key))"
            if let values = change.values { out += ",\"values\":\(SyncJSON.objectText(values))" }
            out += "}"
        }
        return out + "]}"
    }

    static func text(_ random: inout SeededGenerator) -> String {
        let pieces: [String] = ["a", "Z", "9", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "日本", "{", "}", "[", ",", ":"]
        return (0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func integer(_ random: inout SeededGenerator) -> Int64 {
        [Int64.min, .max, 0, -1, 1, Int64.random(in: .min ... .max, using: &random), Int64.random(in: -1_000...1_000, using: &random)].randomElement(using: &random)!
    }

    static func value(_ random: inout SeededGenerator) -> SyncValue {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: .null
        case 1: .integer(integer(&random))
        case 2: .real([0.0, -0.0, 1.5, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1,
                       Double.random(in: -1e300...1e300, using: &random)].randomElement(using: &random)!)
        case 3: .text(text(&random))
        default: .blob((0..<Int.random(in: 0...7, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) })
        }
    }

    static func key(_ random: inout SeededGenerator) -> [SyncValue] {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in value(&random) }
    }

    static func row(_ random: inout SeededGenerator) -> SyncRow {
        var row: SyncRow = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) { row[text(&random)] = value(&random) }
        return row
    }
}
