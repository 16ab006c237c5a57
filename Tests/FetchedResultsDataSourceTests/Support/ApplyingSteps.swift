import FetchedResults
import FetchedResultsDataSource
import Foundation

/// Applies one-at-a-time steps to a plain array model, the way
/// `NSTableView` applies its calls: each in the coordinates the previous
/// ones left.
func applyingSteps<Item>(_ steps: [ListStep<Item>], to model: [ListSection<Item>]) -> [ListSection<Item>] {
    var model = model
    for step in steps {
        switch step {
        case .reloadRow(let path, let item): model[path.section].items[path.item] = item
        case .deleteRow(let path): model[path.section].items.remove(at: path.item)
        case .deleteSection(let index): model.remove(at: index)
        case .insertSection(let index, let section): model.insert(section, at: index)
        case .insertRow(let path, let item): model[path.section].items.insert(item, at: path.item)
        case .moveRow(let from, let to):
            model[to.section].items.insert(model[from.section].items.remove(at: from.item), at: to.item)
        }
    }
    return model
}
