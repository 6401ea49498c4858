import Testing
@testable import SpecRuntime
@testable import SpecTools

@Suite struct SnapshotLayoutTests {
    @Test(arguments: [
        ("signs in once the form is valid", "signs-in-once-the-form-is-valid"),
        ("  Hello,   World!! ", "hello-world"),
        ("a_b--c", "a-b-c"),
        ("Connexion réussie", "connexion-reussie"),
        ("2nd tap (while busy)", "2nd-tap-while-busy"),
        ("???", "scenario"),
        ("", "scenario"),
        ("日本語", "scenario"),
    ])
    func slug(_ name: String, _ expected: String) {
        #expect(SnapshotLayout.slug(name) == expected)
    }

    @Test func longNamesAreCutWithoutATrailingDash() {
        let name = String(repeating: "abcdefghi ", count: 30)
        let slug = SnapshotLayout.slug(name)
        #expect(slug.count <= SnapshotLayout.maximumSlugLength)
        #expect(slug.hasPrefix("abcdefghi-abcdefghi"))
        #expect(!slug.hasSuffix("-"))
    }

    @Test func collidingSlugsGetAStableHashOfTheExactName() {
        let names = SnapshotLayout.fileNames(forScenarios: ["doubles", "Doubles!", "other"])
        // FNV-1a 64 of the UTF-8 name, first 8 hex digits: the same on every platform and run.
        #expect(names == ["doubles-f908e392.timeline", "doubles-00919c6c.timeline", "other.timeline"])
        // A scenario keeps its file whatever the order of the others.
        #expect(SnapshotLayout.fileNames(forScenarios: ["other", "Doubles!", "doubles"])
            == ["other.timeline", "doubles-00919c6c.timeline", "doubles-f908e392.timeline"])
    }

    @Test func disambiguatedNamesNeverCollideWithPlainOnes() {
        let names = SnapshotLayout.fileNames(forScenarios: ["a b", "a-b", "a-b-\(SnapshotLayout.hash("a b"))"])
        #expect(Set(names).count == 3)
    }

    @Test func pathsSitBesideTheSpec() {
        #expect(SnapshotLayout.stem(of: "specs/login.yaml") == "login")
        #expect(SnapshotLayout.stem(of: "specs/v1.login.yaml") == "v1.login")
        #expect(SnapshotLayout.directory(forSpec: "specs/login.yaml") == "specs/__snapshots__/login")
        #expect(SnapshotLayout.directory(forSpec: "login.yaml") == "__snapshots__/login")
        #expect(SnapshotLayout.directory(forSpec: "/tmp/x/a.yaml", snapshotsDirectory: "/snaps") == "/snaps/a")
    }
}
