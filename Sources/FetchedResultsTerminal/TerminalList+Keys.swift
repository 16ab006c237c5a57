import PlumeTerminal

extension TerminalList {
    /// Scrolls as a key asks: a line, a page, to the top or the bottom.
    ///
    /// - Returns: False for `TerminalKey.quit`, which the caller handles.
    @discardableResult
    public func handle(_ key: TerminalKey) -> Bool {
        let page = max(size.rows - 3, 1)
        switch key {
        case .up: scroll(by: -1)
        case .down: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown: scroll(by: page)
        case .home: scroll(by: -Int.max / 2)
        case .end: scroll(by: Int.max / 2)
        case .quit: return false
        }
        return true
    }
}
