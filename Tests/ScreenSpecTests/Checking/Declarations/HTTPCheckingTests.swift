import Testing
@testable import ScreenSpec
import SpecRuntime

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

private func header(_ http: String, returns: String = "Subscription", params: String = "{ address: String, list: Int }") -> String {
    """
    screen: S
    types:
      Subscription: { id: Int, status: Status }
      Status: [active, pending]
    services:
      news.subscribe:
        returns: \(returns)
        params: \(params)
        result: { id: 1, status: active }
        http:
    \(http.split(separator: "\n", omittingEmptySubsequences: false).map { "      " + $0 }.joined(separator: "\n"))

    """
}

/// A service's `http:` section: every part typed over the service's params, each mistake located.
@Suite("HTTP services: checking")
struct HTTPCheckingTests {
    @Test func theIssuesExampleChecksIntoAPlan() throws {
        let loaded = SpecLoader.load(text: header("""
            post: /lists/{list}/subscriptions
            body: { address: address, meta: { tags: ['"a"', address] } }
            query: { source: '"app"', list: list }
            headers: { Authorization: 'Bearer \\(env.NEWSLETTER_TOKEN)', X-Trace: 'id-\\(list)' }
            timeout: 5s
            """), path: "t.yaml")
        #expect(loaded.renderDiagnostics() == "")
        let http = try #require(loaded.spec?.services.first?.http)
        #expect(http.method == .post)
        #expect(http.url == [.text("/lists/"), .parameter(1), .text("/subscriptions")])
        #expect(!http.isAbsolute)
        #expect(http.timeout == 5000)
        #expect(http.parameterNames == ["address", "list"])
        #expect(http.environment.map(\.name) == ["NEWSLETTER_TOKEN"])
        #expect(http.query.map(\.name) == ["source", "list"])
        #expect(http.headers.map(\.name) == ["Authorization", "X-Trace"])
        #expect(http.environment.first?.range.start == SpecLocation(line: 14, column: 43))
    }

    @Test func aFullURLAndTheDefaultTimeout() throws {
        let loaded = SpecLoader.load(text: header("get: https://api.example.com/items/{address}"), path: "t.yaml")
        let http = try #require(loaded.spec?.services.first?.http)
        #expect(http.isAbsolute)
        #expect(http.timeout == HTTPPlan.defaultTimeout)
    }

    @Test func anUnknownParamInThePathIsLocatedWithDidYouMean() {
        #expect(diagnose(header("post: /subscriptions/{adress}")) == """
            t.yaml:11:29: error: service 'news.subscribe' has no parameter 'adress'; did you mean 'address'?
               |
            11 |       post: /subscriptions/{adress}
               |                             ^~~~~~
            note: its parameters are 'address: String', 'list: Int'

            """)
    }

    @Test func anUnknownParamInTheBodyIsLocatedWithDidYouMean() {
        #expect(diagnose(header("post: /s\nbody: { address: adres }")) == """
            t.yaml:12:24: error: unknown name 'adres'; did you mean 'address'?
               |
            12 |       body: { address: adres }
               |                        ^~~~~

            """)
    }

    @Test func envIsReadOnlyInHeadersAndQuery() {
        #expect(diagnose(header("post: /s\nbody: { token: env.TOKEN }")) == """
            t.yaml:12:22: error: 'env.TOKEN' can only be read in the 'headers:' and 'query:' of 'http:'
               |
            12 |       body: { token: env.TOKEN }
               |                      ^~~~~~~~~
            note: an environment variable holds a secret such as a token: it is sent in a header or the query, never in a body

            """)
        #expect(diagnose(header("get: /s\nquery: { token: env.TOKEN }\nheaders: { A: '\\(env.B)' }")) == "")
    }

    @Test func aBadMethodIsAnUnknownKeyWithTheMethods() {
        #expect(diagnose(header("fetch: /s")).hasPrefix("""
            t.yaml:11:7: error: unknown key 'fetch' in the 'http:' of service 'news.subscribe'; did you mean 'patch'?
            """))
        #expect(diagnose(header("timeout: 1s")).contains("error: the 'http:' of service 'news.subscribe' needs a method and a path, such as 'get: /items' or 'post: /items'"))
        #expect(diagnose(header("get: /a\npost: /b")).contains("takes one method, found 'get' and 'post'"))
    }

    @Test func badURLs() {
        #expect(diagnose(header("get: items")).contains("t.yaml:11:12: error: 'items' is neither a path nor a full URL: a path starts with '/'"))
        #expect(diagnose(header("get: ftp://x/items")).contains("error: 'ftp://x/items' is neither a path nor a full URL: 'ftp:' is not a scheme an HTTP service calls"))
        #expect(diagnose(header("get: https:///items")).contains("error: 'https:///items' has no host"))
        #expect(diagnose(header("get: '/a b'")).contains("t.yaml:11:15: error: a URL cannot contain a space; percent-encode it"))
        #expect(diagnose(header("get: /a/{address")).contains("t.yaml:11:15: error: '{' opens a placeholder that is not closed; write '{param}'"))
        #expect(diagnose(header("get:")).contains("error: 'get:' needs a path such as '/items/{id}' or a full URL"))
    }

    @Test func aGetHasNoBody() {
        #expect(diagnose(header("get: /s\nbody: { a: address }")) == """
            t.yaml:12:13: error: a 'get' request has no body
               |
            12 |       body: { a: address }
               |             ^~~~~~~~~~~~~~
            note: send the values in 'query:', or use 'post:'

            """)
    }

    @Test func theTimeoutIsPositive() {
        #expect(diagnose(header("get: /s\ntimeout: 0ms")).contains("t.yaml:12:16: error: 'timeout:' must be longer than 0ms"))
        #expect(diagnose(header("get: /s\ntimeout: -1s")).contains("t.yaml:12:16: error: expected a duration such as '300ms' or '5s', found '-1s'"))
    }

    @Test func partsAreTyped() {
        #expect(diagnose(header("get: /s\nquery: { s: address + 1 }")).contains("error:"))
        #expect(diagnose(header("get: /s\nquery: { s: 'Subscription(id: 1, status: .active)' }"))
            .contains("error: the query value 's' is 'Subscription'; a query value is text, a number, a 'Bool', an enum, an optional or a list of these"))
        #expect(diagnose(header("get: /s\nheaders: { 'a b': x }")).contains("error: 'a b' is not a header name; use letters, digits and '-'"))
        #expect(diagnose(header("get: /s\nheaders: { A: '\\(nope)' }")).contains("t.yaml:12:24: error: unknown name 'nope'"))
        #expect(diagnose(header("get: /s", returns: "Color")).contains("error: service 'news.subscribe' returns 'Color', which a JSON answer cannot be read into"))
    }

    @Test func overridesTakeNoHTTP() {
        #expect(diagnose("""
            screen: S
            services:
              a: { returns: Void, http: { get: /a } }
            scenarios:
              - name: s
                services: { a: { http: { get: /b } } }
                steps: []

            """).contains("unknown key 'http' in service 'a'"))
    }

    @Test func aMissingEnvironmentVariableIsLocatedAndNamed() throws {
        let spec = try #require(SpecLoader.load(text: header("get: /s\nheaders: { A: 'Bearer \\(env.TOKEN)' }"), path: "t.yaml").spec)
        let missing = spec.missingEnvironment(in: ["OTHER": "x"])
        #expect(missing.map(\.message) == ["the environment variable 'TOKEN' is not set; service 'news.subscribe' reads it"])
        #expect(missing.first?.range.start == SpecLocation(line: 12, column: 31))
        #expect(spec.missingEnvironment(in: ["TOKEN": "secret"]).isEmpty)
    }
}
