/// Which elements of a sequence to keep so that the kept keys strictly
/// increase and their total weight is the largest possible.
///
/// With unit weights this is a longest increasing subsequence: the rows a
/// list keeps in place, all others moving. A weight lets a run of rows that
/// stay together count as one element of its length, so a diff of n rows
/// with few changes works on the runs, not the rows.
///
/// - Parameters:
///   - keys: Distinct keys, in sequence order.
///   - weights: A positive weight per key.
/// - Returns: One flag per element: true when kept.
/// - Complexity: O(m log m) for m elements.
func heaviestIncreasingSubsequence(keys: [Int], weights: [Int]) -> [Bool] {
    let count = keys.count
    guard count > 1 else { return Array(repeating: true, count: count) }
    // Ranks of the keys, so a Fenwick tree indexed by rank answers "the
    // heaviest chain ending below this key".
    let order = keys.indices.sorted { keys[$0] < keys[$1] }
    var rank = [Int](repeating: 0, count: count)
    for (position, element) in order.enumerated() { rank[element] = position + 1 }

    var treeWeight = [Int](repeating: 0, count: count + 1)
    var treeElement = [Int](repeating: -1, count: count + 1)
    var chainWeight = [Int](repeating: 0, count: count)
    var predecessor = [Int](repeating: -1, count: count)
    var bestElement = -1, bestWeight = 0
    for element in 0..<count {
        // Heaviest chain over ranks below this one.
        var position = rank[element] - 1
        var below = 0, belowElement = -1
        while position > 0 {
            if treeWeight[position] > below {
                below = treeWeight[position]
                belowElement = treeElement[position]
            }
            position &= position - 1
        }
        let weight = below + weights[element]
        chainWeight[element] = weight
        predecessor[element] = belowElement
        if weight > bestWeight {
            bestWeight = weight
            bestElement = element
        }
        position = rank[element]
        while position <= count {
            if treeWeight[position] < weight {
                treeWeight[position] = weight
                treeElement[position] = element
            }
            position += position & -position
        }
    }
    var kept = [Bool](repeating: false, count: count)
    var element = bestElement
    while element >= 0 {
        kept[element] = true
        element = predecessor[element]
    }
    return kept
}

/// Which elements of a sequence of distinct integers form a longest
/// strictly increasing subsequence, working on runs of consecutive values
/// (`k, k+1, k+2…`), which a longest subsequence can always keep whole.
///
/// - Complexity: O(n + r log r) for n values in r runs.
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    guard !values.isEmpty else { return [] }
    var runStarts: [Int] = []
    var runKeys: [Int] = []
    var runWeights: [Int] = []
    for (index, value) in values.enumerated() {
        if index > 0, values[index - 1] + 1 == value {
            runWeights[runWeights.count - 1] += 1
        } else {
            runStarts.append(index)
            runKeys.append(value)
            runWeights.append(1)
        }
    }
    let keptRuns = heaviestIncreasingSubsequence(keys: runKeys, weights: runWeights)
    var kept = [Bool](repeating: false, count: values.count)
    for run in runKeys.indices where keptRuns[run] {
        for index in runStarts[run]..<(runStarts[run] + runWeights[run]) { kept[index] = true }
    }
    return kept
}
