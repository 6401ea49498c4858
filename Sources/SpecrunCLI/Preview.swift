import ArgumentParser
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ScreenSpec
import SpecTools

package struct Preview: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Use a spec's screen in a browser, live, and record what you do as a scenario.",
        discussion: """
            Serves the specs under PATH (a spec file or a folder) as a local web page and prints its \
            address, with the session's token, as the first line of standard output. Only requests \
            with the token, naming this server in 'Host' and coming from its own page are answered \
            (docs/preview.md). Runs until interrupted. Exit status: 2 when no spec under PATH checks, \
            64 for a usage error, 66 when PATH does not exist, 69 when the port cannot be listened on.
            """
    )

    @Argument(help: "A spec file or a folder of specs.", completion: SpecArguments.completion)
    package var path: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    package var port: UInt16 = 0

    @Option(help: "The IPv4 address to listen on. Another address than 127.0.0.1 lets other machines reach the preview (with the token).")
    package var host = "127.0.0.1"

    @Flag(help: "Do not open a browser.")
    package var noOpen = false

    @Flag(help: "Services with an 'http:' section call the backend; a recording keeps their answers as the scenario's overrides (docs/preview.md).")
    package var live = false

    @Option(name: .customLong("base-url"), help: "With --live: the URL that the paths of 'http:' sections follow, such as http://127.0.0.1:8080.")
    package var baseURL: String?

    package init() {}

    package func validate() throws {
        var address = in_addr()
        if inet_pton(AF_INET, host, &address) != 1 {
            throw ValidationError("'--host' takes an IPv4 address such as 127.0.0.1, not '\(host)'")
        }
        if baseURL != nil && !live { throw ValidationError("'--base-url' is for '--live' previews; add '--live'") }
        if let baseURL, let problem = LiveRun.problem(withBaseURL: baseURL) { throw ValidationError(problem) }
    }

    package func run() throws {
        // The preview's server links FoundationNetworking (and with it libcurl): it runs in
        // `specrun-live` (NetworkedCommands.swift).
        try NetworkedCommandsHost.required().preview(self)
    }
}
