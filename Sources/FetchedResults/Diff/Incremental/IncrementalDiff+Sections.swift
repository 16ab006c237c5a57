import Persistence

/// The rows of one gap, in order, go first into the section before the
/// gap, then into sections of their own, then into the section after it.
enum GapStage: Int, Comparable {
    case joiningBefore, ownSections, joiningAfter

    static func < (lhs: GapStage, rhs: GapStage) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where the placed rows of an incremental update go: into the section of
/// the untouched row before them, of the one after them, or into sections
/// of their own between the two.
struct SectionPlan<Item: Sendable> {
    /// Untouched rows left in each old section.
    private(set) var keptCount: [Int]
    private var joined: [Int]
    /// Sections of placed rows between old sections: keyed by the old
    /// section of the untouched row before them (-1: at the start).
    private var between: [Int: [SectionRange]] = [:]
    private var isConsistent = true
    private let names: [DatabaseValue]

    init(old: ResultsStorage<Item>, touched: [Int], placed: [PlacedRow<Item>]) {
        keptCount = old.sections.map(\.count)
        names = old.sections.map(\.name)
        joined = Array(repeating: 0, count: old.sections.count)
        for index in touched { keptCount[old.sectionIndex(containing: index)] -= 1 }
        let touchedSet = Set(touched)
        var betweenNames: Set<DatabaseValue> = []
        var start = 0
        while start < placed.count {
            var end = start + 1
            while end < placed.count && placed[end].gap == placed[start].gap { end += 1 }
            place(placed[start..<end], old: old, touched: touchedSet, betweenNames: &betweenNames)
            start = end
        }
        for (section, count) in keptCount.enumerated() where count > 0 && betweenNames.contains(old.sections[section].name) {
            isConsistent = false
        }
    }

    /// Places the rows of one gap: first those joining the section before,
    /// then sections of their own, then those joining the section after.
    private mutating func place(_ rows: ArraySlice<PlacedRow<Item>>, old: ResultsStorage<Item>,
                                touched: Set<Int>, betweenNames: inout Set<DatabaseValue>) {
        let gap = rows.first!.gap
        var previous = gap - 1
        while previous >= 0 && touched.contains(previous) { previous -= 1 }
        let before = previous >= 0 ? old.sectionIndex(containing: previous) : nil
        let after = gap < old.count ? old.sectionIndex(containing: gap) : nil
        var stage = GapStage.joiningBefore
        var own: [SectionRange] = []
        for row in rows {
            if stage == .joiningBefore, let before, old.sections[before].name == row.section {
                joined[before] += 1
                if !Self.sameClass(old.sections[before].name, row.section) { isConsistent = false }
            } else if let after, old.sections[after].name == row.section {
                stage = .joiningAfter
                joined[after] += 1
                if !Self.sameClass(old.sections[after].name, row.section) { isConsistent = false }
            } else if stage < .joiningAfter && (before == nil || before != after) {
                stage = .ownSections
                if let last = own.indices.last, own[last].name == row.section {
                    own[last].count += 1
                    if !Self.sameClass(own[last].name, row.section) { isConsistent = false }
                } else if betweenNames.insert(row.section).inserted {
                    own.append(SectionRange(name: row.section, start: 0, count: 1))
                } else {
                    isConsistent = false
                }
            } else {
                isConsistent = false
            }
        }
        if !own.isEmpty { between[before ?? -1, default: []].append(contentsOf: own) }
    }

    /// The new sections (counts set, starts to compute), or nil when the
    /// placed rows do not fit the old order of sections.
    func newSections() -> [SectionRange]? {
        guard isConsistent else { return nil }
        var sections: [SectionRange] = between[-1] ?? []
        for section in keptCount.indices {
            let count = keptCount[section] + joined[section]
            if count > 0 {
                sections.append(SectionRange(name: sectionName(section), start: 0, count: count))
            }
            sections.append(contentsOf: between[section] ?? [])
        }
        return sections
    }

    private func sectionName(_ section: Int) -> DatabaseValue { names[section] }

    /// Whether a row's section value is of its section name's class: a
    /// section that would hold `1` and `1.0` is named by its first row,
    /// which only a refetch knows, so such an update is not consistent.
    private static func sameClass(_ name: DatabaseValue, _ value: DatabaseValue) -> Bool {
        name.storageClass == value.storageClass
    }
}
