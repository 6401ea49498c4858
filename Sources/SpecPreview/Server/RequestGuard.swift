import Foundation

/// Who may talk to the preview: a request needs the session's random token (in `?token=` or
/// the cookie the page got with it), a `Host` header naming the server itself (no DNS
/// rebinding: a page on `evil.example` resolved to 127.0.0.1 sends its own name), and, when it
/// has an `Origin`, the server's own (no other site's page opening the WebSocket). After
/// Jupyter's server, the usual guard of a local web app.
package struct RequestGuard: Sendable {
    package static let cookieName = "specrun_preview"

    package let token: String
    /// `host:port` values a request may name in `Host`.
    package let hosts: Set<String>

    package init(token: String, port: UInt16, host: String) {
        self.token = token
        var names: Set<String> = ["127.0.0.1", "localhost"]
        if !host.isEmpty { names.insert(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host) }
        hosts = Set(names.map { "\($0):\(port)" })
    }

    /// 32 random bytes as 64 hex digits.
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    package enum Verdict: Equatable, Sendable {
        /// Allowed; `fromQuery` when the token came in the URL, so the answer sets the cookie.
        case allow(fromQuery: Bool)
        case deny(String)
    }

    /// `query` is the request's `token` parameter, `headers` its headers by lowercase name.
    package func check(tokenParameter: String?, host: String?, origin: String?, cookie: String?) -> Verdict {
        guard let host, hosts.contains(host.lowercased()) else { return .deny("the Host header does not name this server") }
        if let origin, !hosts.contains(where: { origin.lowercased() == "http://\($0)" }) {
            return .deny("the request comes from another origin")
        }
        if let given = tokenParameter, Self.same(given, token) { return .allow(fromQuery: true) }
        if let cookie, let given = Self.cookieValue(cookie), Self.same(given, token) { return .allow(fromQuery: false) }
        return .deny("the token is missing or wrong")
    }

    /// The preview's cookie in a `Cookie` header (`a=1; specrun_preview=...`).
    static func cookieValue(_ header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.trimmingCharacters(in: .whitespaces)
            if pair.hasPrefix(cookieName + "=") { return String(pair.dropFirst(cookieName.count + 1)) }
        }
        return nil
    }

    /// Compares in time independent of where they differ, so the token cannot be guessed byte by byte.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var diff: UInt8 = 0
        for i in x.indices { diff |= x[i] ^ y[i] }
        return diff == 0
    }

    /// The `Set-Cookie` value once the token came in the URL.
    package var setCookie: String { "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict" }
}
