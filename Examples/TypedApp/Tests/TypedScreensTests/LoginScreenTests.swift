import SpecRuntime
import Testing
import TypedScreens

/// login.yaml's generated screen, as docs/generated-code.md uses it: no string names.
// A screen that never emits what a test waits for fails it, on any machine, instead of hanging.
@Suite(.timeLimit(.minutes(5))) struct LoginScreenTests {
    @Test func theFormEnablesTheButtonAndTheActionCallsTheService() async throws {
        let screen = try LoginScreen()
        let calls = Inbox<LoginScreen.AuthSignInArguments>()
        let answer = Gate()
        screen.services.auth.signIn { arguments in
            calls.append(arguments)
            await answer.wait()
        }
        // Before start, an output reads what start() will give it.
        #expect(screen.canLogin == false)
        screen.start()
        screen.email = "someone@example.com"
        #expect(screen.canLogin == false)
        screen.password = "hunter2"
        let valid: Bool = screen.canLogin
        #expect(valid)
        #expect(screen.login.enabled)
        let executing = screen.values.login.executing
        screen.confirm()
        #expect(screen.login.executing)
        answer.open()
        _ = try await first(executing.dropFirst()) { $0 == false }
        #expect(screen.login.executing == false)
        #expect(calls.all == [LoginScreen.AuthSignInArguments(email: "someone@example.com", password: "hunter2")])
        screen.stop()
    }

    @Test func aRefusalOfTheServiceIsTheActionsTypedError() async throws {
        let screen = try LoginScreen()
        screen.services.auth.signIn { _ in throw ServiceFailure.http(401) }
        screen.start()
        screen.email = "someone@example.com"
        screen.password = "wrong-password"
        let errors = screen.values.login.errors
        screen.login.execute()
        let error = try #require(try await first(errors))
        #expect(error.kindName == "http")
        #expect(error.status == 401)
        #expect(screen.login.errors == error)
        screen.stop()
    }

    @Test func aDisabledActionAnswersNotEnabled() async throws {
        let screen = try LoginScreen()
        screen.start()
        screen.email = "a@b.co"
        let errors = screen.values.login.errors
        screen.login.execute()
        let error = try #require(try await first(errors))
        #expect(error.kindName == "notEnabled")
        screen.stop()
    }

    @Test func outputsAreObservedAsTypedSequences() async throws {
        let screen = try LoginScreen()
        screen.start()
        var changes = screen.values.canLogin.makeAsyncIterator()
        #expect(try await changes.next() == false)
        screen.email = "someone@example.com"
        screen.password = "hunter2"
        #expect(try await changes.next() == true)
        screen.stop()
        // The sequence ends when the screen stops.
        #expect(try await changes.next() == nil)
    }

    @Test func aWriteBeforeStartIsReportedNotTrapped() throws {
        let screen = try LoginScreen()
        let reports = Inbox<String>()
        screen.onMisuse { reports.append($0) }
        screen.email = "early@example.com"
        #expect(reports.all.count == 1)
        #expect(reports.all.first?.contains("start()") == true)
        #expect(screen.email == "")
    }

    @MainActor
    @Test func theObservableModelFollowsTheScreen() async throws {
        let model = try LoginModel()
        model.start()
        #expect(model.canLogin == false)
        model.email = "someone@example.com"
        model.password = "hunter2"
        #expect(model.email == "someone@example.com")
        #expect(model.canLogin)
        #expect(model.loginEnabled)
        model.stop()
    }
}
