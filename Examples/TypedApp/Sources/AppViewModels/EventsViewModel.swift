import SpecRuntime
import TypedScreens

/// Seed 004's events view model (a user's GitHub events, in two segments, with paging) for Swift
/// Concurrency: page 1 of the selected segment at start, on a header refresh and on a segment
/// change, each cancelling the load before; the next page on a footer refresh, appended. Each
/// event has its cell's view model, an `EventCellViewModel`, found by the event's id.
@MainActor
public final class EventsViewModel: EventsViewModeling {
    /// The backend call.
    public typealias Load = @Sendable (EventsScreen.GithubEventsArguments) async throws -> [EventsScreen.Event]

    /// Where a cell takes the person.
    public enum Route: Equatable, Sendable {
        case user(EventsScreen.User)
        case repository(EventsScreen.Repository)
    }

    public let navigationTitle: String
    public let imageUrl: String?
    public let hidesSegment: Bool
    /// A view model per cell, one per event loaded, in order.
    public private(set) var items: [EventCellViewModel] = []
    public private(set) var firstPageErrors: ErrorValue?
    public private(set) var nextPageErrors: ErrorValue?
    /// The last place a cell asked to open.
    public private(set) var route: Route?

    /// The segment control; every selection reloads page 1.
    public var segmentSelection: EventsScreen.EventSegment = .received {
        didSet { loadFirstPage() }
    }

    public var isPerformed: Bool { segmentSelection == .performed }

    /// What each cell shows, as the spec's `items` has it.
    public var itemsValue: [EventsScreen.EventCell] { items.map(\.row) }

    private let user: EventsScreen.User
    private let load: Load
    private var page = 1
    private var firstPage: Task<Void, Never>?
    private var nextPage: Task<Void, Never>?

    /// The events of `user`, loaded with `load`.
    public init(user: EventsScreen.User, load: @escaping Load) {
        self.user = user
        self.load = load
        navigationTitle = user.login
        imageUrl = user.avatarUrl
        hidesSegment = user.kind == .organization
        loadFirstPage()
    }

    public func headerRefresh() { loadFirstPage() }

    public func footerRefresh() {
        nextPage?.cancel()
        let arguments = EventsScreen.GithubEventsArguments(login: user.login, segment: segmentSelection, page: page + 1)
        nextPage = Task { [load] in
            do {
                let events = try await load(arguments)
                guard !Task.isCancelled else { return }
                items += cells(events)
                page += 1
            } catch is CancellationError {
            } catch {
                nextPageErrors = error as? ErrorValue ?? .unknownError
            }
        }
    }

    /// A cell selected (`tableView.rx.modelSelected`): its repository.
    public func selection(_ value: EventsScreen.EventCell) { route = .repository(value.event.repository) }

    /// The avatar of the cell of event `id`, tapped: its cell's view model says so.
    public func itemsAvatarTap(row id: Int) {
        items.first { $0.event.id == id }?.avatarTap()
    }

    /// The cells of `events`: a cell whose event is still there is kept, as a diffable data
    /// source keeps it, and shows the event as it now is.
    private func cells(_ events: [EventsScreen.Event]) -> [EventCellViewModel] {
        events.map { event in
            let cell = items.first { $0.event.id == event.id } ?? EventCellViewModel(event: event) { [weak self] in
                self?.route = .user($0.actor)
            }
            cell.event = event
            return cell
        }
    }

    private func loadFirstPage() {
        firstPage?.cancel()
        let arguments = EventsScreen.GithubEventsArguments(login: user.login, segment: segmentSelection, page: 1)
        firstPage = Task { [load] in
            do {
                let events = try await load(arguments)
                guard !Task.isCancelled else { return }
                items = cells(events)
                page = 1
            } catch is CancellationError {
            } catch {
                firstPageErrors = error as? ErrorValue ?? .unknownError
            }
        }
    }
}

/// Seed 004's `EventCellViewModel(with: event)`: what a cell shows of its event, and the tap on
/// its profile image, which opens the event's actor.
@MainActor
public final class EventCellViewModel {
    /// The event the cell shows.
    public internal(set) var event: EventsScreen.Event
    private let avatarTapped: (EventsScreen.Event) -> Void

    /// The cell of `event`; `avatarTapped` hears its avatar's taps.
    init(event: EventsScreen.Event, avatarTapped: @escaping (EventsScreen.Event) -> Void) {
        self.event = event
        self.avatarTapped = avatarTapped
    }

    public var title: String { event.title }
    public var login: String { event.actor.login }
    public var avatarUrl: String? { event.actor.avatarUrl }
    public var repositoryName: String { event.repository.fullName }

    /// The profile image inside the cell, tapped.
    public func avatarTap() { avatarTapped(event) }

    /// The cell as the spec's `EventCell` row: its event and what it shows.
    var row: EventsScreen.EventCell {
        // What the cell shows is part of the row too (its labels' text, its image).
        EventsScreen.EventCell(event: event, title: title, login: login, avatarUrl: avatarUrl, repositoryName: repositoryName,
                               titleLabelText: title, loginLabelText: login, repositoryLabelText: repositoryName, avatarImageImage: avatarUrl)
    }
}
