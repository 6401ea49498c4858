import Foundation

/// Serves a service with another provider and records, per call, where the backend's answer
/// differs from what the service's fake would have answered to the same call (see
/// ``FakeComparison``). `specrun run --live` prints these as located notes.
package struct ComparingProvider: ServiceProvider {
    private let inner: any ServiceProvider
    private let plan: ServicePlan
    private let range: SpecRange
    private let log: Log

    /// The differences found, shared by the providers of one run.
    package final class Log: @unchecked Sendable {
        // Guarded by `lock`: providers answer on tasks of their own.
        private let lock = NSLock()
        private var found: [FakeComparison.Difference] = []
        private var calls: [String: Int] = [:]

        /// An empty log.
        package init() {}

        /// The differences so far, in the order the answers came.
        package var differences: [FakeComparison.Difference] {
            lock.lock()
            defer { lock.unlock() }
            return found
        }

        /// Forgets everything (a new scenario starts, with fresh fakes).
        package func reset() {
            lock.lock()
            found = []
            calls = [:]
            lock.unlock()
        }

        fileprivate func nextCall(of service: String) -> Int {
            lock.lock()
            defer { lock.unlock() }
            let count = calls[service, default: 0]
            calls[service] = count + 1
            return count
        }

        fileprivate func append(_ difference: FakeComparison.Difference) {
            lock.lock()
            found.append(difference)
            lock.unlock()
        }
    }

    /// `inner` serves `plan`'s service; differences are located at `range` (its declaration).
    package init(_ inner: any ServiceProvider, plan: ServicePlan, at range: SpecRange, log: Log) {
        self.inner = inner
        self.plan = plan
        self.range = range
        self.log = log
    }

    /// Calls the wrapped provider and logs where its answer differs from the fake's.
    package func call(_ request: ServiceRequest) async throws -> Value {
        let count = log.nextCall(of: plan.name)
        let outcome: ServicePlan.Outcome
        let answer: Result<Value, any Error>
        do {
            let value = try await inner.call(request)
            answer = .success(value)
            outcome = .success((try? AnswerShape.conformed(value, to: request.returns, types: request.types)) ?? value)
        } catch {
            answer = .failure(error)
            outcome = .failure(ServiceFailure.errorValue(for: error, request: request))
        }
        if !Task.isCancelled, let difference = FakeComparison.difference(plan, at: range, count: count, names: request.parameters,
                                                                          arguments: request.arguments, live: outcome) {
            log.append(difference)
        }
        return try answer.get()
    }
}
