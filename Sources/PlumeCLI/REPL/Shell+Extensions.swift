extension Shell {
    /// Dot-commands other features add (`.migrate`).
    static let extraDotCommands: [DotCommand] = []
}
