import SpecRuntime
import TypedScreens

/// A repository search with a `Clock`: a query waits for 300 ms of quiet, then is searched, and a
/// newer search cancels the one in flight (RxSwift's `debounce` then `flatMapLatest`).
@MainActor
public final class SearchViewModel: SearchViewModeling {
    /// The backend call.
    public typealias Search = @Sendable (SearchScreen.GithubSearchArguments) async throws -> [SearchScreen.Repository]

    /// Deliberate mistakes, for the tests that show a check failing.
    public enum Mistake: Sendable {
        /// Waits 200 ms of quiet instead of 300.
        case debounce200
        /// Leaves the previous search running: a slow old answer overwrites a newer one.
        case keepsOldSearches
    }

    /// The search field's text.
    public var query = "" {
        didSet { queryChanged() }
    }
    public private(set) var repositories: [SearchScreen.Repository] = []
    public private(set) var message: String?

    private let clock: any Clock<Duration>
    private let search: Search
    private let mistake: Mistake?
    private var quiet: Task<Void, Never>?
    private var searching: Task<Void, Never>?

    /// A view model that waits on `clock` and searches with `search`.
    public init(clock: any Clock<Duration>, search: @escaping Search, mistake: Mistake? = nil) {
        self.clock = clock
        self.search = search
        self.mistake = mistake
        queryChanged()
    }

    private func queryChanged() {
        quiet?.cancel()
        let query = query
        let wait: Duration = mistake == .debounce200 ? .milliseconds(200) : .milliseconds(300)
        quiet = Task { [clock] in
            do {
                try await clock.sleep(for: wait)
            } catch {
                return
            }
            start(query)
        }
    }

    private func start(_ query: String) {
        if mistake != .keepsOldSearches { searching?.cancel() }
        searching = Task { [search] in
            do {
                let found = try await search(.init(query: query))
                guard !Task.isCancelled else { return }
                repositories = found
            } catch is CancellationError {
            } catch {
                message = "the search failed: \(error)"
            }
        }
    }
}
