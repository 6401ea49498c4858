import SpecRuntime
import Testing
import TypedScreens

/// Seed 004's navigation: a selection becomes a typed destination carrying the next screen's
/// typed parameters, and the next screen is made from them.
// A screen that never emits what a test waits for fails it, on any machine, instead of hanging.
@Suite(.timeLimit(.minutes(5))) struct NavigationTests {
    static let octocat = EventsScreen.User(login: "octocat", avatarUrl: "https://avatars.example/octocat.png", kind: .user)
    static let event = EventsScreen.Event(
        id: 7, actor: octocat, repository: EventsScreen.Repository(fullName: "ReactiveX/RxSwift", stars: 24000), title: "starred")

    @Test func eventsLoadsItsCellsAndOpensTheRepositoryOfASelectedCell() async throws {
        let screen = try EventsScreen(user: Self.octocat)
        let asked = Inbox<EventsScreen.GithubEventsArguments>()
        screen.services.github.events { arguments in
            asked.append(arguments)
            return [Self.event]
        }
        #expect(screen.navigationTitle == "octocat")
        #expect(screen.segmentSelection == .received)
        let items = screen.values.items.value
        screen.start()
        let loaded = try await first(items) { !$0.isEmpty }
        #expect(loaded == [EventsScreen.EventCell(event: Self.event, title: "starred", login: "octocat", avatarUrl: "https://avatars.example/octocat.png", repositoryName: "ReactiveX/RxSwift",
                                                  titleLabelText: "starred", loginLabelText: "octocat", repositoryLabelText: "ReactiveX/RxSwift",
                                                  avatarImageImage: "https://avatars.example/octocat.png")])
        #expect(asked.all.first == EventsScreen.GithubEventsArguments(login: "octocat", segment: .received, page: 1))

        let destinations = screen.values.repositorySelected
        screen.selection(try #require(loaded?.first))   // tableView.rx.modelSelected: the cell's row
        let destination = try #require(try await first(destinations))
        guard case .repository(let parameters) = destination else {
            Issue.record("expected the repository, got \(destination)")
            return
        }
        #expect(parameters.repository == RepositoryScreen.Repository(fullName: "ReactiveX/RxSwift", stars: 24000))
        #expect(screen.repositorySelected == destination)
        let next = try RepositoryScreen(parameters)
        next.start()
        #expect(next.navigationTitle == "ReactiveX/RxSwift")
        next.stop()
        screen.stop()
    }

    @Test func aCellsAvatarOpensTheUserScreen() async throws {
        let screen = try EventsScreen(user: Self.octocat)
        screen.services.github.events { _ in [Self.event] }
        let items = screen.values.items.value
        screen.start()
        _ = try await first(items) { !$0.isEmpty }
        let destinations = screen.values.userSelected
        screen.items.avatarTap(row: 7)        // the avatar of the cell of event 7
        guard case .user(let parameters) = try #require(try await first(destinations)) else {
            Issue.record("expected the user screen")
            return
        }
        let user = try UserScreen(parameters)
        user.start()
        #expect(user.navigationTitle == "octocat")
        #expect(user.isOrganization == false)
        user.stop()
        screen.stop()
    }

    @Test func theSegmentIsATypedEnumInput() async throws {
        let screen = try EventsScreen(user: Self.octocat)
        let segments = Inbox<EventsScreen.EventSegment>()
        screen.services.github.events { arguments in
            segments.append(arguments.segment)
            return []
        }
        screen.start()
        let refreshes = screen.values.refresh
        screen.segmentSelection = .performed
        _ = try await first(refreshes) { $0 == .performed }
        #expect(screen.isPerformed)
        screen.stop()
    }
}
