/// Specs generated at a given size, for the load-and-check and end-to-end benchmarks.
public enum SpecGenerator {
    /// `outputs` independent outputs over four inputs, in four shapes (arithmetic, a condition, a
    /// string interpolation, a conditional), with one short scenario.
    public static func wide(outputs: Int) -> String {
        var s = """
            screen: Wide
            inputs:
              a: { type: Int, default: 1 }
              b: { type: Int, default: 2 }
              flag: { type: Bool, default: false }
              name: { type: String, default: "x" }
            outputs:

            """
        s.reserveCapacity(outputs * 40)
        for i in 0..<outputs {
            switch i & 3 {
            case 0: s += "  o\(i): a + b * \(i)\n"
            case 1: s += "  o\(i): a > \(i) && !flag\n"
            case 2: s += "  o\(i): '\"\\(name) #\(i)\"'\n"
            default: s += "  o\(i): \"flag ? a : \(i)\"\n"
            }
        }
        s += """
            scenarios:
              - name: touches every input
                steps:
                  - set: { a: 5, b: 7, flag: true, name: "y" }
                  - expect: { o0: 5 }

            """
        return s
    }

    /// A chain of dependent outputs `o1: o0 + 1`, ..., `o<n-1>: o<n-2> + 1` over one input.
    public static func chain(outputs: Int) -> String {
        var s = """
            screen: Chain
            inputs:
              start: { type: Int, default: 0 }
            outputs:
              o0: start

            """
        s.reserveCapacity(outputs * 24)
        for i in 1..<max(outputs, 2) { s += "  o\(i): o\(i - 1) + 1\n" }
        let last = max(outputs, 2) - 1
        s += """
            scenarios:
              - name: the chain follows its start
                steps:
                  - set: { start: 5 }
                  - expect: { o\(last): \(last + 5) }

            """
        return s
    }

    /// The login spec with one scenario of `steps` steps: a cycle of ten that fills the form, signs in,
    /// waits for the service, expects, empties the form and taps while disabled.
    public static func loginScenario(steps: Int) -> String {
        let cycle = [
            #"      - set: { email: "someone@example.com" }"#,
            #"      - set: { password: "hunter2" }"#,
            #"      - expect: { canLogin: true }"#,
            #"      - send: confirm"#,
            #"      - wait: 5s"#,
            #"      - expect: { login.executing: false }"#,
            #"      - set: { email: "a@b.co" }"#,
            #"      - expect: { canLogin: false }"#,
            #"      - send: confirm"#,
            #"      - wait: 100ms"#,
        ]
        var s = """
            screen: Login
            inputs:
              email:    { type: String, default: "" }
              password: { type: String, default: "" }
              confirm:  event
            outputs:
              canLogin: email.count >= 10 && password.count >= 4
            actions:
              login:
                trigger: confirm
                enabledIf: canLogin
                work: { call: auth.signIn, with: { email: email, password: password } }
            services:
              auth.signIn:
                returns: Void
                latency: 5s
            scenarios:
              - name: signs in and out \(steps) steps
                steps:

            """
        s.reserveCapacity(steps * 40)
        for i in 0..<steps {
            s += cycle[i % cycle.count]
            s += "\n"
        }
        return s
    }
}
