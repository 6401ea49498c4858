/// Writes the contract of a spec's view model (docs/conformance.md): the protocol a view model
/// written by hand conforms to (`LoginViewModeling`, on the main actor: the model's members by the
/// same names), the generated `@Observable` model's conformance to it, and `LoginScreen.contract`,
/// the members by the spec's names, which `SpecConformance` plays the spec's scenarios through.
///
/// The inputs of rows (`cells:`) are in it, as methods taking the row's identity
/// (`cartRemove(row:)`). What the contract leaves out: the screen's parameters (a view model is
/// made with them), its state and the streams it reads itself (how a view model gets to what it
/// shows is its own business: `weather` feeds `cityName`, only `cityName` is compared), `Void`
/// streams (a property has no latest `()`: an adapter adds one as a pushed stream) and
/// navigations.
struct ContractWriter {
    let shape: ScreenShape

    /// The protocol's name: `LoginViewModeling`.
    var protocolName: String { String(shape.screenType.dropLast("Screen".count)) + "ViewModeling" }

    private enum Role {
        case input, event, valueInput, output
    }

    /// The members the contract has, with the model's property names.
    private var members: [(member: ScreenShape.Member, property: String, role: Role)] {
        let params = Set(shape.params.map(\.specName))
        var result: [(member: ScreenShape.Member, property: String, role: Role)] = []
        for group in shape.groups {
            for (member, property, _) in group.modelMembers where !params.contains(member.specName) && !member.type.isNavigation && !shape.plumbing.contains(member.specName) {
                switch member.kind {
                case .settable where member.isInput: result.append((member, property, .input))
                case .settable: break
                case .current: result.append((member, property, .output))
                case .stream where member.type != .void: result.append((member, property, .output))
                case .stream: break
                case .event: result.append((member, property, .event))
                case .valueInput: result.append((member, property, .valueInput))
                }
            }
        }
        return result
    }

    func write(into out: inout SwiftSource, model: Bool) {
        let s = shape.screenType
        let p = protocolName
        out.doc("""
            What a view model of \(shape.fileName) offers\(model ? ", by the names `\(shape.modelType)` uses" : ""): a view model \
            written by hand conforms to it, and `SpecConformance` checks it against the spec through `\(s).contract` \
            (docs/conformance.md).
            """)
        out.line("@MainActor")
        out.block("public protocol \(p): AnyObject") { out in
            for (member, property, role) in members {
                let type = member.type.qualified(in: s)
                switch role {
                case .input:
                    out.doc("The input `\(member.specName)`, as the view writes it.")
                    out.line("var \(property): \(type) { get set }")
                case .event:
                    out.doc("The event `\(member.specName)`.")
                    out.line("func \(property)()")
                case .valueInput:
                    out.doc("The value input `\(member.specName)`.")
                    out.line("func \(property)(_ value: \(type))")
                case .output where member.kind == .stream:
                    out.doc("The latest element of `\(member.specName)`; nil before the first.")
                    out.line("var \(property): \(member.type.isOptional ? type : type + "?") { get }")
                case .output:
                    out.doc("`\(member.specName)`, now.")
                    out.line("var \(property): \(type) { get }")
                }
            }
            writeRowRequirements(into: &out)
            for group in shape.groups {
                guard let action = group.action else { continue }
                if let input = action.input {
                    out.doc("Executes the action `\(action.specName)` with `input`, as a control bound to it does.")
                    out.line("func \(group.swiftName)(_ input: \(input.qualified(in: s)))")
                } else {
                    out.doc("Executes the action `\(action.specName)`, as a button bound to it does.")
                    out.line("func \(group.swiftName)()")
                }
            }
        }
        if model {
            out.line()
            out.doc("The spec's own model is one implementation of the contract.")
            out.line("extension \(shape.modelType): \(p) {}")
        }
        out.line()
        out.block("extension \(s)") { out in
            out.doc("The members of `\(p)` by the spec's names, for `SpecConformance`.")
            out.block("public static var contract: ScreenContract<any \(p)>") { out in
                out.line("ScreenContract<any \(p)>(program: program)")
                for (member, property, role) in members {
                    let name = SwiftSource.literal(member.specName)
                    let type = member.type.qualified(in: s)
                    switch role {
                    case .input: out.line("    .input(\(name)) { (model, value: \(type)) in model.\(property) = value }")
                    case .event: out.line("    .event(\(name)) { $0.\(property)() }")
                    case .valueInput: out.line("    .valueInput(\(name)) { (model, value: \(type)) in model.\(property)(value) }")
                    case .output: out.line("    .output(\(name)) { $0.\(property) }")
                    }
                }
                writeRowMembers(into: &out)
                for group in shape.groups {
                    guard let action = group.action else { continue }
                    let name = SwiftSource.literal(action.specName)
                    if let input = action.input {
                        out.line("    .action(\(name), executeWith: { (model, value: \(input.qualified(in: s))) in model.\(group.swiftName)(value) })")
                    } else {
                        out.line("    .action(\(name)) { $0.\(group.swiftName)() }")
                    }
                }
            }
        }
    }
}
