import SwivelTestSupport
import Testing
@testable import SwivelCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Rotates v by q (q v q*).
private func rotate(_ v: (Double, Double, Double), by q: Quaternion) -> (Double, Double, Double) {
    let m = q.rotationMatrix
    return (
        m[0][0] * v.0 + m[0][1] * v.1 + m[0][2] * v.2,
        m[1][0] * v.0 + m[1][1] * v.1 + m[1][2] * v.2,
        m[2][0] * v.0 + m[2][1] * v.1 + m[2][2] * v.2
    )
}

// The frame at zero orientation is x = left, y = down, z = backward; the view looks along −z.
private let forward = (0.0, 0.0, -1.0)

@Suite struct QuaternionTests {
    @Test func positiveYawTurnsTheViewRight() {
        let view = rotate(forward, by: Quaternion(pitchYawRoll: Vector3(yaw: 0.3)))
        #expect(view.0 < -0.29) // −x is right
        #expect(abs(view.1) < 1e-12)
    }

    @Test func positivePitchTiltsTheViewDown() {
        let view = rotate(forward, by: Quaternion(pitchYawRoll: Vector3(pitch: 0.3)))
        #expect(view.1 > 0.29) // +y is down
        #expect(abs(view.0) < 1e-12)
    }

    @Test func positiveRollTurnsTheLeftSideDown() {
        let left = rotate((1, 0, 0), by: Quaternion(pitchYawRoll: Vector3(roll: 0.3)))
        #expect(left.1 > 0.29)
    }

    @Test func eulerOrderIsYawThenPitchThenRoll() {
        let angles = Vector3(pitch: 0.4, yaw: -1.1, roll: 0.25)
        let composed = Quaternion(rotating: angles.yaw, about: .yaw)
            * Quaternion(rotating: angles.pitch, about: .pitch)
            * Quaternion(rotating: angles.roll, about: .roll)
        #expect(composed == Quaternion(pitchYawRoll: angles))
        // Roll is applied in the already yawed and pitched frame: it spins the view
        // about its own axis and leaves the view direction alone.
        let withRoll = rotate(forward, by: Quaternion(pitchYawRoll: angles))
        let withoutRoll = rotate(forward, by: Quaternion(pitchYawRoll: Vector3(pitch: 0.4, yaw: -1.1)))
        #expect(abs(withRoll.0 - withoutRoll.0) < 1e-12)
        #expect(abs(withRoll.1 - withoutRoll.1) < 1e-12)
        #expect(abs(withRoll.2 - withoutRoll.2) < 1e-12)
    }

    @Test func roundTripsRandomAngles() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<5000 {
            let angles = Vector3(
                pitch: Double.random(in: -1.5...1.5, using: &rng),
                yaw: Double.random(in: -3.1...3.1, using: &rng),
                roll: Double.random(in: -3.1...3.1, using: &rng))
            let back = Quaternion(pitchYawRoll: angles).pitchYawRoll
            #expect(abs(back.pitch - angles.pitch) < 1e-9)
            #expect(abs(back.yaw - angles.yaw) < 1e-9)
            #expect(abs(back.roll - angles.roll) < 1e-9)
        }
    }

    @Test func roundTripsTheSameRotationAtGimbalLock() {
        for pitch in [Double.pi / 2, -Double.pi / 2] {
            let q = Quaternion(pitchYawRoll: Vector3(pitch: pitch, yaw: 0.7, roll: 0.3))
            let back = q.pitchYawRoll
            #expect(back.roll == 0)
            let a = q.rotationMatrix, b = Quaternion(pitchYawRoll: back).rotationMatrix
            for r in 0..<3 { for c in 0..<3 { #expect(abs(a[r][c] - b[r][c]) < 1e-6) } }
        }
    }

    @Test func rejectsNonUnitAndNonFinite() {
        #expect(throws: SwivelError(.invalidParameter, .notUnitQuaternion, value: 2)) {
            try Quaternion(w: 2, x: 0, y: 0, z: 0).validatedUnit()
        }
        #expect(throws: SwivelError(.invalidParameter, .nonFiniteValue)) {
            try Quaternion(w: .nan, x: 0, y: 0, z: 0).validatedUnit()
        }
        let nearlyUnit = try? Quaternion(w: 1.0005, x: 0, y: 0, z: 0).validatedUnit()
        #expect(nearlyUnit == .identity)
    }
}

@Suite struct AngleMathTests {
    @Test func wrapsIntoHalfOpenPiInterval() {
        #expect(AngleMath.wrapToPi(Double.pi) == Double.pi)
        #expect(abs(AngleMath.wrapToPi(-Double.pi) - Double.pi) < 1e-15)
        #expect(abs(AngleMath.wrapToPi(3 * Double.pi / 2) + Double.pi / 2) < 1e-12)
        #expect(abs(AngleMath.wrapToPi(7) - (7 - 2 * Double.pi)) < 1e-12)
    }

    @Test func nearestEquivalentTakesTheShortWayRound() {
        // From 3.0 rad to −3.0 rad is +0.283 the short way, not −6.
        let target = AngleMath.nearestEquivalent(of: -3.0, to: 3.0)
        #expect(abs(target - (2 * Double.pi - 3.0)) < 1e-12)
        #expect(abs(AngleMath.nearestEquivalent(of: 0, to: 13) - 4 * Double.pi) < 1e-12)
    }
}
