/// Writes a spec's typed screen: `LoginScreen`, a `Sendable` class over `TypedScreenCore` with a
/// property or method per input, state, output and action, typed observation, typed services,
/// typed destinations and the spec's types as `Codable`, `Sendable`, `Hashable` values.
struct ScreenWriter {
    let shape: ScreenShape

    /// The nodes' property names in `Nodes`, by spec name.
    private var nodeNames: [String: String] { shape.nodeNames }

    func write(into out: inout SwiftSource) {
        let s = shape.screenType
        out.doc("""
            The screen `\(shape.screen)` of \(shape.fileName), running live: set its inputs, call its events and \
            actions, read and observe its outputs, provide its services (docs/generated-code.md).

            Every method and property may be used from any thread. A write before `start()` or after \
            `stop()` does nothing and is reported to `onMisuse(_:)`'s handler.
            """)
        out.block("public final class \(s): Sendable") { out in
            let (open, close) = SwiftSource.rawLiteral(shape.program)
            out.doc("\(shape.fileName)'s checked program, as `specrun compile` writes it.")
            out.line("public static let program = \(open)")
            // The JSON's one line at the first column: the closing delimiter is there too.
            out.raw(shape.program.hasSuffix("\n") ? String(shape.program.dropLast()) : shape.program)
            out.raw(close)
            out.line()
            out.doc("The engine's screen underneath, for what the typed members do not say.")
            out.line("public let core: TypedScreenCore")
            out.line("let nodes: Nodes")
            out.line()
            writeInitialisers(into: &out)
            out.doc("Starts the screen: time 0 is now, every initial value is computed and emitted.")
            out.line("public func start() { core.screen.start() }")
            out.line()
            out.doc("Stops the screen for good: timers dropped, calls in flight cancelled, observations ended.")
            out.line("public func stop() { core.screen.stop() }")
            out.line()
            out.doc("Milliseconds of real time since `start()`.")
            out.line("public var milliseconds: Int { core.screen.milliseconds }")
            out.line()
            out.doc("Called with a message when a member could not do what it was asked (a write before `start()`); nil prints it.")
            out.line("public func onMisuse(_ handler: (@Sendable (String) -> Void)?) { core.onMisuse(handler) }")
            for param in shape.params {
                out.line()
                out.doc("The parameter `\(param.specName)`.")
                out.line("public var \(param.swiftName): \(param.type.spelling) { \(read(param.specName, param.type)) }")
            }
            for group in shape.groups {
                out.line()
                writeGroupMember(group, into: &out)
            }
            out.line()
            out.doc("Each input, output and stream as an `AsyncSequence` of its type.")
            out.line("public var values: Values { Values(core: core, nodes: nodes) }")
            out.line()
            out.doc("The screen's services, answered by Swift closures; a service given none answers from the spec's fake.")
            out.line("public var services: Services { Services(core: core) }")
        }
        out.line()
        writeNodes(into: &out)
        for group in shape.groups where group.nestedType != nil {
            out.line()
            writeGroupType(group, into: &out)
        }
        out.line()
        ValuesWriter(shape: shape).write(into: &out)
        out.line()
        ServicesWriter(shape: shape).write(into: &out)
        out.line()
        TypesWriter(shape: shape).write(into: &out)
    }

    // MARK: the screen's members

    private func writeInitialisers(into out: inout SwiftSource) {
        let s = shape.screenType
        let arguments = shape.params.map { "\($0.swiftName): \($0.type.spelling)\($0.type.isOptional ? " = nil" : "")" }.joined(separator: ", ")
        out.doc("A screen of \(shape.fileName)\(shape.params.isEmpty ? "" : ", with its parameters"); nothing runs before `start()`.")
        out.block("public convenience init(\(arguments)) throws") { out in
            out.line("try self.init(Parameters(\(shape.params.map { "\(SwiftNames.label($0.swiftName)): \($0.swiftName)" }.joined(separator: ", "))))")
        }
        out.line()
        out.doc("A screen with its parameters as one value.")
        out.block("public init(_ parameters: Parameters) throws") { out in
            let pairs = shape.params.map { "\(SwiftSource.literal($0.specName)): parameters.\($0.swiftName)" }
            out.line("core = try TypedScreenCore(program: \(s).program, params: [\(pairs.isEmpty ? ":" : pairs.joined(separator: ", "))])")
            out.line("nodes = try Nodes(core)")
        }
        out.line()
        out.doc("The screen another screen's `navigate:` opens, with the parameters it passes.")
        out.block("public init(_ navigation: ScreenNavigation) throws") { out in
            out.line("core = try TypedScreenCore(program: \(s).program, navigation: navigation)")
            out.line("nodes = try Nodes(core)")
        }
        out.line()
    }

    private func writeGroupMember(_ group: ScreenShape.Group, into out: inout SwiftSource) {
        if let nested = group.nestedType {
            out.doc(group.action != nil ? "The action `\(group.specName)`: enabled, executing, its elements and errors, execute." : "`\(group.specName)` and the members under it.")
            out.line("public var \(group.swiftName): \(nested) { \(nested)(core: core, nodes: nodes) }")
            return
        }
        guard let member = group.main else { return }
        writeMember(member, name: group.swiftName, into: &out)
    }

    private func writeMember(_ member: ScreenShape.Member, name: String, inStruct: Bool = false, into out: inout SwiftSource) {
        let node = "nodes.\(nodeNames[member.specName]!)"
        let type = member.type
        switch member.kind {
        case .settable:
            out.doc(member.specName == name ? "The input `\(member.specName)`: set it as the view would." : "`\(member.specName)`: set it as the view would.")
            out.block("public var \(name): \(type.spelling)") { out in
                out.line("get { \(read(member.specName, type)) }")
                out.line("\(inStruct ? "nonmutating " : "")set { core.write(\(node), newValue) }")
            }
        case .current:
            out.doc("`\(member.specName)`, now (before `start()`, the value `start()` gives it).")
            out.line("public var \(name): \(type.spelling) { \(read(member.specName, type)) }")
        case .event:
            out.doc("Fires the event `\(member.specName)`.")
            out.line("public func \(name)() { core.fire(\(node)) }")
        case .valueInput:
            out.doc("Sends `value` on the input `\(member.specName)`.")
            out.line("public func \(name)(_ value: \(type.spelling)) { core.fire(\(node), value) }")
        case .stream:
            guard type != .void else { return }
            out.doc("The latest element of `\(member.specName)`; nil before its first.")
            out.line("public var \(name): \(latestType(type)) { \(latest(member.specName, type)) }")
        }
    }

    /// The expression reading a node's current value.
    func read(_ specName: String, _ type: SwiftType) -> String {
        let node = "nodes.\(nodeNames[specName]!)"
        if type.isNavigation { return navigation(node) }
        return "core.read(\(node), as: \(type.spelling).self, empty: \(type.empty))"
    }

    private func latest(_ specName: String, _ type: SwiftType) -> String {
        let node = "nodes.\(nodeNames[specName]!)"
        if type.isNavigation { return navigation(node) }
        return "core.latest(\(node), as: \(type.spelling).self)"
    }

    private func latestType(_ type: SwiftType) -> String {
        type.isOptional || type.isNavigation ? (type.isOptional ? type.spelling : type.spelling + "?") : type.spelling + "?"
    }

    private func navigation(_ node: String) -> String {
        shape.destinations.isEmpty
            ? "core.latestNavigation(\(node))"
            : "core.latestNavigation(\(node)).flatMap { Destination($0, core: core) }"
    }

    private func writeNodes(into out: inout SwiftSource) {
        out.block("extension \(shape.screenType)") { out in
            out.doc("The program's nodes, each checked once against the type this code was written for.")
            out.block("struct Nodes: Sendable") { out in
                let members = shape.params.map { ($0.specName, $0.type) } + shape.allMembers.map { ($0.specName, $0.type) }
                var written: Set<String> = []
                var specTypes: [String: String] = [:]
                for member in shape.allMembers { specTypes[member.specName] = member.specType }
                for (name, _) in members where written.insert(name).inserted {
                    out.line("let \(nodeNames[name]!): ScreenNode")
                }
                for input in shape.allRowInputs {
                    out.line("let \(shape.rowInputNames[input.specName]!): RowInput")
                }
                for action in shape.allRowActions {
                    out.line("let \(shape.rowInputNames[action.specName]!): RowAction")
                }
                out.line()
                out.block("init(_ core: TypedScreenCore) throws") { out in
                    written = []
                    for (name, _) in members where written.insert(name).inserted {
                        let type = specTypes[name] ?? shape.params.first { $0.specName == name }?.specType ?? ""
                        out.line("\(nodeNames[name]!) = try core.node(\(SwiftSource.literal(name)), type: \(SwiftSource.literal(type)))")
                    }
                    for input in shape.allRowInputs {
                        let (name, row, type) = (SwiftSource.literal(input.specName), SwiftSource.literal(input.identitySpecType), SwiftSource.literal(input.valueSpecType))
                        out.line("\(shape.rowInputNames[input.specName]!) = try core.rowInput(\(name), row: \(row), type: \(type))")
                    }
                    for action in shape.allRowActions {
                        let (name, row, type) = (SwiftSource.literal(action.specName), SwiftSource.literal(action.identitySpecType), SwiftSource.literal(action.inputSpecType))
                        out.line("\(shape.rowInputNames[action.specName]!) = try core.rowAction(\(name), row: \(row), type: \(type))")
                    }
                }
            }
        }
    }

    // MARK: groups

    private func writeGroupType(_ group: ScreenShape.Group, into out: inout SwiftSource) {
        guard let nested = group.nestedType else { return }
        out.block("extension \(shape.screenType)") { out in
            out.doc(group.action != nil ? "The action `\(group.specName)` (the `Action` library's enabled, executing, elements, errors)." : "`\(group.specName)` and the members under it.")
            out.block("public struct \(nested): Sendable") { out in
                out.line("let core: TypedScreenCore")
                out.line("let nodes: Nodes")
                if let main = group.main {
                    out.line()
                    writeMember(main, name: main.kind == .stream ? "latest" : "value", inStruct: true, into: &out)
                }
                for child in group.children {
                    out.line()
                    writeMember(child, name: child.swiftName, inStruct: true, into: &out)
                }
                for input in group.rowInputs {
                    out.line()
                    writeRowInput(input, into: &out)
                }
                for action in group.rowActions {
                    out.line()
                    writeRowAction(action, into: &out)
                }
                if let action = group.action {
                    out.line()
                    if let input = action.input {
                        out.doc("Executes `\(action.specName)` with `input`, as its trigger would; while it is disabled, its errors get `notEnabled`.")
                        out.line("public func execute(_ input: \(input.spelling)) { core.execute(\(SwiftSource.literal(action.specName)), input) }")
                    } else {
                        out.doc("Executes `\(action.specName)`, as its trigger would; while it is disabled, its errors get `notEnabled`.")
                        out.line("public func execute() { core.execute(\(SwiftSource.literal(action.specName))) }")
                    }
                }
            }
        }
    }
}
