import Foundation

/// Which row of the new state each row of a flat list is while a batch is
/// applied to it one call at a time.
///
/// `NSTableView` applies every `removeRows`, `insertRows` and `moveRow`
/// call at once and may ask for the view of any row it has right after
/// (it does for inserted and reloaded rows). By then the data source
/// already answers with the new state, so a shown row must be translated
/// to its index in that state: this tracker follows every call and knows
/// where each shown row ends.
struct FlatRowTracker {
    /// Each shown row: an old flat index (≥ 0), or the n-th inserted row
    /// as `-1 - n`.
    private var shown: [Int]
    /// The new flat index of each old row; nil when it is removed.
    private var newIndexOfOld: [Int?]
    /// The new flat index of each inserted row, in insertion order.
    private var newIndexOfInserted: [Int] = []
    private var insertions = 0

    /// Follows `calls` once to learn where every row ends, then starts
    /// over from the old list.
    ///
    /// - Complexity: O(n·c) for n rows and c calls.
    init(oldCount: Int, calls: [FlatListCall]) {
        shown = Array(0..<oldCount)
        newIndexOfOld = Array(repeating: nil, count: oldCount)
        for call in calls { apply(call) }
        newIndexOfInserted = Array(repeating: 0, count: insertions)
        for (index, token) in shown.enumerated() {
            if token >= 0 { newIndexOfOld[token] = index } else { newIndexOfInserted[-1 - token] = index }
        }
        shown = Array(0..<oldCount)
        insertions = 0
    }

    /// The number of rows shown now.
    var count: Int { shown.count }

    /// Applies one call to the rows shown.
    ///
    /// - Complexity: O(n) for n rows shown.
    mutating func apply(_ call: FlatListCall) {
        switch call {
        case .remove(let indexes):
            shown = shown.indices.lazy.filter { !indexes.contains($0) }.map { shown[$0] }
        case .insert(let indexes):
            var next: [Int] = []
            next.reserveCapacity(shown.count + indexes.count)
            var old = shown.makeIterator()
            for index in 0..<(shown.count + indexes.count) {
                if indexes.contains(index) {
                    next.append(-1 - insertions)
                    insertions += 1
                } else {
                    next.append(old.next()!)  // merged calls keep every index in bounds
                }
            }
            shown = next
        case .move(let from, let to):
            shown.insert(shown.remove(at: from), at: to)
        }
    }

    /// The new flat index of the row shown at `row`; nil for a row about
    /// to be removed, or out of bounds.
    func newIndex(ofShownRow row: Int) -> Int? {
        guard shown.indices.contains(row) else { return nil }
        let token = shown[row]
        return token >= 0 ? newIndexOfOld[token] : newIndexOfInserted[-1 - token]
    }
}
