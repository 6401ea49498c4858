import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SpecTesting
import Testing

/// `specrun preview` over real sockets: raw HTTP requests to the command's server, and the
/// answers a browser, another site's page or a flood of connections would get. The server is the
/// command in a process of its own (``PreviewProcess`` says why).
@Suite(.serialized)
struct PreviewSocketTests {
    /// A spec whose strings would be markup if the page put them in as HTML.
    static let hostile = """
        screen: Hostile
        inputs:
          name: { type: String, default: "<script>alert(1)</script>" }
        outputs:
          greeting: '"<img src=x onerror=alert(2)> " + name'
        view:
          pick: { segmentedControl: { segments: ["<i>one</i>", two] } }
        scenarios:
          - name: "<b>starts</b>"
            steps:
              - expect: { greeting: "<img src=x onerror=alert(2)> <script>alert(1)</script>" }
        """

    func withPreview(_ body: (PreviewProcess) async throws -> Void) async throws {
        let path = try CLI.temporarySpec(Self.hostile, name: "hostile.yaml")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let preview = try await PreviewProcess(path: path)
        defer { preview.stop() }
        try await body(preview)
    }

    @Test func theTokenIsRequired() async throws {
        try await withPreview { preview in
            let host = preview.host
            let bare = try await RawHTTP.get(port: preview.port, target: "/", headers: ["Host": host])
            #expect(bare.status == 403, "\(bare)")
            #expect((try? await RawHTTP.get(port: preview.port, target: "/?token=\(String(repeating: "0", count: 64))", headers: ["Host": host]))?.status == 403)
            let ok = try await RawHTTP.get(port: preview.port, target: "/?token=\(preview.token)", headers: ["Host": host])
            #expect(ok.status == 200)
            #expect(ok.header("Set-Cookie")?.contains("HttpOnly; SameSite=Strict") == true)
            #expect(ok.header("Content-Security-Policy") == "default-src 'self'")
            #expect(ok.header("X-Content-Type-Options") == "nosniff")
            // The cookie alone, as the page's later requests carry it.
            let css = try await RawHTTP.get(port: preview.port, target: "/preview.css",
                                            headers: ["Host": host, "Cookie": "specrun_preview=\(preview.token)"])
            #expect(css.status == 200)
            #expect(css.header("Content-Type")?.hasPrefix("text/css") == true)
        }
    }

    @Test func aForeignHostIsRefused() async throws {
        try await withPreview { preview in
            let rebound = try await RawHTTP.get(port: preview.port, target: "/?token=\(preview.token)", headers: ["Host": "evil.example:\(preview.port)"])
            #expect(rebound.status == 403)
            let local = try await RawHTTP.get(port: preview.port, target: "/?token=\(preview.token)", headers: ["Host": "localhost:\(preview.port)"])
            #expect(local.status == 200)
        }
    }

    @Test func twoHostsOrAnAbsoluteTargetAre400() async throws {
        try await withPreview { preview in
            let port = preview.port
            let own = preview.host
            let token = preview.token
            let results = try await RawHTTP.offThePool {
                [
                    try RawHTTP.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost: evil.example\r\nHost: \(own)\r\n\r\n"),
                    try RawHTTP.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\nHost: \(own)\r\n\r\n"),
                    try RawHTTP.status(port: port, "GET http://evil.example/?token=\(token) HTTP/1.1\r\nHost: \(own)\r\n\r\n"),
                    try RawHTTP.status(port: port, "GET http://\(own)/?token=\(token) HTTP/1.1\r\nHost: \(own)\r\n\r\n"),
                    try RawHTTP.status(port: port, "GET /?token=\(token) HTTP/1.1\r\n\r\n"),
                    try RawHTTP.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost : \(own)\r\n\r\n"),
                    try RawHTTP.status(port: port, "GET /?token=\(token) HTTP/1.1\r\nHost: \(own)\r\n\r\n"),
                ]
            }
            #expect(results == [400, 400, 400, 400, 400, 400, 200])
        }
    }

    @Test func aWebSocketFromAnotherOriginIsRefused() async throws {
        try await withPreview { preview in
            let host = preview.host
            let upgrade = ["Host": host, "Upgrade": "websocket", "Connection": "Upgrade",
                           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"]
            var foreign = upgrade
            foreign["Origin"] = "http://evil.example"
            #expect((try? await RawHTTP.get(port: preview.port, target: "/socket?token=\(preview.token)", headers: foreign))?.status == 403)
            var own = upgrade
            own["Origin"] = "http://\(host)"
            #expect((try? await RawHTTP.get(port: preview.port, target: "/socket?token=\(preview.token)", headers: own))?.status == 101)
            #expect((try? await RawHTTP.get(port: preview.port, target: "/socket", headers: own))?.status == 403)
        }
    }

    @Test func onlyTheAssetsAreServed() async throws {
        try await withPreview { preview in
            let headers = ["Host": preview.host, "Cookie": "specrun_preview=\(preview.token)"]
            for asset in ["/", "/preview.js", "/components.js", "/preview.css", "/services.js", "/player.js", "/authoring.js", "/navigation.js"] {
                #expect((try? await RawHTTP.get(port: preview.port, target: asset, headers: headers))?.status == 200, "\(asset)")
                // Each behind the same guard: no token, no file.
                #expect((try? await RawHTTP.get(port: preview.port, target: asset, headers: ["Host": preview.host]))?.status == 403, "\(asset)")
            }
            for other in ["/hostile.yaml", "/../hostile.yaml", "/Page/index.html", "/etc/passwd"] {
                #expect((try? await RawHTTP.get(port: preview.port, target: other, headers: headers))?.status == 404, "\(other)")
            }
        }
    }

    /// The spec's strings reach the page only as JSON data, and the page's script never builds
    /// markup from them.
    @Test func specStringsAreDataNotMarkup() async throws {
        try await withPreview { preview in
            let host = preview.host
            let frames = try await RawHTTP.webSocketText(port: preview.port, target: "/socket?token=\(preview.token)", host: host, count: 4)
            let joined = frames.joined(separator: "\n")
            #expect(joined.contains(#"<script>alert(1)<\/script>"#) || joined.contains("<script>alert(1)</script>"))
            // Segment titles and scenario names are spec text too: data in the JSON, not markup.
            #expect(joined.contains(#"<i>one<\/i>"#) || joined.contains("<i>one</i>"))
            #expect(joined.contains(#"<b>starts<\/b>"#) || joined.contains("<b>starts</b>"))
            for frame in frames {
                #expect((try? JSONSerialization.jsonObject(with: Data(frame.utf8))) != nil, "not JSON: \(frame)")
            }
            // The specs list, the stack of screens, the layout and the state; on a loaded machine
            // the clock's next state may come in the same read.
            let types = frames.map { frame in
                ((try? JSONSerialization.jsonObject(with: Data(frame.utf8))) as? [String: Any])?["type"] as? String ?? ""
            }
            #expect(Array(types.prefix(4)) == ["specs", "stack", "layout", "state"], "\(types)")
            #expect(types.dropFirst(4).allSatisfy { $0 == "state" }, "\(types)")
            for file in ["/preview.js", "/components.js", "/services.js", "/player.js", "/authoring.js", "/navigation.js"] {
                let script = try await RawHTTP.get(port: preview.port, target: file, headers: ["Host": host, "Cookie": "specrun_preview=\(preview.token)"])
                #expect(script.status == 200, "\(file)")
                #expect(!script.body.contains("innerHTML"), "\(file)")
                #expect(!script.body.contains("insertAdjacentHTML"), "\(file)")
                #expect(!script.body.contains("document.write"), "\(file)")
            }
        }
    }

    /// Eight connections without the token send forever (four a header line that never ends, four
    /// a body of 300 MB they declared), reconnecting whenever the server closes on them; a token
    /// holder's twenty requests, one after the other, are all answered meanwhile.
    @Test func tokenHoldersAreAnsweredWhileEightConnectionsSendForever() async throws {
        try await withPreview { preview in
            let port = preview.port
            let own = preview.host
            let token = preview.token
            let hostile = HostileSenders(port: port, host: own, count: 8)
            hostile.start()
            defer { hostile.stop() }
            let statuses = try await RawHTTP.offThePool {
                // Let them get going before the token holder asks.
                let started = Date()
                while hostile.bytesSent == 0, Date().timeIntervalSince(started) < 300 { Thread.sleep(forTimeInterval: 0.05) }
                return try (0..<20).map { _ in
                    try RawHTTP.getBlocking(port: port, target: "/?token=\(token)", headers: ["Host": own]).status
                }
            }
            #expect(statuses == Array(repeating: 200, count: 20))
            #expect(hostile.bytesSent > 0)
        }
    }
}
