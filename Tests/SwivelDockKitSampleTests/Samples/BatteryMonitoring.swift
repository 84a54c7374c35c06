// The DockKit app guide, "Battery Monitoring". The rows are handed to the
// log on each change, as a view would read them.
import SwivelDockKit

func monitorBatteries(accessory: DockAccessory) async throws {
    if #available(iOS 18.0, *) {
        var batteryRows: [String: (Double, DockAccessory.BatteryChargeState, Bool)] = [:]
        for await battery in try accessory.batteryStates {
            batteryRows[battery.name] = (battery.batteryLevel, battery.chargeState, battery.lowBattery)
            sampleLog.record { [batteryRows] in $0.batteries = batteryRows }
        }
    }
}
