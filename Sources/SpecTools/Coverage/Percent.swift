import SpecRuntime

/// A percentage with one decimal, as reports print it.
func formatPercent(_ p: Double) -> String {
    let tenths = Int((p * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)%"
}
