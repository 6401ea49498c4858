import ArgumentParser
import SpecTools

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Start a project: a first spec that passes, its snapshots, and on request CI and pre-commit files.",
        discussion: """
            Writes FOLDER/specs/<screen>.yaml (inputs, an output, an action calling a faked \
            service, a view, scenarios and an invariant, all passing), FOLDER/schema/spec.schema.json \
            (the JSON Schema its modeline names), the spec's snapshots, and with '--ci github' \
            FOLDER/.github/workflows/specrun.yml, with '--pre-commit' FOLDER/.pre-commit-config.yaml. \
            It never overwrites: when any of these exists it names it and writes nothing. Exit \
            status: 0 when written, 1 when something exists or cannot be written, 64 for a usage error.
            """
    )

    enum CI: String, ExpressibleByArgument, CaseIterable {
        case github
    }

    @Argument(help: "The project's folder (default: the current folder); created when missing.")
    var folder: String = "."

    @Option(help: "The first screen's name, an identifier; the spec is specs/<name in lowercase>.yaml.")
    var screen: String = "Welcome"

    @Option(help: "Also write a CI workflow: github (GitHub Actions on the package's Swift: check as annotations, test with a JUnit report, mutate and coverage gates, the build cached).")
    var ci: CI?

    @Flag(name: .customLong("pre-commit"), help: "Also write a .pre-commit-config.yaml that checks and tests the specs (the files under specs/) on every commit.")
    var preCommit = false

    func validate() throws {
        if let problem = ProjectScaffold.problem(withScreenName: screen) { throw ValidationError(problem) }
    }

    func run() throws {
        let scaffold = ProjectScaffold(root: folder, screen: screen, githubWorkflow: ci == .github, preCommit: preCommit)
        do {
            for path in try scaffold.write() { Output.write("wrote \(path)\n") }
        } catch let refusal as ProjectScaffold.Refusal {
            Output.error("error: \(refusal.description)\n")
            throw ExitCodes.failure
        }
        if scaffold.githubWorkflow {
            let swift = scaffold.workflowSwift
            Output.write("the workflow runs on Swift \(swift.version) (\(swift.reason))\n")
        }
        for need in scaffold.workflowNeeds { Output.write("next: \(need)\n") }
        let test = folder == "." ? "specrun test" : "cd \(folder) && specrun test"
        Output.write("next: edit \(scaffold.specPath), then run '\(test)'\n")
    }
}
