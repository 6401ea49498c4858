import RxSwift
import SpecConformance
import SpecRuntime

extension ConformanceEnvironment {
    /// The run's ``RxTestTime``: the time of every run a ``Conformance/init(rx:equivalence:runs:make:)``
    /// check makes.
    public var rxTestTime: RxTestTime {
        guard let time = time as? RxTestTime else {
            preconditionFailure("an RxSwift view model needs a run on RxTestTime, this one is on \(type(of: time))")
        }
        return time
    }

    /// The spec's fake service `name` as an RxSwift view model calls it: a `Single` per call that,
    /// when subscribed, asks the fake (counting the call, as the spec's fake counts a call when
    /// its request is subscribed) and answers after the fake's latency on the run's
    /// `TestScheduler`, with its value or its ``ErrorValue``. Disposing of the subscription first
    /// (a `flatMapLatest` moving on) cancels the answer.
    public func single<Arguments: Encodable, Answer: Decodable>(_ name: String, as type: Answer.Type = Answer.self) -> (Arguments) -> Single<Answer> {
        let scheduler = rxTestTime.scheduler
        return { arguments in
            Single.create { observer in
                var answered: (latency: Int, result: Result<Answer, ErrorValue>)?
                MainActor.assumeIsolated { answered = self.answer(name, arguments, as: Answer.self) }
                guard let (latency, result) = answered else { return Disposables.create() }
                let deliver = {
                    switch result {
                    case .success(let value): observer(.success(value))
                    case .failure(let error): observer(.failure(error))
                    }
                }
                guard latency > 0 else {
                    deliver()
                    return Disposables.create()
                }
                return scheduler.scheduleRelativeVirtual((), dueTime: latency) { _ in
                    deliver()
                    return Disposables.create()
                }
            }
        }
    }

    /// A service that answers `Void`.
    public func single<Arguments: Encodable>(_ name: String) -> (Arguments) -> Single<Void> {
        let call: (Arguments) -> Single<AnyAnswer> = single(name)
        return { call($0).map { _ in () } }
    }
}

/// What a `Void` service answers: anything.
private struct AnyAnswer: Decodable {
    init(from decoder: any Decoder) throws {}
}
