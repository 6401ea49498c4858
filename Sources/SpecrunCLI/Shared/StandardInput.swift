import Foundation
import ScreenSpec
import SpecRuntime

/// Reads a spec from standard input (`specrun run -`, `specrun check -`).
enum StandardInput {
    /// Reads standard input to its end, at most `SpecLoader.maximumFileSize` bytes, and loads it
    /// under `name` (so diagnostics read `<stdin>:3:5`). Navigation targets are looked up in the
    /// working folder.
    static func loadSpec(named name: String) -> LoadedSpec {
        let origin = SpecRange(file: name, at: SpecLocation(line: 1, column: 1))
        let limit = SpecLoader.maximumFileSize
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count <= limit {
            let n = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 {
                return failed(name, Diagnostic(id: .io, "cannot read standard input: \(String(cString: strerror(errno)))", at: origin))
            }
            if n == 0 { break }
            data.append(contentsOf: buffer[0..<n])
        }
        guard data.count <= limit else {
            return failed(name, Diagnostic(id: .tooLarge, "standard input holds more than \(limit) bytes; specs are limited to \(limit) bytes", at: origin))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return failed(name, Diagnostic(id: .encoding, "standard input is not valid UTF-8 text", at: origin))
        }
        return SpecLoader.load(text: text, path: name, resolver: FileSystemSpecResolver())
    }

    private static func failed(_ name: String, _ diagnostic: Diagnostic) -> LoadedSpec {
        LoadedSpec(source: SourceFile(path: name, text: ""), spec: nil, diagnostics: [diagnostic])
    }
}
