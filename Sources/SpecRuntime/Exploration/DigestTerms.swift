/// Each node's last term of ``ScreenGraph/stateDigest()`` and the value it was taken of: a term is
/// recomputed only for a value that is not equal to the one it was taken of. Comparing is cheap
/// where hashing is not: a list, record or string a step did not replace shares its storage with
/// the value the term was taken of, and equality of shared storage is one comparison, while its
/// hash goes through every element. (On a screen with stream outputs every node is in the digest,
/// lists of records among them.)
struct DigestTerms {
    private var values: [Value] = []
    private var terms: [UInt64] = []

    /// The sum of the terms of `nodes` with `current` values.
    mutating func sum(_ nodes: [Int], _ current: [Value]) -> UInt64 {
        if values.count != current.count {
            values = Array(repeating: .none, count: current.count)
            terms = current.indices.map { ScreenGraph.digestTerm(of: $0, .none) }
        }
        var sum: UInt64 = 0
        for i in nodes {
            let value = current[i]
            if value != values[i] {
                values[i] = value
                terms[i] = ScreenGraph.digestTerm(of: i, value)
            }
            sum &+= terms[i]
        }
        return sum
    }
}
