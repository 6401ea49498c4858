import RxRelay
import RxSwift
import SpecRuntime

/// A repository search as the seeds write one in RxSwift: the query waits for 300 ms of quiet
/// (`debounce`), then is searched, and a newer search disposes of the one in flight
/// (`flatMapLatest`).
public final class SearchViewModel {
    /// The backend call.
    public typealias Search = (SearchScreen.GithubSearchArguments) -> Single<[SearchScreen.Repository]>

    /// Deliberate mistakes, for the tests that show a check failing.
    public enum Mistake: Sendable {
        /// `debounce(.milliseconds(200))` instead of 300.
        case debounce200
        /// `flatMap` instead of `flatMapLatest`: the previous search keeps running, and a slow
        /// old answer overwrites a newer one.
        case flatMap
    }

    /// What the view writes.
    public struct Input {
        /// The search field's text, bound both ways.
        public let query: BehaviorRelay<String>
    }

    /// What the view shows.
    public struct Output {
        /// The repositories found for the latest query searched (`[]` before): the list's content,
        /// emitted with every answer.
        public let repositories: Observable<[SearchScreen.Repository]>
        /// Each failed search, as a message.
        public let message: Observable<String>
    }

    /// What the view writes.
    public let input: Input
    /// What the view shows.
    public let output: Output

    /// A view model that waits on `scheduler` and searches with `search`.
    public init(search: @escaping Search, scheduler: SchedulerType, mistake: Mistake? = nil) {
        let query = BehaviorRelay(value: "")
        input = Input(query: query)
        let quiet = query.debounce(.milliseconds(mistake == .debounce200 ? 200 : 300), scheduler: scheduler)
        // A failure is an element here, so that it does not end the stream of queries.
        let request = { (text: String) in search(.init(query: text)).asObservable().materialize() }
        let results = (mistake == .flatMap ? quiet.flatMap(request) : quiet.flatMapLatest(request)).share()
        output = Output(
            repositories: results.compactMap(\.element).startWith([]),
            message: results.compactMap { $0.error.map { "the search failed: \($0)" } }
        )
    }
}
