/// Control characters shown visibly, so that text from a database (a cell
/// value, a column name, a section title) drawn on a terminal can never
/// send the terminal an escape sequence: a window title (`ESC ]0;…`), a
/// clipboard write (OSC 52), a screen clear (`ESC [2J`), a device control
/// string (`ESC P…`), or the same through a C1 control (U+009B, U+009D…).
///
/// Newer `sqlite3` shells do the same with `.mode --escape ascii` (their
/// default): a C0 control shows in caret notation, `ESC` as `^[`. Here, as
/// there, line breaks and tabs in a one-line row show as spaces; `DEL` shows
/// as `^?`; a C1 control (U+0080 to U+009F), which `sqlite3` passes, shows
/// as `<U+009B>`.
extension StringProtocol {
    /// The text with every control character made visible (see above).
    ///
    /// - Complexity: O(n) in the length of the text.
    package var terminalVisible: String {
        guard unicodeScalars.contains(where: \.isTerminalControl) else { return String(self) }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            guard scalar.isTerminalControl else {
                scalars.append(scalar)
                continue
            }
            scalars.append(contentsOf: scalar.visibleForm.unicodeScalars)
        }
        return String(scalars)
    }
}

extension Unicode.Scalar {
    /// A C0 or C1 control, `DEL`, or a line or paragraph separator.
    package var isTerminalControl: Bool {
        value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029
    }

    /// How a control shows: a space for a line break or tab, `^X` for
    /// another C0 control, `^?` for `DEL`, `<U+XXXX>` for a C1 control.
    package var visibleForm: String {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: return " "
        case ..<0x20: return "^" + String(Unicode.Scalar(UInt8(value) + 0x40))
        case 0x7F: return "^?"
        default:
            let hex = String(value, radix: 16, uppercase: true)
            return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
        }
    }
}
