import ArgumentParser
import Foundation
import SpecRuntime
import SpecTools

/// `--watch`: runs a pass over the specs, then again over the specs a saved file changed, until
/// interrupted. A spec changed when its own text did, one of its snapshots did (for `test`), or
/// it navigates and a spec file beside it did (navigation targets are its siblings). A new spec
/// in a watched folder runs too. Changes are found by comparing file contents, so a save that
/// changes nothing, or a snapshot this process wrote itself, runs nothing.
///
/// With `keyActions` (`test --watch`) and a terminal on standard input, it also waits for keys
/// (`WatchKeys`) in key mode (`WatchTerminal`): a key may settle pending changes and asks for a
/// run of its own, and the keys' filters narrow every run.
struct WatchLoop {
    /// What a pass found: its exit code (shown, not returned) and the specs that failed or were
    /// invalid, for `f` (failed only).
    struct PassResult {
        var code: ExitCode?
        var failing: Set<String>
    }

    /// What the keys of `test --watch` do to the files (see `WatchKeys`); each is given the specs
    /// selected now.
    struct KeyActions {
        /// `a`: accepts every pending change of the specs; false when there was none.
        var acceptAll: ([String]) -> Bool
        /// `r`: reviews the pending changes of the specs one by one; false when there was none.
        var review: ([String]) -> Bool
    }

    /// The paths as given on the command line, expanded again after every change.
    var roots: [String]
    /// The subcommand, for the header line.
    var command: String
    /// The pass over some specs.
    var pass: ([String]) -> PassResult
    /// Whether a pass may rewrite or delete existing snapshots (`test --update`, `--prune`).
    /// Without it a pass only creates snapshots (a scenario recorded for the first time), so an
    /// existing snapshot that changed while the pass ran was changed by someone else (`test
    /// --accept` in another terminal) and must run again.
    var rewritesSnapshots: Bool
    /// The keys' actions (`test --watch`); nil for a loop without keys. Keys are read only when
    /// standard input is a terminal.
    var keyActions: KeyActions?

    init(roots: [String], command: String, rewritesSnapshots: Bool = false, pass: @escaping ([String]) -> ExitCode?) {
        self.init(roots: roots, command: command, rewritesSnapshots: rewritesSnapshots, keyActions: nil) { specs in
            let code = pass(specs)
            return PassResult(code: code, failing: code == nil ? [] : Set(specs))
        }
    }

    init(roots: [String], command: String, rewritesSnapshots: Bool, keyActions: KeyActions?, pass: @escaping ([String]) -> PassResult) {
        self.roots = roots
        self.command = command
        self.rewritesSnapshots = rewritesSnapshots
        self.keyActions = keyActions
        self.pass = pass
    }

    /// What a key asked to run, and why (for the header).
    private struct Request {
        var reason: String
        /// The specs to run (before the keys' selection); nil for every spec.
        var specs: [String]?
    }

    func run() throws -> Never {
        StopSignals.stopByDefault()
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher()
        } catch {
            Output.error("error: \(error)\n")
            throw ExitCodes.failure
        }
        let interactive = keyActions != nil && WatchTerminal.enter()
        // Every way out of the loop but a signal (whose handler restores) passes here.
        defer { WatchTerminal.leave() }
        let clearScreen = isatty(STDOUT_FILENO) == 1
        var known: [String: Data?] = [:]
        var previous: Set<String> = []
        var previousProblem: String?
        var first = true
        var keys = WatchKeys()
        var failing: Set<String> = []
        var request: Request?
        while true {
            var specs: [String] = []
            var problem: String?
            do {
                specs = try SpecArguments.expand(roots, allowStandardInput: false).paths
            } catch {
                problem = error.description
            }
            // Arm the watches before reading any contents: a save after the read below then
            // always sends an event, and a save before it is in what is read. (Arming after the
            // pass left a gap in which a save was neither read nor seen, and nothing ran again.)
            let folders = Self.folders(roots: roots, specs: specs)
            watcher.watch(folders)
            var inputs: [String: [String]] = [:]
            for spec in specs { inputs[spec] = Self.inputs(of: spec, snapshots: command == "test") }
            var now: [String: Data?] = [:]
            for file in Set(inputs.values.joined()) { now[file] = Self.contents(of: file) }
            let changed = specs.filter { spec in
                first || !previous.contains(spec) || inputs[spec, default: []].contains { known[$0] != now[$0] }
            }
            let removed = previous.subtracting(specs)
            failing.formIntersection(specs)
            // What runs: what changed, and what a key asked for, narrowed by the keys' filters.
            var wanted = changed
            if let request { wanted = specs.filter { changed.contains($0) || request.specs?.contains($0) ?? true } }
            let chosen = keys.select(wanted, failing: failing)
            // A problem already shown (a root still missing) is not shown again for every change
            // in the folder watched in its place.
            if first || !changed.isEmpty || !removed.isEmpty || (problem != nil && problem != previousProblem) || request != nil {
                if clearScreen { Output.write("\u{1B}[H\u{1B}[2J\u{1B}[3J") }
                var what = first ? "\(specs.count) spec\(specs.count == 1 ? "" : "s")" : Self.describe(changed, removed: removed)
                if let request { what = changed.isEmpty ? request.reason : request.reason + "; " + what }
                Output.error("specrun \(command) --watch: \(what)\n")
                let started = ContinuousClock.now
                if let problem { Output.error("error: \(problem)\n") }
                if keys.failedOnly && failing.isEmpty && !wanted.isEmpty {
                    Output.error("no spec failed in its last run; press f to run all again\n")
                } else if chosen.count < wanted.count {
                    let left = wanted.count - chosen.count
                    Output.error("\(left) spec\(left == 1 ? "" : "s") left out by the watch filter\n")
                }
                let result = chosen.isEmpty ? nil : pass(chosen)
                failing.subtract(chosen)
                failing.formUnion(result?.failing ?? [])
                let elapsed = ContinuousClock.now - started
                // What this pass wrote (snapshots, pending files) is not a change to react to; a
                // snapshot that existed before it and that it cannot have rewritten is kept as it
                // was read, so that a change made meanwhile by another process still runs.
                for spec in chosen where command == "test" {
                    for file in Self.inputs(of: spec, snapshots: true) where file != spec {
                        if !rewritesSnapshots, case .some(.some) = now[file] { continue }
                        now[file] = Self.contents(of: file)
                    }
                }
                // The events of this pass's own writes are dropped, so that "watching" below
                // means idle; what else changed meanwhile is found by comparing contents below.
                watcher.discardPending()
                let ms = elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
                let code = result?.code
                let invalid = code?.rawValue == ExitCodes.invalidSpec.rawValue ? ": a spec is invalid" : ""
                Output.error("[\(code.map { "exit \($0.rawValue)" } ?? "exit 0") in \(ms) ms\(invalid)] watching \(specs.count) spec\(specs.count == 1 ? "" : "s") for changes; Ctrl-C stops\n")
                if interactive { Self.showLegend(keys) }
            }
            known = now
            previous = Set(specs)
            previousProblem = problem
            first = false
            request = nil
            // Arm the watches again: a folder removed and made again while the pass ran (its
            // events dropped above) is a new folder the old watch does not see.
            let foldersNow = Self.folders(roots: roots, specs: specs)
            watcher.watch(foldersNow)
            // A spec created in a new folder before that folder was watched sent no event: look
            // once more now that the watches are in place.
            // Likewise a file saved while the pass ran (its event may have been dropped above),
            // or a folder created then.
            let again = (try? SpecArguments.expand(roots, allowStandardInput: false).paths) ?? []
            let stale = known.contains { Self.contents(of: $0.key) != $0.value }
            guard again == specs, !stale, foldersNow == folders else { continue }
            guard interactive, let keyActions else {
                watcher.waitForChange()
                continue
            }
            // Keys until one asks for a run, or a file changes.
            while request == nil, watcher.waitForChange(orInput: STDIN_FILENO) {
                let selected = keys.select(specs, failing: failing)
                switch keys.press(KeyDecoder.next(KeyReader.readByte)) {
                case .acceptAll:
                    if keyActions.acceptAll(selected) {
                        request = Request(reason: "accepted the pending changes", specs: selected)
                    } else {
                        Self.showLegend(keys)
                    }
                case .review:
                    if WatchTerminal.suspended({ keyActions.review(selected) }) {
                        request = Request(reason: "reviewed the pending changes", specs: selected)
                    } else {
                        Self.showLegend(keys)
                    }
                case .failedOnly(let on):
                    request = Request(reason: on ? "failed only" : "all specs", specs: nil)
                case .askPattern:
                    if let pattern = Self.readPattern() {
                        keys.setPattern(pattern)
                        request = Request(reason: pattern.isEmpty ? "filter cleared" : "filter '\(TerminalText.escaped(pattern))'", specs: nil)
                    } else {
                        Self.showLegend(keys)
                    }
                case .runAgain:
                    request = Request(reason: "run again", specs: nil)
                case .quit:
                    WatchTerminal.leave()
                    Output.error(WatchTerminal.goodbyeLine)
                    throw ExitCode.success
                case .ignored:
                    continue
                case .showLegend:
                    Self.showLegend(keys)
                }
            }
        }
    }

    private static func showLegend(_ keys: WatchKeys) {
        if let status = keys.status { Output.error(status + "\n") }
        Output.error(WatchKeys.legend + "\n")
    }

    /// Reads the pattern after `p`, echoing it; nil when cancelled (Esc).
    private static func readPattern() -> String? {
        Output.error(PatternInput.prompt)
        var input = PatternInput()
        while true {
            switch input.press(KeyDecoder.next(KeyReader.readByte)) {
            case .editing(let echo):
                Output.error(echo)
            case .done(let text):
                Output.error("\n")
                return text
            case .cancelled:
                Output.error("\ncancelled\n")
                return nil
            }
        }
    }

    static func describe(_ changed: [String], removed: Set<String>) -> String {
        var parts: [String] = []
        if !changed.isEmpty {
            let shown = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? ", …" : "")
            parts.append("changed \(shown)")
        }
        if !removed.isEmpty { parts.append("removed \(removed.sorted().prefix(3).joined(separator: ", "))") }
        return parts.isEmpty ? "no spec to run" : parts.joined(separator: "; ")
    }

    /// The files whose contents decide a spec's result: the spec itself, its snapshot files
    /// (`snapshots`), and when it navigates, the spec files beside it, where its targets are
    /// declared.
    static func inputs(of spec: String, snapshots: Bool) -> [String] {
        var files = [spec]
        if snapshots {
            let folder = SnapshotLayout.directory(forSpec: spec)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            files += names.filter { !$0.hasPrefix(".") && $0.hasSuffix("." + SnapshotLayout.fileExtension) }.sorted().map { folder + "/" + $0 }
        }
        if let text = contents(of: spec), text.range(of: Data("navigate".utf8)) != nil {
            let folder = (spec as NSString).deletingLastPathComponent
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
            files += names.filter { SpecFinder.isSpecFileName($0) && !$0.hasPrefix(".") }.sorted()
                .map { folder.isEmpty ? $0 : folder + "/" + $0 }.filter { $0 != spec }
        }
        return files
    }

    /// Every folder under a folder root (hidden ones skipped), and for each spec its folder,
    /// `__snapshots__` and its own snapshot folder. A root or a spec folder that does not exist
    /// (removed, or not made yet) is watched through its nearest existing ancestor, so that the
    /// loop sees it come back.
    static func folders(roots: [String], specs: [String]) -> Set<String> {
        var out: Set<String> = []
        func walk(_ folder: String, depth: Int) {
            guard depth <= 32, out.insert(folder).inserted else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
                let path = folder + "/" + name
                if SpecFinder.isDirectory(path) { walk(path, depth: depth + 1) }
            }
        }
        for root in roots {
            if SpecFinder.isDirectory(root) { walk(root, depth: 0) } else { out.insert(nearestFolder(root)) }
        }
        for spec in specs {
            let folder = (spec as NSString).deletingLastPathComponent
            out.insert(nearestFolder(folder.isEmpty ? "." : folder))
            let snapshots = SnapshotLayout.snapshotsDirectory(forSpec: spec)
            if SpecFinder.isDirectory(snapshots) { out.insert(snapshots) }
            let own = SnapshotLayout.directory(forSpec: spec)
            if SpecFinder.isDirectory(own) { out.insert(own) }
        }
        return out
    }

    /// `path` when it is a folder, else the nearest folder above it that exists.
    static func nearestFolder(_ path: String) -> String {
        var folder = path
        while !SpecFinder.isDirectory(folder) {
            let parent = (folder as NSString).deletingLastPathComponent
            if parent.isEmpty { return folder.hasPrefix("/") ? "/" : "." }
            if parent == folder { return folder }
            folder = parent
        }
        return folder
    }

    /// The contents of a regular file, nil for anything else: reading a FIFO named like a spec
    /// or a snapshot would block the loop until someone writes to it, so it is opened without
    /// blocking and checked before a byte is read; a device is never read at all.
    static func contents(of path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        do {
            return try FileHandle(fileDescriptor: fd, closeOnDealloc: false).readToEnd() ?? Data()
        } catch {
            return nil
        }
    }
}
