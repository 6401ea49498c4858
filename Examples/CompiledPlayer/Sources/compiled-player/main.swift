import CompiledPlayer
import Foundation

// Usage: compiled-player FILE.json...   Exit status: 0 when every expectation held, 1 when one
// failed, 2 when a file is not a compiled spec.
var status: Int32 = 0
for (i, path) in CommandLine.arguments.dropFirst().enumerated() {
    do {
        let played = try CompiledPlayer.timelines(ofCompiledSpecAt: path)
        print((i > 0 ? "\n" : "") + played.text, terminator: "")
        if !played.passed { status = max(status, 1) }
    } catch {
        FileHandle.standardError.write(Data("error: \(path): \(error)\n".utf8))
        status = 2
    }
}
exit(status)
