#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Parses decimal numbers straight from a CSV field's bytes, without building a `String`.
///
/// Correctly rounded, so the shortest round-trip text Swift prints for a `Double` reads back to the
/// same bits: short numbers (at most 19 significant digits, 10^±22) take Clinger's fast path, where
/// one IEEE multiplication or division of two exact values is the correctly rounded result; anything
/// else goes to the C library's `strtod`, which is correctly rounded too, after this parser has
/// checked the syntax (so `strtod`'s hex floats, `inf`, `nan` and leading blanks are never accepted).
enum DecimalParser {
    /// What a field held.
    enum Result: Equatable {
        /// A finite number.
        case value(Double)
        /// `nan`, in any case, with or without a sign.
        case notANumber
        /// `inf` or `infinity`, or a number too large for a `Double`.
        case infinite
        /// Not a decimal number at all.
        case invalid
    }

    /// Longest field handed to `strtod`; real numbers are far shorter, and the cap keeps the copy on
    /// the stack.
    static let maximumLength = 400

    /// Powers of ten that a `Double` holds exactly.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number in `bytes` (the whole field, nothing around it).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        let count = bytes.count
        guard count > 0, count <= maximumLength else { return .invalid }
        var index = 0
        var negative = false
        if bytes[0] == UInt8(ascii: "-") || bytes[0] == UInt8(ascii: "+") {
            negative = bytes[0] == UInt8(ascii: "-")
            index = 1
        }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var sawDigit = false
        var inexact = false
        while index < count, let digit = digitValue(bytes[index]) {
            sawDigit = true
            if significantDigits < 19 {
                if mantissa != 0 || digit != 0 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    significantDigits += 1
                }
            } else {
                exponent += 1
                inexact = inexact || digit != 0
            }
            index += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, let digit = digitValue(bytes[index]) {
                sawDigit = true
                if significantDigits < 19 {
                    if mantissa != 0 || digit != 0 {
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        significantDigits += 1
                    }
                    exponent -= 1
                } else {
                    inexact = inexact || digit != 0
                }
                index += 1
            }
        }
        guard sawDigit else { return special(bytes, from: negative || bytes[0] == UInt8(ascii: "+") ? 1 : 0) }
        if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0
            var sawExponentDigit = false
            while index < count, let digit = digitValue(bytes[index]) {
                sawExponentDigit = true
                // Saturates: past 10^±100000 every mantissa over- or underflows anyway.
                if written < 100_000 { written = written * 10 + digit }
                index += 1
            }
            guard sawExponentDigit else { return .invalid }
            exponent += exponentNegative ? -written : written
        }
        guard index == count else { return .invalid }
        if mantissa == 0 { return .value(negative ? -0.0 : 0.0) }
        if !inexact, mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            let magnitude =
                exponent < 0
                ? Double(mantissa) / exactPowersOfTen[-exponent]
                : Double(mantissa) * exactPowersOfTen[exponent]
            return .value(negative ? -magnitude : magnitude)
        }
        return viaStrtod(bytes)
    }

    /// `0`–`9` as a number, or nil.
    @inline(__always) private static func digitValue(_ byte: UInt8) -> Int? {
        let digit = Int(byte) &- 48
        return digit >= 0 && digit <= 9 ? digit : nil
    }

    /// Names NaN and infinity spelled out, so the error can say which it was.
    private static func special(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result {
        let word = String(decoding: bytes[start...], as: UTF8.self).lowercased()
        switch word {
        case "nan": return .notANumber
        case "inf", "infinity": return .infinite
        default: return .invalid
        }
    }

    /// The slow, always-correct path for long or extreme numbers whose syntax is already checked.
    private static func viaStrtod(_ bytes: UnsafeBufferPointer<UInt8>) -> Result {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: bytes.count + 1) { buffer in
            for index in 0..<bytes.count { buffer[index] = CChar(bitPattern: bytes[index]) }
            buffer[bytes.count] = 0
            let value = strtod(buffer.baseAddress!, nil)
            return value.isFinite ? .value(value) : .infinite
        }
    }
}
