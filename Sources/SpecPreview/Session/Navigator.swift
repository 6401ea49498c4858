import Foundation
import ScreenSpec
import SpecRuntime

/// One page's stack of screens: the screen the page opened, then each screen a navigation
/// opened from the one on top. A navigation output the shown screen emits opens its target with
/// the navigation's parameters, as a new screen on top; the page's *Back* closes the top screen
/// and shows the one beneath as it was (it kept running meanwhile, as a screen under a pushed
/// one does). Each page has its own stack, so two pages on one screen each open their own target.
final class Navigator: @unchecked Sendable {
    /// Screens deeper than this are not opened: a screen that opens itself on a timer must not
    /// pile up screens without end.
    static let maximumDepth = 32

    private let lock = NSLock()
    private var stack: [PreviewSession]
    /// Which screen the page listens to: messages from a screen no longer on top are dropped.
    private var generation = 0
    private var clientID = UUID()
    private let send: @Sendable (String) -> Void

    init(root: PreviewSession, send: @escaping @Sendable (String) -> Void) {
        stack = [root]
        self.send = send
    }

    /// Shows the root screen.
    func start() { lock.withLock { attach() } }

    /// A message from the page: *Back* is the navigator's, the rest the shown screen's.
    func receive(_ text: String) {
        if text.contains("\"navigateBack\""), (try? JSONDecoder().decode(Operation.self, from: Data(text.utf8)))?.op == "navigateBack" {
            back()
            return
        }
        lock.withLock { stack.last }?.receive(text)
    }

    /// The page went away: its screens stop listening, and those it opened close.
    func close() {
        lock.withLock {
            generation += 1
            stack.last?.disconnect(clientID)
            for session in stack.dropFirst() { session.close() }
            stack.removeSubrange(1...)
        }
    }

    private struct Operation: Decodable {
        var op: String
    }

    /// Connects the page to the top screen (which sends its layout and state) and tells the page
    /// the stack. Called with the lock held.
    private func attach() {
        generation += 1
        let current = generation
        clientID = UUID()
        guard let top = stack.last else { return }
        let guarded: @Sendable (String) -> Void = { [weak self] text in
            guard let self else { return }
            lock.withLock { if generation == current { send(text) } }
        }
        top.connect(clientID, send: guarded) { [weak self, weak top] navigation in
            guard let self, let top else { return }
            open(navigation, from: top)
        }
        send(PageMessages.json(["type": "stack", "screens": stack.map(\.screen)]))
    }

    /// Opens `navigation`'s screen over `parent`, when `parent` is still the one shown.
    func open(_ navigation: NavigationValue, from parent: PreviewSession) {
        guard lock.withLock({ stack.last === parent }) else { return }
        let opened = Self.session(for: navigation, from: parent)
        lock.withLock {
            guard stack.last === parent else {
                if case .success(let session) = opened { session.close() }
                return
            }
            switch opened {
            case .success(let session) where stack.count < Self.maximumDepth:
                parent.disconnect(clientID)
                stack.append(session)
                attach()
            case .success(let session):
                session.close()
                send(Self.failure("'\(navigation.screen)' is not opened: \(Self.maximumDepth) screens are open already"))
            case .failure(let error):
                send(Self.failure(error.message))
            }
        }
    }

    /// Closes the top screen and shows the one beneath.
    func back() {
        lock.withLock {
            guard stack.count > 1, let top = stack.popLast() else { return }
            top.disconnect(clientID)
            top.close()
            attach()
        }
    }

    private static func failure(_ message: String) -> String {
        PageMessages.json(["type": "navigationFailed", "message": message])
    }

    /// The screen a navigation opens: the spec beside `parent`'s declaring `screen:` with that
    /// name (the checker's rule; `parent` itself for a screen that opens itself), with the
    /// navigation's parameters.
    static func session(for navigation: NavigationValue, from parent: PreviewSession) -> Result<PreviewSession, PreviewError> {
        guard let path = targetPath(navigation.screen, from: parent) else {
            let folder = (parent.path as NSString).deletingLastPathComponent
            return .failure(PreviewError(message: "no spec in '\(folder.isEmpty ? "." : folder)' declares 'screen: \(navigation.screen)'; "
                                                  + "the preview opens a navigation's screen among the spec's siblings"))
        }
        var params: [String: Value] = [:]
        for (name, value) in zip(navigation.paramNames, navigation.params) { params[name] = value }
        do {
            return .success(try PreviewSession(path: path, params: params, live: parent.live))
        } catch {
            return .failure(PreviewError(message: "cannot open '\(navigation.screen)':\n" + error.message))
        }
    }

    /// The sibling spec file declaring `screen: NAME`, found by its `screen:` line, in file-name
    /// order as the checker's catalogue reads them.
    static func targetPath(_ name: String, from parent: PreviewSession) -> String? {
        if name == parent.screen { return parent.path }
        let folder = (parent.path as NSString).deletingLastPathComponent
        let dir = folder.isEmpty ? "." : folder
        let files = FileSystemSpecResolver().specFiles(in: dir).sorted()
        for file in files {
            let path = folder.isEmpty ? file : dir + "/" + file
            guard path != parent.path, let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            if declaredScreen(in: text) == name { return path }
        }
        return nil
    }

    /// The value of a spec's top-level `screen:` line, without quotes or a trailing comment.
    static func declaredScreen(in text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where line.hasPrefix("screen:") {
            var value = line.dropFirst("screen:".count)
            if let hash = value.range(of: " #") { value = value[..<hash.lowerBound] }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            return trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return nil
    }
}
