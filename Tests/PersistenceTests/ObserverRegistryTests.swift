import PlumeTestSupport
import Testing
@testable import Persistence

/// The registry's lookups (a binary search over ascending identifiers)
/// agree with a plain list through random registrations, replacements and
/// removals.
@Suite struct ObserverRegistryTests {
    @Test func lookupsReplacementsAndRemovalsMatchAPlainList() {
        var generator = SeededGenerator(seed: 77)
        var registry = ObserverRegistry<String>()
        var reference: [(id: UInt64, name: String)] = []
        for step in 0..<3_000 {
            if !reference.isEmpty, Int.random(in: 0..<5, using: &generator) == 0 {
                let target = Int.random(in: 0..<reference.count, using: &generator)
                let name = "r\(step)"
                registry.replace(reference[target].id, with: name)
                reference[target].name = name
                registry.replace(UInt64(step + 10_000), with: "never registered")
            } else if reference.isEmpty || Int.random(in: 0..<3, using: &generator) > 0 {
                let name = "o\(step)"
                let id = registry.add(name)
                reference.append((id, name))
            } else {
                let victim = reference.randomElement(using: &generator)!.id
                #expect(registry.remove(victim) == reference.first { $0.id == victim }?.name)
                reference.removeAll { $0.id == victim }
                #expect(registry.remove(victim) == nil)
            }
            let probe = UInt64.random(in: 0...UInt64(step + 2), using: &generator)
            #expect(registry[id: probe] == reference.first { $0.id == probe }?.name)
        }
        #expect(registry.ids == reference.map(\.id))
        #expect(registry.observers == reference.map(\.name))
    }
}
