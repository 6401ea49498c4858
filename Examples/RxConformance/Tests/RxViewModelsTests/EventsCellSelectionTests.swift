import RxSwift
import RxTest
import RxViewModels
import SpecRuntime
import Testing

/// Seed 004's cell selection, which a contract cannot compare (a navigation is not a value the
/// view model's output can be encoded as): tested the RxTest way, a `TestScheduler` feeding the
/// relays and `TestableObserver`s recording the screens to push, against what the spec's
/// scenario 'selecting a cell opens the repository, its avatar opens the user' expects: the cell
/// selected is its view model (`modelSelected(EventCellViewModel.self)`), and the avatar's tap is
/// on that view model's own relay.
@MainActor
struct EventsCellSelectionTests {
    static let event = EventsScreen.Event(
        id: 1, actor: .init(login: "freak4pc", kind: .user),
        repository: .init(fullName: "ReactiveX/RxSwift", stars: 24000), title: "starred ReactiveX/RxSwift")

    @Test func aCellOpensItsRepositoryAndItsAvatarTheUser() throws {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let viewModel = EventsViewModel(user: .init(login: "khoren93", kind: .user)) { _ in .just([Self.event]) }
        let cell = try #require(viewModel.output.items.value.first)
        let repositories = scheduler.createObserver(RepositoryScreen.Parameters.self)
        let users = scheduler.createObserver(UserScreen.Parameters.self)
        let bag = DisposeBag()
        viewModel.output.repositorySelected.subscribe(repositories).disposed(by: bag)
        viewModel.output.userSelected.subscribe(users).disposed(by: bag)
        scheduler.scheduleAt(100) { viewModel.input.selection.accept(cell) }
        scheduler.scheduleAt(200) { cell.avatarTap.accept(()) }
        scheduler.start()

        #expect(repositories.events == [.next(100, RepositoryScreen.Parameters(repository: .init(fullName: "ReactiveX/RxSwift", stars: 24000)))])
        #expect(users.events == [.next(200, UserScreen.Parameters(user: .init(login: "freak4pc", kind: .user)))])
    }
}
