/// Writes a spec's `@Observable` model for SwiftUI: `LoginModel`, on the main actor, over the
/// typed screen. Inputs and state are bindable properties, outputs read-only ones, events and
/// actions methods; a view that reads a property is redrawn when its node changes, and only then.
///
/// It conforms to `Observation.Observable` through an `ObservationRegistrar`, which is what the
/// `@Observable` macro writes: the generated file needs no macro, so the app's build runs no
/// swift-syntax (docs/generated-code.md, "Why no macro").
struct ModelWriter {
    let shape: ScreenShape

    func write(into out: inout SwiftSource) {
        let m = shape.modelType
        let s = shape.screenType
        out.doc("""
            `\(s)` for SwiftUI: observable properties on the main actor (`@Bindable var model`, then \
            `TextField("", text: $model.email)`), each redrawing only the views that read it.
            """)
        out.line("@MainActor")
        out.block("public final class \(m): Observable") { out in
            out.doc("The screen underneath (started by `start()`, shared with any thread).")
            out.line("public let screen: \(s)")
            out.line("private let specrunRegistrar = ObservationRegistrar()")
            out.line("private var specrunTokens: [ObservationToken] = []")
            out.line()
            out.doc("A model of `screen`; its properties follow the screen from now on.")
            out.block("public init(_ screen: \(s))") { out in
                out.line("self.screen = screen")
                out.line("let nodes = screen.nodes")
                for (_, member, path) in observed() {
                    out.line("specrunTokens.append(screen.core.onChange(of: [nodes.\(nodeName(member))], on: .main) { [weak self] in")
                    out.line("    MainActor.assumeIsolated { self?.specrunChanged(\\.\(path)) }")
                    out.line("})")
                }
            }
            out.line()
            let arguments = shape.params.map { "\($0.swiftName): \($0.type.qualified(in: s))\($0.type.isOptional ? " = nil" : "")" }.joined(separator: ", ")
            out.doc("A model of a new screen of \(shape.fileName).")
            out.block("public convenience init(\(arguments)) throws") { out in
                out.line("self.init(try \(s)(\(shape.params.map { "\(SwiftNames.label($0.swiftName)): \($0.swiftName)" }.joined(separator: ", "))))")
            }
            out.line()
            out.line("deinit { for token in specrunTokens { token.cancel() } }")
            out.line()
            out.doc("Starts the screen.")
            out.line("public func start() { screen.start() }")
            out.line()
            out.doc("Stops the screen.")
            out.line("public func stop() { screen.stop() }")
            for group in shape.groups {
                writeGroup(group, into: &out)
            }
            out.line()
            out.block("private func specrunChanged<T>(_ keyPath: KeyPath<\(m), T>)") { out in
                out.line("specrunRegistrar.withMutation(of: self, keyPath: keyPath) {}")
            }
            out.line()
            out.block("private func specrunAccess<T>(_ keyPath: KeyPath<\(m), T>)") { out in
                out.line("specrunRegistrar.access(self, keyPath: keyPath)")
            }
        }
    }

    /// The members a property of the model shows, with the property's key path.
    private func observed() -> [(ScreenShape.Group, ScreenShape.Member, String)] {
        shape.groups.flatMap { group in group.modelMembers.filter { shows($0.member) }.map { (group, $0.member, $0.property) } }
    }

    private func shows(_ member: ScreenShape.Member) -> Bool {
        switch member.kind {
        case .settable, .current: return true
        case .stream: return member.type != .void
        case .event, .valueInput: return false
        }
    }

    private func nodeName(_ member: ScreenShape.Member) -> String {
        shape.nodeNames[member.specName] ?? "node"
    }

    private func writeGroup(_ group: ScreenShape.Group, into out: inout SwiftSource) {
        for (member, property, screenPath) in group.modelMembers {
            writeMember(member, property: property, screenPath: screenPath, into: &out)
        }
        for input in group.rowInputs {
            writeRowInput(input, of: group, into: &out)
        }
        if let action = group.action {
            out.line()
            if let input = action.input {
                out.doc("Executes the action `\(action.specName)` with `input`.")
                out.line("public func \(group.swiftName)(_ input: \(input.qualified(in: shape.screenType))) { screen.\(group.swiftName).execute(input) }")
            } else {
                out.doc("Executes the action `\(action.specName)`.")
                out.line("public func \(group.swiftName)() { screen.\(group.swiftName).execute() }")
            }
        }
    }

    private func writeMember(_ member: ScreenShape.Member, property: String, screenPath: String, into out: inout SwiftSource) {
        let type = member.type.qualified(in: shape.screenType)
        out.line()
        switch member.kind {
        case .settable:
            out.doc("`\(member.specName)`, bindable.")
            out.block("public var \(property): \(type)") { out in
                out.block("get") { out in
                    out.line("specrunAccess(\\.\(property))")
                    out.line("return screen.\(screenPath)")
                }
                out.block("set") { out in
                    out.line("screen.\(screenPath) = newValue")
                }
            }
        case .current:
            out.doc("`\(member.specName)`.")
            out.block("public var \(property): \(type)") { out in
                out.line("specrunAccess(\\.\(property))")
                out.line("return screen.\(screenPath)")
            }
        case .stream:
            guard member.type != .void else { return }
            let latest = member.type.isOptional ? type : type + "?"
            out.doc("The latest element of `\(member.specName)`.")
            out.block("public var \(property): \(latest)") { out in
                out.line("specrunAccess(\\.\(property))")
                out.line("return screen.\(screenPath)")
            }
        case .event:
            out.doc("Fires `\(member.specName)`.")
            out.line("public func \(property)() { screen.\(screenPath)() }")
        case .valueInput:
            out.doc("Sends `value` on `\(member.specName)`.")
            out.line("public func \(property)(_ value: \(type)) { screen.\(screenPath)(value) }")
        }
    }
}

extension ScreenShape.Group {
    /// Each member as the model shows it: the member, the model's property and the typed
    /// screen's path to it (`loginEnabled`, `login.enabled`; `weatherLatest`, `weather.latest`).
    /// The contract (``ContractWriter``) names them the same, so the model conforms to it.
    var modelMembers: [(member: ScreenShape.Member, property: String, screenPath: String)] {
        if nestedType == nil, let main { return [(main, swiftName, swiftName)] }
        // A flattened name starts with the group's without its backquotes (`defaultEnabled`).
        let head = SwiftNames.bare(swiftName)
        var members: [(member: ScreenShape.Member, property: String, screenPath: String)] = []
        if let main {
            let stream = main.kind == .stream
            members.append((main, head + (stream ? "Latest" : "Value"), swiftName + (stream ? ".latest" : ".value")))
        }
        for child in children {
            members.append((child, head + SwiftNames.upperFirst(child.swiftName), "\(swiftName).\(child.swiftName)"))
        }
        return members
    }
}
