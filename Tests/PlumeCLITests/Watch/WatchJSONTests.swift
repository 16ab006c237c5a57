import Foundation
import Persistence
import Testing
@testable import PlumeCLI

@Suite struct WatchJSONTests {
    @Test func valuesAreValidJSON() throws {
        #expect(JSONLine.value(.null) == "null")
        #expect(JSONLine.value(.integer(-7)) == "-7")
        #expect(JSONLine.value(.real(2)) == "2.0")
        #expect(JSONLine.value(.real(.infinity)) == "9e999")
        #expect(JSONLine.value(.real(-.infinity)) == "-9e999")
        #expect(JSONLine.value(.real(.nan)) == "null")
        #expect(JSONLine.value(.blob(Data([0, 255]))) == "{\"base64\":\"AP8=\"}")
        #expect(JSONLine.string("a\"b\\c\nd\u{1}é日") == "\"a\\\"b\\\\c\\nd\\u0001é日\"")
        let text = JSONLine.value(.text("tab\tquote\" \u{7F} 😀"))
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8)) as? [String]
        #expect(decoded == ["tab\tquote\" \u{7F} 😀"])
    }

    @Test func aRowKeepsQueryOrderAndTheFirstOfTwoColumnsWithOneName() {
        let row = Row(["b": 1, "a": "x", "b": 2])
        #expect(JSONLine.row(row) == "{\"b\":1,\"a\":\"x\"}")
    }
}
