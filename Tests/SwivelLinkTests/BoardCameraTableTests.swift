import SwivelBoard
import SwivelCore
@testable import SwivelLink
@testable import SwivelLoop
@testable import SwivelStand
import SwivelStandHarness
import Testing

@Suite struct BoardCameraTableTests {
    @Test func theBoardsFieldsOfViewReachTheTrackingGeometry() throws {
        var board = try BoardFixtures.load("sim.json5")
        #expect(board.camera == .defaults)
        board.camera.telephoto = try FieldOfView(horizontalRadians: 0.4, verticalRadians: 0.3)
        // The board holds the tracking geometry's own table: nothing converts it on the way.
        let table: FieldOfViewTable = board.camera
        #expect(table.telephoto == (try FieldOfView(horizontalRadians: 0.4, verticalRadians: 0.3)))
        #expect(table.wideAngle == FieldOfViewTable.defaults.wideAngle)
    }
}
