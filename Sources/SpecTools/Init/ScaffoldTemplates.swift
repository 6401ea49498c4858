/// The texts `specrun init` writes (see ``ProjectScaffold``). The spec is tested to check, pass
/// its scenarios, kill every mutant, cover every branch and validate against the JSON Schema.
enum ScaffoldTemplates {
    /// A first screen: a newsletter form whose action calls a faked service.
    static func spec(screen: String) -> String {
        #"""
# yaml-language-server: $schema=../schema/spec.schema.json
# \#(screen): the first screen 'specrun init' wrote. A newsletter form whose Subscribe button is
# enabled once the address looks complete; subscribing calls a service that the scenarios fake.
# The language is taught in specrun's docs/tutorial.md and docs/spec-language.md.
screen: \#(screen)

inputs:
  address: { type: String, default: "" }   # a property: a current value, bound to the text field
  submit: event                             # a trigger: the button's tap

outputs:
  canSubscribe: address.count >= 6 && address.contains("@")

actions:
  subscribe:
    trigger: submit
    enabledIf: canSubscribe
    work: { call: newsletter.subscribe, with: { address: address } }

# What the screen promises in every state; 'specrun explore' looks for a state that breaks one.
invariants:
  busyMeansDisabled: "!(subscribe.executing && subscribe.enabled)"

# The fake the scenarios use: every call answers after 1 s, unless a scenario says otherwise.
services:
  newsletter.subscribe:
    returns: Void
    params: { address: String }
    latency: 1s

view:
  address: { textField: { text: { twoWay: address } } }
  submit:  { button: { action: subscribe } }

scenarios:
  - name: subscribes once the address looks complete
    steps:
      - type: { address: "ada@example.com" }
      - expect: { canSubscribe: true, submit.enabled: true }
      - tap: submit
      - expect: { subscribe.executing: true, submit.enabled: false }
      - wait: 1s
      - expect: { subscribe.elements: (), subscribe.executing: false }

  # The rule's edges: 5 characters are too few, 6 are enough, and an address needs its '@'
  # ('specrun mutate' names each edge that no scenario pins down).
  - name: the button waits for six characters and an at sign
    steps:
      - set: { address: "a@b.c" }
      - expect: { canSubscribe: false }
      - send: submit
      - expect: { subscribe.errors: notEnabled, subscribe.executing: false }
      - set: { address: "a@b.co" }
      - expect: { canSubscribe: true }
      - set: { address: "ab.com" }
      - expect: { canSubscribe: false }

  - name: a failed subscription reports its error and can be tried again
    services:
      newsletter.subscribe: { fails: http(503), latency: 500ms }
    steps:
      - set: { address: "ada@example.com" }
      - send: submit
      - wait: 500ms
      - expect: { subscribe.errors: http(503), subscribe.enabled: true }
"""#
    }

    /// A GitHub Actions workflow on `swift` (the Docker image tag, `6.3`): builds specrun through
    /// the app's package, checks the specs with GitHub annotations (no code scanning needed, so it
    /// works on any repository), tests them against their snapshots with a JUnit report, and gates
    /// on mutation and coverage; the build folder is cached between runs.
    static func githubWorkflow(swift: String) -> String {
        #"""
        # specrun in CI: written by 'specrun init --ci github' (see specrun's docs/install.md).
        # It runs 'swift package specrun …', the tool built from source at the version the app's
        # package resolves, so Package.swift must depend on specrun:
        #   dependencies: [.package(url: "<specrun's repository>", from: "0.1.0")]
        name: specrun
        on:
          push:
          pull_request:
        permissions:
          contents: read
        jobs:
          specs:
            runs-on: ubuntu-latest
            container: swift:\#(swift)       # the Swift of Package.swift's swift-tools-version
            steps:
              - uses: actions/checkout@v4
              - name: Install libyaml
                run: apt-get update && apt-get install -y libyaml-dev
              - name: Keep the build between runs
                uses: actions/cache@v4
                with:
                  path: .build
                  key: specrun-swift-\#(swift)-${{ hashFiles('Package.swift', 'Package.resolved') }}
                  restore-keys: specrun-swift-\#(swift)-
              - name: Check the specs
                run: swift package specrun check --format github specs
              - name: Play every scenario against its snapshot
                run: swift package --allow-writing-to-package-directory specrun-write test --ci --format junit --output specrun-junit.xml specs
              - name: Keep the test report
                if: always()
                uses: actions/upload-artifact@v4
                with:
                  name: specrun-junit
                  path: specrun-junit.xml
              - name: Every mutant killed
                run: swift package specrun mutate --min 100 specs
              - name: Every branch covered
                run: swift package specrun coverage --min 100 specs

        """#
    }

    /// A pre-commit configuration: checks changed specs and plays them against their snapshots,
    /// with the `specrun` found on the PATH (see docs/install.md). Only files under `specs/` are
    /// specs: a project's other YAML (`.swiftlint.yml`, XcodeGen's `project.yml`, workflows) is
    /// not theirs to check.
    static let preCommitConfig = #"""
        # specrun's hooks, written by 'specrun init --pre-commit'. They run the 'specrun' on your
        # PATH; 'pre-commit install' turns them on for every commit.
        repos:
          - repo: local
            hooks:
              - id: specrun-check
                name: specrun check
                entry: specrun check
                language: system
                files: ^specs/.*\.ya?ml$
              - id: specrun-test
                name: specrun test
                entry: specrun test --ci
                language: system
                files: ^specs/.*(\.ya?ml|\.timeline)$
                pass_filenames: false

        """#
}
