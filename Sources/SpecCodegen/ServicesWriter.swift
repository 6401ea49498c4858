/// Writes a screen's `Services`: a method per service taking a typed closure (its arguments as a
/// generated struct, its answer of the `returns:` type), nested by the name's segments
/// (`auth.signIn` -> `services.auth.signIn { … }`), and a method that gives the service back to
/// the spec's fake.
struct ServicesWriter {
    let shape: ScreenShape

    func write(into out: inout SwiftSource) {
        out.block("extension \(shape.screenType)") { out in
            writeLevel(prefix: [], typeName: "Services", into: &out)
        }
    }

    private func writeLevel(prefix: [String], typeName: String, into out: inout SwiftSource) {
        let here = shape.services.filter { $0.path.count == prefix.count + 1 && Array($0.path.prefix(prefix.count)) == prefix }
        var nested: [String] = []
        for service in shape.services where service.path.count > prefix.count + 1 && Array(service.path.prefix(prefix.count)) == prefix {
            let next = service.path[prefix.count]
            if !nested.contains(next) { nested.append(next) }
        }
        out.doc(prefix.isEmpty
            ? "The screen's services. A service given a closure calls it (its task is cancelled when the screen no longer waits for the answer); one given none answers from the spec's fake."
            : "The services under `\(prefix.joined(separator: "."))`.")
        out.block("public struct \(typeName): Sendable") { out in
            out.line("let core: TypedScreenCore")
            for segment in nested {
                let type = (prefix + [segment]).map(SwiftNames.upperFirst).joined() + "Services"
                out.line()
                out.doc("The services under `\((prefix + [segment]).joined(separator: "."))`.")
                out.line("public var \(segment): \(type) { \(type)(core: core) }")
            }
            for service in here {
                let name = service.path.last!
                let arguments = service.arguments.map { "(\($0))" } ?? "()"
                let answer = service.returns?.spelling ?? "Void"
                out.line()
                out.doc("Answers `\(service.specName)` with `body`: \(service.arguments == nil ? "no arguments" : "its arguments in") and \(service.returns == nil ? "nothing" : "a `\(answer)`") out; throw a `ServiceFailure` (`.http(401)`) for the spec's error values.")
                out.line("public func \(name)(_ body: @escaping @Sendable \(arguments) async throws -> \(answer)) { core.provide(\(SwiftSource.literal(service.specName)), body) }")
                out.line()
                out.doc("Answers `\(service.specName)` from the spec's fake again.")
                out.line("public func fake\(SwiftNames.upperFirst(name))() { core.removeProvider(\(SwiftSource.literal(service.specName))) }")
            }
        }
        for segment in nested {
            out.line()
            let type = (prefix + [segment]).map(SwiftNames.upperFirst).joined() + "Services"
            writeLevel(prefix: prefix + [segment], typeName: type, into: &out)
        }
    }
}
