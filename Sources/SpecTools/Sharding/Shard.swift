import SpecRuntime

/// One of `count` parts of a suite, for spreading it over the machines of a CI matrix:
/// `specrun test --shard 2/4`.
///
/// The suite's scenarios are numbered in its stable order (specs sorted by path, scenarios in
/// declaration order, an invalid spec counting as one) and dealt out in turn: position `k`
/// (0-based) belongs to shard `k % count + 1`. The same files and arguments give the same
/// shards on every machine; together the shards run each scenario exactly once, and their sizes
/// differ by at most one.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// 1-based, at most `count`.
    package let index: Int
    package let count: Int

    /// Nil unless `1 <= index <= count`.
    package init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `i/n`, such as `2/4`; nil for anything else.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]),
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && !$0.hasPrefix("+") }) else { return nil }
        self.init(index: i, count: n)
    }

    /// Whether the item at `position` (0-based) of the suite's order is in this shard.
    package func contains(position: Int) -> Bool {
        position % count == index - 1
    }

    package var description: String { "\(index)/\(count)" }
}
