import SpecRuntime
import TypedScreens

/// Seed 004's events view model (a user's GitHub events, in two segments, with paging) for Swift
/// Concurrency: page 1 of the selected segment at start, on a header refresh and on a segment
/// change, each cancelling the load before; the next page on a footer refresh, appended.
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
    public private(set) var items: [EventsScreen.Event] = []
    public private(set) var firstPageErrors: ErrorValue?
    public private(set) var nextPageErrors: ErrorValue?
    /// The last place a cell asked to open.
    public private(set) var route: Route?

    /// The segment control; every selection reloads page 1.
    public var segmentSelection: EventsScreen.EventSegment = .received {
        didSet { loadFirstPage() }
    }

    public var isPerformed: Bool { segmentSelection == .performed }

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
                items += events
                page += 1
            } catch is CancellationError {
            } catch {
                nextPageErrors = error as? ErrorValue ?? .unknownError
            }
        }
    }

    public func selection(_ value: EventsScreen.Event) { route = .repository(value.repository) }

    public func avatarSelection(_ value: EventsScreen.Event) { route = .user(value.actor) }

    private func loadFirstPage() {
        firstPage?.cancel()
        let arguments = EventsScreen.GithubEventsArguments(login: user.login, segment: segmentSelection, page: 1)
        firstPage = Task { [load] in
            do {
                let events = try await load(arguments)
                guard !Task.isCancelled else { return }
                items = events
                page = 1
            } catch is CancellationError {
            } catch {
                firstPageErrors = error as? ErrorValue ?? .unknownError
            }
        }
    }
}
