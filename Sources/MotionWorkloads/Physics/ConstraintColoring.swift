/// Sorts contact manifolds into colours so that no two of one colour move the same body (graph
/// colouring, as Box2D v3 does): a colour's manifolds can then be solved four at a time. Greedy: each
/// manifold takes the first colour where neither of its movable bodies is taken yet. A manifold
/// that finds none (a body touching very many others) goes to the overflow, solved one at a time.
///
/// Within a colour, one-point manifolds (any with a circle) are kept apart from two-point ones, so
/// that a block of four never carries a second point for nothing.
struct ConstraintColoring {
    /// How many colours are tried before the overflow.
    static let colourCount = 16

    /// Per colour, a bit per body: taken by one of the colour's manifolds.
    private var taken: [UInt64] = []
    private var words = 0
    /// Groups: one per colour and point count, `2 × colour + points − 1`, the overflow's last.
    static let groupCount = 2 * (colourCount + 1)
    /// Each manifold's group, in the order of the contacts.
    private(set) var groups: [UInt8] = []
    /// Manifolds per group.
    private(set) var counts: [Int] = Array(repeating: 0, count: groupCount)

    /// Whether `group` is the overflow's.
    static func isOverflow(_ group: Int) -> Bool { group >= 2 * colourCount }

    /// How many points the manifolds of `group` have.
    static func points(_ group: Int) -> Int { group % 2 + 1 }

    /// Colours the manifolds of `contacts`, in order, among `bodyCount` movable bodies (an edge, which
    /// any number of manifolds may share, takes no colour).
    mutating func color(_ contacts: UnsafeMutableBufferPointer<ContactPoint>, bodyCount: Int) {
        words = (bodyCount + 63) / 64
        let size = Self.colourCount * words
        if taken.count < size { taken = Array(repeating: 0, count: size) }
        taken.withUnsafeMutableBufferPointer { taken in
            for k in 0..<size { taken[k] = 0 }
        }
        groups.removeAll(keepingCapacity: true)
        for k in counts.indices { counts[k] = 0 }
        let words = words
        taken.withUnsafeMutableBufferPointer { taken in
            var k = 0
            while k < contacts.count {
                let a = Int(contacts[k].a), b = Int(contacts[k].b)
                let movableA = a != Int(ContactPoint.wall)
                let points = contacts[k].manifoldSize == 2 ? 2 : 1
                k += points
                var colour = 0
                while colour < Self.colourCount {
                    let row = colour * words
                    let freeA = !movableA || taken[row + (a >> 6)] & (1 << UInt64(a & 63)) == 0
                    if freeA && taken[row + (b >> 6)] & (1 << UInt64(b & 63)) == 0 {
                        if movableA { taken[row + (a >> 6)] |= 1 << UInt64(a & 63) }
                        taken[row + (b >> 6)] |= 1 << UInt64(b & 63)
                        break
                    }
                    colour += 1
                }
                let group = 2 * colour + points - 1
                groups.append(UInt8(group))
                counts[group] += 1
            }
        }
    }
}
