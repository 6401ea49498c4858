import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Issue 35: compiled programs that passed loading and then trapped, a timer stream the engine
/// refused, and refusals that did not say where. Each input is the compiled login spec with one
/// change; each must be refused with a message that names the place, or (timers) load and play.
@Suite struct CompiledSpecRefusalTests {
    static func compiled(_ path: String) throws -> String {
        let loaded = SpecLoader.load(path: path)
        return try CompiledSpec.json(try #require(loaded.spec, "\(path):\n\(loaded.renderDiagnostics())"))
    }

    static func login() throws -> String { try compiled(PackagePaths.specs + "/login.yaml") }

    /// `text` with its one occurrence of `old` replaced.
    static func changed(_ text: String, _ old: String, _ new: String) throws -> String {
        let range = try #require(text.range(of: old), "no \(old)")
        return text.replacingCharacters(in: range, with: new)
    }

    static func reason(_ text: String) -> String? {
        do {
            _ = try CompiledSpec.load(json: Data(text.utf8))
            return nil
        } catch {
            return error.message
        }
    }

    static let twoFieldsOneName = #"{"record":{"_0":{"type":"R","fieldNames":["a"],"fields":[{"int":{"_0":1}},{"int":{"_0":2}}]}}}"#
    static let twoParamsOneName = #"{"navigation":{"_0":{"screen":"S","paramNames":["a"],"params":[{"int":{"_0":1}},{"int":{"_0":2}}]}}}"#

    @Test func aRecordOrNavigationValueWithMoreValuesThanNamesIsRefusedWhereItIs() throws {
        let login = try Self.login()
        let email = #""set":{"node":0,"value":{"string":{"_0":"someone@example.com"}}"#
        let set = try Self.changed(login, email, #""set":{"node":0,"value":\#(Self.twoFieldsOneName)"#)
        #expect(Self.reason(set) == "malformed compiled spec: at program.scenarios[0].steps[0].kind.set.value.record._0: a 'R' record with 2 fields for 1 field names")
        let expect = try Self.changed(login, #""expect":{"node":3,"value":{"bool":{"_0":false}}"#, #""expect":{"node":3,"value":\#(Self.twoParamsOneName)"#)
        #expect(Self.reason(expect) == "malformed compiled spec: at program.scenarios[0].steps[1].kind.expect.value.navigation._0: a navigation to 'S' with 2 parameters for 1 parameter names")
        // Fewer values than names is refused the same way: the counts must match.
        let fewer = try Self.changed(login, email, #""set":{"node":0,"value":{"record":{"_0":{"type":"R","fieldNames":["a","b"],"fields":[]}}}"#)
        #expect(Self.reason(fewer) == "malformed compiled spec: at program.scenarios[0].steps[0].kind.set.value.record._0: a 'R' record with 0 fields for 2 field names")
    }

    @Test func anExpressionMakingARecordOrNavigationWithMoreValuesThanNamesIsRefused() throws {
        let login = try Self.login()
        let ten = #"{"constant":{"_0":{"int":{"_0":10}}}}"#
        let one = #"{"constant":{"_0":{"int":{"_0":1}}}}"#
        let record = try Self.changed(login, ten, #"{"makeRecord":{"type":"R","fieldNames":["a"],"_2":[\#(one),\#(one)]}}"#)
        #expect(Self.reason(record) == "inconsistent compiled spec: nodes[3] makes a 'R' record of 2 fields with 1 field names")
        let navigation = try Self.changed(login, ten, #"{"makeNavigation":{"screen":"S","paramNames":[],"_2":[\#(one)]}}"#)
        #expect(Self.reason(navigation) == "inconsistent compiled spec: nodes[3] makes a navigation to 'S' with 1 parameters for 0 parameter names")
    }

    /// Found by the compiled-program fuzzer: a handler that wrote the node it runs on (or one
    /// before it in 'rank') ran again in the same propagation forever. The checker orders every
    /// write after its `on`; a loaded program must too.
    @Test func aHandlerWritingBackwardsInRankIsRefusedNotAHang() throws {
        let login = try Self.login()
        let ownNode = try Self.changed(login, #""targets":[9]"#, #""targets":[0]"#)
        #expect(Self.reason(ownNode) == "inconsistent compiled spec: handlers[0]: node 0, which it writes, does not come after node 0 in 'rank'")
    }

    @Test func numbersThatAreNoIntegerOfTheirKeyAreRefusedAtTheKey() throws {
        let login = try Self.login()
        let latency = #""latency":5000"#
        let at = "malformed compiled spec: at program.services[0].latency: "
        #expect(Self.reason(try Self.changed(login, latency, #""latency":99999999999999999999"#)) == at + "99999999999999999999 is outside -9223372036854775808...9223372036854775807")
        #expect(Self.reason(try Self.changed(login, latency, #""latency":-9223372036854775809"#)) == at + "-9223372036854775809 is outside -9223372036854775808...9223372036854775807")
        #expect(Self.reason(try Self.changed(login, latency, #""latency":2.5"#)) == at + "expected an integer, found 2.5")
        #expect(Self.reason(try Self.changed(login, latency, #""latency":5e3"#)) == at + "expected an integer, found 5e3")
        #expect(Self.reason(try Self.changed(login, latency, #""latency":1e999"#)) == at + "expected an integer, found 1e999")
        #expect(Self.reason(try Self.changed(login, latency, #""latency":"5000""#)) == at + "expected an integer, found a string")
        let double = try Self.changed(login, #""set":{"node":1,"value":{"string":{"_0":"hunter2"}}"#, #""set":{"node":1,"value":{"double":{"_0":1e999}}"#)
        #expect(Self.reason(double) == "malformed compiled spec: at program.scenarios[0].steps[2].kind.set.value.double._0: 1e999 is not a finite Double")
        #expect(Self.reason(try Self.changed(login, #""version":\#(CompiledSpec.version)"#, #""version":1.5"#)) == "not a compiled spec: at version: expected an integer, found 1.5")
    }

    @Test func textThatIsNotJSONIsRefusedWithItsLineColumnAndByte() throws {
        let login = try Self.login()
        let name = #""name":"signs in once the form is valid""#
        let byte = login.utf8.distance(from: login.startIndex, to: try #require(login.range(of: name)).lowerBound) + 8
        let place = "not a compiled spec: not JSON at line 1, column \(byte + 1) (byte \(byte)): "
        #expect(Self.reason(try Self.changed(login, name, #""name":"\ud800 signs in""#)) == place + #"a lone surrogate '\ud800' in a string"#)
        #expect(Self.reason(try Self.changed(login, name, #""name":"\udc00\ud800""#)) == place + #"a lone surrogate '\udc00' in a string"#)
        #expect(Self.reason(try Self.changed(login, name, #""name":"\ud83d\ude00 signs in""#)) == nil)
        #expect(Self.reason(try Self.changed(login, name, #""name":"\x""#)) == place + #"an unknown escape '\x' in a string"#)
        #expect(Self.reason(#"{"format": "specrun-program", "format": "x"}"#) == "not a compiled spec: not JSON at line 1, column 31 (byte 30): the key 'format' twice in one object")
        #expect(Self.reason("{\"a\": \"\u{1}\"}") == "not a compiled spec: not JSON at line 1, column 8 (byte 7): a control character (byte 0x1) in a string; JSON writes it as an escape")
        var bytes = Array(#"{"a": "é"}"#.utf8)
        bytes[7] = 0xFF
        let notUTF8 = try #require(Self.reasonOf(bytes))
        #expect(notUTF8 == "not a compiled spec: not JSON at line 1, column 7 (byte 6): a string that is not UTF-8" || notUTF8.hasPrefix("not a compiled spec: not JSON at line 1, column 8 (byte 7)"))
        #expect(Self.reason(#"{"a": 01}"#) == "not a compiled spec: not JSON at line 1, column 7 (byte 6): a number with a leading zero")
        #expect(Self.reason(#"{} {}"#) == "not a compiled spec: not JSON at line 1, column 4 (byte 3): text after the JSON value: '{'")
        let deep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(Self.reason(#"{"a": "# + deep + "}") == "not a compiled spec: not JSON at line 1, column 518 (byte 517): more than 512 arrays and objects inside each other")
    }

    static func reasonOf(_ bytes: [UInt8]) -> String? {
        do {
            _ = try CompiledSpec.load(json: Data(bytes))
            return nil
        } catch {
            return error.message
        }
    }

    // Issue 39: a request's inner stream that is not a call, and a choice's `else:` one, are
    // checked when loaded as a call is.
    @Test func anInnerStreamOrChoiceThatCannotRunIsRefusedWhereItIs() throws {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              q: String
            outputs:
              results:
                stream: q
                ops:
                  - flatMapLatest: { if: $0.isEmpty, then: { just: '[]' }, else: { call: api.search, with: { q: $0 } } }
              ticks: { stream: q, ops: [ { flatMap: { timer: 5ms, period: 10ms } } ] }
            services:
              api.search: { returns: '[String]', params: { q: String }, result: [a] }
            """, path: "s.yaml")
        let json = try CompiledSpec.json(try #require(loaded.spec, "\(loaded.renderDiagnostics())"))
        #expect(Self.reason(json) == nil)
        let noValue = try Self.changed(json, #""argumentNames":["just"],"arguments":[{"list":{"_0":[]}}]"#, #""argumentNames":[],"arguments":[]"#)
        #expect(Self.reason(noValue)?.hasSuffix("'flatMapLatest' has 0 values for its inner stream's one") == true, "\(Self.reason(noValue) ?? "loaded")")
        let noService = try Self.changed(json, #""call":{"argumentNames":["q"],"arguments":[{"operatorArgument":{"_0":0}}],"service":0}"#,
                                         #""call":{"argumentNames":["q"],"arguments":[{"operatorArgument":{"_0":0}}],"service":7}"#)
        #expect(Self.reason(noService)?.contains("'flatMapLatest'") == true, "\(Self.reason(noService) ?? "loaded")")
        let stopped = try Self.changed(json, #""period":10"#, #""period":0"#)
        #expect(Self.reason(stopped)?.hasSuffix("'flatMap' has an inner timer of 5 ms, period 0 ms") == true, "\(Self.reason(stopped) ?? "loaded")")
    }

    @Test func aTimerStreamCompilesToAProgramThatLoadsAndPlaysAsItsYAML() throws {
        let path = PackagePaths.fixtures + "/constructs/timers.yaml"
        let spec = try #require(SpecLoader.load(path: path).spec)
        let json = try Self.compiled(path)
        #expect(json.contains(#""source":-1"#))
        let compiled = try CompiledSpec.load(json: Data(json.utf8))
        #expect(TimelineFormatter.text(ScenarioRunner.run(compiled, scenario: 0)) == TimelineFormatter.text(ScenarioRunner.run(spec, scenario: 0)))
        // A timer's stream has no source node; a stream without a timer must have one.
        let timerWithNode = try Self.changed(json, #""source":-1"#, #""source":0"#)
        #expect(Self.reason(timerWithNode) == "inconsistent compiled spec: streams[0] has a timer and node 0 as its source; a timer's stream has source -1")
    }
}
