import ScreenSpec
@testable import SpecRuntime
import Testing

/// The service seam's values: what a thrown error becomes, and how an answer is checked against
/// the service's `returns:` type.
@Suite("Service seam")
struct ServiceSeamTests {
    struct Conflict: HTTPStatusError, CustomStringConvertible {
        var httpStatus: Int { 409 }
        var description: String { "the address is taken" }
    }

    struct Plain: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    @Test func thrownErrorsBecomeErrorValues() {
        #expect(ServiceFailure.errorValue(for: ServiceFailure.http(404)) == ErrorValue(.http, status: 404))
        #expect(ServiceFailure.errorValue(for: ServiceFailure.decode("no 'id'")) == ErrorValue(.decode, message: "no 'id'"))
        #expect(ServiceFailure.errorValue(for: Conflict()) == ErrorValue(.http, status: 409, message: "the address is taken"))
        #expect(ServiceFailure.errorValue(for: Plain()) == ErrorValue(.unknown, message: "the disk is full"))
        #expect(ServiceFailure.http(409, message: "taken").description == "http(409): taken")
    }

    private var types: TypeTable {
        var t = TypeTable()
        t.records["User"] = [("id", .int), ("name", .string), ("nick", .optional(.string)), ("score", .double)]
        t.enums["Status"] = ["active", "closed"]
        return t
    }

    @Test func answersOfTheRightShapeAreNormalized() throws {
        // Fields in another order, an optional field missing, an Int where a Double is declared.
        let given = Value.record(RecordValue(type: "User", fieldNames: ["score", "name", "id"], fields: [.int(3), .string("Ann"), .int(7)]))
        let expected = Value.record(RecordValue(type: "User", fieldNames: ["id", "name", "nick", "score"],
                                                fields: [.int(7), .string("Ann"), .none, .double(3)]))
        #expect(try AnswerShape.conformed(given, to: .record("User"), types: types) == expected)
        #expect(try AnswerShape.conformed(.string("closed"), to: .enumeration("Status"), types: types)
                == .enumCase(EnumValue(type: "Status", caseName: "closed")))
        #expect(try AnswerShape.conformed(.list([.int(1), .none]), to: .list(.optional(.int)), types: types) == .list([.int(1), .none]))
        #expect(try AnswerShape.conformed(.none, to: .void, types: types) == .void)
    }

    @Test func answersOfAnotherShapeAreDecodeErrors() {
        func reason(_ value: Value, _ type: SpecType) -> String? {
            do throws(ServiceFailure) {
                _ = try AnswerShape.conformed(value, to: type, types: types)
                return nil
            } catch {
                #expect(error.error.kind == .decode)
                return error.error.message
            }
        }
        #expect(reason(.string("7"), .int) == "the answer should be 'Int' but is \"7\"")
        #expect(reason(.list([.int(1), .string("x")]), .list(.int)) == "the answer[1] should be 'Int' but is \"x\"")
        #expect(reason(.record(RecordValue(type: "User", fieldNames: ["id"], fields: [.int(1)])), .record("User"))
                == "the answer has no field 'name' of type 'String'")
        #expect(reason(.string("open"), .enumeration("Status")) == "the answer should be a case of 'Status' but is \"open\"")
        #expect(reason(.none, .int) == "the answer should be 'Int' but is nil")
    }
}
