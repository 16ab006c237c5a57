/// A fixed number of plain values a scan writes row by row, in memory of
/// its own: unlike an array's, a write checks no uniqueness (the scan
/// owns the only reference), which matters once per row of a 100,000-row
/// refetch.
final class ScanSlots<Value: BitwiseCopyable> {
    private let base: UnsafeMutablePointer<Value>
    /// The number of slots.
    let count: Int

    /// `count` slots holding `value`.
    init(count: Int, repeating value: Value) {
        self.count = count
        base = .allocate(capacity: Swift.max(count, 1))
        base.initialize(repeating: value, count: count)
    }

    deinit {
        base.deallocate()
    }

    /// The slot at `index`, in `0..<count`.
    @inline(__always)
    subscript(index: Int) -> Value {
        get {
            precondition(index >= 0 && index < count, "slot out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "slot out of range")
            base[index] = newValue
        }
    }

    /// Writes a slot the caller has checked is in `0..<count`.
    @inline(__always)
    func setUnchecked(_ index: Int, to value: Value) {
        base[index] = value
    }

    /// Calls `body` with the first `count` slots (at most ``count``).
    func withFirst<T>(_ count: Int, _ body: (UnsafeBufferPointer<Value>) throws -> T) rethrows -> T {
        precondition(count >= 0 && count <= self.count, "slot out of range")
        return try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The slots, copied into an array.
    func array() -> [Value] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
