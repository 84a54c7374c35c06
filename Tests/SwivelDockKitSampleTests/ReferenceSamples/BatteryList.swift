// A list of the stand's batteries, one row per name.
import SwivelDockKit

func listBatteries(_ states: DockAccessory.BatteryStates, rows: Int) async {
    var names: [String] = []
    for await battery in states where !names.contains(battery.name) {
        names.append(battery.name)
        let percent = Int((battery.batteryLevel * 100).rounded())
        referenceLog.record {
            $0.batteryNames.append(battery.name)
            $0.messages.append("\(battery.name) \(percent)% \(battery.chargeState) low: \(battery.lowBattery)")
        }
        if names.count == rows { return }
    }
}
