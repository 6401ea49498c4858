import ArgumentParser
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import ScreenSpec
import SpecPreview
import SpecTools

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
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
    var path: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: UInt16 = 0

    @Option(help: "The IPv4 address to listen on. Another address than 127.0.0.1 lets other machines reach the preview (with the token).")
    var host = "127.0.0.1"

    @Flag(help: "Do not open a browser.")
    var noOpen = false

    @Flag(help: "Services with an 'http:' section call the backend; a recording keeps their answers as the scenario's overrides (docs/preview.md).")
    var live = false

    @Option(name: .customLong("base-url"), help: "With --live: the URL that the paths of 'http:' sections follow, such as http://127.0.0.1:8080.")
    var baseURL: String?

    func validate() throws {
        var address = in_addr()
        if inet_pton(AF_INET, host, &address) != 1 {
            throw ValidationError("'--host' takes an IPv4 address such as 127.0.0.1, not '\(host)'")
        }
        if baseURL != nil && !live { throw ValidationError("'--base-url' is for '--live' previews; add '--live'") }
        if let baseURL, let problem = LiveRun.problem(withBaseURL: baseURL) { throw ValidationError(problem) }
    }

    func run() throws {
        let arguments = try SpecArguments.expandOrExit([path], allowStandardInput: false)
        var sessions: [PreviewSession] = []
        for file in arguments.paths {
            do {
                let backend = live ? PreviewLive(baseURL: baseURL, environment: ProcessInfo.processInfo.environment) : nil
                sessions.append(try PreviewSession(path: file, live: backend))
            } catch {
                Output.error(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
            }
        }
        guard !sessions.isEmpty else {
            Output.error("error: no spec under '\(path)' checks, so there is nothing to preview\n")
            throw ExitCodes.invalidSpec
        }
        let (host, port, noOpen) = (self.host, self.port, self.noOpen)
        let ready = DispatchSemaphore(value: 0)
        // The sessions go to the server's task: nothing here touches them after it starts.
        let specs = sessions.count
        let outcome = StartOutcome()
        Task.detached {
            do {
                outcome.server = try await PreviewServer(sessions: sessions, host: host, port: port)
            } catch {
                outcome.failure = "\(error)"
            }
            ready.signal()
        }
        ready.wait()
        guard let server = outcome.server else {
            Output.error("error: \(outcome.failure ?? "the server did not start")\n")
            throw ExitCodes.unavailable
        }
        // The first line, alone, so a script or a test can read the address before anything else.
        Output.write(server.url + "\n")
        if !noOpen, let opener = ExternalOpener.path {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [server.url]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try? process.run()
        }
        Output.error("previewing \(specs) spec\(specs == 1 ? "" : "s"); press Ctrl-C to stop\n")
        Self.reloadOnSave()
        withExtendedLifetime(server) { dispatchMain() }
    }

    /// The authoring loop, with `--watch`'s watcher: when a file in a folder of a previewed
    /// spec changes, every screen shown reloads if its spec's text changed (each session
    /// compares the text itself, so the preview's own writes reload nothing).
    static func reloadOnSave() {
        Thread.detachNewThread {
            let watcher: FileWatcher
            do {
                watcher = try FileWatcher()
            } catch {
                Output.error("warning: saving a spec will not reload the page: \(error)\n")
                return
            }
            while true {
                // Armed before the sessions read their files, so a save after a read is seen.
                watcher.watch(LiveSessions.folders)
                for session in LiveSessions.sessions { session.reloadIfChanged() }
                watcher.waitForChange()
            }
        }
    }
}

/// `xdg-open`, when installed; otherwise the preview opens nothing and the printed address is the way in.
enum ExternalOpener {
    static var path: String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/xdg-open" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// What the task that starts the server hands the waiting thread: written before the semaphore is
/// signalled, read after it is waited for. (Two `nonisolated(unsafe)` locals did the same, which
/// a build with `--sanitize=thread` refuses as a possible race.)
private final class StartOutcome: @unchecked Sendable {
    var server: PreviewServer?
    var failure: String?
}
