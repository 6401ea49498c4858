import SpecRuntime
import Testing
import TypedScreens

/// The Checkout of docs/spec-language.md ("A view model used by itself: `children:`"),
/// generated: each address form is a group of the screen, read as its struct (never optional),
/// whose inputs are methods that name no row, and each looks up its own postcode.
@Suite(.timeLimit(.minutes(5))) struct ChildrenTests {
    @Test func eachFormLooksUpItsOwnPostcode() async throws {
        let screen = try CheckoutScreen(total: 42)
        let lookups = Inbox<String>()
        screen.services.postcodes.lookup { arguments in
            lookups.append(arguments.postcode)
            return arguments.postcode == "54321" ? "Shelbyville" : "Springfield"
        }
        screen.start()
        #expect(!screen.canPay)
        let shipping: CheckoutScreen.AddressForm = screen.shipping.value
        #expect(shipping.title == "Shipping address" && screen.billing.value.title == "Billing address")
        screen.shipping.name("Ada")
        screen.shipping.postcode("12345")
        #expect(screen.shippingEdits == 1)
        // The debounce runs on the screen's clock (real time here), then the lookup answers.
        _ = try await first(screen.values.shipping.value) { $0.city == "Springfield" }
        #expect(screen.canPay)
        #expect(screen.billed.city == "Springfield")
        screen.sameAsShipping = false
        #expect(!screen.canPay)
        screen.billing.name("Bob")
        screen.billing.postcode("54321")
        _ = try await first(screen.values.canPay) { $0 }
        #expect(screen.billed == CheckoutScreen.Address(name: "Bob", postcode: "54321", city: "Shelbyville"))
        #expect(screen.shippingEdits == 1)
        #expect(lookups.all == ["12345", "54321"])
        screen.stop()
    }

    /// The Forms of docs/spec-language.md ("A row's input with a current value"): a child's
    /// input with a default is a property of its struct, never optional, set by a method.
    @Test func aChildsPropertyStartsAtItsDefault() throws {
        let screen = try FormsScreen()
        screen.start()
        let name: String = screen.shipping.value.name
        #expect(name.isEmpty && !screen.canGo)
        screen.shipping.name("Ada")
        #expect(screen.shipping.value.title == "Shipping: Ada" && screen.canGo)
        screen.shipping.clear()
        #expect(screen.shipping.value.name.isEmpty && !screen.canGo)
        screen.stop()
    }
}
