import Foundation
import ScreenSpec
import Testing

/// Issue 25, fault 19: a navigation's `file:` opened any readable file (an absolute path, `../`
/// out of the project) and its diagnostics told whether it existed, its size, its YAML errors and
/// its `screen:`. It now names a spec inside the spec's project, and a refusal says nothing of
/// what lies outside: the same message whether the file exists or not.
@Suite("A navigation's file: stays inside the project")
struct NavigationFileTests {
    /// proj/.git, proj/specs/home.yaml (written per test), proj/specs/detail.yaml,
    /// proj/shared/other.yaml, and outside/secret.yaml beside the project.
    static func workspace() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("navfile-\(UUID().uuidString)").path
        for dir in ["/proj/.git", "/proj/specs", "/proj/shared", "/outside"] {
            try FileManager.default.createDirectory(atPath: root + dir, withIntermediateDirectories: true)
        }
        try "screen: Detail\n".write(toFile: root + "/proj/specs/detail.yaml", atomically: true, encoding: .utf8)
        try "screen: Other\n".write(toFile: root + "/proj/shared/other.yaml", atomically: true, encoding: .utf8)
        try "screen: Secret\nbroken: [\n".write(toFile: root + "/outside/secret.yaml", atomically: true, encoding: .utf8)
        return root
    }

    /// The errors of home.yaml navigating to `screen` in `file`.
    static func errors(_ root: String, to screen: String, file: String) throws -> [String] {
        let path = root + "/proj/specs/home.yaml"
        try """
            screen: Home
            inputs:
              go: event
            outputs:
              open:
                navigate: { to: \(screen), file: "\(file)" }
                on: go
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return SpecLoader.load(path: path).diagnostics.filter { $0.severity == .error }.map { "\($0.range): \($0.message) \($0.notes.map(\.message))" }
    }

    @Test func specsInsideTheProjectAreOpened() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try Self.errors(root, to: "Detail", file: "detail.yaml").isEmpty)
        #expect(try Self.errors(root, to: "Other", file: "../shared/other.yaml").isEmpty)
        let missing = try Self.errors(root, to: "Nope", file: "nope.yaml")
        #expect(missing.count == 1 && missing[0].contains("no such file in the project folder"), "\(missing)")
    }

    @Test func aPathOutOfTheProjectIsRefusedAlike() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let present = try Self.errors(root, to: "Secret", file: "../../outside/secret.yaml")
        #expect(present.count == 1 && present[0].contains("'../../outside/secret.yaml' leads out of the project folder"), "\(present)")
        #expect(!present[0].contains("Secret") && !present[0].contains("YAML") && !present[0].contains("bytes"))
        try FileManager.default.removeItem(atPath: root + "/outside/secret.yaml")
        #expect(try Self.errors(root, to: "Secret", file: "../../outside/secret.yaml") == present)
    }

    @Test func anAbsolutePathIsRefusedAlike() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let secret = root + "/outside/secret.yaml"
        let present = try Self.errors(root, to: "Secret", file: secret)
        #expect(present.count == 1 && present[0].contains("found the absolute path"), "\(present)")
        try FileManager.default.removeItem(atPath: secret)
        #expect(try Self.errors(root, to: "Secret", file: secret) == present)
        // Even one inside the project: a spec's navigations do not depend on where it is checked out.
        #expect(try Self.errors(root, to: "Detail", file: root + "/proj/specs/detail.yaml").first?.contains("found the absolute path") == true)
    }

    @Test func aLinkOutOfTheProjectLeadsNowhere() throws {
        let root = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/proj/specs/link.yaml", withDestinationPath: "../../outside/secret.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/proj/specs/out", withDestinationPath: "../../outside")
        let present = try Self.errors(root, to: "Secret", file: "link.yaml")
        #expect(present.count == 1 && present[0].contains("no such file in the project folder"), "\(present)")
        #expect(!present[0].contains("Secret") && !present[0].contains("YAML"))
        let throughFolder = try Self.errors(root, to: "Secret", file: "out/secret.yaml")
        try FileManager.default.removeItem(atPath: root + "/outside/secret.yaml")
        #expect(try Self.errors(root, to: "Secret", file: "link.yaml") == present)
        #expect(try Self.errors(root, to: "Secret", file: "out/secret.yaml") == throughFolder)
        // A link that stays inside is followed.
        try FileManager.default.createSymbolicLink(atPath: root + "/proj/specs/inside.yaml", withDestinationPath: "../shared/other.yaml")
        #expect(try Self.errors(root, to: "Other", file: "inside.yaml").isEmpty)
    }
}
