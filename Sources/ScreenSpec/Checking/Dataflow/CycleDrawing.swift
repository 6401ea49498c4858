import SpecRuntime

/// A spec whose only error is a dependency cycle, as far as it loads: what `specrun graph` draws so
/// that the author sees the loop they are trying to break. The program is never played; its rank
/// puts the nodes in and after the cycle last.
package struct CycleDrawing: Sendable {
    package var spec: CheckedSpec
    /// The nodes of the cycle, in the order the diagnostic names them.
    package var cycle: [Int]
}
