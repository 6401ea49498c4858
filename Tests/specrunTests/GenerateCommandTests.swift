import Foundation
import SpecTesting
import Testing

/// `specrun generate` writes typed Swift for specs (docs/generated-code.md); the example apps that
/// compile and drive it are `Examples/TypedApp` (its `AppViewModels` are checked against their specs) and `Examples/RxApp` (run by `.ci/run`).
@Suite struct GenerateCommandTests {
    @Test func everyShippedSpecBecomesOneFileAndAnUnchangedFileIsNotWrittenAgain() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-generate")
        let result = try CLI.run(["generate", "specs", "--output", folder])
        #expect(result.status == 0, "\(result)")
        let specs = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.specs).filter { $0.hasSuffix(".yaml") }
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(written == specs.map { $0.replacingOccurrences(of: ".yaml", with: ".swift") }.sorted())
        let login = try String(contentsOfFile: folder + "/login.swift", encoding: .utf8)
        #expect(login.contains("public final class LoginScreen: Sendable"))
        #expect(login.contains("public var canLogin: Bool"))
        #expect(login.contains("public final class LoginModel: Observable"))
        #expect(login.contains(#"{"format":"specrun-program""#))

        let before = try FileManager.default.attributesOfItem(atPath: folder + "/login.swift")[.modificationDate] as? Date
        Thread.sleep(forTimeInterval: 0.05)
        #expect(try CLI.run(["generate", "specs", "--output", folder]).status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: folder + "/login.swift")[.modificationDate] as? Date
        #expect(before == after)
    }

    /// The contract a hand-written view model conforms to (docs/conformance.md): the model's
    /// members by the model's names, without the screen's parameters, state and the streams it
    /// reads itself; the page shows login's as generated, its `///` lines left out.
    @Test func eachSpecHasAContractTheModelConformsTo() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-generate")
        #expect(try CLI.run(["generate", "specs", "--output", folder]).status == 0)
        let login = try String(contentsOfFile: folder + "/login.swift", encoding: .utf8)
        let start = try #require(login.range(of: "@MainActor\npublic protocol LoginViewModeling"))
        let end = try #require(login.range(of: "extension LoginModel: LoginViewModeling {}\n", range: start.lowerBound..<login.endIndex))
        let shown = login[start.lowerBound..<end.upperBound].split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") }.joined(separator: "\n")
        let page = try String(contentsOfFile: PackagePaths.path("docs/conformance.md"), encoding: .utf8)
        #expect(page.contains("```swift\n" + shown + "```"), "docs/conformance.md should show:\n\(shown)")
        #expect(login.contains("public static var contract: ScreenContract<any LoginViewModeling>"))
        #expect(login.contains(#".output("login.enabled") { $0.loginEnabled }"#))

        // Weather's contract compares what the screen shows, not the stream it reads itself.
        let weather = try String(contentsOfFile: folder + "/weather.swift", encoding: .utf8)
        #expect(weather.contains(#".output("cityName") { $0.cityName }"#))
        #expect(!weather.contains(#".output("weather")"#))
        // Events' contract leaves out its parameter and its state; its cells are the rows and
        // the avatar's tap on a row.
        let events = try String(contentsOfFile: folder + "/events.swift", encoding: .utf8)
        #expect(events.contains(#".output("items") { $0.itemsValue }"#))
        #expect(events.contains(#".rowEvent("items.avatarTap") { (model, row: Int) in model.itemsAvatarTap(row: row) }"#))
        #expect(!events.contains(#".output("page")"#) && !events.contains(#".output("user")"#))
    }

    @Test func theRxSwiftShapeIsAFileOfItsOwnOnRequest() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-generate")
        #expect(try CLI.run(["generate", "specs/login.yaml", "--rxswift", "--no-model", "--output", folder]).status == 0)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(written == ["login+RxSwift.swift", "login.swift"])
        let rx = try String(contentsOfFile: folder + "/login+RxSwift.swift", encoding: .utf8)
        #expect(rx.contains("public final class LoginViewModel"))
        #expect(rx.contains("public let email: BehaviorRelay<String>"))
        #expect(rx.contains("public let canLogin: Driver<Bool>"))
        #expect(rx.contains("public let login: Action<Void, Void>"))
        #expect(try !String(contentsOfFile: folder + "/login.swift", encoding: .utf8).contains("LoginModel"))
    }

    /// The inputs of rows (`cells:`), on the docs' Cart: a method of the entry's group per input
    /// taking the row's identity (the `id:` field's type), the model's and the contract's by the
    /// model's names, a relay in the RxSwift shape's `Input`. Examples/TypedApp compiles and runs
    /// them (its `rows/cart.yaml` is this example, `theTypedAppsCartIsTheDocsCart`).
    @Test func theInputsOfRowsAreMembersTakingTheRowsIdentity() throws {
        let spec = try CLI.temporarySpec(Self.docsCart(), name: "cart.yaml")
        let folder = try PackagePaths.temporaryFolder("specrun-generate")
        let result = try CLI.run(["generate", spec, "--rxswift", "--output", folder])
        #expect(result.status == 0, "\(result)")
        let swift = try String(contentsOfFile: folder + "/cart.swift", encoding: .utf8)
        for line in [
            #"cartQuantityRow = try core.rowInput("cart.quantity", row: "Int", type: "Int")"#,
            "public func increment(row: Int) { core.fire(nodes.cartIncrementRow, row: row) }",
            "public func quantity(_ value: Int, row: Int) { core.fire(nodes.cartQuantityRow, row: row, value) }",
            "public func cartRemove(row: Int) { screen.cart.remove(row: row) }",
            "public func cartQuantity(_ value: Int, row: Int) { screen.cart.quantity(value, row: row) }",
            "    func cartQuantity(_ value: Int, row: Int)\n",
            #".rowEvent("cart.remove") { (model, row: Int) in model.cartRemove(row: row) }"#,
            #".rowInput("cart.quantity") { (model, row: Int, value: Int) in model.cartQuantity(value, row: row) }"#,
        ] {
            #expect(swift.contains(line), "cart.swift has no '\(line)'")
        }
        // The latest row of each input's stream stays beside it.
        #expect(swift.contains("public var remove: CartRow? { core.latest(nodes.cartRemove, as: CartRow.self) }"))
        let rx = try String(contentsOfFile: folder + "/cart+RxSwift.swift", encoding: .utf8)
        #expect(rx.contains("public let cartRemove: PublishRelay<Int>"))
        #expect(rx.contains("public let cartQuantity: PublishRelay<(row: Int, value: Int)>"))
        #expect(rx.contains("self.input.cartQuantity.subscribe(onNext: { core.fire(nodes.cartQuantityRow, row: $0.row, $0.value) }).disposed(by: disposeBag)"))
    }

    /// A row's own action, on the docs' Settings ("A row's own actions"): its `executing` and
    /// `enabled` are properties of the row's struct, its latest error (an `Error`, no Swift record
    /// field) is left out, and the streams it feeds are read, never sent: no send method, no
    /// `rowInput` that the engine would refuse when the screen is made. The action itself is
    /// executed directly on a row by a method of the group (`executeSave(_:row:)`).
    @Test func aRowsActionIsReadNeverSent() throws {
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Settings\n") && $0.text.contains("actions:") })
        let spec = try CLI.temporarySpec(example.text, name: "settings.yaml")
        let folder = try PackagePaths.temporaryFolder("specrun-generate")
        let result = try CLI.run(["generate", spec, "--rxswift", "--output", folder])
        #expect(result.status == 0, "\(result)")
        let swift = try String(contentsOfFile: folder + "/settings.swift", encoding: .utf8)
        #expect(swift.contains("public var saveExecuting: Bool\n") && swift.contains("public var saveEnabled: Bool\n"))
        #expect(swift.contains("public var saveElements: Bool?\n"))
        #expect(!swift.contains("saveErrors: ErrorValue"))
        #expect(swift.contains(#"settingsToggleRow = try core.rowInput("settings.toggle", row: "String", type: "Bool")"#))
        #expect(!swift.contains(#"core.rowInput("settings.save"#))
        #expect(swift.contains("public var saveErrors: SettingRow? { core.latest(nodes.settingsSaveErrors, as: SettingRow.self) }"))
        #expect(swift.contains(#"settingsSaveRow = try core.rowAction("settings.save", row: "String", type: "Bool")"#))
        #expect(swift.contains("public func executeSave(_ input: Bool, row: String) { core.execute(nodes.settingsSaveRow, row: row, input) }"))
    }

    @Test func theTypedAppsSettingsIsTheDocsSettings() throws {
        let copy = try String(contentsOfFile: PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/rows/settings.yaml"), encoding: .utf8)
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Settings\n") && $0.text.contains("actions:") })
        #expect(copy == example.text, "copy the Settings example of docs/spec-language.md to Examples/TypedApp/Sources/TypedScreens/rows/settings.yaml again")
    }

    @Test func theTypedAppsCartIsTheDocsCart() throws {
        let copy = try String(contentsOfFile: PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/rows/cart.yaml"), encoding: .utf8)
        #expect(copy == (try Self.docsCart()), "copy the Cart example of docs/spec-language.md to Examples/TypedApp/Sources/TypedScreens/rows/cart.yaml again")
    }

    /// The Cart example of docs/spec-language.md, "Cell view models".
    static func docsCart() throws -> String {
        try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Cart\n") && $0.text.contains("cells:") }).text
    }

    @Test func aNameTheGeneratedCodeHasIsALocatedCollision() throws {
        let spec = try CLI.temporarySpec("""
            screen: Clash
            inputs:
              start: event
              values: { type: Int, default: 0 }
              go: event
            actions:
              stop: { trigger: go, work: { call: api.x } }
            services:
              api.x: { returns: Void }
            """, name: "clash.yaml")
        let result = try CLI.run(["generate", spec, "--output", try PackagePaths.temporaryFolder("specrun-generate")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("clash.yaml:3:3: error: 'start' is the Swift member 'start', a name every generated screen already has for its own use; rename it in the spec"), "\(result.stderr)")
        #expect(result.stderr.contains("clash.yaml:4:3: error: 'values' is the Swift member 'values'"), "\(result.stderr)")
        // An action is reported once, not for each of its streams (a twelfth first user's 6).
        #expect(result.stderr.components(separatedBy: "'stop' is the Swift member").count == 2, "\(result.stderr)")
    }

    @Test func aNameTheModelFlattensIntoIsACollision() throws {
        let spec = try CLI.temporarySpec("""
            screen: Flat
            inputs:
              go: event
            outputs:
              saveEnabled: "true"
            actions:
              save:
                trigger: go
                work: { call: api.save }
            services:
              api.save: { returns: Void }
            """, name: "flat.yaml")
        let result = try CLI.run(["generate", spec, "--output", try PackagePaths.temporaryFolder("specrun-generate")])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("flat.yaml:5:3: error: 'save.enabled' and 'saveEnabled' both become 'saveEnabled' in the generated model"), "\(result.stderr)")
    }

    /// Two specs of one screen name in two folders: the second is refused, and the first one's
    /// type still stands, so a navigation to that screen carries its typed parameters.
    @Test func aScreenNamedTwiceKeepsTheFirstOnesType() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-generate-twice")
        try FileManager.default.createDirectory(atPath: folder + "/other", withIntermediateDirectories: true)
        let b = "screen: B\nparams:\n  n: Int\noutputs:\n  m: \"n + 1\"\n"
        try b.write(toFile: folder + "/b.yaml", atomically: true, encoding: .utf8)
        try b.write(toFile: folder + "/other/b.yaml", atomically: true, encoding: .utf8)
        try """
            screen: A
            inputs:
              go: event
            outputs:
              opened:
                navigate: { to: B, params: { n: "1" } }
                on: go
            """.write(toFile: folder + "/a.yaml", atomically: true, encoding: .utf8)
        let result = try CLI.run(["generate", "a.yaml", "b.yaml", "other/b.yaml", "--output", "out"], in: folder)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("the screen 'B' is also in 'b.yaml': two generated types would be 'BScreen'"), "\(result.stderr)")
        let a = try String(contentsOfFile: folder + "/out/a.swift", encoding: .utf8)
        #expect(a.contains("case b(BScreen.Parameters)"), "\(a)")
    }

    /// The RxSwift shape makes no local named after a spec's name (Examples/RxApp's
    /// demos/names.yaml compiles and plays them); an action is a member of its class beside
    /// `input`, `output`, `screen` and `disposeBag`, so one of those names is a collision.
    @Test func theRxSwiftShapeKeepsSpecNamesApartFromItsOwn() throws {
        let folder = try PackagePaths.temporaryFolder("specrun-generate-rx-names")
        let result = try CLI.run(["generate", "Examples/RxApp/Sources/RxScreens/demos/names.yaml", "--rxswift", "--output", folder])
        #expect(result.status == 0, "\(result)")
        let rx = try String(contentsOfFile: folder + "/names+RxSwift.swift", encoding: .utf8)
        #expect(rx.contains("self.input.bag.skip(1).subscribe(onNext: { core.write(nodes.bag, $0) }).disposed(by: disposeBag)"), "\(rx)")
        #expect(!rx.contains("let bag =") && !rx.contains("let input ="), "\(rx)")
        #expect(rx.contains("self.box = "), "\(rx)")

        let clash = try CLI.temporarySpec("""
            screen: Clash
            inputs:
              go: event
            actions:
              output: { trigger: go, work: { call: api.save } }
            services:
              api.save: { returns: Void }
            """, name: "clash.yaml")
        let refused = try CLI.run(["generate", clash, "--rxswift", "--output", try PackagePaths.temporaryFolder("specrun-generate-rx-clash")])
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("error: the action 'output' would be 'output' in the RxSwift shape, which that class already has"), "\(refused.stderr)")
        // Without `--rxswift` the same spec generates.
        #expect(try CLI.run(["generate", clash, "--output", try PackagePaths.temporaryFolder("specrun-generate-rx-plain")]).status == 0)
    }

    /// A view model used by itself (`children:`): the screen reads it as its record, never
    /// optional, and its inputs and actions are methods of its group that name no row, in the
    /// typed screen, the model, the contract and the RxSwift shape; `check` has nothing to say.
    @Test func aChildsMembersNameNoRow() throws {
        let spec = try CLI.temporarySpec("""
            screen: Two
            viewModels:
              Counter:
                inputs: { add: event, by: Int }
                state: { n: { type: Int, initial: 0 } }
                handlers:
                  - on: add
                    set: { n: n + 1 }
                  - on: by
                    set: { n: n + by }
                actions:
                  save: { trigger: add, work: { call: api.save, with: { n: n } } }
            children:
              left: Counter
            services:
              api.save: { params: { n: Int }, returns: Void }
            """, name: "two.yaml")
        let folder = try PackagePaths.temporaryFolder("specrun-generate-children") + "/out"
        let result = try CLI.run(["generate", spec, "--rxswift", "--output", folder])
        #expect(result.status == 0, "\(result)")
        let swift = try String(contentsOfFile: folder + "/two.swift", encoding: .utf8)
        #expect(swift.contains("public var value: Counter { core.read(nodes.left, as: Counter.self, empty: .specrunEmpty) }"), "\(swift)")
        #expect(swift.contains("public func add() { core.fire(nodes.leftAddRow, row: 0) }"))
        #expect(swift.contains("public func by(_ value: Int) { core.fire(nodes.leftByRow, row: 0, value) }"))
        #expect(swift.contains("public func executeSave() { core.execute(nodes.leftSaveRow, row: 0) }"))
        #expect(swift.contains("public func leftBy(_ value: Int) { screen.left.by(value) }"))
        #expect(swift.contains("func leftAdd()\n"))
        #expect(swift.contains(#".rowInput("left.by") { (model, _: Int, value: Int) in model.leftBy(value) }"#))
        // The instance's hidden field is no member of the child's struct.
        let code = swift.split(separator: "\n").filter { !$0.contains(#""format":"specrun-program""#) }.joined(separator: "\n")
        #expect(!code.contains("$instance") && !code.contains("$Instance"), "\(code)")
        let rx = try String(contentsOfFile: folder + "/two+RxSwift.swift", encoding: .utf8)
        #expect(rx.contains("public let leftAdd: PublishRelay<Void>") && rx.contains("public let leftBy: PublishRelay<Int>"), "\(rx)")
        #expect(rx.contains("self.input.leftBy.subscribe(onNext: { core.fire(nodes.leftByRow, row: 0, $0) })"))
        let check = try CLI.run(["check", spec])
        #expect(check.status == 0 && !check.stderr.contains("warning"), "\(check)")
    }

    @Test func theTypedAppsFormsIsTheDocsForms() throws {
        let copy = try String(contentsOfFile: PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/rows/forms.yaml"), encoding: .utf8)
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Forms\n") })
        #expect(copy == example.text, "copy the Forms example of docs/spec-language.md to Examples/TypedApp/Sources/TypedScreens/rows/forms.yaml again")
    }

    @Test func theTypedAppsCheckoutIsTheDocsCheckout() throws {
        let copy = try String(contentsOfFile: PackagePaths.path("Examples/TypedApp/Sources/TypedScreens/rows/checkout.yaml"), encoding: .utf8)
        let example = try #require(DocExample.all().first { $0.page == "docs/spec-language.md" && $0.text.hasPrefix("screen: Checkout\n") && $0.text.contains("children:") })
        #expect(copy == example.text, "copy the Checkout example of docs/spec-language.md to Examples/TypedApp/Sources/TypedScreens/rows/checkout.yaml again")
    }

    @Test func anInvalidSpecIsItsOwnDiagnosticAndNothingIsWritten() throws {
        let spec = try CLI.temporarySpec("screen: Broken\ninputs:\n  email: Strin\n", name: "broken.yaml")
        let folder = try PackagePaths.temporaryFolder("specrun-generate") + "/out"
        let result = try CLI.run(["generate", spec, "--output", folder])
        #expect(result.status == 2)
        #expect(result.stderr.contains("broken.yaml:3:10: error:"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    /// The example apps compile copies of the shipped specs (a spec reads the specs it navigates
    /// to from its own package only): the copies must stay the shipped ones.
    @Test(arguments: ["Examples/TypedApp/Sources/TypedScreens/specs", "Examples/RxApp/Sources/RxScreens/specs", "Examples/RxConformance/Sources/RxViewModels/specs"])
    func theExamplesSpecsAreTheShippedOnes(folder: String) throws {
        let copies = try FileManager.default.contentsOfDirectory(atPath: PackagePaths.path(folder)).filter { $0.hasSuffix(".yaml") }
        #expect(!copies.isEmpty)
        for name in copies {
            let copy = try String(contentsOfFile: PackagePaths.path(folder + "/" + name), encoding: .utf8)
            let shipped = try String(contentsOfFile: PackagePaths.specs + "/" + name, encoding: .utf8)
            #expect(copy == shipped, "\(folder)/\(name) differs from specs/\(name): copy it again")
        }
    }
}
