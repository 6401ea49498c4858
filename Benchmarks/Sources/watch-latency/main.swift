// Save-to-result latency of `specrun … --watch`: starts the binary once on a copy of a spec,
// then saves the spec N times (each save changes its text) and measures, for each, the wall time
// from the start of the save to the line the watch loop prints when the new result is out.
//
//   swift build -c release --product specrun
//   swift build --package-path Benchmarks -c release --product watch-latency
//   Benchmarks/.build/release/watch-latency .build/release/specrun specs/login.yaml run 50
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: watch-latency SPECRUN SPEC [run|test|check] [SAVES]\n".utf8))
    exit(64)
}
let binary = arguments[1], source = arguments[2]
let command = arguments.count > 3 ? arguments[3] : "run"
let saves = arguments.count > 4 ? Int(arguments[4]) ?? 50 : 50

// A copy, so the measured saves never touch the repository's spec.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watch-latency-\(UUID().uuidString)").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
let spec = folder + "/" + (source as NSString).lastPathComponent
let original = try String(contentsOfFile: source, encoding: .utf8)
try original.write(toFile: spec, atomically: false, encoding: .utf8)

let process = Process()
process.executableURL = URL(fileURLWithPath: binary)
process.arguments = [command, "--watch", spec]
process.currentDirectoryURL = URL(fileURLWithPath: folder)
var environment = ProcessInfo.processInfo.environment
environment["CI"] = nil
process.environment = environment
let errors = Pipe()
process.standardError = errors
process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
try process.run()

var pending = ""
/// Reads standard error until the watch loop's next "watching" line.
@MainActor func waitForResult() {
    while true {
        if let range = pending.range(of: "watching") {
            pending = String(pending[range.upperBound...])
            return
        }
        let data = errors.fileHandleForReading.availableData
        if data.isEmpty { fatalError("specrun exited: \(pending)") }
        pending += String(decoding: data, as: UTF8.self)
    }
}

waitForResult()
var samples: [Double] = []
for i in 1...saves {
    // Let the previous save's events settle so each sample is one save.
    usleep(100_000)
    let text = original + "\n# save \(i)\n"
    let started = ContinuousClock.now
    let handle = FileHandle(forWritingAtPath: spec)!
    handle.truncateFile(atOffset: 0)
    handle.write(Data(text.utf8))
    handle.closeFile()
    waitForResult()
    let elapsed = ContinuousClock.now - started
    samples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
}
process.terminate()
process.waitUntilExit()
try? FileManager.default.removeItem(atPath: folder)

let sorted = samples.sorted()
@MainActor func percentile(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p + 0.5))] }
func ms(_ v: Double) -> String { String(format: "%.1f", v) }
print("\(command) --watch \((source as NSString).lastPathComponent): \(saves) saves, save to result in ms: "
      + "min \(ms(sorted.first!)), median \(ms(percentile(0.5))), p90 \(ms(percentile(0.9))), max \(ms(sorted.last!))")
