import Testing
@testable import ScreenSpec

/// `timeout:` on a service: how long a live provider may take; located when it is no duration
/// or not longer than zero, refused in a scenario's override (which changes only the fake).
@Suite("Service timeouts: checking")
struct ServiceTimeoutCheckingTests {
    private func load(_ yaml: String) -> LoadedSpec {
        SpecLoader.load(text: yaml, path: "t.yaml")
    }

    @Test func aTimeoutIsKeptInMilliseconds() throws {
        let spec = try #require(load("""
            screen: S
            services:
              api.a: { returns: Void, timeout: 1.5s }
              api.b: { returns: Void }

            """).spec)
        #expect(spec.services.map(\.timeout) == [1500, nil])
    }

    @Test func aZeroTimeoutIsLocated() {
        #expect(load("""
            screen: S
            services:
              api.a: { returns: Void, timeout: 0ms }

            """).renderDiagnostics() == """
            t.yaml:3:36: error: a service's 'timeout:' must be longer than 0ms
              |
            3 |   api.a: { returns: Void, timeout: 0ms }
              |                                    ^~~
            help: write a time such as '5s', or leave 'timeout:' out to wait as long as it takes

            """)
    }

    @Test func aTimeoutThatIsNoDurationIsLocated() {
        let rendered = load("""
            screen: S
            services:
              api.a: { returns: Void, timeout: soon }

            """).renderDiagnostics()
        #expect(rendered.hasPrefix("t.yaml:3:36: error: "))
        #expect(rendered.contains("soon"))
    }
}
