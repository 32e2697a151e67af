import Foundation
import MotionMath
import Testing

@Suite struct EllipsoidFitTests {
    /// `count` unit vectors spread evenly over the sphere (a Fibonacci lattice), or over the part with
    /// z at least `minimumZ`.
    func directions(_ count: Int, minimumZ: Double = -1) -> [Vector3] {
        let golden = Double.pi * (3 - 5.0.squareRoot())
        return (0..<count).map { index in
            let z = 1 - (1 - minimumZ) * (Double(index) + 0.5) / Double(count)
            let ring = (1 - z * z).squareRoot()
            let angle = golden * Double(index)
            return Vector3(ring * cos(angle), ring * sin(angle), z)
        }
    }

    /// A magnetometer-like ellipsoid: 300 µT hard iron, semi-axes 52, 45, 38 µT along rotated axes.
    struct Ellipsoid {
        let offset = Vector3(110, 285, -60)
        let axes = Vector3(52, 45, 38)
        let rotation: Matrix3 = {
            let q = Quaternion(axis: Vector3(0.3, -0.5, 0.8).normalized, angle: 0.9)
            return Matrix3(rows: q.rotate(Vector3(1, 0, 0)), q.rotate(Vector3(0, 1, 0)), q.rotate(Vector3(0, 0, 1))).transposed
        }()
        /// The geometric mean of the semi-axes: the radius a determinant-1 correction maps onto.
        var radius: Double { cbrt(axes.x * axes.y * axes.z) }
        /// R · diag(r / axes) · Rᵀ: symmetric, determinant 1.
        var correction: Matrix3 {
            rotation * Matrix3(diagonal: Vector3(radius / axes.x, radius / axes.y, radius / axes.z)) * rotation.transposed
        }
        func point(_ direction: Vector3) -> Vector3 {
            offset + rotation * Vector3(axes.x * direction.x, axes.y * direction.y, axes.z * direction.z)
        }
    }

    func largestDifference(_ a: Matrix3, _ b: Matrix3) -> Double {
        (0..<3).flatMap { row in (0..<3).map { abs(a[row, $0] - b[row, 0 + $0]) } }.max()!
    }

    func fit(_ points: [Vector3]) -> EllipsoidFit {
        var fit = EllipsoidFit()
        for point in points { fit.add(point) }
        return fit
    }

    @Test func exactPointsOnAKnownEllipsoidAreRecovered() throws {
        let ellipsoid = Ellipsoid()
        let found = try #require(fit(directions(500).map(ellipsoid.point)).solve())
        #expect(found.kind == .ellipsoid)
        #expect((found.offset - ellipsoid.offset).length < 1e-9)
        #expect(largestDifference(found.correction, ellipsoid.correction) < 1e-9)
        #expect(abs(found.radius - ellipsoid.radius) < 1e-9)
        #expect(found.residual < 1e-9)
        // Evenly spread over the ellipsoid: variance along the shortest axis is 38²/3.
        #expect(abs(found.coverage - 38 * 38 / (3 * ellipsoid.radius * ellipsoid.radius)) < 0.01)
        // Every corrected point is on the sphere.
        for direction in directions(50) {
            #expect(abs(found.corrected(ellipsoid.point(direction)).length - ellipsoid.radius) < 1e-9)
        }
    }

    @Test func noisyPointsAreRecoveredWithinTheNoise() throws {
        // 2000 points with 0.5 µT of noise on each axis (about 1 % of the radius, like an iPhone's).
        let ellipsoid = Ellipsoid()
        var noise = GaussianGenerator(SplitMix64(seed: 7))
        let points = directions(2000).map { ellipsoid.point($0) + noise.nextVector(standardDeviation: 0.5) }
        let found = try #require(fit(points).solve())
        #expect(found.kind == .ellipsoid)
        #expect((found.offset - ellipsoid.offset).length < 0.1)
        #expect(largestDifference(found.correction, ellipsoid.correction) < 0.005)
        #expect(abs(found.radius - ellipsoid.radius) < 0.1)
        // The residual is the noise: 0.5 µT along the radius over a 45 µT radius is 1.1 %.
        #expect(abs(found.residual - 0.5 / ellipsoid.radius) < 0.002)
    }

    @Test func aSphereFitFindsTheCentreFromAHemisphere() throws {
        let centre = Vector3(-40, 200, 75)
        let points = directions(300, minimumZ: 0).map { centre + $0 * 42 }
        let found = try #require(fit(points).solve())
        // An even hemisphere has coverage 1/12: too little for nine unknowns, enough for four.
        #expect(abs(found.coverage - 1.0 / 12) < 0.005)
        #expect(found.kind == .offsetOnly)
        #expect((found.offset - centre).length < 1e-9)
        #expect(abs(found.radius - 42) < 1e-9)
        #expect(found.correction == .identity)
    }

    @Test func aKnownShapeLeavesOnlyTheCentreToFind() throws {
        let ellipsoid = Ellipsoid()
        let found = try #require(fit(directions(300, minimumZ: 0.3).map(ellipsoid.point)).solveOffset(correction: ellipsoid.correction))
        #expect((found.offset - ellipsoid.offset).length < 1e-9)
        #expect(abs(found.radius - ellipsoid.radius) < 1e-9)
    }

    @Test func aPriorHoldsTheAxisTheDataLeaveUnseen() throws {
        // A ring in the plane z = 30 about (10, 20, 0): the points fix the centre's x and y, and the
        // pair (centre z, radius) only up to radius² = 40² + (z − 30)².
        let points = (0..<360).map { Vector3(10 + 40 * cos(Double($0) * .pi / 180), 20 + 40 * sin(Double($0) * .pi / 180), 30) }
        let ring = fit(points)
        #expect(ring.solve() == nil)
        #expect(ring.solveEllipsoid() == nil)
        let prior = EllipsoidFit.Prior(offset: Vector3(12, 17, 0), radius: 50, weight: 20)
        let found = try #require(ring.solveOffset(prior: prior))
        // Along z the prior alone decides; in the plane it pulls by its share of the information:
        // stiffness n·r²/3 against the ring's Σ(x − x̄)² = 360 · 40²/2.
        let stiffness = 20.0 * 50 * 50 / 3
        let pull = stiffness / (stiffness + 360 * 40 * 40 / 2)
        #expect((found.offset - Vector3(10 + 2 * pull, 20 - 3 * pull, 0)).length < 1e-9)
        #expect(abs(found.radius - (40 * 40 + 30 * 30 + 13 * pull * pull).squareRoot()) < 1e-9)
    }

    @Test func degenerateInputsGiveNoFit() {
        let ellipsoid = Ellipsoid()
        // In a plane (exactly z = 0, and a tilted one), all equal, too few, none.
        let flat = directions(200).map { Vector3($0.x, $0.y, 0) * 40 + Vector3(100, 50, 0) }
        let tilt = Quaternion(axis: Vector3(1, 1, 0).normalized, angle: 0.6)
        let tilted = directions(200).map { tilt.rotate(Vector3($0.x, $0.y, 0) * 40) + Vector3(100, 50, 20) }
        let same = [Vector3](repeating: Vector3(100, 50, 20), count: 50)
        for points in [flat, tilted, same, []] {
            let accumulated = fit(points)
            #expect(accumulated.solveEllipsoid() == nil)
            #expect(accumulated.solveOffset() == nil)
            #expect(accumulated.solve() == nil)
        }
        // Eight points cannot fix nine unknowns, but do fix a sphere's four; three fix neither.
        let few = directions(8).map(ellipsoid.point)
        #expect(fit(few).solveEllipsoid() == nil)
        #expect(fit(few).solve()?.kind == .offsetOnly)
        #expect(fit(Array(few.prefix(3))).solveOffset() == nil)
    }
}
