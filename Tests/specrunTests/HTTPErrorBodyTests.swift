import Foundation
import ScreenSpec
import SpecHTTP
import SpecRuntime
import SpecTesting
import Testing

/// A failure's body over real HTTP (URLSession against a server on 127.0.0.1): a 422's JSON read
/// as the type the service's `errorBody:` gives for the status; a body that lies (not JSON, of
/// another type, larger than the cap, cut off) or a status without a type is the failure with
/// no body, never a trap and never another failure.
@Suite("HTTP provider: a failure's body")
struct HTTPErrorBodyTests {
    static let spec = """
        screen: S
        types:
          FieldError: { field: String, message: String }
          Validation: { errors: "[FieldError]" }
        services:
          register:
            returns: Int
            result: 1
            errorBody: { 422: Validation }
            http: { post: /users, timeout: 20s }
          plain:
            returns: Int
            result: 1
            http: { post: /users, timeout: 20s }
          everyStatus:
            returns: Int
            result: 1
            errorBody: Validation
            http: { post: /users, timeout: 20s }
        """

    func client(_ server: LocalHTTPServer, maximumBodySize: Int = HTTPServiceClient.maximumBodySize) throws -> HTTPServiceClient {
        let loaded = SpecLoader.load(text: Self.spec, path: "s.yaml")
        let checked = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        return HTTPServiceClient(spec: checked, baseURL: server.baseURL, environment: [:], maximumBodySize: maximumBodySize,
                                 transport: URLSessionTransport())
    }

    func failure(_ client: HTTPServiceClient, _ service: String) async -> ErrorValue? {
        do {
            _ = try await client.call(service, names: [], arguments: [])
            return nil
        } catch {
            return error.error
        }
    }

    static let validation = #"{"errors": [{"field": "username", "message": "taken"}], "trace": "ignored"}"#
    static let expected = Value.record(RecordValue(type: "Validation", fieldNames: ["errors"], fields: [.list([
        .record(RecordValue(type: "FieldError", fieldNames: ["field", "message"], fields: [.string("username"), .string("taken")])),
    ])]))

    @Test func a422sJSONIsReadAsItsType() async throws {
        let server = try LocalHTTPServer(routes: ["/users": .json(422, Self.validation)])
        defer { server.stop() }
        let error = await failure(try client(server), "register")
        #expect(error?.kind == .http && error?.status == 422)
        #expect(error?.body == Self.expected)
        // A type for every status reads it too.
        #expect(await failure(try client(server), "everyStatus")?.body == Self.expected)
    }

    @Test func aServiceWithoutErrorBodyOrAStatusWithoutATypeHasNone() async throws {
        let server = try LocalHTTPServer(routes: ["/users": .json(422, Self.validation)])
        defer { server.stop() }
        let plain = await failure(try client(server), "plain")
        #expect(plain?.status == 422 && plain?.body == nil)
        let conflict = try LocalHTTPServer(routes: ["/users": .json(409, Self.validation)])
        defer { conflict.stop() }
        let other = await failure(try client(conflict), "register")
        #expect(other?.status == 409 && other?.body == nil)
    }

    @Test(arguments: [
        ("not JSON", LocalHTTPServer.Route.text(422, "<html>Unprocessable</html>")),
        ("another type", LocalHTTPServer.Route.json(422, #"{"errors": "username taken"}"#)),
        ("empty", LocalHTTPServer.Route.text(422, "")),
        ("deeply nested", LocalHTTPServer.Route.json(422, String(repeating: "[", count: 100_000))),
        ("cut off", LocalHTTPServer.Route(status: 422, headers: [("Content-Type", "application/json")], body: Array(validation.utf8), behavior: .closeMidBody)),
        ("larger than the cap", LocalHTTPServer.Route(status: 422, headers: [("Content-Type", "application/json")], body: [], behavior: .huge(bytes: 300_000))),
    ])
    func aBodyThatLiesIsTheFailureWithoutABody(_ lie: String, _ route: LocalHTTPServer.Route) async throws {
        let server = try LocalHTTPServer(routes: ["/users": route])
        defer { server.stop() }
        let error = await failure(try client(server, maximumBodySize: 100_000), "register")
        #expect(error?.kind == .http, "\(lie): \(String(describing: error))")
        #expect(error?.status == 422, "\(lie)")
        #expect(error?.body == nil, "\(lie)")
    }
}
