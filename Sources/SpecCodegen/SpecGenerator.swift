import Foundation
import ScreenSpec
import SpecRuntime

/// `specrun generate`: typed Swift for specs (docs/generated-code.md).
///
/// Each spec becomes one file, named after the spec (`login.yaml` -> `login.swift`): its typed
/// screen (`LoginScreen`), its `@Observable` model (`LoginModel`), its value types, and its
/// checked program embedded, so an app needs only the `SpecRuntime` product. With ``Options/rxSwift``,
/// a second file (`login+RxSwift.swift`) holds the RxSwift shape (`LoginViewModel`).
package enum SpecGenerator {
    /// What to write besides the typed screen.
    package struct Options: Sendable {
        /// The `@Observable` model (`LoginModel`).
        package var model = true
        /// The RxSwift shape (`LoginViewModel`), in a file of its own.
        package var rxSwift = false

        package init(model: Bool = true, rxSwift: Bool = false) {
            self.model = model
            self.rxSwift = rxSwift
        }
    }

    /// One generated file.
    package struct File: Sendable, Equatable {
        /// The file name (`login.swift`).
        package var name: String
        package var text: String
    }

    /// The file a spec's typed screen goes to: the spec's base name with `.swift`.
    package static func fileName(forSpec path: String) -> String {
        baseName(path) + ".swift"
    }

    /// The file a spec's RxSwift shape goes to.
    package static func rxSwiftFileName(forSpec path: String) -> String {
        baseName(path) + "+RxSwift.swift"
    }

    private static func baseName(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".yaml", ".yml", ".json"] where name.hasSuffix(suffix) {
            name.removeLast(suffix.count)
            break
        }
        return name
    }

    /// What one spec became: its files, or the diagnostics that stopped it (and its warnings).
    package struct Outcome: Sendable {
        /// The spec's path, as loaded.
        package var spec: String
        /// Its typed screen's file and, with ``Options/rxSwift``, its RxSwift shape's; empty when
        /// it could not be generated.
        package var files: [File]
        /// Its diagnostics: the checker's, then the generator's.
        package var diagnostics: [Diagnostic]

        /// Whether an error stopped it (then ``files`` is empty).
        package var failed: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// The files of `specs`, generated together (a navigation to a screen among them carries that
    /// screen's typed parameters), each spec on its own: one that does not check, or has a name
    /// that becomes no Swift name, stops only itself. A navigation to a screen that could not be
    /// generated carries an untyped `ScreenNavigation`, so that the files written compile without
    /// that screen's.
    package static func generate(_ specs: [LoadedSpec], options: Options = Options()) -> [Outcome] {
        var candidates: [String: String] = [:]
        for loaded in specs {
            if let spec = loaded.spec, let type = SwiftNames.type(spec.screen) { candidates[spec.screen] = type + "Screen" }
        }
        let outcomes = build(specs, siblings: candidates, options: options)
        // A screen is typed where some spec of it generated its files: a second spec with the
        // same screen name fails on the collision, and the first one's type still stands.
        let generated = Set(zip(specs, outcomes).compactMap { $0.1.failed ? nil : $0.0.spec?.screen })
        guard generated.count < candidates.count else { return outcomes }
        // Whether a shape builds does not depend on its siblings: the second pass types fewer
        // destinations and refuses nothing new.
        return build(specs, siblings: candidates.filter { generated.contains($0.key) }, options: options)
    }

    private static func build(_ specs: [LoadedSpec], siblings: [String: String], options: Options) -> [Outcome] {
        var screens: [String: String] = [:]
        return specs.map { loaded in
            var outcome = Outcome(spec: loaded.source.path, files: [], diagnostics: loaded.diagnostics)
            guard let spec = loaded.spec, !loaded.hasErrors else { return outcome }
            if let other = screens[spec.screen] {
                outcome.diagnostics.append(Diagnostic(.error, id: .swiftCollision,
                    "the screen '\(spec.screen)' is also in '\(other)': two generated types would be '\(siblings[spec.screen] ?? spec.screen)'",
                    at: SpecRange(file: spec.file, at: SpecLocation(line: 1, column: 1))))
                return outcome
            }
            screens[spec.screen] = spec.file
            let program: String
            do {
                program = try CompiledSpec.json(spec)
            } catch {
                outcome.diagnostics.append(Diagnostic(.error, id: .swiftType, "the program cannot be written as JSON: \(error)", at: SpecRange(file: spec.file, at: SpecLocation(line: 1, column: 1))))
                return outcome
            }
            var builder = ShapeBuilder(spec: spec, source: loaded.source, siblings: siblings)
            let shape = builder.build(program: program)
            outcome.diagnostics += builder.diagnostics
            guard let shape else { return outcome }
            outcome.files.append(File(name: fileName(forSpec: spec.file), text: screenFile(shape, options: options)))
            if options.rxSwift {
                // The RxSwift class holds its actions beside `input`, `output` and its dispose bag.
                let clashes = shape.groups.filter { $0.action != nil && rxSwiftMembers.contains(SwiftNames.bare($0.swiftName)) }
                for group in clashes {
                    let range = spec.actions.first { $0.name == group.specName }.map { spec.nodes[$0.enabled].range }
                    outcome.diagnostics.append(Diagnostic(.error, id: .swiftCollision,
                        "the action '\(group.specName)' would be '\(group.swiftName)' in the RxSwift shape, which that class already has; rename it in the spec",
                        at: range ?? SpecRange(file: spec.file, at: SpecLocation(line: 1, column: 1))))
                }
                guard clashes.isEmpty else {
                    outcome.files = []
                    return outcome
                }
                outcome.files.append(File(name: rxSwiftFileName(forSpec: spec.file), text: rxSwiftFile(shape)))
            }
            return outcome
        }
    }

    /// The members of the RxSwift shape's class besides its actions.
    static let rxSwiftMembers: Set<String> = ["input", "output", "screen", "disposeBag"]

    static let header = """
        // Generated by `specrun generate` from %@. Do not edit: edit the spec and generate again
        // (the build-tool plugin does it on every build; docs/generated-code.md).
        """

    private static func screenFile(_ shape: ScreenShape, options: Options) -> String {
        var out = SwiftSource()
        out.raw(header.replacingOccurrences(of: "%@", with: shape.fileName))
        out.line()
        out.line("import Foundation")
        if options.model { out.line("import Observation") }
        out.line("import SpecRuntime")
        out.line()
        ScreenWriter(shape: shape).write(into: &out)
        if options.model {
            out.line()
            ModelWriter(shape: shape).write(into: &out)
        }
        out.line()
        ContractWriter(shape: shape).write(into: &out, model: options.model)
        return out.text
    }

    private static func rxSwiftFile(_ shape: ScreenShape) -> String {
        var out = SwiftSource()
        out.raw(header.replacingOccurrences(of: "%@", with: shape.fileName))
        out.line()
        RxSwiftWriter(shape: shape).write(into: &out)
        return out.text
    }
}
