import FetchedResults
import Foundation
import Persistence
import PlumeTestSupport
import Testing
@testable import FetchedResultsDataSource

@MainActor
@Suite struct ArrayDataSourceTests {
    typealias Consumer = RecordingConsumer<Entry, Int, Int>

    func makeDataSource(_ sections: [ListSection<Entry>]) throws -> (ArrayDataSource<Entry, Int, RecordingCell>, Consumer) {
        let dataSource = try ArrayDataSource<Entry, Int, RecordingCell>(
            sections: sections, id: \.id, cellIdentifier: { $0.version == 0 ? "Fresh" : "Edited" }
        ) { cell, entry in
            cell.text = entry.description
        }
        let consumer = Consumer(id: \.id, content: \.version)
        consumer.current = { [unowned dataSource] in dataSource.snapshot }
        dataSource.consumer = consumer
        return (dataSource, consumer)
    }

    @Test func randomReplacementsKeepEveryRuleAndTheConsumerInStep() throws {
        var rng = SeededGenerator(seed: 7)
        var nextID = 0
        let (dataSource, consumer) = try makeDataSource(RandomChangeSet.randomList(using: &rng, nextID: &nextID))
        #expect(consumer.reloads == 1)
        for _ in 0..<1_500 {
            let next = RandomChangeSet(old: dataSource.snapshot, using: &rng, nextID: &nextID).new
            try dataSource.setSections(next)
            #expect(dataSource.snapshot == next)
            #expect(consumer.copy == next)
            #expect(consumer.stepCopy == next)
        }
        #expect(consumer.violations.isEmpty, "\(consumer.violations.prefix(3))")
        #expect(consumer.batches > 1_000)
    }

    @Test func answersTheListsQuestions() throws {
        let sections = [
            ListSection(name: "apples", items: [Entry(id: 1, version: 0), Entry(id: 2, version: 1)]),
            ListSection(name: "Avocados", items: [Entry(id: 3, version: 0)]),
            ListSection(name: "cherries", items: []),
            ListSection(name: .null, items: [Entry(id: 4, version: 0)]),
        ]
        let (dataSource, consumer) = try makeDataSource(sections)
        #expect(dataSource.numberOfSections == 4)
        #expect((0..<4).map(dataSource.numberOfRows(inSection:)) == [2, 1, 0, 1])
        #expect(try dataSource.item(at: IndexPath(item: 1, section: 0)) == Entry(id: 2, version: 1))
        #expect((0..<4).map(dataSource.titleForHeader(inSection:)) == ["apples", "Avocados", "cherries", nil])
        #expect(dataSource.sectionIndexTitles == ["A", "C"])
        #expect(dataSource.section(forSectionIndexTitle: "C", at: 1) == 2)
        #expect(dataSource.section(forSectionIndexTitle: "B", at: 1) == 1)  // the last "A" section
        let cell = dataSource.cell(for: consumer, at: IndexPath(item: 1, section: 0))
        #expect(cell.identifier == "Edited")
        #expect(cell.text == "2v1")
        #expect(cell.indexPath == IndexPath(item: 1, section: 0))
    }

    @Test func itemsWithoutSectionsUseOneUntitledSection() throws {
        let dataSource = try ArrayDataSource<Entry, Int, RecordingCell>(items: [Entry(id: 1, version: 0)], id: \.id) { _, _ in }
        #expect(dataSource.numberOfSections == 1)
        #expect(dataSource.titleForHeader(inSection: 0) == nil)
        try dataSource.setItems([])
        #expect(dataSource.numberOfSections == 0)
        try dataSource.setItems([Entry(id: 2, version: 0), Entry(id: 1, version: 0)])
        #expect(dataSource.items.map(\.id) == [2, 1])
    }

    @Test func duplicateIdentitiesAndSectionNamesAreRejectedAndChangeNothing() throws {
        let sections = [ListSection(name: "A", items: [Entry(id: 1, version: 0)])]
        let (dataSource, consumer) = try makeDataSource(sections)
        let duplicateID = [ListSection(name: "A", items: [Entry(id: 1, version: 0)]),
                           ListSection(name: "B", items: [Entry(id: 1, version: 2)])]
        #expect { try dataSource.setSections(duplicateID) } throws: { error in
            (error as? ListContentError)?.code == .duplicateIdentity && "\(error)".contains("[1, 0]")
        }
        let duplicateName = [ListSection(name: "A", items: [Entry(id: 1, version: 0)]), ListSection(name: "A", items: [])]
        #expect { try dataSource.setSections(duplicateName) } throws: { error in
            (error as? ListContentError)?.code == .duplicateSectionName && "\(error)".contains("section 1")
        }
        #expect(dataSource.snapshot == sections)
        #expect(consumer.batches == 0)
    }

    @Test func largeChangeSetsReloadInsteadOfAnimating() throws {
        let (dataSource, consumer) = try makeDataSource([])
        dataSource.reloadThreshold = 10
        try dataSource.setItems((0..<5).map { Entry(id: $0, version: 0) })
        #expect(consumer.batches == 1)
        try dataSource.setItems((0..<50).map { Entry(id: $0, version: 0) })
        #expect(consumer.batches == 1)
        #expect(consumer.reloads == 2)
        #expect(consumer.copy == dataSource.snapshot)
    }

    /// A section inserted or deleted counts by its rows: `NSTableView`
    /// inserts or removes every one of them.
    @Test func aSectionChangeCountsByItsRowsForTheReloadThreshold() throws {
        let (dataSource, consumer) = try makeDataSource([])
        dataSource.reloadThreshold = 5
        let small = ListSection(name: .text("A"), items: (0..<2).map { Entry(id: $0, version: 0) })
        try dataSource.setSections([small])
        #expect(consumer.batches == 1, "one section of two rows: 3 changes")
        let large = ListSection(name: .text("B"), items: (10..<18).map { Entry(id: $0, version: 0) })
        try dataSource.setSections([small, large])
        #expect(consumer.batches == 1, "one section of eight rows: 9 changes")
        #expect(consumer.reloads == 2)
        #expect(consumer.copy == dataSource.snapshot)
    }

    @Test func movedRowsWithNewContentAreReconfiguredAfterTheBatch() throws {
        let (dataSource, consumer) = try makeDataSource([])
        try dataSource.setItems([Entry(id: 1, version: 0), Entry(id: 2, version: 0), Entry(id: 3, version: 0)])
        try dataSource.setItems([Entry(id: 3, version: 1), Entry(id: 1, version: 0), Entry(id: 2, version: 0)])
        #expect(consumer.reconfigured == [IndexPath(item: 0, section: 0)])
        #expect(consumer.violations.isEmpty)
    }
}
