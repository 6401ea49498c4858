import RxRelay
import RxSwift
import SpecRuntime

/// Seed 004's events view model (SwiftHub's `EventsViewModel.transform(input:)`) in RxSwift: a
/// user's events in two segments, page 1 loaded at start, on a header refresh and on a segment
/// change, the next page appended on a footer refresh, each kind of load replacing the one of its
/// kind in flight (`flatMapLatest`); each event has its cell's view model, an
/// `EventCellViewModel`; a cell opens its repository, its avatar the user.
public final class EventsViewModel {
    /// The backend call.
    public typealias Load = (EventsScreen.GithubEventsArguments) -> Single<[EventsScreen.Event]>

    /// What the view writes and fires.
    public struct Input {
        /// The table's pull to refresh.
        public let headerRefresh: PublishRelay<Void>
        /// The table's load more, at its end.
        public let footerRefresh: PublishRelay<Void>
        /// The segment control, bound both ways.
        public let segmentSelection: BehaviorRelay<EventsScreen.EventSegment>
        /// A cell selected (`tableView.rx.modelSelected(EventCellViewModel.self)`).
        public let selection: PublishRelay<EventCellViewModel>
    }

    /// What the view shows, and where it goes.
    public struct Output {
        /// The user's login, as the title.
        public let navigationTitle: Observable<String>
        /// The user's avatar, if any.
        public let imageUrl: Observable<String?>
        /// An organization has no received events, so no segment to choose.
        public let hidesSegment: Observable<Bool>
        /// A view model per cell, one per event loaded, page after page (each cell binds to its
        /// own: `cell.bind(to: viewModel)`).
        public let items: BehaviorRelay<[EventCellViewModel]>
        /// Whether the performed segment is selected.
        public let isPerformed: Observable<Bool>
        /// Each failed load of page 1.
        public let firstPageErrors: Observable<ErrorValue>
        /// Each failed load of a next page.
        public let nextPageErrors: Observable<ErrorValue>
        /// The repository screen to push, with its parameters, for each cell selected.
        public let repositorySelected: Observable<RepositoryScreen.Parameters>
        /// The user screen to push for each avatar tapped, in any cell.
        public let userSelected: Observable<UserScreen.Parameters>
    }

    /// What the view writes and fires.
    public let input: Input
    /// What the view shows.
    public let output: Output
    private let disposeBag = DisposeBag()

    /// The events of `user`, loaded with `load`.
    public init(user: EventsScreen.User, load: @escaping Load) {
        let segment = BehaviorRelay(value: EventsScreen.EventSegment.received)
        input = Input(headerRefresh: PublishRelay(), footerRefresh: PublishRelay(), segmentSelection: segment,
                      selection: PublishRelay())
        let items = BehaviorRelay<[EventCellViewModel]>(value: [])
        let page = BehaviorRelay(value: 1)
        let login = user.login

        // Observable.of(Observable.just(()), headerRefreshTrigger, segmentSelected.skip(1)).merge(),
        // each with the segment selected then.
        let refresh = Observable.merge(
            .deferred { .just(segment.value) },
            input.headerRefresh.withLatestFrom(segment),
            segment.skip(1)
        )
        let firstPage = refresh
            .flatMapLatest { load(.init(login: login, segment: $0, page: 1)).asObservable().materialize() }
            .share()
        let nextPage = input.footerRefresh
            .withLatestFrom(segment)
            .flatMapLatest { load(.init(login: login, segment: $0, page: page.value + 1)).asObservable().materialize() }
            .share()
        firstPage.compactMap(\.element).subscribe(onNext: { events in
            items.accept(events.map(EventCellViewModel.init(event:)))
            page.accept(1)
        }).disposed(by: disposeBag)
        nextPage.compactMap(\.element).subscribe(onNext: { events in
            items.accept(items.value + events.map(EventCellViewModel.init(event:)))
            page.accept(page.value + 1)
        }).disposed(by: disposeBag)
        // The avatar of whichever cell is shown.
        let avatarTaps = items.flatMapLatest { cells in Observable.merge(cells.map { cell in cell.avatarTap.map { cell.event } }) }

        output = Output(
            navigationTitle: .just(login),
            imageUrl: .just(user.avatarUrl),
            hidesSegment: .just(user.kind == .organization),
            items: items,
            isPerformed: segment.map { $0 == .performed }.distinctUntilChanged(),
            firstPageErrors: firstPage.compactMap { $0.error.map { $0 as? ErrorValue ?? .unknownError } },
            nextPageErrors: nextPage.compactMap { $0.error.map { $0 as? ErrorValue ?? .unknownError } },
            repositorySelected: input.selection.map { RepositoryScreen.Parameters(repository: .init(fullName: $0.event.repository.fullName, stars: $0.event.repository.stars)) },
            userSelected: avatarTaps.map { UserScreen.Parameters(user: .init(login: $0.actor.login, avatarUrl: $0.actor.avatarUrl, kind: $0.actor.kind == .organization ? .organization : .user)) }
        )
    }
}

/// Seed 004's `EventCellViewModel(with: event)`: what a cell shows of its event, and the tap on
/// its profile image (SwiftHub pushes the actor's screen for it).
public final class EventCellViewModel {
    /// The event the cell shows.
    public let event: EventsScreen.Event
    /// The event's title.
    public let title: String
    /// The actor's login.
    public let login: String
    /// The actor's avatar, if any.
    public let avatarUrl: String?
    /// The repository's full name.
    public let repositoryName: String
    /// The profile image inside the cell, tapped.
    public let avatarTap = PublishRelay<Void>()

    /// The cell of `event`.
    public init(event: EventsScreen.Event) {
        self.event = event
        title = event.title
        login = event.actor.login
        avatarUrl = event.actor.avatarUrl
        repositoryName = event.repository.fullName
    }
}
