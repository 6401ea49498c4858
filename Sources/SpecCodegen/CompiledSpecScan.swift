import Foundation
import SpecRuntime

/// What the generator reads from a program's expressions: the screens it navigates to.
enum CompiledSpecScan {
    /// The `screen:` names of every `navigate:` in the program, in the order first written.
    static func navigationTargets(_ spec: CheckedSpec) -> [String] {
        guard let json = try? CompiledSpec.json(spec), let tree = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return [] }
        var found: [String] = []
        collect(tree, into: &found)
        return found
    }


    private static func collect(_ tree: Any, into found: inout [String]) {
        if let object = tree as? [String: Any] {
            if let navigation = object["makeNavigation"] as? [String: Any], let screen = navigation["screen"] as? String, !found.contains(screen) {
                found.append(screen)
            }
            for key in object.keys.sorted() { collect(object[key]!, into: &found) }
        } else if let array = tree as? [Any] {
            for item in array { collect(item, into: &found) }
        }
    }
}
