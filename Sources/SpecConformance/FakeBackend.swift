import Foundation
import SpecRuntime

/// The spec's fake services as a view model under test calls them: the same plans the spec's
/// graph answers from (the scenario's overrides applied), each counting its own calls, answering
/// after their latency on the run's time.
@MainActor
final class FakeBackend {
    private let spec: CheckedSpec
    private let services: [ServicePlan]
    /// The spec's types with one record per service that takes parameters (`auth.signIn.arguments`),
    /// which a view model's arguments are encoded as.
    private let types: TypeTable
    private let time: any ConformanceTime
    private var calls: [Int]
    /// Mistakes of the test itself (an unknown service, arguments that do not fit).
    private(set) var problems: [String] = []

    init(spec: CheckedSpec, services: [ServicePlan], time: any ConformanceTime) {
        self.spec = spec
        self.services = services
        self.time = time
        calls = Array(repeating: 0, count: services.count)
        var types = spec.types
        for plan in services {
            if let parameters = plan.params, !parameters.isEmpty { types.records[plan.name + ".arguments"] = parameters.map { ($0.name, $0.type) } }
        }
        self.types = types
    }

    func misuse(_ message: String) { problems.append(message) }

    /// The next answer of `name` to `arguments`, counted as a call.
    func answer<Arguments: Encodable, Answer: Decodable>(_ name: String, _ arguments: Arguments, as: Answer.Type) -> (latency: Int, result: Result<Answer, ErrorValue>) {
        guard let index = services.firstIndex(where: { $0.name == name }) else {
            misuse("the view model called '\(name)', which the spec does not declare (it has \(services.map(\.name).joined(separator: ", ")))")
            return (0, .failure(ErrorValue.unknownError))
        }
        let plan = services[index]
        let parameters = plan.params ?? []
        var values: [Value] = []
        if !parameters.isEmpty {
            let record = SpecType.record(name + ".arguments")
            do throws(ServiceFailure) {
                guard case .record(let fields) = try Value(encoding: arguments, as: record, types: types, path: "the arguments of '\(name)'") else {
                    return (0, .failure(ErrorValue.unknownError))
                }
                values = fields.fields
            } catch {
                misuse("the arguments of '\(name)' do not fit its params: \(error.error.message ?? "")")
                return (0, .failure(ErrorValue.unknownError))
            }
        }
        let count = calls[index]
        calls[index] += 1
        let (outcome, latency) = plan.answer(arguments: parameters.map(\.name), values, count: count)
        switch outcome {
        case .success(let value):
            return (latency, decode(value, name))
        case .failure(let error):
            return (latency, .failure(error))
        case .sequence(let events):
            // A streaming fake answers a call with its first element or its end.
            for event in events {
                switch event.event {
                case .next(let value): return (latency + event.time, decode(value, name))
                case .end(.error(let error)): return (latency + event.time, .failure(error))
                case .end: break
                }
            }
            return (latency, .failure(ErrorValue.unknownError))
        }
    }

    private func decode<Answer: Decodable>(_ value: Value, _ name: String) -> Result<Answer, ErrorValue> {
        if Answer.self == IgnoredAnswer.self, let ignored = try? JSONDecoder().decode(Answer.self, from: Data("null".utf8)) { return .success(ignored) }
        do {
            return .success(try TypedScreenCore.decode(value, as: Answer.self))
        } catch {
            misuse("the answer of '\(name)' does not decode as \(Answer.self): \(error)")
            return .failure(ErrorValue.unknownError)
        }
    }

    /// A call as the view model makes it: the answer after its latency on the run's time.
    nonisolated func call<Arguments: Encodable & Sendable, Answer: Decodable & Sendable>(_ name: String, _ arguments: Arguments, as: Answer.Type) async throws -> Answer {
        let (latency, result) = await answer(name, arguments, as: Answer.self)
        try await time.sleep(milliseconds: latency)
        return try result.get()
    }
}
