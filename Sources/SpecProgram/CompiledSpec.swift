import Foundation

/// A checked spec as versioned JSON: what `specrun compile` writes and what an app that links
/// SpecRuntime alone loads and plays, with no YAML parser and no checker.
///
/// The file is one object: `{"format": "specrun-program", "version": 19, "program": {...}}`, the
/// program being ``CheckedSpec`` as its Codable conformances write it. A reader accepts exactly
/// its own ``version``: the program's shape follows the engine's, so a file from another version
/// is compiled again rather than guessed at.
public enum CompiledSpec {
    /// The value of the top-level `format` key.
    public static let format = "specrun-program"
    /// The one version of the format this engine writes and reads.
    public static let version = 19

    /// The compiled form of `spec`, as JSON text ending in a newline. Keys are sorted, so the
    /// same spec compiles to the same bytes.
    public static func json(_ spec: CheckedSpec) throws -> String {
        let encoder = JSONEncoder()
        // Infinities and NaN, which JSON has no numbers for, are written as strings.
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(Envelope(format: format, version: version, program: spec))
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The program of a compiled spec's JSON. A file that is not JSON, not a compiled spec, of
    /// another version, or whose program refers to nodes, actions or services it does not have
    /// is refused with a one-line reason that says where (a line, column and byte for text that
    /// is not JSON, a path such as `program.nodes[3].type` for a program that is wrong);
    /// nothing in `data` can make this trap.
    public static func load(json data: Data) throws(CompiledSpecError) -> CheckedSpec {
        // The engine's own reader rather than Foundation's: it says where the text is wrong, and
        // its depth is bounded (see `JSONDocument`).
        let root: JSONDocument.Node
        do {
            root = try JSONDocument.read(Array(data))
        } catch {
            throw CompiledSpecError("not a compiled spec: \(error)")
        }
        guard case .object = root.value else { throw CompiledSpecError("not a compiled spec: the file is not a JSON object") }
        let header: Header
        do {
            header = try JSONTreeDecoder.decode(Header.self, from: root)
        } catch {
            throw CompiledSpecError("not a compiled spec: " + Self.reason(error))
        }
        guard header.format == format else {
            throw CompiledSpecError("not a compiled spec: expected \"format\": \"\(format)\" at the top level (write one with 'specrun compile')")
        }
        guard header.version == version else {
            let found = header.version.map(String.init) ?? "none"
            throw CompiledSpecError("compiled spec version \(found) is not supported: this engine reads version \(version); compile the spec again")
        }
        var program: CheckedSpec
        do {
            program = try JSONTreeDecoder.decode(Envelope.self, from: root).program
        } catch {
            throw CompiledSpecError("malformed compiled spec: " + Self.reason(error))
        }
        try ProgramValidator(program).validate()
        // The name index is not encoded: built here once, as the front end builds it.
        program.names = NameIndex(program)
        // Nor which fields of a row's record are its view's: the cells' plans say it, so a struct
        // an app writes to an input without them (as generated row structs allow) decodes here
        // as it does in a screen loaded from YAML.
        program.types.viewFields = program.rowViewFieldStarts
        return program
    }

    /// ``load(json:)`` of the file at `path`.
    public static func load(path: String) throws(CompiledSpecError) -> CheckedSpec {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CompiledSpecError("cannot read '\(path)': \(error.localizedDescription)")
        }
        return try load(json: data)
    }

    /// Whether `path` names a compiled spec rather than a YAML one: by its extension, `.json`.
    public static func isCompiledSpecPath(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".json")
    }

    private struct Envelope: Codable {
        var format: String
        var version: Int
        var program: CheckedSpec
    }

    private struct Header: Decodable {
        var format: String?
        var version: Int?
    }

    /// A decoding error as one line: where in the JSON, and what was wrong.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c), .dataCorrupted(let c): context = c
        @unknown default: return String(describing: error)
        }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        var message = context.debugDescription
        if case .keyNotFound(let key, _) = error { message = "no key '\(key.stringValue)'" }
        if let underlying = context.underlyingError as NSError?, message.isEmpty { message = underlying.localizedDescription }
        return path.isEmpty ? message : "at \(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(message)"
    }
}

/// Why a compiled spec was refused: one line, lowercase, as the command line prints it.
public struct CompiledSpecError: Error, CustomStringConvertible, Sendable {
    /// The reason, one line.
    public var message: String

    /// An error with `message`.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
