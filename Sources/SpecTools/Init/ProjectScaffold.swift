import Foundation
import ScreenSpec

/// What `specrun init` writes into a project: a first spec that checks and passes, the JSON
/// Schema its modeline names, its snapshots, and on request a GitHub Actions workflow and a
/// pre-commit configuration. It never overwrites: every file is looked for first, and one that
/// exists stops it before anything is written.
package struct ProjectScaffold {
    /// The project's root folder (where `specs/`, `.github/` and `.pre-commit-config.yaml` go).
    package let root: String
    /// The screen's name, as `screen:` says it; the spec file is its lowercased name.
    package let screen: String
    package let githubWorkflow: Bool
    package let preCommit: Bool

    package init(root: String, screen: String, githubWorkflow: Bool, preCommit: Bool) {
        self.root = root
        self.screen = screen
        self.githubWorkflow = githubWorkflow
        self.preCommit = preCommit
    }

    /// Why `init` cannot use this name, or nil: `screen:` names are identifiers.
    package static func problem(withScreenName name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "the screen name is empty" }
        let letters = CharacterSet.letters
        let rest = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_"))
        guard letters.contains(first), name.unicodeScalars.allSatisfy({ rest.contains($0) && $0.isASCII }) else {
            return "the screen name '\(name)' must be an identifier: an ASCII letter, then letters, digits or '_'"
        }
        guard name.count <= 64 else { return "the screen name is longer than 64 characters" }
        return nil
    }

    /// The spec's path, relative to ``root``.
    package var specPath: String { "specs/\(screen.lowercased()).yaml" }

    /// Where the JSON Schema goes; kept as it is when the project has it already (a second
    /// `init --screen` in the same project).
    package static let schemaPath = "schema/spec.schema.json"

    /// Every file this writes besides the snapshots, relative to ``root``, with its text.
    package var files: [(path: String, text: String)] {
        var files = [(specPath, ScaffoldTemplates.spec(screen: screen))]
        if !FileManager.default.fileExists(atPath: join(Self.schemaPath)) { files.append((Self.schemaPath, SpecSchema.text)) }
        if githubWorkflow { files.append((".github/workflows/specrun.yml", ScaffoldTemplates.githubWorkflow(swift: workflowSwift.version))) }
        if preCommit { files.append((".pre-commit-config.yaml", ScaffoldTemplates.preCommitConfig)) }
        return files
    }

    /// The Swift the workflow runs on (a `swift` Docker image tag such as `6.3`) and why: the
    /// `swift-tools-version` of the project's `Package.swift` when it names Swift 6 or later (the
    /// package was written for that Swift: an older image cannot even read its manifest), else
    /// the Swift this specrun was built with.
    package var workflowSwift: (version: String, reason: String) {
        if let text = try? String(contentsOfFile: join("Package.swift"), encoding: .utf8),
           let tools = Self.toolsVersion(in: text) {
            if tools.major >= 6 { return ("\(tools.major).\(tools.minor)", "the swift-tools-version of Package.swift") }
        }
        return (Self.builtWith, "the Swift this specrun was built with")
    }

    /// `major.minor` of a manifest's first line, `// swift-tools-version: 6.1` (or `:6.1.2`,
    /// `;` and what follows allowed, as SwiftPM reads it); nil when it has none.
    package static func toolsVersion(in manifest: String) -> (major: Int, minor: Int)? {
        guard let first = manifest.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first else { return nil }
        let line = first.trimmingCharacters(in: .whitespaces)
        guard line.hasPrefix("//") else { return nil }
        let afterSlashes = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
        guard afterSlashes.lowercased().hasPrefix("swift-tools-version:") else { return nil }
        let value = afterSlashes.dropFirst("swift-tools-version:".count)
            .prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.count <= 3, let major = Int(parts[0]), let minor = Int(parts[1]),
              (0...99).contains(major), (0...99).contains(minor) else { return nil }
        return (major, minor)
    }

    /// The Swift this build of specrun was compiled by, as a `swift` image tag.
    static var builtWith: String {
        #if compiler(>=6.4)
        "6.4"
        #elseif compiler(>=6.3)
        "6.3"
        #elseif compiler(>=6.2)
        "6.2"
        #elseif compiler(>=6.1)
        "6.1"
        #else
        "6.0"
        #endif
    }

    /// What the project still needs for the workflow to run, one line each: the dependency on
    /// specrun its `swift package specrun` steps use, when `Package.swift` has none (or there is no
    /// package at all).
    package var workflowNeeds: [String] {
        guard githubWorkflow else { return [] }
        guard let manifest = try? String(contentsOfFile: join("Package.swift"), encoding: .utf8) else {
            return ["the workflow runs 'swift package specrun', which needs a Swift package: in \(root == "." ? "this folder" : "'\(root)'"), run 'swift package init', then add .package(url: \"<specrun's repository>\", from: \"0.1.0\") to its dependencies (docs/install.md)"]
        }
        guard !manifest.lowercased().contains("specrun") else { return [] }
        return ["the workflow runs 'swift package specrun': add .package(url: \"<specrun's repository>\", from: \"0.1.0\") to the dependencies in Package.swift (docs/install.md)"]
    }

    /// What went wrong, said in one line for the command line.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
    }

    /// Writes every file, then plays the spec to record its snapshots; returns the paths written
    /// (each joined to ``root``). Throws before writing anything when one of them already exists.
    package func write() throws -> [String] {
        let fileManager = FileManager.default
        var isFolder: ObjCBool = false
        if fileManager.fileExists(atPath: root, isDirectory: &isFolder), !isFolder.boolValue {
            throw Refusal(description: "'\(root)' is a file, not a folder")
        }
        let snapshotFolder = SnapshotLayout.directory(forSpec: join(specPath))
        let existing = files.map { join($0.path) }.filter { fileManager.fileExists(atPath: $0) || isLink($0) }
            + (fileManager.fileExists(atPath: snapshotFolder) ? [snapshotFolder] : [])
        if !existing.isEmpty {
            let names = existing.map { "'\($0)'" }.joined(separator: ", ")
            let verb = existing.count == 1 ? "exists" : "exist"
            throw Refusal(description: "\(names) already \(verb); 'specrun init' never overwrites a file, so it wrote nothing. Move \(existing.count == 1 ? "it" : "them") away or choose another '--screen'")
        }
        var written: [String] = []
        for file in files {
            let path = join(file.path)
            do {
                try fileManager.createDirectory(atPath: SnapshotLayout.parent(of: path), withIntermediateDirectories: true)
                try OutputFile.write(file.text, to: path)
            } catch {
                throw Refusal(description: "cannot write '\(path)': \(error)")
            }
            written.append(path)
        }
        let outcome = SnapshotSuite.verify(specPath: join(specPath), mode: .recordNew)
        guard outcome.loaded.spec != nil, outcome.failures.isEmpty else {
            // The template is tested to pass, so this is a fault of this build, said plainly.
            throw Refusal(description: "the first spec did not pass: \(outcome.failures.joined(separator: "; "))")
        }
        return written + outcome.scenarios.map(\.snapshotPath)
    }

    private func join(_ path: String) -> String { SnapshotLayout.join(root, path) }

    private func isLink(_ path: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil
    }
}
