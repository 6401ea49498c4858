/// Writes a spec's RxSwift shape, the seeds' Input/Output style over the typed screen
/// (`LoginViewModel`): inputs as `BehaviorRelay` (properties) and `PublishRelay` (events, value
/// inputs, the inputs of rows), state and outputs as `Driver` (values) and `Signal` (streams), actions as the `Action`
/// library's `Action`. Emissions arrive synchronously, on the thread of the transaction that made
/// them, as an RxSwift subject's do; `Driver` and `Signal` then deliver them on the main thread.
///
/// It needs RxSwift 6 (RxSwift, RxCocoa) and Action 5 in the target that compiles it; the
/// typed screen of the same spec must be in that target too (docs/generated-code.md, "RxSwift").
struct RxSwiftWriter {
    let shape: ScreenShape

    func write(into out: inout SwiftSource) {
        let v = shape.rxType
        let s = shape.screenType
        out.line("import Foundation")
        out.line("import RxRelay")
        out.line("import RxSwift")
        out.line("import SpecRuntime")
        out.line("#if canImport(RxCocoa)")
        out.line("import Action")
        out.line("import RxCocoa")
        out.line("#endif")
        out.line()
        out.doc("""
            `\(s)` in the seeds' Input/Output style: relays in, drivers and signals out, actions as \
            `Action`. Bind a view to `input` and `output` as the seeds' view controllers do.
            """)
        out.block("public final class \(v)") { out in
            out.doc("What the view writes and fires.")
            out.block("public struct Input") { out in
                for (member, name) in inputs() {
                    out.doc("`\(member.specName)`.")
                    out.line("public let \(name): \(relayType(member))")
                }
                writeRowRelays(into: &out)
            }
            out.line()
            out.doc("What the view shows: values as `Driver`s, streams as `Signal`s (plain `Observable`s where RxCocoa is not, as on Linux).")
            out.block("public struct Output") { out in
                for (member, name) in outputs() {
                    out.doc("`\(member.specName)`.")
                    out.line("#if canImport(RxCocoa)")
                    out.line("public let \(name): \(outputType(member))")
                    out.line("#else")
                    out.line("public let \(name): Observable<\(outputElement(member))>")
                    out.line("#endif")
                }
            }
            out.line()
            out.line("public let input: Input")
            out.line("public let output: Output")
            for group in shape.groups where group.action != nil {
                let action = group.action!
                out.doc("The action `\(action.specName)`: enabled as the spec says; its work executes the spec's action and ends with its next element, or fails with its next error (`ActionError.underlyingError(ErrorValue)`; where the Action library is not, as on Linux, an `RxAction` with its names that fails with the `ErrorValue`).")
                out.line("#if canImport(RxCocoa)")
                out.line("public let \(group.swiftName): Action<\(action.input?.qualified(in: s) ?? "Void"), \(elementType(group))>")
                out.line("#else")
                out.line("public let \(group.swiftName): RxAction<\(action.input?.qualified(in: s) ?? "Void"), \(elementType(group))>")
                out.line("#endif")
            }
            out.doc("The typed screen underneath.")
            out.line("public let screen: \(s)")
            out.line("private let disposeBag = DisposeBag()")
            out.line()
            out.doc("The RxSwift shape of `screen`, which the caller starts.")
            out.block("public init(screen: \(s))") { out in
                out.line("self.screen = screen")
                let hasInputs = !inputs().isEmpty || !shape.allRowInputs.isEmpty
                let usesNodes = hasInputs || !outputs().isEmpty || shape.groups.contains { $0.action != nil }
                if usesNodes {
                    out.line("let core = screen.core")
                    out.line("let nodes = screen.nodes")
                }
                // The relays are made in `Input(...)` and bound through `self.input`: no local is
                // named after a spec name, so none hides `core`, `nodes` or the helpers.
                var relays: [String] = []
                var bindings: [String] = []
                for (member, name) in inputs() {
                    let node = "nodes.\(shape.nodeNames[member.specName]!)"
                    let relay = "self.input.\(name)"
                    switch member.kind {
                    case .settable:
                        relays.append("\(SwiftNames.label(name)): BehaviorRelay(value: screen.\(name))")
                        bindings.append("\(relay).skip(1).subscribe(onNext: { core.write(\(node), $0) }).disposed(by: disposeBag)")
                    case .event:
                        relays.append("\(SwiftNames.label(name)): PublishRelay<Void>()")
                        bindings.append("\(relay).subscribe(onNext: { core.fire(\(node)) }).disposed(by: disposeBag)")
                    default:
                        relays.append("\(SwiftNames.label(name)): PublishRelay<\(member.type.qualified(in: s))>()")
                        bindings.append("\(relay).subscribe(onNext: { core.fire(\(node), $0) }).disposed(by: disposeBag)")
                    }
                }
                let rows = rowRelayBindings()
                relays += rows.relays
                bindings += rows.bindings
                if relays.isEmpty {
                    out.line("self.input = Input()")
                } else {
                    out.line("self.input = Input(")
                    for (i, item) in relays.enumerated() { out.line("    " + item + (i == relays.count - 1 ? "" : ",")) }
                    out.line(")")
                }
                for line in bindings { out.line(line) }
                var outputNames: [String] = []
                for (member, name) in outputs() {
                    outputNames.append("\(SwiftNames.label(name)): " + outputExpression(member))
                }
                out.line("#if canImport(RxCocoa)")
                out.line("self.output = Output(")
                for (i, item) in outputNames.enumerated() { out.line("    " + item + (i == outputNames.count - 1 ? "" : ",")) }
                out.line(")")
                out.line("#else")
                let plain = outputs().map { "\(SwiftNames.label($0.1)): " + plainExpression($0.0) }
                out.line("self.output = Output(")
                for (i, item) in plain.enumerated() { out.line("    " + item + (i == plain.count - 1 ? "" : ",")) }
                out.line(")")
                out.line("#endif")
                for group in shape.groups where group.action != nil {
                    writeAction(group, into: &out)
                }
            }
            out.line()
            let arguments = shape.params.map { "\($0.swiftName): \($0.type.qualified(in: s))\($0.type.isOptional ? " = nil" : "")" }.joined(separator: ", ")
            out.doc("The RxSwift shape of a new screen of \(shape.fileName).")
            out.block("public convenience init(\(arguments)) throws") { out in
                out.line("self.init(screen: try \(s)(\(shape.params.map { "\(SwiftNames.label($0.swiftName)): \($0.swiftName)" }.joined(separator: ", "))))")
            }
            if shape.groups.contains(where: { $0.action != nil }) {
                out.line()
                writeRxAction(into: &out)
            }
        }
        out.line()
        writeHelpers(into: &out)
    }

    // MARK: members

    private func inputs() -> [(ScreenShape.Member, String)] {
        shape.groups.compactMap { group in
            guard group.nestedType == nil, let main = group.main, main.isInput else { return nil }
            return (main, group.swiftName)
        }
    }

    private func outputs() -> [(ScreenShape.Member, String)] {
        var result: [(ScreenShape.Member, String)] = []
        for group in shape.groups where group.action == nil {
            if let main = group.main, !main.isInput, main.type != .void || main.kind == .stream {
                result.append((main, group.swiftName))
            }
            for child in group.children where !child.isInput {
                result.append((child, SwiftNames.bare(group.swiftName) + SwiftNames.upperFirst(child.swiftName)))
            }
        }
        return result
    }

    private func relayType(_ member: ScreenShape.Member) -> String {
        switch member.kind {
        case .settable: return "BehaviorRelay<\(member.type.qualified(in: shape.screenType))>"
        case .event: return "PublishRelay<Void>"
        default: return "PublishRelay<\(member.type.qualified(in: shape.screenType))>"
        }
    }

    private func elementSpelling(_ type: SwiftType) -> String {
        if type.isNavigation { return shape.destinations.isEmpty ? "ScreenNavigation" : "\(shape.screenType).Destination" }
        return type.qualified(in: shape.screenType)
    }

    private func outputType(_ member: ScreenShape.Member) -> String {
        let element = member.type == .void ? "Void" : elementSpelling(member.type)
        return member.kind == .stream ? "Signal<\(element)>" : "Driver<\(element)>"
    }

    private func outputElement(_ member: ScreenShape.Member) -> String {
        member.type == .void ? "Void" : elementSpelling(member.type)
    }

    private func outputExpression(_ member: ScreenShape.Member) -> String {
        let source = plainSource(member)
        return member.kind == .stream ? "\(source).asSignal(onErrorSignalWith: .empty())" : "\(source).asDriver(onErrorDriveWith: .empty())"
    }

    /// Where RxCocoa is not: a value replays its latest to a new subscriber, as a `Driver` does.
    private func plainExpression(_ member: ScreenShape.Member) -> String {
        let source = plainSource(member)
        return member.kind == .stream ? "\(source).share()" : "\(source).share(replay: 1, scope: .whileConnected)"
    }

    private func plainSource(_ member: ScreenShape.Member) -> String {
        let node = "nodes.\(shape.nodeNames[member.specName]!)"
        let source: String
        if member.type == .void {
            source = "signals(core, \(node))"
        } else if member.type.isNavigation {
            source = shape.destinations.isEmpty
                ? "navigations(core, \(node)) { $0 }"
                : "navigations(core, \(node)) { \(shape.screenType).Destination($0, core: core) }"
        } else {
            source = "values(core, \(node), as: \(member.type.qualified(in: shape.screenType)).self)"
        }
        return source
    }

    private func elementType(_ group: ScreenShape.Group) -> String {
        guard let elements = group.children.first(where: { $0.swiftName == "elements" }) else { return "Void" }
        return elements.type == .void ? "Void" : elementSpelling(elements.type)
    }

    private func writeAction(_ group: ScreenShape.Group, into out: inout SwiftSource) {
        guard let action = group.action else { return }
        func node(_ child: String) -> String? {
            group.children.first { $0.swiftName == child }.map { "nodes.\(shape.nodeNames[$0.specName]!)" }
        }
        let element = elementType(group)
        let name = group.swiftName
        let bare = SwiftNames.bare(name)
        let enabled = node("enabled") ?? "nodes.\(bare)Enabled"
        let elements = node("elements") ?? "nodes.\(bare)Elements"
        let errors = node("errors") ?? "nodes.\(bare)Errors"
        let executing = node("executing") ?? "nodes.\(bare)Executing"
        // The work of both: execute the spec's action; each of its elements, until the execution
        // ends (`executing` turns false: completed) or fails (its error). Work that is a stream
        // has several elements; a call, one. Every action has these nodes (ActionPlan).
        func work() {
            out.line("    Observable<\(element)>.create { observer in")
            out.line("        let box = ObserverBox(observer)")
            if element == "Void" {
                out.line("        let elements = core.observeSignals(\(elements), { box.next(()) }, onEnd: { _ in })")
            } else {
                out.line("        let elements = core.observe(\(elements), as: \(element).self, { box.next($0) }, onEnd: { _ in })")
            }
            out.line("        let errors = core.observe(\(errors), as: ErrorValue.self, { box.fail($0) }, onEnd: { _ in })")
            out.line("        let executing = core.observe(\(executing), as: Bool.self, { box.executing($0) }, onEnd: { _ in })")
            out.line(action.input == nil ? "        core.execute(\(SwiftSource.literal(action.specName)))" : "        core.execute(\(SwiftSource.literal(action.specName)), input)")
            out.line("        return Disposables.create { elements.cancel(); errors.cancel(); executing.cancel() }")
            out.line("    }")
            out.line("}")
        }
        out.line("#if canImport(RxCocoa)")
        out.line("self.\(name) = Action(enabledIf: values(core, \(enabled), as: Bool.self)) { input in")
        work()
        out.line("#else")
        out.line("self.\(name) = RxAction(")
        out.line("    enabled: values(core, \(enabled), as: Bool.self),")
        out.line("    executing: values(core, \(executing), as: Bool.self),")
        out.line(element == "Void" ? "    elements: signals(core, \(elements)).share()," : "    elements: values(core, \(elements), as: \(element).self).share(),")
        out.line("    errors: values(core, \(errors), as: ErrorValue.self).share()")
        out.line(") { input in")
        work()
        out.line("#endif")
    }

    /// Where the Action library is not (it needs RxCocoa, which is not on Linux): an action with
    /// `Action`'s names in plain RxSwift.
    private func writeRxAction(into out: inout SwiftSource) {
        out.line("#if !canImport(RxCocoa)")
        out.doc("An action where the Action library is not (it needs RxCocoa, which Linux does not have): `Action`'s names, in plain RxSwift; its errors are the spec's `ErrorValue`s.")
        out.block("public final class RxAction<Input, Element>") { out in
            out.doc("Whether it may run now, as the spec says.")
            out.line("public let enabled: Observable<Bool>")
            out.doc("Whether it runs.")
            out.line("public let executing: Observable<Bool>")
            out.doc("Each element of its work.")
            out.line("public let elements: Observable<Element>")
            out.doc("Each failure, and each refusal while disabled (`notEnabled`).")
            out.line("public let errors: Observable<ErrorValue>")
            out.line("private let work: (Input) -> Observable<Element>")
            out.line()
            out.block("init(enabled: Observable<Bool>, executing: Observable<Bool>, elements: Observable<Element>, errors: Observable<ErrorValue>, work: @escaping (Input) -> Observable<Element>)") { out in
                out.line("self.enabled = enabled")
                out.line("self.executing = executing")
                out.line("self.elements = elements")
                out.line("self.errors = errors")
                out.line("self.work = work")
            }
            out.line()
            out.doc("Runs the spec's action with `input`: each element of the execution, then its end, or its error.")
            out.line("@discardableResult")
            out.line("public func execute(_ input: Input) -> Observable<Element> { work(input) }")
        }
        out.line("#endif")
    }

    private func writeHelpers(into out: inout SwiftSource) {
        if shape.groups.contains(where: { $0.action != nil }) { writeVoidExecute(into: &out) }
        writeObservers(into: &out)
    }

    private func writeVoidExecute(into out: inout SwiftSource) {
        out.raw("""
            #if !canImport(RxCocoa)
            extension \(shape.rxType).RxAction where Input == Void {
                /// Runs the spec's action.
                @discardableResult
                public func execute() -> Observable<Element> { execute(()) }
            }
            #endif

            """)
    }

    private func writeObservers(into out: inout SwiftSource) {
        out.raw("""
            /// An observer handed to the screen's observation, which may call it from the thread of any
            /// transaction: the screen runs one transaction at a time, so calls never overlap.
            private final class ObserverBox<Element>: @unchecked Sendable {
                private let observer: AnyObserver<Element>
                private var done = false
                private let lock = NSLock()

                init(_ observer: AnyObserver<Element>) { self.observer = AnyObserver(observer) }

                private var started = false

                /// An element of the execution.
                func next(_ element: Element) {
                    lock.lock()
                    let open = !done
                    lock.unlock()
                    if open { observer.onNext(element) }
                }

                /// The action's `executing`: true once the execution runs, false when it ended. The
                /// value it has when observed, before the execution, says nothing.
                func executing(_ running: Bool) {
                    lock.lock()
                    if running { started = true }
                    let ended = !running && started
                    lock.unlock()
                    if ended, finish() { observer.onCompleted() }
                }

                /// The execution's error, or its refusal (`notEnabled`).
                func fail(_ error: ErrorValue) {
                    guard finish() else { return }
                    observer.onError(error)
                }

                private func finish() -> Bool {
                    lock.lock()
                    defer { lock.unlock() }
                    if done { return false }
                    done = true
                    return true
                }
            }

            /// An observer that stays open: every value, then the stream's end.
            private final class StreamBox<Element>: @unchecked Sendable {
                let observer: AnyObserver<Element>
                init(_ observer: AnyObserver<Element>) { self.observer = observer }
            }

            private func values<T: Decodable & Sendable>(_ core: TypedScreenCore, _ node: ScreenNode, as type: T.Type) -> Observable<T> {
                Observable.create { observer in
                    let box = StreamBox(observer)
                    let token = core.observe(node, as: T.self, { box.observer.onNext($0) }, onEnd: { error in
                        if let error { box.observer.onError(error) } else { box.observer.onCompleted() }
                    })
                    return Disposables.create { token.cancel() }
                }
            }

            private func signals(_ core: TypedScreenCore, _ node: ScreenNode) -> Observable<Void> {
                Observable.create { observer in
                    let box = StreamBox(observer)
                    let token = core.observeSignals(node, { box.observer.onNext(()) }, onEnd: { error in
                        if let error { box.observer.onError(error) } else { box.observer.onCompleted() }
                    })
                    return Disposables.create { token.cancel() }
                }
            }

            private func navigations<D: Sendable>(_ core: TypedScreenCore, _ node: ScreenNode, _ transform: @escaping @Sendable (ScreenNavigation) -> D?) -> Observable<D> {
                Observable.create { observer in
                    let box = StreamBox(observer)
                    let token = core.observeNavigations(node, transform, { box.observer.onNext($0) }, onEnd: { error in
                        if let error { box.observer.onError(error) } else { box.observer.onCompleted() }
                    })
                    return Disposables.create { token.cancel() }
                }
            }
            """)
    }
}
