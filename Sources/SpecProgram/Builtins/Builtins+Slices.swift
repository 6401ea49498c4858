/// Slices of lists and strings, as Swift's: `xs.prefix(2)`, `xs.suffix(2)`, `xs.dropFirst()`,
/// `xs.dropFirst(2)`, `xs.dropLast()`, `xs.dropLast(2)`, and the same on a `String` (by
/// characters). A count past the end takes or drops everything, as Swift's does; a negative one is
/// an evaluation error where Swift traps ("Can't take a prefix of negative length"). A slice is a
/// list again: Swift's `Array(xs.prefix(2))` is `xs.prefix(2)` and `Array(xs)` is `xs`, as in Swift.
extension BuiltinCatalog {
    static let slices: [BuiltinEntry] = [
        slice("prefix", default: nil) { count, n in (0, min(n, count)) },
        slice("suffix", default: nil) { count, n in (max(0, count - n), count) },
        slice("dropFirst", default: 1) { count, n in (min(n, count), count) },
        slice("dropLast", default: 1) { count, n in (0, max(0, count - n)) },
    ]

    /// One slicing method: its spellings on lists and strings (with the count left out when
    /// `default` gives one), and the range of the `count` elements it keeps for a count `n`.
    private static func slice(_ name: String, default: Int?, _ range: @escaping @Sendable (_ count: Int, _ n: Int) -> (Int, Int)) -> BuiltinEntry {
        var spellings: [BuiltinSpelling] = [
            .method(name, on: .list(.element), [.exact(.int)], .list(.element)),
            .method(name, on: .exact(.string), [.exact(.int)], .exact(.string)),
        ]
        if `default` != nil {
            spellings += [.method(name, on: .list(.element), [], .list(.element)), .method(name, on: .exact(.string), [], .exact(.string))]
        }
        let fallback = `default` ?? 0
        return BuiltinEntry("slice." + name, spellings) { fs in
            let f0 = fs[0]
            let f1 = fs.count > 1 ? fs[1] : nil
            return { ctx throws(EvalError) in
                let n: Int
                if let f1 {
                    guard case .int(let given) = try f1(ctx) else { return .none }
                    n = given
                } else {
                    n = fallback
                }
                guard n >= 0 else { throw EvalError(message: "'\(name)(\(n))': a count cannot be negative") }
                switch try f0(ctx) {
                case .list(let l):
                    let (from, to) = range(l.count, n)
                    try ctx.spend(to - from)
                    return .list(Array(l[from..<to]))
                case .string(let s):
                    let characters = Array(s)
                    let (from, to) = range(characters.count, n)
                    try ctx.spend(to - from)
                    return .string(String(characters[from..<to]))
                default:
                    return .none
                }
            }
        }
    }
}
