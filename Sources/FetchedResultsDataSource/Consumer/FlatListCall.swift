import Foundation

/// One call on a flat list, as ``RowByRowListConsumer`` makes it: every run
/// of removes, and every run of inserts, of a batch's flat steps merged
/// into one call with an index set (`NSTableView`'s `removeRows(at:)` and
/// `insertRows(at:)`), moves one at a time.
enum FlatListCall: Equatable {
    /// Remove the rows at these indexes of the list as it is before the
    /// call ("with respect to the current state displayed in the table
    /// view", AppKit's `removeRows(at:withAnimation:)`).
    case remove(IndexSet)
    /// Insert rows so that they end at these indexes ("the final positions
    /// of the new rows", AppKit's `insertRows(at:withAnimation:)`).
    case insert(IndexSet)
    /// Remove the row at `from` and insert it so that it ends at `to`.
    case move(from: Int, to: Int)

    /// Merges each run of consecutive remove steps, and each run of
    /// consecutive insert steps, into one call; reload steps are left out
    /// (the consumer refreshes changed rows after the batch).
    ///
    /// - Complexity: O(k·r) for k steps and r ranges in a run's index
    ///   set; O(k) when a run is contiguous (a deleted or inserted section,
    ///   rows deleted bottom up).
    static func merging<Item>(_ steps: [FlatListStep<Item>]) -> [FlatListCall] {
        var calls: [FlatListCall] = []
        for step in steps {
            switch (step, calls.last) {
            case (.reload, _):
                continue
            case (.remove(let index), .remove(var removed)?):
                removed.insert(originalIndex(ofRemoval: index, after: removed))
                calls[calls.count - 1] = .remove(removed)
            case (.remove(let index), _):
                calls.append(.remove(IndexSet(integer: index)))
            case (.insert(let index, _), .insert(var inserted)?):
                // Rows already inserted at or below the new one move down.
                inserted.shift(startingAt: index, by: 1)
                inserted.insert(index)
                calls[calls.count - 1] = .insert(inserted)
            case (.insert(let index, _), _):
                calls.append(.insert(IndexSet(integer: index)))
            case (.move(let from, let to), _):
                calls.append(.move(from: from, to: to))
            }
        }
        return calls
    }

    /// The index before a run of removes of the row a remove step names
    /// after the run's earlier removes: the `index`-th row not removed yet.
    private static func originalIndex(ofRemoval index: Int, after removed: IndexSet) -> Int {
        var original = index
        for range in removed.rangeView {
            guard range.lowerBound <= original else { break }
            original += range.count
        }
        return original
    }
}
