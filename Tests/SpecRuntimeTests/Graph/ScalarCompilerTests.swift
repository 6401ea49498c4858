@_spi(Engine) import SpecProgram
@testable import SpecRuntime
import Testing

/// Conditions and integer arithmetic compiled without `Value`s in between (ScalarCompiler.swift)
/// give what the expressions gave as `Value`s: the same results for every kind of operand, the
/// same failures, and the same short-circuits.
@Suite("Scalar expressions")
struct ScalarCompilerTests {
    enum Outcome: Equatable {
        case value(Value)
        case failure(String)
    }

    /// Nodes: 0 a long e-mail, 1 a short string, 2 `5`, 3 nil, 4 `true`, 5 `2.5`, 6 `Int.max`.
    static let names = ["email", "short", "five", "nothing", "yes", "half", "max"]
    static let values: [Value] = [.string("someone@example.com"), .string("abc"), .int(5), .none, .bool(true), .double(2.5), .int(.max)]

    static func evaluate(_ expr: TypedExpr, valueless: Int? = nil) -> Outcome {
        let context = EvalContext(values: values, names: names)
        if let valueless {
            context.valueless = Array(repeating: false, count: values.count)
            context.valueless[valueless] = true
        }
        do throws(EvalError) {
            return .value(try ExpressionCompiler.compile(expr)(context))
        } catch {
            return .failure(error.message)
        }
    }

    static let emailCount = TypedExpr.member(.node(0), .stringCount, chained: false)
    static let divisionByZero = TypedExpr.arithmetic(.divide, .int, .node(2), .constant(.int(0)))

    static let cases: [(TypedExpr, Outcome)] = [
        (.order(.greaterOrEqual, emailCount, .constant(.int(10))), .value(.bool(true))),
        (.order(.less, emailCount, .constant(.int(10))), .value(.bool(false))),
        (.order(.greater, .member(.node(1), .stringCount, chained: false), .node(2)), .value(.bool(false))),
        (.order(.lessOrEqual, .member(.node(1), .stringCount, chained: false), .constant(.int(3))), .value(.bool(true))),
        // nil never orders, on either side, through a count of nil too.
        (.order(.less, .node(3), .constant(.int(1))), .value(.bool(false))),
        (.order(.greaterOrEqual, .constant(.int(1)), .node(3)), .value(.bool(false))),
        (.order(.less, .member(.node(3), .stringCount, chained: true), .constant(.int(1))), .value(.bool(false))),
        // A constant right side is compared inline: every operator at its boundary, and nil.
        (.order(.greater, emailCount, .constant(.int(19))), .value(.bool(false))),
        (.order(.greater, emailCount, .constant(.int(18))), .value(.bool(true))),
        (.order(.lessOrEqual, emailCount, .constant(.int(19))), .value(.bool(true))),
        (.order(.less, emailCount, .constant(.int(19))), .value(.bool(false))),
        (.order(.greaterOrEqual, .node(3), .constant(.int(-1))), .value(.bool(false))),
        (.order(.greaterOrEqual, divisionByZero, .constant(.int(0))), .failure("division by zero in '5 / 0'")),
        // Orderings of doubles and strings are not integer ones.
        (.order(.less, .node(5), .constant(.double(3))), .value(.bool(true))),
        (.order(.less, .constant(.string("a")), .constant(.string("b"))), .value(.bool(true))),
        (.and(.node(4), .order(.greater, .node(2), .constant(.int(4)))), .value(.bool(true))),
        (.or(.node(3), .node(4)), .value(.bool(true))),
        (.not(.node(3)), .value(.bool(true))),
        (.not(.node(2)), .value(.bool(true))),
        // `&&` and `||` do not evaluate what they skip: no division by zero here.
        (.and(.constant(.bool(false)), .order(.less, divisionByZero, .constant(.int(1)))), .value(.bool(false))),
        (.or(.node(4), .order(.less, divisionByZero, .constant(.int(1)))), .value(.bool(true))),
        (.and(.node(4), .order(.less, divisionByZero, .constant(.int(1)))), .failure("division by zero in '5 / 0'")),
        (.arithmetic(.add, .int, .node(2), .member(.node(0), .stringCount, chained: false)), .value(.int(24))),
        (.arithmetic(.remainder, .int, .node(2), .constant(.int(3))), .value(.int(2))),
        (.negate(.node(2), .int), .value(.int(-5))),
        (.arithmetic(.add, .int, .node(6), .constant(.int(1))), .failure("integer overflow in arithmetic on 9223372036854775807 and 1")),
        (.arithmetic(.add, .int, .node(3), .node(2)), .value(.none)),
        // `a + b` does not evaluate `b` when `a` is no integer.
        (.arithmetic(.add, .int, .node(3), divisionByZero), .value(.none)),
        (divisionByZero, .failure("division by zero in '5 / 0'")),
        (.arithmetic(.multiply, .double, .node(5), .constant(.double(2))), .value(.double(5))),
        // A node or a constant operand is read in the operator's own closure
        // (ScalarCompiler+Leaves.swift): each form, nil and the failures.
        (.arithmetic(.add, .int, .node(2), .arithmetic(.multiply, .int, .node(2), .constant(.int(3)))), .value(.int(20))),
        (.arithmetic(.subtract, .int, .member(.node(0), .stringCount, chained: false), .constant(.int(4))), .value(.int(15))),
        (.arithmetic(.divide, .int, .member(.node(3), .stringCount, chained: true), .constant(.int(0))), .value(.none)),
        (.arithmetic(.multiply, .int, .node(3), .constant(.int(2))), .value(.none)),
        (.arithmetic(.multiply, .int, .node(6), .constant(.int(2))), .failure("integer overflow in arithmetic on 9223372036854775807 and 2")),
        (.arithmetic(.subtract, .int, .node(2), .node(3)), .value(.none)),
        (.arithmetic(.remainder, .int, .node(2), .node(2)), .value(.int(0))),
        (.order(.less, .node(2), .constant(.int(5))), .value(.bool(false))),
        (.order(.lessOrEqual, .node(2), .constant(.int(5))), .value(.bool(true))),
        (.order(.greater, .node(2), .constant(.int(5))), .value(.bool(false))),
        (.order(.greaterOrEqual, .node(2), .constant(.int(5))), .value(.bool(true))),
        (.order(.greater, .node(1), .constant(.int(0))), .value(.bool(false))),
        (.not(.node(4)), .value(.bool(false))),
        (.and(.order(.greater, .node(2), .constant(.int(4))), .not(.node(4))), .value(.bool(false))),
        (.conditional(.node(4), .node(2), .constant(.int(7))), .value(.int(5))),
        (.conditional(.node(3), .node(2), .constant(.int(7))), .value(.int(7))),
        (.conditional(.node(2), .node(2), .constant(.int(7))), .value(.int(7))),
        (.conditional(.node(4), divisionByZero, .constant(.int(7))), .failure("division by zero in '5 / 0'")),
    ]

    @Test(arguments: cases.indices)
    func scalarExpressionsGiveWhatValuesGave(_ k: Int) {
        let (expr, expected) = Self.cases[k]
        #expect(Self.evaluate(expr) == expected)
    }

    /// A read of a node with no value fails, in a condition and in a count, as any read does.
    @Test func readsOfANodeWithNoValueFail() {
        let message = "'nothing' has no value (its expression failed)"
        #expect(Self.evaluate(.order(.less, .node(3), .constant(.int(1))), valueless: 3) == .failure(message))
        #expect(Self.evaluate(.not(.node(3)), valueless: 3) == .failure(message))
        #expect(Self.evaluate(.order(.less, .member(.node(3), .stringCount, chained: false), .constant(.int(1))), valueless: 3) == .failure(message))
        #expect(Self.evaluate(.order(.less, .node(2), .constant(.int(6))), valueless: 3) == .value(.bool(true)))
        #expect(Self.evaluate(.arithmetic(.add, .int, .node(3), .constant(.int(1))), valueless: 3) == .failure(message))
        #expect(Self.evaluate(.arithmetic(.add, .int, .node(3), .node(2)), valueless: 3) == .failure(message))
        #expect(Self.evaluate(.conditional(.node(3), .node(2), .constant(.int(7))), valueless: 3) == .failure(message))
        #expect(Self.evaluate(.conditional(.node(4), .node(2), .node(3)), valueless: 3) == .value(.int(5)))
    }

    /// The count's eight-bytes-at-a-time test: "\r\n" pairs and bytes past ASCII on each side of
    /// a word boundary.
    @Test(arguments: ["1234567\r\n", "12345678\r\n", "1234567\r", "\n234567\r\nab", "12345678é", "1234567é", "abcdefgh",
                      "abcdefghijklmnop", "\r\r\r\r\r\r\r\r\n", "abcdefg\rhijklmn\r\n", "abcdefghijklmnopq\u{301}"])
    func countsCharactersAcrossWords(_ text: String) {
        #expect(ExpressionCompiler.characterCount(text) == text.count)
    }

    /// The propagation queue pops ranks lowest first, whatever the order they came in.
    @Test func rankQueuePopsInOrder() {
        var generator = SystemRandomNumberGenerator()
        for n in [1, 2, 7, 64] {
            let queue = RankQueue(capacity: n)
            let ranks = Array(0..<n).shuffled(using: &generator)
            for r in ranks { queue.insert(r) }
            var popped: [Int] = []
            while let r = queue.popMin() { popped.append(r) }
            #expect(popped == Array(0..<n))
        }
    }
}
