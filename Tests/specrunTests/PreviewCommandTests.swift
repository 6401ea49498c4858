import Foundation
import SpecTesting
import Testing

/// `specrun preview` as a command: its address first on standard output, and its refusals.
@Suite struct PreviewCommandTests {
    @Test func printsTheAddressWithTheTokenFirst() throws {
        let running = try CLI.start(["preview", "specs/login.yaml", "--no-open", "--port", "0"])
        defer { running.kill() }
        var first = ""
        for _ in 0..<300 where !first.hasSuffix("\n") {
            first = running.stdoutSoFar
            Thread.sleep(forTimeInterval: 0.1)
        }
        let line = String(first.split(separator: "\n").first ?? "")
        let match = try #require(line.wholeMatch(of: /http:\/\/127\.0\.0\.1:(\d+)\/\?token=([0-9a-f]{64})/), "\(first)")
        #expect(Int(match.1).map { $0 > 0 } == true)
    }

    @Test func refusesWhatItCannotServe() throws {
        #expect(try CLI.run(["preview", "specs/login.yaml", "--no-open", "--host", "localhost"]).status == 64)
        #expect(try CLI.run(["preview", "no/such/spec.yaml", "--no-open"]).status == 66)
        let folder = try PackagePaths.temporaryFolder("specrun-preview-cli")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "screen: Broken\noutputs:\n  x: nope +\n".write(toFile: folder + "/broken.yaml", atomically: true, encoding: .utf8)
        let broken = try CLI.run(["preview", folder + "/broken.yaml", "--no-open"])
        #expect(broken.status == 2, "\(broken)")
        #expect(broken.stderr.contains("nothing to preview"))
    }

    @Test func liveTakesABaseURLAndTheSecretsItReads() throws {
        let base = try CLI.run(["preview", "specs/login.yaml", "--no-open", "--base-url", "http://127.0.0.1:9"])
        #expect(base.status == 64 && base.stderr.contains("'--base-url' is for '--live' previews"), "\(base)")
        let scheme = try CLI.run(["preview", "specs/login.yaml", "--no-open", "--live", "--base-url", "ftp://127.0.0.1"])
        #expect(scheme.status == 64 && scheme.stderr.contains("takes an http or https URL"), "\(scheme)")
        let spec = try CLI.temporarySpec("""
            screen: Secret
            inputs:
              go: event
            actions:
              fetch:
                trigger: go
                work: { call: api.fetch }
            services:
              api.fetch:
                returns: Void
                http:
                  get: /things
                  headers: { Authorization: 'Bearer \\(env.PREVIEW_TEST_TOKEN)' }

            """, name: "secret.yaml")
        let missing = try CLI.run(["preview", spec, "--no-open", "--live", "--base-url", "http://127.0.0.1:9"])
        #expect(missing.status == 2, "\(missing)")
        #expect(missing.stderr.contains("PREVIEW_TEST_TOKEN") && missing.stderr.contains("nothing to preview"), "\(missing)")
    }
}
