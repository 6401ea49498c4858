/// How a stream ends: the terminal event of the grammar `next* (error | completed)`.
///
/// A value input, an event or a stream output may end once; after that it emits nothing more,
/// as an RxSwift observable after `onCompleted` or `onError`. (A failed request inside a
/// pipeline is not an end: it travels as a failure, see `docs/spec-language.md`.)
@usableFromInline package enum StreamEnd: Sendable, Hashable {
    case completed
    case error(ErrorValue)

    /// `completed` or `error http(500)`, as the timeline prints it (after `✓` or `✗`).
    package var text: String {
        switch self {
        case .completed: return "completed"
        case .error(let e): return "error " + ValueFormatter.text(.error(e))
        }
    }
}

// Codable is synthesised here, in the types' own file (Swift requires it): the JSON of a
// compiled spec (see `CompiledSpec`).
extension StreamEnd: Codable {}
