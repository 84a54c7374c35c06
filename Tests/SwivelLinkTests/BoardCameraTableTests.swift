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
        #expect(board.camera.fieldOfViewTable == .defaults)
        board.camera.telephoto = Board.Camera.FieldOfView(horizontalRadians: 0.4, verticalRadians: 0.3)
        let table = board.camera.fieldOfViewTable
        #expect(table.telephoto == (try FieldOfView(horizontalRadians: 0.4, verticalRadians: 0.3)))
        #expect(table.wideAngle == FieldOfViewTable.defaults.wideAngle)
    }
}
