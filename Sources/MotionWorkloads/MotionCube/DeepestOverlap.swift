import MotionMath

/// How solid a scene is, measured from its bodies as they stand rather than taken from the solver:
/// the deepest any two shapes interpenetrate (their separating-axis depth, −`Collision.separation`,
/// exact for squares and circles) or any shape reaches past a canvas edge, in points; 0 when nothing
/// overlaps. The motion cube's outputs and `TiltingPileScene` both report it.
///
/// Bodies are bucketed by centre into square cells as wide as the widest body's bounds, so two that
/// overlap sit in the same or neighbouring cells and only those pairs are compared: O(n) work for
/// shapes of one size, as a sweep's are.
public enum DeepestOverlap {
    /// The deepest overlap among `world`'s bodies and past its edges, in points.
    public static func of(_ world: PhysicsWorld) -> Double {
        let bodies = world.bodies
        var deepest = 0.0
        var cellSize = 1.0
        for body in bodies {
            let box = body.bounds
            deepest = max(deepest, -box.minX, -box.minY, box.maxX - world.width, box.maxY - world.height)
            cellSize = max(cellSize, box.maxX - box.minX, box.maxY - box.minY)
        }
        let columns = max(1, Int((world.width / cellSize).rounded(.up)))
        let rows = max(1, Int((world.height / cellSize).rounded(.up)))
        // A centre past an edge (a shape pushed out) is bucketed in the nearest cell.
        func column(_ body: RigidBody) -> Int { min(max(Int(body.position.x / cellSize), 0), columns - 1) }
        func row(_ body: RigidBody) -> Int { min(max(Int(body.position.y / cellSize), 0), rows - 1) }

        // Counting sort of body indices by cell: `start[c] ..< start[c + 1]` in `members` is cell c.
        var start = [Int](repeating: 0, count: columns * rows + 1)
        for body in bodies { start[column(body) + row(body) * columns + 1] += 1 }
        for cell in 0..<(columns * rows) { start[cell + 1] += start[cell] }
        var cursor = start
        var members = [Int](repeating: 0, count: bodies.count)
        for (index, body) in bodies.enumerated() {
            let cell = column(body) + row(body) * columns
            members[cursor[cell]] = index
            cursor[cell] += 1
        }

        for (i, body) in bodies.enumerated() {
            let box = body.bounds
            let x = column(body), y = row(body)
            for neighbourRow in max(y - 1, 0)...min(y + 1, rows - 1) {
                for neighbourColumn in max(x - 1, 0)...min(x + 1, columns - 1) {
                    let cell = neighbourColumn + neighbourRow * columns
                    for k in start[cell]..<start[cell + 1] where members[k] > i {
                        let other = bodies[members[k]]
                        guard box.overlaps(other.bounds) else { continue }
                        deepest = max(deepest, -Collision.separation(body, other))
                    }
                }
            }
        }
        return deepest
    }
}
