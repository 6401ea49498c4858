import RxRelay
import RxSwift
import SpecRuntime

/// The Action library's `Action` (RxSwiftCommunity/Action 5) in plain RxSwift, for where it is
/// not (it needs RxCocoa, which does not build on Linux): the same `enabled`, `executing`,
/// `elements` and `errors`, made the way `Action.init(enabledIf:workFactory:)` makes them, with
/// the spec's `ErrorValue` as its errors (`notEnabled` for a refusal, the work's own failure
/// otherwise) instead of `ActionError`.
public final class RxAction<Input, Element> {
    /// Whether it may run now: `enabledIf` and not executing (on from the moment it is made, as
    /// `Action`'s `BehaviorSubject` is).
    public let enabled: Observable<Bool>
    /// Whether its work runs: `false` first, then `true` and `false` around each execution.
    public let executing: Observable<Bool>
    /// Each element of its work.
    public let elements: Observable<Element>
    /// Each failure of its work, and each refusal while disabled (`notEnabled`).
    public let errors: Observable<ErrorValue>

    private let inputs = PublishRelay<Input>()
    private let disposeBag = DisposeBag()

    /// An action enabled while `enabledIf`'s latest is true and it does not execute, running
    /// `workFactory` for each input it takes while enabled. `ignoresExecuting` leaves out the
    /// second condition: a deliberate mistake, for the tests that show a check failing.
    public init(enabledIf: Observable<Bool> = .just(true), ignoresExecuting: Bool = false,
                workFactory: @escaping (Input) -> Observable<Element>) {
        let enabledSubject = BehaviorSubject<Bool>(value: false)
        enabled = enabledSubject.asObservable()
        let errorRelay = PublishRelay<ErrorValue>()
        errors = errorRelay.asObservable()

        let executions = inputs
            .withLatestFrom(enabledSubject) { input, enabled in (input, enabled) }
            .flatMap { input, enabled -> Observable<Observable<Element>> in
                guard enabled else {
                    errorRelay.accept(.notEnabled)
                    return .empty()
                }
                return .just(workFactory(input)
                    .do(onError: { errorRelay.accept($0 as? ErrorValue ?? .unknownError) })
                    .share(replay: 1, scope: .forever))
            }
            .share()

        elements = executions.flatMap { $0.catch { _ in .empty() } }
        executing = executions
            .flatMap { execution -> Observable<Bool> in
                let running = execution.flatMap { _ in Observable<Bool>.empty() }.catch { _ in .empty() }
                return .concat([.just(true), running, .just(false)])
            }
            .startWith(false)
            .share(replay: 1, scope: .forever)

        Observable
            .combineLatest(executing, enabledIf) { executing, enabled in (ignoresExecuting || !executing) && enabled }
            .subscribe(enabledSubject)
            .disposed(by: disposeBag)
    }

    /// Runs the work with `input` if enabled; reports `notEnabled` otherwise. What a button
    /// bound to the action does on a tap (`button.rx.action = action`).
    public func execute(_ input: Input) {
        inputs.accept(input)
    }
}

extension RxAction where Input == Void {
    /// Runs the work if enabled.
    public func execute() { execute(()) }
}
