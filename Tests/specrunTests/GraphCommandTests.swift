import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SpecTesting
import Testing

@Suite("specrun graph")
struct GraphCommandTests {
    @Test func mermaidNamesEveryDeclaredNodeOfTheEventsScreen() throws {
        let result = try CLI.run(["graph", "specs/events.yaml", "--format", "mermaid"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("flowchart LR\n"))
        for name in ["user", "headerRefresh", "footerRefresh", "segmentSelection", "selection", "items.avatarTap", "page", "events",
                     "navigationTitle", "imageUrl", "hidesSegment", "items", "isPerformed", "segmentChanged", "refresh", "firstPage",
                     "nextPage", "userSelected", "repositorySelected", "github.events", "User", "Repository"] {
            #expect(result.stdout.contains("\"\(name)<br/>"), "\(name) is missing")
        }
    }

    @Test func dotIsADigraphWithAClusterPerGroup() throws {
        let result = try CLI.run(["graph", "specs/login.yaml", "--format", "dot"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("digraph \"Login\" {"))
        for group in ["View", "View model", "Services"] { #expect(result.stdout.contains("label=\"\(group)\"")) }
    }

    @Test(arguments: ["svg", "html"])
    func withoutGraphvizSVGSaysHowToInstallItAndWritesNothing(_ format: String) throws {
        let folder = try PackagePaths.temporaryFolder("specrun-graph")
        let file = folder + "/out." + format
        let result = try CLI.run(["graph", "specs/login.yaml", "--format", format, "--output", file], environment: ["PATH": folder])
        #expect(result.status == 69)
        #expect(result.stderr.contains("apt-get install graphviz"))
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    /// Shell completion offers every format, html included.
    @Test func completionOffersEveryFormat() throws {
        let bash = try CLI.run(["--generate-completion-script", "bash"]).stdout
        #expect(bash.contains("-W 'mermaid'$'\\n''dot'$'\\n''svg'$'\\n''html'"), "\(bash)")
        let zsh = try CLI.run(["--generate-completion-script", "zsh"]).stdout
        #expect(zsh.contains("('mermaid' 'dot' 'svg' 'html')"))
    }

    /// A `dot` that answers without a drawing is an error, and nothing is written.
    @Test(arguments: ["svg", "html"])
    func aDotThatWritesNoDrawingFailsAndWritesNothing(_ format: String) throws {
        let folder = try PackagePaths.temporaryFolder("specrun-graph")
        try "#!/bin/sh\necho 'not a drawing'\n".write(toFile: folder + "/dot", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/dot")
        let file = folder + "/out." + format
        let result = try CLI.run(["graph", "specs/login.yaml", "--format", format, "--output", file], environment: ["PATH": folder])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr == "error: 'dot' wrote no <svg> element\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test(arguments: [["graph"], ["graph", "--format", "svg"], ["graph", "--format", "html"], ["run", "--format", "html"]])
    func anInvalidSpecGivesLocatedDiagnosticsExit2AndNoOutput(_ command: [String]) throws {
        let spec = try CLI.temporarySpec("screen: S\noutputs:\n  a: missing + 1\n")
        let file = (spec as NSString).deletingLastPathComponent + "/out.file"
        let arguments = [command[0], spec] + command.dropFirst() + (command[0] == "graph" ? ["--output", file] : [])
        let result = try CLI.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(spec):3:6: error:"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func testWithAnHTMLReportWritesNothingWhenASpecIsInvalid() throws {
        let spec = try CLI.temporarySpec("screen: S\noutputs:\n  a: missing + 1\nscenarios:\n  - name: x\n    steps: []\n")
        let folder = (spec as NSString).deletingLastPathComponent
        let report = folder + "/report.html"
        let result = try CLI.run(["test", spec, "--ci", "--reporter", "html", "--output", report])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(spec):3:6: error:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: report))
        let toStdout = try CLI.run(["test", spec, "--ci", "--reporter", "html"])
        #expect(toStdout.status == 2)
        #expect(toStdout.stdout.isEmpty)
    }

    @Test func graphWritesItsOutputFileWhole() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-graph")
        let file = folder + "/deeper/login.mmd"
        // A missing folder is an error (issue 10: `--output` creates nothing on the way).
        let missing = try CLI.run(["graph", "specs/login.yaml", "--output", file])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("the folder '\(folder)/deeper' does not exist"), "\(missing.stderr)")
        try FileManager.default.createDirectory(atPath: folder + "/deeper", withIntermediateDirectories: false)
        let result = try CLI.run(["graph", "specs/login.yaml", "--output", file])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == (try CLI.run(["graph", "specs/login.yaml"])).stdout)
    }
}
