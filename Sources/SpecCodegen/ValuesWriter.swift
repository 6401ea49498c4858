/// Writes a screen's `Values`: each input, output and stream as an `AsyncThrowingStream` of its
/// type (its value now, then each change; a stream's elements), finishing when the stream
/// completes or the screen stops, throwing the spec's `ErrorValue` when it ends with an error.
struct ValuesWriter {
    let shape: ScreenShape

    func write(into out: inout SwiftSource) {
        out.block("extension \(shape.screenType)") { out in
            out.doc("Each member of the screen as an `AsyncSequence` of its type: an input's, state's or output's value now, then each change; a stream's elements. It finishes when the stream completes or the screen stops, and throws the spec's `ErrorValue` when the stream ends with an error.")
            out.block("public struct Values: Sendable") { out in
                out.line("let core: TypedScreenCore")
                out.line("let nodes: Nodes")
                for group in shape.groups {
                    out.line()
                    if group.nestedType != nil {
                        let type = SwiftNames.upperFirst(group.swiftName) + "Values"
                        out.doc("`\(group.specName)` and the members under it.")
                        out.line("public var \(group.swiftName): \(type) { \(type)(core: core, nodes: nodes) }")
                    } else if let main = group.main {
                        writeStream(main, name: group.swiftName, into: &out)
                    }
                }
            }
            for group in shape.groups where group.nestedType != nil {
                let type = SwiftNames.upperFirst(group.swiftName) + "Values"
                out.line()
                out.doc("The values of `\(group.specName)` and the members under it.")
                out.block("public struct \(type): Sendable") { out in
                    out.line("let core: TypedScreenCore")
                    out.line("let nodes: Nodes")
                    if let main = group.main {
                        out.line()
                        writeStream(main, name: main.kind == .stream || main.kind == .event || main.kind == .valueInput ? "elements" : "value", into: &out)
                    }
                    for child in group.children {
                        out.line()
                        writeStream(child, name: child.swiftName, into: &out)
                    }
                }
            }
        }
    }

    private func writeStream(_ member: ScreenShape.Member, name: String, into out: inout SwiftSource) {
        let node = "nodes.\(shape.nodeNames[member.specName]!)"
        let type = member.type
        out.doc("The values of `\(member.specName)`.")
        if type == .void {
            out.line("public var \(name): AsyncThrowingStream<Void, any Error> { core.signals(\(node)) }")
        } else if type.isNavigation {
            let element = shape.destinations.isEmpty ? "ScreenNavigation" : "Destination"
            let transform = shape.destinations.isEmpty ? "{ $0 }" : "{ [core] in Destination($0, core: core) }"
            out.line("public var \(name): AsyncThrowingStream<\(element), any Error> { core.navigations(\(node), \(transform)) }")
        } else {
            out.line("public var \(name): AsyncThrowingStream<\(type.spelling), any Error> { core.values(\(node), as: \(type.spelling).self) }")
        }
    }
}
