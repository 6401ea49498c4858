import Foundation
import Testing
@testable import SpecRuntime
@testable import SpecTools

@Suite struct PendingSnapshotTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pending-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/a/__snapshots__/one", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/b/deep/__snapshots__/two", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/.hidden/__snapshots__/three", withIntermediateDirectories: true)
        try "screen: One\n".write(toFile: folder + "/a/one.yaml", atomically: false, encoding: .utf8)
        try "screen: Two\n".write(toFile: folder + "/b/deep/two.yml", atomically: false, encoding: .utf8)
        for file in ["/a/__snapshots__/one/x.timeline", "/a/__snapshots__/one/x.timeline.new", "/a/__snapshots__/one/y.timeline.new",
                     "/a/__snapshots__/one/notes.new", "/b/deep/__snapshots__/two/z.timeline.new",
                     "/.hidden/__snapshots__/three/w.timeline.new"] {
            try "# spec: s.yaml\n# scenario: name of \(file)\nS › s\n".write(toFile: folder + file, atomically: false, encoding: .utf8)
        }
    }

    @Test func findsPendingFilesOfSpecsAndFolders() {
        let all = PendingSnapshot.find(in: [folder]).map { String($0.path.dropFirst(folder.count)) }
        #expect(all == ["/a/__snapshots__/one/x.timeline.new", "/a/__snapshots__/one/y.timeline.new", "/b/deep/__snapshots__/two/z.timeline.new"])
        #expect(PendingSnapshot.find(in: [folder + "/b/deep/two.yml"]).count == 1)
        #expect(PendingSnapshot.find(in: [folder + "/a/one.yaml", folder + "/a"]).count == 2)
        #expect(PendingSnapshot(path: folder + "/a/__snapshots__/one/notes.new") == nil)
    }

    @Test func knowsItsSnapshotSpecAndScenario() throws {
        let x = try #require(PendingSnapshot(path: folder + "/a/__snapshots__/one/x.timeline.new"))
        #expect(x.snapshotPath == folder + "/a/__snapshots__/one/x.timeline")
        #expect(x.specPath == folder + "/a/one.yaml")
        #expect(x.scenario == "name of /a/__snapshots__/one/x.timeline.new")
        #expect(PendingSnapshot(path: folder + "/b/deep/__snapshots__/two/z.timeline.new")?.specPath == folder + "/b/deep/two.yml")
        #expect(x.changes().summary == "header changed")
        #expect(PendingSnapshot(path: folder + "/a/__snapshots__/one/y.timeline.new")?.changes().summary == "new snapshot")
    }

    @Test func acceptRenamesAndRejectDeletes() throws {
        let x = try #require(PendingSnapshot(path: folder + "/a/__snapshots__/one/x.timeline.new"))
        let text = x.text
        try x.accept()
        #expect(SnapshotFile.read(x.snapshotPath) == text)
        #expect(!FileManager.default.fileExists(atPath: x.path))
        let y = try #require(PendingSnapshot(path: folder + "/a/__snapshots__/one/y.timeline.new"))
        try y.reject()
        #expect(!FileManager.default.fileExists(atPath: y.path) && !FileManager.default.fileExists(atPath: y.snapshotPath))
        try y.reject()   // already gone: not an error
    }
}
