import SpecExploration
import SpecRuntime
import Testing

/// The state digest's mixing of values (`ValueDigest`): different values inside a list mix
/// different words.
@Suite struct ValueDigestTests {
    /// Two lists of two strings whose bytes, read eight at a time, run into each other: without
    /// each string's length in front, the first string's tail and the second's tag would line up
    /// with the words of the other list's longer second string (found by review).
    @Test func stringsInAListDoNotRunIntoEachOther() {
        let nul = String(repeating: "\0", count: 8)
        let tag = "\u{6}" + String(repeating: "\0", count: 7)
        let middle = String(repeating: "\0", count: 240)
        let first: Value = .list([.string(nul + tag + middle), .string("ab")])
        let second: Value = .list([.string(""), .string(middle + nul + tag + "ab")])
        #expect(first != second)
        #expect(GraphDigest.term(of: 0, first) != GraphDigest.term(of: 0, second))
        // Equal values still mix equally.
        #expect(GraphDigest.term(of: 0, first) == GraphDigest.term(of: 0, .list([.string(nul + tag + middle), .string("ab")])))
    }
}
