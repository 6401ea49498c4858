import ScreenSpec
import Testing

/// Loads `yaml` and returns its errors as `line:col: message`, in order.
private func errors(_ yaml: String) -> [String] {
    let loaded = SpecLoader.load(text: yaml, path: "/nonexistent-folder/t.yaml")
    return loaded.diagnostics.filter { $0.severity == .error }.map { "\($0.range.start.line):\($0.range.start.column): \($0.message)" }
}

@Suite struct StreamCheckingTests {
    static let header = """
    screen: T
    types:
      Segment: [received, performed]
      Goal: { id: Int, title: String }
    params:
      goal: Goal
    inputs:
      xs: Int
      seg: { type: Segment, default: received }
    services:
      api.get: { returns: Int, params: { page: Int }, result: 1 }
    outputs:

    """

    @Test func operatorsAreTypedAndLocated() {
        let yaml = Self.header + """
          a:
            stream: xs
            ops:
              - filter: "$0 + 1"
              - debounse: 3ms
          b: { stream: xs, ops: [ { scan: { seed: "0", accumulator: "$0 + $2" } } ] }
          c: { stream: xs, ops: [ { catch: "0" } ] }
        """
        #expect(errors(yaml) == [
            "16:18: expected 'Bool', found 'Int'",
            "17:9: unknown operator 'debounse'; did you mean 'debounce'?",
            "18:67: this expression has 2 arguments ('$0', '$1'); found '$2'",
            "19:27: 'catch' replaces a failed request, but no 'flatMapLatest' or 'flatMap' comes before it",
        ])
    }

    @Test func requestArgumentsMatchTheServiceParams() {
        let yaml = Self.header + """
          c: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { pag: "$0" } } } ] }
          d: { stream: xs, ops: [ { flatMapLatest: { call: api.get, with: { page: "seg" } } } ] }
          e: { stream: xs, ops: [ { flatMap: { call: api.gett, with: { page: "$0" } } } ] }
        """
        // 'pag' stands for 'page': one mistake, not also a missing argument.
        #expect(errors(yaml) == [
            "13:69: service 'api.get' has no parameter 'pag'; did you mean 'page'?",
            "14:76: expected 'Int', found 'Segment'",
            "15:46: unknown service 'api.gett'; did you mean 'api.get'?",
        ])
    }

    @Test func implicitEnumMembersAndRecordsNeedTheirTypes() {
        let yaml = Self.header + """
          e: seg == .recieved
          f: .received
          g: 'Goal(id: 1, titel: "x")'
          h: "Goal(id: 1)"
          ok: 'seg == .received && Goal(id: 1, title: "a").title == "a"'
        """
        #expect(errors(yaml) == [
            "13:13: 'Segment' has no case 'recieved'; did you mean 'received'?",
            "14:6: '.received' needs an enum type from its context, as in 'segment == .received'",
            "15:19: 'Goal' has no field 'titel'; did you mean 'title'?",
            "16:7: 'Goal(...)' is missing field 'title' of type 'String'",
        ])
    }

    @Test func navigationChecksTheTargetsParams() {
        let yaml = Self.header + """
          self: { navigate: { to: T, params: { goal: "Goal(id: $0, title: \\"t\\")" } }, on: xs }
          wrongType: { navigate: { to: T, params: { goal: $0 } }, on: xs }
          missing: { navigate: { to: T }, on: xs }
          elsewhere: { navigate: { to: Nowhere }, on: xs }
        """
        #expect(errors(yaml) == [
            "14:51: parameter 'goal' of screen 'T' is 'Goal', found 'Int'",
            "15:24: screen 'T' needs parameter 'goal' of type 'Goal'",
            "16:32: no spec in '/nonexistent-folder' declares 'screen: Nowhere'",
        ])
    }

    @Test func scenariosNeedParamValuesAndKnownServices() {
        let yaml = Self.header + """
          title: goal.title
        scenarios:
          - name: without params
            steps: []
          - name: with params
            params: { goal: { id: 1, title: a } }
            services:
              api.gte: { result: 2 }
            steps:
              - expect: { title: a }
        """
        #expect(errors(yaml) == [
            "15:11: scenario 'without params' needs a value for parameter 'goal' of type 'Goal'",
            "20:7: unknown service 'api.gte'; did you mean 'api.get'?",
        ])
    }
}
