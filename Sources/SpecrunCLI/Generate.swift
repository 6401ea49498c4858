import ArgumentParser
import Foundation
import SpecCodegen

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write typed Swift for specs: a typed screen, an @Observable model and the value types, the checked program embedded.",
        discussion: """
            One file per spec, named after it (specs/login.yaml -> DIR/login.swift), declaring \
            LoginScreen, LoginModel and the spec's types; an app needs only the SpecRuntime product \
            to use it. Specs given together are generated together: a navigation to one of them \
            carries its typed parameters. With --rxswift, a second file per spec (login+RxSwift.swift) \
            holds LoginViewModel, the RxSwift shape. A file whose text did not change is not written \
            again. A name that is a Swift keyword becomes a member in backquotes. A spec that cannot be \
            generated (invalid, or a name that can be no Swift name) is reported and its files are \
            not written; the other specs' are. See docs/generated-code.md. Exit status: 0 when every \
            file was written, 2 when a spec is invalid or a name becomes no Swift name, 1 when a \
            file cannot be written, 64 for a usage error.
            """
    )

    @Argument(help: "Spec files, or folders of specs.", completion: SpecArguments.completion)
    var specs: [String]

    @Option(name: .long, help: "The folder to write the Swift files into (created when missing).")
    var output: String

    @Flag(name: .long, help: "Also write each spec's RxSwift shape (needs RxSwift 6 and Action 5 where it is compiled).")
    var rxswift = false

    @Flag(name: .customLong("no-model"), help: "Leave out the @Observable model (for a target that does not import Observation).")
    var noModel = false

    @OptionGroup var display: DisplayOptions

    func run() throws {
        display.apply()
        let arguments = try SpecArguments.expandOrExit(specs, allowStandardInput: false)
        let run = GenerateRun.run(
            specs: arguments.paths, folder: output, options: SpecGenerator.Options(model: !noModel, rxSwift: rxswift),
            colors: Output.useColor(for: STDERR_FILENO))
        if !run.diagnostics.isEmpty { Output.error(run.diagnostics) }
        for error in run.errors { Output.error("error: \(error)\n") }
        Output.write(run.written.map { $0 + "\n" }.joined())
        if !run.failed.isEmpty {
            let count = arguments.paths.count
            Output.error("\(run.failed.count) of \(count) spec\(count == 1 ? "" : "s") not generated: \(run.failed.joined(separator: ", "))\n")
        }
        switch run.status {
        case 0:
            return
        case 2:
            throw ExitCodes.invalidSpec
        default:
            throw ExitCodes.failure
        }
    }
}
