/// A row of a terminal list: the text of its columns.
///
/// Configure it in the data source's cell closure, as you would a
/// `UITableViewCell`:
///
/// ```swift
/// let dataSource = ArrayDataSource(items: photos, id: \.id) { (cell: TerminalCell, photo) in
///     cell.columns = [photo.name, String(repeating: "★", count: photo.rating)]
/// }
/// ```
@MainActor
public final class TerminalCell {
    /// The kind of cell, as the data source named it.
    public let reuseIdentifier: String
    /// The text of each column; the list aligns columns across rows.
    ///
    /// Text is drawn with its control characters made visible (`ESC` as
    /// `^[`, a C1 control as `<U+009B>`, a line break as a space), so that
    /// a value read from a database can never send the terminal an escape
    /// sequence.
    public var columns: [String] = []

    /// Creates an empty cell.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
    }

    /// The columns as one text, separated by two spaces.
    public var text: String {
        get { columns.joined(separator: "  ") }
        set { columns = [newValue] }
    }
}
