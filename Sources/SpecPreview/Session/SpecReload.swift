import Foundation
import ScreenSpec
import SpecRuntime

/// The authoring loop: a save of the spec reloads the screen in place. A text that checks
/// replaces the screen's spec, the screen starts again and the person's steps are played again
/// on it at their times, so the page shows the new screen as the person left the old one; a text
/// that does not check leaves the last good screen running and shows its diagnostics, rendered
/// as `specrun check` renders them, over it, until a save fixes it.
extension PreviewSession {
    /// Reads the spec's file again and reloads the screen when its text changed since it was
    /// last read (a save that changes nothing, or the preview's own recording, does nothing).
    /// The CLI calls it for every live session when a file in a watched folder changes.
    package func reloadIfChanged() {
        queue.async { [self] in reloadFromDisk() }
    }

    /// ``reloadIfChanged()`` on the session's queue.
    func reloadFromDisk() {
        guard let data = FileManager.default.contents(atPath: path) else {
            // Gone or unreadable for a moment (an editor renaming over it): keep the screen.
            return
        }
        let newText = String(decoding: data, as: UTF8.self)
        guard newText != diskText else { return }
        diskText = newText
        if newText == text {
            // Back to the text the screen runs: nothing to reload, the diagnostics go.
            diagnostics = nil
            broadcast()
            return
        }
        let loaded = SpecLoader.load(text: newText, path: path, resolver: FileSystemSpecResolver())
        guard let newSpec = loaded.spec, let newScope = loaded.scope else {
            diagnostics = loaded.renderDiagnostics()
            broadcast()
            return
        }
        // With `--live`, a new `http:` section may read a variable that is not set: refused as
        // the start refuses it, over the last good screen.
        var newBackend: LiveBackend?
        if let live {
            do {
                newBackend = try LiveBackend(spec: newSpec, text: newText, live: live)
            } catch {
                diagnostics = error.message
                broadcast()
                return
            }
        }
        adopt(text: newText, spec: newSpec, scope: newScope, secureInputs: loaded.secureInputs, fonts: loaded.fonts, backend: newBackend)
    }

    /// Runs `newSpec` from time zero and plays the steps made so far again, at their times, up to
    /// the first one the new spec refuses (a component renamed, say), then runs the clock to
    /// where it was. A scenario being played is played again, from the new spec, to the step it
    /// had reached.
    func adopt(text newText: String, spec newSpec: CheckedSpec, scope newScope: CheckScope, secureInputs newSecure: [String],
               fonts newFonts: [String: FontDecl] = [:], backend newBackend: LiveBackend? = nil) {
        let steps = played
        let reached = now
        let playing = playback.flatMap { p in p.index < spec.scenarios.count ? (name: p.scenario.name, position: p.position) : nil }
        text = newText
        spec = newSpec
        secureInputs = newSecure
        fonts = newFonts
        program = ScreenProgram(newSpec)
        backend = newBackend
        compiler = StepCompiler(path: path, spec: newSpec, scope: newScope)
        judge = ScenarioJudge(spec: newSpec)
        diagnostics = nil
        // Answers chosen, counterexamples found and the scenario played were the old spec's
        // (its service and node numbers).
        chosen = [:]
        found = []
        playback = nil
        if let playing, let k = newSpec.scenarios.firstIndex(where: { $0.name == playing.name }) {
            replayScenario(k, to: playing.position)
            return
        }
        // The steps played again call the services again: a recording logs those calls afresh.
        // They play at their times on a paused clock, which then runs again if it ran.
        recorder.calls.reset()
        let running = !realTime.isPaused
        realTime.pause()
        restart()
        var replayed = 0
        replaying = true
        defer { replaying = false }
        for (time, line) in steps {
            advance(to: time)
            guard let step = try? compiler.compile(line) else { break }
            played.append((time, line))
            play(step)
            replayed += 1
        }
        advance(to: reached)
        if running { realTime.resume() }
        dropNavigations()
        replaying = false
        let file = (path as NSString).lastPathComponent
        let note = steps.isEmpty ? "" : ", \(replayed) of \(steps.count) steps played again"
        entries.append(.step(time: now, text: "reloaded \(file)\(note)"))
        relayout()
    }

    /// Sends every page the new layout and the whole state.
    private func relayout() {
        for id in clients.keys {
            clients[id]?.sentLines = 0
            clients[id]?.send(PageMessages.layout(self))
        }
        broadcast()
    }

    /// The scenario `k` of the new spec played again to `position` (as the slider seeks), with a
    /// note in the timeline.
    private func replayScenario(_ k: Int, to position: Int) {
        try? play(scenario: k)
        try? seek(to: position)
        let file = (path as NSString).lastPathComponent
        entries.append(.step(time: now, text: "reloaded \(file), '\(spec.scenarios[k].name)' played again"))
        relayout()
    }

    /// After the preview appended a recording to the spec: the new text runs the same screen
    /// (only `scenarios:` grew), so it is taken as the screen's text without a restart, and the
    /// file watcher finds nothing new in it.
    func adoptSaved(_ newText: String) {
        let loaded = SpecLoader.load(text: newText, path: path, resolver: FileSystemSpecResolver())
        diskText = newText
        guard let newSpec = loaded.spec, let newScope = loaded.scope, newSpec.nodes.count == spec.nodes.count,
              newSpec.actions.count == spec.actions.count else { return }
        text = newText
        spec = newSpec
        secureInputs = loaded.secureInputs
        fonts = loaded.fonts
        program = ScreenProgram(newSpec)
        compiler = StepCompiler(path: path, spec: newSpec, scope: newScope)
    }
}

/// Every session alive in the process, the root ones and those pages navigated to, so the file
/// watcher can reload each one whose spec changed.
package enum LiveSessions {
    private final class Weak: @unchecked Sendable {
        weak var session: PreviewSession?
        init(_ session: PreviewSession) { self.session = session }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var all: [Weak] = []

    static func add(_ session: PreviewSession) {
        lock.withLock {
            all.removeAll { $0.session == nil }
            all.append(Weak(session))
        }
    }

    /// The sessions alive now.
    package static var sessions: [PreviewSession] {
        lock.withLock { all.compactMap(\.session) }
    }

    /// The folders of their specs: what the CLI watches.
    package static var folders: Set<String> {
        Set(sessions.map { path in
            let folder = (path.path as NSString).deletingLastPathComponent
            return folder.isEmpty ? "." : folder
        })
    }
}

/// A string read from any thread and set on the session's queue.
final class TitleBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value = ""

    func set(_ v: String) { lock.withLock { value = v } }
    func get() -> String { lock.withLock { value } }
}
