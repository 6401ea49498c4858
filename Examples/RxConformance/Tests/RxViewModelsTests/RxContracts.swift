import RxConformance
import RxViewModels
import SpecRuntime

/// The contracts of the RxSwift view models: each member of the spec by its name, inputs fed to
/// the view model's relays through the scheduler, outputs subscribed as pushed streams (every
/// element counts). What a spec has and these leave out — state, the streams a view model reads
/// itself, `Void` streams, navigations — is left out as the generated contracts leave it out.
@MainActor
enum RxContracts {
    static var login: ScreenContract<RxTested<LoginViewModel>> {
        // doc: rx contract
        ScreenContract<RxTested<LoginViewModel>>(program: LoginScreen.program)
            .input("email") { (model, value: String) in model.feed { $0.input.email.accept(value) } }
            .input("password") { (model, value: String) in model.feed { $0.input.password.accept(value) } }
            .event("confirm") { model in model.feed { $0.input.confirm.accept(()) } }
            .action("login") { model in model.feed { $0.login.execute() } }
            .stream("canLogin") { model, emit in model.stream("canLogin", model.viewModel.output.canLogin, emit) }
            .stream("login.enabled") { model, emit in model.stream("login.enabled", model.viewModel.login.enabled, emit) }
            .stream("login.executing") { model, emit in model.stream("login.executing", model.viewModel.login.executing, emit) }
            .stream("login.errors") { model, emit in model.stream("login.errors", model.viewModel.login.errors, emit) }
        // end doc
    }

    static var weather: ScreenContract<RxTested<WeatherViewModel>> {
        ScreenContract<RxTested<WeatherViewModel>>(program: WeatherScreen.program)
            .valueInput("searchText") { (model, value: String) in model.feed { $0.input.searchText.accept(value) } }
            .stream("cityName") { model, emit in model.stream("cityName", model.viewModel.output.cityName, emit) }
            .stream("degrees") { model, emit in model.stream("degrees", model.viewModel.output.degrees, emit) }
            .stream("errorMessage") { model, emit in model.stream("errorMessage", model.viewModel.output.errorMessage, emit) }
    }

    static var search: ScreenContract<RxTested<SearchViewModel>> {
        ScreenContract<RxTested<SearchViewModel>>(program: SearchScreen.program)
            .input("query") { (model, value: String) in model.feed { $0.input.query.accept(value) } }
            .stream("repositories") { model, emit in model.stream("repositories", model.viewModel.output.repositories, emit) }
            .stream("message") { model, emit in model.stream("message", model.viewModel.output.message, emit) }
    }

    static var events: ScreenContract<RxTested<EventsViewModel>> {
        ScreenContract<RxTested<EventsViewModel>>(program: EventsScreen.program)
            .event("headerRefresh") { model in model.feed { $0.input.headerRefresh.accept(()) } }
            .event("footerRefresh") { model in model.feed { $0.input.footerRefresh.accept(()) } }
            .input("segmentSelection") { (model, value: EventsScreen.EventSegment) in model.feed { $0.input.segmentSelection.accept(value) } }
            // The row selected is the model of its cell, as `modelSelected` gives it.
            .valueInput("selection") { (model, value: EventsScreen.EventCell) in model.feed { $0.input.selection.accept(EventCellViewModel(event: value.event)) } }
            // A tap on the avatar of the cell of event `row`, when that cell is shown.
            .rowEvent("items.avatarTap") { (model, row: Int) in
                model.feed { viewModel in viewModel.output.items.value.first { $0.event.id == row }?.avatarTap.accept(()) }
            }
            .stream("navigationTitle") { model, emit in model.stream("navigationTitle", model.viewModel.output.navigationTitle, emit) }
            .stream("imageUrl") { model, emit in model.stream("imageUrl", model.viewModel.output.imageUrl, emit) }
            .stream("hidesSegment") { model, emit in model.stream("hidesSegment", model.viewModel.output.hidesSegment, emit) }
            .stream("items") { model, emit in model.stream("items", model.viewModel.output.items.map { $0.map(Self.row) }, emit) }
            .stream("isPerformed") { model, emit in model.stream("isPerformed", model.viewModel.output.isPerformed, emit) }
            .stream("firstPage.errors") { model, emit in model.stream("firstPage.errors", model.viewModel.output.firstPageErrors, emit) }
            .stream("nextPage.errors") { model, emit in model.stream("nextPage.errors", model.viewModel.output.nextPageErrors, emit) }
    }

    /// A cell's view model as the spec's `EventCell` row: its event and what it shows.
    private static func row(_ cell: EventCellViewModel) -> EventsScreen.EventCell {
        EventsScreen.EventCell(event: cell.event, title: cell.title, login: cell.login, avatarUrl: cell.avatarUrl, repositoryName: cell.repositoryName,
                               titleLabelText: cell.title, loginLabelText: cell.login, repositoryLabelText: cell.repositoryName, avatarImageImage: cell.avatarUrl)
    }
}
