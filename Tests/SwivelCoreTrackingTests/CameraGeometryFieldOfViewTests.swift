import Testing
@testable import SwivelCore

@Suite struct CameraGeometryFieldOfViewTests {
    @Test func acceptsAnglesStrictlyBetweenZeroAndPi() throws {
        let fov = try FieldOfView(horizontalRadians: 1e-6, verticalRadians: Double.pi.nextDown)
        #expect(fov.horizontalRadians == 1e-6)
        #expect(fov.verticalRadians == Double.pi.nextDown)
    }

    @Test(arguments: [0.0, -0.1, Double.pi, 4.0])
    func rejectsAnAngleOutsideTheOpenInterval(_ radians: Double) {
        #expect(throws: SwivelError(.invalidParameter, .fieldOfViewOutOfRange, value: radians)) {
            try FieldOfView(horizontalRadians: radians, verticalRadians: 1)
        }
        #expect(throws: SwivelError(.invalidParameter, .fieldOfViewOutOfRange, value: radians)) {
            try FieldOfView(horizontalRadians: 1, verticalRadians: radians)
        }
    }

    @Test func rejectsNonFiniteAngles() {
        #expect(throws: SwivelError(.invalidParameter, .nonFiniteValue, value: .infinity)) {
            try FieldOfView(horizontalRadians: .infinity, verticalRadians: 1)
        }
        #expect {
            try FieldOfView(horizontalRadians: 1, verticalRadians: .nan)
        } throws: { error in
            (error as? SwivelError)?.reason == .nonFiniteValue
        }
    }

    @Test func defaultsAreTheDocumentedValuesAndValid() throws {
        let d = FieldOfViewTable.defaults
        #expect(d.wideAngle == (try FieldOfView(horizontalRadians: 1.107, verticalRadians: 0.860)))
        #expect(d.ultraWide == (try FieldOfView(horizontalRadians: 1.745, verticalRadians: 1.396)))
        #expect(d.telephoto == (try FieldOfView(horizontalRadians: 0.489, verticalRadians: 0.370)))
        #expect(d.other == d.wideAngle)
    }

    @Test func subscriptPicksTheDeviceTypesEntry() throws {
        let a = try FieldOfView(horizontalRadians: 0.1, verticalRadians: 0.2)
        let b = try FieldOfView(horizontalRadians: 0.3, verticalRadians: 0.4)
        let c = try FieldOfView(horizontalRadians: 0.5, verticalRadians: 0.6)
        let e = try FieldOfView(horizontalRadians: 0.7, verticalRadians: 0.8)
        let table = FieldOfViewTable(wideAngle: a, ultraWide: b, telephoto: c, other: e)
        #expect(table[.wideAngle] == a)
        #expect(table[.ultraWide] == b)
        #expect(table[.telephoto] == c)
        #expect(table[.other] == e)
    }
}
