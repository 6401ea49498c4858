import ArgumentParser
import Foundation
import ScreenSpec
import SpecTools

/// Shell completion of scenario names (`run --scenario`, `test --filter`): the scenarios of the
/// specs the command line names so far (`specs` when it names none), those starting with what is
/// typed. A spec that does not load offers none; nothing is written or printed besides the names.
enum ScenarioCompletion {
    static let kind = CompletionKind.custom { words, _, prefix in names(words: words, prefix: prefix) }

    static func names(words: [String], prefix: String) -> [String] {
        let paths = words.dropFirst().filter { word in
            guard !word.hasPrefix("-") else { return false }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: word, isDirectory: &isFolder) else { return false }
            return isFolder.boolValue || SpecFinder.specExtensions.contains((word as NSString).pathExtension)
        }
        let roots = paths.isEmpty ? ["specs"] : paths
        var names: [String] = []
        for spec in SpecFinder.specs(in: roots) {
            for name in SpecLoader.load(path: spec).spec?.scenarioNames ?? [] where name.hasPrefix(prefix) && !names.contains(name) {
                names.append(name)
            }
        }
        return names
    }
}
