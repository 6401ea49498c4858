import AppViewModels
import SpecConformance
import SpecRuntime
import Testing
import TypedScreens

/// Each hand-written view model against the spec it implements: every written scenario, then the
/// paths exploration finds, compared output by output and instant by instant.
@MainActor
struct ConformingViewModelsTests {
    // doc: first check
    @Test func loginWithAsyncAwait() async throws {
        let conformance = try Conformance(LoginScreen.contract) { env in
            LoginViewModel(signIn: env.service("auth.signIn"))
        }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 6)
        #expect(report.explored > 100)
    }
    // end doc

    @Test func loginWithObservation() async throws {
        let conformance = try Conformance(LoginScreen.contract) { env in
            LoginObservableModel(signIn: env.service("auth.signIn"))
        }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.explored > 100)
    }

    @Test func weather() async throws {
        let conformance = try Conformance(WeatherScreen.contract) { env in
            WeatherViewModel(fetch: env.service("openWeatherMap.weather"))
        }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 5)
        #expect(report.outputs == ["cityName", "degrees", "errorMessage"])
    }

    @Test func eventsWithPaging() async throws {
        let conformance = try Conformance(EventsScreen.contract) { env in
            EventsViewModel(user: try env.parameters(as: EventsScreen.Parameters.self).user, load: env.service("github.events"))
        }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios >= 4)
        #expect(report.explored > 10)
    }

    // doc: clock
    @Test func searchWithAClock() async throws {
        let conformance = try Conformance(SearchScreen.contract) { env in
            SearchViewModel(clock: env.clock, search: env.service("github.search"))
        }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 4)
        #expect(report.explored > 100)
    }
    // end doc

    @Test func aContractWrittenByHand() async throws {
        // doc: contract by hand
        let contract = ScreenContract<WeatherViewModel>(program: WeatherScreen.program)
            .valueInput("searchText") { (model, value: String) in model.searchText(value) }
            .output("cityName") { $0.cityName }
            .output("errorMessage") { $0.errorMessage }
        // end doc
        let conformance = try Conformance(contract) { env in WeatherViewModel(fetch: env.service("openWeatherMap.weather")) }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.outputs == ["cityName", "errorMessage"])
    }

    /// The rows of `cells:`: the scenario's and the explored paths' inputs of rows reach the view
    /// model through the generated contract's `cartIncrement(row:)`, `cartQuantity(_:row:)`…
    @Test func cartRows() async throws {
        let conformance = try Conformance(CartScreen.contract) { _ in CartViewModel() }
        let report = await conformance.check()
        #expect(report.passed, "\(report)")
        #expect(report.scenarios == 1)
        #expect(report.outputs == ["total", "titles", "cart", "cart.increment", "cart.quantity"])
        #expect(report.explored > 20)
    }

    @Test func cartRowsByHand() async throws {
        // doc: rows by hand
        let contract = ScreenContract<CartViewModel>(program: CartScreen.program)
            .rowEvent("cart.increment") { (model, row: Int) in model.cartIncrement(row: row) }
            .rowInput("cart.quantity") { (model, row: Int, value: Int) in model.cartQuantity(value, row: row) }
            .rowEvent("cart.remove") { (model, row: Int) in model.cartRemove(row: row) }
            .output("total") { $0.total }
        // end doc
        let report = await (try Conformance(contract) { _ in CartViewModel() }).check()
        #expect(report.passed, "\(report)")
    }

    @Test func aNameTheSpecDoesNotHaveIsRefusedAtOnce() throws {
        let contract = ScreenContract<WeatherViewModel>(program: WeatherScreen.program).output("city") { $0.cityName }
        #expect(throws: ConformanceError.self) {
            try Conformance(contract) { env in WeatherViewModel(fetch: env.service("openWeatherMap.weather")) }
        }
    }
}
