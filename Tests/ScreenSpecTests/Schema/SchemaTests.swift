import Foundation
@testable import ScreenSpec
import SpecTesting
import Testing
@testable import SpecRuntime

/// The JSON Schema against the reader's own lists, so that syntax added to the reader without
/// the schema (or the other way round) fails here.
@Suite("JSON Schema")
struct SchemaTests {
    let schema = SpecSchema.document

    @Test func shippedSchemaIsTheGeneratedOne() throws {
        let shipped = try String(contentsOfFile: PackagePaths.path("schema/spec.schema.json"), encoding: .utf8)
        #expect(shipped == SpecSchema.text, "schema/spec.schema.json is stale: run 'swift run specrun schema > schema/spec.schema.json'")
    }

    func at(_ path: [String]) -> JSONValue? {
        var current: JSONValue? = schema
        for key in path { current = current?[key] }
        return current
    }

    @Test func sectionsAreTheReaders() {
        #expect(schema["properties"]?.keys == SpecReader.sections)
        #expect(schema["additionalProperties"] == .bool(false))
        #expect(schema["required"] == ["screen"])
    }

    @Test func operatorsAreTheReaders() {
        #expect(at(["$defs", "operator", "else", "properties"])?.keys == SpecReader.operatorNames)
        #expect(SpecSchema.bareOperators.allSatisfy(SpecReader.operatorNames.contains))
    }

    @Test func stepsAreTheReadersAndTheCatalogsGestures() {
        let steps = at(["$defs", "step", "properties"])?.keys ?? []
        #expect(steps == SpecReader.stepKinds + GestureVerb.all.map(\.name))
    }

    @Test func componentsAreTheCatalogs() {
        let kinds = ComponentCatalog.names
        #expect(at(["$defs", "component", "then", "enum"]) == .array(kinds.map { .string($0) }))
        #expect(at(["$defs", "component", "else", "properties"])?.keys == kinds)
        for kind in ComponentCatalog.all {
            let members = kind.properties.map(\.name) + kind.events.map(\.name) + kind.settings.map(\.name)
            #expect(at(["$defs", "component.\(kind.name)", "properties"])?.keys == members, "\(kind.name)")
        }
    }

    /// Where the reader reports an unknown key it lists the keys it takes; the schema's mapping at
    /// the same place must take exactly those.
    static let places: [(yaml: String, paths: [[String]])] = [
        ("screen: A\nzzz: 1\n", [["properties"]]),
        ("screen: A\ninputs:\n  x: { type: Int, zzz: 1 }\n", [["$defs", "input", "else", "properties"]]),
        ("screen: A\nstate:\n  x: { type: Int, initial: 0, zzz: 1 }\n", [["$defs", "state", "properties"]]),
        ("screen: A\noutputs:\n  x: { value: \"1\", zzz: 1 }\n", [["$defs", "output", "else", "else", "else", "properties"]]),
        ("screen: A\noutputs:\n  x: { stream: q, zzz: 1 }\n",
         [["$defs", "output", "else", "then", "properties"], ["$defs", "output", "else", "else", "then", "properties"]]),
        ("screen: A\nactions:\n  a: { work: { call: s }, zzz: 1 }\n", [["$defs", "action", "properties"]]),
        // An action's work takes what a request takes (a plain call, or a stream: 'ops:', 'just:', …).
        ("screen: A\nactions:\n  a: { work: { call: s, zzz: 1 } }\n", [["$defs", "request", "properties"]]),
        ("screen: A\noutputs:\n  x: { stream: q, ops: [ { flatMap: { call: s, zzz: 1 } } ] }\n", [["$defs", "request", "properties"]]),
        ("screen: A\nhandlers:\n  - { on: x, set: {}, zzz: 1 }\n", [["$defs", "handler", "properties"]]),
        ("screen: A\nservices:\n  s: { returns: Int, zzz: 1 }\n", [["$defs", "service", "properties"]]),
        ("screen: A\nservices:\n  s: { returns: Int, results: [ { value: 1, zzz: 1 } ] }\n", [["$defs", "result", "properties"]]),
        ("screen: A\nservices:\n  s: { returns: Int, cases: [ { when: {}, value: 1, zzz: 1 } ] }\n", [["$defs", "case", "properties"]]),
        ("screen: A\nservices:\n  s: { returns: Int, result: 1, http: { get: /x, zzz: 1 } }\n", [["$defs", "http", "properties"]]),
        ("screen: A\nscenarios:\n  - { name: s, zzz: 1 }\n", [["$defs", "scenario", "properties"]]),
        ("screen: A\nscenarios:\n  - { name: s, services: { s: { zzz: 1 } } }\n", [["$defs", "serviceOverride", "properties"]]),
        ("screen: A\noutputs:\n  x: { navigate: { to: A, zzz: 1 }, on: q }\n", [["$defs", "navigate", "properties"]]),
        ("screen: A\noutputs:\n  x: { stream: q, ops: [ { scan: { seed: 0, zzz: 1 } } ] }\n",
         [["$defs", "operator", "else", "properties", "scan", "properties"]]),
        ("screen: A\noutputs:\n  x: { stream: q, ops: [ { combineLatest: { with: q, zzz: 1 } } ] }\n",
         [["$defs", "operator", "else", "properties", "combineLatest", "properties"]]),
        ("screen: A\noutputs:\n  x: { stream: q, ops: [ { throttle: { for: 1s, zzz: 1 } } ] }\n",
         [["$defs", "operator", "else", "properties", "throttle", "else", "properties"]]),
        ("screen: A\nbindings:\n  - { bind: a, to: b, zzz: 1 }\n", [["$defs", "binding", "properties"]]),
        ("screen: A\nview:\n  l: { label: { text: { twoWay: a, zzz: 1 } } }\n", [["$defs", "propertyWiring", "then", "properties"]]),
    ]

    @Test(arguments: 0..<places.count)
    func mappingKeysAreTheReaders(_ index: Int) throws {
        let (yaml, paths) = Self.places[index]
        let loaded = SpecLoader.load(text: yaml, path: "keys.yaml")
        let unknown = try #require(loaded.diagnostics.first { $0.id == "unknown-key" }, "no unknown-key for:\n\(yaml)")
        let note = try #require(unknown.notes.first { $0.message.hasPrefix("expected one of: ") })
        let readerKeys = note.message.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        var schemaKeys: [String] = []
        for path in paths {
            let keys = try #require(at(path)?.keys, "no mapping at \(path)")
            schemaKeys += keys.filter { !schemaKeys.contains($0) }
        }
        #expect(Set(readerKeys) == Set(schemaKeys), "\(yaml)")
        for path in paths { #expect(at(Array(path.dropLast()) + ["additionalProperties"]) == .bool(false), "\(path) takes unknown keys") }
    }

    @Test func everyDefinitionIsReferencedAndEveryReferenceDefined() {
        let text = SpecSchema.text
        let defined = Set(schema["$defs"]?.keys ?? [])
        var referenced: Set<String> = []
        for part in text.components(separatedBy: "\"#/$defs/").dropFirst() {
            referenced.insert(String(part.prefix { $0 != "\"" }))
        }
        #expect(referenced.subtracting(defined).isEmpty, "undefined: \(referenced.subtracting(defined))")
        #expect(defined.subtracting(referenced).isEmpty, "unused: \(defined.subtracting(referenced))")
    }

    @Test func snippetsAreOfferedWhereTheyBelong() {
        let defs = Set(schema["$defs"]?.keys ?? [])
        for (name, snippets) in SpecSchema.snippets {
            #expect(defs.contains(name), "snippets for an unknown definition '\(name)'")
            guard case .array(let offered)? = at(["$defs", name, "defaultSnippets"]) else {
                Issue.record("'\(name)' offers no snippets")
                continue
            }
            #expect(offered.count == snippets.count)
        }
    }

    @Test func everyDescriptionIsWritten() {
        func walk(_ value: JSONValue, _ path: String) {
            guard case .object(let pairs) = value else {
                if case .array(let items) = value { for (i, item) in items.enumerated() { walk(item, path + "[\(i)]") } }
                return
            }
            for pair in pairs {
                if pair.key == "description" { #expect(pair.value != "" , "empty description at \(path)") }
                // Every key a person writes has hover text.
                if pair.key == "properties" || pair.key == "$defs", case .object(let props) = pair.value {
                    for prop in props {
                        #expect(pair.key == "$defs" || prop.value["description"] != nil, "no description for \(path).\(prop.key)")
                        walk(prop.value, path + "." + prop.key)
                    }
                } else {
                    walk(pair.value, path + "." + pair.key)
                }
            }
        }
        walk(schema, "$")
    }
}

@Suite("Value constraints")
struct ValueConstraintTests {
    @Test func daysAreDaysOfTheCalendar() {
        for day in ["2026-11-22", "2024-02-29", "2000-02-29", "0001-01-01"] { #expect(ValueConstraint.day.allows(.string(day)), "\(day)") }
        for day in ["2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026-01-32", "today", "２０２６-01-01"] {
            #expect(!ValueConstraint.day.allows(.string(day)), "\(day)")
        }
    }
}
