import AppleListStandIns
import FetchedResults
import Foundation

/// A table and collection data source over an array of sections of
/// strings, whose cells show their string.
@MainActor
final class StringsDataSource: NSObject, UITableViewDataSource, UICollectionViewDataSource {
    var sections: [[String]]
    /// The kind of cell for a string.
    var identifier: (String) -> String = { _ in "Cell" }
    /// Whether cells are dequeued (as they must be) or made fresh.
    var dequeues = true

    init(_ sections: [[String]]) {
        self.sections = sections
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let text = sections[indexPath.section][indexPath.row]
        let cell = dequeues
            ? tableView.dequeueReusableCell(withIdentifier: identifier(text), for: indexPath)
            : UITableViewCell(style: .default, reuseIdentifier: identifier(text))
        cell.textLabel?.text = text
        return cell
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "S\(section)" }

    func numberOfSections(in collectionView: UICollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { sections[section].count }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
        (cell as? TextCell)?.text = sections[indexPath.section][indexPath.item]
        return cell
    }
}

/// A collection view cell that shows a string.
final class TextCell: UICollectionViewCell {
    var text = ""
}

extension UITableView {
    /// The text of every cell shown, by section.
    var shownText: [[String]] { displayedCells.map { $0.map { $0.textLabel?.text ?? "" } } }
}

extension UICollectionView {
    /// The text of every cell shown, by section.
    var shownText: [[String]] { displayedCells.map { $0.map { ($0 as? TextCell)?.text ?? "" } } }
}

/// A table with a registered cell class over a strings data source,
/// loaded.
@MainActor
func makeTable(_ sections: [[String]]) -> (UITableView, StringsDataSource) {
    let table = UITableView(frame: .zero, style: .plain)
    table.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    let source = StringsDataSource(sections)
    table.dataSource = source
    _ = table.displayedCells
    return (table, source)
}

extension IndexPath {
    /// `IndexPath(row:section:)`, short.
    static func at(_ row: Int, _ section: Int) -> IndexPath { IndexPath(row: row, section: section) }
}
