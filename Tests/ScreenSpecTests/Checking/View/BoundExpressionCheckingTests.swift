import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// `minimumValue:` and `maximumValue:` as expressions over the screen's names: typed Double (an
/// Int converted as a binding converts it), made cells the timeline shows; a row's bounds stay
/// numbers.
@Suite("Bounds from expressions, checked")
struct BoundExpressionCheckingTests {
    private func diagnostics(_ yaml: String) -> [String] {
        SpecLoader.load(text: yaml, path: "b.yaml").diagnostics.map(\.description)
    }

    @Test("a Double or Int expression is a bound, its cell shown; the other bound a cell that never changes")
    func anExpressionIsABound() throws {
        let loaded = SpecLoader.load(text: """
            screen: S
            inputs:
              duration: { type: Int, default: 90 }
              lower: { type: Double, default: 1 }
            view:
              seek: { slider: { maximumValue: duration } }
              count: { stepper: { minimumValue: lower * 2, maximumValue: 10 } }
            """, path: "b.yaml")
        let spec = try #require(loaded.spec, "\(loaded.renderDiagnostics())")
        let seek = try #require(spec.components.first { $0.name == "seek" })
        let bounds = try #require(seek.bounds)
        #expect(seek.minimum == nil && seek.maximum == nil && bounds.mayBeEqual)
        #expect(spec.nodes[bounds.maximum].name == "seek.maximumValue" && spec.nodes[bounds.maximum].visible)
        #expect(spec.nodes[bounds.minimum].name == "seek.minimumValue" && !spec.nodes[bounds.minimum].visible)
        #expect(spec.rank[bounds.value] > spec.rank[bounds.maximum] && spec.rank[bounds.value] > spec.rank[bounds.minimum])
        let count = try #require(spec.components.first { $0.name == "count" }?.bounds)
        #expect(!count.mayBeEqual && count.range.start == SpecLocation(line: 7, column: 37))
    }

    @Test("a bound's expression is typed Double, its mistakes located")
    func aBoundIsTypedDouble() {
        #expect(diagnostics("""
            screen: S
            inputs:
              title: { type: String, default: "" }
            view:
              seek: { slider: { maximumValue: title, minimumValue: Double(lenght) } }
            """) == [
                "b.yaml:5:35: error: expected 'Double', found 'String'",
                "b.yaml:5:63: error: unknown name 'lenght'",
            ])
        #expect(diagnostics("""
            screen: S
            view:
              seek: { slider: { maximumValue: { a: 1 } } }
            """) == ["b.yaml:3:35: error: 'maximumValue:' takes a number or a Double expression, found a mapping"])
    }

    @Test("a row's stepper takes a bound over the row's names, typed Double, its mistake located")
    func aRowsBoundIsTypedOverTheRow() {
        let found = diagnostics("""
            screen: Basket
            types:
              Item: { id: Int, stock: Int, name: String }
            state:
              items: { type: "[Item]", initial: [] }
            viewModels:
              Row:
                params: { item: Item }
                inputs:
                  quantity: Int
                view:
                  quantityStepper:
                    stepper:
                      maximumValue: item.name
                      value: { twoWay: quantity, get: "1.0", set: Int(quantityStepper.value) }
            cells:
              basket: { viewModel: Row, for: items }
            """)
        #expect(found.count == 1 && found[0].hasPrefix("b.yaml:14:25: error: "), "\(found)")
        let typed = diagnostics(Self.rowStepper("Double(item.stock)"))
        #expect(!typed.contains { $0.contains("error:") }, "\(typed)")
    }

    static func rowStepper(_ bound: String) -> String {
        """
        screen: Basket
        types:
          Item: { id: Int, stock: Int, name: String }
        state:
          items: { type: "[Item]", initial: [] }
        viewModels:
          Row:
            params: { item: Item }
            inputs:
              quantity: Int
            view:
              quantityStepper:
                stepper:
                  maximumValue: \(bound)
                  value: { twoWay: quantity, get: "1.0", set: Int(quantityStepper.value) }
        cells:
          basket: { viewModel: Row, for: items }
        """
    }
}
