// DockKit's API is written in Foundation's types (UUID, CGRect, CGPoint,
// CGSize, Measurement<UnitAngle>, Progress, TimeInterval), and an app that
// imports DockKit gets them with it. So does one that imports SwivelDockKit.
// This is the toolchain's full Foundation: FoundationEssentials has UUID but
// none of the geometry, units or Progress. The firmware never imports it.
@_exported public import Foundation
