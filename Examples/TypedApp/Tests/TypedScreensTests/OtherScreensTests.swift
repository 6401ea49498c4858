import SpecRuntime
import Testing
import TypedScreens

/// The other shipped specs' generated screens, each driven through its typed members.
// A screen that never emits what a test waits for fails it, on any machine, instead of hanging.
@Suite(.timeLimit(.minutes(5))) struct OtherScreensTests {
    static let goal = CompletionScreen.Goal(
        goalId: 4, title: "Run 5k", startDate: "2024-01-01", endDate: "2024-02-01", reward: nil, hasRetrospect: false)

    @Test func completionLoadsGoalsAndOpensTheReviewWithTypedParameters() async throws {
        let screen = try CompletionScreen()
        screen.services.api.retrospectCount { 2 }
        screen.services.api.goals { arguments in
            #expect(arguments.lastGoalId == -1)
            return CompletionScreen.GoalPage(contents: [Self.goal], next: false)
        }
        screen.start()
        let items = screen.values.items
        screen.viewDidAppear()
        let cells = try #require(try await first(items) { !$0.isEmpty })
        #expect(cells.map(\.title) == ["Run 5k"])
        #expect(cells.first?.reward == "")
        _ = try await first(screen.values.message) { $0.contains("2") }
        #expect(screen.retrospectCount.value == 2)
        #expect(screen.isLastPage)

        let destinations = screen.values.goalSelected
        screen.selection(cells[0])
        guard case .completionReview(let parameters) = try #require(try await first(destinations)) else {
            Issue.record("expected the review screen")
            return
        }
        let review = try CompletionReviewScreen(parameters)
        review.services.api.postReview { arguments in
            #expect(arguments == CompletionReviewScreen.ApiPostReviewArguments(goalId: 4, text: "Worth it."))
            return 1
        }
        review.start()
        #expect(review.title == "Run 5k")
        #expect(review.canSave == false)
        review.text = "Worth it."
        #expect(review.canSave)
        let modal = review.values.presentModal
        review.saveTapped()
        #expect(try await first(modal) == true)
        #expect(review.save.elements == 1)
        review.stop()
        screen.stop()
    }

    /// An action whose work is a stream: the provider's 503 is retried within the same send (a
    /// second later, on the real clock), and the countdown action runs from its answer.
    @Test func signInRetriesTheSendAndCountsDownFromTheAnswer() async throws {
        let screen = try SignInScreen()
        let calls = Inbox<String>()
        screen.services.auth.sendCode { arguments in
            calls.append(arguments.phone)
            if calls.all.count == 1 { throw ServiceFailure.http(503) }
            return true
        }
        screen.start()
        screen.phone = "555 010 0199"
        #expect(screen.sendCode.enabled)
        let ticks = screen.values.countdown.elements
        screen.sendTap()
        #expect(try await first(ticks) == 29)
        #expect(calls.all == ["555 010 0199", "555 010 0199"])
        #expect(screen.sendCode.elements == true)
        #expect(screen.countdown.executing)
        #expect(screen.sendCode.enabled == false)
        // Read after the first tick on the real clock: a loaded machine may have ticked again.
        let title = screen.resendTitle
        let seconds = Int(title.dropFirst("Resend in ".count).dropLast())
        #expect(title.hasPrefix("Resend in ") && title.hasSuffix("s") && (1...29).contains(seconds ?? 0), "\(title)")
        screen.stop()
    }

    @Test func theRepositoryListAppendsPagesThroughItsAction() async throws {
        let screen = try RepoListScreen()
        screen.services.github.repos { arguments in
            arguments.page == 1 ? [RepoListScreen.Repo(name: "RxSwift", author: "ReactiveX")] : []
        }
        screen.start()
        var done = screen.values.loadMore.elements.makeAsyncIterator()
        screen.loadMore.execute()
        _ = try await done.next()
        #expect(screen.repos.map(\.name) == ["RxSwift"])
        #expect(screen.page == 1)
        screen.loadMore.execute()
        _ = try await done.next()
        #expect(screen.canLoadMore == false)
        #expect(screen.loadMore.enabled == false)
        screen.stop()
    }

    @Test func theWeatherKeepsTheNewestAnswerAndShowsAFailure() async throws {
        let screen = try WeatherScreen()
        screen.services.openWeatherMap.weather { arguments in
            if arguments.city == "Nowhere" { throw ServiceFailure.http(404) }
            return WeatherScreen.Weather(name: arguments.city, degrees: 71.5)
        }
        screen.start()
        let names = screen.values.cityName
        screen.searchText("Seoul")
        _ = try await first(names) { $0 == "Seoul" }
        #expect(screen.degrees == "71.5°F")
        #expect(screen.weather.latest == WeatherScreen.Weather(name: "Seoul", degrees: 71.5))
        let messages = screen.values.errorMessage
        screen.searchText("Nowhere")
        let message = try #require(try await first(messages))
        #expect(message.contains("404"))
        #expect(screen.weather.errors?.status == 404)
        screen.stop()
    }

    @Test func locationCountsFixesFromItsValueInput() async throws {
        let screen = try LocationScreen()
        screen.start()
        #expect(screen.latest == nil)
        let counts = screen.values.count
        screen.locationsUpdated([LocationScreen.Location(latitude: 37.5, longitude: 127.0), LocationScreen.Location(latitude: 37.6, longitude: 127.1)])
        _ = try await first(counts) { $0 == 2 }
        #expect(screen.latest == LocationScreen.Location(latitude: 37.6, longitude: 127.1))
        screen.stop()
    }

    @Test func theColorPickerTakesAColourValue() async throws {
        let screen = try ColorPickerScreen()
        screen.start()
        #expect(screen.white == ColorValue(white: 1))
        let colors = screen.values.white
        screen.white = ColorValue(white: 0.3)
        _ = try await first(colors) { $0 == ColorValue(white: 0.3) }
        #expect(screen.white == ColorValue(white: 0.3))
        screen.stop()
    }

    @Test func userAndRepositoryAreMadeFromTheirTypedParameters() throws {
        let organization = try UserScreen(user: UserScreen.User(login: "ReactiveX", avatarUrl: nil, kind: .organization))
        organization.start()
        #expect(organization.isOrganization)
        #expect(organization.imageUrl == nil)
        organization.stop()
        let repository = try RepositoryScreen(repository: RepositoryScreen.Repository(fullName: "apple/swift", stars: 67000))
        repository.start()
        #expect(repository.navigationTitle == "apple/swift")
        repository.stop()
    }
}
