import SpecRuntime

/// A multiply-xor mix of 64-bit words, for ``GraphDigest/stateDigest(over:)``.
struct Digest {
    private(set) var value: UInt64 = 0x243F_6A88_85A3_08D3
    /// Where lists' and records' digests are kept, if anywhere (see ``ValueDigestCache``); not
    /// retained: a digest lives within one call on the graph that owns the cache.
    unowned(unsafe) var cache: ValueDigestCache?

    /// The value with a final avalanche, so that sums of digests stay well mixed.
    var finished: UInt64 {
        var x = value
        x = (x ^ x >> 31) &* 0xBF58_476D_1CE4_E5B9
        return x ^ x >> 29
    }

    @inline(__always)
    mutating func mix(_ x: UInt64) {
        value = (value ^ x) &* 0x9E37_79B9_7F4A_7C15
        value ^= value >> 29
    }

    /// Eight bytes at a time, then the rest with the length in the top byte.
    @inline(__always)
    mutating func mix(bytes raw: UnsafeRawBufferPointer) {
        var at = 0
        while at + 8 <= raw.count {
            mix(raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
            at += 8
        }
        var tail: UInt64 = 0
        while at < raw.count {
            tail = tail << 8 | UInt64(raw[at])
            at += 1
        }
        mix(tail ^ UInt64(raw.count & 0xFF) << 56)
    }
}
