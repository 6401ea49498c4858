import Foundation
import SpecHTTP
import SpecRuntime

// `specrun-http`: the HTTP transport of `specrun run --live` and `specrun preview --live`, in a
// process of its own so that `specrun` itself never loads FoundationNetworking and libcurl
// (docs/architecture.md, "Networking"). It reads `send` and `cancel` frames on its standard
// input (a socket `specrun` made), makes each exchange with `URLSessionTransport`, and writes
// `answer` and `failure` frames on its standard output. It ends when its input ends.

/// The exchanges in flight, by id: what cancels each.
final class InFlight: @unchecked Sendable {
    // Guarded by `lock`: frames arrive on the main thread, answers on URLSession's.
    private let lock = NSLock()
    private var cancels: [Int: @Sendable () -> Void] = [:]
    /// Started and not answered yet.
    private var pending: Set<Int> = []
    private let output: Int32

    init(output: Int32) { self.output = output }

    func start(_ id: Int, _ exchange: HTTPExchange) {
        lock.lock()
        pending.insert(id)
        lock.unlock()
        let cancel = URLSessionTransport().start(exchange) { [self] result in
            lock.lock()
            cancels[id] = nil
            pending.remove(id)
            // Frames are written whole, one at a time.
            switch result {
            case .success(let response):
                _ = HTTPHelperWire.write(.init(kind: .answer, id: id, status: response.status), body: response.body, to: output)
            case .failure(let failure):
                _ = HTTPHelperWire.write(.init(kind: .failure, id: id, reason: failure.reason), body: nil, to: output)
            }
            lock.unlock()
        }
        lock.lock()
        // An exchange may have answered (a bad URL) before `start` returned.
        if pending.contains(id) { cancels[id] = cancel }
        lock.unlock()
    }

    func cancel(_ id: Int) {
        lock.lock()
        let cancel = cancels.removeValue(forKey: id)
        lock.unlock()
        cancel?()
    }
}

let inFlight = InFlight(output: STDOUT_FILENO)
while let (message, body) = HTTPHelperWire.read(from: STDIN_FILENO) {
    switch message.kind {
    case .send:
        guard let head = message.exchange else { continue }
        inFlight.start(message.id, HTTPExchange(head, body: body))
    case .cancel:
        inFlight.cancel(message.id)
    case .answer, .failure:
        continue
    }
}
exit(0)
