/// The arbitrary-precision decimal number of `sqlite3`'s decimal
/// extension: a sign, digits (most significant first) and how many of them
/// follow the decimal point. Its parsing and arithmetic keep that
/// extension's quirks (denormalized leading zeros, lenient parsing) so that
/// results match it digit for digit.
struct ShellDecimal {
    var isNegative = false
    var isNull = false
    var digits: [Int8] = []
    /// Digits to the right of the decimal point.
    var fractionDigits = 0

    /// The SQL NULL.
    static let null = ShellDecimal(isNull: true)

    /// Parses text: optional spaces and sign, digits with at most one
    /// point, an optional exponent; other bytes are skipped.
    init(text: [UInt8]) {
        let count = text.count
        func byte(_ index: Int) -> UInt8 { index < count ? text[index] : 0 }
        var index = 0
        while SQLiteText.isSpace(byte(index)) { index += 1 }
        if byte(index) == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        } else if byte(index) == UInt8(ascii: "+") {
            index += 1
        }
        while index < count && text[index] == UInt8(ascii: "0") { index += 1 }
        var exponent = 0
        var pointPosition = 0
        scan: while index < count {
            let character = text[index]
            if character >= UInt8(ascii: "0") && character <= UInt8(ascii: "9") {
                digits.append(Int8(character - UInt8(ascii: "0")))
            } else if character == UInt8(ascii: ".") {
                pointPosition = digits.count + 1
            } else if character == UInt8(ascii: "e") || character == UInt8(ascii: "E") {
                exponent = ShellDecimal.exponent(text, from: index + 1)
                break scan
            }
            index += 1
        }
        if pointPosition > 0 { fractionDigits = digits.count - (pointPosition - 1) }
        applyExponent(exponent)
    }

    private init(isNull: Bool) { self.isNull = isNull }

    /// The initial value of `decimal_sum`: the single digit 0.
    static var zero: ShellDecimal {
        var value = ShellDecimal(isNull: false)
        value.digits = [0]
        return value
    }

    /// The exponent after an `e`: a sign then digits, other bytes skipped,
    /// reading stopping once it reaches a million. 0 when nothing follows.
    private static func exponent(_ text: [UInt8], from start: Int) -> Int {
        var index = start
        guard index < text.count else { return 0 }
        var isNegative = false
        if text[index] == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        } else if text[index] == UInt8(ascii: "+") {
            index += 1
        }
        var value = 0
        while index < text.count && value < 1_000_000 {
            if SQLiteText.isDigit(text[index]) { value = value * 10 + Int(text[index] - UInt8(ascii: "0")) }
            index += 1
        }
        return isNegative ? -value : value
    }

    private mutating func applyExponent(_ exponent: Int) {
        var exponent = exponent
        if exponent > 0 {
            if fractionDigits > 0 {
                if exponent <= fractionDigits {
                    fractionDigits -= exponent
                    exponent = 0
                } else {
                    exponent -= fractionDigits
                    fractionDigits = 0
                }
            }
            if exponent > 0 { digits += [Int8](repeating: 0, count: exponent) }
        } else if exponent < 0 {
            exponent = -exponent
            let extra = digits.count - fractionDigits - 1
            if extra != 0 {
                if extra >= exponent {
                    fractionDigits += exponent
                    exponent = 0
                } else {
                    exponent -= extra
                    fractionDigits = digits.count - 1
                }
            }
            if exponent > 0 {
                digits = [Int8](repeating: 0, count: exponent) + digits
                fractionDigits += exponent
            }
        }
    }


    /// The digit at `index`, 0 past the end.
    func digit(_ index: Int) -> Int8 { index >= 0 && index < digits.count ? digits[index] : 0 }

    /// The text form: no leading zeros (but one before the point), the
    /// fraction digits as they are.
    var text: [UInt8] {
        var result: [UInt8] = []
        let isZero = digits.isEmpty || (digits.count == 1 && digits[0] == 0)
        if isNegative && !isZero { result.append(UInt8(ascii: "-")) }
        var integerDigits = digits.count - fractionDigits
        if integerDigits <= 0 { result.append(UInt8(ascii: "0")) }
        var index = 0
        while integerDigits > 1 && digit(index) == 0 {
            index += 1
            integerDigits -= 1
        }
        while integerDigits > 0 {
            result.append(UInt8(digit(index)) + UInt8(ascii: "0"))
            index += 1
            integerDigits -= 1
        }
        if fractionDigits != 0 {
            result.append(UInt8(ascii: "."))
            repeat {
                result.append(UInt8(digit(index)) + UInt8(ascii: "0"))
                index += 1
            } while index < digits.count
        }
        return result
    }
}
