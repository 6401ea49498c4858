import Foundation
import ScreenSpec
import SpecRuntime
import SpecTools

/// `Benchmarks/Specs/paging.yaml` driven through its load-more action: each `loadMore` calls the
/// feed service (300ms, a page of 20) and a handler appends the page to `items`.
public enum PagingWorkload {
    public static let pageSize = 20
    public static let latency = 300

    /// Plays load-more until the list holds `items` items; returns the emissions seen.
    public static func run(_ spec: CheckedSpec, items: Int) -> Int {
        guard let loadMore = spec.input(named: "loadMore"), let count = spec.handle(named: "count") else {
            preconditionFailure("the paging spec has no 'loadMore' or 'count'")
        }
        let graph = ScreenGraph(spec: spec)
        final class Counter { var count = 0 }
        let counter = Counter()
        graph.onEmit = { _ in counter.count += 1 }
        graph.start()
        for _ in 0..<(items / pageSize) {
            graph.send(loadMore)
            do { try graph.advance(by: latency) } catch { preconditionFailure("the clock stopped: \(error)") }
        }
        precondition(graph.value(of: count) == .int(items), "paging ended at \(String(describing: graph.value(of: count))) items")
        return counter.count
    }
}

/// `specs/list.yaml` (the repository list of seeds 000/001) driven through its `loadMore` action,
/// with `github.repos` answering every page with 20 repositories instead of the spec's two short
/// pages, so that the list grows to any size. The handler appends with `repos + loadMore.elements`.
public enum ListPagingWorkload {
    public static let pageSize = 20
    public static let latency = 1_000

    /// The list spec with its service answering a full page every time.
    ///
    /// The spec's text is edited before it is checked (its `cases:` and `result: []` become one
    /// `result:` of a full page): a checked spec is opaque outside the package.
    public static func spec() -> CheckedSpec {
        guard let text = try? String(contentsOfFile: RepositoryPaths.listSpec, encoding: .utf8),
              let fakes = text.range(of: #"(?s)\n    cases:\n.*?\n    result: \[\]\n"#, options: .regularExpression) else {
            preconditionFailure("specs/list.yaml has no 'github.repos' cases and result")
        }
        let page = (0..<pageSize).map { "{ name: repo\($0), author: author }" }.joined(separator: ", ")
        return Specs.load(text: text.replacingCharacters(in: fakes, with: "\n    result: [\(page)]\n"), path: RepositoryPaths.listSpec)
    }

    /// Plays load-more until the list holds `items` repositories; returns the emissions seen.
    public static func run(_ spec: CheckedSpec, items: Int) -> Int {
        guard let loadMore = spec.action(named: "loadMore"), let repos = spec.handle(named: "repos") else {
            preconditionFailure("the list spec has no 'loadMore' or 'repos'")
        }
        let graph = ScreenGraph(spec: spec)
        final class Counter { var count = 0 }
        let counter = Counter()
        graph.onEmit = { _ in counter.count += 1 }
        graph.start()
        for _ in 0..<(items / pageSize) {
            graph.execute(loadMore)
            do { try graph.advance(by: latency) } catch { preconditionFailure("the clock stopped: \(error)") }
        }
        guard case .list(let list) = graph.value(of: repos), list.count == items else {
            preconditionFailure("paging ended without \(items) repositories")
        }
        return counter.count
    }
}
