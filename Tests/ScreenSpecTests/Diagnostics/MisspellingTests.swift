import Foundation
import ScreenSpec
import SpecRuntime
import SpecTesting
import Testing

/// Every name of the shipped login and list specs misspelt in turn (one token, one letter added):
/// the spec is rejected with diagnostics that all name that token. Misspelling a use gives one
/// diagnostic; misspelling a declaration gives one per use of the old name (each names it), never
/// a cascade about something else (a made-up type, a missing key, a component that vanished).
@Suite("Misspellings do not cascade")
struct MisspellingTests {
    @Test(arguments: ["login.yaml", "list.yaml"])
    func everyMisspelledNameIsTheOnlyThingReported(_ file: String) throws {
        let path = PackagePaths.root + "/specs/" + file
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let scalars = Array(text.unicodeScalars)
        var single = 0, mutations = 0
        var i = 0
        var inComment = false
        while i < scalars.count {
            let c = scalars[i]
            if c == "\n" { inComment = false }
            if c == "#" && (i == 0 || scalars[i - 1] == " ") { inComment = true }
            let startsName = (c.properties.isAlphabetic || c == "_") && (i == 0 || !(scalars[i - 1].properties.isAlphabetic
                || scalars[i - 1].properties.numericType != nil || scalars[i - 1] == "_" || scalars[i - 1] == "$" || scalars[i - 1] == "."))
            guard startsName, !inComment else { i += 1; continue }
            var j = i
            while j < scalars.count, scalars[j].properties.isAlphabetic || scalars[j].properties.numericType != nil || scalars[j] == "_" { j += 1 }
            let token = String(String.UnicodeScalarView(scalars[i..<j]))
            var mutated = String.UnicodeScalarView(scalars[..<j])
            mutated.append("q")
            mutated.append(contentsOf: scalars[j...])
            let errors = SpecLoader.load(text: String(mutated), path: path).diagnostics.filter { $0.severity == .error }
            mutations += 1
            if errors.count == 1 { single += 1 }
            for e in errors where errors.count > 1 {
                #expect(e.message.contains(token), "'\(token)' misspelt at \(file):\(text.unicodeScalars.prefix(i).filter { $0 == "\n" }.count + 1) cascades: \(e.message)")
            }
            i = j
        }
        #expect(mutations > 200)
        #expect(single * 2 > mutations, "\(single) of \(mutations) misspellings give exactly one diagnostic")
    }
}
