import AppleListStandIns
import FetchedResults
import Foundation
import Testing

/// The stand-in `UITableView` rejects the batch updates UIKit documents as
/// invalid, with UIKit's `NSInternalInconsistencyException`, and applies
/// valid ones as UIKit does.
@MainActor
@Suite struct UITableViewStandInTests {
    /// Runs one batch in which the data source switches to `new`, and
    /// returns the exception reasons the table recorded.
    func batch(_ old: [[String]], to new: [[String]], _ operations: @escaping (UITableView) -> Void) -> [String] {
        let (table, source) = makeTable(old)
        table.performBatchUpdates {
            source.sections = new
            operations(table)
        }
        return table.exceptions.map(\.reason)
    }

    /// Surviving sections keep their headers; inserted sections ask for
    /// theirs (the titles of deleted sections are not shifted onto others).
    @Test func headersFollowSectionDeletesAndInserts() {
        let (table, source) = makeTable([["a"], ["b"], ["c"]])
        #expect(table.displayedHeaderTitles == ["S0", "S1", "S2"])
        table.performBatchUpdates {
            source.sections = [["b"], ["new"], ["c"]]
            table.deleteSections(IndexSet(integer: 0), with: .automatic)
            table.insertSections(IndexSet(integer: 1), with: .automatic)
        }
        #expect(table.exceptions.isEmpty)
        // The survivors keep the titles they showed; the new one asks.
        #expect(table.displayedHeaderTitles == ["S1", "S1", "S2"])
        #expect(table.shownText == [["b"], ["new"], ["c"]])
    }

    @Test func aRowCountThatDoesNotAddUpRaises() {
        let reasons = batch([["a", "b"]], to: [["a", "b", "c"]]) { _ in }
        #expect(reasons.count == 1)
        #expect(reasons.first?.hasPrefix("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (2)") == true)
    }

    @Test func aSectionCountThatDoesNotAddUpRaises() {
        let reasons = batch([["a"]], to: [["a"], ["b"]]) { _ in }
        #expect(reasons.first?.hasPrefix("Invalid update: invalid number of sections") == true)
    }

    @Test func reloadingADeletedOrMovedRowRaises() {
        let deleted = batch([["a", "b"]], to: [["b"]]) { table in
            table.deleteRows(at: [.at(0, 0)], with: .automatic)
            table.reloadRows(at: [.at(0, 0)], with: .automatic)
        }
        #expect(deleted == ["attempt to delete and reload the same index path ([0, 0])"])
        let moved = batch([["a", "b"]], to: [["b", "a"]]) { table in
            table.moveRow(at: .at(0, 0), to: .at(1, 0))
            table.reloadRows(at: [.at(0, 0)], with: .automatic)
        }
        #expect(moved == ["attempt to reload and move the same index path ([0, 0])"])
    }

    @Test func duplicateOperationsRaise() {
        let deletedTwice = batch([["a", "b"]], to: [["b"]]) { table in
            table.deleteRows(at: [.at(0, 0), .at(0, 0)], with: .automatic)
        }
        #expect(deletedTwice == ["attempt to delete and delete the same index path ([0, 0])"])
        let insertedAndMovedTo = batch([["a", "b"]], to: [["c", "a", "b"]]) { table in
            table.insertRows(at: [.at(0, 0)], with: .automatic)
            table.moveRow(at: .at(1, 0), to: .at(0, 0))
        }
        #expect(insertedAndMovedTo == ["attempt to insert and move to the same index path ([0, 0])"])
        let sectionTwice = batch([["a"], ["b"]], to: [["a"]]) { table in
            table.deleteSections([1], with: .automatic)
            table.deleteSections([1], with: .automatic)
        }
        #expect(sectionTwice == ["attempt to delete section 1 twice"])
    }

    /// UIKit documents nothing about a row deleted inside a section the
    /// same batch deletes: the stand-in lets the section delete take it
    /// (Plume never emits one). A move out of a deleted section, or a row
    /// inserted into an inserted one, is not documented either and still
    /// raises (stricter than the documentation; Plume never emits them).
    @Test func rowOperationsInsideWholeSectionOperations() {
        let deletedInDeleted = batch([["a"], ["b"]], to: [["a"]]) { table in
            table.deleteSections([1], with: .automatic)
            table.deleteRows(at: [.at(0, 1)], with: .automatic)
        }
        #expect(deletedInDeleted.isEmpty)
        let inDeleted = batch([["a"], ["b"]], to: [["a", "b"]]) { table in
            table.deleteSections([1], with: .automatic)
            table.moveRow(at: .at(0, 1), to: .at(1, 0))
        }
        #expect(inDeleted == ["attempt to move row 0 from section 1, which is deleted in the same update"])
        let inInserted = batch([["a"]], to: [["a"], ["b"]]) { table in
            table.insertSections([1], with: .automatic)
            table.insertRows(at: [.at(0, 1)], with: .automatic)
        }
        #expect(inInserted == ["attempt to insert row 0 into section 1, which is inserted in the same update"])
    }

    @Test func indexPathsOutOfBoundsRaise() {
        let deleted = batch([["a"]], to: [[]]) { table in table.deleteRows(at: [.at(3, 0)], with: .automatic) }
        #expect(deleted == ["attempt to delete row 3 from section 0 which only contains 1 rows before the update"])
        let inserted = batch([["a"]], to: [["a", "b"]]) { table in table.insertRows(at: [.at(5, 0)], with: .automatic) }
        #expect(inserted == ["attempt to insert row 5 into section 0, but there are only 2 rows in section 0 after the update"])
    }

    @Test func aValidBatchAppliesInUIKitsCoordinates() {
        // Old: a b c d | e. Delete a, reload c, move d to the top of the
        // second section, insert x at the top of the first.
        let (table, source) = makeTable([["a", "b", "c", "d"], ["e"]])
        let moved = table.cellForRow(at: .at(3, 0))
        var completed = false
        table.performBatchUpdates({
            source.sections = [["x", "b", "C"], ["D", "e"]]
            table.insertRows(at: [.at(0, 0)], with: .automatic)
            table.reloadRows(at: [.at(2, 0)], with: .automatic)
            table.moveRow(at: .at(3, 0), to: .at(0, 1))
            table.deleteRows(at: [.at(0, 0)], with: .automatic)
        }, completion: { completed = $0 })
        #expect(table.exceptions.isEmpty)
        // A moved cell is not refreshed: it still shows "d".
        #expect(table.shownText == [["x", "b", "C"], ["d", "e"]])
        #expect(table.cellForRow(at: .at(0, 1)) === moved)
        #expect(!completed)
        table.finishAnimations()
        #expect(completed)
    }

    /// The updates block is `NS_NOESCAPE` in UIKit's header: it runs once,
    /// before `performBatchUpdates` returns.
    @Test func theUpdatesBlockRunsOnceBeforeTheCallReturns() {
        let (table, source) = makeTable([["a"]])
        var runs = 0
        table.performBatchUpdates {
            runs += 1
            source.sections = [["a", "b"]]
            table.insertRows(at: [.at(1, 0)], with: .automatic)
        }
        #expect(runs == 1)
        table.finishAnimations()
        #expect(runs == 1)
    }

    /// A reload inside a batch is a delete plus an insert (UIKit:
    /// "behaves similarly to deleteRowsAtIndexPaths"): without moves the
    /// new cell lands where the row stays, whatever is deleted or
    /// inserted above it.
    @Test func aReloadBesideDeletesAndInsertsShowsTheNewRowInPlace() {
        let (table, source) = makeTable([["a", "b", "c"]])
        table.performBatchUpdates {
            source.sections = [["x", "b", "C"]]
            table.deleteRows(at: [.at(0, 0)], with: .automatic)
            table.insertRows(at: [.at(0, 0)], with: .automatic)
            table.reloadRows(at: [.at(2, 0)], with: .automatic)
        }
        #expect(table.exceptions.isEmpty)
        #expect(table.shownText == [["x", "b", "C"]])
    }

    /// Where a reloaded row's new cell goes when other rows move is not
    /// documented: the stand-in shows one outcome UIKit may give (the
    /// reloaded slot as if nothing moved), so that an adapter reloading
    /// inside a batch that moves rows shows wrong rows in the tests.
    @Test func aReloadInsideABatchThatMovesRowsCanShowTheWrongRows() {
        let (table, source) = makeTable([["A", "B", "C"]])
        table.performBatchUpdates {
            source.sections = [["C", "A", "B′"]]
            table.reloadRows(at: [.at(1, 0)], with: .automatic)
            table.moveRow(at: .at(2, 0), to: .at(0, 0))
        }
        #expect(table.exceptions.isEmpty, "UIKit raises nothing here either")
        #expect(table.shownText == [["C", "A", "A"]])
        // Refreshed after the batch at its new index path, the row is right.
        let (after, afterSource) = makeTable([["A", "B", "C"]])
        after.performBatchUpdates {
            afterSource.sections = [["C", "A", "B′"]]
            after.moveRow(at: .at(2, 0), to: .at(0, 0))
        }
        after.reconfigureRows(at: [.at(2, 0)])
        #expect(after.exceptions.isEmpty)
        #expect(after.shownText == [["C", "A", "B′"]])
    }

    @Test func anOperationOutsideABatchIsABatchOfItsOwn() {
        let (table, source) = makeTable([["a"]])
        source.sections = [["a", "b"]]
        table.insertRows(at: [.at(1, 0)], with: .fade)
        #expect(table.exceptions.isEmpty)
        #expect(table.shownText == [["a", "b"]])
    }

    @Test func aReconfigureMustDequeueTheSameKindOfCell() {
        let (table, source) = makeTable([["a", "b"]])
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Star")
        let cell = table.cellForRow(at: .at(1, 0))
        source.sections = [["a", "B"]]
        table.reconfigureRows(at: [.at(1, 0)])
        #expect(table.exceptions.isEmpty)
        #expect(table.cellForRow(at: .at(1, 0)) === cell, "a reconfigure keeps the cell")
        #expect(table.shownText == [["a", "B"]])

        source.identifier = { $0 == "B*" ? "Star" : "Cell" }
        source.sections = [["a", "B*"]]
        table.reconfigureRows(at: [.at(1, 0)])
        #expect(table.exceptions.map(\.reason) == ["attempt to dequeue a cell with identifier Star while reconfiguring row [0, 1], which shows a cell with identifier Cell: a reconfigure must dequeue the same type of cell (reload the row instead)"])
        #expect(table.exceptions.first?.name == .internalInconsistency)
    }

    @Test func aReconfigureMustReturnTheExistingCell() {
        let (table, source) = makeTable([["a"]])
        source.dequeues = false
        table.reconfigureRows(at: [.at(0, 0)])
        #expect(table.exceptions.map(\.reason) == ["the data source returned another cell while reconfiguring row [0, 0]: it must return the existing cell"])
    }

    @Test func anUnregisteredIdentifierRaises() {
        let (table, source) = makeTable([["a"]])
        source.identifier = { _ in "Nowhere" }
        table.reloadData()
        #expect(table.exceptions.first?.reason.hasPrefix("unable to dequeue a cell with identifier Nowhere") == true)
    }

    @Test func cellsOfDeletedRowsAreReusedByLaterBatches() {
        let (table, source) = makeTable([["a", "b"]])
        let deleted = table.cellForRow(at: .at(0, 0))
        source.sections = [["b"]]
        table.deleteRows(at: [.at(0, 0)], with: .automatic)
        source.sections = [["b", "c"]]
        table.insertRows(at: [.at(1, 0)], with: .automatic)
        #expect(table.cellForRow(at: .at(1, 0)) === deleted)
        #expect(deleted?.reuseCount == 1)
    }

    @Test func theUserMovesAndDeletesThroughTheDataSource() {
        @MainActor final class Editable: NSObject, UITableViewDataSource {
            var rows = ["a", "b", "c"]
            var deleted: [IndexPath] = []
            func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { rows.count }
            func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
                cell.textLabel?.text = rows[indexPath.row]
                return cell
            }
            func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row > 0 }
            func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.row > 0 }
            func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
                rows.insert(rows.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
            }
            func tableView(_ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath) {
                deleted.append(indexPath)
            }
        }
        let table = UITableView(frame: .zero, style: .plain)
        table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
        let source = Editable()
        table.dataSource = source
        #expect(!table.simulateUserMove(from: .at(0, 0), to: .at(2, 0)))
        #expect(table.simulateUserMove(from: .at(2, 0), to: .at(0, 0)))
        #expect(table.shownText == [["c", "a", "b"]])
        #expect(source.rows == ["c", "a", "b"])
        #expect(!table.simulateSwipeToDelete(at: .at(0, 0)))
        #expect(table.simulateSwipeToDelete(at: .at(1, 0)))
        #expect(source.deleted == [.at(1, 0)])
        #expect(table.shownText == [["c", "a", "b"]], "the data source deletes the row, in a batch")
    }
}
