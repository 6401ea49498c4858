import Foundation
import SpecRuntime
import Testing
import TypedScreens

// The examples of docs/generated-code.md, compiled and run: each region between a `doc` comment
// naming it and the `end doc` comment is a ```swift block of the page, character for character
// once the common indentation is removed (`thePageShowsTheseExamples` compares them).

/// What the examples' app calls: answers as soon as its gate is open, as a test double does.
struct API: Sendable {
    var answer = Gate(open: true)

    func signIn(email: String, password: String) async throws {
        await answer.wait()
        if password == "wrong" { throw ServiceFailure.http(401) }
    }
}

let api = API()

@Suite(.timeLimit(.minutes(5))) struct DocExamplesTests {
    @Test func typedScreen() async throws {
        // The answer waits until the test has seen the call in flight.
        let api = API(answer: Gate())
        // doc: screen
        let screen = try LoginScreen()            // screen: Login
        screen.services.auth.signIn { form in     // form: LoginScreen.AuthSignInArguments
            try await api.signIn(email: form.email, password: form.password)
        }
        screen.start()
        screen.email = "someone@example.com"      // an input: a settable property
        screen.password = "hunter2"
        let valid: Bool = screen.canLogin         // an output: a typed property
        screen.confirm()                          // an event: a method
        let busy: Bool = screen.login.executing   // an action: enabled, executing, errors, execute()
        // end doc
        #expect(valid)
        #expect(busy)
        let executing = screen.values.login.executing
        api.answer.open()
        _ = try await first(executing) { !$0 }
        screen.stop()
    }

    @Test func observation() async throws {
        let screen = try LoginScreen()
        screen.services.auth.signIn { form in try await api.signIn(email: form.email, password: form.password) }
        screen.start()
        screen.email = "someone@example.com"
        screen.password = "wrong"
        let errors = screen.values.login.errors
        screen.confirm()
        var seen: [Int?] = []
        // doc: values
        for try await error in errors {           // AsyncThrowingStream<ErrorValue, any Error>
            if error.kindName == "http" { seen.append(error.status) }   // 401
            break
        }
        // end doc
        #expect(seen == [401])
        screen.stop()
    }

    @Test func navigation() async throws {
        let octocat = EventsScreen.User(login: "octocat", avatarUrl: nil, kind: .user)
        let event = EventsScreen.Event(id: 1, actor: octocat, repository: .init(fullName: "apple/swift", stars: 1), title: "starred")
        let events = try EventsScreen(user: octocat)
        events.services.github.events { _ in [] }
        events.start()
        let selections = events.values.repositorySelected
        events.selection(EventsScreen.EventCell(event: event, title: "starred", login: "octocat", repositoryName: "apple/swift",
                                                titleLabelText: "starred", loginLabelText: "octocat", repositoryLabelText: "apple/swift"))
        var title = ""
        // doc: navigation
        for try await destination in selections {
            switch destination {
            case .repository(let parameters):                // RepositoryScreen.Parameters
                let next = try RepositoryScreen(parameters)  // the next view model, injected
                next.start()
                title = next.navigationTitle                 // "apple/swift"
            case .user(let parameters):
                _ = try UserScreen(parameters)
            }
            break
        }
        // end doc
        #expect(title == "apple/swift")
        events.stop()
    }

    @MainActor
    @Test func model() throws {
        // doc: model
        let model = try LoginModel()      // @MainActor, Observable: SwiftUI redraws what reads a changed property
        model.start()
        model.email = "someone@example.com"
        model.password = "hunter2"
        let enabled = model.loginEnabled  // true
        // end doc
        #expect(enabled)
        model.stop()
    }

    @Test func rows() throws {
        // doc: rows
        let screen = try CartScreen()             // the Cart of docs/spec-language.md
        screen.start()
        screen.cart.increment(row: 2)             // an event of a row: to the row whose id is 2
        screen.cart.quantity(3, row: 1)           // a value input of a row: the value, then the row
        let rows: [CartScreen.CartRow] = screen.cart.value   // each row's item, quantity, units, outputs
        let total: Int = screen.total             // 3 x 4 + 2 x 6 = 24
        // end doc
        #expect(total == 24)
        #expect(rows.map(\.title) == ["3 x Tea", "2 x Cake"])
        #expect(rows[0].quantity == 3 && rows[1].quantity == nil)
        #expect(screen.cart.quantity?.item.name == "Tea", "the latest row `quantity` fired on")
        let misuses = Inbox<String>()
        screen.onMisuse { misuses.append($0) }
        screen.cart.remove(row: 1)
        screen.cart.remove(row: 1)
        #expect(screen.titles == "2 x Cake")
        #expect(misuses.all == ["Cart: cart.remove(row: 1): 'cart' has no row 1: its 1 row has another identity"])
        screen.stop()
    }

    @MainActor
    @Test func rowsOfTheModel() throws {
        let model = try CartModel()
        model.start()
        model.cartQuantity(2, row: 2)
        model.cartRemove(row: 1)
        #expect(model.titles == "2 x Cake")
        #expect(model.cartQuantity?.units == 2)
        model.stop()
    }

    @Test func aChild() async throws {
        // doc: child
        let screen = try CheckoutScreen(total: 42)
        screen.start()
        screen.shipping.name("Ada")               // the child's input: its value, no row
        screen.shipping.postcode("12345")
        let shipping: CheckoutScreen.AddressForm = screen.shipping.value
        let title: String = shipping.title        // "Shipping address"
        screen.billing.executeLookup("54321")     // its action, executed directly
        // end doc
        #expect(title == "Shipping address")
        #expect(shipping.nameText == "Ada" && shipping.code == "12345")
        #expect(screen.billing.value.lookupExecuting)
        let billing = try #require(try await first(screen.values.billing.value) { $0.city == "Shelbyville" })
        #expect(billing.code.isEmpty, "the action ran alone: the postcode's handler did not")
        screen.stop()
    }

    @MainActor
    @Test func aChildOfTheModel() throws {
        let model = try CheckoutModel(total: 42)
        model.start()
        model.shippingName("Ada")
        model.shippingPostcode("12345")
        #expect(model.shippingValue.nameText == "Ada")
        #expect(model.shippingEdits == 1)
        model.stop()
    }

    /// Every region above is a ```swift block of docs/generated-code.md.
    @Test func thePageShowsTheseExamples() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/generated-code.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let blocks = page.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```").first ?? "" }
        var regions = 0
        let marker = "// doc" + ": "
        for part in source.components(separatedBy: marker).dropFirst() {
            let lines = part.components(separatedBy: "\n")
            let body = lines.dropFirst().prefix { !$0.contains("// end doc") }
            let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            let text = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n") + "\n"
            #expect(blocks.contains(text), "docs/generated-code.md has no ```swift block for '\(lines[0])':\n\(text)")
            regions += 1
        }
        #expect(regions == 6)
    }
}
