import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// The public surfaces of ScreenSpec, SpecProgram and SpecRuntime stay small and documented (issue 26): what
/// other modules of this package share is `package`; what is `public` is an embedder's API and
/// says what it is for with a `///` comment.
@Suite struct PublicSurfaceTests {
    static let modules = ["ScreenSpec", "SpecProgram", "SpecRuntime"]

    /// The Swift files of `module`, by path from the package root, with their lines.
    static func sources(of module: String) throws -> [(path: String, lines: [Substring])] {
        let folder = PackagePaths.path("Sources/" + module)
        let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
        return try files.filter { $0.hasSuffix(".swift") }.sorted().map { file in
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            return ("Sources/\(module)/\(file)", text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    /// Whether `line` declares something `public` (as a modifier, not in a comment or a string).
    static func declaresPublic(_ line: Substring) -> Bool {
        let code = line.drop { $0 == " " }
        guard !code.hasPrefix("//") else { return false }
        return code.split(separator: " ").contains("public")
    }

    /// The public declarations of `module` with no `///` comment right above them (attributes
    /// such as `@inlinable` may sit between), as `path:line: declaration`.
    static func undocumented(in module: String) throws -> [String] {
        var found: [String] = []
        for (path, lines) in try sources(of: module) {
            for (i, line) in lines.enumerated() where declaresPublic(line) {
                var above = i - 1
                while above >= 0, lines[above].drop(while: { $0 == " " }).hasPrefix("@") { above -= 1 }
                if above < 0 || !lines[above].drop(while: { $0 == " " }).hasPrefix("///") {
                    found.append("\(path):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    @Test(arguments: modules)
    func everyPublicDeclarationIsDocumented(_ module: String) throws {
        let missing = try Self.undocumented(in: module)
        #expect(missing.isEmpty, "public without a '///' comment saying what it is for an embedder:\n\(missing.joined(separator: "\n"))")
    }

    /// The scan itself: a public declaration without a comment is found, one with a comment (and
    /// an attribute between) is not, and `public` in a comment is no declaration.
    @Test func theScanFindsAnUndocumentedDeclaration() {
        #expect(Self.declaresPublic("    public var x: Int"))
        #expect(Self.declaresPublic("    @exclusivity(unchecked) public private(set) var now = 0"))
        #expect(!Self.declaresPublic("    /// the public face of the module"))
        #expect(!Self.declaresPublic("    package var x: Int"))
    }

    /// Counted as docs/architecture.md counts them: `public` tokens in the module's sources.
    @Test(arguments: modules)
    func thePublicSurfaceStaysSmall(_ module: String) throws {
        let count = try Self.sources(of: module).reduce(0) { total, file in
            total + file.lines.reduce(0) { $0 + $1.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).filter { $0 == "public" }.count }
        }
        #expect(count > 0)
        #expect(count < 220, "\(module) has \(count) 'public' tokens; what only this package's modules share is 'package'")
    }

    /// An embedder reads an error's kind as a string: the kinds are a `package` enum that grows.
    @Test func anErrorsKindIsReadByName() {
        #expect(ErrorValue(.http, status: 503).kindName == "http")
        #expect(ErrorValue(.notEnabled).kindName == "notEnabled")
    }

    // MARK: typed handles

    static func login() throws -> CheckedSpec {
        try SpecLoader.checkedSpec(path: PackagePaths.specs + "/login.yaml")
    }

    @Test func handlesAreLookedUpByNameAndDriveTheGraph() throws {
        let spec = try Self.login()
        let email = try #require(spec.input(named: "email"))
        let password = try #require(spec.input(named: "password"))
        let canLogin = try #require(spec.handle(named: "canLogin"))
        #expect(spec.action(named: "login") != nil)
        // An output is no input; an unknown name is nothing.
        #expect(spec.input(named: "canLogin") == nil)
        #expect(spec.handle(named: "emial") == nil)
        #expect(spec.action(named: "email") == nil)

        let graph = ScreenGraph(spec: spec)
        var seen: [Value] = []
        graph.onEmit = { if $0.source == canLogin { seen.append($0.value) } }
        graph.start()
        graph.set(email, to: .string("someone@example.com"))
        graph.set(password, to: .string("hunter2"))
        #expect(graph.value(of: canLogin) == .bool(true))
        #expect(graph.value(of: email.node) == .string("someone@example.com"))
        #expect(seen == [.bool(false), .bool(true)])
    }

    @Test func theNameIndexIsBuiltOnceAndNeverTrustedWhenStale() throws {
        var spec = try Self.login()
        let email = try #require(spec.node(named: "email"))
        let password = try #require(spec.node(named: "password"))
        // A tool that reorders a copy of the program: the index built with it no longer matches,
        // and the lookup still answers with the node of that name.
        spec.nodes.swapAt(email, password)
        #expect(spec.node(named: "email") == password)
        #expect(spec.node(named: "password") == email)
        #expect(spec.names.node("email", in: spec) == password)
    }

    @Test func aCompiledSpecLooksNamesUpAsItsYAMLDoes() throws {
        let spec = try Self.login()
        let loaded = try CompiledSpec.load(json: Data(CompiledSpec.json(spec).utf8))
        #expect(loaded.nodeNames == spec.nodeNames)
        #expect(loaded.scenarioNames == spec.scenarioNames)
        for name in spec.nodeNames {
            #expect(loaded.handle(named: name) == spec.handle(named: name))
            #expect(loaded.input(named: name) == spec.input(named: name))
        }
        #expect(loaded.action(named: "login") == spec.action(named: "login"))
    }
}
