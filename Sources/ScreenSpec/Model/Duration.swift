/// Parses durations such as `300ms`, `5s`, `1.5s`, `2m` into whole milliseconds.
enum DurationParser {
    /// The longest duration a spec may name: about 31 years, far from overflowing the clock.
    static let maximumMilliseconds = 1_000_000_000_000

    static func milliseconds(_ text: String) -> Result<Int, DurationError> {
        let trimmed = text.trimmingWhitespace()
        let units: [(String, Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingWhitespace()
            guard let value = Double(number), value.isFinite, value >= 0 else { break }
            let ms = (value * scale).rounded()
            guard ms <= Double(maximumMilliseconds) else {
                return .failure(DurationError(message: "duration '\(trimmed)' is longer than the longest allowed (\(maximumMilliseconds)ms)"))
            }
            return .success(Int(ms))
        }
        return .failure(DurationError(message: "expected a duration such as '300ms' or '5s', found '\(trimmed)'"))
    }
}

struct DurationError: Error {
    var message: String
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
