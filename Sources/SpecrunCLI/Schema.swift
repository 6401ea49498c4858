import ArgumentParser
import ScreenSpec

struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema of spec files, for editors (yaml-language-server) and validators.",
        discussion: """
            The same schema ships as schema/spec.schema.json. To use it in an editor, put this line at \
            the top of a spec: # yaml-language-server: $schema=<path to schema/spec.schema.json>
            """
    )

    func run() throws {
        Output.write(SpecSchema.text)
    }
}
