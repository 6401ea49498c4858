/// Where the numbers of a JSON text are, for tests that change each number of a compiled spec in
/// turn: a number here starts after ':', '[' or ',' (the strings of the shipped specs hold none
/// so placed) and runs over digits and '.'.
package enum JSONNumbers {
    /// The byte ranges of the numbers in `bytes` from byte `start` on.
    package static func ranges(in bytes: [UInt8], from start: Int = 0) -> [Range<Int>] {
        func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }
        var numbers: [Range<Int>] = []
        var i = start
        while i < bytes.count {
            if isDigit(bytes[i]), i > 0, [UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: ",")].contains(bytes[i - 1]) {
                var j = i
                while j < bytes.count, isDigit(bytes[j]) || bytes[j] == UInt8(ascii: ".") { j += 1 }
                numbers.append(i..<j)
                i = j
            } else {
                i += 1
            }
        }
        return numbers
    }
}
