import Dispatch
import Foundation
import ScreenSpec
import SpecHTTP
import SpecPreview
import SpecRuntime
import SpecTools
import SpecrunCLI

/// The networked commands, in this process: the preview's server and URLSession.
struct LiveCommands: NetworkedCommands {
    func transport() -> any HTTPTransport { URLSessionTransport() }

    func preview(_ command: Preview) throws {
        let arguments = try SpecArguments.expandOrExit([command.path], allowStandardInput: false)
        var sessions: [PreviewSession] = []
        for file in arguments.paths {
            do {
                let backend = command.live ? PreviewLive(baseURL: command.baseURL, environment: ProcessInfo.processInfo.environment) : nil
                sessions.append(try PreviewSession(path: file, live: backend))
            } catch {
                Output.error(error.message.hasSuffix("\n") ? error.message : error.message + "\n")
            }
        }
        guard !sessions.isEmpty else {
            Output.error("error: no spec under '\(command.path)' checks, so there is nothing to preview\n")
            throw ExitCodes.invalidSpec
        }
        let (host, port, noOpen) = (command.host, command.port, command.noOpen)
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
