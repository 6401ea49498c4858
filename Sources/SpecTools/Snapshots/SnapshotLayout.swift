import Foundation
import SpecRuntime

/// Where snapshots live: one file per scenario,
/// `<spec folder>/__snapshots__/<spec file stem>/<scenario slug>.timeline` (the stem escaped as
/// ``folderName(forStem:)`` says), so
/// `specs/login.yaml`'s scenario "signs in once the form is valid" is kept in
/// `specs/__snapshots__/login/signs-in-once-the-form-is-valid.timeline`.
package enum SnapshotLayout {
    /// The folder beside the specs that holds their snapshots; spec discovery skips it.
    package static let folderName = "__snapshots__"
    /// The extension of a snapshot file; other files in a snapshot folder are ignored.
    package static let fileExtension = "timeline"
    /// Slugs are cut to this many characters so file names stay well under file system limits.
    static let maximumSlugLength = 80

    /// The `__snapshots__` folder beside a spec file.
    package static func snapshotsDirectory(forSpec specPath: String) -> String {
        join(parent(of: specPath), folderName)
    }

    /// The folder holding one spec's snapshot files, inside `snapshotsDirectory`: always a real
    /// child of it, named by ``folderName(forStem:)``.
    package static func directory(forSpec specPath: String, snapshotsDirectory: String? = nil) -> String {
        join(snapshotsDirectory ?? self.snapshotsDirectory(forSpec: specPath), folderName(forStem: stem(of: specPath)))
    }

    /// The name of a spec's snapshot folder: its stem, except that `%`, a leading `.` and control
    /// characters are written `%XX` (the byte in hex), so `...yaml` (stem `..`) keeps its
    /// snapshots in `__snapshots__/%2E./`, not in the spec's own folder, and no stem's folder is
    /// hidden. One-to-one: ``stem(ofFolder:)`` reads the name back.
    package static func folderName(forStem stem: String) -> String {
        var out = ""
        for (i, scalar) in stem.unicodeScalars.enumerated() {
            let escaped = scalar == "%" || (i == 0 && scalar == ".") || scalar.value < 0x20 || scalar.value == 0x7F
            if escaped {
                out += "%" + String(format: "%02X", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out.isEmpty ? "%" : out
    }

    /// The spec stem a snapshot folder name stands for (see ``folderName(forStem:)``); nil when
    /// the name is not one that `folderName` makes.
    package static func stem(ofFolder name: String) -> String? {
        var out = String.UnicodeScalarView()
        var scalars = name.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { out.append(scalar); continue }
            guard let high = scalars.next(), let low = scalars.next(),
                  let value = UInt8(String(high) + String(low), radix: 16) else { return nil }
            out.append(Unicode.Scalar(value))
        }
        let stem = String(out)
        return folderName(forStem: stem) == name ? stem : nil
    }

    /// A spec file's name without its extension: `specs/login.yaml` -> `login`.
    package static func stem(of specPath: String) -> String {
        let name = (specPath as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    /// Lowercase ASCII letters and digits; every other run of characters becomes one `-`,
    /// none at either end; accents are folded first (`é` -> `e`). Never empty: a name with no
    /// letters or digits slugs to `scenario`.
    package static func slug(_ name: String) -> String {
        let folded = name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        var out = ""
        var pendingDash = false
        for scalar in folded.unicodeScalars {
            let isAlphanumeric = scalar.isASCII && (("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || ("A"..."Z").contains(scalar))
            if isAlphanumeric {
                if pendingDash && !out.isEmpty { out += "-" }
                pendingDash = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        out = out.lowercased()
        if out.count > maximumSlugLength {
            out = String(out.prefix(maximumSlugLength))
            while out.hasSuffix("-") { out.removeLast() }
        }
        return out.isEmpty ? "scenario" : out
    }

    /// The snapshot file name of each scenario, in the order given. Scenarios whose slugs
    /// collide all get `-` and 8 hex digits of a hash of their exact name appended, so a name
    /// keeps its file whatever the order or number of the other scenarios.
    package static func fileNames(forScenarios names: [String]) -> [String] {
        var slugs = names.map(slug)
        var counts: [String: Int] = [:]
        for s in slugs { counts[s, default: 0] += 1 }
        for i in slugs.indices where counts[slugs[i], default: 0] > 1 {
            slugs[i] += "-" + hash(names[i])
        }
        // A disambiguated slug could still meet another scenario's plain slug; number the later
        // ones in declaration order as a last resort.
        var seen: Set<String> = []
        for i in slugs.indices {
            var candidate = slugs[i]
            var n = 2
            while seen.contains(candidate) { candidate = slugs[i] + "-\(n)"; n += 1 }
            slugs[i] = candidate
            seen.insert(candidate)
        }
        return slugs.map { $0 + "." + fileExtension }
    }

    /// FNV-1a over the UTF-8 bytes, so the disambiguator is the same on every platform and run
    /// (`Hasher` is seeded per process).
    static func hash(_ s: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in s.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        let hex = String(h, radix: 16)
        return String((String(repeating: "0", count: max(0, 16 - hex.count)) + hex).prefix(8))
    }

    static func parent(of path: String) -> String {
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    static func join(_ a: String, _ b: String) -> String {
        if a.isEmpty || a == "." { return b }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }
}
