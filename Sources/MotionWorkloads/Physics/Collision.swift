import MotionMath

/// The narrow phase: exact contact points between two bodies, or a body and the canvas edges, with
/// the separating-axis test (SAT) for squares and Box2D's reference-face clipping for their points.
public enum Collision {
    /// The gap between two bodies along their best separating axis, in points; negative when they
    /// overlap, by how much (the depth they would have to move apart). For two squares apart it is a
    /// lower bound on the true distance.
    public static func separation(_ a: RigidBody, _ b: RigidBody) -> Double {
        switch (a.kind, b.kind) {
        case (.circle, .circle):
            return (b.position - a.position).length - a.halfSize - b.halfSize
        case (.square, .circle):
            return squareCircleGap(a, b).separation
        case (.circle, .square):
            return squareCircleGap(b, a).separation
        case (.square, .square):
            let axes = squareAxes(a, b)
            return max(axes.separationA, axes.separationB)
        }
    }

    /// Appends the contact points of bodies `i` and `j` that are closer than `margin` points, and
    /// returns their `separation`, which finding them measures on the way. `tolerance` is how much
    /// better `j`'s face must separate than `i`'s to be taken as the reference, so the choice does
    /// not flicker between steps.
    static func collide(
        _ i: Int32, _ bodyI: RigidBody, _ j: Int32, _ bodyJ: RigidBody, margin: Double, tolerance: Double,
        into contacts: inout [ContactPoint]
    ) -> Double {
        switch (bodyI.kind, bodyJ.kind) {
        case (.circle, .circle):
            let gap = (bodyJ.position - bodyI.position).length - bodyI.halfSize - bodyJ.halfSize
            if gap <= margin { contacts.append(ContactPoint(circles: i, j, radiusA: bodyI.halfSize, radiusB: bodyJ.halfSize)) }
            return gap
        case (.square, .circle):
            return squareCircle(i, bodyI, j, bodyJ, margin: margin, into: &contacts)
        case (.circle, .square):
            return squareCircle(j, bodyJ, i, bodyI, margin: margin, into: &contacts)
        case (.square, .square):
            return squares(i, bodyI, j, bodyJ, margin: margin, tolerance: tolerance, into: &contacts)
        }
    }

    /// Appends the contact points of body `index` with the edges of a `width` × `height` canvas that
    /// are closer than `margin` points (one per circle and edge, one per square corner and edge),
    /// and returns its bounds' smallest gap to an edge, negative when it reaches past one.
    static func collideWithWalls(
        _ index: Int32, _ body: RigidBody, width: Double, height: Double, margin: Double,
        into contacts: inout [ContactPoint]
    ) -> Double {
        let bounds = body.bounds
        let gaps = (bounds.minX, width - bounds.maxX, bounds.minY, height - bounds.maxY)
        for wall in 0..<4 {
            let gap = wall == 0 ? gaps.0 : wall == 1 ? gaps.1 : wall == 2 ? gaps.2 : gaps.3
            guard gap <= margin else { continue }
            let (normal, planePoint) = wallPlane(wall, width: width, height: height)
            switch body.kind {
            case .circle:
                contacts.append(
                    ContactPoint(
                        face: ContactPoint.wall, index, feature: UInt16(wall << 4), localNormal: normal,
                        localPlanePoint: planePoint, localPoint: .zero, radiusB: body.halfSize))
            case .square:
                // The corners of the face turned most toward the edge: the ones that can touch it.
                let towardSquare = body.rotation.applyInverse(normal)
                let face = incidentFace(towardSquare)
                let before = contacts.count
                func touch(_ corner: Int) {
                    let local = body.localCorner(corner)
                    let point = body.position + body.rotation.apply(local)
                    guard normal.dot(point - planePoint) <= margin else { return }
                    contacts.append(
                        ContactPoint(
                            face: ContactPoint.wall, index, feature: UInt16(wall << 4 | corner), localNormal: normal,
                            localPlanePoint: planePoint, localPoint: local, radiusB: 0))
                }
                touch((face + 3) & 3)
                touch(face)
                pairUp(&contacts, since: before)
            }
        }
        return min(gaps.0, gaps.1, gaps.2, gaps.3)
    }

    /// Edge `wall` of the canvas (left, right, top, bottom) as a plane: its inward normal and a point.
    @inline(__always) static func wallPlane(_ wall: Int, width: Double, height: Double) -> (Vector2, Vector2) {
        switch wall {
        case 0: return (Vector2(1, 0), .zero)
        case 1: return (Vector2(-1, 0), Vector2(width, 0))
        case 2: return (Vector2(0, 1), .zero)
        default: return (Vector2(0, -1), Vector2(0, height))
        }
    }

    /// The outward normal of a square's face `index` (0 +x, 1 +y, 2 −x, 3 −y) in body axes; the face
    /// runs from corner `index − 1` to corner `index`.
    @inline(__always) static func faceNormal(_ index: Int) -> Vector2 {
        switch index {
        case 0: return Vector2(1, 0)
        case 1: return Vector2(0, 1)
        case 2: return Vector2(-1, 0)
        default: return Vector2(0, -1)
        }
    }

    /// The SAT separations of two squares along each one's face axes, and which face of each
    /// separates best (pointing toward the other body).
    private static func squareAxes(_ a: RigidBody, _ b: RigidBody) -> (separationA: Double, faceA: Int, separationB: Double, faceB: Int) {
        let d = b.position - a.position
        let ha = a.halfSize, hb = b.halfSize
        let ua = a.rotation.xAxis, va = a.rotation.yAxis, ub = b.rotation.xAxis, vb = b.rotation.yAxis
        // |cos| of the angles between the axes: how far one square reaches along the other's axes.
        let uu = abs(ua.dot(ub)), uv = abs(ua.dot(vb)), vu = abs(va.dot(ub)), vv = abs(va.dot(vb))
        let dua = d.dot(ua), dva = d.dot(va), dub = d.dot(ub), dvb = d.dot(vb)
        let alongUA = abs(dua) - ha - hb * (uu + uv), alongVA = abs(dva) - ha - hb * (vu + vv)
        let alongUB = abs(dub) - hb - ha * (uu + vu), alongVB = abs(dvb) - hb - ha * (uv + vv)
        let faceA = alongUA >= alongVA ? (dua >= 0 ? 0 : 2) : (dva >= 0 ? 1 : 3)
        // b's reference normal points back toward a, against d.
        let faceB = alongUB >= alongVB ? (dub <= 0 ? 0 : 2) : (dvb <= 0 ? 1 : 3)
        return (max(alongUA, alongVA), faceA, max(alongUB, alongVB), faceB)
    }

    /// Box2D's polygon manifold for two squares: the face that separates best is the reference, the
    /// other square's face most against it is the incident one, clipped to the reference face's
    /// width; its ends closer than `margin` become contact points. Returns the squares' separation.
    private static func squares(
        _ i: Int32, _ bodyI: RigidBody, _ j: Int32, _ bodyJ: RigidBody, margin: Double, tolerance: Double,
        into contacts: inout [ContactPoint]
    ) -> Double {
        let axes = squareAxes(bodyI, bodyJ)
        let separation = max(axes.separationA, axes.separationB)
        guard separation <= margin else { return separation }
        let flip = axes.separationB > axes.separationA + tolerance
        let (refIndex, reference, incIndex, incident) = flip ? (j, bodyJ, i, bodyI) : (i, bodyI, j, bodyJ)
        let refFace = flip ? axes.faceB : axes.faceA
        let normal = reference.rotation.apply(faceNormal(refFace))

        let incFace = incidentFace(incident.rotation.applyInverse(normal))
        var p1 = incident.position + incident.rotation.apply(incident.localCorner((incFace + 3) & 3))
        var p2 = incident.position + incident.rotation.apply(incident.localCorner(incFace))
        var id1 = 0, id2 = 1

        let w1 = reference.position + reference.rotation.apply(reference.localCorner((refFace + 3) & 3))
        let w2 = reference.position + reference.rotation.apply(reference.localCorner(refFace))
        let tangent = (w2 - w1) * (1 / (2 * reference.halfSize))
        // Keep the part of the incident edge between the reference face's two side planes.
        guard clip(&p1, &id1, &p2, &id2, normal: -tangent, offset: -tangent.dot(w1), clipID: 2),
            clip(&p1, &id1, &p2, &id2, normal: tangent, offset: tangent.dot(w2), clipID: 3)
        else { return separation }

        let localPlanePoint = reference.localCorner((refFace + 3) & 3)
        let head = (flip ? 1 << 12 : 0) | refFace << 8 | incFace << 4
        func keep(_ point: Vector2, _ id: Int) {
            guard normal.dot(point - w1) <= margin else { return }
            contacts.append(
                ContactPoint(
                    face: refIndex, incIndex, feature: UInt16(head | id), localNormal: faceNormal(refFace),
                    localPlanePoint: localPlanePoint, localPoint: incident.rotation.applyInverse(point - incident.position),
                    radiusB: 0))
        }
        let before = contacts.count
        keep(p1, id1)
        keep(p2, id2)
        pairUp(&contacts, since: before)
        return separation
    }

    /// The face of a square most against `normal` (given in the square's axes): the one that meets a
    /// plane or face with that normal.
    @inline(__always) private static func incidentFace(_ normal: Vector2) -> Int {
        abs(normal.x) > abs(normal.y) ? (normal.x > 0 ? 2 : 0) : (normal.y > 0 ? 3 : 1)
    }

    /// Marks the last two contacts as one manifold when the narrow phase just appended two.
    @inline(__always) private static func pairUp(_ contacts: inout [ContactPoint], since start: Int) {
        guard contacts.count - start == 2 else { return }
        contacts[start].manifoldSize = 2
        contacts[start + 1].manifoldSize = 0
    }

    /// Cuts segment p1–p2 to the side of the line `normal · p = offset` that `normal` points away
    /// from; a cut end takes `clipID`. False when nothing is left.
    @inline(__always) private static func clip(
        _ p1: inout Vector2, _ id1: inout Int, _ p2: inout Vector2, _ id2: inout Int,
        normal: Vector2, offset: Double, clipID: Int
    ) -> Bool {
        let d1 = normal.dot(p1) - offset, d2 = normal.dot(p2) - offset
        if d1 > 0 && d2 > 0 { return false }
        if d1 * d2 < 0 {
            let cut = p1 + (p2 - p1) * (d1 / (d1 - d2))
            if d1 > 0 {
                p1 = cut
                id1 = clipID
            } else {
                p2 = cut
                id2 = clipID
            }
        }
        return true
    }

    /// Where a circle stands against a square: the plane of the square's surface nearest the centre
    /// (in the square's axes) and the circle's gap to it.
    private static func squareCircleGap(_ square: RigidBody, _ circle: RigidBody) -> (normal: Vector2, planePoint: Vector2, separation: Double) {
        let local = square.rotation.applyInverse(circle.position - square.position)
        let h = square.halfSize, r = circle.halfSize
        let nearest = Vector2(min(max(local.x, -h), h), min(max(local.y, -h), h))
        let outside = local - nearest
        let distance = outside.length
        if distance > 0 {
            return (outside * (1 / distance), nearest, distance - r)
        }
        // Centre inside the square: out through the nearest face.
        let gapX = abs(local.x) - h, gapY = abs(local.y) - h
        let normal = gapX >= gapY ? Vector2(local.x >= 0 ? 1 : -1, 0) : Vector2(0, local.y >= 0 ? 1 : -1)
        return (normal, normal * h, max(gapX, gapY) - r)
    }

    /// Box2D's polygon–circle manifold: one point, the circle's centre against the square's nearest
    /// face, or against the plane through the nearest corner facing the centre. Returns their
    /// separation.
    private static func squareCircle(
        _ squareIndex: Int32, _ square: RigidBody, _ circleIndex: Int32, _ circle: RigidBody, margin: Double,
        into contacts: inout [ContactPoint]
    ) -> Double {
        let gap = squareCircleGap(square, circle)
        guard gap.separation <= margin else { return gap.separation }
        contacts.append(
            ContactPoint(
                face: squareIndex, circleIndex, feature: 0, localNormal: gap.normal, localPlanePoint: gap.planePoint,
                localPoint: .zero, radiusB: circle.halfSize))
        return gap.separation
    }
}
