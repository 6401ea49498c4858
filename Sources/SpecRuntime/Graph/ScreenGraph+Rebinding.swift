@_spi(Engine) import SpecProgram

/// A binding re-applied after the person changed the control it shows.
///
/// In RxSwift a view model refusing a person's edit writes its relay again with the value it
/// keeps (`seats.accept(min(stepped, maxSeats))`), and `seats.map(Double.init).bind(to:
/// stepper.rx.value)` delivers that write, equal or not, so the stepper goes back to what the view
/// model holds. Here a derived value emits only when it changes, so the binding would not run and
/// the stepper would keep the refused value. The rule that gives RxSwift's result within one
/// glitch-free transaction: at the end of a transaction in which the person changed a control's
/// property (a gesture writing it), each one-way binding of a value into that property whose
/// value is computed from a source written in the transaction (an input property, state) is
/// applied again when its value differs from what the control shows. When nothing it reads was
/// written, nothing in RxSwift would reach the binding either, and the control keeps the
/// person's value (a switch whose change goes to a service, shown when it answers).
extension ScreenGraph {
    /// Applies again the bindings of ``Rebinding`` into `writes`, the properties a gesture
    /// wrote, after its transaction; their writes propagate in one more transaction at the same
    /// instant, and the timeline shows the property's new value.
    func reapplyBindings(over writes: [Int]) {
        tracksAccepts = false
        defer { acceptedSources.removeAll(keepingCapacity: true) }
        var again = false
        for node in writes {
            for rebinding in rebinds[node] where rebinding.upstream.contains(where: acceptedSources.contains) {
                guard let source = value(of: rebinding.source) else { continue }
                let start = handlerWriteBuffer.count
                defer { handlerWriteBuffer.removeLast(handlerWriteBuffer.count - start) }
                guard handlerWrites(rebinding.handler, payload: source, into: &handlerWriteBuffer),
                      let write = handlerWriteBuffer[start...].first(where: { $0.target == node && !$0.appends }),
                      write.value != context.values[node] else { continue }
                pendingWrite[node] = write.value
                pendingAppend[node] = nil
                enqueue(node)
                again = true
            }
        }
        if again { propagate() }
    }
}
