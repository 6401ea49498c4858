/// Writes a screen's value types: the spec's `types:` as `Codable`, `Sendable`, `Hashable`
/// structs and `String` enums, its `Parameters`, its services' arguments and, when it
/// navigates, its `Destination`.
struct TypesWriter {
    let shape: ScreenShape

    func write(into out: inout SwiftSource) {
        out.block("extension \(shape.screenType)") { out in
            writeStruct(
                "Parameters", doc: "The screen's `params:`, as `init(_:)` takes them and another screen's destination carries them.",
                fields: shape.params.map { ($0.swiftName, $0.specName, $0.type) }, empty: false, into: &out)
            for record in shape.records {
                out.line()
                writeStruct(record.swiftName, doc: "The record `\(record.specName)` of the spec's `types:`.", fields: record.fields, empty: true,
                            given: record.given, into: &out)
            }
            for enumeration in shape.enums {
                out.line()
                out.doc("The enum `\(enumeration.specName)` of the spec's `types:`.")
                out.block("public enum \(enumeration.swiftName): String, Codable, Sendable, Hashable, CaseIterable") { out in
                    for c in enumeration.cases {
                        out.line(SwiftNames.bare(c.swiftName) == c.specName ? "case \(c.swiftName)" : "case \(c.swiftName) = \(SwiftSource.literal(c.specName))")
                    }
                }
            }
            for service in shape.services {
                guard let arguments = service.arguments else { continue }
                out.line()
                writeStruct(arguments, doc: "The arguments of `\(service.specName)`.", fields: service.argumentFields, empty: false, into: &out)
            }
            if !shape.destinations.isEmpty {
                out.line()
                writeDestination(into: &out)
            }
        }
    }

    private func writeStruct(_ name: String, doc: String, fields: [(swiftName: String, specName: String, type: SwiftType)], empty: Bool,
                             given: [String: String] = [:], into out: inout SwiftSource) {
        out.doc(doc)
        out.block("public struct \(name): Codable, Sendable, Hashable") { out in
            for field in fields {
                // A parameter the screen gives the row: read-only, as the cell view model's `let`.
                if let comment = given[field.specName] {
                    out.doc(comment)
                    out.line("public let \(field.swiftName): \(field.type.spelling)")
                } else {
                    out.line("public var \(field.swiftName): \(field.type.spelling)")
                }
            }
            if !fields.isEmpty { out.line() }
            let arguments = fields.map { "\($0.swiftName): \($0.type.spelling)\($0.type.isOptional ? " = nil" : "")" }.joined(separator: ", ")
            out.doc("A value with every field given.")
            out.block("public init(\(arguments))") { out in
                for field in fields { out.line("self.\(field.swiftName) = \(field.swiftName)") }
            }
            if empty {
                out.line()
                out.doc("What a node of this type with no value reads as.")
                out.line("static var specrunEmpty: Self { Self(\(fields.map { "\(SwiftNames.label($0.swiftName)): \($0.type.empty)" }.joined(separator: ", "))) }")
            }
            if fields.contains(where: { SwiftNames.bare($0.swiftName) != $0.specName }) {
                out.line()
                out.block("enum CodingKeys: String, CodingKey") { out in
                    for field in fields {
                        out.line(SwiftNames.bare(field.swiftName) == field.specName ? "case \(field.swiftName)" : "case \(field.swiftName) = \(SwiftSource.literal(field.specName))")
                    }
                }
            }
        }
    }

    private func writeDestination(into out: inout SwiftSource) {
        out.doc("Where the screen navigates: a case per screen its `navigate:` opens, carrying that screen's parameters (open it with `\(shape.destinations.first { $0.targetType != nil }?.targetType ?? "TheScreen")(parameters)`).")
        out.block("public enum Destination: Sendable, Hashable") { out in
            for destination in shape.destinations {
                let payload = destination.targetType.map { "\($0).Parameters" } ?? "ScreenNavigation"
                out.doc("`navigate: { to: \(destination.screen) }`.")
                out.line("case \(destination.swiftCase)(\(payload))")
            }
            out.line()
            out.doc("The destination of a navigation value of this screen; nil (reported) for one it does not know.")
            out.block("init?(_ navigation: ScreenNavigation, core: TypedScreenCore)") { out in
                out.block("switch navigation.screen") { out in
                    for destination in shape.destinations {
                        out.line("case \(SwiftSource.literal(destination.screen)):")
                        if let target = destination.targetType {
                            out.line("    do {")
                            out.line("        self = .\(destination.swiftCase)(try navigation.parameters(as: \(target).Parameters.self))")
                            out.line("    } catch {")
                            out.line("        core.report(\"a navigation to \(destination.screen) does not decode: \\(error)\")")
                            out.line("        return nil")
                            out.line("    }")
                        } else {
                            out.line("    self = .\(destination.swiftCase)(navigation)")
                        }
                    }
                    out.line("default:")
                    out.line("    return nil")
                }
            }
        }
    }
}
