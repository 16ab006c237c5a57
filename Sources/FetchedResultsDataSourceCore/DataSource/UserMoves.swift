#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The moves a user made in a list (dragging rows in editing mode) that
/// the model has not confirmed yet.
///
/// The list already shows them: UIKit and AppKit move the cell themselves
/// and only then tell the data source. Until a change set arrives, the data
/// source answers every question through them, so a row asked for (while
/// scrolling, or by a reload) is the row the list shows there.
package struct UserMoves {
    private var moves: [(from: IndexPath, to: IndexPath)] = []

    /// Whether the list shows no unconfirmed move.
    var isEmpty: Bool { moves.isEmpty }

    /// Records a move, in the coordinates the list shows before it.
    mutating func append(from source: IndexPath, to destination: IndexPath) {
        moves.append((source, destination))
    }

    /// Forgets every move (a change set or a reload replaced the state).
    mutating func removeAll() {
        moves.removeAll()
    }

    /// Applies the moves to a list of sections, as the list shows them.
    func applied<Element>(to sections: [[Element]]) -> [[Element]] {
        var sections = sections
        for move in moves {
            let element = sections[move.from.section].remove(at: move.from.item)
            sections[move.to.section].insert(element, at: move.to.item)
        }
        return sections
    }

    /// The number of rows shown in a section that had `count` rows before
    /// the moves.
    ///
    /// - Complexity: O(m) for m moves.
    func rowCount(inSection section: Int, before count: Int) -> Int {
        moves.reduce(count) { count, move in
            count - (move.from.section == section ? 1 : 0) + (move.to.section == section ? 1 : 0)
        }
    }

    /// Where a row shown at `indexPath` was before the moves.
    ///
    /// - Complexity: O(m) for m moves.
    package func indexPathBeforeMoves(of indexPath: IndexPath) -> IndexPath {
        var path = indexPath
        for move in moves.reversed() {
            if path == move.to {
                path = move.from
                continue
            }
            // Undo the insert at `to`, then the removal at `from`.
            if path.section == move.to.section, path.item > move.to.item { path.item -= 1 }
            if path.section == move.from.section, path.item >= move.from.item { path.item += 1 }
        }
        return path
    }
}
