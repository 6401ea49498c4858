import Foundation
import ScreenSpec
import SpecRuntime

/// Builds a ``ScreenShape`` from a checked spec: the Swift name of everything (a keyword in
/// backquotes, ``SwiftNames/identifier(_:)``), or a located diagnostic for each name that cannot
/// be one (no letters, `self`, two names that become one).
struct ShapeBuilder {
    /// Members every generated screen has: a spec name that becomes one of them collides.
    static let reservedMembers: Set<String> = ["core", "nodes", "screen", "start", "stop", "values", "services", "onMisuse", "program", "milliseconds"]
    /// Members of a group's nested type.
    static let reservedGroupMembers: Set<String> = ["value", "latest", "execute", "core", "nodes"]

    let spec: CheckedSpec
    let source: SourceFile
    /// The screens generated beside this one: `screen:` name -> generated screen type.
    let siblings: [String: String]
    private(set) var diagnostics: [Diagnostic] = []
    private var typeNames: [String: String] = [:]
    /// The screens the program navigates to (its `navigate:` expressions), read by ``build(program:)``.
    private var targets: [String] = []

    init(spec: CheckedSpec, source: SourceFile, siblings: [String: String]) {
        self.spec = spec
        self.source = source
        self.siblings = siblings
    }

    /// The shape, or nil with ``diagnostics`` when a name cannot be a Swift name.
    mutating func build(program: String) -> ScreenShape? {
        targets = CompiledSpecScan.navigationTargets(inProgram: program)
        guard let base = SwiftNames.type(spec.screen), !SwiftNames.keywords.contains(base) else {
            fail(.swiftName, "the screen name '\(spec.screen)' becomes no Swift type name", at: locate("screen"))
            return nil
        }
        var shape = ScreenShape(
            screen: spec.screen, screenType: base + "Screen", modelType: base + "Model", rxType: base + "ViewModel",
            fileName: (source.path as NSString).lastPathComponent, program: program)
        if !targets.isEmpty {
            shape.destinations = targets.compactMap { screen in
                guard let name = SwiftNames.memberIdentifier(screen) else {
                    fail(.swiftName, "the screen '\(screen)' becomes no Swift case name (\(SwiftNames.refusal(screen)))", at: locate(screen))
                    return nil
                }
                return .init(swiftCase: name, screen: screen, targetType: siblings[screen])
            }
        }
        nameTypes()
        shape.enums = enumerations()
        shape.records = records()
        shape.params = spec.params.compactMap { index in
            let node = spec.nodes[index]
            guard let name = memberName(node.name, at: node.range) else { return nil }
            return .init(swiftName: name, specName: node.name, specType: node.type.description, type: swiftType(node.type))
        }
        shape.groups = withRowInputs(groups())
        shape.plumbing = plumbing()
        shape.services = services()
        shape.nodeNames = shape.nodePropertyNames()
        shape.rowInputNames = shape.rowInputPropertyNames()
        checkNestedTypes(shape)
        checkModelNames(shape)
        return diagnostics.contains { $0.severity == .error } ? nil : shape
    }

    // MARK: types

    private mutating func nameTypes() {
        // The element of a view model used by itself (`AddressForm$Instance`) has no Swift type:
        // its row's struct leaves that field out (CellsPass+Children.swift).
        for name in spec.types.records.keys.sorted() + spec.types.enums.keys.sorted() where !name.contains("$") {
            guard let swift = SwiftNames.type(name), !SwiftNames.keywords.contains(swift) else {
                fail(.swiftName, "the type name '\(name)' becomes no Swift type name", at: locate(name))
                continue
            }
            typeNames[name] = swift
        }
    }

    private mutating func enumerations() -> [ScreenShape.Enumeration] {
        spec.types.enums.keys.sorted().compactMap { name in
            guard let swift = typeNames[name] else { return nil }
            // The built-in error kinds, only when a member reads them.
            if name == ErrorValue.kindTypeName && !mentions(name) { return nil }
            var seen: [String: String] = [:]
            let cases: [(String, String)] = spec.types.enums[name, default: []].compactMap { specCase in
                guard let member = SwiftNames.memberIdentifier(specCase) else {
                    fail(.swiftName, "the case '\(specCase)' of '\(name)' becomes no Swift case name (\(SwiftNames.refusal(specCase)))", at: locate(specCase))
                    return nil
                }
                if let other = seen[member] {
                    fail(.swiftCollision, "the cases '\(other)' and '\(specCase)' of '\(name)' both become '\(member)' in Swift", at: locate(specCase))
                    return nil
                }
                seen[member] = specCase
                return (member, specCase)
            }
            return .init(swiftName: swift, specName: name, cases: cases)
        }
    }

    private mutating func records() -> [ScreenShape.Record] {
        // The latest error of a row's action (`save.errors`) or of a row's stream's request
        // (`city.errors`) is a field of the row the spec reads; an error is no Swift record field,
        // so the row's struct leaves it out (decoding a row ignores it), as the screen's
        // `<cells>.<action>.errors` stream still carries it.
        var actionErrors: Set<String> = []
        for plan in spec.cells {
            let inputs = (plan.actions ?? []).map(\.errors) + (plan.streams ?? []).compactMap(\.errors)
            for input in inputs where plan.inputs.indices.contains(input) {
                if let field = plan.inputs[input].field, plan.fieldNames.indices.contains(field) {
                    actionErrors.insert(plan.model + "." + plan.fieldNames[field])
                }
            }
        }
        let viewFieldStarts = spec.rowViewFieldStarts
        return spec.types.records.keys.sorted().compactMap { name in
            guard let swift = typeNames[name] else { return nil }
            var seen: [String: String] = [:]
            let fields: [(String, String, SwiftType)] = spec.types.records[name, default: []].enumerated().compactMap { index, field in
                if actionErrors.contains(name + "." + field.name) || field.name.hasPrefix("$") { return nil }
                guard let member = SwiftNames.memberIdentifier(field.name) else {
                    fail(.swiftName, "the field '\(field.name)' of '\(name)' becomes no Swift property name (\(SwiftNames.refusal(field.name)))",
                         at: locate(field: field.name, ofRecord: name))
                    return nil
                }
                if let other = seen[member] {
                    fail(.swiftCollision, "the fields '\(other)' and '\(field.name)' of '\(name)' both become '\(member)' in Swift", at: locate(field: field.name, ofRecord: name))
                    return nil
                }
                seen[member] = field.name
                // A row's view field (`titleLabel.text`) is derived: optional in Swift, so that a row a
                // spec writes to an input, which carries none, decodes, and one built by hand may omit it.
                let isView = viewFieldStarts[name].map { index >= $0 } ?? false
                let type = isView && !field.type.isOptional ? SwiftType.optional(swiftType(field.type)) : swiftType(field.type)
                if type.isNavigation || containsDirect(field.type) {
                    fail(.swiftType, "the field '\(field.name)' of '\(name)' is '\(field.type)', which generated code takes only as a member of the screen, not inside a record",
                         at: locate(field: field.name, ofRecord: name))
                }
                return (member, field.name, type)
            }
            return .init(swiftName: swift, specName: name, fields: fields, given: givenFields(of: name))
        }
    }

    /// The fields of the view model `model`'s rows that a `cells:` entry gives (`with:`), or its
    /// children's `params:`, each with the comment its `let` gets.
    private func givenFields(of model: String) -> [String: String] {
        var givers: [String: [String]] = [:]
        var isChild = false
        for plan in spec.cells where plan.model == model {
            isChild = isChild || plan.instance != nil
            for given in plan.given ?? [] where plan.fieldNames.indices.contains(given.field) {
                givers[plan.fieldNames[given.field], default: []].append(plan.name)
            }
        }
        return givers.reduce(into: [:]) { result, entry in
            let names = entry.value.map { "`\($0)`" }.joined(separator: ", ")
            result[entry.key] = isChild
                ? "Given by the screen (`children:` \(names), `params: { \(entry.key): … }`) and computed again whenever a value it reads changes: the child reads it and never writes it."
                : "Given by the screen (`cells:` \(names), `with: { \(entry.key): … }`) and computed again whenever its list or a value it reads changes: the row reads it and never writes it."
        }
    }

    private func containsDirect(_ type: SpecType) -> Bool {
        switch type {
        // A `Color` field is a `ColorValue`, which codes as a record's field does.
        case .error, .navigation: return true
        case .optional(let t), .list(let t): return containsDirect(t)
        default: return false
        }
    }

    private func mentions(_ typeName: String) -> Bool {
        func uses(_ type: SpecType) -> Bool {
            switch type {
            case .record(let n): return n == typeName || spec.types.records[n, default: []].contains { uses($0.type) }
            case .enumeration(let n): return n == typeName
            case .optional(let t), .list(let t): return uses(t)
            default: return false
            }
        }
        return spec.nodes.contains { uses($0.type) } || spec.services.contains { uses($0.returns) || ($0.params ?? []).contains { uses($0.type) } }
    }

    func swiftType(_ type: SpecType) -> SwiftType {
        switch type {
        case .void: return .void
        case .bool: return .bool
        case .int: return .int
        case .double: return .double
        case .string: return .string
        case .error: return .error
        case .color: return .color
        case .navigation: return .navigation(navigationType)
        case .optional(let wrapped): return .optional(swiftType(wrapped))
        case .list(let element): return .list(swiftType(element))
        case .record(let name):
            return .named(typeNames[name] ?? name, empty: ".specrunEmpty")
        case .enumeration(let name):
            let first = spec.types.enums[name]?.first.flatMap(SwiftNames.memberIdentifier) ?? "unknown"
            return .named(typeNames[name] ?? name, empty: ".\(first)")
        }
    }

    private var navigationType: String { targets.isEmpty ? "ScreenNavigation" : "Destination" }

    // MARK: members

    private mutating func groups() -> [ScreenShape.Group] {
        let invariants = Set(spec.invariants.map(\.node))
        var order: [String] = []
        var byName: [String: ScreenShape.Group] = [:]
        var actionOf: [String: Int] = [:]
        // A name refused once is reported once, not for each of its nodes (`start.enabled`, …).
        var refused: Set<String> = []
        for (i, action) in spec.actions.enumerated() { actionOf[action.name] = i }
        // The hidden nodes of a view model used by itself (`shipping$rows`, `shipping$instance`)
        // are no members: the screen reads the child through the node of its name.
        for (index, node) in spec.nodes.enumerated() where !invariants.contains(index) && !node.name.contains("$") {
            guard let kind = memberKind(node) else { continue }
            // An action's completions are fed only when the spec reads them (docs/spec-language.md).
            if case .actionCompletions(let a) = node.role, spec.actions[a].completions == nil { continue }
            let segments = node.name.split(separator: ".", maxSplits: 1).map(String.init)
            let head = segments[0]
            if byName[head] == nil {
                guard !refused.contains(head) else { continue }
                guard let swift = memberName(head, at: node.range) else {
                    refused.insert(head)
                    continue
                }
                var group = ScreenShape.Group(swiftName: swift, specName: head)
                if let a = actionOf[head] {
                    let action = spec.actions[a]
                    group.action = .init(specName: action.name, input: action.input == .void ? nil : swiftType(action.input), inputSpecType: action.input.description)
                }
                byName[head] = group
                order.append(head)
            }
            var member = ScreenShape.Member(
                specName: node.name, swiftName: "", kind: kind, specType: node.type.description, type: swiftType(node.type))
            if case .input = node.role { member.isInput = true }
            if segments.count == 1 {
                var main = member
                main.swiftName = byName[head]!.swiftName
                byName[head]?.main = main
            } else {
                guard let swift = SwiftNames.memberIdentifier(segments[1]) else {
                    fail(.swiftName, "'\(node.name)' becomes no Swift member name (\(SwiftNames.refusal(segments[1])))", at: locate(member: node.name, fallback: node.range))
                    continue
                }
                if Self.reservedGroupMembers.contains(swift) || byName[head]!.children.contains(where: { $0.swiftName == swift }) {
                    fail(.swiftCollision, "'\(node.name)' becomes '\(byName[head]!.swiftName).\(swift)' in Swift, which the generated code already has",
                         at: locate(member: node.name, fallback: node.range))
                    continue
                }
                var child = member
                child.swiftName = swift
                byName[head]?.children.append(child)
            }
        }
        var seen: [String: String] = [:]
        var result: [ScreenShape.Group] = []
        for head in order {
            guard var group = byName[head] else { continue }
            if let other = seen[group.swiftName] {
                fail(.swiftCollision, "'\(other)' and '\(head)' both become '\(group.swiftName)' in Swift", at: locate(head))
                continue
            }
            seen[group.swiftName] = head
            if group.action != nil {
                group.nestedType = SwiftNames.upperFirst(group.swiftName) + "Action"
            } else if !group.children.isEmpty {
                group.nestedType = SwiftNames.upperFirst(group.swiftName) + "Group"
            }
            result.append(group)
        }
        return result
    }

    private func memberKind(_ node: NodeDecl) -> ScreenShape.Member.Kind? {
        switch (node.role, node.kind) {
        case (.component, _): return nil
        // The pipeline of work written as a stream: the action's own outputs say what it does.
        case (.actionWork, _): return nil
        case (.input, .stream): return node.type == .void ? .event : .valueInput
        case (.input, _), (.state, _): return .settable
        case (.param, _): return nil  // a parameter is a property of its own (`shape.params`)
        case (_, .stream): return .stream
        default: return .current
        }
    }

    private mutating func memberName(_ name: String, at range: SpecRange) -> String? {
        guard let swift = SwiftNames.memberIdentifier(name) else {
            fail(.swiftName, "'\(name)' becomes no Swift member name: \(SwiftNames.refusal(name)); rename it in the spec (for example '\(name)Value')", at: range)
            return nil
        }
        if Self.reservedMembers.contains(swift) {
            let same = swift == name ? "is the Swift member '\(swift)'" : "would be the Swift member '\(swift)'"
            fail(.swiftCollision, "'\(name)' \(same), a name every generated screen already has for its own use; rename it in the spec", at: range)
            return nil
        }
        return swift
    }

    // MARK: services

    private mutating func services() -> [ScreenShape.Service] {
        var seen: [String: String] = [:]
        return spec.services.compactMap { service in
            let segments = service.name.split(separator: ".").map(String.init)
            var path: [String] = []
            for segment in segments {
                guard let swift = SwiftNames.memberIdentifier(segment) else {
                    fail(.swiftName, "the service '\(service.name)' becomes no Swift name: for '\(segment)', \(SwiftNames.refusal(segment))", at: locate(service.name))
                    return nil
                }
                path.append(swift)
            }
            let joined = path.joined(separator: ".")
            if let other = seen[joined] {
                fail(.swiftCollision, "the services '\(other)' and '\(service.name)' both become '\(joined)' in Swift", at: locate(service.name))
                return nil
            }
            seen[joined] = service.name
            let params = service.params ?? []
            var fields: [(String, String, SwiftType)] = []
            for param in params {
                guard let swift = SwiftNames.memberIdentifier(param.name) else {
                    fail(.swiftName, "the parameter '\(param.name)' of '\(service.name)' becomes no Swift property name (\(SwiftNames.refusal(param.name)))", at: locate(service.name))
                    return nil
                }
                fields.append((swift, param.name, swiftType(param.type)))
            }
            let arguments = params.isEmpty ? nil : path.map(SwiftNames.upperFirst).joined() + "Arguments"
            return .init(specName: service.name, path: path, arguments: arguments, argumentFields: fields,
                         returns: service.returns == .void ? nil : swiftType(service.returns))
        }
    }

    /// The streams the screen reads itself (a stream another output, a stream or a handler of
    /// the spec's own takes): steps inside the view model, not what it shows. A stream only a
    /// view component or an invariant reads is not one of them.
    private func plumbing() -> Set<String> {
        let program = ScreenProgram(spec)
        func isComponent(_ node: Int) -> Bool { if case .component = spec.nodes[node].role { true } else { false } }
        var result: Set<String> = []
        for (i, node) in spec.nodes.enumerated() where !node.hasCurrentValue {
            guard case .output = node.role else { continue }
            let readByNode = program.readers[i].contains { !isComponent($0) }
            // A row's work listening to the row (its pipeline after the streams') is the row's, not the screen's.
            let readByStream = program.pipelineInputs[i].contains { $0.pipeline < spec.streams.count && !isComponent(spec.streams[$0.pipeline].output) }
            let readByHandler = program.handlersOn[i].contains { spec.handlers[$0].targets.contains { !isComponent($0) } }
            if readByNode || readByStream || readByHandler { result.insert(node.name) }
        }
        return result
    }

    // MARK: checks

    private mutating func checkNestedTypes(_ shape: ScreenShape) {
        var owners: [String: String] = [:]
        let fixed = ["Values", "Services", "Destination", "Parameters", "Nodes", shape.screenType, shape.modelType]
        for name in fixed { owners[name] = "the generated code" }
        for record in shape.records { claim(record.swiftName, by: "the type '\(record.specName)'", &owners) }
        for e in shape.enums { claim(e.swiftName, by: "the type '\(e.specName)'", &owners) }
        for group in shape.groups {
            if let nested = group.nestedType { claim(nested, by: "'\(group.specName)'", &owners) }
            if group.nestedType != nil { claim(SwiftNames.upperFirst(group.swiftName) + "Values", by: "'\(group.specName)'", &owners) }
        }
        for service in shape.services {
            if let arguments = service.arguments { claim(arguments, by: "the service '\(service.specName)'", &owners) }
        }
    }

    /// The model flattens a group's members (`login.enabled` -> `loginEnabled`): no flattened
    /// name may be another member's.
    private mutating func checkModelNames(_ shape: ScreenShape) {
        var owners: [String: String] = [:]
        for group in shape.groups where group.nestedType == nil { owners[group.swiftName] = group.specName }
        for group in shape.groups where group.nestedType != nil {
            let head = SwiftNames.bare(group.swiftName)
            var flattened = group.children.map { (head + SwiftNames.upperFirst($0.swiftName), $0.specName) }
            if let main = group.main { flattened.append((head + (main.kind == .stream ? "Latest" : "Value"), main.specName)) }
            for (name, specName) in flattened {
                if let other = owners[name] {
                    fail(.swiftCollision, "'\(specName)' and '\(other)' both become '\(name)' in the generated model; rename one in the spec", at: locate(other))
                }
                owners[name] = specName
            }
        }
    }

    private mutating func claim(_ name: String, by owner: String, _ owners: inout [String: String]) {
        if let other = owners[name] {
            fail(.swiftCollision, "\(owner) becomes the Swift type '\(name)', which \(other) already is; rename it in the spec", at: locate(owner))
            return
        }
        owners[name] = owner
    }

    // MARK: helpers

    private mutating func fail(_ id: DiagnosticID, _ message: String, at range: SpecRange) {
        diagnostics.append(Diagnostic(.error, id: id, message, at: range))
    }
}
