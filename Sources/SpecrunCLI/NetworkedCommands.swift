import Foundation
import SpecRuntime

/// The commands that use the network: `preview` (its HTTP and WebSocket server) and `run --live`
/// (the backend, over URLSession).
///
/// On Linux, a module that links FoundationNetworking makes its executable load libcurl and some
/// thirty libraries at every start, sending a request or not: `specrun run specs/login.yaml` cost
/// 86.7 M instructions that way against 39 M without (docs/performance.md, "Start-up"). So
/// `specrun` links none of it: these two commands run in `specrun-live`, the same command line
/// plus the networked parts, and `specrun` becomes that program for them (`execv`, the same
/// arguments, standard streams and exit status), as git runs `git-remote-https`.
/// `specrun-live` sets ``NetworkedCommandsHost/here`` before it parses anything; in `specrun` it
/// stays nil.
package protocol NetworkedCommands: Sendable {
    /// Serves `command`'s specs until the process is stopped.
    func preview(_ command: Preview) throws

    /// What `run --live` calls backends with.
    func transport() -> any HTTPTransport
}

/// Where the networked commands are: in this process (`specrun-live`), or in the `specrun-live`
/// that this process becomes.
package enum NetworkedCommandsHost {
    /// This process's networked commands: set by `specrun-live`'s `main` before the command line
    /// is parsed, read after, on one thread; nil in `specrun`.
    package nonisolated(unsafe) static var here: (any NetworkedCommands)?

    /// The helper's file name.
    static let helperName = "specrun-live"

    /// This process's networked commands; in `specrun`, never returns: the process becomes
    /// `specrun-live` with the same arguments, or exits 69 saying how to build it.
    static func required() -> any NetworkedCommands {
        if let commands = here { return commands }
        becomeHelper()
    }

    /// Replaces this process by `specrun-live` with the same arguments.
    static func becomeHelper() -> Never {
        let searched = searchedFolders()
        guard let helper = searched.map({ $0 + "/" + helperName }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            let beside = searched.first ?? "?"
            Output.error("""
                error: 'specrun preview' and 'specrun run --live' use the network and run in \(helperName), \
                which is neither beside this specrun (in \(beside)) nor on PATH; build it with \
                'swift build --product \(helperName)' (or 'swift build', which builds both), or install \
                it beside specrun (docs/install.md)

                """)
            exit(ExitCodes.unavailable.rawValue)
        }
        let arguments = [helper] + CommandLine.arguments.dropFirst()
        var pointers: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        pointers.append(nil)
        execv(helper, &pointers)
        let reason = String(cString: strerror(errno))
        Output.error("error: cannot run \(helper): \(reason)\n")
        exit(ExitCodes.unavailable.rawValue)
    }

    /// The folder of this executable (symbolic links followed, so a link on PATH to a build
    /// folder finds the helper built beside its target), then the folders of PATH.
    static func searchedFolders() -> [String] {
        var folders: [String] = []
        if let executable = Bundle.main.executableURL {
            folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent().path)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        folders += path.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        return folders
    }
}

