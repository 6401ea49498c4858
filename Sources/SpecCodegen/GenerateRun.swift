import Foundation
import ScreenSpec
import SpecRuntime

/// One run of the generator over spec files into a folder, as `specrun generate` and the
/// build-tool plugin's `specrun-generate` make it: load and check every spec, generate them
/// together, write each file whole (only when its text changed, so an unchanged spec recompiles
/// nothing), and say what went wrong at `file:line:col`. A spec that cannot be generated stops
/// only itself: the others' files are written, its own are not touched.
package struct GenerateRun {
    /// Exit statuses: 0 written, 2 a spec is invalid or a name cannot be Swift (that spec's files
    /// are not written, the others' are), 1 a file could not be written.
    package var status: Int32 = 0
    /// The diagnostics of the specs, rendered (`file:line:col: error: …`).
    package var diagnostics = ""
    /// The files written or already up to date, by path.
    package var written: [String] = []
    /// The specs that could not be generated, by path.
    package var failed: [String] = []
    /// What else to tell: a file that could not be written.
    package var errors: [String] = []

    /// Generates `specs` into `folder` (created when missing).
    package static func run(specs: [String], folder: String, options: SpecGenerator.Options, colors: Bool = false) -> GenerateRun {
        var run = GenerateRun()
        let loaded = SpecLoader.load(paths: specs)
        let outcomes = SpecGenerator.generate(loaded, options: options)
        var text = ""
        for (spec, outcome) in zip(loaded, outcomes) {
            if outcome.failed { run.failed.append(outcome.spec) }
            let own = outcome.diagnostics.filter { $0.range.file == spec.source.path }
            guard !own.isEmpty else { continue }
            text += DiagnosticFormatter(colors: colors).render(own, sources: [spec.source.path: spec.source])
        }
        run.diagnostics = text
        if !run.failed.isEmpty { run.status = 2 }
        let files = outcomes.flatMap(\.files)
        guard !files.isEmpty else { return run }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            run.errors.append("cannot create '\(folder)': \(error.localizedDescription)")
            run.status = run.status == 0 ? 1 : run.status
            return run
        }
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.name)
            if let existing = try? String(contentsOfFile: path, encoding: .utf8), existing == file.text {
                run.written.append(path)
                continue
            }
            do {
                try Data(file.text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                run.written.append(path)
            } catch {
                run.errors.append("cannot write '\(path)': \(error.localizedDescription)")
                run.status = run.status == 0 ? 1 : run.status
            }
        }
        return run
    }
}
