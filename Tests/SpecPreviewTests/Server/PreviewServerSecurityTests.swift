import Foundation
import SpecPreview
import SpecTesting
import Testing

/// The preview's guard over real sockets: a server on a free port, raw HTTP requests, and the
/// answers a browser or another site's page would get.
@Suite(.serialized)
struct PreviewServerSecurityTests {
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

    func withServer(_ body: (PreviewServer) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("hostile.yaml").path
        try Self.hostile.write(toFile: path, atomically: true, encoding: .utf8)
        let server = try await PreviewServer(sessions: [try PreviewSession(path: path)])
        try await body(server)
        await server.stop()
    }

    @Test func theTokenIsRequired() async throws {
        try await withServer { server in
            let host = "127.0.0.1:\(server.port)"
            let bare = try await RawHTTP.get(port: server.port, target: "/", headers: ["Host": host])
            #expect(bare.status == 403, "\(bare)")
            #expect((try? await RawHTTP.get(port: server.port, target: "/?token=\(String(repeating: "0", count: 64))", headers: ["Host": host]))?.status == 403)
            let ok = try await RawHTTP.get(port: server.port, target: "/?token=\(server.token)", headers: ["Host": host])
            #expect(ok.status == 200)
            #expect(ok.header("Set-Cookie")?.contains("HttpOnly; SameSite=Strict") == true)
            #expect(ok.header("Content-Security-Policy") == "default-src 'self'")
            #expect(ok.header("X-Content-Type-Options") == "nosniff")
            // The cookie alone, as the page's later requests carry it.
            let css = try await RawHTTP.get(port: server.port, target: "/preview.css",
                                      headers: ["Host": host, "Cookie": "specrun_preview=\(server.token)"])
            #expect(css.status == 200)
            #expect(css.header("Content-Type")?.hasPrefix("text/css") == true)
        }
    }

    @Test func aForeignHostIsRefused() async throws {
        try await withServer { server in
            let rebound = try await RawHTTP.get(port: server.port, target: "/?token=\(server.token)", headers: ["Host": "evil.example:\(server.port)"])
            #expect(rebound.status == 403)
            let local = try await RawHTTP.get(port: server.port, target: "/?token=\(server.token)", headers: ["Host": "localhost:\(server.port)"])
            #expect(local.status == 200)
        }
    }

    @Test func aWebSocketFromAnotherOriginIsRefused() async throws {
        try await withServer { server in
            let host = "127.0.0.1:\(server.port)"
            let upgrade = ["Host": host, "Upgrade": "websocket", "Connection": "Upgrade",
                           "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version": "13"]
            var foreign = upgrade
            foreign["Origin"] = "http://evil.example"
            #expect((try? await RawHTTP.get(port: server.port, target: "/socket?token=\(server.token)", headers: foreign))?.status == 403)
            var own = upgrade
            own["Origin"] = "http://\(host)"
            #expect((try? await RawHTTP.get(port: server.port, target: "/socket?token=\(server.token)", headers: own))?.status == 101)
            #expect((try? await RawHTTP.get(port: server.port, target: "/socket", headers: own))?.status == 403)
        }
    }

    @Test func onlyTheAssetsAreServed() async throws {
        try await withServer { server in
            let headers = ["Host": "127.0.0.1:\(server.port)", "Cookie": "specrun_preview=\(server.token)"]
            for asset in ["/", "/preview.js", "/components.js", "/preview.css", "/services.js", "/player.js", "/authoring.js", "/navigation.js"] {
                #expect((try? await RawHTTP.get(port: server.port, target: asset, headers: headers))?.status == 200, "\(asset)")
                // Each behind the same guard: no token, no file.
                #expect((try? await RawHTTP.get(port: server.port, target: asset, headers: ["Host": headers["Host"]!]))?.status == 403, "\(asset)")
            }
            for other in ["/hostile.yaml", "/../hostile.yaml", "/Page/index.html", "/etc/passwd"] {
                #expect((try? await RawHTTP.get(port: server.port, target: other, headers: headers))?.status == 404, "\(other)")
            }
        }
    }

    /// The spec's strings reach the page only as JSON data, and the page's script never builds
    /// markup from them.
    @Test func specStringsAreDataNotMarkup() async throws {
        try await withServer { server in
            let host = "127.0.0.1:\(server.port)"
            let frames = try await RawHTTP.webSocketText(port: server.port, target: "/socket?token=\(server.token)", host: host, count: 4)
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
                let script = try await RawHTTP.get(port: server.port, target: file, headers: ["Host": host, "Cookie": "specrun_preview=\(server.token)"])
                #expect(script.status == 200, "\(file)")
                #expect(!script.body.contains("innerHTML"), "\(file)")
                #expect(!script.body.contains("insertAdjacentHTML"), "\(file)")
                #expect(!script.body.contains("document.write"), "\(file)")
            }
        }
    }
}
