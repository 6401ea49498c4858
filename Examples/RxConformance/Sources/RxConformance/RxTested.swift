import RxSwift
import RxTest
import SpecConformance
import SpecRuntime

/// An RxSwift view model as a conformance run holds it: the view model and the time it lives
/// in. A contract over it (`ScreenContract<RxTested<LoginViewModel>>`) feeds the view model's
/// relays through the scheduler and subscribes its outputs as pushed streams:
///
/// ```swift
/// ScreenContract<RxTested<LoginViewModel>>(program: LoginScreen.program)
///     .input("email") { (model, value: String) in model.feed { $0.input.email.accept(value) } }
///     .stream("canLogin") { model, emit in model.stream("canLogin", model.viewModel.output.canLogin, emit) }
/// ```
@MainActor
public final class RxTested<ViewModel> {
    /// The view model under test.
    public let viewModel: ViewModel
    /// Its time.
    public let time: RxTestTime

    /// `viewModel`, living in `time`.
    public init(_ viewModel: ViewModel, time: RxTestTime) {
        self.viewModel = viewModel
        self.time = time
    }

    /// Runs `work` on the view model through the scheduler, now (``RxTestTime/feed(_:)``).
    public func feed(_ work: @escaping (ViewModel) -> Void) {
        let viewModel = viewModel
        time.feed { work(viewModel) }
    }

    /// Subscribes `source` for the runner, each element passed to `emit` at the scheduler's
    /// instant, and records it with a `TestableObserver` under `name` for the failure messages.
    public func stream<Element>(_ name: String, _ source: Observable<Element>, _ emit: @escaping @MainActor @Sendable (Element) -> Void) {
        time.record(name, source)
        _ = source.subscribe(onNext: { element in MainActor.assumeIsolated { emit(element) } })
    }
}

/// The runs a check made, for a failure message: the last one's recordings are those of the
/// shrunk divergence, which the check plays last.
@MainActor
public final class RxTestRuns {
    /// The last run's time.
    public private(set) var last: RxTestTime?
    /// How many runs were made.
    public private(set) var count = 0

    /// No run yet.
    public init() {}

    func made(_ time: RxTestTime) {
        last = time
        count += 1
    }

    /// The last run's outputs as its `TestableObserver`s recorded them.
    public var lastRecordings: String { last?.recordings ?? "no run" }
}

extension Conformance {
    /// A check of RxSwift view models on RxTest's `TestScheduler`: each run on a new
    /// ``RxTestTime``, its view model made by `make` with the run's environment (whose
    /// ``ConformanceEnvironment/single(_:as:)`` services answer on the scheduler) and its scheduler.
    ///
    /// `equivalence` is RxTest's by default: per output and instant only the last element counts,
    /// so the intermediate element a `combineLatest` over one source emits is not a divergence.
    public init<ViewModel>(rx contract: ScreenContract<RxTested<ViewModel>>, equivalence: Equivalence = .rxTest, runs: RxTestRuns? = nil,
                           make: @escaping @MainActor (ConformanceEnvironment, TestScheduler) throws -> ViewModel) throws(ConformanceError)
    where Model == RxTested<ViewModel> {
        try self.init(contract, equivalence: equivalence, time: { RxTestTime() }) { env in
            let time = env.rxTestTime
            runs?.made(time)
            return RxTested(try make(env, time.scheduler), time: time)
        }
    }
}
