import Foundation
import ScreenSpec
import SpecRuntime
@testable import SpecRuntime
@testable import SpecTools
import SpecTesting
import Testing

@Suite("Graphviz runner")
struct GraphvizTests {
    @Test func aDotThatNeverFinishesIsStoppedWithAClearMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-fake-dot-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "#!/bin/sh\nexec sleep 30\n".write(toFile: folder + "/dot", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/dot")
        #expect(Graphviz.dotExecutable(path: folder) == folder + "/dot")
        #expect(Graphviz.dotExecutable(path: "/nonexistent:") == nil)
        #expect {
            _ = try Graphviz.svg(fromDOT: "digraph {}", timeout: 0.5, executable: folder + "/dot")
        } throws: { ($0 as? Graphviz.Failure)?.description.contains("the time budget (--max-seconds 0.5) was used up") == true }
    }

    @Test func aFailingDotIsReportedWithItsMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specrun-fake-dot-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "#!/bin/sh\necho 'syntax error in line 1' >&2\nexit 1\n".write(toFile: folder + "/dot", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/dot")
        #expect {
            _ = try Graphviz.svg(fromDOT: "digraph {}", executable: folder + "/dot")
        } throws: { error in
            guard let failure = error as? Graphviz.Failure else { return false }
            return !failure.notInstalled && failure.description.contains("failed with status 1: syntax error in line 1")
        }
        #expect {
            _ = try Graphviz.svg(fromDOT: "digraph {}", executable: nil)
        } throws: { ($0 as? Graphviz.Failure)?.notInstalled == true }
    }
}
