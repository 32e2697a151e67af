/// The impulses each contact ended the last step with, found again by the contact's key, so the
/// solver starts from them (warm starting): what lets a pile of shapes rest instead of sinking.
///
/// One open-addressing table with linear probing; each slot carries the step that wrote it, so a
/// step's lookups see only the previous step's entries and nothing is ever cleared. All lookups of a
/// step happen before its stores, so the previous step's probe chains are intact while they are read.
struct WarmStartCache {
    /// One entry, kept together so a probe touches one cache line.
    private struct Slot {
        var key: UInt64 = 0
        var stamp: UInt32 = 0
        var normal: Float = 0
        var tangent: Float = 0
    }

    private var slots: [Slot]
    private var mask: Int
    /// The step being stored; lookups read `step − 1`. Slots start stamped 0, which no lookup reads.
    private var step: UInt32 = 2

    /// Creates a table for about `contacts` contacts a step.
    init(contacts: Int) {
        var capacity = 64
        while capacity < 2 * contacts { capacity *= 2 }
        slots = Array(repeating: Slot(), count: capacity)
        mask = capacity - 1
    }

    /// The impulses `key` ended the previous step with, or zeros for a new contact.
    func lookUp(_ key: UInt64) -> (normal: Double, tangent: Double) {
        slots.withUnsafeBufferPointer { slots in
            var slot = Self.hash(key) & mask
            while slots[slot].stamp == step &- 1 {
                if slots[slot].key == key { return (Double(slots[slot].normal), Double(slots[slot].tangent)) }
                slot = (slot + 1) & mask
            }
            return (0, 0)
        }
    }

    /// Starts storing this step's impulses for `contacts` contacts; grows the table (forgetting the
    /// previous step) when it would be more than half full.
    mutating func beginStoring(contacts: Int) {
        guard 2 * contacts > slots.count else { return }
        self = WarmStartCache(contacts: contacts)
    }

    /// Keeps a contact's impulses for the next step.
    mutating func store(_ key: UInt64, normal: Double, tangent: Double) {
        let step = step, mask = mask
        slots.withUnsafeMutableBufferPointer { slots in
            var slot = Self.hash(key) & mask
            while slots[slot].stamp == step {
                slot = (slot + 1) & mask
            }
            slots[slot] = Slot(key: key, stamp: step, normal: Float(normal), tangent: Float(tangent))
        }
    }

    /// Ends the step: what was stored becomes what is looked up.
    mutating func endStep() {
        step &+= 1
        // Stamps are compared to the step and the step before; after a wrap, old stamps could pass
        // for recent ones, so clear them then (every 2^32 steps).
        if step == 0 {
            for slot in slots.indices { slots[slot].stamp = 0 }
            step = 2
        }
    }

    /// Fibonacci hashing: spreads keys that differ in a few low bits over the table.
    @inline(__always) private static func hash(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }
}
