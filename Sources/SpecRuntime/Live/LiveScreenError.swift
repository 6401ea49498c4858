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
        LiveScreenError("the screen has no \(what) '\(name)'" + (nearest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""))
    }

    static func wrongType(_ name: String, _ type: SpecType, _ reason: String) -> LiveScreenError {
        LiveScreenError("'\(name)' takes '\(type)': \(reason)")
    }

    static func undecodable(_ name: String, _ type: Any.Type, _ reason: String) -> LiveScreenError {
        LiveScreenError("'\(name)' does not decode as '\(type)': \(reason)")
    }

    static let stopped = LiveScreenError("the screen has stopped")

    static let notStarted = LiveScreenError("the screen has not started; call 'start()' first")
}

extension LiveScreenError {
    /// The name closest to `name` within a third of its length in edits (at least one, two past
    /// three characters; a swap of neighbours is one edit), as the checker suggests names. The
    /// engine has no front end to borrow the checker's search from, and a screen's names are few.
    static func nearest(to name: String, in candidates: [String]) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        guard target.count >= 3, target.count <= 64 else { return nil }
        var best: (name: String, distance: Int)?
        for candidate in candidates.sorted() where candidate != name {
            let c = Array(candidate.lowercased().unicodeScalars)
            let shorter = min(target.count, c.count)
            let allowed = shorter <= 3 ? 1 : max(2, shorter / 3)
            guard abs(c.count - target.count) <= allowed, c.count <= 64 else { continue }
            let d = distance(target, c)
            if d <= allowed, d < (best?.distance ?? .max) { best = (candidate, d) }
        }
        return best?.name
    }

    /// Optimal string alignment distance.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
