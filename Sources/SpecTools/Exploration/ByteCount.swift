import Foundation

/// A number of bytes as people write it on a command line (`512MB`, `1GiB`, `300000`) and as
/// messages print it (`512 MiB`).
package enum ByteCount {
    /// `KB`, `MB`, `GB`, `TB` are powers of 1000 and `KiB`, `MiB`, `GiB`, `TiB` powers of 1024, as
    /// their standards say; `K`, `M`, `G`, `T` alone are powers of 1024, as `ulimit` and `docker`
    /// read them. Case does not matter. Nil for anything else, zero, or a size past `Int.max`.
    package static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        guard !digits.isEmpty, let number = Double(digits), number.isFinite, number > 0 else { return nil }
        let unit = trimmed.dropFirst(digits.count).trimmingCharacters(in: .whitespaces).lowercased()
        let scale: Double
        switch unit {
        case "", "b": scale = 1
        case "kb": scale = 1e3
        case "mb": scale = 1e6
        case "gb": scale = 1e9
        case "tb": scale = 1e12
        case "k", "kib": scale = 1024
        case "m", "mib": scale = 1024 * 1024
        case "g", "gib": scale = 1024 * 1024 * 1024
        case "t", "tib": scale = 1024 * 1024 * 1024 * 1024
        default: return nil
        }
        let bytes = (number * scale).rounded()
        guard bytes >= 1, bytes < Double(Int.max) else { return nil }
        return Int(bytes)
    }

    /// `1 GiB`, `1.5 GiB`, `300 KiB`, `12 bytes`: one decimal at most.
    package static func text(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = -1
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        guard unit >= 0 else { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let tenths = Int((value * 10).rounded())
        return (tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)") + " " + units[unit]
    }
}
