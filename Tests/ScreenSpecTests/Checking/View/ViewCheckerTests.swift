import Testing
@testable import ScreenSpec
@testable import SpecRuntime

/// Loads `yaml` as `v.yaml` and renders its diagnostics without colour.
private func viewDiagnostics(_ yaml: String) -> String {
    SpecLoader.load(text: yaml, path: "v.yaml").renderDiagnostics()
}

private let form = """
    screen: Form
    inputs:
      email: { type: String, default: "" }
      level: { type: Double, default: 0.5 }
      confirm: event
    outputs:
      canSend: email.count > 3

    """

@Suite("View checker")
struct ViewCheckerTests {
    @Test func aComponentPropertyIsNamedWithSuggestion() {
        let out = viewDiagnostics(form + """
            view:
              email: { textField: { txt: { twoWay: email } } }
            """)
        #expect(out == """
            v.yaml:9:25: error: a textField has no property or event 'txt'; did you mean 'text'?
              |
            9 |   email: { textField: { txt: { twoWay: email } } }
              |                         ^~~
            note: properties of a textField: 'text', 'placeholder', 'textColor', 'enabled', 'isHidden', 'alpha'
            note: events of a textField: 'editingChanged', 'editingDidBegin', 'editingDidEnd'
            note: settings of a textField: 'font'

            """)
    }

    @Test func twoWayNeedsAPropertyThePersonChanges() {
        let out = viewDiagnostics(form + """
            view:
              title: { label: { text: { twoWay: email } } }
            """)
        #expect(out == """
            v.yaml:9:37: error: 'title.text' is not changed by the person using the screen, so it cannot be two-way
              |
            9 |   title: { label: { text: { twoWay: email } } }
              |                                     ^~~~~
            help: bind it one-way: 'text: email'

            """)
    }

    @Test func twoWayTypesMustMatchOrBeConverted() {
        let out = viewDiagnostics(form + """
            view:
              slider: { slider: { value: { twoWay: email } } }
            """)
        #expect(out == """
            v.yaml:9:40: error: 'slider.value' is 'Double' but 'email' is 'String'
              |
            9 |   slider: { slider: { value: { twoWay: email } } }
              |                                        ^~~~~
            note: convert between them with 'get:' and 'set:'

            """)
    }

    @Test func twoWayWritesOnlyInputProperties() {
        let out = viewDiagnostics(form + """
            view:
              email: { textField: { text: { twoWay: canSend } } }
            """)
        #expect(out.hasPrefix("""
            v.yaml:9:41: error: 'canSend' is an output; a two-way binding writes an input property (one with a 'default:')
            """))
    }

    @Test func constantsOutsideWhatAComponentTakesAreCheckedErrors() {
        let out = viewDiagnostics(form + """
            view:
              size: { slider: { value: 1.5 } }
              picker: { segmentedControl: { segments: 2 } }
              label: label
            bindings:
              - bind: picker.selectedIndex
                to: [label.text, size.value]
                table: { 0: ["a", 0.5], default: ["b", 2.0] }
            """)
        #expect(out == """
            v.yaml:9:28: error: 'size.value' cannot take 1.5; it takes 0.0...1.0
              |
            9 |   size: { slider: { value: 1.5 } }
              |                            ^~~

            v.yaml:15:44: error: 'size.value' cannot take 2.0; it takes 0.0...1.0
               |
            15 |     table: { 0: ["a", 0.5], default: ["b", 2.0] }
               |                                            ^~~

            """)
    }

    @Test func bindingTypesAreExpectedVersusFound() {
        let out = viewDiagnostics(form + """
            view:
              picker: { segmentedControl: { segments: 3 } }
              title: label
            bindings:
              - bind: picker.selectedIndex
                to: title.text
              - bind: picker.selectedIndx
                to: title.txt
            """)
        #expect(out == """
            v.yaml:13:9: error: 'title.text' takes 'String', but 'picker.selectedIndex' is 'Int'
               |
            13 |     to: title.text
               |         ^~~~~~~~~~
            note: convert it with 'map:' or 'table:'

            v.yaml:14:11: error: segmentedControl 'picker' has no property or event 'selectedIndx'; did you mean 'selectedIndex'?
               |
            14 |   - bind: picker.selectedIndx
               |           ^~~~~~~~~~~~~~~~~~~
            note: a segmentedControl has 'selectedIndex', 'enabled', 'isHidden', 'alpha', 'valueChanged'

            """)
    }

    @Test func aTableWithoutDefaultIsAnError() {
        let out = viewDiagnostics(form + """
            view:
              picker: { segmentedControl: { segments: 3 } }
              title: label
            bindings:
              - bind: picker.selectedIndex
                to: title.text
                table: { 0: "zero" }
            """)
        #expect(out.hasPrefix("""
            v.yaml:14:12: error: the table has no 'default:' for the values of 'picker.selectedIndex' it does not list
            """))
    }

    @Test func stepsAddressComponentsOfTheRightKind() {
        let out = viewDiagnostics(form + """
            view:
              size: slider
              send: { button: { tap: confirm } }
            scenarios:
              - name: s
                steps:
                  - tap: sendd
                  - type: { size: 0.5 }
                  - slide: { size: 1.5 }
            """)
        #expect(out == """
            v.yaml:14:14: error: unknown component 'sendd' in 'tap:'; did you mean 'send'?
               |
            14 |       - tap: sendd
               |              ^~~~~

            v.yaml:15:17: error: 'size' is a slider; 'type:' types into a text field, text view or search bar
               |
            15 |       - type: { size: 0.5 }
               |                 ^~~~
            note: a slider takes 'slide:', 'press:', 'release:', 'drag:'

            v.yaml:16:24: error: 'size.value' cannot take 1.5; it takes 0.0...1.0
               |
            16 |       - slide: { size: 1.5 }
               |                        ^~~

            """)
    }

    @Test func eventsFeedInputsOrActions() {
        let out = viewDiagnostics(form + """
            view:
              send: { button: { tap: canSend } }
              other: { buton: {} }
            """)
        #expect(out.contains("v.yaml:9:26: error: 'canSend' is an output; an event feeds an input event or value, or an action"))
        #expect(out.contains("v.yaml:10:12: error: unknown kind of component 'buton'; did you mean 'button'?"))
    }

    /// A tenth first user fed a table's selection to a row's input, as `modelSelected` would
    /// reach a cell's view model: the message named it "an row input" and gave no way out.
    @Test func aSelectedRowGoesToAnInputOfTheScreen() {
        let out = viewDiagnostics("""
            screen: Q
            types:
              Track: { id: Int, title: String }
            state:
              queue: { type: "[Track]", initial: [{ id: 1, title: a }] }
            viewModels:
              QueueRow:
                params: { track: Track }
                inputs:
                  select: event
            cells:
              rows: { viewModel: QueueRow, for: queue }
            view:
              queueTable: { table: { rows: rows, rowSelected: rows.select } }
            """)
        #expect(out.contains("v.yaml:14:51: error: 'rows.select' is a row input; an event feeds an input event or value, or an action"), "\(out)")
        #expect(out.contains("help: declare an input of the screen, as in 'selection: QueueRow', and feed it: 'rowSelected: selection'"), "\(out)")
    }

    @Test func colorsReadFromDataAndExpressions() throws {
        let loaded = SpecLoader.load(text: """
            screen: C
            inputs:
              a: { type: Color, default: "Color(white: 0.5, alpha: 1)" }
              b: { type: Color, default: { red: 1, green: 0.5, blue: 0 } }
            outputs:
              c: gray(a.white)
              d: rgb(b.red, 0, 0)
            """, path: "c.yaml")
        #expect(loaded.diagnostics.isEmpty, "\(loaded.renderDiagnostics())")
        let bad = viewDiagnostics("""
            screen: C
            inputs:
              a: { type: Color, default: redd }
            """)
        #expect(bad.hasPrefix("v.yaml:3:30: error: unknown colour 'redd'; did you mean 'red'?"))
        #expect(ValueFormatter.text(.color(.white(0.5))) == "gray")
        #expect(ValueFormatter.text(.color(.white(0.25))) == "Color(white: 0.25, alpha: 1.0)")
        #expect(ValueFormatter.json(.color(.white(0.25))) == #"{"white":0.25,"alpha":1.0}"#)
        #expect(ValueFormatter.json(.color(.rgb(1, 0, 0, alpha: 0.5))) == #"{"red":1.0,"green":0.0,"blue":0.0,"alpha":0.5}"#)
    }
}

/// What tools that draw the view read of a component: titles and bounds as the spec gives them.
@Suite("Component plans carry titles and bounds")
struct ComponentPlanSettingsTests {
    @Test func segmentTitlesAlertButtonsAndBounds() throws {
        let spec = try #require(SpecLoader.load(text: form + """
            state:
              message: { type: String?, initial: null }
            view:
              theme: { segmentedControl: { segments: [Light, Dark] } }
              count: { segmentedControl: { segments: 3 } }
              size: { slider: { minimumValue: 12, maximumValue: 24 } }
              volume: { slider: {} }
              repeats: { stepper: { maximumValue: 5, stepValue: 0.5 } }
              confirmDelete: { alert: { message: message, buttons: [Cancel, Delete] } }
            """, path: "v.yaml").spec)
        func plan(_ name: String) throws -> ComponentPlan { try #require(spec.components.first { $0.name == name }) }
        #expect(try plan("theme").titles == ["Light", "Dark"])
        #expect(try plan("count").titles == nil)
        #expect(try plan("size").minimum == 12)
        #expect(try plan("size").maximum == 24)
        #expect(try plan("size").step == nil)
        #expect(try plan("volume").minimum == 0)
        #expect(try plan("volume").maximum == 1)
        #expect(try plan("repeats").minimum == 0)
        #expect(try plan("repeats").maximum == 5)
        #expect(try plan("repeats").step == 0.5)
        #expect(try plan("confirmDelete").titles == ["Cancel", "Delete"])
    }
}
