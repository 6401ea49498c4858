import Foundation
import ScreenSpec
import SpecRuntime

/// One run of the generator over spec files into a folder, as `specrun generate` and the
/// build-tool plugin's `specrun-generate` make it: load and check every spec, generate them
/// together, write each file whole (only when its text changed, so an unchanged spec recompiles
/// nothing), and say what went wrong at `file:line:col`.
package struct GenerateRun {
    /// Exit statuses: 0 written, 1 a file could not be written, 2 a spec is invalid or a name
    /// cannot be Swift (nothing is written then).
    package var status: Int32 = 0
    /// The diagnostics of the specs, rendered (`file:line:col: error: …`).
    package var diagnostics = ""
    /// The files written or already up to date, by path.
    package var written: [String] = []
    /// What else to tell: a file that could not be written.
    package var errors: [String] = []

    /// Generates `specs` into `folder` (created when missing).
    package static func run(specs: [String], folder: String, options: SpecGenerator.Options, colors: Bool = false) -> GenerateRun {
        var run = GenerateRun()
        let loaded = SpecLoader.load(paths: specs)
        let (files, found) = SpecGenerator.generate(loaded, options: options)
        var text = ""
        for spec in loaded {
            let own = found.filter { $0.range.file == spec.source.path }
            guard !own.isEmpty else { continue }
            let sources = [spec.source.path: spec.source]
            text += DiagnosticFormatter(colors: colors).render(own, sources: sources)
        }
        run.diagnostics = text
        guard !found.contains(where: { $0.severity == .error }) else {
            run.status = 2
            return run
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            run.errors.append("cannot create '\(folder)': \(error.localizedDescription)")
            run.status = 1
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
                run.status = 1
            }
        }
        return run
    }
}
