import Foundation

/// What a table view asks for its number of rows. AppKit's optional
/// requirements have AppKit's defaults here.
///
/// https://developer.apple.com/documentation/appkit/nstableviewdatasource
@MainActor
public protocol NSTableViewDataSource: NSObjectProtocol {
    /// https://developer.apple.com/documentation/appkit/nstableviewdatasource/numberofrows(in:)
    func numberOfRows(in tableView: NSTableView) -> Int
}

extension NSTableViewDataSource {
    public func numberOfRows(in tableView: NSTableView) -> Int { 0 }
}

/// What a view-based table view asks for the views of its rows.
///
/// https://developer.apple.com/documentation/appkit/nstableviewdelegate
@MainActor
public protocol NSTableViewDelegate: NSObjectProtocol {
    /// https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:viewfor:row:)
    func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView?
    /// https://developer.apple.com/documentation/appkit/nstableviewdelegate/tableview(_:isgrouprow:)
    func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool
}

extension NSTableViewDelegate {
    public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? { nil }
    public func tableView(_ tableView: NSTableView, isGroupRow row: Int) -> Bool { false }
}
