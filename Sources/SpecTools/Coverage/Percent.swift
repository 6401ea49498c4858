import Foundation
import SpecRuntime

/// A percentage with one decimal, as reports print it: rounded to the nearest tenth (4 of 6 is
/// 66.7%), except that short of all never prints as 100.0% nor some as 0.0% (1 of 2,000 is 0.1%,
/// 1,999 of 2,000 is 99.9%), so that what prints 100.0% passes `--min 100`.
package func formatPercent(_ p: Double) -> String {
    var tenths = Int((p * 10).rounded())
    if tenths >= 1000, p < 100 { tenths = 999 }
    if tenths <= 0, p > 0 { tenths = 1 }
    return "\(tenths / 10).\(tenths % 10)%"
}

/// `p`, which is below `minimum`, as it prints below it: as reports print it
/// (``formatPercent(_:)``) when that is below, else with two decimals, cut rather than rounded
/// (66.66% below 66.7), which keeps it below.
package func formatPercent(_ p: Double, below minimum: Double) -> String {
    let shown = formatPercent(p)
    if let value = Double(shown.dropLast()), value < minimum { return shown }
    return String(format: "%.2f%%", (p * 100).rounded(.down) / 100)
}
