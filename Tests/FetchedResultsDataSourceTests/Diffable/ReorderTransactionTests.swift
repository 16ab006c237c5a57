@testable import AppleListStandIns
import FetchedResults
import Foundation
import Persistence
import Testing
@testable import FetchedResultsDataSource

/// How the diffable collection adapter reads a reorder transaction: one
/// item moved, named by its index paths before and after; anything else is
/// not a move the data source can take.
@MainActor
@Suite struct ReorderTransactionTests {
    static func snapshot(_ sections: [[Int]]) -> NSDiffableDataSourceSnapshot<DatabaseValue, Int> {
        var snapshot = NSDiffableDataSourceSnapshot<DatabaseValue, Int>()
        for (index, items) in sections.enumerated() {
            snapshot.appendSections([.integer(Int64(index))])
            snapshot.appendItems(items, toSection: .integer(Int64(index)))
        }
        return snapshot
    }

    @Test func oneItemMovedAcrossSectionsIsOneMove() {
        let transaction = NSDiffableDataSourceTransaction(initialSnapshot: Self.snapshot([[1, 2], [3]]),
                                                          finalSnapshot: Self.snapshot([[2], [3, 1]]))
        let move = transaction.singleMove
        #expect(move?.from == IndexPath(item: 0, section: 0) && move?.to == IndexPath(item: 1, section: 1))
    }

    @Test func twoItemsMovedAreNotOneMove() {
        let transaction = NSDiffableDataSourceTransaction(initialSnapshot: Self.snapshot([[1, 2, 3, 4]]),
                                                          finalSnapshot: Self.snapshot([[2, 1, 4, 3]]))
        #expect(transaction.singleMove == nil)
    }
}
