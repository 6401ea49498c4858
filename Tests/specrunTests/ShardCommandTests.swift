import Foundation
import SpecTesting
import Testing
import SpecRuntime
import SpecTools

/// `specrun test --shard i/n` over the shipped specs: the shards are disjoint, together they are
/// the whole suite, their sizes differ by at most one, and the same arguments give the same shard.
@Suite struct ShardCommandTests {
    /// `spec › scenario` of every scenario a JSON report lists.
    private func scenarios(_ arguments: [String]) throws -> [String] {
        let result = try CLI.run(["test", "specs", "--format", "json"] + arguments, environment: ["CI": "true"])
        #expect(result.status == 0, "\(result.stderr)")
        return try result.stdout.split(separator: "\n").compactMap { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            guard let spec = object["spec"] as? String, let scenario = object["scenario"] as? String else { return nil }
            return spec + " › " + scenario
        }
    }

    @Test func shardsPartitionTheSuiteStablyAndEvenly() throws {
        let all = try scenarios([])
        #expect(all.count > 20)
        for n in [2, 3, 4] {
            var union: [String] = []
            var sizes: [Int] = []
            for i in 1...n {
                let shard = try scenarios(["--shard", "\(i)/\(n)"])
                #expect(try scenarios(["--shard", "\(i)/\(n)"]) == shard, "shard \(i)/\(n) is not stable")
                union += shard
                sizes.append(shard.count)
            }
            #expect(union.sorted() == all.sorted(), "shards of \(n) do not add up to the suite")
            #expect(Set(union).count == union.count, "a scenario ran in two shards of \(n)")
            #expect(sizes.max()! - sizes.min()! <= 1, "uneven shards: \(sizes)")
        }
    }

    @Test func theSummaryNamesTheShard() throws {
        let result = try CLI.run(["test", "specs", "--shard", "2/3"], environment: ["CI": "true"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").last?.hasSuffix(" failed (shard 2/3)") == true)
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "2", "1/2/3", "-1/2", ""])
    func aMalformedShardIsAUsageError(_ value: String) throws {
        let result = try CLI.run(["test", "specs", "--shard", value], environment: ["CI": "true"])
        #expect(result.status == 64)
    }

    @Test func shardArithmetic() throws {
        #expect(Shard("2/4") == Shard(index: 2, count: 4))
        #expect(Shard("+1/2") == nil)
        let shards = (1...3).map { Shard(index: $0, count: 3)! }
        for position in 0..<30 {
            #expect(shards.filter { $0.contains(position: position) }.count == 1)
        }
    }
}
