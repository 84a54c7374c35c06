import SwivelVocabulary
import Testing
@testable import SwivelBoard

@Suite struct BoardCameraTests {
    static let serialLine = "  serial: [ { role: \"host\", device: \"pty\", baud: 921600 } ],"

    @Test func withoutACameraSectionTheDefaultsApply() throws {
        let board = try BoardLoader.parse(BoardFixture.text, source: "<string>")
        #expect(board.camera == .defaults)
    }

    @Test func aDeviceTypeGivenOverridesOnlyThatType() throws {
        let text = try BoardFixture.with([(Self.serialLine, Self.serialLine + "\n  camera: { telephoto: { horizontalFovRad: 0.4, verticalFovRad: 0.3 } },")])
        let board = try BoardLoader.parse(text, source: "<string>")
        #expect(board.camera.telephoto == (try FieldOfView(horizontalRadians: 0.4, verticalRadians: 0.3)))
        #expect(board.camera.wideAngle == FieldOfViewTable.defaults.wideAngle)
    }

    @Test func badFieldsOfViewAreNamed() throws {
        let outOfRange = try BoardFixture.with([(Self.serialLine, Self.serialLine + "\n  camera: { wideAngle: { horizontalFovRad: 3.5, verticalFovRad: 0.8 } },")])
        let problems = try #require(BoardFixture.problems(outOfRange))
        #expect(problems.map(\.keyPath) == ["camera.wideAngle.horizontalFovRad"])
        let half = try BoardFixture.with([(Self.serialLine, Self.serialLine + "\n  camera: { other: { horizontalFovRad: 1.0 } },")])
        #expect(try #require(BoardFixture.problems(half)).map(\.keyPath) == ["camera.other.verticalFovRad"])
        let unknown = try BoardFixture.with([(Self.serialLine, Self.serialLine + "\n  camera: { fisheye: { horizontalFovRad: 1.0, verticalFovRad: 1.0 } },")])
        #expect(try #require(BoardFixture.problems(unknown)).map(\.keyPath) == ["camera.fisheye"])
    }
}
