import Foundation
import ScreenSpec
import Testing

/// Issue 26: the screen catalogue read the spec's folder even when the spec was loaded from a
/// string. Other specs are now read only through a ``SpecResolver``; the file system is the
/// resolver of `SpecLoader.load(path:)` alone.
@Suite("Other specs are read through a resolver")
struct SpecResolverTests {
    /// A folder holding detail.yaml (screen Detail), next to which home.yaml is said to be.
    static func folder() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("resolver-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try "screen: Detail\nparams:\n  id: Int\n".write(toFile: root + "/detail.yaml", atomically: true, encoding: .utf8)
        return root
    }

    static func home(_ navigate: String) -> String {
        """
        screen: Home
        inputs:
          go: event
        outputs:
          open:
            navigate: \(navigate)
            on: go
        """
    }

    static func errors(_ loaded: LoadedSpec) -> [String] {
        loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
    }

    /// Records what the checker asks for; answers from a dictionary of texts by file name.
    final class Recording: SpecResolver, @unchecked Sendable {
        // Unchecked: one load at a time uses it, on one thread.
        let texts: [String: String]
        var asked: [String] = []
        init(_ texts: [String: String]) { self.texts = texts }
        func specFiles(in folder: String) -> [String] { asked.append("list \(folder)"); return Array(texts.keys) }
        func text(of file: String, from folder: String) -> Result<String, SpecUnavailable> {
            asked.append("read \(file)")
            return texts[file].map { .success($0) } ?? .failure(.unreadable("not given"))
        }
    }

    @Test func fromAStringWithoutAResolverNothingIsRead() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/home.yaml"
        // The same text checks from disk, where detail.yaml declares Detail...
        for navigate in ["{ to: Detail, params: { id: 1 } }", "{ to: Detail, file: detail.yaml, params: { id: 1 } }"] {
            #expect(Self.errors(SpecLoader.load(text: Self.home(navigate), path: path, resolver: FileSystemSpecResolver())).isEmpty)
        }
        // ...and from a string alone it reads nothing: a located error where the target is named.
        let byName = Self.errors(SpecLoader.load(text: Self.home("{ to: Detail, params: { id: 1 } }"), path: path))
        #expect(byName == ["6:21: cannot look for screen 'Detail' beside this spec: it was loaded from text, with no resolver to read other specs"])
        let byFile = Self.errors(SpecLoader.load(text: Self.home("{ to: Detail, file: detail.yaml, params: { id: 1 } }"), path: path))
        #expect(byFile == ["6:35: cannot read a spec at '\(root)/detail.yaml': this spec was loaded from text, with no resolver to read other specs"])
        // A navigation to the spec's own screen needs no other spec.
        #expect(Self.errors(SpecLoader.load(text: Self.home("{ to: Home }"), path: path)).isEmpty)
    }

    @Test func aResolverIsTheOnlySourceOfOtherSpecs() {
        let resolver = Recording(["detail.yaml": "screen: Detail\nparams:\n  id: Int\n"])
        let loaded = SpecLoader.load(text: Self.home("{ to: Detail, params: { id: 1 } }"), path: "/nowhere/home.yaml", resolver: resolver)
        #expect(Self.errors(loaded).isEmpty)
        #expect(resolver.asked == ["list /nowhere", "read detail.yaml", "read detail.yaml"])
        let wrong = SpecLoader.load(text: Self.home("{ to: Detail, params: { id: true } }"), path: "/nowhere/home.yaml", resolver: resolver)
        #expect(Self.errors(wrong) == ["6:43: parameter 'id' of screen 'Detail' is 'Int', found 'Bool'"])
    }
}
