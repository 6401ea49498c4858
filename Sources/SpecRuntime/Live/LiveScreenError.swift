import ScreenSpec

/// Why a ``LiveScreen`` refused a call: a name it does not know, a value of the wrong type, a
/// call at the wrong time. Thrown, never a trap.
public struct LiveScreenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one lowercase line that quotes names as 'name'.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func unknown(_ what: String, _ name: String, among names: [String]) -> LiveScreenError {
        LiveScreenError("the screen has no \(what) '\(name)'" + (Suggestion.nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""))
    }

    static func wrongType(_ name: String, _ type: SpecType, _ reason: String) -> LiveScreenError {
        LiveScreenError("'\(name)' takes '\(type)': \(reason)")
    }

    static let stopped = LiveScreenError("the screen has stopped")
}
