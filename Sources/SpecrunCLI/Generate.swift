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
            again. See docs/generated-code.md. Exit status: 0 when the files were written, 2 when a \
            spec is invalid or a name becomes no Swift name (nothing is written), 1 when a file \
            cannot be written, 64 for a usage error.
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
        switch run.status {
        case 0:
            Output.write(run.written.map { $0 + "\n" }.joined())
        case 2:
            throw ExitCodes.invalidSpec
        default:
            throw ExitCodes.failure
        }
    }
}
