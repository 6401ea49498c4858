/// The RxSwift shape's inputs of rows (`cells:`): a `PublishRelay` per input in `Input`, named as
/// `Output` names the input's stream (`input.cartRemove`, `output.cartRemove`), whose elements
/// are the rows to send it to: a row's identity for an event, the identity and the value for a
/// value input (`input.cartQuantity.accept((row: 1, value: 3))`).
extension RxSwiftWriter {
    /// Each row input with its relay's name and element type.
    private var rowRelays: [(input: ScreenShape.RowInput, name: String, element: String)] {
        shape.groups.flatMap { group in
            group.rowInputs.map { input in
                let row = input.identity.qualified(in: shape.screenType)
                // A child's relay carries the value alone (`Void` for an event): it has one row.
                let element = input.isChild
                    ? input.value?.qualified(in: shape.screenType) ?? "Void"
                    : input.value.map { "(row: \(row), value: \($0.qualified(in: shape.screenType)))" } ?? row
                return (input, SwiftNames.bare(group.swiftName) + SwiftNames.upperFirst(input.swiftName), element)
            }
        }
    }

    /// The relays' declarations in `Input`.
    func writeRowRelays(into out: inout SwiftSource) {
        for (input, name, element) in rowRelays {
            if input.isChild {
                out.doc("`\(input.specName)`, sent to the child.")
                out.line("public let \(name): PublishRelay<\(element)>")
                continue
            }
            out.doc("`\(input.specName)`, sent to the row whose `\(input.identityField)` is \(input.value == nil ? "each element" : "each element's `row`").")
            out.line("public let \(name): PublishRelay<\(element)>")
        }
    }

    /// The relays made in `init(screen:)`'s `Input(...)` (`label: PublishRelay<...>()`) and their
    /// bindings to the screen through `self.input` (`core` and `nodes` in scope).
    func rowRelayBindings() -> (relays: [String], bindings: [String]) {
        var relays: [String] = []
        var bindings: [String] = []
        for (input, name, element) in rowRelays {
            let node = "nodes.\(shape.rowInputNames[input.specName]!)"
            relays.append("\(SwiftNames.label(name)): PublishRelay<\(element)>()")
            let relay = "self.input.\(name)"
            if input.isChild {
                let send = input.value == nil ? "core.fire(\(node), row: \(ScreenShape.childRow))" : "core.fire(\(node), row: \(ScreenShape.childRow), $0)"
                bindings.append("\(relay).subscribe(onNext: { \(send) }).disposed(by: disposeBag)")
            } else if input.value == nil {
                bindings.append("\(relay).subscribe(onNext: { core.fire(\(node), row: $0) }).disposed(by: disposeBag)")
            } else {
                bindings.append("\(relay).subscribe(onNext: { core.fire(\(node), row: $0.row, $0.value) }).disposed(by: disposeBag)")
            }
        }
        return (relays, bindings)
    }
}
