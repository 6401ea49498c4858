import SpecRuntime

/// Each node's last term of ``GraphDigest/stateDigest(over:)`` and the value it was taken of: a term is
/// recomputed only for a value that is not equal to the one it was taken of. Comparing is cheap
/// where hashing is not: a list, record or string a step did not replace shares its storage with
/// the value the term was taken of, and equality of shared storage is one comparison, while its
/// hash goes through every element. (On a screen with stream outputs every node is in the digest,
/// lists of records among them.) Most values are the very ones the term was taken of, bit for bit
/// (the same scalar, the same storage): those are told apart without `==`, which would retain and
/// release the storage it compares.
struct DigestTerms {
    private var values: [Value] = []
    private var terms: [UInt64] = []

    /// Node `node`'s term as the last ``sum(_:_:cache:)`` took it (the term of no value before
    /// any).
    func term(_ node: Int) -> UInt64 {
        terms.indices.contains(node) ? terms[node] : GraphDigest.term(of: node, .none)
    }

    /// The sum of the terms of `nodes` with `current` values.
    mutating func sum(_ nodes: [Int], _ current: [Value], cache: ValueDigestCache? = nil) -> UInt64 {
        if values.count != current.count {
            values = Array(repeating: .none, count: current.count)
            terms = current.indices.map { GraphDigest.term(of: $0, .none) }
        }
        var sum: UInt64 = 0
        current.withUnsafeBufferPointer { now in
            values.withUnsafeMutableBufferPointer { then in
                terms.withUnsafeMutableBufferPointer { terms in
                    for i in nodes {
                        if !Value.sameBits(now.baseAddress! + i, then.baseAddress! + i) && now[i] != then[i] {
                            then[i] = now[i]
                            terms[i] = GraphDigest.term(of: i, now[i], cache: cache)
                        }
                        sum &+= terms[i]
                    }
                }
            }
        }
        return sum
    }
}

extension Value {
    /// Whether the two values have the same bits: then they are equal (the same scalar, or the
    /// same storage), told without retaining anything. Unequal bits say nothing: equal values
    /// may have distinct storage.
    @inline(__always)
    static func sameBits(_ a: UnsafePointer<Value>, _ b: UnsafePointer<Value>) -> Bool {
        ScreenGraph.sameBytes(a, b, MemoryLayout<Value>.size)
    }
}
