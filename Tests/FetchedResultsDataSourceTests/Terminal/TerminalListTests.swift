import FetchedResults
import Foundation
import Persistence
import PlumeTerminal
import PlumeTestSupport
import Testing
import FetchedResultsDataSource
@testable import FetchedResultsTerminal

/// A terminal list driven by an array data source through a scripted
/// sequence of changes, checked on its screen buffer and on what its
/// escapes draw in a virtual terminal.
@MainActor
@Suite struct TerminalListTests {
    final class Clock {
        var now = ContinuousClock.now
    }

    struct Fixture {
        let dataSource: ArrayDataSource<Entry, Int, TerminalCell>
        let list: TerminalList
        let clock: Clock
        let output: Output
    }

    final class Output {
        var terminal: VirtualTerminal
        var chunks: [String] = []
        init(size: TerminalSize) { terminal = VirtualTerminal(size: size) }
        func write(_ text: String) {
            chunks.append(text)
            terminal.feed(text)
        }
    }

    static func entries(_ ids: ClosedRange<Int>) -> [Entry] { ids.map { Entry(id: $0, version: 0) } }

    func makeList(size: TerminalSize, sections: [ListSection<Entry>]) throws -> Fixture {
        let clock = Clock()
        let output = Output(size: size)
        let dataSource = try ArrayDataSource<Entry, Int, TerminalCell>(sections: sections, id: \.id) { cell, entry in
            cell.columns = ["#\(entry.id)", entry.version == 0 ? "original" : "edited \(entry.version)"]
        }
        let list = TerminalList(size: size, title: "test", now: { clock.now }, output: output.write)
        list.dataSource = dataSource
        dataSource.consumer = list
        return Fixture(dataSource: dataSource, list: list, clock: clock, output: output)
    }

    @Test func scriptedChangesAreDrawnHighlightedThenSettle() throws {
        let size = TerminalSize(rows: 9, columns: 32)
        let fixture = try makeList(size: size, sections: [
            ListSection(name: "Alpha", items: Self.entries(1...2)),
            ListSection(name: "Beta", items: Self.entries(3...3)),
        ])
        #expect(fixture.list.screen().text == [
            " test · 2 sections · 3 rows",
            "▸ Alpha (2)",
            "  #1  original",
            "  #2  original",
            "▸ Beta (1)",
            "  #3  original",
            "", "", "",
        ])
        #expect(fixture.output.terminal.text == fixture.list.screen().text)

        // Insert a row, move #1 below #2 with new content, delete Beta,
        // create Gamma.
        try fixture.dataSource.setSections([
            ListSection(name: "Alpha", items: [Entry(id: 2, version: 0), Entry(id: 9, version: 0), Entry(id: 1, version: 1)]),
            ListSection(name: "Gamma", items: Self.entries(4...4)),
        ])
        #expect(fixture.list.screen().text == [
            " test · 2 sections · 4 rows",
            "▸ Alpha (3)",
            "  #2  original",
            "+ #9  original",
            "↕ #1  edited 1",
            "▸ Gamma (1)",
            "+ #4  original",
            "",
            "change 1: +1 −0 ↕1 ~0 · section…",
        ])
        #expect(fixture.list.screen().lines[3].style == .inserted)
        #expect(fixture.list.screen().lines[4].style == .moved)
        #expect(fixture.output.terminal.text == fixture.list.screen().text)

        // An update in place, before the highlights end.
        try fixture.dataSource.setSections([
            ListSection(name: "Alpha", items: [Entry(id: 2, version: 5), Entry(id: 9, version: 0), Entry(id: 1, version: 1)]),
            ListSection(name: "Gamma", items: Self.entries(4...4)),
        ])
        #expect(fixture.list.screen().text[2] == "~ #2  edited 5")
        #expect(fixture.list.screen().text[3] == "+ #9  original", "earlier highlights last until they end")
        #expect(fixture.output.terminal.linesWritten == [2, 8], "only the changed row and the status line are rewritten")

        // Time passes: the highlights end, and only their lines are redrawn.
        fixture.clock.now += .seconds(2)
        fixture.list.expireHighlights()
        #expect(fixture.list.screen().text[2...6] == ["  #2  edited 5", "  #9  original", "  #1  edited 1", "▸ Gamma (1)", "  #4  original"])
        #expect(fixture.output.terminal.linesWritten == [2, 3, 4, 6])
        #expect(fixture.output.terminal.text == fixture.list.screen().text)
        #expect(fixture.list.nextHighlightEnd == nil)
    }

    @Test func resizingRedrawsEverythingAtTheNewSize() throws {
        let fixture = try makeList(size: TerminalSize(rows: 6, columns: 40), sections: [ListSection(name: "日本の写真", items: Self.entries(1...3))])
        let smaller = TerminalSize(rows: 4, columns: 12)
        fixture.output.terminal = VirtualTerminal(size: smaller)
        fixture.list.resize(to: smaller)
        #expect(fixture.output.chunks.last?.contains("\u{1B}[2J") == true)
        #expect(fixture.list.screen().text == [" test · 1 s…", "▸ 日本の写…", "  #1  origi…", "lines 1–2 o…"])
        #expect(fixture.output.terminal.text == fixture.list.screen().text)
        #expect(fixture.list.screen().lines.allSatisfy { $0.text.displayWidth == 12 })
    }

    @Test func scrollsToShowTheFirstChangedRow() throws {
        let fixture = try makeList(size: TerminalSize(rows: 6, columns: 64), sections: [ListSection(name: .null, items: Self.entries(1...40))])
        #expect(fixture.list.scrollOffset == 0)
        try fixture.dataSource.setItems(Self.entries(1...30) + [Entry(id: 99, version: 0)] + Self.entries(31...40))
        let text = fixture.list.screen().text
        #expect(fixture.list.scrollOffset > 0)
        #expect(text.contains("+ #99  original"))
        #expect(text.last?.hasSuffix("of 41") == true)
        fixture.list.scroll(by: -1_000)
        #expect(fixture.list.scrollOffset == 0)
        #expect(fixture.list.screen().text[1] == "  #1   original", "ids aligned to the widest, #99")
    }

    @Test func plainLinesDescribeEachChangeSet() throws {
        var lines: [String] = []
        let consumer = LineListConsumer { lines.append($0) }
        let dataSource = try ArrayDataSource<Entry, Int, TerminalCell>(sections: [
            ListSection(name: "Alpha", items: Self.entries(1...3)),
            ListSection(name: "Beta", items: Self.entries(4...4)),
        ], id: \.id) { cell, entry in
            cell.text = "photo \(entry.id) v\(entry.version)"
        }
        consumer.dataSource = dataSource
        dataSource.consumer = consumer
        try dataSource.setSections([
            ListSection(name: "Alpha", items: [Entry(id: 3, version: 0), Entry(id: 1, version: 2), Entry(id: 7, version: 0)]),
            ListSection(name: "Gamma", items: Self.entries(8...9)),
        ])
        #expect(lines == [
            "2 sections, 4 rows",
            "section 0 \"Alpha\" (3 rows)",
            "section 1 \"Beta\" (1 rows)",
            "section − 1 \"Beta\"",
            "− [0, 1] photo 2 v0",
            "section + 1 \"Gamma\" (2 rows)",
            "+ [0, 2] photo 7 v0",
            "↕ [0, 0] → [0, 1] photo 1 v2",
        ])
        #expect(consumer.batchCount == 1)
        #expect(consumer.rowCount == 5)
    }

    @Test func lineConsumerListsRowsOnReloadWhenAsked() throws {
        var lines: [String] = []
        let consumer = LineListConsumer { lines.append($0) }
        consumer.listsRows = true
        let dataSource = try ArrayDataSource<Entry, Int, TerminalCell>(sections: [
            ListSection(name: "Alpha", items: Self.entries(1...2)),
            ListSection(name: "Beta", items: Self.entries(3...3)),
        ], id: \.id) { cell, entry in
            cell.columns = ["\(entry.id)", "photo \(entry.id)"]
        }
        consumer.dataSource = dataSource
        dataSource.consumer = consumer
        #expect(lines == [
            "2 sections, 3 rows",
            "section 0 \"Alpha\" (2 rows)",
            "  [0, 0] 1  photo 1",
            "  [0, 1] 2  photo 2",
            "section 1 \"Beta\" (1 rows)",
            "  [1, 0] 3  photo 3",
        ])
    }

    @Test func keysScrollTheList() throws {
        #expect(TerminalKey.parse(Array("\u{1B}[A\u{1B}[Bx\u{1B}[5~\u{1B}[6~jkq\u{1B}OA".utf8))
                == [.up, .down, .pageUp, .pageDown, .down, .up, .quit, .up])
        let fixture = try makeList(size: TerminalSize(rows: 6, columns: 30), sections: [ListSection(name: .null, items: Self.entries(1...20))])
        fixture.list.handle(.pageDown)
        #expect(fixture.list.scrollOffset == 3)
        fixture.list.handle(.down)
        fixture.list.handle(.end)
        #expect(fixture.list.scrollOffset == 16)
        #expect(fixture.list.screen().text[4] == "  #20  original")
        fixture.list.handle(.up)
        #expect(fixture.list.scrollOffset == 15)
        fixture.list.handle(.home)
        #expect(fixture.list.scrollOffset == 0)
        #expect(fixture.list.handle(.quit) == false)
        #expect(fixture.output.terminal.text == fixture.list.screen().text)
    }

    /// Forwards to a data source and counts the rows read by index path.
    final class CountingDataSource: ListViewDataSource {
        let base: ArrayDataSource<Entry, Int, TerminalCell>
        var indexPathReads = 0
        init(_ base: ArrayDataSource<Entry, Int, TerminalCell>) { self.base = base }
        var numberOfSections: Int { base.numberOfSections }
        func numberOfRows(inSection section: Int) -> Int { base.numberOfRows(inSection: section) }
        func titleForHeader(inSection section: Int) -> String? { base.titleForHeader(inSection: section) }
        func cell(for consumer: any ListConsumer<TerminalCell>, at indexPath: IndexPath) -> TerminalCell {
            indexPathReads += 1
            return base.cell(for: consumer, at: indexPath)
        }
        func cell(for consumer: any ListConsumer<TerminalCell>, configuredWith item: any Sendable, at indexPath: IndexPath) -> TerminalCell? {
            base.cell(for: consumer, configuredWith: item, at: indexPath)
        }
    }

    /// The list draws changed rows from the change set's items: no row is
    /// read back by index path after a batch. Random change sets, and the
    /// drawn rows equal the data source's state after each.
    @Test func changedRowsComeFromTheChangeSet() throws {
        let size = TerminalSize(rows: 200, columns: 60)
        var random = SeededGenerator(seed: 515)
        var nextID = 0
        let first = RandomChangeSet.randomList(using: &random, nextID: &nextID)
        let fixture = try makeList(size: size, sections: first)
        let counting = CountingDataSource(fixture.dataSource)
        fixture.list.dataSource = counting
        var current = first
        for step in 0..<200 {
            let change = RandomChangeSet(old: current, using: &random, nextID: &nextID)
            counting.indexPathReads = 0
            try fixture.dataSource.setSections(change.new)
            #expect(counting.indexPathReads == 0, "step \(step)")
            let drawn = fixture.list.model.sections.map { $0.rows.map { $0.columns.first ?? "" } }
            let expected = change.new.map { $0.items.map { "#\($0.id)" } }
            #expect(drawn == expected, "step \(step)")
            current = change.new
        }
    }
}
