extension ShellDecimal {
    /// Negative, zero or positive as `self` is below, equal to or above
    /// `other` (neither NULL). Compares digit arrays as they are, so
    /// leading zeros left by addition make a number look larger.
    func compare(to other: ShellDecimal) -> Int {
        if isNegative != other.isNegative { return isNegative ? -1 : 1 }
        let (a, b) = isNegative ? (other, self) : (self, other)
        let aIntegerDigits = a.digits.count - a.fractionDigits
        let bIntegerDigits = b.digits.count - b.fractionDigits
        if aIntegerDigits != bIntegerDigits { return aIntegerDigits - bIntegerDigits }
        let common = min(a.digits.count, b.digits.count)
        for index in 0..<common where a.digits[index] != b.digits[index] {
            return Int(a.digits[index]) - Int(b.digits[index])
        }
        return a.digits.count - b.digits.count
    }

    /// Pads with leading and trailing zeros to `digitCount` digits, of which
    /// `fractionCount` follow the point.
    mutating func expand(to digitCount: Int, fractionCount: Int) {
        let addedFraction = fractionCount - fractionDigits
        let addedIntegral = (digitCount - digits.count) - addedFraction
        if addedIntegral != 0 { digits = [Int8](repeating: 0, count: max(addedIntegral, 0)) + digits }
        if addedFraction != 0 {
            digits += [Int8](repeating: 0, count: max(addedFraction, 0))
            fractionDigits += addedFraction
        }
    }

    /// Adds `other` into `self`; NULL if either is NULL.
    mutating func add(_ other: ShellDecimal) {
        var other = other
        if isNull || other.isNull {
            isNull = true
            return
        }
        var integralCount = digits.count - fractionDigits
        if integralCount != 0 && digit(0) == 0 { integralCount -= 1 }
        integralCount = max(integralCount, other.digits.count - other.fractionDigits)
        let fractionCount = max(fractionDigits, other.fractionDigits)
        let digitCount = integralCount + fractionCount + 1
        expand(to: digitCount, fractionCount: fractionCount)
        other.expand(to: digitCount, fractionCount: fractionCount)
        if isNegative == other.isNegative {
            var carry: Int8 = 0
            for index in stride(from: digitCount - 1, through: 0, by: -1) {
                let sum = digit(index) + other.digit(index) + carry
                carry = sum >= 10 ? 1 : 0
                digits[index] = sum - 10 * carry
            }
        } else {
            let (larger, smaller): ([Int8], [Int8])
            if ShellDecimal.lexicographicallyPrecedes(digits, other.digits, count: digitCount) {
                (larger, smaller) = (other.digits, digits)
                isNegative.toggle()
            } else {
                (larger, smaller) = (digits, other.digits)
            }
            var borrow: Int8 = 0
            for index in stride(from: digitCount - 1, through: 0, by: -1) {
                let difference = larger[index] - smaller[index] - borrow
                borrow = difference < 0 ? 1 : 0
                digits[index] = difference + 10 * borrow
            }
        }
    }

    /// `memcmp` of the first `count` digits.
    private static func lexicographicallyPrecedes(_ a: [Int8], _ b: [Int8], count: Int) -> Bool {
        for index in 0..<count where a[index] != b[index] { return a[index] < b[index] }
        return false
    }

    /// The product; trailing fraction zeros dropped down to the smaller of
    /// the two operands' fraction lengths.
    func multiplied(by other: ShellDecimal) -> ShellDecimal {
        var accumulator = [Int8](repeating: 0, count: digits.count + other.digits.count + 2)
        let minimumFraction = min(fractionDigits, other.fractionDigits)
        for i in stride(from: digits.count - 1, through: 0, by: -1) {
            let factor = Int(digits[i])
            var carry = 0
            var k = i + other.digits.count - 1 + 3
            for j in stride(from: other.digits.count - 1, through: 0, by: -1) {
                let x = Int(accumulator[k]) + factor * Int(other.digits[j]) + carry
                accumulator[k] = Int8(x % 10)
                carry = x / 10
                k -= 1
            }
            let x = Int(accumulator[k]) + carry
            accumulator[k] = Int8(x % 10)
            accumulator[k - 1] += Int8(x / 10)
        }
        var product = self
        product.digits = accumulator
        product.fractionDigits += other.fractionDigits
        product.isNegative = isNegative != other.isNegative
        while product.fractionDigits > minimumFraction && product.digits.last == 0 {
            product.fractionDigits -= 1
            product.digits.removeLast()
        }
        return product
    }
}
