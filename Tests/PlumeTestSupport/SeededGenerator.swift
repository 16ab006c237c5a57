import Foundation

/// A small seeded random generator (SeededGenerator), so every property and
/// fuzz test case can be replayed from its seed. Shared by every test
/// target.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `percent`%.
    public mutating func chance(_ percent: Int) -> Bool {
        Int.random(in: 0..<100, using: &self) < percent
    }
}

/// How many random cases a property test runs: the default, times the
/// `PLUME_PROPERTY_SCALE` environment variable (for long soak runs).
public enum PropertyTestScale {
    /// `base` times the scale.
    public static func cases(_ base: Int) -> Int {
        let scale = ProcessInfo.processInfo.environment["PLUME_PROPERTY_SCALE"].flatMap(Int.init) ?? 1
        return base * max(scale, 1)
    }
}
