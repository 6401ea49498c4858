import RxRelay
import RxScreens
import RxSwift
import SpecRuntime
import Testing
#if canImport(RxCocoa)
import Action
import RxCocoa
#endif

/// The RxSwift shape of generated screens, driven as the seeds' view controllers drive a view
/// model: relays in, drivers and signals out (Observables on Linux, which has no RxCocoa), and
/// actions (`Action` on Apple platforms, `RxAction` with its names on Linux).
@MainActor
@Suite(.timeLimit(.minutes(5))) struct RxShapeTests {
    @Test func relaysInValuesOut() throws {
        let viewModel = try LoginViewModel()
        viewModel.screen.start()
        let bag = DisposeBag()
        var valid: [Bool] = []
        #if canImport(RxCocoa)
        viewModel.output.canLogin.drive(onNext: { valid.append($0) }).disposed(by: bag)
        #else
        viewModel.output.canLogin.subscribe(onNext: { valid.append($0) }).disposed(by: bag)
        #endif
        viewModel.input.email.accept("someone@example.com")
        #expect(viewModel.screen.email == "someone@example.com")
        viewModel.input.password.accept("hunter2")
        #expect(viewModel.screen.canLogin)
        #expect(valid == [false, true])
        viewModel.input.confirm.accept(())
        #expect(viewModel.screen.login.executing)
        viewModel.screen.stop()
    }

    @Test func theActionExecutesTheSpecsAction() async throws {
        let viewModel = try LoginViewModel()
        viewModel.screen.services.auth.signIn { _ in }
        viewModel.screen.start()
        viewModel.input.email.accept("someone@example.com")
        viewModel.input.password.accept("hunter2")
        var elements = 0
        for try await _ in viewModel.login.execute().values { elements += 1 }
        #expect(elements == 1)
        #expect(viewModel.screen.login.executing == false)
        viewModel.screen.stop()
    }

    /// Work that is a stream: `execute()` gives each element of the execution, then completes
    /// when the execution ends, as the `Action` library's execute does with its work's observable.
    @Test func workThatIsAStreamGivesEveryElement() async throws {
        let viewModel = try CountdownViewModel()
        viewModel.screen.start()
        var elements: [Int] = []
        for try await n in viewModel.count.execute().values { elements.append(n) }
        #expect(elements == [3, 2, 1])
        #expect(viewModel.screen.count.executing == false)
        viewModel.screen.stop()
    }

    @Test func aRefusalReachesTheActionAsItsError() async throws {
        let viewModel = try LoginViewModel()
        viewModel.screen.services.auth.signIn { _ in throw ServiceFailure.http(401) }
        viewModel.screen.start()
        viewModel.input.email.accept("someone@example.com")
        viewModel.input.password.accept("wrong-password")
        do {
            for try await _ in viewModel.login.execute().values {}
            Issue.record("the action succeeded")
        } catch {
            #if canImport(RxCocoa)
            guard case ActionError.underlyingError(let underlying) = error else {
                Issue.record("expected the underlying error, got \(error)")
                return
            }
            let value = try #require(underlying as? ErrorValue)
            #else
            let value = try #require(error as? ErrorValue)
            #endif
            #expect(value.status == 401)
        }
        viewModel.screen.stop()
    }

    @Test func aDisabledActionIsRefused() async throws {
        let viewModel = try LoginViewModel()
        viewModel.screen.start()
        viewModel.input.email.accept("a@b.co")
        var enabled: [Bool] = []
        let bag = DisposeBag()
        viewModel.login.enabled.subscribe(onNext: { enabled.append($0) }).disposed(by: bag)
        #expect(enabled.last == false)
        do {
            for try await _ in viewModel.login.execute().values {}
            Issue.record("a disabled action ran")
        } catch {
            #if canImport(RxCocoa)
            guard case ActionError.notEnabled = error else {
                Issue.record("expected notEnabled, got \(error)")
                return
            }
            #else
            #expect((error as? ErrorValue)?.kindName == "notEnabled")
            #endif
        }
        viewModel.screen.stop()
    }

    /// demos/names.yaml names its inputs, outputs and action as the shape's own code names its
    /// parts (`bag`, `input`, `output`, `disposeBag`, `box`): the class compiles and plays them.
    @Test func theShapesOwnNamesAreSpecNamesToo() async throws {
        let viewModel = try NamesViewModel()
        viewModel.screen.services.api.twice { $0.n * 2 }
        viewModel.screen.start()
        viewModel.input.bag.accept("abc")
        viewModel.input.input.accept(())
        #expect(viewModel.screen.total == 4)
        #expect(viewModel.screen.disposeBag == "abc!")
        var elements: [Int] = []
        for try await n in viewModel.box.execute(5).values { elements.append(n) }
        #expect(elements == [10])
        #expect(viewModel.screen.last == 10)
        viewModel.screen.stop()
    }

    /// demos/checkout.yaml is the docs' Checkout: each address form is a view model used by
    /// itself, whose inputs are relays of the child's values alone (no row).
    @Test func aChildsInputsAreRelaysOfItsValues() async throws {
        let viewModel = try CheckoutViewModel(total: 42)
        viewModel.screen.services.postcodes.lookup { _ in "Springfield" }
        viewModel.screen.start()
        viewModel.input.shippingName.accept("Ada")
        viewModel.input.shippingPostcode.accept("12345")
        #expect(viewModel.screen.shipping.value.code == "12345")
        #expect(viewModel.screen.shippingEdits == 1)
        var cities: [String] = []
        for try await form in viewModel.screen.values.shipping.value where !form.city.isEmpty {
            cities.append(form.city)
            break
        }
        #expect(cities == ["Springfield"])
        #expect(viewModel.screen.canPay)
        viewModel.screen.stop()
    }

    /// demos/forms.yaml is the docs' Forms: a child's event is a relay of `Void`, and its input
    /// with a default a property of the child's struct.
    @Test func aChildsEventIsAVoidRelay() throws {
        let viewModel = try FormsViewModel()
        viewModel.screen.start()
        viewModel.input.shippingName.accept("Ada")
        #expect(viewModel.screen.canGo)
        viewModel.input.shippingClear.accept(())
        #expect(viewModel.screen.shipping.value.name.isEmpty && !viewModel.screen.canGo)
        viewModel.screen.stop()
    }

    @Test func aSelectionIsAStreamOfTypedDestinations() async throws {
        let octocat = EventsScreen.User(login: "octocat", avatarUrl: nil, kind: .user)
        let event = EventsScreen.Event(id: 1, actor: octocat, repository: EventsScreen.Repository(fullName: "ReactiveX/RxSwift", stars: 1), title: "starred")
        let viewModel = try EventsViewModel(user: octocat)
        viewModel.screen.services.github.events { _ in [event] }
        let bag = DisposeBag()
        var destinations: [EventsScreen.Destination] = []
        #if canImport(RxCocoa)
        viewModel.output.repositorySelected.emit(onNext: { destinations.append($0) }).disposed(by: bag)
        #else
        viewModel.output.repositorySelected.subscribe(onNext: { destinations.append($0) }).disposed(by: bag)
        #endif
        viewModel.screen.start()
        // tableView.rx.modelSelected: the row of the cell selected.
        viewModel.input.selection.accept(EventsScreen.EventCell(event: event, title: "starred", login: "octocat", repositoryName: "ReactiveX/RxSwift",
                                                                          titleLabelText: "starred", loginLabelText: "octocat", repositoryLabelText: "ReactiveX/RxSwift"))
        let expected = EventsScreen.Destination.repository(RepositoryScreen.Parameters(repository: RepositoryScreen.Repository(fullName: "ReactiveX/RxSwift", stars: 1)))
        #expect(destinations == [expected])
        viewModel.screen.stop()
    }
}
