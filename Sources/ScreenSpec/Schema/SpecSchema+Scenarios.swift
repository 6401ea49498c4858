/// Scenarios and their steps.
extension SpecSchema {
    /// One entry per view-model step the reader accepts (``SpecReader/stepKinds``); the gestures
    /// come from ``GestureVerb/all``.
    static var steps: [(name: String, description: String, schema: JSONValue)] {
        [
            ("set", "Writes input properties, one transaction per key: '{ email: \"a@b.c\" }'.",
             map("Input properties to values.", of: ref("value"), names: "dottedName")),
            ("send", "Fires an input event ('send: confirm'), a value stream ('send: { row: 2 }'), or executes an action ('send: login').",
             ifString("What to fire.", ref("dottedName"), else: ["type": "object", "propertyNames": ref("dottedName"), "minProperties": 1, "maxProperties": 1])),
            ("wait", "Advances the virtual clock, running everything due up to and including its end.", ref("duration")),
            ("expect", "Compares current values (for streams, 'elements', 'errors' and 'completions', the latest emission), or checks a Bool expression ('expect: messages.count == 4'); a failure is printed with the step's line and makes 'run' exit 1.",
             ifString("A Bool expression over current values, or names to expected values.", ref("expression"),
                      else: map("Names to expected values.", of: ref("value"), names: "dottedName"))),
            ("complete", "Ends an input stream with completion: 'complete: results'.", ref("dottedName")),
            ("fail", "Ends an input stream with an error: 'fail: { results: http(404) }'.",
             ["type": "object", "propertyNames": ref("dottedName"), "minProperties": 1, "maxProperties": 1, "additionalProperties": ref("failure")]),
            ("subscribe", "An observer subscribes now, as a late subscriber, to a name: 'subscribe: { late: results }'; the timeline shows what it hears, under its name, until 'dispose:'.",
             ["type": "object", "propertyNames": ref("name"), "minProperties": 1, "maxProperties": 1, "additionalProperties": ref("dottedName")]),
            ("dispose", "Disposes an observer's subscription: 'dispose: late'; nothing reaches it after.", ref("name")),
        ]
    }

    static var scenarioDefinitions: [(key: String, value: JSONValue)] {
        let gestures = GestureVerb.all.map { verb in
            (name: verb.name, description: "A person " + verb.what + ": '\(verb.name): name' or '\(verb.name): { name: value }'.",
             schema: ifString("The component, or components to values.", ref("dottedName"),
                              else: ["type": "object", "propertyNames": ref("dottedName"), "minProperties": 1]))
        }
        return [
            (key: "scenario", value: object("A scripted story, played from a fresh screen at time 0.", [
                ("name", describe(["type": "string"], "The scenario's name, unique in the spec; it names its snapshot.")),
                ("params", map("Values of the screen's 'params:' for this scenario.", of: ref("value"))),
                ("services", map("Services whose behaviour this scenario replaces.", of: ref("serviceOverride"), names: "dottedName")),
                ("steps", list("The steps, in order.", of: ref("step"))),
            ], required: ["name"])),
            (key: "step", value: oneKey("One step: a view-model step or a gesture on a component.", steps + gestures)),
        ]
    }
}
