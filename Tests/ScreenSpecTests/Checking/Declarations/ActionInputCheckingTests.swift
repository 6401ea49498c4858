import Testing
@testable import ScreenSpec

private func diagnose(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "t.yaml").renderDiagnostics()
}

/// `Action<Input, Element>`: `input:` declares the type an execution takes, `$0` reads it in the
/// work, and every way of executing the action must pass a value of that type.
@Suite("Actions with an input: checking")
struct ActionInputCheckingTests {
    private let services = """
        services:
          api.delete: { returns: Int, params: { id: Int }, result: 1 }

        """

    @Test func theInputComesFromTheDeclarationOrTheTrigger() throws {
        let text = """
            screen: S
            inputs:
              row: Int
              tap: event
            actions:
              declared: { input: Int, work: { call: api.delete, with: { id: $0 } } }
              fromTrigger: { input: Int, trigger: row, work: { call: api.delete, with: { id: $0 + row } } }
              readsTheTrigger: { trigger: row, work: { call: api.delete, with: { id: row } } }
              dropsTheValue: { input: Void, trigger: row, work: { call: api.delete, with: { id: row } } }
              none: { trigger: tap, work: { call: api.delete, with: { id: 1 } } }

            """ + services
        let loaded = SpecLoader.load(text: text, path: "t.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let spec = try #require(loaded.spec)
        #expect(spec.actions.map(\.input) == [.int, .int, .void, .void, .void])
    }

    @Test func dollarZeroInAnActionWithoutInput() {
        let text = """
            screen: S
            actions:
              remove: { work: { call: api.delete, with: { id: $0 } } }

            """ + services
        #expect(diagnose(text) == """
            t.yaml:3:51: error: action 'remove' takes no input, so '$0' has nothing to read
              |
            3 |   remove: { work: { call: api.delete, with: { id: $0 } } }
              |                                                   ^~
            note: declare what it takes with 'input: TYPE' on the action, and pass it with 'send: { remove: VALUE }'

            """)
    }

    @Test func dollarZeroWithATriggerCarryingAValue() {
        let text = """
            screen: S
            inputs:
              row: Int
            actions:
              remove: { trigger: row, work: { call: api.delete, with: { id: $0 } } }

            """ + services
        #expect(diagnose(text) == """
            t.yaml:5:65: error: action 'remove' takes no input, so '$0' has nothing to read
              |
            5 |   remove: { trigger: row, work: { call: api.delete, with: { id: $0 } } }
              |                                                                 ^~
            note: its trigger 'row' carries 'Int': read it as 'row', or declare 'input: Int' to make it the action's input

            """)
    }

    @Test func dollarOneInAnAction() {
        let text = """
            screen: S
            actions:
              remove: { input: Int, work: { call: api.delete, with: { id: $1 } } }

            """ + services
        #expect(diagnose(text) == """
            t.yaml:3:63: error: an action's work has one argument, '$0', its input; found '$1'
              |
            3 |   remove: { input: Int, work: { call: api.delete, with: { id: $1 } } }
              |                                                               ^~

            """)
    }

    @Test func theInputMustFitTheService() {
        let text = """
            screen: S
            actions:
              remove: { input: String, work: { call: api.delete, with: { id: $0 } } }

            """ + services
        #expect(diagnose(text) == """
            t.yaml:3:66: error: expected 'Int', found 'String'
              |
            3 |   remove: { input: String, work: { call: api.delete, with: { id: $0 } } }
              |                                                                  ^~

            """)
    }

    @Test func aTriggerMustCarryTheInput() {
        let text = """
            screen: S
            inputs:
              name: String
              tap: event
            actions:
              byName:
                input: Int
                trigger: name
                work: { call: api.delete, with: { id: $0 } }
              byTap:
                input: Int
                trigger: tap
                work: { call: api.delete, with: { id: $0 } }

            """ + services
        #expect(diagnose(text) == """
            t.yaml:8:14: error: action 'byName' takes an input of type 'Int', but its trigger 'name' carries 'String'
              |
            8 |     trigger: name
              |              ^~~~
            t.yaml:7:12: note: the input is declared here
              |
            7 |     input: Int
              |            ^~~

            t.yaml:12:14: error: action 'byTap' takes an input of type 'Int', but its trigger 'tap' is an event and carries no value
               |
            12 |     trigger: tap
               |              ^~~
            t.yaml:11:12: note: the input is declared here
               |
            11 |     input: Int
               |            ^~~
            help: trigger it with a value stream such as 'row: Int', or remove 'input:'

            """)
    }

    @Test func anUnknownInputTypeIsReportedOnce() {
        let text = """
            screen: S
            actions:
              remove: { input: Strin, work: { call: api.delete, with: { id: $0 } } }

            """ + services
        #expect(SpecLoader.load(text: text, path: "t.yaml").diagnostics.map(\.description) == [
            "t.yaml:3:20: error: unknown type 'Strin'; did you mean 'String'?",
        ])
    }

    @Test func sendPassesAValueOnlyToAnActionTakingOne() {
        let text = """
            screen: S
            actions:
              remove: { input: Int, work: { call: api.delete, with: { id: $0 } } }
              reload: { work: { call: api.delete, with: { id: 0 } } }

            """ + services + """
            scenarios:
              - name: s
                steps:
                  - send: remove
                  - send: { remove: two }
                  - send: { reload: 3 }
                  - send: { remove: 2 }
                  - send: reload

            """
        #expect(diagnose(text) == """
            t.yaml:10:15: error: action 'remove' takes an input of type 'Int'
               |
            10 |       - send: remove
               |               ^~~~~~
            t.yaml:3:3: note: 'remove' is declared here
              |
            3 |   remove: { input: Int, work: { call: api.delete, with: { id: $0 } } }
              |   ^~~~~~
            help: write 'send: { remove: ... }'

            t.yaml:11:25: error: expected a value of type 'Int', found 'two'
               |
            11 |       - send: { remove: two }
               |                         ^~~

            t.yaml:12:25: error: action 'reload' takes no input
               |
            12 |       - send: { reload: 3 }
               |                         ^
            t.yaml:4:3: note: 'reload' is declared here
              |
            4 |   reload: { work: { call: api.delete, with: { id: 0 } } }
              |   ^~~~~~
            note: to pass a value, declare its type with 'input:' on the action
            help: write 'send: reload'

            """)
    }

    @Test func aButtonExecutesAnActionWithoutInput() {
        let text = """
            screen: S
            actions:
              remove: { input: Int, work: { call: api.delete, with: { id: $0 } } }

            """ + services + """
            view:
              trash: { button: { action: remove } }

            """
        #expect(diagnose(text) == """
            t.yaml:7:30: error: a button's tap carries no value, but action 'remove' takes an input of type 'Int'
              |
            7 |   trash: { button: { action: remove } }
              |                              ^~~~~~
            note: 'button: { action: ... }' executes an action without input, as a 'CocoaAction'

            """)
    }

    @Test func aControlEventMustCarryTheInput() {
        let text = """
            screen: S
            actions:
              remove: { input: Int, work: { call: api.delete, with: { id: $0 } } }
              named: { input: String, work: { call: api.delete, with: { id: $0.count } } }

            """ + services + """
            view:
              picker: { segmentedControl: { segments: 3, valueChanged: [remove, named] } }

            """
        #expect(diagnose(text) == """
            t.yaml:8:69: error: action 'named' takes an input of type 'String', but 'valueChanged' carries 'Int'
              |
            8 |   picker: { segmentedControl: { segments: 3, valueChanged: [remove, named] } }
              |                                                                     ^~~~~

            """)
    }
}
