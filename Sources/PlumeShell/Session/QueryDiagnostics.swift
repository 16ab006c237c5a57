/// What the shell shows beside results: `.eqp`, `.explain`, `.stats` and
/// `.prompt` settings, kept as `sqlite3` 3.40.1 keeps them (numbers where
/// it stores numbers, so `.eqp 3` is `full` and `.stats 2` is `stmt`).
struct QueryDiagnostics {
    /// `.eqp`: 0 off, 1 on, 2 trigger, 3 or more full (`autoEQP`).
    var plans: UInt8 = 0
    /// `.explain auto`: EXPLAIN results get their own layouts.
    var autoExplain = true
    /// The mode `.explain off` returns to after `.explain on`.
    var modeBeforeExplain = OutputMode.line
    /// `.stats`: 0 off, 2 stmt, 3 vmstep, any other value on (`statsOn`).
    var statistics: UInt8 = 0
    /// `.prompt MAIN CONTINUE`; nil keeps Plume's.
    var mainPrompt: [UInt8]?
    var continuationPrompt: [UInt8]?

    /// `AUTOEQP_trigger` and `AUTOEQP_full`.
    static let triggerPlans: UInt8 = 2
    static let fullPlans: UInt8 = 3

    /// The names `.show` prints for `.eqp` (`azBool[autoEQP & 3]`).
    var plansName: String { ["off", "on", "trigger", "full"][Int(plans & 3)] }

    /// The name `.show` prints for `.stats`.
    var statisticsName: String {
        switch statistics {
        case 0: "off"
        case 2: "stmt"
        case 3: "vmstep"
        default: "on"
        }
    }
}
